/* SPDX-License-Identifier: MIT */
/* Kernel threads: see kthread.h. */
#include "kthread.h"

#include "bug.h"
#include "cpu.h"
#include "frame.h"
#include "sched.h"
#include "wait.h"

struct task_struct *kthread_create(enum task_kind kind, const char *comm, int index, int cpu,
				   void (*entry)(struct task_struct *), int prio)
{
	struct task_struct *t =
		task_create(kind, index, comm, entry, cpu < 0 ? first_online_cpu() : cpu, prio);

	if (cpu >= 0)
		t->cpus_allowed = cpumask_of(cpu);
	t->state = TASK_INTERRUPTIBLE; /* asleep until first woken */
	return t;
}

void kthread_bind(struct task_struct *t, int cpu)
{
	/*
	 * 3.0 waits for the task to be inactive (wait_task_inactive()) and
	 * WARNs if it is not: binding a task that is queued or being woken
	 * would leave it on one runqueue with task_cpu() naming another.
	 */
	INVARIANT("kthread_bind-of-active-task", t->state == TASK_INTERRUPTIBLE && !t->on_rq);
	t->cpu = cpu;
	t->cpus_allowed = cpumask_of(cpu);
}

void kthread_stop(struct task_struct *t)
{
	struct completion exited;

	KFUNC();
	init_completion(&exited);
	t->kthread_exited = &exited;
	t->kthread_should_stop = 1;
	wake_up_process(t);
	wait_for_completion(&exited);
}

int kthread_should_stop(void)
{
	return current->kthread_should_stop;
}

void kthread_exit(struct task_struct *t)
{
	if (t->kthread_exited)
		complete(t->kthread_exited);
}
