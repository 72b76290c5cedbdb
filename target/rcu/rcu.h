/* SPDX-License-Identifier: MIT */
/*
 * What the rest of the kernel model calls in RCU: the read-side API, the
 * scheduler/irq/tick hooks, the update-side API, hotplug and boot.
 */
#ifndef RCUFUZZ_RCU_RCU_H
#define RCUFUZZ_RCU_RCU_H

#include "../config/history.h"
#include "../kernel/cpu.h"

struct topology;

/* Read side (TREE_PREEMPT_RCU): the wrappers of update.c around tree_plugin.c's. */
void rcu_read_lock(void);
void rcu_read_unlock(void);
void __rcu_read_lock(void);
void __rcu_read_unlock(void);
struct task_struct;
/* The slow path of the outermost rcu_read_unlock() (also from the context switch). */
void rcu_read_unlock_special(struct task_struct *t);
/* Cure sched_lock_cleanup: the scheduler released its last lock; do what that owed. */
void rcu_read_unlock_cleanup(struct task_struct *t);
/* Touch the shared RCU-protected object, if inside a reader (the black-box oracle's deref). */
void rcu_reader_deref(void);

/* Hooks. */
void rcu_note_context_switch(int cpu);	     /* schedule(), before rq->lock */
void rcu_check_callbacks(int cpu, int user); /* the tick, in hardirq */
void rcu_process_callbacks(void);	     /* RCU_SOFTIRQ */
void rcu_irq_enter(void);		     /* irq_enter() */
void rcu_irq_exit(void);		     /* irq_exit() */
void rcu_enter_nohz(void);		     /* idle with the tick stopped */
void rcu_exit_nohz(void);
int rcu_needs_cpu(int cpu); /* callbacks queued: keep the tick */
int rcu_pending(int cpu);   /* the tick would find RCU work for this CPU */

/* Update side. */
struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
void synchronize_rcu(void);
void synchronize_rcu_expedited(void);
void synchronize_sched_expedited(void);
void rcu_barrier(void);

/* Boot and hotplug. */
void rcu_init(const struct topology *t); /* before any task runs */
void rcu_scheduler_starting(void);	 /* rcu_scheduler_active = 1 */
/*
 * The early initcall: fully active, the RCU kthreads.  @early: on the main
 * loop before any CPU has run (a run that starts booted), where nothing can
 * contend and no lock is taken; then rcu_boot_kthreads_affinity() gives the
 * node kthreads the affinity CPU_ONLINE would have.
 */
void rcu_spawn_kthreads(int early);
void rcu_boot_kthreads_affinity(void); /* early initcall: fully active, boost kthreads */
int rcu_scheduler_is_fully_active(void);
void rcu_cpu_notify(enum cpu_action action, int cpu); /* the CPU hotplug notifier */

#endif
