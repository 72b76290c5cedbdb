/* SPDX-License-Identifier: MIT */
/*
 * kernel/stop_machine.c: each CPU's stopper kthread runs queued works at the
 * highest priority, preempting whatever runs there.  synchronize_sched_expedited()
 * uses it to force a context switch on every CPU; cpu_down() to take a CPU down.
 */
#include "stop_machine.h"

#include "frame.h"
#include "sched.h"
#include "wait.h"

#define MAX_STOP_WORKS 4

struct cpu_stop_work {
	cpu_stop_fn_t fn;
	void *arg;
	struct completion *done;
};

struct cpu_stopper {
	spinlock_t lock; /* guards the works */
	struct cpu_stop_work works[MAX_STOP_WORKS];
	int nr_works;
};

static struct cpu_stopper stoppers[NR_CPUS];
struct task_struct *stopper_task[NR_CPUS];

void cpu_stopper_init(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		spin_lock_init(&stoppers[cpu].lock, LC_STOPPER);
		stoppers[cpu].nr_works = 0;
	}
}

static void cpu_stop_queue_work(int cpu, cpu_stop_fn_t fn, void *arg, struct completion *done)
{
	struct cpu_stopper *s = &stoppers[cpu];
	unsigned long flags;

	KFUNC();
	spin_lock_irqsave(&s->lock, flags);
	if (s->nr_works < MAX_STOP_WORKS) {
		struct cpu_stop_work *w = &s->works[s->nr_works++];

		w->fn = fn;
		w->arg = arg;
		w->done = done;
	} else {
		complete(done); /* cannot queue: the caller must not wait forever */
	}
	spin_unlock_irqrestore(&s->lock, flags);
	wake_up_process(stopper_task[cpu]);
}

void stop_one_cpu(int cpu, cpu_stop_fn_t fn, void *arg)
{
	struct completion done;

	KFUNC();
	init_completion(&done);
	cpu_stop_queue_work(cpu, fn, arg, &done);
	wait_for_completion(&done);
}

void stop_cpus(cpu_stop_fn_t fn, void *arg)
{
	struct completion done[NR_CPUS];
	int cpu, queued[NR_CPUS] = {0};

	KFUNC();
	for_each_online_cpu(cpu) {
		init_completion(&done[cpu]);
		cpu_stop_queue_work(cpu, fn, arg, &done[cpu]);
		queued[cpu] = 1;
	}
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (queued[cpu])
			wait_for_completion(&done[cpu]);
}

void cpu_stopper_thread(struct task_struct *self)
{
	struct cpu_stopper *s = &stoppers[self->bound_cpu];

	for (;;) {
		struct cpu_stop_work w = {0};
		unsigned long flags;

		spin_lock_irqsave(&s->lock, flags);
		if (s->nr_works > 0) {
			w = s->works[0];
			for (int i = 1; i < s->nr_works; i++)
				s->works[i - 1] = s->works[i];
			s->nr_works--;
		} else {
			set_current_state(TASK_INTERRUPTIBLE);
		}
		spin_unlock_irqrestore(&s->lock, flags);
		if (w.fn == NULL) {
			schedule();
			continue;
		}
		w.fn(w.arg);
		complete(w.done);
	}
}
