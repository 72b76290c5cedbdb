/* SPDX-License-Identifier: MIT */
/*
 * Expedited grace periods for preemptible RCU (d9a3da06): force every
 * preempted reader onto a ->blkd_tasks list with synchronize_sched_expedited(),
 * snapshot the lists into ->exp_tasks, and wait until the last of those
 * readers leaves; its rcu_read_unlock_special() reports up the tree with
 * rcu_report_exp_rnp(), whose root wakes the waiter.  Before 131906b0 that
 * wake_up() ran under the root rcu_node's lock.
 */
#include "tree.h"

#include "../kernel/boot.h"
#include "../kernel/frame.h"
#include "../kernel/hooks.h"
#include "../kernel/preempt.h"
#include "../kernel/sched.h"
#include "../kernel/stop_machine.h"

static wait_queue_head_t sync_rcu_preempt_exp_wq;
static struct mutex sync_rcu_preempt_exp_mutex;
static long sync_rcu_preempt_exp_count;

/*
 * Return non-zero if there are any tasks in RCU read-side critical
 * sections blocking the current preemptible-RCU expedited grace period.
 * If there is no preemptible-RCU expedited grace period currently in
 * progress, returns zero unconditionally.
 */
int rcu_preempted_readers_exp(const struct rcu_node *rnp)
{
	return rnp->exp_tasks != NULL;
}

/*
 * Return non-zero if there is no RCU expedited grace period in progress
 * for the specified rcu_node structure, in other words, if all CPUs and
 * tasks covered by the specified rcu_node structure have done their bit
 * for the current expedited grace period.
 */
static int sync_rcu_preempt_exp_done(const struct rcu_node *rnp)
{
	return !rcu_preempted_readers_exp(rnp) && rnp->expmask == 0;
}

/*
 * rnp has no more readers blocking the expedited GP: clear its bit upward;
 * at the root, wake the waiter.
 */
void rcu_report_exp_rnp(struct rcu_state *rsp, struct rcu_node *rnp)
{
	unsigned long flags, mask;

	KFUNC();
	(void)rsp;
	raw_spin_lock_irqsave(&rnp->lock, flags);
	for (;;) {
		if (!sync_rcu_preempt_exp_done(rnp)) {
			raw_spin_unlock_irqrestore(&rnp->lock, flags);
			break;
		}
		if (rnp->parent == NULL) {
			BUSTED(lose_exp_wakeup) {
				/* Nobody wakes the waiter. */
				raw_spin_unlock_irqrestore(&rnp->lock, flags);
				break;
			}
			if (sw(SW_exp_unlock_before_wake)) {
				raw_spin_unlock_irqrestore(&rnp->lock, flags);
				POINT("root unlocked, before wake_up");
				wake_up(&sync_rcu_preempt_exp_wq);
			} else {
				wake_up(&sync_rcu_preempt_exp_wq);
				raw_spin_unlock_irqrestore(&rnp->lock, flags);
			}
			break;
		}
		mask = rnp->grpmask;
		raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
		/* pl.h:730-732: other CPUs may take either lock in between. */
		POINT("child unlocked, before parent lock");
		rnp = rnp->parent;
		raw_spin_lock(&rnp->lock);
		rnp->expmask &= ~mask;
	}
}

/* Snapshot rnp's blocked readers into ->exp_tasks; none: report at once. */
static void sync_rcu_preempt_exp_init(struct rcu_state *rsp, struct rcu_node *rnp)
{
	unsigned long flags;
	int must_wait = 0;

	KFUNC();
	raw_spin_lock_irqsave(&rnp->lock, flags);
	if (list_empty(&rnp->blkd_tasks)) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		POINT("rnp unlocked, before report");
	} else {
		rnp->exp_tasks = rnp->blkd_tasks.next;
		rcu_initiate_boost(rnp, flags); /* releases rnp->lock */
		must_wait = 1;
	}
	if (!must_wait)
		rcu_report_exp_rnp(rsp, rnp);
}

static void __synchronize_rcu_expedited(void)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_node *rnp;
	unsigned long flags;
	long snap = sync_rcu_preempt_exp_count + 1;
	int trycount = 0;

	while (!mutex_trylock(&sync_rcu_preempt_exp_mutex)) {
		if (trycount++ >= 10) {
			synchronize_rcu();
			return;
		}
		for (int i = 0; i < trycount; i++)
			POINT("udelay");
		if (sync_rcu_preempt_exp_count - snap > 0)
			return; /* someone else's expedited GP covered ours */
	}
	if (sync_rcu_preempt_exp_count - snap > 0)
		goto unlock_mb_ret;
	/* Force all RCU readers onto ->blkd_tasks lists. */
	synchronize_sched_expedited();
	feedback_waypoint(FB_RCU_EXP_INIT);
	raw_spin_lock_irqsave(&rsp->onofflock, flags);
	rcu_for_each_nonleaf_node_breadth_first(rsp, rnp) {
		raw_spin_lock(&rnp->lock);
		rnp->expmask = rnp->qsmaskinit;
		raw_spin_unlock(&rnp->lock);
		POINT("expmask set, before next node");
	}
	rcu_for_each_leaf_node(rsp, rnp)
		sync_rcu_preempt_exp_init(rsp, rnp);
	if (rsp->num_nodes > 1)
		sync_rcu_preempt_exp_init(rsp, rcu_get_root(rsp));
	raw_spin_unlock_irqrestore(&rsp->onofflock, flags);
	/* Wait for the snapshotted ->blkd_tasks lists to drain. */
	rnp = rcu_get_root(rsp);
	wait_event(sync_rcu_preempt_exp_wq, sync_rcu_preempt_exp_done(rnp));
	sync_rcu_preempt_exp_count++;
	feedback_waypoint(FB_RCU_EXP_DONE);
unlock_mb_ret:
	mutex_unlock(&sync_rcu_preempt_exp_mutex);
}

void synchronize_rcu_expedited(void)
{
	struct gp_snapshot snap;

	KFUNC();
	if (!sw(SW_exp_preempt)) {
		/* Before d9a3da06: a normal grace period. */
		synchronize_rcu();
		return;
	}
	oracle_gp_begin(&snap);
	__synchronize_rcu_expedited();
	oracle_gp_end(&snap, "synchronize_rcu_expedited", "synchronize_rcu_expedited");
}

static void synchronize_sched_expedited_cpu_stop(void *data)
{
	(void)data; /* the context switch to the stopper is the point */
}

/* A context switch on every online CPU (3.0: try_stop_cpus()). */
void synchronize_sched_expedited(void)
{
	KFUNC();
	/*
	 * 338b0f760e84 (injected, 3.0 shape): without get_online_cpus() a
	 * cpu_down() can run meanwhile, and stop_cpus() skips the CPU that
	 * __cpu_disable() took out of cpu_online_mask although it still
	 * runs readers on its way to play_dead().
	 */
	if (!sw(SW_inject_338b0f760e84_exp_skips_dying_cpu))
		get_online_cpus();
	stop_cpus(synchronize_sched_expedited_cpu_stop, NULL);
	if (!sw(SW_inject_338b0f760e84_exp_skips_dying_cpu))
		put_online_cpus();
}

void rcu_exp_init(void)
{
	init_waitqueue_head(&sync_rcu_preempt_exp_wq, LC_EXP_WQ);
	mutex_init(&sync_rcu_preempt_exp_mutex, LC_EXP_MUTEX);
	sync_rcu_preempt_exp_count = 0;
}

int rcu_exp_idle(void)
{
	return sync_rcu_preempt_exp_mutex.owner == NULL;
}
