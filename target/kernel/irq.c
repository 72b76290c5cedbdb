/* SPDX-License-Identifier: MIT */
/*
 * The hardware interrupts the input can land (irq_kinds.def), each entered
 * as x86 enters it in 3.0.  A handler runs on the interrupted task's stack:
 * `current` is the interrupted task, and so is ->rcu_read_lock_nesting.
 */
#include "interrupt.h"

#include "idle.h"

#include "bug.h"
#include "frame.h"
#include "preempt.h"
#include "sched.h"
#include "sched_fair.h"
#include "signal.h"
#include "smp.h"
#include "workload.h"
#include "../rcu/rcu.h"

struct task_struct *irq_thread_task[NR_CPUS];

void raise_irq(int cpu, enum irq_kind kind)
{
	/* A !SMP kernel (TINY_PREEMPT_RCU): x86 sets up no IPI vectors, so none arrives. */
	if (!kconfig_smp() && (kind == IRQ_RESCHED || kind == IRQ_CALL_FUNCTION))
		return;
	cpu_state[cpu].pending_irqs |= 1u << kind;
}

void smp_send_reschedule(int cpu)
{
	if (!cpu_online(cpu)) {
		INVARIANT("smp_send_reschedule-to-offline-cpu", 0); /* 3.0: WARN_ON(1) */
		return;
	}
	raise_irq(cpu, IRQ_RESCHED);
}

/*
 * The entry of a device or timer interrupt (irq.c:183-184, apic.c:859-860):
 * exit_idle() then irq_enter(), so an interrupted idle task's IDLE_END
 * walk runs before rcu_irq_enter(); 3.3's "x86: Call idle notifier after
 * irq_enter()" (idle_notifier_outside_eqs) swapped them.
 */
static void x86_irq_enter(void)
{
	if (!sw(SW_idle_notifier_outside_eqs))
		exit_idle();
	irq_enter();
	if (sw(SW_idle_notifier_outside_eqs))
		exit_idle();
}

/* tick_handle_periodic() -> update_process_times() */
static void update_process_times(int user)
{
	int cpu = smp_processor_id();

	KFUNC();
	account_process_tick(current); /* cpuacct_update_stats(): an RCU reader, in hardirq */
	raise_softirq(TIMER_SOFTIRQ);  /* run_local_timers() */
	rcu_check_callbacks(cpu, user);
	scheduler_tick();
}

/* smp_apic_timer_interrupt() */
static void smp_apic_timer_interrupt(void)
{
	KFUNC_KIND(FRAME_HARDIRQ);
	x86_irq_enter();
	if (smp_processor_id() == first_online_cpu())
		jiffies++; /* do_timer() */
	update_process_times(0);
	irq_exit();
}

/*
 * smp_reschedule_interrupt(): no irq_enter() of its own; 3.0 before
 * c5d753a5 ran the pending wakeups with in_irq() false.
 */
static void smp_reschedule_interrupt(void)
{
	KFUNC_KIND(FRAME_HARDIRQ);
	scheduler_ipi();
}

/* A threaded handler: the primary handler returns IRQ_WAKE_THREAD. */
static void handle_threaded_irq(void)
{
	struct task_struct *t = irq_thread_task[smp_processor_id()];

	KFUNC();
	POINT("irq_default_primary_handler");
	if (t)
		wake_up_process(t); /* irq_wake_thread() */
}

static void do_IRQ_device(void)
{
	KFUNC_KIND(FRAME_HARDIRQ);
	x86_irq_enter();
	handle_threaded_irq();
	irq_exit();
}

/* A posix timer expiring in hardirq: send_sigqueue() locks the task's sighand. */
static void do_IRQ_signal(void)
{
	KFUNC_KIND(FRAME_HARDIRQ);
	x86_irq_enter();
	send_sigqueue(workload_signal_target());
	irq_exit();
}

/* The workload's device: work arrived for a task asleep on its queue. */
static void do_IRQ_workload(void)
{
	KFUNC_KIND(FRAME_HARDIRQ);
	x86_irq_enter();
	workload_interrupt();
	irq_exit();
}

void do_IRQ(enum irq_kind kind)
{
	this_cpu_state()->irqs_taken++;
	switch (kind) {
	case IRQ_TICK:
		smp_apic_timer_interrupt();
		break;
	case IRQ_RESCHED:
		smp_reschedule_interrupt();
		break;
	case IRQ_DEVICE:
		do_IRQ_device();
		break;
	case IRQ_SIGNAL:
		do_IRQ_signal();
		break;
	case IRQ_CALL_FUNCTION:
		smp_call_function_interrupt();
		break;
	case IRQ_WORKLOAD:
		do_IRQ_workload();
		break;
	}
}

/* irq/N-dev: the threaded handler, SCHED_FIFO 50. */
void irq_thread_main(struct task_struct *self)
{
	(void)self;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule();
		POINT("irq thread handler");
	}
}
