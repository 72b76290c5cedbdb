/* SPDX-License-Identifier: MIT */
/*
 * lockdep's interface, as include/linux/lockdep.h is the kernel's (the
 * checks live in lockdep/lockdep.c): lock classes, a held-lock stack per
 * task (interrupts nested on it, as in the kernel), a dependency graph
 * checked on every acquisition, and the irq-usage rules.  Reports as the kernel's lockdep writes
 * them:
 *
 *   circular dependency         (any length; both chains shown)
 *   HARDIRQ/SOFTIRQ-safe -> -unsafe lock order
 *   inconsistent lock state     ({IN-HARDIRQ-W} vs {HARDIRQ-ON-W})
 *   possible recursive locking  (a class acquired while held)
 */
#ifndef RCUFUZZ_KERNEL_LOCKDEP_H
#define RCUFUZZ_KERNEL_LOCKDEP_H

#include "bug.h"
#include "spinlock.h"

/*
 * lockdep_assert_held(): the caller's lock contract, checked.  The running
 * CPU holds @l.  (Not in 3.0's RCU code: a model self-check that can fail
 * only when the model itself broke a contract.)
 */
#define lockdep_assert_held(l) INVARIANT("lockdep_assert_held", spin_is_held_here(l))

void lockdep_reset(int enabled);

/* Before taking @instance of class @cls (spinning or sleeping lock). */
void lock_acquire(int cls, const void *instance, int trylock);
/* After releasing @instance. */
void lock_release(const void *instance);
/* A held lock changes hands at a context switch (rq->lock, prev to next). */
struct task_struct;
void lock_handoff(const void *instance, struct task_struct *from, struct task_struct *to);
/* Interrupts (softirqs) were just enabled with locks held. */
void lockdep_hardirqs_on(void);
void lockdep_softirqs_on(void);

/* Is a lock of class @cls held by the running context's task? */
int lockdep_class_held(int cls);

#endif
