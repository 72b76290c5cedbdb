/* SPDX-License-Identifier: MIT */
/*
 * Tree RCU's core, after 3.0's kernel/rcutree.c: grace-period start and end,
 * quiescent states reported up the rcu_node tree, force_quiescent_state()
 * with dyntick snapshots, the RCU softirq, callbacks, dyntick-idle, CPU
 * hotplug and boot.  Kernel names; comments say where the model is smaller.
 */
#include "tree.h"

#include "../config/topology.h"
#include "../kernel/bug.h"
#include "../kernel/frame.h"
#include "../kernel/hooks.h"
#include "../kernel/interrupt.h"
#include "../kernel/preempt.h"
#include "../kernel/sched.h"

struct rcu_state rcu_preempt_state;
struct rcu_data rcu_preempt_data[NR_CPUS];
int rcu_scheduler_active;
int rcu_scheduler_fully_active;

static void invoke_rcu_callbacks(struct rcu_state *rsp, struct rcu_data *rdp);

static struct rcu_data *this_rdp(void)
{
	return &rcu_preempt_data[smp_processor_id()];
}

/*
 * Note a context switch.  This is a quiescent state for RCU-sched, and
 * requires special handling for preemptible RCU (the model's only flavour).
 */
void rcu_note_context_switch(int cpu)
{
	rcu_preempt_note_context_switch(cpu);
}

static int cpu_has_callbacks_ready_to_invoke(const struct rcu_data *rdp)
{
	BUSTED(early_callback) {
		/* Callbacks need no grace period. */
		return rdp->nxtlist != NULL;
	}
	return &rdp->nxtlist != rdp->nxttail[RCU_DONE_TAIL];
}

/* Callbacks waiting for a grace period that none in progress will give them. */
static int cpu_needs_another_gp(struct rcu_state *rsp, struct rcu_data *rdp)
{
	return *rdp->nxttail[RCU_DONE_TAIL] != NULL && !rcu_gp_in_progress(rsp);
}

void rcu_enter_nohz(void)
{
	unsigned long flags;
	struct rcu_data *rdp;

	local_irq_save(flags);
	rdp = this_rdp();
	if (--rdp->dynticks_nesting) {
		local_irq_restore(flags);
		return;
	}
	rdp->dynticks++;
	INVARIANT("dynticks-odd-entering-idle", (rdp->dynticks & 1) == 0);
	local_irq_restore(flags);
}

void rcu_exit_nohz(void)
{
	unsigned long flags;
	struct rcu_data *rdp;

	local_irq_save(flags);
	rdp = this_rdp();
	if (rdp->dynticks_nesting++) {
		local_irq_restore(flags);
		return;
	}
	rdp->dynticks++;
	INVARIANT("dynticks-even-leaving-idle", rdp->dynticks & 1);
	local_irq_restore(flags);
}

void rcu_irq_enter(void)
{
	rcu_exit_nohz();
}

void rcu_irq_exit(void)
{
	rcu_enter_nohz();
}

static int dyntick_save_progress_counter(struct rcu_data *rdp)
{
	rdp->dynticks_snap = rdp->dynticks;
	return (rdp->dynticks_snap & 1) == 0;
}

static int rcu_implicit_dynticks_qs(struct rcu_data *rdp)
{
	int curr = rdp->dynticks, snap = rdp->dynticks_snap;

	if ((curr & 1) == 0 || curr - snap >= 2)
		return 1;
	return !cpu_online(rdp->cpu); /* rcu_implicit_offline_qs() */
}

/*
 * A GP started that this CPU had not seen: does the core wait on it?  The
 * caller holds the ->lock of this CPU's leaf, with irqs disabled.
 */
static void __note_new_gpnum(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	lockdep_assert_held(&rnp->lock);
	(void)rsp;
	if (rdp->gpnum != rnp->gpnum) {
		rdp->gpnum = rnp->gpnum;
		if (rnp->qsmask & rdp->grpmask) {
			rdp->qs_pending = 1;
			rdp->passed_quiesc = 0;
		} else {
			rdp->qs_pending = 0;
		}
	}
}

static void note_new_gpnum(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;
	struct rcu_node *rnp;

	KFUNC();
	local_irq_save(flags);
	rnp = rdp->mynode;
	if (rdp->gpnum == rnp->gpnum || !raw_spin_trylock(&rnp->lock)) {
		local_irq_restore(flags);
		return;
	}
	__note_new_gpnum(rsp, rnp, rdp);
	raw_spin_unlock_irqrestore(&rnp->lock, flags);
}

/*
 * A GP ended that this CPU had not seen: advance its callbacks.  The caller
 * holds the ->lock of this CPU's leaf, with irqs disabled.
 */
static void __rcu_process_gp_end(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	lockdep_assert_held(&rnp->lock);
	(void)rsp;
	if (rdp->completed != rnp->completed) {
		rdp->nxttail[RCU_DONE_TAIL] = rdp->nxttail[RCU_WAIT_TAIL];
		rdp->nxttail[RCU_WAIT_TAIL] = rdp->nxttail[RCU_NEXT_READY_TAIL];
		rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
		rdp->completed = rnp->completed;
		if (rdp->gpnum < rdp->completed)
			rdp->gpnum = rdp->completed;
		if ((rnp->qsmask & rdp->grpmask) == 0)
			rdp->qs_pending = 0;
	}
}

static void rcu_process_gp_end(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;
	struct rcu_node *rnp;

	KFUNC();
	local_irq_save(flags);
	rnp = rdp->mynode;
	if (rdp->completed == rnp->completed || !raw_spin_trylock(&rnp->lock)) {
		local_irq_restore(flags);
		return;
	}
	__rcu_process_gp_end(rsp, rnp, rdp);
	raw_spin_unlock_irqrestore(&rnp->lock, flags);
}

/* Per-CPU grace-period initialization for this CPU.  Caller holds its leaf's ->lock. */
static void rcu_start_gp_per_cpu(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	lockdep_assert_held(&rnp->lock);
	__rcu_process_gp_end(rsp, rnp, rdp);
	rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
	rdp->nxttail[RCU_WAIT_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
	__note_new_gpnum(rsp, rnp, rdp);
}

/* Give every rcu_node the new ->completed.  Called with onofflock, irqs off. */
static void rcu_propagate_completed(struct rcu_state *rsp)
{
	struct rcu_node *rnp;

	rcu_for_each_node_breadth_first(rsp, rnp) {
		raw_spin_lock(&rnp->lock);
		rnp->completed = rsp->completed;
		raw_spin_unlock(&rnp->lock);
	}
}

/* Set up @rnp for the new grace period.  Caller holds rnp->lock, irqs disabled. */
static void rcu_init_node_for_gp(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	lockdep_assert_held(&rnp->lock);
	rcu_preempt_check_blocked_tasks(rnp);
	rnp->qsmask = rnp->qsmaskinit;
	rnp->gpnum = rsp->gpnum;
	rnp->completed = rsp->completed;
	if (rnp == rdp->mynode)
		rcu_start_gp_per_cpu(rsp, rnp, rdp);
	rcu_preempt_boost_start_gp(rnp);
	rcu_node_check_lists(rnp);
}

/*
 * Start a new grace period if this CPU needs one.  Called with the root
 * rcu_node's lock held and irqs disabled; releases the lock.
 */
void rcu_start_gp(struct rcu_state *rsp, unsigned long flags) __releases(rcu_get_root(rsp)->lock)
{
	struct rcu_data *rdp = this_rdp();
	struct rcu_node *rnp = rcu_get_root(rsp);

	KFUNC();
	lockdep_assert_held(&rnp->lock);
	if (!cpu_needs_another_gp(rsp, rdp) || rsp->fqs_active) {
		if (cpu_needs_another_gp(rsp, rdp))
			rsp->fqs_need_gp = 1;
		if (rnp->completed == rsp->completed) {
			raw_spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
		/* Propagate ->completed so other CPUs can process their callbacks. */
		raw_spin_lock(&rsp->onofflock);
		rcu_propagate_completed(rsp);
		raw_spin_unlock_irqrestore(&rsp->onofflock, flags);
		return;
	}
	rsp->gpnum++;
	INVARIANT("gp-start-while-initializing", rsp->signaled != RCU_GP_INIT);
	rsp->signaled = RCU_GP_INIT;
	rsp->jiffies_force_qs = jiffies + RCU_JIFFIES_TILL_FORCE_QS;
	if (rsp->num_nodes == 1) {
		rcu_init_node_for_gp(rsp, rnp, rdp);
		rsp->signaled = RCU_SIGNAL_INIT;
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
	raw_spin_lock(&rsp->onofflock);
	rcu_for_each_node_breadth_first(rsp, rnp) {
		raw_spin_lock(&rnp->lock);
		rcu_init_node_for_gp(rsp, rnp, rdp);
		raw_spin_unlock(&rnp->lock);
	}
	rnp = rcu_get_root(rsp);
	raw_spin_lock(&rnp->lock);
	rsp->signaled = RCU_SIGNAL_INIT; /* force_quiescent_state() may run now */
	raw_spin_unlock(&rnp->lock);
	raw_spin_unlock_irqrestore(&rsp->onofflock, flags);
}

/*
 * The whole tree has reported: end the GP and let rcu_start_gp() start the
 * next one if needed.  The caller holds the root's ->lock, irqs disabled;
 * rcu_start_gp() releases it.
 */
void rcu_report_qs_rsp(struct rcu_state *rsp, unsigned long flags)
	__releases(rcu_get_root(rsp)->lock)
{
	struct rcu_node *rnp;

	KFUNC();
	lockdep_assert_held(&rcu_get_root(rsp)->lock);
	INVARIANT("gp-end-without-gp", rcu_gp_in_progress(rsp));
	rcu_for_each_node_breadth_first(rsp, rnp) {
		BUSTED(end_gp_early) {
			/* Forget the blocked readers. */
			rnp->gp_tasks = NULL;
		}
		INVARIANT("gp-end-with-qsmask", rnp->qsmask == 0);
		INVARIANT("gp-end-with-gp-tasks", rnp->gp_tasks == NULL);
	}
	rsp->completed = rsp->gpnum;
	rsp->signaled = RCU_GP_IDLE;
	rcu_start_gp(rsp, flags); /* releases the root's lock */
}

/*
 * Clear @mask in @rnp and walk up while a node's last bit clears.  Called
 * with rnp locked and irqs off; releases the lock.
 */
void rcu_report_qs_rnp(unsigned long mask, struct rcu_state *rsp, struct rcu_node *rnp,
		       unsigned long flags) __releases(rnp->lock)
{
	struct rcu_node *rnp_c;

	KFUNC();
	lockdep_assert_held(&rnp->lock);
	for (;;) {
		if (!(rnp->qsmask & mask)) {
			/* Our bit already cleared: someone else reported. */
			raw_spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		rnp->qsmask &= ~mask;
		BUSTED(end_gp_early) {
			/* Blocked readers do not hold the node. */
			if (rnp->qsmask != 0) {
				raw_spin_unlock_irqrestore(&rnp->lock, flags);
				return;
			}
		} else if (rnp->qsmask != 0 || rcu_preempt_blocked_readers_cgp(rnp)) {
			/* Other bits still set at this level, so done. */
			raw_spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		mask = rnp->grpmask;
		if (rnp->parent == NULL)
			break; /* the root: the grace period is over */
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		rnp_c = rnp;
		rnp = rnp->parent;
		raw_spin_lock_irqsave(&rnp->lock, flags);
		INVARIANT("child-qsmask-set-moving-up", rnp_c->qsmask == 0);
	}
	rcu_report_qs_rsp(rsp, flags);
}

static void rcu_report_qs_rdp(int cpu, struct rcu_state *rsp, struct rcu_data *rdp, long lastcomp)
{
	unsigned long flags, mask;
	struct rcu_node *rnp = rdp->mynode;

	KFUNC();
	(void)cpu;
	raw_spin_lock_irqsave(&rnp->lock, flags);
	if (lastcomp != rnp->completed) {
		/* A QS from an earlier GP: it counts for nothing now. */
		rdp->passed_quiesc = 0;
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	mask = rdp->grpmask;
	if ((rnp->qsmask & mask) == 0) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	} else {
		rdp->qs_pending = 0;
		/* Callbacks queued so far wait for the next GP only. */
		rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
		rcu_report_qs_rnp(mask, rsp, rnp, flags);
	}
}

static void rcu_check_quiescent_state(struct rcu_state *rsp, struct rcu_data *rdp)
{
	note_new_gpnum(rsp, rdp);
	if (!rdp->qs_pending || !rdp->passed_quiesc)
		return;
	rcu_report_qs_rdp(rdp->cpu, rsp, rdp, rdp->passed_quiesc_completed);
}

/* The dead CPU's callbacks go to this CPU (3.0: the orphanage, then adoption). */
static void rcu_adopt_callbacks(struct rcu_data *dead, struct rcu_data *rdp)
{
	unsigned long flags;

	local_irq_save(flags);
	if (dead->nxtlist != NULL) {
		*rdp->nxttail[RCU_NEXT_TAIL] = dead->nxtlist;
		rdp->nxttail[RCU_NEXT_TAIL] = dead->nxttail[RCU_NEXT_TAIL];
		rdp->qlen += dead->qlen;
	}
	dead->nxtlist = NULL;
	for (int i = 0; i < RCU_NEXT_SIZE; i++)
		dead->nxttail[i] = &dead->nxtlist;
	dead->qlen = 0;
	local_irq_restore(flags);
}

static void __rcu_offline_cpu(int cpu, struct rcu_state *rsp)
{
	unsigned long flags, mask;
	int need_report = 0;
	struct rcu_data *rdp = &rcu_preempt_data[cpu];
	struct rcu_node *rnp;

	KFUNC();
	local_irq_save(flags);
	raw_spin_lock(&rsp->onofflock);
	rnp = rdp->mynode;
	mask = rdp->grpmask;
	do {
		raw_spin_lock(&rnp->lock);
		rnp->qsmaskinit &= ~mask;
		if (rnp->qsmaskinit != 0) {
			if (rnp != rdp->mynode)
				raw_spin_unlock(&rnp->lock);
			break;
		}
		if (rnp == rdp->mynode)
			need_report = rcu_preempt_offline_tasks(rsp, rnp, rdp);
		else
			raw_spin_unlock(&rnp->lock);
		mask = rnp->grpmask;
		rnp = rnp->parent;
	} while (rnp != NULL);
	/* Still holding the leaf's lock: reporting under onofflock would deadlock. */
	raw_spin_unlock(&rsp->onofflock);
	rnp = rdp->mynode;
	if (need_report & RCU_OFL_TASKS_NORM_GP)
		rcu_report_unblock_qs_rnp(rnp, flags);
	else
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	if (need_report & RCU_OFL_TASKS_EXP_GP)
		rcu_report_exp_rnp(rsp, rnp);
	rcu_adopt_callbacks(rdp, this_rdp());
}

void rcu_cpu_dead(int cpu)
{
	__rcu_offline_cpu(cpu, &rcu_preempt_state);
}

static void rcu_do_batch(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;
	struct rcu_head *list, *next, **tail;
	int count;

	KFUNC();
	(void)rsp;
	if (!cpu_has_callbacks_ready_to_invoke(rdp))
		return;
	BUSTED(early_callback) {
		/* Every callback is done at once. */
		for (int i = RCU_DONE_TAIL; i < RCU_NEXT_TAIL; i++)
			rdp->nxttail[i] = rdp->nxttail[RCU_NEXT_TAIL];
	}
	/* b0d30417: callbacks may use what the early initcalls set up. */
	INVARIANT("callback-before-scheduler-fully-active", rcu_scheduler_fully_active);
	local_irq_save(flags);
	list = rdp->nxtlist;
	rdp->nxtlist = *rdp->nxttail[RCU_DONE_TAIL];
	*rdp->nxttail[RCU_DONE_TAIL] = NULL;
	tail = rdp->nxttail[RCU_DONE_TAIL];
	for (count = RCU_NEXT_SIZE - 1; count >= 0; count--)
		if (rdp->nxttail[count] == rdp->nxttail[RCU_DONE_TAIL])
			rdp->nxttail[count] = &rdp->nxtlist;
	local_irq_restore(flags);
	count = 0;
	while (list) {
		next = list->next;
		list->func(list);
		list = next;
		POINT("next callback");
		if (++count >= rdp->blimit)
			break;
	}
	local_irq_save(flags);
	rdp->qlen -= count;
	if (list != NULL) {
		*tail = rdp->nxtlist;
		rdp->nxtlist = list;
		for (count = 0; count < RCU_NEXT_SIZE; count++) {
			if (&rdp->nxtlist != rdp->nxttail[count])
				break;
			rdp->nxttail[count] = tail;
		}
	}
	local_irq_restore(flags);
	if (cpu_has_callbacks_ready_to_invoke(rdp))
		invoke_rcu_core();
}

/* The tick, in hardirq. */
void rcu_check_callbacks(int cpu, int user)
{
	KFUNC();
	(void)user;
	if (!cpu_online(cpu))
		return;
	rcu_preempt_check_callbacks(cpu);
	if (rcu_pending(cpu))
		invoke_rcu_core();
}

static void force_qs_rnp(struct rcu_state *rsp, int (*f)(struct rcu_data *))
{
	unsigned long flags, mask, bit;
	struct rcu_node *rnp;

	KFUNC();
	rcu_for_each_leaf_node(rsp, rnp) {
		mask = 0;
		raw_spin_lock_irqsave(&rnp->lock, flags);
		if (!rcu_gp_in_progress(rsp)) {
			raw_spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		if (rnp->qsmask == 0) {
			rcu_initiate_boost(rnp, flags); /* releases rnp->lock */
			continue;
		}
		bit = 1;
		for (int cpu = rnp->grplo; cpu <= rnp->grphi; cpu++, bit <<= 1)
			if ((rnp->qsmask & bit) && f(&rcu_preempt_data[cpu]))
				mask |= bit;
		if (mask != 0) {
			rcu_report_qs_rnp(mask, rsp, rnp, flags); /* releases rnp->lock */
			continue;
		}
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	}
	rnp = rcu_get_root(rsp);
	if (rnp->qsmask == 0) {
		raw_spin_lock_irqsave(&rnp->lock, flags);
		rcu_initiate_boost(rnp, flags); /* releases rnp->lock */
	}
}

static void force_quiescent_state(struct rcu_state *rsp, int relaxed)
{
	unsigned long flags;
	struct rcu_node *rnp = rcu_get_root(rsp);

	KFUNC();
	if (!rcu_gp_in_progress(rsp))
		return;
	local_irq_save(flags);
	if (!raw_spin_trylock(&rsp->fqslock)) {
		local_irq_restore(flags);
		return;
	}
	if (relaxed && (long)(rsp->jiffies_force_qs - jiffies) >= 0)
		goto unlock_fqs_ret;
	raw_spin_lock(&rnp->lock);
	rsp->jiffies_force_qs = jiffies + RCU_JIFFIES_TILL_FORCE_QS;
	if (!rcu_gp_in_progress(rsp)) {
		raw_spin_unlock(&rnp->lock);
		goto unlock_fqs_ret;
	}
	rsp->fqs_active = 1;
	switch (rsp->signaled) {
	case RCU_GP_IDLE:
	case RCU_GP_INIT:
		break;
	case RCU_SAVE_DYNTICK:
		raw_spin_unlock(&rnp->lock);
		force_qs_rnp(rsp, dyntick_save_progress_counter);
		raw_spin_lock(&rnp->lock);
		if (rcu_gp_in_progress(rsp))
			rsp->signaled = RCU_FORCE_QS;
		break;
	case RCU_FORCE_QS:
		raw_spin_unlock(&rnp->lock);
		force_qs_rnp(rsp, rcu_implicit_dynticks_qs);
		raw_spin_lock(&rnp->lock);
		break;
	}
	rsp->fqs_active = 0;
	if (rsp->fqs_need_gp) {
		raw_spin_unlock(&rsp->fqslock);
		rsp->fqs_need_gp = 0;
		rcu_start_gp(rsp, flags); /* releases rnp->lock */
		return;
	}
	raw_spin_unlock(&rnp->lock);
unlock_fqs_ret:
	raw_spin_unlock_irqrestore(&rsp->fqslock, flags);
}

static void __rcu_process_callbacks(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;

	if ((long)(rsp->jiffies_force_qs - jiffies) < 0)
		force_quiescent_state(rsp, 1);
	rcu_process_gp_end(rsp, rdp);
	rcu_check_quiescent_state(rsp, rdp);
	if (cpu_needs_another_gp(rsp, rdp)) {
		raw_spin_lock_irqsave(&rcu_get_root(rsp)->lock, flags);
		rcu_start_gp(rsp, flags); /* releases the root's lock */
	}
	if (cpu_has_callbacks_ready_to_invoke(rdp))
		invoke_rcu_callbacks(rsp, rdp);
}

void rcu_process_callbacks(void)
{
	KFUNC();
	if (!cpu_online(smp_processor_id()))
		return;
	__rcu_process_callbacks(&rcu_preempt_state, this_rdp());
}

/*
 * 3.0 runs the callbacks in the per-CPU rcuc kthread once boost kthreads
 * exist; the model runs them here, in RCU_SOFTIRQ (see README).
 */
static void invoke_rcu_callbacks(struct rcu_state *rsp, struct rcu_data *rdp)
{
	if (sw(SW_sched_fully_active) && !rcu_scheduler_fully_active)
		return;
	rcu_do_batch(rsp, rdp);
}

void invoke_rcu_core(void)
{
	raise_softirq(RCU_SOFTIRQ);
}

void __call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head), struct rcu_state *rsp)
{
	unsigned long flags, nestflag;
	struct rcu_data *rdp;

	head->func = func;
	head->next = NULL;
	local_irq_save(flags);
	rdp = this_rdp();
	*rdp->nxttail[RCU_NEXT_TAIL] = head;
	rdp->nxttail[RCU_NEXT_TAIL] = &head->next;
	rdp->qlen++;
	if (!rcu_gp_in_progress(rsp)) {
		raw_spin_lock_irqsave(&rcu_get_root(rsp)->lock, nestflag);
		rcu_start_gp(rsp, nestflag); /* releases the root's lock */
	} else if ((long)(rsp->jiffies_force_qs - jiffies) < 0) {
		force_quiescent_state(rsp, 1);
	}
	local_irq_restore(flags);
}

int rcu_pending(int cpu)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_data *rdp = &rcu_preempt_data[cpu];
	struct rcu_node *rnp = rdp->mynode;

	if (rdp->qs_pending && rdp->passed_quiesc)
		return 1;
	if (cpu_has_callbacks_ready_to_invoke(rdp) || cpu_needs_another_gp(rsp, rdp))
		return 1;
	if (rnp->completed != rdp->completed || rnp->gpnum != rdp->gpnum)
		return 1;
	return rcu_gp_in_progress(rsp) && (long)(rsp->jiffies_force_qs - jiffies) < 0;
}

int rcu_needs_cpu(int cpu)
{
	return rcu_preempt_data[cpu].nxtlist != NULL;
}

static struct {
	struct mutex mutex;
	struct completion completion;
	int cpu_count;
	struct rcu_head head[NR_CPUS];
} barrier;

static void rcu_barrier_callback(struct rcu_head *notused)
{
	(void)notused;
	if (--barrier.cpu_count == 0)
		complete(&barrier.completion);
}

/*
 * 3.0 enqueues the barrier callback on each CPU by an IPI (on_each_cpu());
 * the model enqueues on each online CPU's list directly with irqs off, which
 * no other CPU can interleave with.
 */
void rcu_barrier(void)
{
	unsigned long flags;
	int cpu;

	KFUNC();
	mutex_lock(&barrier.mutex);
	init_completion(&barrier.completion);
	barrier.cpu_count = 1;
	local_irq_save(flags);
	for_each_online_cpu(cpu) {
		struct rcu_data *rdp = &rcu_preempt_data[cpu];
		struct rcu_head *head = &barrier.head[cpu];

		barrier.cpu_count++;
		head->func = rcu_barrier_callback;
		head->next = NULL;
		*rdp->nxttail[RCU_NEXT_TAIL] = head;
		rdp->nxttail[RCU_NEXT_TAIL] = &head->next;
		rdp->qlen++;
	}
	local_irq_restore(flags);
	if (--barrier.cpu_count == 0)
		complete(&barrier.completion);
	wait_for_completion(&barrier.completion);
	mutex_unlock(&barrier.mutex);
}

static void rcu_init_percpu_data(int cpu, struct rcu_state *rsp)
{
	unsigned long flags, mask;
	struct rcu_data *rdp = &rcu_preempt_data[cpu];
	struct rcu_node *rnp = rdp->mynode;

	KFUNC();
	raw_spin_lock_irqsave(&rnp->lock, flags);
	rdp->passed_quiesc = 0;
	rdp->qs_pending = 1;
	rdp->beenonline = 1;
	rdp->blimit = RCU_BLIMIT;
	/* A fresh CPU comes up out of dyntick-idle. */
	rdp->dynticks_nesting = 1;
	if ((rdp->dynticks & 1) == 0)
		rdp->dynticks++;
	raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
	raw_spin_lock(&rsp->onofflock);
	mask = rdp->grpmask;
	do {
		raw_spin_lock(&rnp->lock);
		rnp->qsmaskinit |= mask;
		mask = rnp->grpmask;
		if (rnp == rdp->mynode) {
			rdp->gpnum = rnp->completed;
			rdp->completed = rnp->completed;
			rdp->passed_quiesc_completed = rnp->completed - 1;
		}
		raw_spin_unlock(&rnp->lock);
		rnp = rnp->parent;
	} while (rnp != NULL && !(rnp->qsmaskinit & mask));
	raw_spin_unlock_irqrestore(&rsp->onofflock, flags);
}

void rcu_cpu_up_prepare(int cpu)
{
	rcu_init_percpu_data(cpu, &rcu_preempt_state);
}

static void rcu_init_geometry(struct rcu_state *rsp, const struct topology *t)
{
	int leaves = (t->ncpus + t->fanout - 1) / t->fanout;
	struct rcu_node *root = rcu_get_root(rsp);

	rsp->num_nodes = leaves == 1 ? 1 : 1 + leaves;
	rsp->first_leaf = leaves == 1 ? 0 : 1;
	for (int i = 0; i < rsp->num_nodes; i++) {
		struct rcu_node *rnp = &rsp->node[i];
		int leaf = i - rsp->first_leaf;

		*rnp = (struct rcu_node){0};
		rnp->level = i < rsp->first_leaf ? 0 : rsp->first_leaf;
		raw_spin_lock_init(&rnp->lock, rnp->level == 0 ? LC_RCU_NODE_0 : LC_RCU_NODE_1);
		rnp->gpnum = rnp->completed = -300;
		INIT_LIST_HEAD(&rnp->blkd_tasks);
		if (rnp == root) {
			rnp->grplo = 0;
			rnp->grphi = t->ncpus - 1;
		} else {
			rnp->parent = root;
			rnp->grpmask = 1ul << leaf;
			rnp->grplo = leaf * t->fanout;
			rnp->grphi = rnp->grplo + t->fanout - 1;
			if (rnp->grphi >= t->ncpus)
				rnp->grphi = t->ncpus - 1;
		}
	}
}

void rcu_init(const struct topology *t)
{
	struct rcu_state *rsp = &rcu_preempt_state;

	rcu_scheduler_active = 0;
	rcu_scheduler_fully_active = 0;
	rcu_init_geometry(rsp, t);
	raw_spin_lock_init(&rsp->onofflock, LC_RCU_ONOFF);
	raw_spin_lock_init(&rsp->fqslock, LC_RCU_FQS);
	rsp->signaled = RCU_GP_IDLE;
	rsp->fqs_active = rsp->fqs_need_gp = rsp->boost = 0;
	rsp->gpnum = rsp->completed = -300;
	rsp->jiffies_force_qs = 0;
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct rcu_data *rdp = &rcu_preempt_data[cpu];
		struct rcu_node *rnp =
			&rsp->node[rsp->first_leaf + (cpu < t->ncpus ? cpu / t->fanout : 0)];

		*rdp = (struct rcu_data){0};
		rdp->cpu = cpu;
		rdp->mynode = rnp;
		rdp->grpmask = 1ul << (cpu - rnp->grplo);
		for (int i = 0; i < RCU_NEXT_SIZE; i++)
			rdp->nxttail[i] = &rdp->nxtlist;
		rdp->blimit = RCU_BLIMIT;
		rdp->dynticks_nesting = 1;
		rdp->dynticks = 1;
		rdp->completed = rdp->gpnum = rdp->passed_quiesc_completed = -300;
		if (cpu >= t->ncpus)
			continue;
		/* rcu_init_percpu_data() at boot, before any task runs: no locks needed. */
		rdp->qs_pending = 1;
		rdp->beenonline = 1;
		for (struct rcu_node *n = rnp; n; n = n->parent) {
			n->qsmaskinit |= n == rnp ? rdp->grpmask : rnp->grpmask;
			if (n->parent == NULL)
				break;
		}
	}
	mutex_init(&barrier.mutex, LC_BARRIER_MUTEX);
	rcu_exp_init();
}

void rcu_scheduler_starting(void)
{
	rcu_scheduler_active = 1;
}

void rcu_spawn_kthreads(void)
{
	rcu_scheduler_fully_active = 1;
	rcu_spawn_boost_kthreads();
}

int rcu_scheduler_is_fully_active(void)
{
	return rcu_scheduler_fully_active;
}
