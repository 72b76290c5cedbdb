/* SPDX-License-Identifier: MIT */
/*
 * kernel/rtmutex.c of 3.0, for the one use RCU_BOOST makes of it: a booster
 * blocks on an rt_mutex that a preempted reader owns by proxy, lending the
 * reader its priority; the reader's rcu_read_unlock_special() unlocks it,
 * dropping the boost.  Lock order: ->wait_lock (irqs left on: irq-unsafe)
 * -> ->pi_lock -> rq->lock.  No PI chain walk: a booster never blocks on
 * something else while boosting (see README).
 */
#include "rtmutex.h"

#include "bug.h"
#include "frame.h"
#include "preempt.h"
#include "sched.h"

void rt_mutex_init(struct rt_mutex *lock)
{
	raw_spin_lock_init(&lock->wait_lock, LC_RT_WAIT);
	lock->owner = NULL;
	lock->waiter = NULL;
}

void rt_mutex_init_proxy_locked(struct rt_mutex *lock, struct task_struct *proxy_owner)
{
	rt_mutex_init(lock);
	lock->owner = proxy_owner;
}

int rt_mutex_getprio(struct task_struct *p)
{
	int prio = p->normal_prio;
	struct list_head *pos;

	list_for_each(pos, &p->pi_waiters) {
		struct rt_mutex_waiter *w = list_entry(pos, struct rt_mutex_waiter, pi_list_entry);

		if (w->prio < prio)
			prio = w->prio;
	}
	return prio;
}

/* Caller holds p->pi_lock. */
static void __rt_mutex_adjust_prio(struct task_struct *p)
{
	int prio = rt_mutex_getprio(p);

	if (p->prio != prio)
		rt_mutex_setprio(p, prio);
}

static void rt_mutex_adjust_prio(struct task_struct *p)
{
	unsigned long flags;

	KFUNC();
	raw_spin_lock_irqsave(&p->pi_lock, flags);
	__rt_mutex_adjust_prio(p);
	raw_spin_unlock_irqrestore(&p->pi_lock, flags);
}

/* Caller holds lock->wait_lock: queue @waiter and boost the owner. */
static void task_blocks_on_rt_mutex(struct rt_mutex *lock, struct rt_mutex_waiter *waiter)
{
	struct task_struct *task = current;
	struct task_struct *owner = lock->owner;
	unsigned long flags;

	KFUNC();
	raw_spin_lock_irqsave(&task->pi_lock, flags);
	waiter->task = task;
	waiter->lock = lock;
	waiter->prio = task->prio;
	INIT_LIST_HEAD(&waiter->pi_list_entry);
	task->pi_blocked_on = waiter;
	raw_spin_unlock_irqrestore(&task->pi_lock, flags);
	lock->waiter = waiter;

	raw_spin_lock_irqsave(&owner->pi_lock, flags);
	list_add(&waiter->pi_list_entry, &owner->pi_waiters);
	__rt_mutex_adjust_prio(owner);
	raw_spin_unlock_irqrestore(&owner->pi_lock, flags);
}

static void rt_mutex_slowlock(struct rt_mutex *lock)
{
	struct rt_mutex_waiter waiter;
	unsigned long flags;

	KFUNC();
	raw_spin_lock(&lock->wait_lock);
	if (lock->owner != NULL) {
		task_blocks_on_rt_mutex(lock, &waiter);
		for (;;) {
			if (lock->owner == NULL)
				break; /* try_to_take_rt_mutex() */
			set_current_state(TASK_UNINTERRUPTIBLE);
			raw_spin_unlock(&lock->wait_lock);
			schedule();
			raw_spin_lock(&lock->wait_lock);
		}
		set_current_state(TASK_RUNNING);
		raw_spin_lock_irqsave(&current->pi_lock, flags);
		current->pi_blocked_on = NULL;
		raw_spin_unlock_irqrestore(&current->pi_lock, flags);
		lock->waiter = NULL;
	}
	lock->owner = current;
	raw_spin_unlock(&lock->wait_lock);
}

void rt_mutex_lock(struct rt_mutex *lock)
{
	KFUNC();
	might_sleep();
	if (lock->owner == NULL && lock->waiter == NULL) {
		lock->owner = current; /* fast path: cmpxchg */
		return;
	}
	rt_mutex_slowlock(lock);
}

/* Caller holds lock->wait_lock. */
static void wakeup_next_waiter(struct rt_mutex *lock)
{
	struct rt_mutex_waiter *waiter;
	unsigned long flags;

	KFUNC();
	raw_spin_lock_irqsave(&current->pi_lock, flags);
	waiter = lock->waiter;
	/* Leave the boost in place until lock->wait_lock is dropped. */
	list_del_init(&waiter->pi_list_entry);
	lock->owner = NULL;
	raw_spin_unlock_irqrestore(&current->pi_lock, flags);
	wake_up_process(waiter->task);
}

static void rt_mutex_slowunlock(struct rt_mutex *lock)
{
	KFUNC();
	raw_spin_lock(&lock->wait_lock);
	/* a841796f: a deboost must not run with interrupts disabled. */
	INVARIANT("rt_mutex_unlock-with-irqs-disabled", !irqs_disabled());
	if (lock->waiter == NULL) {
		lock->owner = NULL;
		raw_spin_unlock(&lock->wait_lock);
		return;
	}
	wakeup_next_waiter(lock);
	raw_spin_unlock(&lock->wait_lock);
	/* Undo the priority boost the waiter lent us. */
	rt_mutex_adjust_prio(current);
}

void rt_mutex_unlock(struct rt_mutex *lock)
{
	KFUNC();
	INVARIANT("rt_mutex_unlock-by-non-owner", lock->owner == current);
	if (lock->waiter == NULL) {
		lock->owner = NULL; /* fast path: cmpxchg */
		return;
	}
	rt_mutex_slowunlock(lock);
}

/*
 * Recheck the PI chain after a priority change of @task (3.0's
 * rt_mutex_adjust_pi()): the model's rt_mutexes have one waiter and no
 * chain walk yet, so there is nothing to propagate.
 */
void rt_mutex_adjust_pi(struct task_struct *task)
{
	(void)task;
}
