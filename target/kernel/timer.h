/* SPDX-License-Identifier: MIT */
/*
 * Timers, as 3.0's kernel/timer.c uses them: a per-CPU list under its
 * base->lock, run from TIMER_SOFTIRQ on the CPU that armed them once
 * jiffies has reached their expiry; a dead CPU's timers move to a live
 * one at CPU_DEAD (migrate_timers()).  schedule_timeout() sleeps on one.
 */
#ifndef RCUFUZZ_KERNEL_TIMER_H
#define RCUFUZZ_KERNEL_TIMER_H

struct timer_list {
	struct timer_list *next;	 /* on its CPU's list, while pending */
	unsigned long expires;		 /* jiffies at which it fires */
	void (*function)(unsigned long); /* called in TIMER_SOFTIRQ, irqs on */
	unsigned long data;		 /* its argument */
	int cpu;			 /* the CPU whose list holds it, -1 if not pending */
};

void timers_init(void);
void setup_timer_on_stack(struct timer_list *timer, void (*function)(unsigned long),
			  unsigned long data);
/* Arm @timer on this CPU for @expires (re-arm it if pending).  1 if it was pending. */
int mod_timer(struct timer_list *timer, unsigned long expires);
/* Disarm @timer.  1 if it was pending. */
int del_timer(struct timer_list *timer);
/* TIMER_SOFTIRQ: run this CPU's expired timers. */
void run_timer_softirq(void);
/* CPU_DEAD: move @cpu's timers to this CPU's list. */
void migrate_timers(int cpu);
/* Does @cpu have a timer armed (the tick must keep running for it)? */
int cpu_has_pending_timers(int cpu);
/* Does @cpu have a timer armed to expire before @j? */
int cpu_timer_due_before(int cpu, unsigned long j);

/* Sleep in TASK_UNINTERRUPTIBLE (TASK_INTERRUPTIBLE) for @timeout jiffies, or until woken. */
void schedule_timeout_uninterruptible(long timeout);
void schedule_timeout_interruptible(long timeout);

#endif
