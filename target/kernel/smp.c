/* SPDX-License-Identifier: MIT */
/* Cross-CPU function calls: see smp.h. */
#include "smp.h"

#include "bug.h"
#include "cpu.h"
#include "frame.h"
#include "interrupt.h"
#include "preempt.h"

/* One caller's request (call_function_data): what to run and who still has to. */
struct call_function_data {
	void (*func)(void *info);
	void *info;
	cpumask_t cpumask; /* CPUs that have not run it yet */
};

static struct {
	raw_spinlock_t lock;			   /* call_function.lock: guards the queue */
	struct call_function_data *queue[NR_CPUS]; /* by calling CPU, NULL if none */
} call_function;

void smp_init_calls(void)
{
	raw_spin_lock_init(&call_function.lock, LC_CALL_FUNCTION);
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		call_function.queue[cpu] = NULL;
}

/*
 * Run @func on every other online CPU.  Must not be called with irqs
 * disabled (an IPI to a CPU spinning on us would deadlock); preemption is
 * off, as on_each_cpu() has it.
 */
void smp_call_function(void (*func)(void *info), void *info, int wait)
{
	struct call_function_data data = {func, info, 0};
	int this_cpu = smp_processor_id();
	unsigned long flags;
	int cpu;

	KFUNC();
	/* Can deadlock when called with interrupts disabled. */
	INVARIANT("smp_call_function-with-irqs-disabled", !irqs_disabled()); /* WARN_ON_ONCE */
	data.cpumask = cpu_online_mask() & ~cpumask_of(this_cpu);
	if (data.cpumask == 0)
		return;
	raw_spin_lock_irqsave(&call_function.lock, flags);
	call_function.queue[this_cpu] = &data;
	raw_spin_unlock_irqrestore(&call_function.lock, flags);
	/* Send a message to all CPUs in the map (arch_send_call_function_ipi_mask()). */
	for_each_online_cpu(cpu)
		if (cpumask_test_cpu(cpu, data.cpumask))
			raise_irq(cpu, IRQ_CALL_FUNCTION);
	/* Optionally wait for the CPUs to complete (csd_lock_wait()). */
	while (wait && data.cpumask != 0)
		POINT("wait for the other CPUs' calls");
	raw_spin_lock_irqsave(&call_function.lock, flags);
	call_function.queue[this_cpu] = NULL;
	raw_spin_unlock_irqrestore(&call_function.lock, flags);
	/* Without @wait the caller's data would have to outlive the call: the model always waits.
	 */
	while (data.cpumask != 0)
		POINT("wait for the other CPUs' calls");
}

void on_each_cpu(void (*func)(void *info), void *info, int wait)
{
	unsigned long flags;

	KFUNC();
	preempt_disable();
	smp_call_function(func, info, wait);
	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
	preempt_enable();
}

/* generic_smp_call_function_interrupt(): run every call queued for this CPU. */
static void generic_smp_call_function_interrupt(void)
{
	int cpu = smp_processor_id(), caller;

	KFUNC();
	for_each_possible_cpu(caller) {
		struct call_function_data *data;

		raw_spin_lock(&call_function.lock);
		data = call_function.queue[caller];
		if (data == NULL || !cpumask_test_cpu(cpu, data->cpumask)) {
			raw_spin_unlock(&call_function.lock);
			continue;
		}
		raw_spin_unlock(&call_function.lock);
		data->func(data->info);
		data->cpumask &= ~cpumask_of(cpu); /* cpumask_test_and_clear_cpu() */
	}
}

void smp_call_function_interrupt(void)
{
	KFUNC_KIND(FRAME_HARDIRQ);
	irq_enter();
	generic_smp_call_function_interrupt();
	irq_exit();
}
