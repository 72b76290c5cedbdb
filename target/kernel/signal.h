/* SPDX-License-Identifier: MIT */
/* __lock_task_sighand() in both shapes (a841796f), and a signal sent from hardirq. */
#ifndef RCUFUZZ_KERNEL_SIGNAL_H
#define RCUFUZZ_KERNEL_SIGNAL_H

#include "spinlock.h"
#include "task.h"

struct sighand_struct {
	spinlock_t siglock; /* irq-safe: taken from hardirq by posix timers */
};

void sighand_init(struct sighand_struct *sh);
struct sighand_struct *lock_task_sighand(struct task_struct *tsk, unsigned long *flags);
void unlock_task_sighand(struct task_struct *tsk, unsigned long *flags);
/* Queue a signal to @t (posix timer expiry, from hardirq). */
void send_sigqueue(struct task_struct *t);

#endif
