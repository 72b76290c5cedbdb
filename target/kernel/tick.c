/* SPDX-License-Identifier: MIT */
/* NO_HZ tick stopping: see tick.h. */
#include "tick.h"

#include "cpu.h"
#include "frame.h"
#include "interrupt.h"
#include "preempt.h"
#include "timer.h"
#include "../rcu/rcu.h"

enum tick_nohz_mode { NOHZ_MODE_INACTIVE, NOHZ_MODE_LOWRES };

struct tick_sched {
	enum tick_nohz_mode nohz_mode;
	int inidle;	  /* in an idle period (set by the idle loop's stop) */
	int tick_stopped; /* the tick is stopped and RCU was told (rcu_enter_nohz()) */
};

static struct tick_sched tick_cpu_sched[NR_CPUS];

void tick_init(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		tick_cpu_sched[cpu] = (struct tick_sched){
			cpu_online(cpu) ? NOHZ_MODE_LOWRES : NOHZ_MODE_INACTIVE, 0, 0};
}

/* Is a timer due on this CPU within one jiffy (get_next_timer_interrupt())? */
static int timer_due_within_a_jiffy(int cpu)
{
	return cpu_timer_due_before(cpu, jiffies + 1);
}

void tick_nohz_stop_sched_tick(int inidle)
{
	unsigned long flags;
	int cpu;
	struct tick_sched *ts;

	KFUNC();
	local_irq_save(flags);
	cpu = smp_processor_id();
	ts = &tick_cpu_sched[cpu];
	/* From irq_exit() with the CPU not in an idle period: nothing to do. */
	if (!inidle && !ts->inidle)
		goto end;
	ts->inidle = 1;
	if (ts->nohz_mode == NOHZ_MODE_INACTIVE)
		goto end;
	if (need_resched())
		goto end;
	if (local_softirq_pending() && cpu_online(cpu))
		goto end;
	/* Do not stop the tick if we are only one off or the CPU is required for RCU. */
	if (!ts->tick_stopped && (rcu_needs_cpu(cpu) || timer_due_within_a_jiffy(cpu)))
		goto end;
	if (!ts->tick_stopped) {
		ts->tick_stopped = 1;
		rcu_enter_nohz();
	}
end:
	local_irq_restore(flags);
}

void tick_nohz_restart_sched_tick(void)
{
	int cpu = smp_processor_id();
	struct tick_sched *ts = &tick_cpu_sched[cpu];

	KFUNC();
	local_irq_disable();
	if (!ts->inidle || !ts->tick_stopped) {
		ts->inidle = 0;
		local_irq_enable();
		return;
	}
	ts->inidle = 0;
	rcu_exit_nohz();
	ts->tick_stopped = 0;
	local_irq_enable();
}

void tick_check_oneshot_change(void)
{
	struct tick_sched *ts = &tick_cpu_sched[smp_processor_id()];

	if (ts->nohz_mode == NOHZ_MODE_INACTIVE)
		ts->nohz_mode = NOHZ_MODE_LOWRES; /* tick_nohz_switch_to_nohz() */
}

void tick_cancel_sched_timer(int cpu)
{
	tick_cpu_sched[cpu].nohz_mode = NOHZ_MODE_INACTIVE;
}

int tick_nohz_tick_stopped(int cpu)
{
	return tick_cpu_sched[cpu].tick_stopped;
}
