/* SPDX-License-Identifier: MIT */
/*
 * The NO_HZ part of 3.0's kernel/time/tick-sched.c that RCU meets: an idle
 * CPU stops its tick and enters dyntick-idle (rcu_enter_nohz()) only if
 * RCU needs nothing of it and no timer is due within a jiffy; from the idle
 * loop, or again from irq_exit() while the CPU idles; the tick restarts
 * (rcu_exit_nohz()) when the idle loop leaves.  The per-CPU state outlives
 * a CPU's death, as 3.0's does: a CPU comes back in the dyntick state it
 * died in, and a freshly onlined CPU stays out of NO_HZ mode until its
 * first timer softirq.
 */
#ifndef RCUFUZZ_KERNEL_TICK_H
#define RCUFUZZ_KERNEL_TICK_H

/* At boot: the CPUs up are in NO_HZ mode and not idle. */
void tick_init(void);
/* @inidle: from the idle loop (1) or from irq_exit() (0). */
void tick_nohz_stop_sched_tick(int inidle);
void tick_nohz_restart_sched_tick(void);
/* TIMER_SOFTIRQ: a CPU out of NO_HZ mode switches to it (tick_check_oneshot_change()). */
void tick_check_oneshot_change(void);
/* CPU_DEAD: the dead CPU leaves NO_HZ mode (tick_cancel_sched_timer()). */
void tick_cancel_sched_timer(int cpu);
/* Is @cpu's tick stopped (it gets no timer interrupt until its next timer)? */
int tick_nohz_tick_stopped(int cpu);

#endif
