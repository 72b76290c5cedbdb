/* SPDX-License-Identifier: MIT */
/*
 * The article's Quick Quiz 5 asks how to remove restriction 2, that a
 * possibly-preempted reader must not end with a runqueue or
 * priority-inheritance lock held, and answers it twice.  Each answer is a
 * cure (docs/experiments.md) that acts where those locks are taken and
 * released (spinlock.c calls in here for every lock, and the class says
 * which are the scheduler's), and where schedule() hands rq->lock from prev
 * to next (context_switch()).
 *
 * sched_lock_reader, answer 1: "Enclose all runqueue or priority-inheritance
 * critical section in an RCU read-side critical section.  This would mean
 * that any rcu_read_unlock() that executed with one of these locks held
 * would be inside the enclosing RCU read-side critical section, and thus
 * would be guaranteed not to invoke rcu_read_unlock_special().  However,
 * this approach would add overhead to the scheduler's fastpaths and
 * requires yet another odd hand-crafted handoff at context-switch time."
 * The enclosing section protects nothing itself, so it is the bare
 * __rcu_read_lock()/__rcu_read_unlock(), unseen by the black-box oracle
 * (the readers inside it are seen as ever).
 *
 * sched_lock_cleanup, answer 2: "Keep some per-task state indicating that
 * at least one scheduler lock is held.  Then rcu_read_unlock_special()
 * could set another per-task variable indicating that cleanup is required.
 * The scheduler could check this flag when releasing its locks."  The state
 * is ->sched_lock_depth; rcu_read_unlock_special() sets
 * ->rcu_unlock_cleanup_owed (tree_plugin.c), and the release of the last
 * lock runs rcu_read_unlock_cleanup().  An interrupt counts on the task it
 * interrupts, as it runs on its stack; rq->lock's count goes with the lock
 * at a context switch, as answer 1's reader does.
 */
#include "sched_lock.h"

#include "task.h"
#include "../rcu/rcu.h"

static int sched_lock(int cls)
{
	return cls == LC_RQ || cls == LC_PI;
}

void sched_lock_enter(const raw_spinlock_t *l)
{
	if (sw(SW_sched_lock_reader) && sched_lock(l->class_idx))
		__rcu_read_lock();
}

void sched_lock_held(const raw_spinlock_t *l, int delta)
{
	if (sw(SW_sched_lock_cleanup) && sched_lock(l->class_idx))
		current->sched_lock_depth += delta;
}

void sched_lock_exit(int cls)
{
	struct task_struct *t = current;

	if (!sched_lock(cls))
		return;
	if (sw(SW_sched_lock_reader))
		__rcu_read_unlock();
	if (sw(SW_sched_lock_cleanup) && t->sched_lock_depth == 0 && t->rcu_unlock_cleanup_owed)
		rcu_read_unlock_cleanup(t);
}

void sched_lock_handoff(struct task_struct *prev, struct task_struct *next)
{
	/* Answer 1: the reader that encloses rq->lock goes with it. */
	if (sw(SW_sched_lock_reader)) {
		prev->rcu_read_lock_nesting--;
		next->rcu_read_lock_nesting++;
	}
	/* Answer 2: so does the count of scheduler locks held. */
	if (sw(SW_sched_lock_cleanup)) {
		prev->sched_lock_depth--;
		next->sched_lock_depth++;
	}
}
