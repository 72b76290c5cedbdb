/* SPDX-License-Identifier: MIT */
/* Bringing the simulated machine up for one input, and CPU hotplug. */
#ifndef RCUFUZZ_KERNEL_BOOT_H
#define RCUFUZZ_KERNEL_BOOT_H

#include "kthread.h"
#include "task.h"
#include "workload.h"
#include "../config/topology.h"

/*
 * Build the machine of @t: CPUs, runqueues, kthreads, workload tasks in
 * @mode, RCU; lockdep (CONFIG_PROVE_LOCKING) on if @lockdep.
 */
void kernel_boot(const struct topology *t, enum workload_mode mode, int lockdep);
/*
 * End early boot: the init task now runs the early initcalls
 * (rcu_scheduler_fully_active, the RCU kthreads) and smp_init().
 */
void kernel_boot_end(void);
int kernel_booting(void);

#include "hotplug.h"

/* The idle loop of every CPU: cpu_idle(). */
void cpu_idle(struct task_struct *self);
/* The CPU's idle loop waits at its point: stepping it changes nothing unless an irq is pending. */
int cpu_idle_polling(int cpu);

#endif
