/* SPDX-License-Identifier: MIT */
/*
 * The CFS paths of 3.0 whose RCU read-side critical sections run under
 * scheduler locks: cpuacct_charge() under rq->lock (a18b83b7), and
 * select_task_rq_fair()/wake_affine() under p->pi_lock (f3b577de).  Such a
 * section is safe only if it cannot have been preempted: then it is never
 * BLOCKED or BOOSTED and its rcu_read_unlock() never enters the scheduler.
 * The trainwreck is every way that assumption broke.
 */
#include "sched_fair.h"

#include "frame.h"
#include "../rcu/rcu.h"

/* The cgroup hierarchy walk of cpuacct_charge(): protected by RCU since a18b83b7. */
static void cpuacct_charge(struct task_struct *tsk)
{
	KFUNC();
	(void)tsk;
	if (sw(SW_cpuacct_rcu))
		rcu_read_lock();
	rcu_reader_deref();
	POINT("walk ca->parent");
	if (sw(SW_cpuacct_rcu))
		rcu_read_unlock();
}

/*
 * cpuacct_update_stats() from account_process_tick(), in the tick's
 * hardirq before everything else: the cgroup hierarchy walk under
 * rcu_read_lock() (3.0 sched.c), on the interrupted task's nesting.
 */
void account_process_tick(struct task_struct *p)
{
	KFUNC();
	(void)p;
	rcu_read_lock();
	rcu_reader_deref();
	POINT("cpuacct_update_stats: walk ca->parent");
	rcu_read_unlock();
}

void update_curr(struct rq *rq)
{
	struct task_struct *curr = rq->curr;

	KFUNC();
	if (curr == rq->idle)
		return;
	cpuacct_charge(curr);
}

/*
 * wake_affine(): the task_group() weights are read under RCU since
 * f3b577de.  Called only when the waker's CPU differs from the wakee's.
 */
static int wake_affine(struct task_struct *p)
{
	KFUNC();
	(void)p;
	if (sw(SW_wake_affine_rcu))
		rcu_read_lock();
	rcu_reader_deref();
	POINT("task_group weights");
	if (sw(SW_wake_affine_rcu))
		rcu_read_unlock();
	return 0; /* not balanced: the wakee stays on its CPU */
}

/*
 * select_idle_sibling(): the target if it is idle, else the first idle CPU
 * @p may use in the target's cache domain (every CPU of the model's
 * machine shares one), else the target.
 */
static int select_idle_sibling(struct task_struct *p, int target)
{
	int cpu;

	if (idle_cpu(target))
		return target;
	for_each_online_cpu(cpu)
		if (cpumask_test_cpu(cpu, p->cpus_allowed) && idle_cpu(cpu))
			return cpu;
	return target;
}

/*
 * In 3.0, select_task_rq_fair() holds rcu_read_lock() across the
 * sched-domain walk (RCU-freed domains, dce840a08702), enclosing
 * wake_affine()'s reader; the wakee goes to its previous CPU (the model's
 * wake_affine() never pulls it to the waker) or to an idle sibling.  The
 * model gates both readers with wake_affine_rcu, so turning the exposer
 * off removes every reader the wakeup path runs under p->pi_lock: the
 * world as f3b577de found it.
 */
int select_task_rq_fair(struct task_struct *p)
{
	int cpu = smp_processor_id();
	int prev_cpu = p->cpu;
	int new_cpu;

	KFUNC();
	if (sw(SW_wake_affine_rcu))
		rcu_read_lock();
	POINT("for_each_domain");
	if (cpu != prev_cpu && cpumask_test_cpu(cpu, p->cpus_allowed))
		(void)wake_affine(p);
	new_cpu = select_idle_sibling(p, prev_cpu);
	if (sw(SW_wake_affine_rcu))
		rcu_read_unlock();
	return new_cpu;
}

/*
 * update_shares() (3.0 sched_fair.c:2228-2236, CONFIG_FAIR_GROUP_SCHED): the
 * walk of the rq's leaf cfs_rqs under rcu_read_lock().
 */
static void update_shares(int cpu)
{
	KFUNC();
	(void)cpu;
	rcu_read_lock();
	rcu_reader_deref();
	POINT("for_each_leaf_cfs_rq");
	rcu_read_unlock();
}

/*
 * idle_balance() (3.0 sched_fair.c:3490-3545): schedule() found nothing to
 * run.  It drops rq->lock but keeps irqs and preemption off (:3501-3504),
 * runs update_shares()'s reader, then the sched-domain walk's
 * (:3506-3530), and takes rq->lock back.  The model runs it every time
 * (3.0 skips it while rq->avg_idle, a nanosecond average of this CPU's
 * idle periods, is below sysctl_sched_migration_cost, :3498) and pulls no
 * task in load_balance(): docs/fidelity.md argues both.  With rq->lock
 * dropped another CPU may queue a task here, which schedule() then picks.
 */
void idle_balance(int this_cpu, struct rq *this_rq)
{
	KFUNC();
	raw_spin_unlock(&this_rq->lock);
	update_shares(this_cpu);
	rcu_read_lock();
	rcu_reader_deref();
	POINT("for_each_domain");
	rcu_read_unlock();
	raw_spin_lock(&this_rq->lock);
}

int select_fallback_rq(struct task_struct *p)
{
	int dest_cpu = cpumask_any_online(p->cpus_allowed);

	if (dest_cpu >= 0)
		return dest_cpu;
	p->cpus_allowed = cpu_possible_mask();
	return first_online_cpu();
}
