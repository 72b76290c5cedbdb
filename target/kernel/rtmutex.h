/* SPDX-License-Identifier: MIT */
/*
 * rt_mutex with priority inheritance, as 3.0's include/linux/rtmutex.h and
 * kernel/rtmutex_common.h have it: a priority-sorted wait list under
 * ->wait_lock, and an owner word whose bit 0 says "has waiters" (the fast
 * paths' cmpxchg fails while it is set).  Lock order: ->wait_lock (taken
 * with irqs as the caller has them: irq-unsafe by usage) -> p->pi_lock
 * (irqsave) -> rq->lock (through rt_mutex_setprio()).
 */
#ifndef RCUFUZZ_KERNEL_RTMUTEX_H
#define RCUFUZZ_KERNEL_RTMUTEX_H

#include "plist.h"
#include "spinlock.h"
#include "task.h"

#include <stdint.h>

/* A task blocked on an rt_mutex: on its stack, as in 3.0 (rtmutex_common.h:47-57). */
struct rt_mutex_waiter {
	struct plist_node list_entry;	 /* in lock->wait_list, at the task's prio */
	struct plist_node pi_list_entry; /* in the owner's ->pi_waiters while the top waiter */
	struct task_struct *task;	 /* the blocked task */
	struct rt_mutex *lock;		 /* what it blocks on */
};

struct rt_mutex {
	raw_spinlock_t wait_lock;    /* guards wait_list and every slow-path owner change */
	struct plist_head wait_list; /* waiters by priority, FIFO among equals */
	struct task_struct *owner; /* owner | RT_MUTEX_HAS_WAITERS (cmpxchg when bit 0 is clear) */
};

/* Bit 0 of ->owner (rtmutex_common.h:94-101): the fast paths must fail. */
#define RT_MUTEX_HAS_WAITERS 1UL

static inline struct task_struct *rt_mutex_owner(const struct rt_mutex *lock)
{
	return (struct task_struct *)((uintptr_t)lock->owner & ~RT_MUTEX_HAS_WAITERS);
}

static inline int rt_mutex_has_waiters(const struct rt_mutex *lock)
{
	return !plist_head_empty(&lock->wait_list);
}

void rt_mutex_init(struct rt_mutex *lock);
void rt_mutex_init_proxy_locked(struct rt_mutex *lock, struct task_struct *proxy_owner);
void rt_mutex_lock(struct rt_mutex *lock);
void rt_mutex_unlock(struct rt_mutex *lock);

#endif
