/* SPDX-License-Identifier: MIT */
/* cpu_stop: run a function on a CPU's highest-priority kthread (migration/N). */
#ifndef RCUFUZZ_KERNEL_STOP_MACHINE_H
#define RCUFUZZ_KERNEL_STOP_MACHINE_H

#include "cpu.h"
#include "task.h"

typedef void (*cpu_stop_fn_t)(void *arg);

/* Run fn(arg) on @cpu's stopper and wait for it. */
void stop_one_cpu(int cpu, cpu_stop_fn_t fn, void *arg);
/* Run fn(arg) on every online CPU's stopper and wait for all (try_stop_cpus). */
void stop_cpus(cpu_stop_fn_t fn, void *arg);

/*
 * Run fn(data) on @cpu, with every online CPU's stopper spinning with irqs
 * disabled meanwhile (__stop_machine()).  Returns fn's result.
 */
int __stop_machine(int (*fn)(void *data), void *data, int cpu);

void cpu_stopper_init(void);
void cpu_stopper_thread(struct task_struct *self);
extern struct task_struct *stopper_task[NR_CPUS];

#endif
