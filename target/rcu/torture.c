/* SPDX-License-Identifier: MIT */
/*
 * rcutorture's fqs kthread: see torture.h.  After 3.0's
 * kernel/rcutorture.c:826-850 (rcu_torture_fqs()) and the fqs part of
 * rcu_torture_init(); the module parameters are kconfig.h's
 * RCUTORTURE_FQS_*.
 *
 * What the model leaves out: rcu_stutter_wait() returns at once (no
 * stutter kthread pauses the test; rcutorture is runnable), and nothing
 * stops the kthread (no rmmod, no shutdown notifier), so it runs for the
 * whole run.  Where the model starts: a run is an arbitrary stretch of a
 * kernel that has been running rcutorture since boot, and it begins in
 * the last jiffy of a stutter wait, so the first burst comes once the
 * run's first tick has advanced jiffies, and the next ones fqs_stutter
 * seconds after each (docs/fidelity.md, "Forcing sources").
 */
#include "torture.h"

#include "rcu.h"

#include "../config/kconfig.h"
#include "../kernel/frame.h"
#include "../kernel/kthread.h"
#include "../kernel/sched.h"
#include "../kernel/timer.h"

#include <limits.h>

/*
 * RCU torture force-quiescent-state kthread.  Repeatedly induces bursts of
 * calls to force_quiescent_state(), increasing the probability of
 * occurrence of some important types of race conditions.  A normal
 * (SCHED_NORMAL, nice 0) task: preemptible everywhere but inside
 * force_quiescent_state()'s irq-disabled sections.
 */
static void rcu_torture_fqs(struct task_struct *self)
{
	unsigned long fqs_resume_time;
	int fqs_burst_remaining;
	unsigned long wait = 1; /* the run begins in the last jiffy of a wait (above) */

	KFUNC();
	for (;;) {
		fqs_resume_time = jiffies + wait;
		wait = (unsigned long)RCUTORTURE_FQS_STUTTER * (unsigned long)kconfig.hz;
		while (jiffies - fqs_resume_time > LONG_MAX)
			schedule_timeout_interruptible(1);
		fqs_burst_remaining = RCUTORTURE_FQS_DURATION;
		POINT("burst begins");
		while (fqs_burst_remaining > 0) {
			rcu_force_quiescent_state(); /* cur_ops->fqs() */
			/*
			 * A busy wait, preemptible, irqs on: other CPUs run,
			 * interrupts land, a tick may come, for as long as
			 * the schedule says (the model keeps no ratio of time).
			 */
			POINT("udelay(fqs_holdoff)");
			fqs_burst_remaining -= RCUTORTURE_FQS_HOLDOFF;
		}
		/* rcu_stutter_wait("rcu_torture_fqs"): never paused. */
	}
}

void rcu_torture_init(int early)
{
	struct task_struct *t;

	if (!kconfig.rcu_torture_fqs)
		return;
	/* fqs_duration > 0: kthread_run(rcu_torture_fqs, NULL, "rcu_torture_fqs"). */
	t = kthread_create(TASK_KIND_RCU_TORTURE, "rcu_torture_fqs", 0, -1, rcu_torture_fqs,
			   DEFAULT_PRIO);
	if (early) {
		t->state = TASK_RUNNING;
		sched_enqueue_new(t);
		return;
	}
	wake_up_process(t);
}
