/* SPDX-License-Identifier: MIT */
/*
 * The scheduler paths of 3.0 that RCU meets: runqueues under rq->lock,
 * try_to_wake_up under p->pi_lock, the remote-wakeup IPI, schedule() with
 * rcu_note_context_switch, scheduler_tick, and priority changes for PI.
 */
#ifndef RCUFUZZ_KERNEL_SCHED_H
#define RCUFUZZ_KERNEL_SCHED_H

#include "cpu.h"
#include "task.h"

struct rq {
	raw_spinlock_t lock; /* rq->lock: raw, always taken with irqs off */
	/* Fields guarded by ->lock. */
	int cpu;			      /* this runqueue's CPU */
	struct task_struct *curr;	      /* running task */
	struct task_struct *idle;	      /* swapper/N */
	struct task_struct *queue[MAX_TASKS]; /* runnable tasks, current included */
	int nr_running;			      /* entries used in queue */
	unsigned long seq;		      /* enqueue counter: round-robin among equals */
	/* End of fields guarded by ->lock. */
	struct task_struct *wake_list;	 /* remote wakeups for scheduler_ipi (lockless, xchg) */
	struct task_struct *switch_prev; /* prev of the switch in flight (its ->on_cpu still 1) */
};

extern struct rq runqueues[NR_CPUS];
#define cpu_rq(cpu)   (&runqueues[(cpu)])
#define this_rq()     cpu_rq(smp_processor_id())
#define task_rq(p)    cpu_rq((p)->cpu)
#define cpu_curr(cpu) (cpu_rq(cpu)->curr)

/* rq->curr = p, and the mirror `current` reads. */
static inline void rq_set_curr(struct rq *rq, struct task_struct *p)
{
	rq->curr = p;
	cpu_current_task[rq - runqueues] = p;
}

/* Wakeups. */
int try_to_wake_up(struct task_struct *p, unsigned int state, int wake_flags);
int wake_up_process(struct task_struct *p);
#define TASK_NORMAL (TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

/* Scheduling. */
void schedule(void);
void preempt_schedule(void);  /* preemption at a point (preempt_count zero) */
void schedule_tail(void);     /* first thing a new task runs */
_Noreturn void do_exit(void); /* task exit */
void set_current_state(int state);
#define __set_current_state set_current_state
void resched_task(struct task_struct *p);
void scheduler_tick(void);
void scheduler_ipi(void);
/* Priority inheritance (3.0's linux/sched.h): setprio here, the other two in rtmutex.c. */
void rt_mutex_setprio(struct task_struct *p, int prio);
/* The priority p should run at: its own, or its top PI waiter's. */
int rt_mutex_getprio(struct task_struct *p);
/* After a policy change: walk the PI chain p blocks in. */
void rt_mutex_adjust_pi(struct task_struct *p);
int idle_cpu(int cpu);

/* Hotplug: the scheduler's CPU_DYING, moving every task off the dying CPU. */
void sched_cpu_dying(int cpu);

/* Policy and affinity. */
int sched_setscheduler_nocheck(struct task_struct *p, int policy, int rt_priority);
void set_user_nice(struct task_struct *p, long nice);
int set_cpus_allowed_ptr(struct task_struct *p, cpumask_t mask);

/* Is @p a normal (CFS) task, as opposed to RT or idle? */
static inline int fair_task(const struct task_struct *p)
{
	return p->prio >= MAX_RT_PRIO && p->kind != TASK_KIND_IDLE;
}

/* Setup for a new input. */
void sched_init(void);
/* Put @p on its runqueue at creation (wake_up_new_task without the wakeup path). */
void sched_enqueue_new(struct task_struct *p);

#endif
