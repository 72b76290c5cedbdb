/* SPDX-License-Identifier: MIT */
/*
 * x86-64's idle notifiers (3.0 arch/x86/kernel/process_64.c:58-93): the
 * idle loop announces IDLE_START before it halts, and the first interrupt
 * of the idle task (or the loop itself after the halt) IDLE_END, each by
 * walking an atomic notifier chain: rcu_read_lock(), the walk,
 * rcu_read_unlock() (kernel/notifier.c:181-190).  In 3.0 both may run
 * while RCU counts the CPU dyntick-idle.  Behind switch x86_idle_notifier.
 */
#ifndef RCUFUZZ_KERNEL_IDLE_H
#define RCUFUZZ_KERNEL_IDLE_H

void idle_notifier_init(void);
void enter_idle(void);	/* the idle loop, irqs off, before the halt */
void __exit_idle(void); /* the idle loop after the halt */
void exit_idle(void);	/* an interrupt's entry, before irq_enter() (3.3: after) */

#endif
