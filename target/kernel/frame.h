/* SPDX-License-Identifier: MIT */
/*
 * The simulated call stack.  KFUNC() at the top of a kernel-model function
 * pushes its name on the running task's stack and pops it on return, so a
 * report can print each context as a kernel backtrace.  Interrupts push onto
 * the interrupted task's stack, as they run on it on real hardware.
 */
#ifndef RCUFUZZ_KERNEL_FRAME_H
#define RCUFUZZ_KERNEL_FRAME_H

#include "task.h"

#define FRAME_TASK    0
#define FRAME_HARDIRQ 1
#define FRAME_SOFTIRQ 2

struct frame_guard {
	struct task_struct *task; /* whose stack the frame is on */
	int irq_counted;	  /* the frame is a recorded interrupt frame (->irq_frames) */
};

static inline struct frame_guard frame_push_kind(const char *func, int irq)
{
	struct task_struct *t = current;
	struct frame_guard g = {t, 0};

	if (t->depth < MAX_FRAMES) {
		t->frames[t->depth].func = func;
		t->frames[t->depth].irq = (unsigned char)irq;
		t->depth++;
		/* KFUNC()'s irq is the constant 0: after inlining, plain frames pay nothing. */
		if (irq != FRAME_TASK) {
			t->irq_frames++;
			g.irq_counted = 1;
		}
	} else {
		t->depth_overflow++;
	}
	return g;
}

static inline void frame_pop(struct frame_guard *g)
{
	struct task_struct *t = g->task;

	if (t->depth_overflow)
		t->depth_overflow--;
	else
		t->depth--;
	if (g->irq_counted)
		t->irq_frames--;
}

#define KFUNC_KIND(irq)                                                                            \
	struct frame_guard kfunc_guard_ __attribute__((cleanup(frame_pop), unused)) =              \
		frame_push_kind(__func__, irq)
#define KFUNC() KFUNC_KIND(FRAME_TASK)

/* The innermost function on @t's stack, or "?" if none. */
static inline const char *frame_top(const struct task_struct *t)
{
	return t->depth ? t->frames[t->depth - 1].func : "?";
}

#endif
