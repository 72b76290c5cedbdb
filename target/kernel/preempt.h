/* SPDX-License-Identifier: MIT */
/*
 * preempt_count, interrupt flags and need_resched, with 3.0's layout:
 *
 *   bits 0-7   PREEMPT   preempt_disable() depth
 *   bits 8-15  SOFTIRQ   SOFTIRQ_OFFSET while serving softirqs,
 *                        SOFTIRQ_DISABLE_OFFSET per local_bh_disable()
 *   bits 16-25 HARDIRQ   HARDIRQ_OFFSET per irq_enter()
 *   bit  26    NMI
 *
 * preempt_count lives in the task (thread_info), so an interrupt shares the
 * interrupted task's count; the irq-disable flag belongs to the CPU.
 */
#ifndef RCUFUZZ_KERNEL_PREEMPT_H
#define RCUFUZZ_KERNEL_PREEMPT_H

#include "task.h"

#define PREEMPT_BITS  8
#define SOFTIRQ_BITS  8
#define HARDIRQ_BITS  10
#define PREEMPT_SHIFT 0
#define SOFTIRQ_SHIFT (PREEMPT_SHIFT + PREEMPT_BITS)
#define HARDIRQ_SHIFT (SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#define NMI_SHIFT     (HARDIRQ_SHIFT + HARDIRQ_BITS)

#define PREEMPT_OFFSET	       (1 << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET	       (1 << SOFTIRQ_SHIFT)
#define HARDIRQ_OFFSET	       (1 << HARDIRQ_SHIFT)
#define NMI_OFFSET	       (1 << NMI_SHIFT)
#define SOFTIRQ_DISABLE_OFFSET (2 * SOFTIRQ_OFFSET)

#define PREEMPT_MASK (((1 << PREEMPT_BITS) - 1) << PREEMPT_SHIFT)
#define SOFTIRQ_MASK (((1 << SOFTIRQ_BITS) - 1) << SOFTIRQ_SHIFT)
#define HARDIRQ_MASK (((1 << HARDIRQ_BITS) - 1) << HARDIRQ_SHIFT)
#define NMI_MASK     (1 << NMI_SHIFT)

/* Set while preempt_schedule() runs schedule(): the task stays on its runqueue. */
#define PREEMPT_ACTIVE 0x10000000

/* irq_exit() leaves preemption disabled until it is done (CONFIG_PREEMPT). */
#define IRQ_EXIT_OFFSET (HARDIRQ_OFFSET - 1)

#define preempt_count()	     (current->preempt_count)
#define hardirq_count()	     (preempt_count() & HARDIRQ_MASK)
#define softirq_count()	     (preempt_count() & SOFTIRQ_MASK)
#define irq_count()	     (preempt_count() & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK))
#define in_irq()	     (hardirq_count())
#define in_softirq()	     (softirq_count())
#define in_interrupt()	     (irq_count())
#define in_serving_softirq() (softirq_count() & SOFTIRQ_OFFSET)
#define in_nmi()	     (preempt_count() & NMI_MASK)

void add_preempt_count(int val);
void sub_preempt_count(int val);

/* "BUG: sleeping function called from invalid context" unless sleeping is legal here. */
void might_sleep(void);

void preempt_disable(void);
void preempt_enable(void); /* reschedules if needed, with a point */
void preempt_enable_no_resched(void);

/* Interrupt flag of the running CPU. */
int irqs_disabled(void);
void local_irq_disable(void);
void local_irq_enable(void); /* a pending interrupt lands right here */
unsigned long arch_local_irq_save(void);
void local_irq_restore(unsigned long flags);
#define local_irq_save(flags)	   ((flags) = arch_local_irq_save())
#define irqs_disabled_flags(flags) ((flags) != 0)

/* Bottom halves. */
void local_bh_disable(void);
void local_bh_enable(void); /* runs pending softirqs outside interrupts */
void __local_bh_disable(int cnt);
void __local_bh_enable(int cnt);

/* TIF_NEED_RESCHED of the running task. */
#define need_resched() (current->need_resched)
void set_tsk_need_resched(struct task_struct *t);

#endif
