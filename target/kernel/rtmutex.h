/* SPDX-License-Identifier: MIT */
/*
 * rt_mutex with priority inheritance, as in 3.0's kernel/rtmutex.c: the slow
 * paths take ->wait_lock with interrupts *enabled* (it is irq-unsafe), then
 * pi_locks, then the owner's rq->lock through rt_mutex_setprio().
 */
#ifndef RCUFUZZ_KERNEL_RTMUTEX_H
#define RCUFUZZ_KERNEL_RTMUTEX_H

#include "spinlock.h"
#include "task.h"

struct rt_mutex_waiter {
	struct task_struct *task;	/* the sleeper */
	struct rt_mutex *lock;		/* what it waits for */
	int prio;			/* its priority when it blocked */
	struct list_head pi_list_entry; /* in the owner's ->pi_waiters */
};

struct rt_mutex {
	raw_spinlock_t wait_lock;	/* guards owner and the waiter */
	struct task_struct *owner;	/* guarded by wait_lock */
	struct rt_mutex_waiter *waiter; /* the one waiter (the model's boosters are alone) */
};

void rt_mutex_init(struct rt_mutex *lock);
void rt_mutex_init_proxy_locked(struct rt_mutex *lock, struct task_struct *proxy_owner);
void rt_mutex_lock(struct rt_mutex *lock);
void rt_mutex_unlock(struct rt_mutex *lock);
/* The priority @p should run at: its own, or its top PI waiter's. */
int rt_mutex_getprio(struct task_struct *p);
/* @p's priority changed: propagate it along the PI chain it is blocked in. */
void rt_mutex_adjust_pi(struct task_struct *p);

#endif
