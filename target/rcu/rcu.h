/* SPDX-License-Identifier: MIT */
/*
 * What the rest of the kernel model calls in RCU: the read-side API, the
 * scheduler/irq/tick hooks, the update-side API, hotplug and boot, each
 * the function of that name in the implementation the run's configuration
 * picks (CONFIG_TINY_PREEMPT_RCU: tiny.c, else tree.c; rcupdate.h).
 *
 * For the kernel model and the harness only: an implementation includes
 * rcupdate.h, and a file that includes tree.h or tiny.h does not include
 * this one (both define these names).
 */
#ifndef RCUFUZZ_RCU_RCU_H
#define RCUFUZZ_RCU_RCU_H

#include "rcupdate.h"

#include "../config/history.h"

struct task_struct;

/* The bare read side, unseen by the black-box oracle (cure sched_lock_reader's readers). */
static inline void __rcu_read_lock(void)
{
	RCU_CALL(__rcu_read_lock);
}

static inline void __rcu_read_unlock(void)
{
	RCU_CALL(__rcu_read_unlock);
}

/*
 * Cure sched_lock_cleanup (Tree only): the scheduler released its last
 * lock; do what rcu_read_unlock_special() owed.  Only Tree's
 * rcu_read_unlock_special() sets ->rcu_unlock_cleanup_owed.
 */
void rcu_read_unlock_cleanup(struct task_struct *t);

/* Hooks. */
static inline void rcu_note_context_switch(int cpu) /* schedule(), before rq->lock */
{
	RCU_CALL(rcu_note_context_switch, cpu);
}

static inline void rcu_check_callbacks(int cpu, int user) /* the tick, in hardirq */
{
	RCU_CALL(rcu_check_callbacks, cpu, user);
}

static inline void rcu_process_callbacks(void) /* RCU_SOFTIRQ */
{
	RCU_CALL(rcu_process_callbacks);
}

static inline void rcu_irq_enter(void) /* irq_enter() */
{
	RCU_CALL(rcu_irq_enter);
}

static inline void rcu_irq_exit(void) /* irq_exit() */
{
	RCU_CALL(rcu_irq_exit);
}

static inline void rcu_enter_nohz(void) /* idle with the tick stopped */
{
	RCU_CALL(rcu_enter_nohz);
}

static inline void rcu_exit_nohz(void)
{
	RCU_CALL(rcu_exit_nohz);
}

static inline int rcu_needs_cpu(int cpu) /* RCU wants the tick: keep it */
{
	return RCU_CALL(rcu_needs_cpu, cpu);
}

/* Update side. */
static inline void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	RCU_CALL(call_rcu, head, func);
}

static inline void synchronize_rcu(void)
{
	RCU_CALL(synchronize_rcu);
}

static inline void synchronize_rcu_expedited(void)
{
	RCU_CALL(synchronize_rcu_expedited);
}

static inline void rcu_barrier(void)
{
	RCU_CALL(rcu_barrier);
}

/* Boot and hotplug. */
static inline void rcu_init(const struct topology *t) /* before any task runs */
{
	RCU_CALL(rcu_init, t);
}

static inline void rcu_scheduler_starting(void) /* rcu_scheduler_active = 1 */
{
	RCU_CALL(rcu_scheduler_starting);
}

/*
 * The early initcall: fully active, the RCU kthreads.  @early: on the main
 * loop before any CPU has run (a run that starts booted), where nothing can
 * contend and no lock is taken.
 */
static inline void rcu_spawn_kthreads(int early)
{
	RCU_CALL(rcu_spawn_kthreads, early);
}

static inline void rcu_cpu_notify(enum cpu_action action, int cpu) /* the hotplug notifier */
{
	RCU_CALL(rcu_cpu_notify, action, cpu);
}

/* rcutorture's cur_ops->fqs() (torture_type "rcu"): force quiescent states now. */
static inline void rcu_force_quiescent_state(void)
{
	RCU_CALL(rcu_force_quiescent_state);
}

#endif
