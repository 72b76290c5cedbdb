/* SPDX-License-Identifier: MIT */
/*
 * kernel/stop_machine.c: each CPU's stopper kthread runs queued works at the
 * highest priority, preempting whatever runs there.  synchronize_sched_expedited()
 * uses it to force a context switch on every CPU; cpu_down() to take a CPU down.
 */
#include "stop_machine.h"

#include "frame.h"
#include "preempt.h"
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
/*
 * Serializes stop_cpus(): two of them queueing works in different orders
 * would deadlock their stop_machine()s.
 */
static struct mutex stop_cpus_mutex;
struct task_struct *stopper_task[NR_CPUS];

void cpu_stopper_init(void)
{
	mutex_init(&stop_cpus_mutex, LC_STOP_CPUS_MUTEX);
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
	mutex_lock(&stop_cpus_mutex);
	/*
	 * Disable preemption while queueing to avoid getting preempted by a
	 * stopper which might wait for other stoppers to enter @fn.
	 */
	preempt_disable();
	for_each_online_cpu(cpu) {
		init_completion(&done[cpu]);
		cpu_stop_queue_work(cpu, fn, arg, &done[cpu]);
		queued[cpu] = 1;
	}
	preempt_enable();
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (queued[cpu])
			wait_for_completion(&done[cpu]);
	mutex_unlock(&stop_cpus_mutex);
}

void cpu_stopper_thread(struct task_struct *self)
{
	struct cpu_stopper *s = &stoppers[self->kind_index];

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
		preempt_disable();
		w.fn(w.arg);
		preempt_enable();
		complete(w.done);
	}
}

/* stop_machine()'s states, which every stopper steps through in lockstep. */
enum stopmachine_state {
	STOPMACHINE_NONE,	 /* Dummy starting state for thread. */
	STOPMACHINE_PREPARE,	 /* Awaiting everyone to be scheduled. */
	STOPMACHINE_DISABLE_IRQ, /* Disable interrupts. */
	STOPMACHINE_RUN,	 /* Run the function */
	STOPMACHINE_EXIT,	 /* Exit */
};

struct stop_machine_data {
	int (*fn)(void *data);
	void *data;
	int active_cpu;		      /* the CPU that runs fn */
	int num_threads;	      /* stoppers taking part */
	enum stopmachine_state state; /* where they all are */
	int thread_ack;		      /* stoppers still to ack the state (atomic_t) */
	int err;		      /* fn's result */
};

static void set_state(struct stop_machine_data *smdata, enum stopmachine_state newstate)
{
	/* Reset ack counter. */
	smdata->thread_ack = smdata->num_threads;
	smdata->state = newstate;
}

/* Last one to ack a state moves to the next state. */
static void ack_state(struct stop_machine_data *smdata)
{
	if (--smdata->thread_ack == 0) /* atomic_dec_and_test() */
		set_state(smdata, smdata->state + 1);
}

/* This is the cpu_stop function which stops the CPU. */
static void stop_machine_cpu_stop(void *data)
{
	struct stop_machine_data *smdata = data;
	enum stopmachine_state curstate = STOPMACHINE_NONE;
	int cpu = smp_processor_id();
	int is_active = cpu == smdata->active_cpu;

	KFUNC();
	/* Simple state machine */
	do {
		/* Chill out and ensure we re-read stopmachine_state. */
		POINT("cpu_relax");
		if (smdata->state != curstate) {
			curstate = smdata->state;
			switch (curstate) {
			case STOPMACHINE_DISABLE_IRQ:
				local_irq_disable();
				break;
			case STOPMACHINE_RUN:
				if (is_active)
					smdata->err = smdata->fn(smdata->data);
				break;
			default:
				break;
			}
			ack_state(smdata);
		}
	} while (curstate != STOPMACHINE_EXIT);
	local_irq_enable();
}

int __stop_machine(int (*fn)(void *data), void *data, int cpu)
{
	struct stop_machine_data smdata = {fn, data, cpu, num_online_cpus(), STOPMACHINE_NONE,
					   0,  0};

	KFUNC();
	/* Set the initial state and stop all online cpus. */
	set_state(&smdata, STOPMACHINE_PREPARE);
	stop_cpus(stop_machine_cpu_stop, &smdata);
	return smdata.err;
}
