/* SPDX-License-Identifier: MIT */
/* Wait queues, completions and sleeping mutexes. */
#ifndef RCUFUZZ_KERNEL_WAIT_H
#define RCUFUZZ_KERNEL_WAIT_H

#include "spinlock.h"
#include "task.h"

/*
 * Sleepers one queue can hold: the workload tasks and the few kthreads that
 * wait on a shared queue, far below MAX_TASKS (queues live on coroutine
 * stacks too: stop_cpus() keeps a completion per CPU).
 */
#define WQ_MAX_WAITERS 64

/* might_sleep(): sleeping needs preemption and interrupts on, outside RCU readers. */
void might_sleep(void);

typedef struct wait_queue_head {
	spinlock_t lock; /* q->lock: taken irqsave */
	/* Guarded by ->lock. */
	struct task_struct *waiters[WQ_MAX_WAITERS]; /* FIFO of sleepers */
	int nr_waiters;
} wait_queue_head_t;

void init_waitqueue_head(wait_queue_head_t *q, enum lock_class_id cls);
void prepare_to_wait(wait_queue_head_t *q, int state);
void finish_wait(wait_queue_head_t *q);
void wake_up(wait_queue_head_t *q);

/* Has the queue sleepers?  Read without the lock, as the kernel's is. */
static inline int waitqueue_active(const wait_queue_head_t *q)
{
	return q->nr_waiters != 0;
}

/* Sleep on q in @state until cond, rechecked after each wakeup. */
#define __wait_event_state(q, cond, state)                                                         \
	do {                                                                                       \
		for (;;) {                                                                         \
			prepare_to_wait(&(q), state);                                              \
			if (cond)                                                                  \
				break;                                                             \
			schedule();                                                                \
		}                                                                                  \
		finish_wait(&(q));                                                                 \
	} while (0)

/* wait_event(q, cond): sleep on q until cond, rechecked after each wakeup. */
#define wait_event(q, cond) __wait_event_state(q, cond, TASK_UNINTERRUPTIBLE)
/* The same, asleep interruptibly (the model sends kthreads no signals). */
#define wait_event_interruptible(q, cond) __wait_event_state(q, cond, TASK_INTERRUPTIBLE)

struct completion {
	unsigned int done; /* guarded by wait.lock */
	wait_queue_head_t wait;
};

void init_completion(struct completion *x);
void wait_for_completion(struct completion *x);
void complete(struct completion *x);

struct mutex {
	struct task_struct *owner; /* holder, NULL when free */
	spinlock_t wait_lock;	   /* guards the wait list */
	wait_queue_head_t wait;	   /* sleepers (its own lock is not tracked) */
	unsigned char class_idx;   /* lockdep class of the mutex itself */
};

void mutex_init(struct mutex *m, enum lock_class_id cls);
void mutex_lock(struct mutex *m);
int mutex_trylock(struct mutex *m);
void mutex_unlock(struct mutex *m);

#endif
