/* SPDX-License-Identifier: MIT */
/* x86-64's idle notifiers: see idle.h. */
#include "idle.h"

#include "cpu.h"
#include "frame.h"
#include "preempt.h"
#include "task.h"
#include "tick.h"
#include "../config/history.h"
#include "../rcu/rcu.h"

static unsigned char is_idle[NR_CPUS]; /* DEFINE_PER_CPU(unsigned char, is_idle) */

void idle_notifier_init(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		is_idle[cpu] = 0;
}

/*
 * atomic_notifier_call_chain(&idle_notifier, ...): the chain is walked
 * under rcu_read_lock() even when nothing is registered (3.0 registers an
 * idle notifier only in drivers such as i7300_idle); the walk's load of
 * the head is the reader's dereference.
 */
static void atomic_notifier_call_chain(void)
{
	KFUNC();
	rcu_read_lock();
	rcu_reader_deref();
	POINT("rcu_dereference(nh->head)");
	rcu_read_unlock();
}

/*
 * The idle loop's walk.  3.0 makes it wherever the loop is, dyntick-idle
 * for RCU once tick_nohz_stop_sched_tick() has stopped the tick.  With
 * idle_notifier_outside_eqs (3.3's "x86: Enter rcu extended qs after idle
 * notifier call") RCU watches the CPU during the walk: 3.3 moved the entry
 * into dyntick-idle from the tick stop to after enter_idle() and the exit
 * to before __exit_idle(); the model leaves dyntick-idle for the walk and
 * enters it again, which is the same for the walk and for every reader the
 * idle loop runs (none between the tick stop and the halt but these).
 */
static void idle_loop_call_chain(void)
{
	int watched = sw(SW_idle_notifier_outside_eqs) && tick_nohz_tick_stopped(smp_processor_id());

	if (watched)
		rcu_exit_nohz();
	atomic_notifier_call_chain();
	if (watched)
		rcu_enter_nohz();
}

void enter_idle(void)
{
	KFUNC();
	if (!sw(SW_x86_idle_notifier))
		return;
	is_idle[smp_processor_id()] = 1;
	idle_loop_call_chain(); /* IDLE_START */
}

/* x86_test_and_clear_bit_percpu(0, is_idle): was the CPU announced idle? */
static int test_and_clear_is_idle(int cpu)
{
	int was = is_idle[cpu];

	is_idle[cpu] = 0;
	return was;
}

void __exit_idle(void)
{
	KFUNC();
	if (!sw(SW_x86_idle_notifier) || !test_and_clear_is_idle(smp_processor_id()))
		return;
	idle_loop_call_chain(); /* IDLE_END */
}

/* From an interrupt: 3.0 before irq_enter(), 3.3 after (irq.c's x86_irq_enter()). */
void exit_idle(void)
{
	KFUNC();
	/* idle loop has pid 0 */
	if (!sw(SW_x86_idle_notifier) || current->kind != TASK_KIND_IDLE ||
	    !test_and_clear_is_idle(smp_processor_id()))
		return;
	atomic_notifier_call_chain(); /* IDLE_END */
}
