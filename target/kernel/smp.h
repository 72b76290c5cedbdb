/* SPDX-License-Identifier: MIT */
/*
 * Cross-CPU function calls, as 3.0's kernel/smp.c: smp_call_function()
 * raises a call-function IPI on every other online CPU, whose handler runs
 * the function in hardirq between irq_enter() and irq_exit(); with @wait
 * the caller spins until each has run it.  on_each_cpu() also runs it
 * locally with irqs off.
 */
#ifndef RCUFUZZ_KERNEL_SMP_H
#define RCUFUZZ_KERNEL_SMP_H

void smp_init_calls(void);
void smp_call_function(void (*func)(void *info), void *info, int wait);
void on_each_cpu(void (*func)(void *info), void *info, int wait);
/* The call-function IPI's handler (x86 smp_call_function_interrupt()). */
void smp_call_function_interrupt(void);

#endif
