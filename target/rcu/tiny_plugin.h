/* SPDX-License-Identifier: MIT */
/*
 * TINY_PREEMPT_RCU's preemptible part, after 3.0's kernel/rcutiny_plugin.h,
 * in its order, included by tiny.c as 3.0's rcutiny.c includes it (every
 * function static to that one file): the callback control blocks, the
 * predicates on rcu_preempt_ctrlblk, priority boosting (rcu_boost(),
 * rcu_initiate_boost()), the CPU's quiescent state and the start of a grace
 * period, the context-switch hook, the readers (__rcu_read_lock(),
 * rcu_read_unlock_special(), __rcu_read_unlock()), the tick's check,
 * call_rcu(), rcu_barrier(), synchronize_rcu(), the expedited grace
 * period and rcu_preempt_needs_cpu().  Left out: the RCU_TRACE statistics
 * and debugfs file, exit_rcu() (no task exits inside a reader in the
 * model).
 *
 * One CPU, so no locks: everything that touches shared RCU state runs with
 * irqs disabled, which on !SMP excludes everyone else.  Interrupts and
 * preemption land only where irqs are on (POINT()s).
 *
 * The switches tiny_unlock_nesting_guard and tiny_softirq_exclusion turn
 * on the code upstream gave this file in v3.4 (3.1-3.3 keep 3.0's), the
 * counterparts of 10f39bb1 and ec433f0c; tiny_gp_for_waiting_cbs is our fix
 * of the stranded callback (rcu_preempt_needs_another_gp()).
 */

/* Global control variables for rcupdate callback mechanism. */
static struct rcu_ctrlblk rcu_sched_ctrlblk;
static struct rcu_ctrlblk rcu_bh_ctrlblk;

static int rcu_scheduler_active; /* CONFIG_DEBUG_LOCK_ALLOC: the model runs lockdep */

struct rcu_preempt_ctrlblk rcu_preempt_ctrlblk;

static int rcu_preempted_readers_exp(void);
static int rcu_tiny_in_reader(void);
static void rcu_report_exp_done(void);
static void rcu_tiny_check_lists(void);

/* Return true if the CPU has not yet responded to the current grace period. */
static int rcu_cpu_blocking_cur_gp(void)
{
	return rcu_preempt_ctrlblk.gpcpu != rcu_preempt_ctrlblk.gpnum;
}

/*
 * Check for a running RCU reader.  Because there is only one CPU, there
 * can be but one running RCU reader at a time.  ;-)
 */
static int rcu_preempt_running_reader(void)
{
	return current->rcu_read_lock_nesting;
}

/*
 * Check for preempted RCU readers blocking any grace period.  If the
 * caller needs a reliable answer, it must disable hard irqs.
 */
static int rcu_preempt_blocked_readers_any(void)
{
	return !list_empty(&rcu_preempt_ctrlblk.blkd_tasks);
}

/*
 * Check for preempted RCU readers blocking the current grace period.  If
 * the caller needs a reliable answer, it must disable hard irqs.
 */
static int rcu_preempt_blocked_readers_cgp(void)
{
	return rcu_preempt_ctrlblk.gp_tasks != NULL;
}

/*
 * Return true if another preemptible-RCU grace period is needed.  With the
 * switch tiny_gp_for_waiting_cbs (the fix of the finding
 * corpus/findings/tiny-stranded-callback.scn; not upstream): also when the
 * callbacks the last grace period's end left waiting (->donetail to
 * ->curtail, not done at once because a reader was still queued) have no
 * grace period to wait for, as Tree's cpu_needs_another_gp() asks of every
 * callback not done; the switch also has the tick ask it
 * (rcu_preempt_check_callbacks()).  The caller has checked that no grace
 * period runs.
 */
static int rcu_preempt_needs_another_gp(void)
{
	if (sw(SW_tiny_gp_for_waiting_cbs))
		return *rcu_preempt_ctrlblk.rcb.donetail != NULL;
	return *rcu_preempt_ctrlblk.rcb.curtail != NULL;
}

/* Return true if a preemptible-RCU grace period is in progress.  The caller must disable hardirqs.
 */
static int rcu_preempt_gp_in_progress(void)
{
	return rcu_preempt_ctrlblk.completed != rcu_preempt_ctrlblk.gpnum;
}

/* Advance a ->blkd_tasks-list pointer to the next entry, NULL at the end of the list. */
static struct list_head *rcu_next_node_entry(struct task_struct *t)
{
	struct list_head *np;

	np = t->rcu_node_entry.next;
	if (np == &rcu_preempt_ctrlblk.blkd_tasks)
		np = NULL;
	return np;
}

/* ---- CONFIG_RCU_BOOST (each function's #else is its !kconfig.rcu_boost branch) ---- */

/*
 * Carry out RCU priority boosting on the task indicated by ->boost_tasks
 * (or ->exp_tasks).  The pointer is not advanced: the booster stays in
 * rt_mutex_lock() until the task leaves its read-side critical section,
 * which moves the pointers on.  Returns 1 if there is more to boost.
 */
static int rcu_boost(void)
{
	unsigned long flags;
	struct rt_mutex mtx;
	struct task_struct *t;
	struct list_head *tb;

	KFUNC();
	if (!kconfig.rcu_boost)
		return 0;
	if (rcu_preempt_ctrlblk.boost_tasks == NULL && rcu_preempt_ctrlblk.exp_tasks == NULL)
		return 0; /* Nothing to boost. */
	/* The kthread can be preempted here: hence the recheck below. */
	POINT("tasks to boost, before raw_local_irq_save");
	local_irq_save(flags); /* raw_local_irq_save() */

	/*
	 * Recheck with irqs disabled: all tasks in need of boosting might
	 * exit their RCU read-side critical sections on their own if we are
	 * preempted just before disabling irqs.
	 */
	if (rcu_preempt_ctrlblk.boost_tasks == NULL && rcu_preempt_ctrlblk.exp_tasks == NULL) {
		local_irq_restore(flags);
		return 0;
	}

	/*
	 * Preferentially boost tasks blocking expedited grace periods.  This
	 * cannot starve the normal grace periods because a second expedited
	 * grace period must boost all blocked tasks, including those blocking
	 * the pre-existing normal grace period.
	 */
	if (rcu_preempt_ctrlblk.exp_tasks != NULL)
		tb = rcu_preempt_ctrlblk.exp_tasks;
	else
		tb = rcu_preempt_ctrlblk.boost_tasks;

	/*
	 * We boost task t by manufacturing an rt_mutex that appears to be
	 * held by task t.  We leave a pointer to that rt_mutex where task t
	 * can find it, and task t will release the mutex when it exits its
	 * outermost RCU read-side critical section.  The write to t's
	 * ->rcu_read_unlock_special is another task's field, but on one CPU
	 * with irqs off nothing can run between its load and its store (the
	 * reason 7765be2f left this file alone).
	 */
	t = list_entry(tb, struct task_struct, rcu_node_entry);
	task_use_check(t, "rcu_boost");
	rt_mutex_init_proxy_locked(&mtx, t);
	t->rcu_boost_mutex = &mtx;
	t->rcu_read_unlock_special |= RCU_READ_UNLOCK_BOOSTED;
	local_irq_restore(flags);
	rt_mutex_lock(&mtx);
	rt_mutex_unlock(&mtx); /* Keep lockdep happy. */

	return rcu_preempt_ctrlblk.boost_tasks != NULL || rcu_preempt_ctrlblk.exp_tasks != NULL;
}

/*
 * Check to see if it is now time to start boosting RCU readers blocking
 * the current grace period, and, if so, tell the rcu_kthread_task to start
 * boosting them.  If there is an expedited boost in progress, we wait for
 * it to complete.
 *
 * If there are no blocked readers blocking the current grace period,
 * return 0 to let the caller know, otherwise return 1.  Note that this
 * return value is independent of whether or not boosting was done.
 */
static int rcu_initiate_boost(void)
{
	KFUNC();
	if (!kconfig.rcu_boost)
		return rcu_preempt_blocked_readers_cgp();
	if (!rcu_preempt_blocked_readers_cgp() && rcu_preempt_ctrlblk.exp_tasks == NULL)
		return 0;
	if (rcu_preempt_ctrlblk.exp_tasks != NULL ||
	    (rcu_preempt_ctrlblk.gp_tasks != NULL && rcu_preempt_ctrlblk.boost_tasks == NULL &&
	     ULONG_CMP_GE(jiffies, rcu_preempt_ctrlblk.boost_time))) {
		if (rcu_preempt_ctrlblk.exp_tasks == NULL)
			rcu_preempt_ctrlblk.boost_tasks = rcu_preempt_ctrlblk.gp_tasks;
		invoke_rcu_kthread();
	}
	return 1;
}

/* Do priority-boost accounting for the start of a new grace period. */
static void rcu_preempt_boost_start_gp(void)
{
	if (!kconfig.rcu_boost)
		return;
	/* RCU_BOOST_DELAY_JIFFIES: DIV_ROUND_UP(CONFIG_RCU_BOOST_DELAY * HZ, 1000). */
	rcu_preempt_ctrlblk.boost_time = jiffies + kconfig_ms_to_jiffies(kconfig.rcu_boost_delay);
}

/* ---- grace periods ---- */

/*
 * Record a preemptible-RCU quiescent state for the specified CPU.  Callers
 * must disable irqs in order to protect the assignment to
 * ->rcu_read_unlock_special.
 *
 * Because this is a single-CPU implementation, the only way a grace period
 * can end is if the CPU is in a quiescent state: when the last task
 * blocking the current grace period exits its RCU read-side critical
 * section, neither the CPU nor blocked tasks will be stopping the current
 * grace period.
 */
static void rcu_preempt_cpu_qs(void)
{
	KFUNC();
	/* Record both CPU and task as having responded to current GP. */
	rcu_preempt_ctrlblk.gpcpu = rcu_preempt_ctrlblk.gpnum;
	current->rcu_read_unlock_special &= ~RCU_READ_UNLOCK_NEED_QS;

	/* If there is no GP then there is nothing more to do.  */
	if (!rcu_preempt_gp_in_progress())
		return;
	/* Check up on boosting.  If there are readers blocking the current grace period, leave. */
	if (rcu_initiate_boost())
		return;

	/* Advance callbacks. */
	rcu_preempt_ctrlblk.completed = rcu_preempt_ctrlblk.gpnum;
	rcu_preempt_ctrlblk.rcb.donetail = rcu_preempt_ctrlblk.rcb.curtail;
	rcu_preempt_ctrlblk.rcb.curtail = rcu_preempt_ctrlblk.nexttail;

	/*
	 * If there are no blocked readers, next GP is done instantly.  Not
	 * when a reader runs (switch tiny_next_gp_needs_qs, ours): the tick
	 * gets here inside one once this CPU has checked in for the current
	 * GP (rcu_preempt_check_callbacks()), and the callbacks queued since
	 * that reader began must wait for it
	 * (docs/findings/tiny-preempt-rcu.md, "The instant grace period").
	 */
	if (!rcu_preempt_blocked_readers_any() &&
	    !(sw(SW_tiny_next_gp_needs_qs) && rcu_tiny_in_reader()))
		rcu_preempt_ctrlblk.rcb.donetail = rcu_preempt_ctrlblk.nexttail;

	/* If there are done callbacks, cause them to be invoked. */
	if (*rcu_preempt_ctrlblk.rcb.donetail != NULL)
		invoke_rcu_kthread();
}

/* Start a new RCU grace period if warranted.  Hard irqs must be disabled. */
static void rcu_preempt_start_gp(void)
{
	KFUNC();
	if (!rcu_preempt_gp_in_progress() && rcu_preempt_needs_another_gp()) {
		/* Official start of GP. */
		rcu_preempt_ctrlblk.gpnum++;

		/* Any blocked RCU readers block new GP. */
		if (rcu_preempt_blocked_readers_any())
			rcu_preempt_ctrlblk.gp_tasks = rcu_preempt_ctrlblk.blkd_tasks.next;

		/* Set up for RCU priority boosting. */
		rcu_preempt_boost_start_gp();

		/* If there is no running reader, CPU is done with GP. */
		if (!rcu_preempt_running_reader())
			rcu_preempt_cpu_qs();
	}
}

/* ---- readers ---- */

static void rcu_read_unlock_special(struct task_struct *t);

/*
 * Is t within its read-side critical section?  3.0 asks for a nonzero
 * count; with v3.4's guard (tiny_unlock_nesting_guard) a negative count is
 * an outermost __rcu_read_unlock() in flight, no longer a reader.
 */
static int rcu_tiny_in_reader(void)
{
	if (sw(SW_tiny_unlock_nesting_guard))
		return rcu_preempt_running_reader() > 0;
	return rcu_preempt_running_reader() != 0;
}

/*
 * We have entered the scheduler, and the current task might soon be
 * context-switched away from.  If this task is in an RCU read-side
 * critical section, we will no longer be able to rely on the CPU to record
 * that fact, so we enqueue the task on the blkd_tasks list.  If the task
 * started after the current grace period began, as recorded by ->gpcpu, we
 * enqueue at the beginning of the list and it blocks only the next grace
 * period; otherwise it also becomes ->gp_tasks.  The task will dequeue
 * itself when it exits the outermost enclosing RCU read-side critical
 * section.  Caller must disable preemption.
 */
static void rcu_preempt_note_context_switch(void)
{
	struct task_struct *t = current;
	unsigned long flags;

	KFUNC();
	local_irq_save(flags); /* must exclude scheduler_tick(). */
	if (rcu_tiny_in_reader() && (t->rcu_read_unlock_special & RCU_READ_UNLOCK_BLOCKED) == 0) {
		/* Possibly blocking in an RCU read-side critical section. */
		t->rcu_read_unlock_special |= RCU_READ_UNLOCK_BLOCKED;
		INVARIANT("blocked-task-already-queued", !list_linked(&t->rcu_node_entry));

		/*
		 * If this CPU has already checked in, then this task will hold
		 * up the next grace period rather than the current grace
		 * period.  Queue the task accordingly.
		 */
		list_add(&t->rcu_node_entry, &rcu_preempt_ctrlblk.blkd_tasks);
		if (rcu_cpu_blocking_cur_gp())
			rcu_preempt_ctrlblk.gp_tasks = &t->rcu_node_entry;
		rcu_tiny_check_lists();
		feedback_reader_state();
	} else if (sw(SW_tiny_unlock_nesting_guard) && rcu_preempt_running_reader() < 0 &&
		   t->rcu_read_unlock_special) {
		/*
		 * Complete exit from RCU read-side critical section on behalf
		 * of preempted instance of __rcu_read_unlock().
		 */
		rcu_read_unlock_special(t);
	}

	/*
	 * Either we were not in an RCU read-side critical section to begin
	 * with, or we have now recorded that critical section globally.
	 * Either way, we can now note a quiescent state for this CPU.
	 */
	rcu_preempt_cpu_qs();
	local_irq_restore(flags);
}

/*
 * Tiny-preemptible RCU implementation for rcu_read_lock().  Just increment
 * ->rcu_read_lock_nesting, shared state will be updated if we block.
 */
static void __rcu_read_lock(void)
{
	current->rcu_read_lock_nesting++;
}

/*
 * Handle special cases during rcu_read_unlock(), such as needing to notify
 * RCU core processing or task having blocked during the RCU read-side
 * critical section.  Irqs stay disabled throughout: on one CPU that is all
 * the exclusion RCU's state needs; the wakeups and the deboost below run
 * with them off.
 */
static void rcu_read_unlock_special(struct task_struct *t)
{
	int empty;
	int empty_exp;
	unsigned long flags;
	struct list_head *np;
	int special;

	KFUNC();
	/*
	 * NMI handlers cannot block and cannot safely manipulate state.  They
	 * therefore cannot possibly be special, so just leave.
	 */
	if (in_nmi())
		return;

	local_irq_save(flags);
	feedback_reader_state();

	/*
	 * If RCU core is waiting for this CPU to exit critical section, let
	 * it know that we have done so.  Before the in_irq() test: an
	 * interrupt handler's reader can end the grace period here.
	 */
	special = t->rcu_read_unlock_special;
	if (special & RCU_READ_UNLOCK_NEED_QS)
		rcu_preempt_cpu_qs();

	/* Hardware IRQ handlers cannot block (v3.4: nor can softirq handlers). */
	if (in_irq() || (sw(SW_tiny_softirq_exclusion) && in_serving_softirq())) {
		local_irq_restore(flags);
		return;
	}

	/* Clean up if blocked during RCU read-side critical section. */
	if (special & RCU_READ_UNLOCK_BLOCKED) {
		t->rcu_read_unlock_special &= ~RCU_READ_UNLOCK_BLOCKED;

		/*
		 * Remove this task from the ->blkd_tasks list and adjust any
		 * pointers that might have been referencing it.
		 */
		MODEL_CHECK("blocked-bit-without-blkd-tasks-entry",
			    list_linked(&t->rcu_node_entry));
		empty = !rcu_preempt_blocked_readers_cgp();
		empty_exp = rcu_preempt_ctrlblk.exp_tasks == NULL;
		np = rcu_next_node_entry(t);
		list_del_init(&t->rcu_node_entry);
		if (&t->rcu_node_entry == rcu_preempt_ctrlblk.gp_tasks)
			rcu_preempt_ctrlblk.gp_tasks = np;
		if (&t->rcu_node_entry == rcu_preempt_ctrlblk.exp_tasks)
			rcu_preempt_ctrlblk.exp_tasks = np;
		if (kconfig.rcu_boost && &t->rcu_node_entry == rcu_preempt_ctrlblk.boost_tasks)
			rcu_preempt_ctrlblk.boost_tasks = np;
		rcu_tiny_check_lists();

		/*
		 * If this was the last task on the current list, and if we
		 * aren't waiting on the CPU, report the quiescent state and
		 * start a new grace period if needed.
		 */
		if (!empty && !rcu_preempt_blocked_readers_cgp()) {
			rcu_preempt_cpu_qs();
			rcu_preempt_start_gp();
		}

		/* If this was the last task on the expedited lists, then we need wake up the
		 * waiting task. */
		if (!empty_exp && rcu_preempt_ctrlblk.exp_tasks == NULL)
			rcu_report_exp_done();
	}
	/* Unboost self if was boosted (RCU_BOOST; v3.4 tests ->rcu_boost_mutex instead: the same
	 * here). */
	if (kconfig.rcu_boost && (special & RCU_READ_UNLOCK_BOOSTED)) {
		t->rcu_read_unlock_special &= ~RCU_READ_UNLOCK_BOOSTED;
		/* 3.0 dereferences it unchecked: NULL here is an oops. */
		INVARIANT("rcu_boost_mutex-NULL-pointer-dereference", t->rcu_boost_mutex != NULL);
		rt_mutex_unlock(t->rcu_boost_mutex);
		t->rcu_boost_mutex = NULL;
	}
	local_irq_restore(flags);
}

/*
 * Tiny-preemptible RCU implementation for rcu_read_unlock().  Decrement
 * ->rcu_read_lock_nesting.  If the result is zero (outermost
 * rcu_read_unlock()) and ->rcu_read_unlock_special is non-zero, then invoke
 * rcu_read_unlock_special() to clean up after a context switch in an RCU
 * read-side critical section and other special cases.
 *
 * 3.0's shape is 10f39bb1's "before": between the decrement and the load
 * of ->rcu_read_unlock_special the count is already zero, so a reader in
 * an interrupt landing there ends an outermost section on this task's
 * behalf.  v3.4 (tiny_unlock_nesting_guard) parks the count at INT_MIN
 * across the special processing, as 10f39bb1 did for Tree.
 */
static void __rcu_read_unlock(void)
{
	struct task_struct *t = current;

	KFUNC();
	if (sw(SW_tiny_unlock_nesting_guard)) {
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
	--t->rcu_read_lock_nesting;
	POINT("nesting decremented, before special check");
	if (t->rcu_read_lock_nesting == 0 && t->rcu_read_unlock_special)
		rcu_read_unlock_special(t);
	/* CONFIG_PROVE_LOCKING's WARN_ON_ONCE(). */
	INVARIANT("rcu_read_lock_nesting-negative", t->rcu_read_lock_nesting >= 0);
}

/*
 * Check for a quiescent state from the current CPU.  When a task blocks,
 * the task is recorded in the rcu_preempt_ctrlblk structure, which is
 * checked elsewhere.  This is called from the scheduling-clock interrupt.
 * Caller must disable hard irqs.
 */
static void rcu_preempt_check_callbacks(void)
{
	struct task_struct *t = current;

	KFUNC();
	if (rcu_preempt_gp_in_progress() &&
	    (!rcu_preempt_running_reader() || !rcu_cpu_blocking_cur_gp()))
		rcu_preempt_cpu_qs();
	/*
	 * Not in 3.0: with tiny_gp_for_waiting_cbs the tick also starts the
	 * grace period waiting callbacks need, as Tree's rcu_process_callbacks()
	 * does through cpu_needs_another_gp().  A grace period that ends here,
	 * in a context switch or in a NEED_QS unlock (rcu_preempt_cpu_qs()
	 * callers that do not go on to rcu_preempt_start_gp()) would otherwise
	 * strand them too.  Before the NEED_QS test, which then covers it.
	 */
	if (sw(SW_tiny_gp_for_waiting_cbs))
		rcu_preempt_start_gp();
	if (&rcu_preempt_ctrlblk.rcb.rcucblist != rcu_preempt_ctrlblk.rcb.donetail)
		invoke_rcu_kthread();
	if (rcu_preempt_gp_in_progress() && rcu_cpu_blocking_cur_gp() && rcu_tiny_in_reader())
		t->rcu_read_unlock_special |= RCU_READ_UNLOCK_NEED_QS;
}

/*
 * TINY_PREEMPT_RCU has an extra callback-list tail pointer to update, so
 * this is invoked from rcu_process_callbacks() to handle that case.
 */
static void rcu_preempt_remove_callbacks(struct rcu_ctrlblk *rcp)
{
	if (rcu_preempt_ctrlblk.nexttail == rcp->donetail)
		rcu_preempt_ctrlblk.nexttail = &rcp->rcucblist;
}

/* Process callbacks for preemptible RCU. */
static void rcu_preempt_process_callbacks(void)
{
	rcu_process_callbacks(&rcu_preempt_ctrlblk.rcb);
}

/* ---- the update side ---- */

/* Queue a preemptible-RCU callback for invocation after a grace period. */
static void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *rcu))
{
	unsigned long flags;

	KFUNC();
	head->func = func;
	head->next = NULL;

	local_irq_save(flags);
	*rcu_preempt_ctrlblk.nexttail = head;
	rcu_preempt_ctrlblk.nexttail = &head->next;
	rcu_preempt_start_gp(); /* checks to see if GP needed. */
	local_irq_restore(flags);
}

static void rcu_barrier(void)
{
	struct rcu_synchronize rcu;

	KFUNC();
	init_completion(&rcu.completion);
	/* Will wake me after RCU finished. */
	call_rcu(&rcu.head, wakeme_after_rcu);
	/* Wait for it. */
	wait_for_completion(&rcu.completion);
}

/*
 * synchronize_rcu - wait until a grace period has elapsed.  On one CPU a
 * reader in progress that is not the caller is a preempted one: none
 * queued, none to wait for.
 */
static void synchronize_rcu(void)
{
	struct gp_snapshot snap;

	KFUNC();
	/* CONFIG_DEBUG_LOCK_ALLOC: before the scheduler runs, return at once. */
	if (!rcu_scheduler_active)
		return;
	oracle_gp_begin(&snap);
	INVARIANT("synchronize_rcu-in-reader", !rcu_preempt_running_reader()); /* WARN_ON_ONCE */
	/* Once we get past the fastpath checks, same code as rcu_barrier(). */
	if (rcu_preempt_blocked_readers_any())
		rcu_barrier();
	oracle_gp_end(&snap, "synchronize_rcu", "synchronize_rcu");
}

static wait_queue_head_t sync_rcu_preempt_exp_wq;
static unsigned long sync_rcu_preempt_exp_count;
static struct mutex sync_rcu_preempt_exp_mutex;

/*
 * Return non-zero if there are any tasks in RCU read-side critical sections
 * blocking the current preemptible-RCU expedited grace period.
 */
static int rcu_preempted_readers_exp(void)
{
	return rcu_preempt_ctrlblk.exp_tasks != NULL;
}

/*
 * Report the exit from RCU read-side critical section for the last task
 * that queued itself during or before the current expedited
 * preemptible-RCU grace period.
 */
static void rcu_report_exp_done(void)
{
	KFUNC();
	wake_up(&sync_rcu_preempt_exp_wq);
}

/*
 * Wait for an rcu-preempt grace period, but expedite it.  The basic idea
 * is to rely in the fact that there is but one CPU, and that it is illegal
 * for a task to invoke synchronize_rcu_expedited() while in a
 * preemptible-RCU read-side critical section.  Therefore, any such critical
 * sections must correspond to blocked tasks, which must therefore be on the
 * ->blkd_tasks list.  So just record the current head of the list in the
 * ->exp_tasks pointer, and wait for all tasks including and after the task
 * pointed to by ->exp_tasks to drain.
 */
static void synchronize_rcu_expedited(void)
{
	unsigned long flags;
	struct rcu_preempt_ctrlblk *rpcp = &rcu_preempt_ctrlblk;
	unsigned long snap;
	struct gp_snapshot oracle;

	KFUNC();
	oracle_gp_begin(&oracle);
	INVARIANT("synchronize_rcu_expedited-in-reader",
		  !rcu_preempt_running_reader()); /* WARN_ON_ONCE */

	/*
	 * Acquire lock so that there is only one preemptible RCU grace period
	 * in flight.  Of course, if someone does the expedited grace period
	 * for us while we are acquiring the lock, just leave.
	 */
	snap = sync_rcu_preempt_exp_count + 1;
	mutex_lock(&sync_rcu_preempt_exp_mutex);
	if (ULONG_CMP_LT(snap, sync_rcu_preempt_exp_count))
		goto unlock_mb_ret; /* Others did our work for us. */

	local_irq_save(flags);

	/* Snapshot current head of ->blkd_tasks list. */
	rpcp->exp_tasks = rpcp->blkd_tasks.next;
	if (rpcp->exp_tasks == &rpcp->blkd_tasks)
		rpcp->exp_tasks = NULL;

	/* Wait for tail of ->blkd_tasks list to drain. */
	if (!rcu_preempted_readers_exp()) {
		local_irq_restore(flags);
	} else {
		rcu_initiate_boost();
		local_irq_restore(flags);
		wait_event(sync_rcu_preempt_exp_wq, !rcu_preempted_readers_exp());
	}

	/* Clean up and exit. */
	sync_rcu_preempt_exp_count++;
unlock_mb_ret:
	mutex_unlock(&sync_rcu_preempt_exp_mutex);
	oracle_gp_end(&oracle, "synchronize_rcu_expedited", "synchronize_rcu_expedited");
}

/*
 * Does preemptible RCU need the CPU to stay out of dynticks mode?  Called
 * with irqs off as the tick stops: a quiescent state if no reader runs.
 */
static int rcu_preempt_needs_cpu(void)
{
	KFUNC();
	if (!rcu_preempt_running_reader())
		rcu_preempt_cpu_qs();
	return rcu_preempt_ctrlblk.rcb.rcucblist != NULL;
}

/*
 * During boot, we forgive RCU lockdep issues.  After this function is
 * invoked, we start taking RCU lockdep issues seriously.
 */
static void rcu_scheduler_starting(void)
{
	rcu_scheduler_active = 1;
}

#define RCU_BOOST_PRIO 1 /* CONFIG_RCU_BOOST_PRIO's default, and 3.0's value without RCU_BOOST */

/* ---- model checks ---- */

static int on_blkd_tasks(const struct list_head *e)
{
	const struct list_head *p;

	list_for_each(p, &rcu_preempt_ctrlblk.blkd_tasks)
		if (p == e)
			return 1;
	return 0;
}

/* ->gp_tasks, ->exp_tasks and ->boost_tasks point into ->blkd_tasks, or are NULL. */
static void rcu_tiny_check_lists(void)
{
	const struct rcu_preempt_ctrlblk *c = &rcu_preempt_ctrlblk;

	MODEL_CHECK("gp_tasks-outside-blkd_tasks",
		    c->gp_tasks == NULL || on_blkd_tasks(c->gp_tasks));
	MODEL_CHECK("exp_tasks-outside-blkd_tasks",
		    c->exp_tasks == NULL || on_blkd_tasks(c->exp_tasks));
	MODEL_CHECK("boost_tasks-outside-blkd_tasks",
		    c->boost_tasks == NULL || on_blkd_tasks(c->boost_tasks));
}
