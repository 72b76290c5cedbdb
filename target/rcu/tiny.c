/* SPDX-License-Identifier: MIT */
/*
 * TINY_PREEMPT_RCU, after 3.0's kernel/rcutiny.c, in its order: the
 * rcutiny_plugin.h part (tiny_plugin.h, included here as 3.0 includes
 * it), dyntick-idle, the quiescent states of rcu_sched and rcu_bh,
 * rcu_kthread waking, the tick's check, callback invocation, rcu_kthread
 * (callbacks and boosting) and its spawning.  Then what 3.0's headers give
 * TINY inline (rcutiny.h's rcu_note_context_switch(), rcu_needs_cpu() and
 * rcu_force_quiescent_state(), hardirq.h's rcu_irq_enter()/exit()) and the
 * entry-point table.
 *
 * Every function is static to this file, under the kernel's name, as in
 * 3.0: Tree's files define the same names for the other implementation
 * (rcupdate.h), and this file includes none of theirs.
 *
 * rcu_sched and rcu_bh keep their callback lists, empty: nothing in the
 * model calls call_rcu_sched() or call_rcu_bh(), so call_rcu_sched(),
 * call_rcu_bh(), rcu_barrier_sched(), rcu_barrier_bh() and
 * synchronize_sched() are left out; their quiescent states still run as
 * 3.0 runs them.
 */
#include "tiny.h"

#include "../config/history.h"
#include "../config/topology.h"
#include "../kernel/bug.h"
#include "../kernel/frame.h"
#include "../kernel/hooks.h"
#include "../kernel/kthread.h"
#include "../kernel/lockdep.h"
#include "../kernel/preempt.h"
#include "../kernel/rtmutex.h"
#include "../kernel/sched.h"
#include "../kernel/timer.h"

#include <limits.h>

/* Wrap-safe comparisons of jiffies and counters, as 3.0's rcupdate.h. */
#define ULONG_CMP_GE(a, b) (~0ul / 2 >= (a) - (b))
#define ULONG_CMP_LT(a, b) (~0ul / 2 < (a) - (b))

/* Controls for rcu_kthread() kthread, replacing RCU_SOFTIRQ used previously. */
static struct task_struct *rcu_kthread_task;
static wait_queue_head_t rcu_kthread_wq;
static unsigned long have_rcu_kthread_work;

/* Forward declarations for tiny_plugin.h (rcu_sched_qs(): 3.0's rcupdate.h). */
static void invoke_rcu_kthread(void);
static void rcu_process_callbacks(struct rcu_ctrlblk *rcp);
static void rcu_sched_qs(int cpu);

#include "tiny_plugin.h"

/* ---- dyntick-idle (CONFIG_NO_HZ) ---- */

static long rcu_dynticks_nesting = 1;

/*
 * Enter dynticks-idle mode, which is an extended quiescent state if we
 * have fully entered that mode (i.e., if the new value of dynticks_nesting
 * is zero).  rcu_preempt takes no quiescent state from it: a preempted
 * reader is on ->blkd_tasks, and the idle task is in none.
 */
static void rcu_enter_nohz(void)
{
	if (--rcu_dynticks_nesting == 0)
		rcu_sched_qs(0); /* implies rcu_bh_qsctr_inc(0) */
}

/* Exit dynticks-idle mode, so that we are no longer in an extended quiescent state. */
static void rcu_exit_nohz(void)
{
	rcu_dynticks_nesting++;
}

/*
 * Helper function for rcu_sched_qs() and rcu_bh_qs().  Also irqs are
 * disabled to avoid confusion due to interrupt handlers invoking
 * call_rcu().
 */
static int rcu_qsctr_help(struct rcu_ctrlblk *rcp)
{
	if (rcp->rcucblist != NULL && rcp->donetail != rcp->curtail) {
		rcp->donetail = rcp->curtail;
		return 1;
	}
	return 0;
}

/* Wake up rcu_kthread() to process callbacks now eligible for invocation or to boost readers. */
static void invoke_rcu_kthread(void)
{
	KFUNC();
	have_rcu_kthread_work = 1;
	wake_up(&rcu_kthread_wq);
}

/*
 * Record an rcu quiescent state.  And an rcu_bh quiescent state while we
 * are at it, given that any rcu quiescent state is also an rcu_bh
 * quiescent state.  Use "+" instead of "||" to defeat short circuiting.
 */
static void rcu_sched_qs(int cpu)
{
	unsigned long flags;

	(void)cpu;
	local_irq_save(flags);
	if (rcu_qsctr_help(&rcu_sched_ctrlblk) + rcu_qsctr_help(&rcu_bh_ctrlblk))
		invoke_rcu_kthread();
	local_irq_restore(flags);
}

/* Record an rcu_bh quiescent state. */
static void rcu_bh_qs(int cpu)
{
	unsigned long flags;

	(void)cpu;
	local_irq_save(flags);
	if (rcu_qsctr_help(&rcu_bh_ctrlblk))
		invoke_rcu_kthread();
	local_irq_restore(flags);
}

/*
 * Check to see if the scheduling-clock interrupt came from an extended
 * quiescent state, and, if so, tell RCU about it.
 */
static void rcu_check_callbacks(int cpu, int user)
{
	KFUNC();
	if (user || (idle_cpu(cpu) && !in_softirq() && hardirq_count() <= (1 << HARDIRQ_SHIFT)))
		rcu_sched_qs(cpu);
	else if (!in_softirq())
		rcu_bh_qs(cpu);
	rcu_preempt_check_callbacks();
}

/* Invoke the RCU callbacks on the specified rcu_ctrlblk whose grace period has elapsed. */
static void rcu_process_callbacks(struct rcu_ctrlblk *rcp)
{
	struct rcu_head *next, *list;
	unsigned long flags;

	KFUNC();
	/* If no RCU callbacks ready to invoke, just return. */
	if (&rcp->rcucblist == rcp->donetail)
		return;
	POINT("callbacks ready, before local_irq_save");

	/* Move the ready-to-invoke callbacks to a local list. */
	local_irq_save(flags);
	list = rcp->rcucblist;
	rcp->rcucblist = *rcp->donetail;
	*rcp->donetail = NULL;
	if (rcp->curtail == rcp->donetail)
		rcp->curtail = &rcp->rcucblist;
	rcu_preempt_remove_callbacks(rcp);
	rcp->donetail = &rcp->rcucblist;
	local_irq_restore(flags);

	/* Invoke the callbacks on the local list. */
	while (list) {
		next = list->next;
		POINT("invoke callback");
		local_bh_disable();
		list->func(list); /* __rcu_reclaim() */
		local_bh_enable();
		list = next;
	}
}

/*
 * This kthread invokes RCU callbacks whose grace periods have elapsed.  It
 * is awakened as needed, and takes the place of the RCU_SOFTIRQ that was
 * used previously for this purpose.  It also boosts (RCU_BOOST), at
 * SCHED_FIFO RCU_BOOST_PRIO.  It is never stopped.
 */
static void rcu_kthread(struct task_struct *self)
{
	unsigned long work;
	unsigned long morework;
	unsigned long flags;

	(void)self;
	for (;;) {
		wait_event_interruptible(rcu_kthread_wq, have_rcu_kthread_work != 0);
		morework = rcu_boost();
		POINT("boosting done, before taking the work");
		local_irq_save(flags);
		work = have_rcu_kthread_work;
		have_rcu_kthread_work = morework;
		local_irq_restore(flags);
		if (work) {
			rcu_process_callbacks(&rcu_sched_ctrlblk);
			rcu_process_callbacks(&rcu_bh_ctrlblk);
			rcu_preempt_process_callbacks();
		}
		schedule_timeout_interruptible(1); /* Leave CPU for others. */
	}
}

/*
 * Spawn the kthread that invokes RCU callbacks (the early initcall):
 * kthread_run(), then SCHED_FIFO RCU_BOOST_PRIO.  @early: on the main loop
 * before any CPU has run, where no lock can be taken: the kthread is
 * queued runnable at its priority, as kthread_run() and
 * sched_setscheduler_nocheck() leave it, and reaches its first wait when
 * the CPU first schedules.
 */
static void rcu_spawn_kthreads(int early)
{
	struct task_struct *t;

	if (early) {
		t = kthread_create(TASK_KIND_RCU_KTHREAD, "rcu_kthread", 0, -1, rcu_kthread,
				   MAX_RT_PRIO - 1 - RCU_BOOST_PRIO);
		t->state = TASK_RUNNING;
		sched_enqueue_new(t);
		rcu_kthread_task = t;
		return;
	}
	t = kthread_create(TASK_KIND_RCU_KTHREAD, "rcu_kthread", 0, -1, rcu_kthread, DEFAULT_PRIO);
	rcu_kthread_task = t;
	wake_up_process(t);
	sched_setscheduler_nocheck(t, SCHED_FIFO, RCU_BOOST_PRIO);
}

/* ---- what 3.0's headers give TINY_PREEMPT_RCU inline ---- */

/* rcutiny.h: a context switch is rcu_sched's quiescent state; then rcu_preempt's hook. */
static void rcu_note_context_switch(int cpu)
{
	rcu_sched_qs(cpu);
	rcu_preempt_note_context_switch();
}

/* rcutiny.h's rcu_needs_cpu(): rcu_preempt_needs_cpu(). */
static int rcu_needs_cpu(int cpu)
{
	(void)cpu;
	return rcu_preempt_needs_cpu();
}

/* rcutiny.h: TINY has no quiescent states to force (rcutorture's fqs kthread calls this). */
static void rcu_force_quiescent_state(void)
{
}

/* hardirq.h, CONFIG_NO_HZ with TINY: an interrupt leaves dyntick-idle and re-enters it. */
static void rcu_irq_enter(void)
{
	rcu_exit_nohz();
}

static void rcu_irq_exit(void)
{
	rcu_enter_nohz();
}

/*
 * rcutiny.h's rcu_init() is empty: 3.0 initializes all of the above
 * statically.  The model starts each run from those initial values.
 */
static void rcu_init(const struct topology *t)
{
	(void)t;
	rcu_sched_ctrlblk = (struct rcu_ctrlblk){NULL, &rcu_sched_ctrlblk.rcucblist,
						 &rcu_sched_ctrlblk.rcucblist};
	rcu_bh_ctrlblk =
		(struct rcu_ctrlblk){NULL, &rcu_bh_ctrlblk.rcucblist, &rcu_bh_ctrlblk.rcucblist};
	rcu_preempt_ctrlblk = (struct rcu_preempt_ctrlblk){
		.rcb = {NULL, &rcu_preempt_ctrlblk.rcb.rcucblist,
			&rcu_preempt_ctrlblk.rcb.rcucblist},
		.nexttail = &rcu_preempt_ctrlblk.rcb.rcucblist,
	};
	INIT_LIST_HEAD(&rcu_preempt_ctrlblk.blkd_tasks);
	rcu_scheduler_active = 0;
	rcu_dynticks_nesting = 1;
	rcu_kthread_task = NULL;
	have_rcu_kthread_work = 0;
	init_waitqueue_head(&rcu_kthread_wq, LC_RCU_KTHREAD_WQ);
	init_waitqueue_head(&sync_rcu_preempt_exp_wq, LC_EXP_WQ);
	mutex_init(&sync_rcu_preempt_exp_mutex, LC_EXP_MUTEX);
	sync_rcu_preempt_exp_count = 0;
}

/*
 * Entry points 3.0's TINY does not have, never reached on its one CPU:
 * it opens no RCU_SOFTIRQ (rcu_kthread does that work), and a !SMP kernel
 * has no CPU hotplug, so no notifier.
 */
static void rcu_softirq_not_opened(void)
{
	INVARIANT("RCU_SOFTIRQ-raised-under-TINY_PREEMPT_RCU", 0);
}

static void rcu_no_cpu_notifier(enum cpu_action action, int cpu)
{
	(void)action;
	(void)cpu;
	INVARIANT("cpu-hotplug-under-TINY_PREEMPT_RCU", 0);
}

int rcu_tiny_exp_held(void)
{
	return sync_rcu_preempt_exp_mutex.owner != NULL;
}

struct task_struct *rcu_tiny_kthread(void)
{
	return rcu_kthread_task;
}

/* CONFIG_TINY_PREEMPT_RCU's entry points (rcupdate.h). */
const struct rcu_implementation tiny_preempt_rcu = {
	.__rcu_read_lock = __rcu_read_lock,
	.__rcu_read_unlock = __rcu_read_unlock,
	.rcu_note_context_switch = rcu_note_context_switch,
	.rcu_check_callbacks = rcu_check_callbacks,
	.rcu_process_callbacks = rcu_softirq_not_opened,
	.rcu_irq_enter = rcu_irq_enter,
	.rcu_irq_exit = rcu_irq_exit,
	.rcu_enter_nohz = rcu_enter_nohz,
	.rcu_exit_nohz = rcu_exit_nohz,
	.rcu_needs_cpu = rcu_needs_cpu,
	.call_rcu = call_rcu,
	.synchronize_rcu = synchronize_rcu,
	.synchronize_rcu_expedited = synchronize_rcu_expedited,
	.rcu_barrier = rcu_barrier,
	.rcu_init = rcu_init,
	.rcu_scheduler_starting = rcu_scheduler_starting,
	.rcu_spawn_kthreads = rcu_spawn_kthreads,
	.rcu_cpu_notify = rcu_no_cpu_notifier,
	.rcu_force_quiescent_state = rcu_force_quiescent_state,
};
