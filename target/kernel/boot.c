/* SPDX-License-Identifier: MIT */
/*
 * One input's machine: per CPU an idle task, ksoftirqd, a threaded-irq
 * handler and a stopper; the workload tasks; RCU.  All kthreads start
 * asleep and run their body when first woken; each CPU starts running its
 * first workload task, or its idle task.
 */
#include "boot.h"

#include "cpu.h"
#include "frame.h"
#include "interrupt.h"
#include "lockdep.h"
#include "preempt.h"
#include "sched.h"
#include "signal.h"
#include "stop_machine.h"
#include "wait.h"
#include "workload.h"
#include "../rcu/rcu.h"

#include <stdio.h>

static int booting; /* before the early initcalls */
static struct mutex cpu_add_remove_lock;

/* get_online_cpus()/put_online_cpus(): the model holds the hotplug mutex itself. */
void get_online_cpus(void)
{
	mutex_lock(&cpu_add_remove_lock);
}

void put_online_cpus(void)
{
	mutex_unlock(&cpu_add_remove_lock);
}
static int cpu_dead[NR_CPUS]; /* the CPU has reached play_dead() */

int kernel_booting(void)
{
	return booting;
}

/* A CPU taken down parks here, with irqs off, until cpu_up() restarts it. */
static void play_dead(void)
{
	int cpu = smp_processor_id();

	KFUNC();
	local_irq_disable();
	cpu_dead[cpu] = 1;
	for (;;)
		POINT("dead");
}

static struct sim_site idle_site = {"cpu_idle", "idle", 0};

int cpu_idle_polling(int cpu)
{
	return sim_cpu_site(cpu) == &idle_site;
}

void cpu_idle(struct task_struct *self)
{
	int cpu = self->bound_cpu;

	preempt_disable(); /* the idle loop runs with preemption off */
	for (;;) {
		int nohz = 0;

		/* tick_nohz_stop_sched_tick(): only if RCU needs nothing of this CPU. */
		if (!need_resched() && !rcu_needs_cpu(cpu)) {
			rcu_enter_nohz();
			nohz = 1;
		}
		while (!need_resched()) {
			if (!cpu_online(cpu))
				play_dead();
			sim_point(&idle_site);
		}
		if (nohz)
			rcu_exit_nohz();
		preempt_enable_no_resched();
		schedule();
		preempt_disable();
	}
}

struct task_struct *kthread_create(enum task_kind kind, const char *comm, int index, int cpu,
				   void (*entry)(struct task_struct *), int prio)
{
	struct task_struct *t =
		task_create(kind, index, comm, entry, cpu < 0 ? first_online_cpu() : cpu, prio);

	if (t == NULL)
		return NULL;
	t->bound_cpu = cpu;
	t->state = TASK_INTERRUPTIBLE; /* asleep until first woken */
	return t;
}

static struct task_struct *kthread(enum task_kind kind, const char *fmt, int cpu,
				   void (*entry)(struct task_struct *), int prio)
{
	char comm[TASK_COMM_LEN];

	snprintf(comm, sizeof(comm), fmt, cpu);
	return kthread_create(kind, comm, cpu, cpu, entry, prio);
}

void kernel_boot(const struct topology *t, enum workload_mode mode, int lockdep)
{
	nr_tasks = 0;
	nr_cpu_ids = t->ncpus;
	force_irqthreads = t->force_irqthreads;
	jiffies = 0;
	booting = t->boot;
	lockdep_reset(lockdep);
	sched_init();
	cpu_stopper_init();
	mutex_init(&cpu_add_remove_lock, LC_HOTPLUG_MUTEX);
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpu_state *c = &cpu_state[cpu];

		c->online = cpu < nr_cpu_ids;
		c->irqs_disabled = 0;
		c->pending_irqs = 0;
		c->softirq_pending = 0;
		c->spinning_on = NULL;
		c->spinner = NULL;
		cpu_dead[cpu] = 0;
		ksoftirqd_task[cpu] = irq_thread_task[cpu] = stopper_task[cpu] = NULL;
		sim_set_cpu_coro(cpu, NULL);
	}
	rcu_init(t);
	for (int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct rq *rq = cpu_rq(cpu);
		struct task_struct *idle =
			kthread(TASK_KIND_IDLE, "swapper/%d", cpu, cpu_idle, NICE_19_PRIO + 1);

		idle->state = TASK_RUNNING;
		rq->idle = idle;
		rq_set_curr(rq, idle);
		ksoftirqd_task[cpu] = kthread(TASK_KIND_KSOFTIRQD, "ksoftirqd/%d", cpu,
					      ksoftirqd_main, NICE_19_PRIO);
		irq_thread_task[cpu] = kthread(TASK_KIND_IRQ_THREAD, "irq/%d-dev", cpu,
					       irq_thread_main, MAX_RT_PRIO - 1 - 50);
		stopper_task[cpu] =
			kthread(TASK_KIND_STOPPER, "migration/%d", cpu, cpu_stopper_thread, 0);
	}
	workload_boot(t, mode);
	rcu_scheduler_starting();
	for (int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct rq *rq = cpu_rq(cpu);
		struct task_struct *first = NULL;

		for (int i = 0; i < rq->nr_running; i++)
			if (first == NULL || rq->queue[i]->rq_seq < first->rq_seq)
				first = rq->queue[i];
		/* Boot hands the CPU straight to its first task, or its idle task. */
		if (first)
			rq_set_curr(rq, first);
		rq->curr->preempt_count = 0;
		rq->curr->booted_running = 1;
		rq->curr->on_cpu = 1;
		sim_set_cpu_coro(cpu, &rq->curr->coro);
	}
	if (!booting)
		kernel_boot_end();
}

void kernel_boot_end(void)
{
	booting = 0;
	rcu_spawn_kthreads();
}

/* ---- hotplug ---- */

/* On the dying CPU's stopper, everything else on it stopped. */
static void take_cpu_down(void *arg)
{
	int cpu = *(int *)arg;
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *list;

	KFUNC();
	local_irq_disable();
	cpu_state[cpu].online = 0; /* __cpu_disable() */
	migrate_tasks(cpu);
	list = rq->wake_list;
	rq->wake_list = NULL;
	/* Wakeups queued for the dying CPU go to a live one (sched_ttwu_pending). */
	while (list) {
		struct task_struct *p = list;
		struct rq *dest;

		list = p->wake_next;
		p->wake_next = NULL;
		p->cpu = first_online_cpu();
		dest = cpu_rq(p->cpu);
		raw_spin_lock(&dest->lock);
		sched_enqueue_new(p);
		p->state = TASK_RUNNING;
		resched_task(dest->curr);
		raw_spin_unlock(&dest->lock);
	}
	cpu_state[cpu].pending_irqs = 0;
	local_irq_enable();
}

int cpu_down(int cpu)
{
	int err = 0;

	KFUNC();
	mutex_lock(&cpu_add_remove_lock);
	if (!cpu_online(cpu) || num_online_cpus() == 1) {
		err = -1;
		goto out;
	}
	stop_one_cpu(cpu, take_cpu_down, &cpu);
	/* __cpu_die(): wait for the idle task to park the CPU. */
	while (!cpu_dead[cpu]) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule_timeout_tick();
	}
	sim_set_cpu_coro(cpu, NULL);
	rcu_cpu_dead(cpu);
out:
	mutex_unlock(&cpu_add_remove_lock);
	return err;
}

int cpu_up(int cpu)
{
	int err = 0;

	KFUNC();
	mutex_lock(&cpu_add_remove_lock);
	if (cpu_online(cpu) || cpu >= nr_cpu_ids) {
		err = -1;
		goto out;
	}
	rcu_cpu_up_prepare(cpu);
	{
		struct rq *rq = cpu_rq(cpu);
		struct task_struct *idle = rq->idle;

		/* start_secondary(): a fresh idle loop on the fresh CPU. */
		coro_prepare(&idle->coro, idle->coro.fn, idle->coro.arg);
		idle->depth = idle->depth_overflow = idle->lockdep_depth = 0;
		idle->preempt_count = 0;
		idle->booted_running = 1;
		idle->on_cpu = 1;
		idle->need_resched = rq->nr_running > 0;
		rq_set_curr(rq, idle);
		cpu_dead[cpu] = 0;
		cpu_state[cpu].irqs_disabled = 0;
		cpu_state[cpu].online = 1;
		sim_set_cpu_coro(cpu, &idle->coro);
	}
out:
	mutex_unlock(&cpu_add_remove_lock);
	return err;
}
