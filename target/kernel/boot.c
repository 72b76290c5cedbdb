/* SPDX-License-Identifier: MIT */
/*
 * One input's machine: per CPU an idle task, ksoftirqd, a threaded-irq
 * handler and a stopper; the workload tasks; RCU; with RCU_TORTURE_FQS=y,
 * rcutorture's fqs kthread.  All kthreads start asleep and run their body
 * when first woken; each CPU starts running its first workload task, or
 * its idle task.
 */
#include "boot.h"

#include "cpu.h"
#include "frame.h"
#include "interrupt.h"
#include "lockdep.h"
#include "preempt.h"
#include "sched.h"
#include "signal.h"
#include "hotplug.h"
#include "idle.h"
#include "smp.h"
#include "stop_machine.h"
#include "tick.h"
#include "timer.h"
#include "wait.h"
#include "workload.h"
#include "../rcu/rcu.h"
#include "../rcu/torture.h"

#include <stdio.h>

static int booting;	       /* before the early initcalls */
static int boot_end_requested; /* the input (or the drain) says: early initcalls now */

int kernel_booting(void)
{
	return booting;
}

static void start_cpu(int cpu);
static void boot_done(int early);
static void kernel_init(struct task_struct *self);

static struct sim_site idle_site = {"cpu_idle", "idle", 0};

int cpu_idle_polling(int cpu)
{
	return sim_cpu_site(cpu) == &idle_site;
}

/*
 * x86-64's idle loop body with its idle notifiers (process_64.c:136-145):
 * irqs off, IDLE_START, then pm_idle()'s "sti; hlt", which returns only
 * once an interrupt was taken (each step of a halted CPU without one stays
 * at cpu_idle:idle), then IDLE_END unless that interrupt's exit_idle()
 * said it already.
 */
static void x86_idle_halt(int cpu)
{
	unsigned long seen;

	local_irq_disable();
	enter_idle();
	seen = cpu_state[cpu].irqs_taken;
	local_irq_enable(); /* a pending interrupt lands here */
	while (cpu_state[cpu].irqs_taken == seen && !need_resched() && cpu_online(cpu))
		sim_point(&idle_site); /* halt until an interrupt */
	__exit_idle();
}

/*
 * x86's cpu_idle(): stop the tick if nothing needs it (dyntick-idle for
 * RCU), wait for work, park the CPU if it went offline, announce the halt
 * to the idle notifiers (x86_idle_notifier), restart the tick and
 * schedule.  The idle loop runs with preemption off.
 */
void cpu_idle(struct task_struct *self)
{
	int cpu = self->kind_index;

	preempt_disable();
	for (;;) {
		tick_nohz_stop_sched_tick(1);
		while (!need_resched()) {
			if (!cpu_online(cpu))
				play_dead();
			if (sw(SW_x86_idle_notifier)) {
				x86_idle_halt(cpu);
				continue;
			}
			sim_point(&idle_site); /* halt until an interrupt */
		}
		tick_nohz_restart_sched_tick();
		preempt_enable_no_resched();
		schedule();
		preempt_disable();
	}
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
	sim_site_ready(&idle_site); /* handed to sim_point() directly (sim.h) */
	nr_tasks = 0;
	nr_cpu_ids = t->ncpus;
	force_irqthreads = t->force_irqthreads;
	jiffies = 0;
	booting = t->boot;
	lockdep_reset(lockdep);
	sched_init();
	cpu_stopper_init();
	timers_init();
	smp_init_calls();
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpu_state *c = &cpu_state[cpu];

		/* Before the early initcalls only the boot CPU is up (smp_init() comes after). */
		c->online = booting ? cpu == 0 : cpu < nr_cpu_ids;
		c->irqs_disabled = 0;
		c->pending_irqs = 0;
		c->softirq_pending = 0;
		c->spinning_on = NULL;
		c->spinner = NULL;
		c->irqs_taken = 0;
		ksoftirqd_task[cpu] = irq_thread_task[cpu] = stopper_task[cpu] = NULL;
		sim_set_cpu_coro(cpu, NULL);
	}
	tick_init();
	idle_notifier_init();
	hotplug_init();
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
	boot_end_requested = 0;
	if (booting) {
		/* kernel_init, pid 1, runnable on the boot CPU first. */
		struct task_struct *init = kthread_create(TASK_KIND_WORKLOAD_INIT, "init", 0, -1,
							  kernel_init, DEFAULT_PRIO);

		init->state = TASK_RUNNING;
		sched_enqueue_new(init);
	}
	workload_boot(t, mode, booting);
	rcu_scheduler_starting();
	for (int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_online(cpu))
			start_cpu(cpu);
	if (!booting) {
		boot_done(1);
		rcu_torture_init(1);
	}
}

/* The CPU runs its first task, or its idle task: boot hands it over, no switch starts it. */
static void start_cpu(int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *first = NULL;

	for (int i = 0; i < rq->nr_running; i++)
		if (first == NULL || rq->queue[i]->rq_seq < first->rq_seq)
			first = rq->queue[i];
	if (first)
		rq_set_curr(rq, first);
	rq->curr->preempt_count = 0;
	rq->curr->booted_running = 1;
	rq->curr->on_cpu = 1;
	sim_set_cpu_coro(cpu, &rq->curr->coro);
}

/*
 * The early initcalls (rcu_spawn_kthreads()) and smp_init().  A run that
 * starts booted does them here, on the main loop before any CPU has run
 * (@early: nothing can contend, no lock is taken); a booting run's init
 * task does them when the input says so, with the other CPUs coming up
 * through cpu_up() as 3.0's smp_init() brings them up.
 */
static void boot_done(int early)
{
	booting = 0;
	rcu_spawn_kthreads(early);
}

/*
 * kernel_init(), pid 1, on the boot CPU: it runs the rest of boot (here:
 * yields) until the input ends early boot, then the early initcalls,
 * smp_init() and, of the later initcalls, a built-in rcutorture's.
 */
static void kernel_init(struct task_struct *self)
{
	(void)self;
	while (!boot_end_requested)
		schedule(); /* TASK_RUNNING: a yield */
	boot_done(0);
	for (int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (!cpu_online(cpu))
			(void)cpu_up(cpu);
	rcu_torture_init(0);
}

void kernel_boot_end(void)
{
	boot_end_requested = 1;
}
