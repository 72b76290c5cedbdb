/* SPDX-License-Identifier: MIT */
/* Wait queues, completions and sleeping mutexes: see wait.h. */
#include "wait.h"

#include "bug.h"
#include "frame.h"
#include "lockdep.h"
#include "preempt.h"
#include "sched.h"

/*
 * 3.0's __might_sleep() (CONFIG_DEBUG_SPINLOCK_SLEEP): an RCU read-side
 * section counts as preemption disabled (preempt_count_equals() adds
 * rcu_preempt_depth()).  3.0 also exempts the boot, which never sleeps here.
 */
void might_sleep(void)
{
	INVARIANT("sleeping-function-called-from-invalid-context",
		  (preempt_count() & ~PREEMPT_ACTIVE) + current->rcu_read_lock_nesting == 0 &&
			  !irqs_disabled());
}

void init_waitqueue_head(wait_queue_head_t *q, enum lock_class_id cls)
{
	spin_lock_init(&q->lock, cls);
	q->nr_waiters = 0;
}

static int wq_find(const wait_queue_head_t *q, const struct task_struct *t)
{
	for (int i = 0; i < q->nr_waiters; i++)
		if (q->waiters[i] == t)
			return i;
	return -1;
}

static void wq_remove(wait_queue_head_t *q, int i)
{
	for (; i + 1 < q->nr_waiters; i++)
		q->waiters[i] = q->waiters[i + 1];
	q->nr_waiters--;
}

/* Caller holds q->lock. */
static void wq_add(wait_queue_head_t *q, struct task_struct *t)
{
	if (wq_find(q, t) >= 0)
		return;
	if (q->nr_waiters >= WQ_MAX_WAITERS) {
		harness_limit("wait queue full", __func__);
		return;
	}
	q->waiters[q->nr_waiters++] = t;
}

void prepare_to_wait(wait_queue_head_t *q, int state)
{
	unsigned long flags;

	KFUNC();
	might_sleep();
	spin_lock_irqsave(&q->lock, flags);
	wq_add(q, current);
	set_current_state(state);
	spin_unlock_irqrestore(&q->lock, flags);
}

void finish_wait(wait_queue_head_t *q)
{
	unsigned long flags;
	int i;

	KFUNC();
	set_current_state(TASK_RUNNING);
	spin_lock_irqsave(&q->lock, flags);
	i = wq_find(q, current);
	if (i >= 0)
		wq_remove(q, i);
	spin_unlock_irqrestore(&q->lock, flags);
}

/* Caller holds q->lock: wake everyone, removing them (autoremove_wake_function). */
static void __wake_up_common(wait_queue_head_t *q, int nr)
{
	while (q->nr_waiters > 0 && nr-- != 0) {
		struct task_struct *t = q->waiters[0];

		wq_remove(q, 0);
		try_to_wake_up(t, TASK_NORMAL, 0);
	}
}

void wake_up(wait_queue_head_t *q)
{
	unsigned long flags;

	KFUNC();
	spin_lock_irqsave(&q->lock, flags);
	__wake_up_common(q, -1);
	spin_unlock_irqrestore(&q->lock, flags);
}

void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait, LC_COMPLETION);
}

void wait_for_completion(struct completion *x)
{
	KFUNC();
	might_sleep();
	spin_lock_irq(&x->wait.lock);
	while (!x->done) {
		wq_add(&x->wait, current);
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock_irq(&x->wait.lock);
		schedule();
		spin_lock_irq(&x->wait.lock);
	}
	x->done--;
	spin_unlock_irq(&x->wait.lock);
}

void complete(struct completion *x)
{
	unsigned long flags;

	KFUNC();
	spin_lock_irqsave(&x->wait.lock, flags);
	x->done++;
	__wake_up_common(&x->wait, 1);
	spin_unlock_irqrestore(&x->wait.lock, flags);
}

void mutex_init(struct mutex *m, enum lock_class_id cls)
{
	m->owner = NULL;
	spin_lock_init(&m->wait_lock, LC_MUTEX_WAIT);
	init_waitqueue_head(&m->wait, LC_MUTEX_WAIT);
	m->class_idx = (unsigned char)cls;
}

void mutex_lock(struct mutex *m)
{
	KFUNC();
	might_sleep();
	lock_acquire(m->class_idx, m, 0);
	spin_lock(&m->wait_lock);
	while (m->owner != NULL) {
		wq_add(&m->wait, current);
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock(&m->wait_lock);
		schedule();
		spin_lock(&m->wait_lock);
	}
	m->owner = current;
	spin_unlock(&m->wait_lock);
}

int mutex_trylock(struct mutex *m)
{
	int ok = 0;

	KFUNC();
	spin_lock(&m->wait_lock);
	if (m->owner == NULL) {
		lock_acquire(m->class_idx, m, 1);
		m->owner = current;
		ok = 1;
	}
	spin_unlock(&m->wait_lock);
	return ok;
}

void mutex_unlock(struct mutex *m)
{
	KFUNC();
	INVARIANT("mutex-unlock-by-non-owner", m->owner == current);
	lock_release(m);
	spin_lock(&m->wait_lock);
	m->owner = NULL;
	__wake_up_common(&m->wait, 1);
	spin_unlock(&m->wait_lock);
}
