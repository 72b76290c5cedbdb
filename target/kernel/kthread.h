/* SPDX-License-Identifier: MIT */
/*
 * Kernel threads, as 3.0's kernel/kthread.c: created asleep, started by
 * their first wakeup, bound to a CPU, stopped by kthread_stop(), which
 * waits for the thread's body to return.
 */
#ifndef RCUFUZZ_KERNEL_KTHREAD_H
#define RCUFUZZ_KERNEL_KTHREAD_H

#include "task.h"

/*
 * A kthread asleep until first woken, running @entry at priority @prio;
 * @cpu >= 0: bound to that CPU (and created there), -1: free to run
 * anywhere (created on the first online CPU).
 */
struct task_struct *kthread_create(enum task_kind kind, const char *comm, int index, int cpu,
				   void (*entry)(struct task_struct *), int prio);
/* Bind a kthread that has not started running to @cpu. */
void kthread_bind(struct task_struct *t, int cpu);
/* Tell @t to stop, wake it, and wait until its body has returned. */
void kthread_stop(struct task_struct *t);
/* Has kthread_stop() been called on the running kthread? */
int kthread_should_stop(void);
/* The body of @t returned: wake its kthread_stop()er, if any. */
void kthread_exit(struct task_struct *t);

#endif
