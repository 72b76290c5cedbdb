/* SPDX-License-Identifier: MIT */
/*
 * __lock_task_sighand() of kernel/signal.c, before and after a841796f.
 *
 * Before: rcu_read_lock() with irqs on, spin_lock_irqsave(siglock), then
 * rcu_read_unlock() with irqs off.  A preemption between the first two
 * makes the reader BLOCKED, a boost makes it BOOSTED, and the unlock then
 * deboosts - rt_mutex_unlock(), the irq-unsafe ->wait_lock - under the
 * irq-safe siglock with irqs disabled.  After: irqs off first, so the
 * reader can never have been preempted.
 */
#include "signal.h"

#include "frame.h"
#include "interrupt.h"
#include "preempt.h"
#include "sched.h"
#include "../rcu/rcu.h"
#include "../sim/sim.h"

void sighand_init(struct sighand_struct *sh)
{
	spin_lock_init(&sh->siglock, LC_SIGLOCK);
}

static struct sighand_struct *__lock_task_sighand(struct task_struct *tsk, unsigned long *flags)
{
	struct sighand_struct *sighand;

	KFUNC();
	if (!sw(SW_sighand_irq_order)) {
		rcu_read_lock();
		for (;;) {
			sighand = tsk->sighand; /* rcu_dereference() */
			POINT("rcu_dereference(tsk->sighand)");
			if (sighand == NULL)
				break;
			spin_lock_irqsave(&sighand->siglock, *flags);
			if (sighand == tsk->sighand)
				break;
			spin_unlock_irqrestore(&sighand->siglock, *flags);
		}
		rcu_read_unlock();
		return sighand;
	}
	for (;;) {
		local_irq_save(*flags);
		rcu_read_lock();
		sighand = tsk->sighand; /* rcu_dereference() */
		POINT("rcu_dereference(tsk->sighand)");
		if (sighand == NULL) {
			rcu_read_unlock();
			local_irq_restore(*flags);
			break;
		}
		spin_lock(&sighand->siglock);
		if (sighand == tsk->sighand) {
			rcu_read_unlock();
			break;
		}
		spin_unlock(&sighand->siglock);
		rcu_read_unlock();
		local_irq_restore(*flags);
	}
	return sighand;
}

struct sighand_struct *lock_task_sighand(struct task_struct *tsk, unsigned long *flags)
{
	return __lock_task_sighand(tsk, flags);
}

void unlock_task_sighand(struct task_struct *tsk, unsigned long *flags)
{
	spin_unlock_irqrestore(&tsk->sighand->siglock, *flags);
}

void send_sigqueue(struct task_struct *t)
{
	unsigned long flags;

	KFUNC();
	if (t == NULL || lock_task_sighand(t, &flags) == NULL)
		return;
	POINT("queue the signal");
	/* complete_signal() -> signal_wake_up(), under the siglock */
	if (!try_to_wake_up(t, TASK_INTERRUPTIBLE, 0) && t->on_cpu && t->cpu != smp_processor_id())
		smp_send_reschedule(t->cpu); /* kick_process() */
	unlock_task_sighand(t, &flags);
}
