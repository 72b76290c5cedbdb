/* SPDX-License-Identifier: MIT */
/* Hard and soft interrupts: irq_enter/irq_exit, softirqs, ksoftirqd, irq threads. */
#ifndef RCUFUZZ_KERNEL_INTERRUPT_H
#define RCUFUZZ_KERNEL_INTERRUPT_H

#include "cpu.h"

enum { TIMER_SOFTIRQ, RCU_SOFTIRQ, NR_SOFTIRQS };

/* The softirqs pending on this CPU. */
static inline unsigned int local_softirq_pending(void)
{
	return this_cpu_state()->softirq_pending;
}

void irq_enter(void);
void irq_exit(void);
void raise_softirq(int nr);
void raise_softirq_irqoff(int nr);
void do_softirq(void);
void __do_softirq(void);
void wakeup_softirqd(void);

/* Deliver hardware interrupt @kind on the running CPU (irqs are on). */
void do_IRQ(enum irq_kind kind);

/*
 * A CPU resumes at a point (the simulator's at_point hook): a pending
 * interrupt lands here if irqs are on, and preemption happens here if
 * preempt_count is zero and need_resched is set.
 */
void kernel_at_point(void);

/* Mark @kind pending on @cpu; it lands at that CPU's next point with irqs on. */
void raise_irq(int cpu, enum irq_kind kind);
/* The reschedule IPI (x86's native_smp_send_reschedule()). */
void smp_send_reschedule(int cpu);

/* Kthread bodies. */
void ksoftirqd_main(struct task_struct *self);
void irq_thread_main(struct task_struct *self);

/* Per-CPU kthreads, created at boot. */
extern struct task_struct *ksoftirqd_task[NR_CPUS];
extern struct task_struct *irq_thread_task[NR_CPUS];

#endif
