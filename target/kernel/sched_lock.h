/* SPDX-License-Identifier: MIT */
/*
 * The cures that act where a scheduler lock (rq->lock, p->pi_lock) is taken,
 * released, and handed from prev to next by schedule(): the article's two
 * answers to Quick Quiz 5 (sched_lock.c, docs/experiments.md).  Nothing
 * happens with their switches off.
 */
#ifndef RCUFUZZ_KERNEL_SCHED_LOCK_H
#define RCUFUZZ_KERNEL_SCHED_LOCK_H

#include "spinlock.h"

struct task_struct;

/* Before @l is taken, before irqs or preemption go off. */
void sched_lock_enter(const raw_spinlock_t *l);
/* @l was just taken (+1) or released (-1) by the running context. */
void sched_lock_held(const raw_spinlock_t *l, int delta);
/*
 * After a lock of class @cls is released, irqs and preemption restored as
 * its caller had them (the lock itself may be gone by then).
 */
void sched_lock_exit(int cls);
/* context_switch(): rq->lock, taken by @prev, will be released by @next. */
void sched_lock_handoff(struct task_struct *prev, struct task_struct *next);

#endif
