/* SPDX-License-Identifier: MIT */
/*
 * kernel/softirq.c of 3.0: irq_enter()/irq_exit(), __do_softirq(), ksoftirqd.
 *
 * irq_exit() drops HARDIRQ_OFFSET from preempt_count *before* it runs
 * softirqs: from there until it returns, the code still runs in the
 * interrupt, on the interrupted task's stack and with its
 * ->rcu_read_lock_nesting, while in_irq() says no.  Under threadirqs,
 * invoke_softirq() wakes ksoftirqd right in that window.
 */
#include "interrupt.h"

#include "bug.h"
#include "frame.h"
#include "lockdep.h"
#include "preempt.h"
#include "sched.h"
#include "tick.h"
#include "timer.h"
#include "../rcu/rcu.h"

#define MAX_SOFTIRQ_RESTART 10

struct task_struct *ksoftirqd_task[NR_CPUS];

void irq_enter(void)
{
	KFUNC();
	rcu_irq_enter();
	add_preempt_count(HARDIRQ_OFFSET);
}

/* Wake ksoftirqd/N: try_to_wake_up() with its p->pi_lock and readers. */
void wakeup_softirqd(void)
{
	struct task_struct *tsk = ksoftirqd_task[smp_processor_id()];

	KFUNC();
	if (tsk && tsk->state != TASK_RUNNING)
		wake_up_process(tsk);
}

void raise_softirq_irqoff(int nr)
{
	this_cpu_state()->softirq_pending |= 1u << nr;
	/* Outside interrupts nobody will run it soon: hand it to ksoftirqd. */
	if (!in_interrupt())
		wakeup_softirqd();
}

void raise_softirq(int nr)
{
	unsigned long flags;

	local_irq_save(flags);
	raise_softirq_irqoff(nr);
	local_irq_restore(flags);
}

static void run_softirq_action(int nr)
{
	switch (nr) {
	case TIMER_SOFTIRQ:
		tick_check_oneshot_change(); /* hrtimer_run_pending() */
		run_timer_softirq();
		break;
	case RCU_SOFTIRQ:
		rcu_process_callbacks();
		break;
	}
}

/* Caller has irqs disabled. */
void __do_softirq(void)
{
	unsigned int pending;
	int max_restart = MAX_SOFTIRQ_RESTART;

	KFUNC_KIND(FRAME_SOFTIRQ);
	pending = local_softirq_pending();
	__local_bh_disable(SOFTIRQ_OFFSET);
restart:
	this_cpu_state()->softirq_pending = 0;
	local_irq_enable();
	for (int nr = 0; nr < NR_SOFTIRQS; nr++) {
		if (pending & (1u << nr)) {
			POINT("softirq action");
			run_softirq_action(nr);
		}
	}
	local_irq_disable();
	pending = local_softirq_pending();
	if (pending && --max_restart)
		goto restart;
	if (pending)
		wakeup_softirqd();
	__local_bh_enable(SOFTIRQ_OFFSET);
}

void do_softirq(void)
{
	unsigned long flags;

	if (in_interrupt())
		return;
	local_irq_save(flags);
	if (local_softirq_pending())
		__do_softirq();
	local_irq_restore(flags);
}

/*
 * ec433f0c: wake ksoftirqd from full softirq context, so that
 * rcu_read_unlock_special() sees in_serving_softirq() and leaves early.
 */
static void invoke_softirq(void)
{
	KFUNC();
	if (!force_irqthreads) {
		__do_softirq();
		return;
	}
	if (sw(SW_softirq_exclusion))
		__local_bh_disable(SOFTIRQ_OFFSET);
	wakeup_softirqd();
	if (sw(SW_softirq_exclusion))
		__local_bh_enable(SOFTIRQ_OFFSET);
}

void irq_exit(void)
{
	KFUNC();
	sub_preempt_count(IRQ_EXIT_OFFSET);
	/* in_irq() is false from here on, yet this is still the interrupt. */
	POINT("HARDIRQ dropped");
	if (!in_interrupt() && local_softirq_pending())
		invoke_softirq();
	rcu_irq_exit();
	/* Make sure that timer wheel updates are propagated (CONFIG_NO_HZ). */
	if (idle_cpu(smp_processor_id()) && !in_interrupt() && !need_resched())
		tick_nohz_stop_sched_tick(0);
	preempt_enable_no_resched();
}

void __local_bh_disable(int cnt)
{
	add_preempt_count(cnt);
}

void __local_bh_enable(int cnt)
{
	sub_preempt_count(cnt);
}

void local_bh_disable(void)
{
	__local_bh_disable(SOFTIRQ_DISABLE_OFFSET);
}

void local_bh_enable(void)
{
	INVARIANT("local_bh_enable-in-irq-or-irqs-disabled", !in_irq() && !irqs_disabled());
	/* Keep preemption off until the pending softirqs have run. */
	sub_preempt_count(SOFTIRQ_DISABLE_OFFSET - 1);
	if (softirq_count() == 0)
		lockdep_softirqs_on();
	if (!in_interrupt() && local_softirq_pending())
		do_softirq();
	preempt_enable();
}

/*
 * ksoftirqd/N: run softirqs handed over by interrupts, in a task.  3.0
 * stops it at CPU_DEAD and creates a new one at CPU_UP_PREPARE; the model
 * keeps one and parks it while its CPU is offline (3.0's wait_to_die).
 */
static int ksoftirqd_parked(int cpu)
{
	return !cpu_online(cpu) || smp_processor_id() != cpu;
}

void ksoftirqd_main(struct task_struct *self)
{
	int cpu = self->kind_index;

	set_current_state(TASK_INTERRUPTIBLE);
	for (;;) {
		preempt_disable();
		if (!local_softirq_pending() || ksoftirqd_parked(cpu)) {
			preempt_enable_no_resched();
			schedule();
			preempt_disable();
		}
		__set_current_state(TASK_RUNNING);
		while (local_softirq_pending() && !ksoftirqd_parked(cpu)) {
			local_irq_disable();
			if (local_softirq_pending())
				__do_softirq();
			local_irq_enable();
			preempt_enable_no_resched();
			POINT("cond_resched");
			preempt_disable();
			rcu_note_context_switch(cpu);
		}
		preempt_enable();
		set_current_state(TASK_INTERRUPTIBLE);
	}
}
