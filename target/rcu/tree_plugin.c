/* SPDX-License-Identifier: MIT */
/*
 * Preemptible RCU's readers, after 3.0's kernel/rcutree_plugin.h:
 * __rcu_read_lock(), the three shapes of __rcu_read_unlock() (3.0-rc,
 * be0e1e21, 10f39bb1), rcu_read_unlock_special(), readers queued on
 * ->blkd_tasks at a context switch, the tick's check, CPU offline moving
 * blocked readers to the root.
 */
#include "tree.h"

#include "../kernel/bug.h"
#include "../kernel/frame.h"
#include "../kernel/hooks.h"
#include "../kernel/preempt.h"
#include "../kernel/rtmutex.h"

#include <limits.h>

/* Pre-10f39bb1 a negative nesting counts as "in a reader" (!= 0); after, only > 0. */
static int in_reader(const struct task_struct *t)
{
	if (sw(SW_unlock_nesting_guard))
		return t->rcu_read_lock_nesting > 0;
	return t->rcu_read_lock_nesting != 0;
}

/*
 * The kernel's plain "t->rcu_read_unlock_special &= ~X" or "|= X": a load, a
 * point (another CPU may write the field in between), a store.  Before
 * 7765be2f the boost kthread writes a reader's field from another CPU, so a
 * store here can wipe out its bit, or its store can wipe out ours.
 */
void rcu_special_rmw(struct task_struct *t, int clear, int set)
{
	char old = t->rcu_read_unlock_special;

	if (!sw(SW_boosted_field))
		POINT("special: loaded, not yet stored");
	if (t->rcu_read_unlock_special != old && !sw(SW_boosted_field))
		INVARIANT("rcu_read_unlock_special-lost-update", 0);
	t->rcu_read_unlock_special = (char)((old & ~clear) | set);
}

void rcu_preempt_qs(int cpu)
{
	struct rcu_data *rdp = &rcu_preempt_data[cpu];
	struct task_struct *t = current;

	rdp->passed_quiesc_completed = rdp->gpnum - 1;
	rdp->passed_quiesc = 1;
	if (t->rcu_read_unlock_special & RCU_READ_UNLOCK_NEED_QS)
		rcu_special_rmw(t, RCU_READ_UNLOCK_NEED_QS, 0);
}

/* ---- ->blkd_tasks ---- */

/* Readers that block the current GP / the expedited GP. */
static int rcu_preempted_readers(const struct rcu_node *rnp)
{
	return rnp->gp_tasks != NULL;
}

static int rcu_preempted_readers_exp(const struct rcu_node *rnp)
{
	return rnp->exp_tasks != NULL;
}

static int on_list(const struct list_head *head, const struct list_head *e)
{
	const struct list_head *p;

	list_for_each(p, head)
		if (p == e)
			return 1;
	return 0;
}

/* Structural checks of one node's list and the pointers into it. */
void rcu_node_check_lists(const struct rcu_node *rnp)
{
	const struct list_head *p;

	INVARIANT("gp_tasks-outside-blkd_tasks",
		  rnp->gp_tasks == NULL || on_list(&rnp->blkd_tasks, rnp->gp_tasks));
	INVARIANT("exp_tasks-outside-blkd_tasks",
		  rnp->exp_tasks == NULL || on_list(&rnp->blkd_tasks, rnp->exp_tasks));
	INVARIANT("boost_tasks-outside-blkd_tasks",
		  rnp->boost_tasks == NULL || on_list(&rnp->blkd_tasks, rnp->boost_tasks));
	list_for_each(p, &rnp->blkd_tasks)
	{
		const struct task_struct *t = list_entry(p, struct task_struct, rcu_node_entry);

		INVARIANT("queued-task-not-blocked-on-node", t->rcu_blocked_node == rnp);
	}
}

void rcu_preempt_check_blocked_tasks(struct rcu_node *rnp)
{
	INVARIANT("gp-start-with-gp-tasks", !rcu_preempted_readers(rnp));
	if (!list_empty(&rnp->blkd_tasks))
		rnp->gp_tasks = rnp->blkd_tasks.next;
	INVARIANT("gp-start-with-qsmask", rnp->qsmask == 0);
}

/* The entry after t on its list, or NULL at the tail. */
static struct list_head *rcu_next_node_entry(struct task_struct *t, struct rcu_node *rnp)
{
	struct list_head *np = t->rcu_node_entry.next;

	return np == &rnp->blkd_tasks ? NULL : np;
}

/*
 * A blocked reader left and rnp may have nothing more holding the GP:
 * report up.  rnp locked, irqs off; releases the lock.
 */
void rcu_report_unblock_qs_rnp(struct rcu_node *rnp, unsigned long flags)
{
	unsigned long mask;
	struct rcu_node *rnp_p;

	KFUNC();
	if (rnp->qsmask != 0 || rcu_preempted_readers(rnp)) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	rnp_p = rnp->parent;
	if (rnp_p == NULL) {
		rcu_report_qs_rsp(&rcu_preempt_state, flags); /* releases rnp->lock */
		return;
	}
	mask = rnp->grpmask;
	raw_spin_unlock(&rnp->lock); /* irqs remain disabled */
	raw_spin_lock(&rnp_p->lock);
	rcu_report_qs_rnp(mask, &rcu_preempt_state, rnp_p, flags);
}

/* ---- the context switch and the tick ---- */

void rcu_preempt_note_context_switch(int cpu)
{
	struct task_struct *t = current;
	struct rcu_data *rdp;
	struct rcu_node *rnp;
	unsigned long flags;

	KFUNC();
	if (in_reader(t) && !(t->rcu_read_unlock_special & RCU_READ_UNLOCK_BLOCKED)) {
		/* Possibly blocking in an RCU read-side critical section. */
		rdp = &rcu_preempt_data[cpu];
		rnp = rdp->mynode;
		raw_spin_lock_irqsave(&rnp->lock, flags);
		t->rcu_read_unlock_special |= RCU_READ_UNLOCK_BLOCKED;
		t->rcu_blocked_node = rnp;
		INVARIANT("context-switch-on-cpu-not-in-qsmaskinit",
			  (rdp->grpmask & rnp->qsmaskinit) != 0);
		INVARIANT("blocked-task-already-queued", !list_linked(&t->rcu_node_entry));
		if ((rnp->qsmask & rdp->grpmask) && rnp->gp_tasks != NULL) {
			/* Block the current GP: queue just ahead of ->gp_tasks. */
			list_add(&t->rcu_node_entry, rnp->gp_tasks->prev);
			rnp->gp_tasks = &t->rcu_node_entry;
			if (rnp->boost_tasks != NULL)
				rnp->boost_tasks = rnp->gp_tasks;
		} else {
			list_add(&t->rcu_node_entry, &rnp->blkd_tasks);
			if (rnp->qsmask & rdp->grpmask)
				rnp->gp_tasks = &t->rcu_node_entry;
		}
		rcu_node_check_lists(rnp);
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		feedback_reader_state();
	} else if (sw(SW_unlock_nesting_guard) && t->rcu_read_lock_nesting < 0 &&
		   t->rcu_read_unlock_special) {
		/* Finish the preempted __rcu_read_unlock()'s special processing. */
		rcu_read_unlock_special(t);
	}
	/* Either not in a reader, or now queued: a quiescent state either way. */
	local_irq_save(flags);
	rcu_preempt_qs(cpu);
	local_irq_restore(flags);
}

void rcu_note_context_switch(int cpu)
{
	rcu_preempt_note_context_switch(cpu);
}

void rcu_preempt_check_callbacks(int cpu)
{
	struct task_struct *t = current;

	if (t->rcu_read_lock_nesting == 0) {
		rcu_preempt_qs(cpu);
		return;
	}
	if ((!sw(SW_unlock_nesting_guard) || t->rcu_read_lock_nesting > 0) &&
	    rcu_preempt_data[cpu].qs_pending)
		rcu_special_rmw(t, 0, RCU_READ_UNLOCK_NEED_QS);
}

/* ---- the read side ---- */

void rcu_read_lock(void)
{
	struct task_struct *t = current;

	oracle_reader_lock();
	t->rcu_read_lock_nesting++;
}

void rcu_reader_deref(void)
{
	if (current->oracle_depth > 0)
		oracle_deref();
}

/*
 * The slow path of leaving the outermost reader: report a pending QS, and
 * if the reader was preempted, dequeue it, report what it blocked, deboost.
 */
void rcu_read_unlock_special(struct task_struct *t)
{
	int empty, empty_exp, special;
	unsigned long flags;
	struct list_head *np;
	struct rcu_node *rnp;

	KFUNC();
	if (in_nmi())
		return;
	local_irq_save(flags);
	feedback_reader_state();
	/* Respond to a need for a quiescent state. */
	special = t->rcu_read_unlock_special;
	if (special & RCU_READ_UNLOCK_NEED_QS)
		rcu_preempt_qs(smp_processor_id());
	/* Hardware irq handlers cannot block (ec433f0c: nor can softirq handlers). */
	if (in_irq() || (sw(SW_softirq_exclusion) && in_serving_softirq())) {
		local_irq_restore(flags);
		return;
	}
	if (!(special & RCU_READ_UNLOCK_BLOCKED)) {
		local_irq_restore(flags);
		return;
	}
	rcu_special_rmw(t, RCU_READ_UNLOCK_BLOCKED, 0);
	/* Lock the node t is queued on; offlining may move t once. */
	for (;;) {
		rnp = t->rcu_blocked_node;
		INVARIANT("blocked-bit-without-blkd-tasks-entry", rnp != NULL);
		raw_spin_lock(&rnp->lock);
		if (rnp == t->rcu_blocked_node)
			break;
		raw_spin_unlock(&rnp->lock);
	}
	empty = !rcu_preempted_readers(rnp);
	empty_exp = !rcu_preempted_readers_exp(rnp);
	np = rcu_next_node_entry(t, rnp);
	if (sw(SW_busted_skip_dequeue)) {
		/* Broken on purpose: leave t on ->blkd_tasks. */
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	list_del_init(&t->rcu_node_entry);
	if (&t->rcu_node_entry == rnp->gp_tasks)
		rnp->gp_tasks = np;
	if (&t->rcu_node_entry == rnp->exp_tasks)
		rnp->exp_tasks = np;
	if (&t->rcu_node_entry == rnp->boost_tasks)
		rnp->boost_tasks = np;
	if (sw(SW_boosted_field) && t->rcu_boosted) {
		special |= RCU_READ_UNLOCK_BOOSTED;
		t->rcu_boosted = 0;
	}
	t->rcu_blocked_node = NULL;
	rcu_node_check_lists(rnp);
	POINT("dequeued");
	/* The last task blocking this GP on rnp: report the QS up the tree. */
	if (empty)
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	else
		rcu_report_unblock_qs_rnp(rnp, flags);
	/* Unboost if we were boosted. */
	if (special & RCU_READ_UNLOCK_BOOSTED) {
		if (!sw(SW_boosted_field))
			rcu_special_rmw(t, RCU_READ_UNLOCK_BOOSTED, 0);
		if (t->rcu_boost_mutex != NULL && !sw(SW_busted_no_deboost))
			rt_mutex_unlock(t->rcu_boost_mutex);
		t->rcu_boost_mutex = NULL;
	}
	/* The last task blocking the expedited GP on rnp: report up. */
	if (sw(SW_exp_preempt) && !empty_exp && !rcu_preempted_readers_exp(rnp))
		rcu_report_exp_rnp(&rcu_preempt_state, rnp);
}

/* The shapes of __rcu_read_unlock(). */
static void __rcu_read_unlock(struct task_struct *t)
{
	KFUNC();
	if (sw(SW_unlock_nesting_guard)) {
		/* 10f39bb1: INT_MIN while the special check runs. */
		if (t->rcu_read_lock_nesting != 1) {
			--t->rcu_read_lock_nesting;
		} else {
			t->rcu_read_lock_nesting = INT_MIN;
			POINT("nesting INT_MIN, before special check");
			if (t->rcu_read_unlock_special)
				rcu_read_unlock_special(t);
			POINT("special done, before nesting = 0");
			t->rcu_read_lock_nesting = 0;
		}
		INVARIANT("rcu_read_lock_nesting-negative",
			  t->rcu_read_lock_nesting >= 0 || t->rcu_read_lock_nesting <= INT_MIN / 2);
		return;
	}
	if (sw(SW_unlock_streamline)) {
		/* be0e1e21 */
		if (--t->rcu_read_lock_nesting == 0) {
			POINT("nesting 0, before special check");
			if (t->rcu_read_unlock_special)
				rcu_read_unlock_special(t);
		}
	} else {
		/* 3.0-rc */
		--t->rcu_read_lock_nesting;
		POINT("nesting decremented, before special check");
		if (t->rcu_read_lock_nesting == 0 && t->rcu_read_unlock_special)
			rcu_read_unlock_special(t);
	}
	INVARIANT("rcu_read_lock_nesting-negative", t->rcu_read_lock_nesting >= 0);
}

void rcu_read_unlock(void)
{
	struct task_struct *t = current;

	oracle_reader_unlock();
	__rcu_read_unlock(t);
}

/* ---- CPU offline ---- */

/*
 * The last CPU of leaf rnp goes offline: move its blocked readers to the
 * root, carrying the gp/exp/boost pointers.  rnp locked, irqs off.
 */
int rcu_preempt_offline_tasks(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp)
{
	struct rcu_node *rnp_root = rcu_get_root(rsp);
	struct list_head *lp, *lp_root;
	int retval = 0;

	KFUNC();
	if (rnp == rnp_root) {
		INVARIANT("last-cpu-offlined", 0);
		return 0;
	}
	INVARIANT("offline-node-not-mynode", rnp == rdp->mynode);
	if (rcu_preempted_readers(rnp))
		retval |= RCU_OFL_TASKS_NORM_GP;
	if (rcu_preempted_readers_exp(rnp))
		retval |= RCU_OFL_TASKS_EXP_GP;
	lp = &rnp->blkd_tasks;
	lp_root = &rnp_root->blkd_tasks;
	while (!list_empty(lp)) {
		/* Oldest first, so the root's list keeps the leaf's order. */
		struct task_struct *tp = list_entry(lp->prev, struct task_struct, rcu_node_entry);

		raw_spin_lock(&rnp_root->lock);
		list_del_init(&tp->rcu_node_entry);
		tp->rcu_blocked_node = rnp_root;
		list_add(&tp->rcu_node_entry, lp_root);
		if (&tp->rcu_node_entry == rnp->gp_tasks)
			rnp_root->gp_tasks = rnp->gp_tasks;
		if (&tp->rcu_node_entry == rnp->exp_tasks)
			rnp_root->exp_tasks = rnp->exp_tasks;
		if (&tp->rcu_node_entry == rnp->boost_tasks)
			rnp_root->boost_tasks = rnp->boost_tasks;
		raw_spin_unlock(&rnp_root->lock);
	}
	rnp->gp_tasks = NULL;
	rnp->exp_tasks = NULL;
	rnp->boost_tasks = NULL;
	raw_spin_lock(&rnp_root->lock);
	if (rnp_root->boost_tasks != NULL && rnp_root->boost_tasks != rnp_root->gp_tasks)
		rnp_root->boost_tasks = rnp_root->gp_tasks;
	rcu_node_check_lists(rnp_root);
	raw_spin_unlock(&rnp_root->lock);
	return retval;
}
