/* SPDX-License-Identifier: MIT */
/*
 * Tree RCU's core, after 3.0's kernel/rcutree.c, in its order: the context
 * switch hook, dyntick-idle, force_quiescent_state()'s dyntick snapshots,
 * the RCU CPU stall warning, grace-period start and end, quiescent states
 * reported up the rcu_node tree, CPU offline, callbacks, the tick, the RCU
 * softirq, call_rcu(), rcu_barrier(), CPU hotplug notifications and boot.
 *
 * One flavour, rcu_preempt; 3.0's rcu_sched and rcu_bh run the same code on
 * their own rcu_state and are not modelled (docs/fidelity.md says why).
 * Statistics-only counters of 3.0 are left out.
 */
#include "tree.h"

#include "../config/topology.h"
#include "../kernel/bug.h"
#include "../kernel/frame.h"
#include "../kernel/hooks.h"
#include "../kernel/hotplug.h"
#include "../kernel/interrupt.h"
#include "../kernel/preempt.h"
#include "../kernel/sched.h"
#include "../kernel/smp.h"

#include <limits.h>

struct rcu_state rcu_preempt_state;
struct rcu_data rcu_preempt_data[NR_CPUS];
struct rcu_dynticks rcu_dynticks[NR_CPUS];
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

/* Does the CPU have callbacks ready to be invoked? */
static int cpu_has_callbacks_ready_to_invoke(const struct rcu_data *rdp)
{
	BUSTED(early_callback) {
		/* Callbacks need no grace period. */
		return rdp->nxtlist != NULL;
	}
	return &rdp->nxtlist != rdp->nxttail[RCU_DONE_TAIL];
}

/* Does the current CPU require a yet-as-unscheduled grace period? */
static int cpu_needs_another_gp(struct rcu_state *rsp, struct rcu_data *rdp)
{
	return *rdp->nxttail[RCU_DONE_TAIL] != NULL && !rcu_gp_in_progress(rsp);
}

/*
 * If the specified CPU is offline, tell the caller that it is in a
 * quiescent state.  Preemptible RCU sends no reschedule IPI.
 */
static int rcu_implicit_offline_qs(struct rcu_data *rdp)
{
	/*
	 * offline_qs_when_dead: __cpu_disable() clears the CPU from
	 * cpu_online_mask, but the dying CPU still finishes stop_machine and
	 * schedules to its idle task, with readers on the way; credit it only
	 * once its idle loop has reached play_dead(), as 4.1's CPU_DYING_IDLE.
	 */
	if (!cpu_online(rdp->cpu) &&
	    (!sw(SW_offline_qs_when_dead) || cpu_reached_play_dead(rdp->cpu))) {
		rdp->offline_fqs++;
		return 1;
	}
	return 0; /* rdp->preemptible: no point in sending a reschedule IPI. */
}

/*
 * Enter nohz mode, in other words, leave the mode in which RCU read-side
 * critical sections can occur (except in irq handlers, which
 * rcu_irq_enter() and rcu_irq_exit() handle).
 */
void rcu_enter_nohz(void)
{
	unsigned long flags;
	struct rcu_dynticks *rdtp;

	local_irq_save(flags);
	rdtp = &rcu_dynticks[smp_processor_id()];
	if (--rdtp->dynticks_nesting) {
		local_irq_restore(flags);
		return;
	}
	rdtp->dynticks++;
	INVARIANT("dynticks-odd-entering-idle", (rdtp->dynticks & 1) == 0);
	local_irq_restore(flags);

	/* If the interrupt queued a callback, get out of dyntick mode. */
	if (in_irq() && rcu_needs_cpu(smp_processor_id()))
		set_tsk_need_resched(current);
}

/* Leave nohz mode: enter the mode in which RCU read-side critical sections occur. */
void rcu_exit_nohz(void)
{
	unsigned long flags;
	struct rcu_dynticks *rdtp;

	local_irq_save(flags);
	rdtp = &rcu_dynticks[smp_processor_id()];
	if (rdtp->dynticks_nesting++) {
		local_irq_restore(flags);
		return;
	}
	rdtp->dynticks++;
	INVARIANT("dynticks-even-leaving-idle", rdtp->dynticks & 1);
	local_irq_restore(flags);
}

/*
 * Entry to hard irq context: the CPU is no longer idle for RCU.  FF4
 * (injected): it stays idle, so the handler's readers run in dyntick-idle.
 */
void rcu_irq_enter(void)
{
	if (!sw(SW_inject_ff4_irq_reader_idle))
		rcu_exit_nohz();
}

/* Exit from hard irq context: back to dyntick-idle if the CPU was there. */
void rcu_irq_exit(void)
{
	if (!sw(SW_inject_ff4_irq_reader_idle))
		rcu_enter_nohz();
}

/*
 * Snapshot the specified CPU's dynticks counter so that we can later
 * credit it with an implicit quiescent state.  3.0 returns 0: the first
 * force_quiescent_state() pass of a grace period only takes snapshots.
 */
static int dyntick_save_progress_counter(struct rcu_data *rdp)
{
	rdp->dynticks_snap = rdp->dynticks->dynticks;
	return 0;
}

/*
 * Return true if the specified CPU has passed through a quiescent state by
 * virtue of being in or having passed through a dynticks idle state since
 * the last call to dyntick_save_progress_counter() for this same CPU.
 */
static int rcu_implicit_dynticks_qs(struct rcu_data *rdp)
{
	unsigned int curr = (unsigned int)rdp->dynticks->dynticks;
	unsigned int snap = (unsigned int)rdp->dynticks_snap;

	/*
	 * If the CPU passed through or entered a dynticks idle phase with no
	 * active irq/NMI handlers, then we can safely pretend that the CPU
	 * already acknowledged the request to pass through a quiescent state.
	 */
	if ((curr & 1) == 0 || (int)(curr - (snap + 2)) >= 0) {
		rdp->dynticks_fqs++;
		return 1;
	}
	/* Go check for the CPU being offline. */
	return rcu_implicit_offline_qs(rdp);
}

/* ---- the RCU CPU stall warning (CONFIG_RCU_CPU_STALL_DETECTOR) ---- */

static unsigned long rcu_seconds_till_stall_check(void)
{
	return (unsigned long)kconfig.rcu_cpu_stall_timeout * (unsigned long)kconfig.hz;
}

static void record_gp_stall_check_time(struct rcu_state *rsp)
{
	rsp->gp_start = jiffies;
	rsp->jiffies_stall = jiffies + rcu_seconds_till_stall_check();
}

/*
 * The tick's stall check: this CPU still owes the grace period a quiescent
 * state past the stall timeout, or some other CPU or blocked task does
 * (RCU_STALL_RAT_DELAY jiffies later, to let it report itself first).
 */
static void check_cpu_stall(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long j, js;
	struct rcu_node *rnp;

	if (!kconfig.rcu_cpu_stall_detector)
		return;
	j = jiffies;
	js = rsp->jiffies_stall;
	rnp = rdp->mynode;
	if ((rnp->qsmask & rdp->grpmask) && ULONG_CMP_GE(j, js)) {
		/* We haven't checked in, so go dump stack. */
		rcu_stall_warning(rsp, smp_processor_id(), 1);
	} else if (rcu_gp_in_progress(rsp) && ULONG_CMP_GE(j, js + RCU_STALL_RAT_DELAY)) {
		/* They had a few time units to dump stack, so complain. */
		rcu_stall_warning(rsp, smp_processor_id(), 0);
	}
}

/* ---- grace periods ---- */

/*
 * Update CPU-local rcu_data state to record the newly noticed grace
 * period.  The caller holds the ->lock of this CPU's leaf, with irqs
 * disabled.
 */
static void __note_new_gpnum(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	(void)rsp;
	lockdep_assert_held(&rnp->lock);
	if (rdp->gpnum != rnp->gpnum) {
		/*
		 * If the current grace period is waiting for this CPU, set
		 * up to detect a quiescent state, otherwise don't go looking
		 * for one.
		 */
		rdp->gpnum = rnp->gpnum;
		if (rnp->qsmask & rdp->grpmask) {
			/* LC1 (injected): 0 instead of 1, the CPU never looks for its QS. */
			rdp->qs_pending = !sw(SW_inject_lc1_qs_not_pending);
			rdp->passed_quiesc = 0;
			/* FF5 (injected): noticing the GP "reports" a QS, not walking up. */
			if (sw(SW_inject_ff5_note_gp_clears_qsmask))
				rnp->qsmask &= ~rdp->grpmask;
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
	if (rdp->gpnum == rnp->gpnum ||	     /* outside lock. */
	    !raw_spin_trylock(&rnp->lock)) { /* irqs already off, so later. */
		local_irq_restore(flags);
		return;
	}
	__note_new_gpnum(rsp, rnp, rdp);
	raw_spin_unlock_irqrestore(&rnp->lock, flags);
}

/*
 * Did someone else start a new RCU grace period since we last checked?
 * Update local state appropriately if so.  Must be called on the CPU
 * corresponding to rdp.
 */
static int check_for_new_grace_period(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;
	int ret = 0;

	local_irq_save(flags);
	if (rdp->gpnum != rsp->gpnum) {
		note_new_gpnum(rsp, rdp);
		ret = 1;
	}
	local_irq_restore(flags);
	return ret;
}

/* A grace period ended: each stage of callbacks moves one up.  No harm if list empty. */
static void rcu_advance_callbacks(struct rcu_data *rdp)
{
	rdp->nxttail[RCU_DONE_TAIL] = rdp->nxttail[RCU_WAIT_TAIL];
	rdp->nxttail[RCU_WAIT_TAIL] = rdp->nxttail[RCU_NEXT_READY_TAIL];
	rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
}

/*
 * Advance this CPU's callbacks, but only if the current grace period has
 * ended.  The caller holds the ->lock of this CPU's leaf, irqs disabled.
 */
static void __rcu_process_gp_end(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	(void)rsp;
	lockdep_assert_held(&rnp->lock);
	/* Did another grace period end? */
	if (rdp->completed != rnp->completed) {
		rcu_advance_callbacks(rdp);

		/* Remember that we saw this grace-period completion. */
		rdp->completed = rnp->completed;

		/*
		 * If we were in an extended quiescent state, we may have
		 * missed some grace periods that others CPUs handled on our
		 * behalf.  Catch up with this state.
		 */
		if (ULONG_CMP_LT(rdp->gpnum, rdp->completed))
			rdp->gpnum = rdp->completed;

		/*
		 * If RCU does not need a quiescent state from this CPU, then
		 * make sure that this CPU doesn't go looking for one.
		 */
		if ((rnp->qsmask & rdp->grpmask) == 0)
			rdp->qs_pending = 0;
	}
}

/* Advance this CPU's callbacks if the grace period ended (may be called only on rdp's CPU). */
static void rcu_process_gp_end(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;
	struct rcu_node *rnp;

	KFUNC();
	local_irq_save(flags);
	rnp = rdp->mynode;
	if (sw(SW_inject_gpend_completed_unlocked)) {
		/* GPEND (injected): 2.6.32's form, rsp->completed outside any lock. */
		unsigned long completed_snap = rsp->completed;

		if (rdp->completed != completed_snap) {
			rcu_advance_callbacks(rdp);
			rdp->completed = completed_snap;
		}
		local_irq_restore(flags);
		return;
	}
	if (rdp->completed == rnp->completed || /* outside lock. */
	    !raw_spin_trylock(&rnp->lock)) {	/* irqs already off, so later. */
		local_irq_restore(flags);
		return;
	}
	__rcu_process_gp_end(rsp, rnp, rdp);
	raw_spin_unlock_irqrestore(&rnp->lock, flags);
}

/*
 * Do per-CPU grace-period initialization for the running CPU.  The caller
 * holds the lock of the leaf rcu_node structure corresponding to this CPU.
 */
static void rcu_start_gp_per_cpu(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	lockdep_assert_held(&rnp->lock);
	/* Prior grace period ended, so advance callbacks for current CPU (GPEND: not). */
	if (!sw(SW_inject_gpend_completed_unlocked))
		__rcu_process_gp_end(rsp, rnp, rdp);

	/*
	 * This CPU just started the new grace period: all of its callbacks
	 * are covered by it.  Other CPUs' recent callbacks must pass through
	 * an additional RCU_NEXT_READY stage.
	 */
	rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
	rdp->nxttail[RCU_WAIT_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];

	/* Set state so that this CPU will detect the next quiescent state. */
	__note_new_gpnum(rsp, rnp, rdp);
}

/* What a new grace period waits for: FF3 (injected) waits for no CPU. */
static unsigned long rcu_gp_qsmask(const struct rcu_node *rnp)
{
	return sw(SW_inject_ff3_qsmask_zero) ? 0 : rnp->qsmaskinit;
}

/*
 * Start a new RCU grace period if warranted, re-initializing the hierarchy
 * in preparation for detecting the next grace period.  The caller must
 * hold the root node's ->lock, which is released before return.  Hard irqs
 * must be disabled.
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
		raw_spin_unlock(&rnp->lock); /* irqs remain disabled. */

		/*
		 * Propagate new ->completed value to rcu_node structures so
		 * that other CPUs don't have to wait until the start of the
		 * next grace period to process their callbacks.
		 */
		rcu_for_each_node_breadth_first(rsp, rnp) {
			raw_spin_lock(&rnp->lock); /* irqs already disabled. */
			rnp->completed = rsp->completed;
			raw_spin_unlock(&rnp->lock); /* irqs remain disabled. */
			POINT("completed set, before next node");
		}
		local_irq_restore(flags);
		return;
	}

	/* Advance to a new grace period and initialize state. */
	rsp->gpnum++;
	INVARIANT("gp-start-while-initializing", rsp->signaled != RCU_GP_INIT);
	rsp->signaled = RCU_GP_INIT; /* Hold off force_quiescent_state. */
	rsp->jiffies_force_qs = jiffies + RCU_JIFFIES_TILL_FORCE_QS;
	record_gp_stall_check_time(rsp);

	/* Special-case the common single-level case. */
	if (rsp->num_nodes == 1) {
		rcu_preempt_check_blocked_tasks(rnp);
		rnp->qsmask = rcu_gp_qsmask(rnp);
		rnp->gpnum = rsp->gpnum;
		rnp->completed = rsp->completed;
		rsp->signaled = RCU_SIGNAL_INIT; /* force_quiescent_state OK. */
		rcu_start_gp_per_cpu(rsp, rnp, rdp);
		rcu_preempt_boost_start_gp(rnp);
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}

	raw_spin_unlock(&rnp->lock); /* leave irqs disabled. */

	/*
	 * Exclude any concurrent CPU-hotplug operations.  ec2c29765a4a
	 * (injected, 3.0 shape): do not, so __rcu_offline_cpu() can empty a
	 * leaf after its parent took the leaf's bit.
	 */
	if (!sw(SW_inject_ec2c29765a4a_init_without_onofflock))
		raw_spin_lock(&rsp->onofflock); /* irqs already disabled. */

	/*
	 * Set the quiescent-state-needed bits in all the rcu_node structures
	 * for all currently online CPUs in breadth-first order, starting from
	 * the root.  Other CPUs access only the leaves, which still say that
	 * no grace period is in progress until they are initialized; the
	 * grace period cannot complete before the end of initialization, as
	 * this CPU's bit stays set in the root until then.
	 */
	rcu_for_each_node_breadth_first(rsp, rnp) {
		raw_spin_lock(&rnp->lock); /* irqs already disabled. */
		rcu_preempt_check_blocked_tasks(rnp);
		rnp->qsmask = rcu_gp_qsmask(rnp);
		rnp->gpnum = rsp->gpnum;
		rnp->completed = rsp->completed;
		if (rnp == rdp->mynode)
			rcu_start_gp_per_cpu(rsp, rnp, rdp);
		rcu_preempt_boost_start_gp(rnp);
		raw_spin_unlock(&rnp->lock); /* irqs remain disabled. */
		POINT("node initialized, before next node");
	}

	rnp = rcu_get_root(rsp);
	raw_spin_lock(&rnp->lock);	 /* irqs already disabled. */
	rsp->signaled = RCU_SIGNAL_INIT; /* force_quiescent_state now OK. */
	feedback_rcu_state(FB_RCU_GP_START);
	raw_spin_unlock(&rnp->lock);	 /* irqs remain disabled. */
	if (sw(SW_inject_ec2c29765a4a_init_without_onofflock))
		local_irq_restore(flags);
	else
		raw_spin_unlock_irqrestore(&rsp->onofflock, flags);
}

/*
 * Report a full set of quiescent states: clean up after the prior grace
 * period and let rcu_start_gp() start up the next one if needed.  The
 * caller holds the root's ->lock, which rcu_start_gp() releases.
 */
void rcu_report_qs_rsp(struct rcu_state *rsp, unsigned long flags)
	__releases(rcu_get_root(rsp)->lock)
{
	struct rcu_node *rnp;

	KFUNC();
	lockdep_assert_held(&rcu_get_root(rsp)->lock);
	INVARIANT("gp-end-without-gp", rcu_gp_in_progress(rsp));
	BUSTED(end_gp_early) {
		/* Forget the blocked readers. */
		rcu_for_each_node_breadth_first(rsp, rnp)
			rnp->gp_tasks = NULL;
	}
	rsp->completed = rsp->gpnum;
	rsp->signaled = RCU_GP_IDLE;
	rcu_start_gp(rsp, flags); /* releases root node's rnp->lock. */
}

/*
 * Report quiescent states for a group of CPUs (@mask) of one rcu_node,
 * walking up the hierarchy while a node's last bit clears.  The node's
 * lock is held upon entry, and released before return.
 */
void rcu_report_qs_rnp(unsigned long mask, struct rcu_state *rsp, struct rcu_node *rnp,
		       unsigned long flags) __releases(rnp->lock)
{
	struct rcu_node *rnp_c;

	KFUNC();
	lockdep_assert_held(&rnp->lock);
	if (sw(SW_inject_lc3_report_returns_locked))
		return; /* LC3 (injected): at once, rnp->lock and irqs left as they are. */
	/* Walk up the rcu_node hierarchy. */
	for (;;) {
		if (!(rnp->qsmask & mask)) {
			/* Our bit has already been cleared, so done. */
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
		} else if (!sw(SW_inject_ff6_report_ignores_rest) &&
			   (rnp->qsmask != 0 || rcu_preempt_blocked_readers_cgp(rnp))) {
			/* Other bits still set at this level, so done (FF6, injected: no check). */
			raw_spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		mask = rnp->grpmask;
		if (rnp->parent == NULL) {
			/* No more levels.  Exit loop holding root lock. */
			break;
		}
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		/* rt.c:978-981: irqs as the caller had them, both locks free. */
		POINT("child unlocked, before parent lock");
		rnp_c = rnp;
		rnp = rnp->parent;
		raw_spin_lock_irqsave(&rnp->lock, flags);
		INVARIANT("child-qsmask-set-moving-up", rnp_c->qsmask == 0);
	}

	/*
	 * Get here if we are the last CPU to pass through a quiescent state
	 * for this grace period.
	 */
	rcu_report_qs_rsp(rsp, flags); /* releases rnp->lock. */
}

/*
 * Record a quiescent state for the specified CPU, which must be the
 * running one (or an offline one nobody else helps).  @lastcomp makes sure
 * the quiescent state belongs to the grace period still in progress.
 */
static void rcu_report_qs_rdp(int cpu, struct rcu_state *rsp, struct rcu_data *rdp,
			      unsigned long lastcomp)
{
	unsigned long flags;
	unsigned long mask;
	struct rcu_node *rnp;

	KFUNC();
	(void)cpu;
	rnp = rdp->mynode;
	raw_spin_lock_irqsave(&rnp->lock, flags);
	if (lastcomp != rnp->completed) {
		/* Someone beat us to it for this grace period, so leave. */
		rdp->passed_quiesc = 0; /* try again later! */
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	mask = rdp->grpmask;
	if ((rnp->qsmask & mask) == 0) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	} else {
		rdp->qs_pending = 0;

		/*
		 * This GP can't end until cpu checks in, so all of our
		 * callbacks can be processed during the next GP.
		 */
		rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];

		rcu_report_qs_rnp(mask, rsp, rnp, flags); /* rlses rnp->lock */
	}
}

/*
 * Check to see if there is a new grace period of which this CPU is not
 * yet aware, and if so, set up local rcu_data state for it.  Otherwise,
 * see if this CPU has just passed through its first quiescent state for
 * this grace period, and record that fact if so.
 */
static void rcu_check_quiescent_state(struct rcu_state *rsp, struct rcu_data *rdp)
{
	/* If there is now a new grace period, record and return. */
	if (check_for_new_grace_period(rsp, rdp))
		return;

	/* Does this CPU still need to do its part for current grace period? */
	if (!rdp->qs_pending)
		return;

	/* Was there a quiescent state since the beginning of the grace period? */
	if (!rdp->passed_quiesc)
		return;

	/* Tell RCU we are done (but rcu_report_qs_rdp() will be the judge of that). */
	rcu_report_qs_rdp(rdp->cpu, rsp, rdp, rdp->passed_quiesc_completed);
}

/* ---- CPU offline ---- */

/*
 * Move a dying CPU's RCU callbacks to an online CPU's callback list.  On
 * the dying CPU, irqs off, at CPU_DYING: no locks, because in 3.0 this
 * runs in stop_machine() context, every other CPU spinning irqs-off.
 */
static void rcu_send_cbs_to_online(struct rcu_state *rsp)
{
	/* current DYING CPU is cleared in the cpu_online_mask */
	int receive_cpu = first_online_cpu(); /* cpumask_any(cpu_online_mask) */
	struct rcu_data *rdp = this_rdp();
	struct rcu_data *receive_rdp = &rsp->rda[receive_cpu];

	KFUNC();
	if (rdp->nxtlist == NULL)
		return; /* irqs disabled, so comparison is stable. */

	*receive_rdp->nxttail[RCU_NEXT_TAIL] = rdp->nxtlist;
	receive_rdp->nxttail[RCU_NEXT_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
	receive_rdp->qlen += rdp->qlen;

	rdp->nxtlist = NULL;
	for (int i = 0; i < RCU_NEXT_SIZE; i++)
		rdp->nxttail[i] = &rdp->nxtlist;
	rdp->qlen = 0;
}

/*
 * Remove the outgoing CPU from the bitmasks in the rcu_node hierarchy.
 * There can only be one CPU hotplug operation at a time, so no other CPU
 * can be attempting to update rcu_cpu_kthread_task.
 */
static void __rcu_offline_cpu(int cpu, struct rcu_state *rsp)
{
	unsigned long flags;
	unsigned long mask;
	int need_report = 0;
	struct rcu_data *rdp = &rsp->rda[cpu];
	struct rcu_node *rnp;

	KFUNC();
	rcu_stop_cpu_kthread(cpu);

	/* Exclude any attempts to start a new grace period. */
	raw_spin_lock_irqsave(&rsp->onofflock, flags);

	/* Remove the outgoing CPU from the masks in the rcu_node hierarchy. */
	rnp = rdp->mynode;   /* this is the outgoing CPU's rnp. */
	mask = rdp->grpmask; /* rnp->grplo is constant. */
	do {
		raw_spin_lock(&rnp->lock); /* irqs already disabled. */
		rnp->qsmaskinit &= ~mask;
		if (rnp->qsmaskinit != 0) {
			if (rnp != rdp->mynode)
				raw_spin_unlock(&rnp->lock); /* irqs remain disabled. */
			break;
		}
		if (rnp == rdp->mynode)
			need_report = rcu_preempt_offline_tasks(rsp, rnp, rdp);
		else
			raw_spin_unlock(&rnp->lock); /* irqs remain disabled. */
		POINT("node cleared, before parent");
		mask = rnp->grpmask;
		rnp = rnp->parent;
	} while (rnp != NULL);

	/*
	 * We still hold the leaf rcu_node structure lock here, and irqs are
	 * still disabled: invoking rcu_report_unblock_qs_rnp() with
	 * ->onofflock held leads to deadlock.
	 */
	raw_spin_unlock(&rsp->onofflock); /* irqs remain disabled. */
	rnp = rdp->mynode;
	if (need_report & RCU_OFL_TASKS_NORM_GP)
		rcu_report_unblock_qs_rnp(rnp, flags);
	else
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	if (need_report & RCU_OFL_TASKS_EXP_GP) {
		POINT("leaf unlocked, before exp report");
		rcu_report_exp_rnp(rsp, rnp);
	}
	rcu_node_kthread_setaffinity(rnp, -1);
}

/* ---- callbacks ---- */

/*
 * Invoke any RCU callbacks that have made it to the end of their grace
 * period.  Throttle as specified by rdp->blimit.
 */
static void rcu_do_batch(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;
	struct rcu_head *next, *list, **tail;
	int count;

	KFUNC();
	/* If no callbacks are ready, just return.*/
	if (!cpu_has_callbacks_ready_to_invoke(rdp))
		return;
	feedback_rcu_state(FB_RCU_INVOKE);
	BUSTED(early_callback) {
		/* Every callback is done at once. */
		for (int i = RCU_DONE_TAIL; i < RCU_NEXT_TAIL; i++)
			rdp->nxttail[i] = rdp->nxttail[RCU_NEXT_TAIL];
	}
	/*
	 * Not a check of 3.0: b0d30417's oracle.  Callbacks run this early
	 * crashed in 3.0-rc on facilities the early initcalls set up, which
	 * the model's callbacks do not use; with the fix on it cannot fail.
	 */
	INVARIANT("callback-before-scheduler-fully-active", rcu_scheduler_fully_active);

	/*
	 * Extract the list of ready callbacks, disabling to prevent races
	 * with call_rcu() from interrupt handlers.
	 */
	local_irq_save(flags);
	list = rdp->nxtlist;
	rdp->nxtlist = *rdp->nxttail[RCU_DONE_TAIL];
	*rdp->nxttail[RCU_DONE_TAIL] = NULL;
	tail = rdp->nxttail[RCU_DONE_TAIL];
	for (count = RCU_NEXT_SIZE - 1; count >= 0; count--)
		if (rdp->nxttail[count] == rdp->nxttail[RCU_DONE_TAIL])
			rdp->nxttail[count] = &rdp->nxtlist;
	local_irq_restore(flags);

	/* Invoke callbacks; irqs are on between them. */
	count = 0;
	while (list) {
		next = list->next;
		list->func(list); /* __rcu_reclaim() */
		list = next;
		POINT("next callback");
		if (++count >= rdp->blimit)
			break;
	}

	local_irq_save(flags);

	/* Update count, and requeue any remaining callbacks. */
	rdp->qlen -= count;
	if (list != NULL) {
		*tail = rdp->nxtlist;
		rdp->nxtlist = list;
		for (count = 0; count < RCU_NEXT_SIZE; count++)
			if (&rdp->nxtlist == rdp->nxttail[count])
				rdp->nxttail[count] = tail;
			else
				break;
	}

	/* Reinstate batch limit if we have worked down the excess. */
	if (rdp->blimit == LONG_MAX && rdp->qlen <= RCU_QLOWMARK)
		rdp->blimit = RCU_BLIMIT;

	/* Reset ->qlen_last_fqs_check trigger if enough CBs have drained. */
	if (rdp->qlen == 0 && rdp->qlen_last_fqs_check != 0) {
		rdp->qlen_last_fqs_check = 0;
		rdp->n_force_qs_snap = rsp->n_force_qs;
	} else if (rdp->qlen < rdp->qlen_last_fqs_check - RCU_QHIMARK) {
		rdp->qlen_last_fqs_check = rdp->qlen;
	}

	local_irq_restore(flags);

	/* Re-raise the RCU softirq if there are callbacks remaining. */
	if (cpu_has_callbacks_ready_to_invoke(rdp))
		invoke_rcu_core();
}

/* The per-CPU kthread's work (rcu_kthread_do_work): this CPU's callbacks. */
void rcu_preempt_do_callbacks(void)
{
	rcu_do_batch(&rcu_preempt_state, this_rdp());
}

/*
 * The tick, in hardirq with irqs disabled: rcu_sched's and rcu_bh's
 * quiescent states are not modelled; rcu_preempt's check, then the RCU
 * softirq if rcu_pending().
 */
void rcu_check_callbacks(int cpu, int user)
{
	KFUNC();
	(void)user;
	feedback_rcu_state(FB_RCU_TICK);
	rcu_preempt_check_callbacks(cpu);
	if (rcu_pending(cpu))
		invoke_rcu_core();
}

/* ---- force_quiescent_state ---- */

/*
 * Scan the leaf rcu_node structures, processing dyntick state for any
 * that have not yet encountered a quiescent state, using the function
 * specified.  Also initiate boosting for any threads blocked on the root.
 * The caller must have suppressed start of new grace periods.
 */
static void force_qs_rnp(struct rcu_state *rsp, int (*f)(struct rcu_data *))
{
	unsigned long bit;
	int cpu;
	unsigned long flags;
	unsigned long mask;
	struct rcu_node *rnp;

	KFUNC();
	rcu_for_each_leaf_node(rsp, rnp) {
		/* rt.c:1321-1346: each leaf under its own lock, none between. */
		POINT("before leaf lock");
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
		cpu = rnp->grplo;
		bit = 1;
		for (; cpu <= rnp->grphi; cpu++, bit <<= 1) {
			if ((rnp->qsmask & bit) != 0 && f(&rsp->rda[cpu]))
				mask |= bit;
		}
		if (mask != 0) {
			/* rcu_report_qs_rnp() releases rnp->lock. */
			rcu_report_qs_rnp(mask, rsp, rnp, flags);
			continue;
		}
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	}
	POINT("leaves done, before root qsmask read");
	rnp = rcu_get_root(rsp);
	if (rnp->qsmask == 0) { /* rt.c:1347: read without the lock */
		raw_spin_lock_irqsave(&rnp->lock, flags);
		rcu_initiate_boost(rnp, flags); /* releases rnp->lock. */
	}
}

/*
 * Force quiescent states on reluctant CPUs, and also detect which CPUs
 * are in dyntick-idle mode.  Relaxed from the RCU softirq and call_rcu()
 * once ->jiffies_force_qs has passed; not relaxed from
 * rcu_force_quiescent_state() (rcutorture's fqs bursts) and from
 * __call_rcu() past qhimark callbacks.
 */
void force_quiescent_state(struct rcu_state *rsp, int relaxed)
{
	unsigned long flags;
	struct rcu_node *rnp = rcu_get_root(rsp);

	KFUNC();
	if (!rcu_gp_in_progress(rsp))
		return; /* No grace period in progress, nothing to force. */
	local_irq_save(flags);
	if (!raw_spin_trylock(&rsp->fqslock)) {
		local_irq_restore(flags);
		return; /* Someone else is already on the job. */
	}
	if (relaxed && ULONG_CMP_GE(rsp->jiffies_force_qs, jiffies))
		goto unlock_fqs_ret; /* no emergency and done recently. */
	rsp->n_force_qs++;
	raw_spin_lock(&rnp->lock); /* irqs already disabled */
	rsp->jiffies_force_qs = jiffies + RCU_JIFFIES_TILL_FORCE_QS;
	if (!rcu_gp_in_progress(rsp)) {
		raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
		goto unlock_fqs_ret;	     /* no GP in progress, time updated. */
	}
	rsp->fqs_active = 1;
	switch (rsp->signaled) {
	case RCU_GP_IDLE:
	case RCU_GP_INIT:
		break; /* grace period idle or initializing, ignore. */

	case RCU_SAVE_DYNTICK:
		raw_spin_unlock(&rnp->lock); /* irqs remain disabled */

		/* Record dyntick-idle state. */
		force_qs_rnp(rsp, dyntick_save_progress_counter);
		raw_spin_lock(&rnp->lock); /* irqs already disabled */
		if (rcu_gp_in_progress(rsp))
			rsp->signaled = RCU_FORCE_QS;
		break;

	case RCU_FORCE_QS:
		/* Check dyntick-idle state, send IPI to laggarts. */
		raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
		force_qs_rnp(rsp, rcu_implicit_dynticks_qs);

		/* Leave state in case more forcing is required. */
		raw_spin_lock(&rnp->lock); /* irqs already disabled */
		break;
	}
	rsp->fqs_active = 0;
	feedback_rcu_state(FB_RCU_FQS);
	if (rsp->fqs_need_gp) {
		raw_spin_unlock(&rsp->fqslock); /* irqs remain disabled */
		rsp->fqs_need_gp = 0;
		rcu_start_gp(rsp, flags); /* releases rnp->lock */
		return;
	}
	raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
unlock_fqs_ret:
	raw_spin_unlock_irqrestore(&rsp->fqslock, flags);
}

/* ---- the RCU softirq ---- */

/*
 * This does the RCU processing work from softirq context for the
 * specified rcu_state and rcu_data structures.  This may be called only
 * from the CPU to whom the rdp belongs.
 */
static void __rcu_process_callbacks(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;

	INVARIANT("rcu-core-on-never-online-cpu", rdp->beenonline != 0);
	feedback_rcu_state(FB_RCU_CORE);

	/*
	 * If an RCU GP has gone long enough, go check for dyntick idle CPUs
	 * and, if needed, send resched IPIs.
	 */
	if (ULONG_CMP_LT(rsp->jiffies_force_qs, jiffies))
		force_quiescent_state(rsp, 1);

	/* Advance callbacks in response to end of earlier grace period that some other CPU ended.
	 */
	rcu_process_gp_end(rsp, rdp);

	/* Update RCU state based on any recent quiescent states. */
	rcu_check_quiescent_state(rsp, rdp);

	/* Does this CPU require a not-yet-started grace period? */
	if (cpu_needs_another_gp(rsp, rdp)) {
		raw_spin_lock_irqsave(&rcu_get_root(rsp)->lock, flags);
		rcu_start_gp(rsp, flags); /* releases above lock */
	}

	/* If there are callbacks ready, invoke them. */
	if (cpu_has_callbacks_ready_to_invoke(rdp))
		invoke_rcu_callbacks(rsp, rdp);
}

/* Do softirq processing for the current CPU (RCU_SOFTIRQ). */
void rcu_process_callbacks(void)
{
	KFUNC();
	rcu_preempt_deferred_qs_resched();
	__rcu_process_callbacks(&rcu_preempt_state, this_rdp());
}

/*
 * Invoke the callbacks: inline in the softirq, or, once the boost
 * kthreads exist (rsp->boost), in this CPU's rcuc kthread.  Before
 * b0d30417 nothing held them back until the scheduler was fully active.
 */
static void invoke_rcu_callbacks(struct rcu_state *rsp, struct rcu_data *rdp)
{
	if (sw(SW_sched_fully_active) && !rcu_scheduler_fully_active)
		return;
	if (!rsp->boost) {
		rcu_do_batch(rsp, rdp);
		return;
	}
	invoke_rcu_callbacks_kthread();
}

void invoke_rcu_core(void)
{
	raise_softirq(RCU_SOFTIRQ);
}

/* ---- call_rcu ---- */

void __call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head), struct rcu_state *rsp)
{
	unsigned long flags;
	struct rcu_data *rdp;

	head->func = func;
	head->next = NULL;

	local_irq_save(flags);
	rdp = this_rdp();

	/* Add the callback to our list. */
	*rdp->nxttail[RCU_NEXT_TAIL] = head;
	rdp->nxttail[RCU_NEXT_TAIL] = &head->next;
	rdp->qlen++;

	/* If interrupts were disabled, don't dive into RCU core. */
	if (irqs_disabled_flags(flags)) {
		local_irq_restore(flags);
		return;
	}

	/*
	 * Force the grace period if too many callbacks or too long waiting.
	 * Enforce hysteresis, and don't invoke force_quiescent_state() if
	 * some other CPU has recently done so.
	 */
	if (rdp->qlen > rdp->qlen_last_fqs_check + RCU_QHIMARK) {
		/* Are we ignoring a completed grace period? */
		rcu_process_gp_end(rsp, rdp);
		check_for_new_grace_period(rsp, rdp);

		/* Start a new grace period if one not already started. */
		if (!rcu_gp_in_progress(rsp)) {
			unsigned long nestflag;
			struct rcu_node *rnp_root = rcu_get_root(rsp);

			raw_spin_lock_irqsave(&rnp_root->lock, nestflag);
			rcu_start_gp(rsp, nestflag); /* rlses rnp_root->lock */
		} else {
			/* Give the grace period a kick. */
			rdp->blimit = LONG_MAX;
			if (rsp->n_force_qs == rdp->n_force_qs_snap &&
			    *rdp->nxttail[RCU_DONE_TAIL] != head)
				force_quiescent_state(rsp, 0);
			rdp->n_force_qs_snap = rsp->n_force_qs;
			rdp->qlen_last_fqs_check = rdp->qlen;
		}
	} else if (ULONG_CMP_LT(rsp->jiffies_force_qs, jiffies)) {
		force_quiescent_state(rsp, 1);
	}
	local_irq_restore(flags);
}

/* ---- rcu_pending ---- */

/*
 * Check to see if there is any immediate RCU-related work to be done by
 * the current CPU, returning 1 if so; the stall check comes first.
 */
static int __rcu_pending(struct rcu_state *rsp, struct rcu_data *rdp)
{
	struct rcu_node *rnp = rdp->mynode;

	/* Check for CPU stalls, if enabled. */
	check_cpu_stall(rsp, rdp);

	/* Is the RCU core waiting for a quiescent state from this CPU? */
	if (rdp->qs_pending && !rdp->passed_quiesc) {
		/* rcu_preempt forces no local reschedule (rdp->preemptible). */
	} else if (rdp->qs_pending && rdp->passed_quiesc) {
		return 1;
	}

	/* Does this CPU have callbacks ready to invoke? */
	if (cpu_has_callbacks_ready_to_invoke(rdp))
		return 1;

	/* Has RCU gone idle with this CPU needing another grace period? */
	if (cpu_needs_another_gp(rsp, rdp))
		return 1;

	/* Has another RCU grace period completed?  */
	if (rnp->completed != rdp->completed) /* outside lock */
		return 1;

	/* Has a new RCU grace period started? */
	if (rnp->gpnum != rdp->gpnum) /* outside lock */
		return 1;

	/* Has an RCU GP gone long enough to send resched IPIs &c? */
	if (rcu_gp_in_progress(rsp) && ULONG_CMP_LT(rsp->jiffies_force_qs, jiffies))
		return 1;

	/* nothing to do */
	return 0;
}

/* rcu_pending() of 3.0 with rcu_preempt the only flavour (rcu_preempt_pending()). */
int rcu_pending(int cpu)
{
	return __rcu_pending(&rcu_preempt_state, &rcu_preempt_data[cpu]);
}

/* Any future RCU work on this CPU: callbacks queued (rcu_needs_cpu_quick_check()). */
int rcu_needs_cpu(int cpu)
{
	return rcu_preempt_data[cpu].nxtlist != NULL; /* rcu_preempt_needs_cpu() */
}

/* ---- rcu_barrier ---- */

static struct rcu_head rcu_barrier_head[NR_CPUS];
static int rcu_barrier_cpu_count; /* atomic_t */
static struct mutex rcu_barrier_mutex;
static struct completion rcu_barrier_completion;

static void rcu_barrier_callback(struct rcu_head *notused)
{
	(void)notused;
	if (--rcu_barrier_cpu_count == 0) /* atomic_dec_and_test() */
		complete(&rcu_barrier_completion);
}

/* Called with preemption disabled, and from cross-cpu IRQ context. */
static void rcu_barrier_func(void *type)
{
	int cpu = smp_processor_id();
	struct rcu_head *head = &rcu_barrier_head[cpu];
	void (*call_rcu_func)(struct rcu_head * head, void (*func)(struct rcu_head * head)) = type;

	KFUNC();
	rcu_barrier_cpu_count++; /* atomic_inc() */
	call_rcu_func(head, rcu_barrier_callback);
}

/*
 * Orchestrate the specified type of RCU barrier, waiting for all RCU
 * callbacks of the specified type to complete.
 */
static void _rcu_barrier(struct rcu_state *rsp,
			 void (*call_rcu_func)(struct rcu_head *head,
					       void (*func)(struct rcu_head *head)))
{
	(void)rsp;
	INVARIANT("rcu_barrier-in-interrupt", !in_interrupt()); /* BUG_ON() */
	/* Take mutex to serialize concurrent rcu_barrier() requests. */
	mutex_lock(&rcu_barrier_mutex);
	init_completion(&rcu_barrier_completion);
	/*
	 * Initialize rcu_barrier_cpu_count to 1, then invoke
	 * rcu_barrier_func() on each CPU, so that each CPU also has
	 * incremented rcu_barrier_cpu_count.  Only then is it safe to
	 * decrement rcu_barrier_cpu_count.
	 */
	rcu_barrier_cpu_count = 1;
	on_each_cpu(rcu_barrier_func, (void *)call_rcu_func, 1);
	if (--rcu_barrier_cpu_count == 0)
		complete(&rcu_barrier_completion);
	wait_for_completion(&rcu_barrier_completion);
	mutex_unlock(&rcu_barrier_mutex);
}

/* Wait until all in-flight call_rcu() callbacks complete (rcutree_plugin.h). */
void rcu_barrier(void)
{
	KFUNC();
	_rcu_barrier(&rcu_preempt_state, call_rcu);
}

/* ---- CPU hotplug and boot ---- */

/* Boot-time initialization of a CPU's per-CPU RCU data. */
static void rcu_boot_init_percpu_data(int cpu, struct rcu_state *rsp)
{
	struct rcu_data *rdp = &rsp->rda[cpu];
	struct rcu_node *rnp = rcu_get_root(rsp);

	/* 3.0 takes the root's lock here; at boot nothing can contend. */
	(void)rnp;
	rdp->grpmask = 1ul << (cpu - rdp->mynode->grplo);
	rdp->nxtlist = NULL;
	for (int i = 0; i < RCU_NEXT_SIZE; i++)
		rdp->nxttail[i] = &rdp->nxtlist;
	rdp->qlen = 0;
	rdp->dynticks = &rcu_dynticks[cpu];
	rdp->cpu = cpu;
}

/* rcu_init_percpu_data()'s local state, set under the root's lock. */
static void rcu_init_percpu_local(struct rcu_data *rdp, struct rcu_state *rsp, int preemptible)
{
	rdp->passed_quiesc = 0; /* We could be racing with new GP, */
	rdp->qs_pending = 1;	/*  so set up to respond to current GP. */
	rdp->beenonline = 1;	/* We have now been online. */
	rdp->preemptible = preemptible;
	rdp->qlen_last_fqs_check = 0;
	rdp->n_force_qs_snap = rsp->n_force_qs;
	rdp->blimit = RCU_BLIMIT;
}

/*
 * rcu_init_percpu_data()'s step at one node on the way up, under that
 * node's lock: add @mask, and at the leaf catch the CPU up with the node.
 * Returns the mask for the parent.
 */
static unsigned long rcu_init_percpu_node(struct rcu_node *rnp, struct rcu_data *rdp,
					  unsigned long mask)
{
	rnp->qsmaskinit |= mask;
	if (rnp == rdp->mynode) {
		rdp->gpnum = rnp->completed; /* if GP in progress... */
		rdp->completed = rnp->completed;
		rdp->passed_quiesc_completed = rnp->completed - 1;
	}
	return rnp->grpmask;
}

/*
 * Initialize a CPU's per-CPU RCU data (CPU_UP_PREPARE).  Only one online
 * or offline event can be happening at a given time.  3.0 does not touch
 * the CPU's rcu_dynticks here: a CPU comes back in the dyntick state its
 * death left it in (kernel/boot.c keeps the tick's state across death).
 */
static void rcu_init_percpu_data(int cpu, struct rcu_state *rsp, int preemptible)
{
	unsigned long flags;
	unsigned long mask;
	struct rcu_data *rdp = &rsp->rda[cpu];
	struct rcu_node *rnp = rcu_get_root(rsp);

	KFUNC();
	/* Set up local state, ensuring consistent view of global state. */
	raw_spin_lock_irqsave(&rnp->lock, flags);
	rcu_init_percpu_local(rdp, rsp, preemptible);
	raw_spin_unlock(&rnp->lock); /* irqs remain disabled. */
	POINT("root unlocked, before onofflock");

	/*
	 * A new grace period might start here.  If so, we won't be part of
	 * it, but that is OK, as we are currently in a quiescent state.
	 */

	/* Exclude any attempts to start a new GP on large systems. */
	raw_spin_lock(&rsp->onofflock); /* irqs already disabled. */

	/* Add CPU to rcu_node bitmasks. */
	rnp = rdp->mynode;
	mask = rdp->grpmask;
	do {
		/* Exclude any attempts to start a new GP on small systems. */
		raw_spin_lock(&rnp->lock); /* irqs already disabled. */
		mask = rcu_init_percpu_node(rnp, rdp, mask);
		raw_spin_unlock(&rnp->lock); /* irqs already disabled. */
		POINT("node set, before parent");
		rnp = rnp->parent;
	} while (rnp != NULL && !(rnp->qsmaskinit & mask));

	raw_spin_unlock_irqrestore(&rsp->onofflock, flags);
}

/*
 * rcu_init_percpu_data() for the CPUs the run starts with, on the main
 * loop before any CPU has run: nothing can contend, and the main loop
 * cannot take a lock (it cannot spin), so none is taken.
 */
static void rcu_boot_cpu_up_prepare(int cpu, struct rcu_state *rsp)
{
	struct rcu_data *rdp = &rsp->rda[cpu];
	unsigned long mask = rdp->grpmask;
	struct rcu_node *rnp = rdp->mynode;

	rcu_init_percpu_local(rdp, rsp, 1);
	do {
		mask = rcu_init_percpu_node(rnp, rdp, mask);
		rnp = rnp->parent;
	} while (rnp != NULL && !(rnp->qsmaskinit & mask));
}

/*
 * Handle CPU online/offline notification events, in 3.0's
 * rcu_cpu_notify() order (kernel/cpu.c and kernel/boot.c call it).
 */
void rcu_cpu_notify(enum cpu_action action, int cpu)
{
	struct rcu_data *rdp = &rcu_preempt_data[cpu];
	struct rcu_node *rnp = rdp->mynode;

	KFUNC();
	switch (action) {
	case CPU_UP_PREPARE:
		rcu_init_percpu_data(cpu, &rcu_preempt_state, 1); /* rcu_prepare_cpu() */
		rcu_prepare_kthreads(cpu);
		break;
	case CPU_ONLINE:
	case CPU_DOWN_FAILED:
		rcu_node_kthread_setaffinity(rnp, -1);
		rcu_cpu_kthread_setrt(cpu, 1);
		break;
	case CPU_DOWN_PREPARE:
		rcu_node_kthread_setaffinity(rnp, cpu);
		rcu_cpu_kthread_setrt(cpu, 0);
		break;
	case CPU_DYING:
		/*
		 * The whole machine is "stopped" except this CPU, so we can
		 * touch any data without introducing corruption.  We send the
		 * dying CPU's callbacks to an arbitrarily chosen online CPU.
		 */
		rcu_send_cbs_to_online(&rcu_preempt_state);
		break;
	case CPU_DEAD:
		__rcu_offline_cpu(cpu, &rcu_preempt_state); /* rcu_offline_cpu() */
		break;
	}
}

/*
 * Invoked towards the end of the scheduler's initialization: from here on
 * synchronize_rcu() waits for a grace period.
 */
void rcu_scheduler_starting(void)
{
	rcu_scheduler_active = 1;
}

/* The per-level fanout, balancing the tree (no CONFIG_RCU_FANOUT_EXACT). */
static void rcu_init_levelspread(struct rcu_state *rsp)
{
	int ccur;
	int cprv;

	cprv = nr_cpu_ids; /* NR_CPUS */
	for (int i = rsp->num_lvls - 1; i >= 0; i--) {
		ccur = rsp->levelcnt[i];
		rsp->levelspread[i] = (cprv + ccur - 1) / ccur;
		cprv = ccur;
	}
}

/*
 * The shape of rcutree.h's NUM_RCU_LVL_* for NR_CPUS and CONFIG_RCU_FANOUT:
 * RCU_FANOUT_1 = RCU_FANOUT_LEAF, each higher level CONFIG_RCU_FANOUT
 * times more CPUs.
 */
static void rcu_init_levelcnt(struct rcu_state *rsp, int nr_cpus, int fanout)
{
	int leaf = fanout > 16 ? 16 : fanout; /* RCU_FANOUT_LEAF */
	int span = leaf, lvls = 1;

	while (nr_cpus > span && lvls < MAX_RCU_LVLS) {
		span *= fanout;
		lvls++;
	}
	rsp->num_lvls = lvls;
	rsp->levelcnt[0] = 1;
	/* Level i (i >= 1) has DIV_ROUND_UP(NR_CPUS, RCU_FANOUT_{lvls - i}) nodes. */
	for (int i = 1; i < lvls; i++) {
		int per = leaf;

		for (int k = 1; k < lvls - i; k++)
			per *= fanout;
		rsp->levelcnt[i] = (nr_cpus + per - 1) / per;
	}
	rsp->levelcnt[lvls] = nr_cpus;
	rsp->num_nodes = 0;
	for (int i = 0; i < lvls; i++)
		rsp->num_nodes += rsp->levelcnt[i];
}

/* Initialize one rcu_state structure (rcu_init_one()). */
static void rcu_init_one(struct rcu_state *rsp, struct rcu_data *rda, int fanout)
{
	static const enum lock_class_id class[MAX_RCU_LVLS] = {LC_RCU_NODE_0, LC_RCU_NODE_1,
							       LC_RCU_NODE_2, LC_RCU_NODE_3};
	int cpustride = 1;
	int i;
	int j;
	struct rcu_node *rnp;

	rcu_init_levelcnt(rsp, nr_cpu_ids, fanout);

	/* Initialize the level-tracking arrays. */
	rsp->level[0] = &rsp->node[0];
	for (i = 1; i < rsp->num_lvls; i++)
		rsp->level[i] = rsp->level[i - 1] + rsp->levelcnt[i - 1];
	rcu_init_levelspread(rsp);

	/* Initialize the elements themselves, starting from the leaves. */
	for (i = rsp->num_lvls - 1; i >= 0; i--) {
		cpustride *= rsp->levelspread[i];
		rnp = rsp->level[i];
		for (j = 0; j < rsp->levelcnt[i]; j++, rnp++) {
			*rnp = (struct rcu_node){0};
			raw_spin_lock_init(&rnp->lock, class[i]);
			rnp->gpnum = 0;
			rnp->qsmask = 0;
			rnp->qsmaskinit = 0;
			rnp->grplo = j * cpustride;
			rnp->grphi = (j + 1) * cpustride - 1;
			if (rnp->grphi >= nr_cpu_ids)
				rnp->grphi = nr_cpu_ids - 1;
			if (i == 0) {
				rnp->grpnum = 0;
				rnp->grpmask = 0;
				rnp->parent = NULL;
			} else {
				rnp->grpnum = j % rsp->levelspread[i - 1];
				rnp->grpmask = 1ul << rnp->grpnum;
				rnp->parent = rsp->level[i - 1] + j / rsp->levelspread[i - 1];
			}
			rnp->level = i;
			INIT_LIST_HEAD(&rnp->blkd_tasks);
		}
	}

	rsp->rda = rda;
	rnp = rsp->level[rsp->num_lvls - 1];
	for (i = 0; i < NR_CPUS; i++) {
		rda[i] = (struct rcu_data){0};
		rcu_dynticks[i] = (struct rcu_dynticks){.dynticks_nesting = 1, .dynticks = 1};
		if (i >= nr_cpu_ids) {
			rda[i].mynode = rnp;
			rcu_boot_init_percpu_data(i, rsp);
			continue;
		}
		while (i > rnp->grphi)
			rnp++;
		rda[i].mynode = rnp;
		rcu_boot_init_percpu_data(i, rsp);
	}
}

/*
 * Boot: the rcu_preempt state, then CPU_UP_PREPARE for each CPU online at
 * this point (the machine the run starts with).
 */
void rcu_init(const struct topology *t)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	int cpu;

	rcu_scheduler_active = 0;
	rcu_scheduler_fully_active = 0;
	*rsp = (struct rcu_state){0};
	rsp->signaled = RCU_GP_IDLE;
	rsp->gpnum = (unsigned long)-300; /* RCU_STATE_INITIALIZER */
	rsp->completed = (unsigned long)-300;
	raw_spin_lock_init(&rsp->onofflock, LC_RCU_ONOFF);
	raw_spin_lock_init(&rsp->fqslock, LC_RCU_FQS);
	rcu_init_one(rsp, rcu_preempt_data, t->fanout);
	mutex_init(&rcu_barrier_mutex, LC_BARRIER_MUTEX);
	rcu_exp_init();
	rcu_boost_init();
	/* rcu_cpu_notify(CPU_UP_PREPARE) of each CPU online now: not yet fully active. */
	for_each_online_cpu(cpu)
		rcu_boot_cpu_up_prepare(cpu, rsp);
}

/*
 * The early initcall: rcu_spawn_kthreads() of the boost section; @early,
 * on the main loop, also the affinity CPU_ONLINE would give the node
 * kthreads.
 */
void rcu_spawn_kthreads(int early)
{
	rcu_scheduler_fully_active = 1;
	rcu_spawn_boost_kthreads(early);
	if (early)
		rcu_boot_kthreads_affinity();
}

int rcu_scheduler_is_fully_active(void)
{
	return rcu_scheduler_fully_active;
}

/* CONFIG_TREE_PREEMPT_RCU's entry points (rcupdate.h). */
const struct rcu_implementation tree_preempt_rcu = {
	.__rcu_read_lock = __rcu_read_lock,
	.__rcu_read_unlock = __rcu_read_unlock,
	.rcu_note_context_switch = rcu_note_context_switch,
	.rcu_check_callbacks = rcu_check_callbacks,
	.rcu_process_callbacks = rcu_process_callbacks,
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
	.rcu_cpu_notify = rcu_cpu_notify,
	.rcu_force_quiescent_state = rcu_force_quiescent_state,
};
