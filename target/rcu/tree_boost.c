/* SPDX-License-Identifier: MIT */
/*
 * RCU priority boosting (CONFIG_RCU_BOOST): one rcub kthread per rcu_node.
 * rcu_initiate_boost() picks the readers to boost and wakes it; rcu_boost()
 * proxy-locks an rt_mutex on behalf of the first of them, so that blocking
 * on it lends the reader the booster's priority; the reader's
 * rcu_read_unlock_special() unlocks it (the deboost).  Before 7765be2f the
 * booster marks the reader with a plain RMW of the reader's
 * ->rcu_read_unlock_special, from another CPU.
 */
#include "tree.h"

#include "../kernel/boot.h"
#include "../kernel/frame.h"
#include "../kernel/preempt.h"
#include "../kernel/rtmutex.h"
#include "../kernel/sched.h"

#include <stdio.h>

#define RCU_BOOST_PRIO (MAX_RT_PRIO - 1 - 1) /* SCHED_FIFO priority 1 */

/* Boost one reader; returns whether more are waiting. */
static int rcu_boost(struct rcu_node *rnp)
{
	unsigned long flags;
	struct rt_mutex mtx;
	struct task_struct *t;
	struct list_head *tb;

	KFUNC();
	if (rnp->exp_tasks == NULL && rnp->boost_tasks == NULL)
		return 0;
	raw_spin_lock_irqsave(&rnp->lock, flags);
	if (rnp->exp_tasks == NULL && rnp->boost_tasks == NULL) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return 0;
	}
	/* Expedited readers first, then those holding the normal GP. */
	tb = rnp->exp_tasks != NULL ? rnp->exp_tasks : rnp->boost_tasks;
	t = list_entry(tb, struct task_struct, rcu_node_entry);
	rt_mutex_init_proxy_locked(&mtx, t);
	t->rcu_boost_mutex = &mtx;
	if (sw(SW_boosted_field))
		t->rcu_boosted = 1; /* 7765be2f: under rnp->lock, in a field of its own */
	else
		rcu_special_rmw(t, 0, RCU_READ_UNLOCK_BOOSTED); /* another task's field */
	raw_spin_unlock_irqrestore(&rnp->lock, flags);
	rt_mutex_lock(&mtx);   /* side effect: boosts t's priority */
	rt_mutex_unlock(&mtx); /* keep lockdep happy */
	return rnp->exp_tasks != NULL || rnp->boost_tasks != NULL;
}

static void rcu_boost_kthread(struct task_struct *self)
{
	struct rcu_node *rnp = &rcu_preempt_state.node[self->kind_index];
	int spincnt = 0;

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (rnp->boost_tasks == NULL && rnp->exp_tasks == NULL)
			schedule();
		set_current_state(TASK_RUNNING);
		if (rcu_boost(rnp))
			spincnt++;
		else
			spincnt = 0;
		if (spincnt > 10) {
			schedule_timeout_tick(); /* rcu_yield() */
			spincnt = 0;
		}
	}
}

/*
 * Boost if an expedited GP waits on readers, or if readers have held the
 * normal GP past the boost delay.  The caller holds rnp->lock with irqs
 * disabled; it is released before the booster is woken.
 */
void rcu_initiate_boost(struct rcu_node *rnp, unsigned long flags) __releases(rnp->lock)
{
	struct task_struct *t;

	KFUNC();
	lockdep_assert_held(&rnp->lock);
	if (rnp->exp_tasks != NULL ||
	    (rnp->gp_tasks != NULL && rnp->boost_tasks == NULL && rnp->qsmask == 0 &&
	     (long)(jiffies - rnp->boost_time) >= 0)) {
		if (rnp->exp_tasks == NULL)
			rnp->boost_tasks = rnp->gp_tasks;
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		t = rnp->boost_kthread_task;
		if (t != NULL)
			wake_up_process(t);
	} else {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	}
}

void rcu_preempt_boost_start_gp(struct rcu_node *rnp)
{
	rnp->boost_time = jiffies + RCU_BOOST_DELAY_JIFFIES;
}

void rcu_spawn_boost_kthreads(void)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_node *rnp;

	rcu_for_each_node_breadth_first(rsp, rnp) {
		char comm[TASK_COMM_LEN];
		int index = (int)(rnp - rsp->node);
		struct task_struct *t;

		if (rnp->qsmaskinit == 0)
			continue;
		snprintf(comm, sizeof(comm), "rcub/%d", index);
		t = kthread_create(TASK_KIND_RCU_BOOST, comm, index, -1, rcu_boost_kthread,
				   RCU_BOOST_PRIO);
		rnp->boost_kthread_task = t;
	}
	rsp->boost = 1;
}
