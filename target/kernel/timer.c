/* SPDX-License-Identifier: MIT */
/* Timers: see timer.h. */
#include "timer.h"

#include "cpu.h"
#include "frame.h"
#include "preempt.h"
#include "sched.h"

#include <stddef.h>

struct tvec_base {
	spinlock_t lock;	 /* base->lock */
	struct timer_list *head; /* pending timers, in the order they were armed */
};

static struct tvec_base timer_bases[NR_CPUS];

void timers_init(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		spin_lock_init(&timer_bases[cpu].lock, LC_TIMER_BASE);
		timer_bases[cpu].head = NULL;
	}
}

void setup_timer_on_stack(struct timer_list *timer, void (*function)(unsigned long),
			  unsigned long data)
{
	timer->next = NULL;
	timer->function = function;
	timer->data = data;
	timer->cpu = -1;
}

/* Caller holds the timer's base->lock. */
static void detach_timer(struct tvec_base *base, struct timer_list *timer)
{
	for (struct timer_list **p = &base->head; *p; p = &(*p)->next) {
		if (*p == timer) {
			*p = timer->next;
			break;
		}
	}
	timer->next = NULL;
	timer->cpu = -1;
}

/* Caller holds base->lock. */
static void internal_add_timer(struct tvec_base *base, struct timer_list *timer, int cpu)
{
	struct timer_list **p = &base->head;

	while (*p)
		p = &(*p)->next;
	timer->next = NULL;
	*p = timer;
	timer->cpu = cpu;
}

/*
 * The base that holds @timer, locked, irqs saved in @flags; 3.0's
 * lock_timer_base() retries while the timer migrates between bases.
 */
static struct tvec_base *lock_timer_base(struct timer_list *timer, unsigned long *flags)
{
	for (;;) {
		int cpu = timer->cpu;
		struct tvec_base *base = &timer_bases[cpu < 0 ? smp_processor_id() : cpu];

		spin_lock_irqsave(&base->lock, *flags);
		if (timer->cpu == cpu)
			return base;
		spin_unlock_irqrestore(&base->lock, *flags);
	}
}

int mod_timer(struct timer_list *timer, unsigned long expires)
{
	struct tvec_base *base, *new_base;
	unsigned long flags;
	int pending, cpu;

	KFUNC();
	base = lock_timer_base(timer, &flags);
	pending = timer->cpu >= 0;
	if (pending)
		detach_timer(base, timer);
	cpu = smp_processor_id();
	new_base = &timer_bases[cpu];
	if (base != new_base) {
		/* Switch the timer base to the current CPU's. */
		spin_unlock(&base->lock);
		base = new_base;
		spin_lock(&base->lock);
	}
	timer->expires = expires;
	internal_add_timer(base, timer, cpu);
	spin_unlock_irqrestore(&base->lock, flags);
	return pending;
}

int del_timer(struct timer_list *timer)
{
	struct tvec_base *base;
	unsigned long flags;
	int ret = 0;

	KFUNC();
	if (timer->cpu < 0)
		return 0;
	base = lock_timer_base(timer, &flags);
	if (timer->cpu >= 0) {
		detach_timer(base, timer);
		ret = 1;
	}
	spin_unlock_irqrestore(&base->lock, flags);
	return ret;
}

/* __run_timers(): each expired timer's function runs with base->lock dropped, irqs on. */
void run_timer_softirq(void)
{
	struct tvec_base *base = &timer_bases[smp_processor_id()];

	KFUNC();
	spin_lock_irq(&base->lock);
	for (;;) {
		struct timer_list *timer = base->head;
		void (*fn)(unsigned long);
		unsigned long data;

		while (timer && (long)(jiffies - timer->expires) < 0)
			timer = timer->next;
		if (timer == NULL)
			break;
		fn = timer->function;
		data = timer->data;
		detach_timer(base, timer);
		spin_unlock_irq(&base->lock);
		fn(data);
		spin_lock_irq(&base->lock);
	}
	spin_unlock_irq(&base->lock);
}

void migrate_timers(int cpu)
{
	struct tvec_base *old_base = &timer_bases[cpu];
	struct tvec_base *new_base;
	unsigned long flags;
	int this_cpu;

	KFUNC();
	local_irq_save(flags);
	this_cpu = smp_processor_id();
	new_base = &timer_bases[this_cpu];
	spin_lock(&new_base->lock);
	spin_lock_nested(&old_base->lock, LC_TIMER_BASE_NESTED);
	while (old_base->head) {
		struct timer_list *timer = old_base->head;

		detach_timer(old_base, timer);
		internal_add_timer(new_base, timer, this_cpu);
	}
	spin_unlock(&old_base->lock);
	spin_unlock(&new_base->lock);
	local_irq_restore(flags);
}

int cpu_has_pending_timers(int cpu)
{
	return timer_bases[cpu].head != NULL;
}

int cpu_timer_due_before(int cpu, unsigned long j)
{
	for (const struct timer_list *t = timer_bases[cpu].head; t; t = t->next)
		if ((long)(t->expires - j) < 0)
			return 1;
	return 0;
}

static void process_timeout(unsigned long data)
{
	wake_up_process((struct task_struct *)data);
}

/* schedule_timeout() in @state: sleep until the timer wakes the task, or someone else does. */
static void schedule_timeout_state(long timeout, int state)
{
	struct timer_list timer;

	set_current_state(state);
	setup_timer_on_stack(&timer, process_timeout, (unsigned long)current);
	mod_timer(&timer, jiffies + (unsigned long)timeout);
	schedule();
	del_timer(&timer); /* del_singleshot_timer_sync() */
}

void schedule_timeout_uninterruptible(long timeout)
{
	KFUNC();
	schedule_timeout_state(timeout, TASK_UNINTERRUPTIBLE);
}

void schedule_timeout_interruptible(long timeout)
{
	KFUNC();
	schedule_timeout_state(timeout, TASK_INTERRUPTIBLE);
}
