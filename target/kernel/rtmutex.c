/* SPDX-License-Identifier: MIT */
/*
 * kernel/rtmutex.c of 3.0, function by function in its order (line numbers
 * are 3.0.1's).  3.0 has 2.6.39's 8161239a ("rtmutex: Simplify PI algorithm
 * and make highest prio task get lock"): there is no pending owner.  An
 * unlock with waiters sets the owner to NULL, keeps the waiters bit and
 * wakes the top waiter; whoever reaches try_to_take_rt_mutex() first with
 * a high enough priority gets the lock.
 *
 * Every spinlock acquisition is a point (spinlock.c), so other CPUs run
 * where 3.0's could; a cmpxchg of the owner word is one step, as the atomic
 * instruction is.  Configuration: no CONFIG_DEBUG_RT_MUTEXES (the fast
 * paths exist), except its unlock-by-non-owner check.  docs/rtmutex.md has
 * what is left out and why.
 *
 * The cure wait_lock_irqsafe is b4abf91047cf ("rtmutex: Make wait_lock irq
 * safe", 4.6): ->wait_lock is always taken with irqs disabled, so that a
 * reader may deboost with irqs off under a lock that an irq takes
 * (docs/experiments.md).
 */
#include "rtmutex.h"

#include "bug.h"
#include "frame.h"
#include "lockdep.h"
#include "preempt.h"
#include "sched.h"
#include "wait.h"
#include "../config/history.h"

#include <errno.h>

/* ---- the owner word (20-91; rtmutex_common.h:59-101) ---- */

static void rt_mutex_set_owner(struct rt_mutex *lock, struct task_struct *owner)
{
	uintptr_t val = (uintptr_t)owner;

	if (rt_mutex_has_waiters(lock))
		val |= RT_MUTEX_HAS_WAITERS;
	lock->owner = (struct task_struct *)val;
}

static void clear_rt_mutex_waiters(struct rt_mutex *lock)
{
	lock->owner = (struct task_struct *)((uintptr_t)lock->owner & ~RT_MUTEX_HAS_WAITERS);
}

static void fixup_rt_mutex_waiters(struct rt_mutex *lock)
{
	if (!rt_mutex_has_waiters(lock))
		clear_rt_mutex_waiters(lock);
}

/* cmpxchg(&lock->owner, old, new) == old: one step, no point inside. */
static int rt_mutex_cmpxchg(struct rt_mutex *lock, struct task_struct *old, struct task_struct *new)
{
	if (lock->owner != old)
		return 0;
	lock->owner = new;
	return 1;
}

/* The cmpxchg loop of 76-83: bit 0 set, whoever owns the lock. */
static void mark_rt_mutex_waiters(struct rt_mutex *lock)
{
	lock->owner = (struct task_struct *)((uintptr_t)lock->owner | RT_MUTEX_HAS_WAITERS);
}

static struct rt_mutex_waiter *rt_mutex_top_waiter(struct rt_mutex *lock)
{
	struct rt_mutex_waiter *w =
		plist_first_entry(&lock->wait_list, struct rt_mutex_waiter, list_entry);

	INVARIANT("rt_mutex_top_waiter-of-another-lock", w->lock == lock); /* 3.0's BUG_ON */
	return w;
}

static int task_has_pi_waiters(struct task_struct *p)
{
	return !plist_head_empty(&p->pi_waiters);
}

static struct rt_mutex_waiter *task_top_pi_waiter(struct task_struct *p)
{
	return plist_first_entry(&p->pi_waiters, struct rt_mutex_waiter, pi_list_entry);
}

/* ---- ->wait_lock ---- */

/*
 * 3.0 takes ->wait_lock with irqs as the caller has them, and rt_mutex_lock()
 * runs with them on: the lock is irq-unsafe, so whoever takes it under a
 * lock that an interrupt handler takes (a reader deboosting with irqs off
 * under such a lock) lets the irq deadlock against a booster that holds it.
 * b4abf91047cf takes it with irqs off everywhere: irqsave where a slow path
 * starts, _irq where it drops the lock around schedule() and the chain walk
 * (their callers run with irqs on), and the chain walk keeps irqs off from
 * its pi_lock to the wait_lock's release.
 */
static void wait_lock_irqsave(struct rt_mutex *lock, unsigned long *flags)
{
	if (sw(SW_wait_lock_irqsafe))
		raw_spin_lock_irqsave(&lock->wait_lock, *flags);
	else
		raw_spin_lock(&lock->wait_lock);
}

static void wait_unlock_irqrestore(struct rt_mutex *lock, unsigned long flags)
{
	if (sw(SW_wait_lock_irqsafe))
		raw_spin_unlock_irqrestore(&lock->wait_lock, flags);
	else
		raw_spin_unlock(&lock->wait_lock);
}

static void wait_lock_irq(struct rt_mutex *lock)
{
	if (sw(SW_wait_lock_irqsafe))
		raw_spin_lock_irq(&lock->wait_lock);
	else
		raw_spin_lock(&lock->wait_lock);
}

static void wait_unlock_irq(struct rt_mutex *lock)
{
	if (sw(SW_wait_lock_irqsafe))
		raw_spin_unlock_irq(&lock->wait_lock);
	else
		raw_spin_unlock(&lock->wait_lock);
}

/* ---- priorities (93-137) ---- */

/* The priority @task should run at: its own, or its top PI waiter's. */
int rt_mutex_getprio(struct task_struct *task)
{
	int prio;

	if (!task_has_pi_waiters(task))
		return task->normal_prio;
	prio = task_top_pi_waiter(task)->pi_list_entry.prio;
	return prio < task->normal_prio ? prio : task->normal_prio;
}

/* Boost or deboost @task after its ->pi_waiters changed.  Caller holds task->pi_lock. */
static void __rt_mutex_adjust_prio(struct task_struct *task)
{
	int prio = rt_mutex_getprio(task);

	lockdep_assert_held(&task->pi_lock);
	if (task->prio != prio)
		rt_mutex_setprio(task, prio);
}

/*
 * Undo boosting, from the exit of rt_mutex_slowunlock(): outside
 * lock->wait_lock, so that the lock can be taken while or before we
 * readjust our priority.
 */
static void rt_mutex_adjust_prio(struct task_struct *task)
{
	unsigned long flags;

	KFUNC();
	raw_spin_lock_irqsave(&task->pi_lock, flags);
	__rt_mutex_adjust_prio(task);
	raw_spin_unlock_irqrestore(&task->pi_lock, flags);
}

/* ---- the PI chain walk (139-299) ---- */

/*
 * max_lock_depth, a sysctl in 3.0.  The model's chains are at most three
 * locks long (two workload rt_mutexes, always taken rtm0 before rtm1, then
 * at most a booster's proxy lock, whose owner is a reader and never blocks),
 * so the limit cannot be reached; see rt_mutex_adjust_prio_chain().
 */
#define MAX_LOCK_DEPTH 1024

/*
 * Walk the chain of owners from @task, which a waiter's priority change
 * concerns, requeueing each blocked task's waiter at its new priority and
 * boosting or deboosting the next owner.  At most two locks are held at a
 * time, so every step rechecks what changed while none was held.  3.0's
 * get_task_struct()/put_task_struct() pairs are left out: the model never
 * frees a task.  Returns 0, or -EDEADLK if @deadlock_detect found a cycle.
 */
static int rt_mutex_adjust_prio_chain(struct task_struct *task, int deadlock_detect,
				      struct rt_mutex *orig_lock,
				      struct rt_mutex_waiter *orig_waiter,
				      struct task_struct *top_task)
{
	struct rt_mutex *lock;
	struct rt_mutex_waiter *waiter, *top_waiter = orig_waiter;
	int detect_deadlock = deadlock_detect, ret = 0, depth = 0;
	unsigned long flags, pi_flags;

	KFUNC();
again:
	/*
	 * 3.0 prints "Maximum lock depth 1024 reached task: <top_task>" once
	 * and stops walking, leaving the chain unboosted.  Unreachable here
	 * (MAX_LOCK_DEPTH, above): if it ever fires, the model built a chain
	 * no 3.0 workload of ours can.
	 */
	depth++;
	INVARIANT("maximum-lock-depth-reached", depth <= MAX_LOCK_DEPTH);
retry:
	raw_spin_lock_irqsave(&task->pi_lock, flags);
	waiter = task->pi_blocked_on;
	/* The end of the chain, or the chain changed while we held no lock. */
	if (!waiter)
		goto out_unlock_pi;
	/* The previous owner of orig_lock may have released it meanwhile. */
	if (orig_waiter && !rt_mutex_owner(orig_lock))
		goto out_unlock_pi;
	/* Drop out when the waiter we follow is no longer task's top one. */
	if (top_waiter && (!task_has_pi_waiters(task) || top_waiter != task_top_pi_waiter(task)))
		goto out_unlock_pi;
	/* No deadlock detection: stop when no further adjustment is needed. */
	if (!detect_deadlock && waiter->list_entry.prio == task->prio)
		goto out_unlock_pi;
	lock = waiter->lock;
	/*
	 * pi_lock -> wait_lock is the reverse of the order everyone else
	 * takes, hence a trylock: on failure drop pi_lock and start over.
	 */
	if (!raw_spin_trylock(&lock->wait_lock)) {
		raw_spin_unlock_irqrestore(&task->pi_lock, flags);
		POINT("cpu_relax");
		goto retry;
	}
	POINT("wait_lock trylocked");
	/* A cycle back to where we started: a deadlock. */
	if (lock == orig_lock || rt_mutex_owner(lock) == top_task) {
		raw_spin_unlock(&lock->wait_lock);
		ret = deadlock_detect ? -EDEADLK : 0;
		goto out_unlock_pi;
	}
	top_waiter = rt_mutex_top_waiter(lock);
	/* Requeue the waiter at task's new priority. */
	plist_del(&waiter->list_entry, &lock->wait_list);
	waiter->list_entry.prio = task->prio;
	plist_add(&waiter->list_entry, &lock->wait_list);
	/* 3.0 turns irqs back on here, with wait_lock held; b4abf91047cf does not. */
	if (sw(SW_wait_lock_irqsafe))
		raw_spin_unlock(&task->pi_lock);
	else
		raw_spin_unlock_irqrestore(&task->pi_lock, flags);
	if (!rt_mutex_owner(lock)) {
		/* Released meanwhile: if the requeue changed the top waiter, wake the new one. */
		if (top_waiter != rt_mutex_top_waiter(lock))
			wake_up_process(rt_mutex_top_waiter(lock)->task);
		wait_unlock_irqrestore(lock, flags);
		goto out_put_task;
	}
	/* Grab the next task. */
	task = rt_mutex_owner(lock);
	raw_spin_lock_irqsave(&task->pi_lock, pi_flags);
	if (waiter == rt_mutex_top_waiter(lock)) {
		/* Boost the owner. */
		plist_del(&top_waiter->pi_list_entry, &task->pi_waiters);
		waiter->pi_list_entry.prio = waiter->list_entry.prio;
		plist_add(&waiter->pi_list_entry, &task->pi_waiters);
		__rt_mutex_adjust_prio(task);
	} else if (top_waiter == waiter) {
		/* Deboost the owner. */
		plist_del(&waiter->pi_list_entry, &task->pi_waiters);
		waiter = rt_mutex_top_waiter(lock);
		waiter->pi_list_entry.prio = waiter->list_entry.prio;
		plist_add(&waiter->pi_list_entry, &task->pi_waiters);
		__rt_mutex_adjust_prio(task);
	}
	raw_spin_unlock_irqrestore(&task->pi_lock, pi_flags);
	top_waiter = rt_mutex_top_waiter(lock);
	wait_unlock_irqrestore(lock, flags);
	if (!detect_deadlock && waiter != top_waiter)
		goto out_put_task;
	goto again;

out_unlock_pi:
	raw_spin_unlock_irqrestore(&task->pi_lock, flags);
out_put_task:
	return ret;
}

/* ---- taking the lock (301-451) ---- */

/*
 * Try to take @lock for @task, queued as @waiter (or NULL if not queued).
 * It gets the lock if nobody owns it and it is the top waiter, or there
 * are no waiters, or it outranks the top waiter.  Caller holds
 * lock->wait_lock.
 */
static int try_to_take_rt_mutex(struct rt_mutex *lock, struct task_struct *task,
				struct rt_mutex_waiter *waiter)
{
	KFUNC();
	lockdep_assert_held(&lock->wait_lock);
	/*
	 * Bit 0 first: from here on no fast-path cmpxchg can take or release
	 * the lock, and wait_lock covers the rest.  This may leave
	 * owner == RT_MUTEX_HAS_WAITERS on a free lock without waiters, the
	 * transitional state that taking the lock fixes up.
	 */
	mark_rt_mutex_waiters(lock);
	if (rt_mutex_owner(lock))
		return 0;
	if (rt_mutex_has_waiters(lock)) {
		if (task->prio >= rt_mutex_top_waiter(lock)->list_entry.prio) {
			if (!waiter || waiter != rt_mutex_top_waiter(lock))
				return 0;
		}
	}
	if (waiter || rt_mutex_has_waiters(lock)) {
		unsigned long flags;
		struct rt_mutex_waiter *top;

		raw_spin_lock_irqsave(&task->pi_lock, flags);
		/* Remove the queued waiter. */
		if (waiter) {
			plist_del(&waiter->list_entry, &lock->wait_list);
			task->pi_blocked_on = NULL;
		}
		/* The new top waiter, if any, now boosts us. */
		if (rt_mutex_has_waiters(lock)) {
			top = rt_mutex_top_waiter(lock);
			top->pi_list_entry.prio = top->list_entry.prio;
			plist_add(&top->pi_list_entry, &task->pi_waiters);
		}
		raw_spin_unlock_irqrestore(&task->pi_lock, flags);
	}
	rt_mutex_set_owner(lock, task);
	return 1;
}

/*
 * Queue @task on @lock as @waiter and propagate its priority: to the owner
 * if it became the top waiter, and on along the chain if that owner is
 * itself blocked.  Caller holds lock->wait_lock; the chain walk drops and
 * retakes it.
 */
static int task_blocks_on_rt_mutex(struct rt_mutex *lock, struct rt_mutex_waiter *waiter,
				   struct task_struct *task, int detect_deadlock)
{
	struct task_struct *owner = rt_mutex_owner(lock);
	struct rt_mutex_waiter *top_waiter = waiter;
	unsigned long flags;
	int chain_walk = 0, res;

	KFUNC();
	raw_spin_lock_irqsave(&task->pi_lock, flags);
	__rt_mutex_adjust_prio(task);
	waiter->task = task;
	waiter->lock = lock;
	plist_node_init(&waiter->list_entry, task->prio);
	plist_node_init(&waiter->pi_list_entry, task->prio);
	/* The top waiter before us: the one the owner's ->pi_waiters holds. */
	if (rt_mutex_has_waiters(lock))
		top_waiter = rt_mutex_top_waiter(lock);
	plist_add(&waiter->list_entry, &lock->wait_list);
	task->pi_blocked_on = waiter;
	raw_spin_unlock_irqrestore(&task->pi_lock, flags);
	if (!owner)
		return 0;
	if (waiter == rt_mutex_top_waiter(lock)) {
		raw_spin_lock_irqsave(&owner->pi_lock, flags);
		plist_del(&top_waiter->pi_list_entry, &owner->pi_waiters);
		plist_add(&waiter->pi_list_entry, &owner->pi_waiters);
		__rt_mutex_adjust_prio(owner);
		if (owner->pi_blocked_on)
			chain_walk = 1;
		raw_spin_unlock_irqrestore(&owner->pi_lock, flags);
	} else if (detect_deadlock) {
		chain_walk = 1;
	}
	if (!chain_walk)
		return 0;
	/* The owner cannot go away while it holds the lock: wait_lock protects it. */
	wait_unlock_irq(lock);
	res = rt_mutex_adjust_prio_chain(owner, detect_deadlock, lock, waiter, task);
	wait_lock_irq(lock);
	return res;
}

/* ---- releasing the lock (453-564) ---- */

/*
 * Hand the lock to nobody and wake the top waiter, which takes it in
 * try_to_take_rt_mutex() unless a higher-priority task comes first.  Our
 * boost stays until rt_mutex_slowunlock() has dropped wait_lock.  Caller
 * holds lock->wait_lock; the wakeup runs under it.
 */
static void wakeup_next_waiter(struct rt_mutex *lock)
{
	struct rt_mutex_waiter *waiter;
	unsigned long flags;

	KFUNC();
	raw_spin_lock_irqsave(&current->pi_lock, flags);
	waiter = rt_mutex_top_waiter(lock);
	plist_del(&waiter->pi_list_entry, &current->pi_waiters);
	/* The waiter stays queued: owner NULL with the waiters bit kept. */
	rt_mutex_set_owner(lock, NULL);
	raw_spin_unlock_irqrestore(&current->pi_lock, flags);
	wake_up_process(waiter->task);
}

/*
 * Dequeue our @waiter after a failed try_to_take_rt_mutex() and undo its
 * boost.  Caller holds lock->wait_lock; the chain walk drops and retakes
 * it.  Reached only on rt_mutex_slowlock()'s error path, which the model's
 * callers (uninterruptible, no timeout, no deadlock detection) never take.
 */
static void remove_waiter(struct rt_mutex *lock, struct rt_mutex_waiter *waiter)
{
	int first = waiter == rt_mutex_top_waiter(lock);
	struct task_struct *owner = rt_mutex_owner(lock);
	unsigned long flags;
	int chain_walk = 0;

	KFUNC();
	raw_spin_lock_irqsave(&current->pi_lock, flags);
	plist_del(&waiter->list_entry, &lock->wait_list);
	current->pi_blocked_on = NULL;
	raw_spin_unlock_irqrestore(&current->pi_lock, flags);
	if (!owner)
		return;
	if (first) {
		raw_spin_lock_irqsave(&owner->pi_lock, flags);
		plist_del(&waiter->pi_list_entry, &owner->pi_waiters);
		if (rt_mutex_has_waiters(lock)) {
			struct rt_mutex_waiter *next = rt_mutex_top_waiter(lock);

			plist_add(&next->pi_list_entry, &owner->pi_waiters);
		}
		__rt_mutex_adjust_prio(owner);
		if (owner->pi_blocked_on)
			chain_walk = 1;
		raw_spin_unlock_irqrestore(&owner->pi_lock, flags);
	}
	INVARIANT("remove_waiter-still-a-pi-waiter", plist_node_empty(&waiter->pi_list_entry));
	if (!chain_walk)
		return;
	wait_unlock_irq(lock);
	rt_mutex_adjust_prio_chain(owner, 0, lock, NULL, current);
	wait_lock_irq(lock);
}

/*
 * Recheck the PI chain after @task's priority was set: 3.0's
 * __sched_setscheduler() calls this once it has dropped its locks.
 */
void rt_mutex_adjust_pi(struct task_struct *task)
{
	struct rt_mutex_waiter *waiter;
	unsigned long flags;

	KFUNC();
	raw_spin_lock_irqsave(&task->pi_lock, flags);
	waiter = task->pi_blocked_on;
	if (!waiter || waiter->list_entry.prio == task->prio) {
		raw_spin_unlock_irqrestore(&task->pi_lock, flags);
		return;
	}
	raw_spin_unlock_irqrestore(&task->pi_lock, flags);
	rt_mutex_adjust_prio_chain(task, 0, NULL, NULL, task);
}

/* ---- the slow and fast paths (566-860) ---- */

/*
 * The wait-wake-try-to-take loop.  Caller holds lock->wait_lock, with
 * @state set.  3.0's TASK_INTERRUPTIBLE signal and timeout checks are left
 * out: only rt_mutex_lock() (uninterruptible) is modelled.
 */
static int __rt_mutex_slowlock(struct rt_mutex *lock, int state, struct rt_mutex_waiter *waiter)
{
	KFUNC();
	for (;;) {
		if (try_to_take_rt_mutex(lock, current, waiter))
			break;
		wait_unlock_irq(lock);
		schedule(); /* schedule_rt_mutex() */
		wait_lock_irq(lock);
		set_current_state(state);
	}
	return 0;
}

static int rt_mutex_slowlock(struct rt_mutex *lock, int state, int detect_deadlock)
{
	struct rt_mutex_waiter waiter;
	unsigned long flags;
	int ret;

	KFUNC();
	wait_lock_irqsave(lock, &flags);
	if (try_to_take_rt_mutex(lock, current, NULL)) {
		wait_unlock_irqrestore(lock, flags);
		return 0;
	}
	/* Before we queue: a wakeup from here on leaves us runnable. */
	set_current_state(state);
	ret = task_blocks_on_rt_mutex(lock, &waiter, current, detect_deadlock);
	if (!ret)
		ret = __rt_mutex_slowlock(lock, state, &waiter);
	set_current_state(TASK_RUNNING);
	if (ret)
		remove_waiter(lock, &waiter);
	/* try_to_take_rt_mutex() sets the waiters bit unconditionally. */
	fixup_rt_mutex_waiters(lock);
	wait_unlock_irqrestore(lock, flags);
	return ret;
}

static void rt_mutex_slowunlock(struct rt_mutex *lock)
{
	unsigned long flags;

	KFUNC();
	wait_lock_irqsave(lock, &flags);
	if (!rt_mutex_has_waiters(lock)) {
		lock->owner = NULL;
		wait_unlock_irqrestore(lock, flags);
		return;
	}
	wakeup_next_waiter(lock);
	wait_unlock_irqrestore(lock, flags);
	/* rtmutex.c:717-720: the woken waiter may run and take the lock first. */
	POINT("wait_lock released, before deboost");
	/* Undo pi boosting if necessary. */
	rt_mutex_adjust_prio(current);
}

/* rt_mutex_fastlock() with detect_deadlock 0: cmpxchg NULL -> current, or the slow path. */
void rt_mutex_lock(struct rt_mutex *lock)
{
	KFUNC();
	might_sleep();
	if (rt_mutex_cmpxchg(lock, NULL, current))
		return;
	rt_mutex_slowlock(lock, TASK_UNINTERRUPTIBLE, 0);
}

void rt_mutex_unlock(struct rt_mutex *lock)
{
	KFUNC();
	/*
	 * CONFIG_DEBUG_RT_MUTEXES's debug_rt_mutex_unlock() (rtmutex-debug.c),
	 * which 3.0 runs in the slow path (a debug build has no fast path).
	 * Without it 3.0's cmpxchg fails for a non-owner and the slow path
	 * releases someone else's lock.
	 */
	INVARIANT("rt_mutex_unlock-by-non-owner", rt_mutex_owner(lock) == current);
	/* rt_mutex_fastunlock(): fails while the waiters bit is set. */
	if (rt_mutex_cmpxchg(lock, current, NULL))
		return;
	rt_mutex_slowunlock(lock);
}

/* ---- initialisation (880-916) ---- */

void rt_mutex_init(struct rt_mutex *lock)
{
	lock->owner = NULL;
	raw_spin_lock_init(&lock->wait_lock, LC_RT_WAIT);
	plist_head_init(&lock->wait_list);
}

/*
 * Initialise @lock as held by @proxy_owner.  No locking: the caller
 * serialises (rcu_boost() does it under rnp->lock).
 */
void rt_mutex_init_proxy_locked(struct rt_mutex *lock, struct task_struct *proxy_owner)
{
	rt_mutex_init(lock);
	rt_mutex_set_owner(lock, proxy_owner);
}
