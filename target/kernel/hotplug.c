/* SPDX-License-Identifier: MIT */
/* CPU hotplug: see hotplug.h. */
#include "hotplug.h"

#include "bug.h"
#include "boot.h"
#include "cpu.h"
#include "frame.h"
#include "interrupt.h"
#include "preempt.h"
#include "sched.h"
#include "stop_machine.h"
#include "tick.h"
#include "timer.h"
#include "wait.h"
#include "../config/kconfig.h"
#include "../rcu/rcu.h"

#define EBUSY  16
#define EINVAL 22

enum cpu_dead_state { CPU_STATE_ONLINE, CPU_STATE_DEAD };

static struct mutex cpu_add_remove_lock;
static enum cpu_dead_state cpu_dead_state[NR_CPUS]; /* x86's per-CPU cpu_state */

void hotplug_init(void)
{
	mutex_init(&cpu_add_remove_lock, LC_HOTPLUG_MUTEX);
	/* A CPU not up at boot is as a dead one: cpu_up() may start it. */
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		cpu_dead_state[cpu] = cpu_online(cpu) ? CPU_STATE_ONLINE : CPU_STATE_DEAD;
}

/* get_online_cpus()/put_online_cpus(): the model holds the hotplug mutex itself. */
void get_online_cpus(void)
{
	mutex_lock(&cpu_add_remove_lock);
}

void put_online_cpus(void)
{
	mutex_unlock(&cpu_add_remove_lock);
}

/* The notifier chain, in priority order, for what the model has of it. */
static void cpu_notify(enum cpu_action action, int cpu)
{
	KFUNC();
	switch (action) {
	case CPU_DYING:
		sched_cpu_dying(cpu); /* migration_call(), priority 10 */
		rcu_cpu_notify(action, cpu);
		break;
	case CPU_DEAD:
		rcu_cpu_notify(action, cpu);  /* first of the priority-0 notifiers */
		migrate_timers(cpu);	      /* timer_cpu_notify() */
		tick_cancel_sched_timer(cpu); /* hrtimer_cpu_notify() */
		break;
	case CPU_ONLINE:
		rcu_cpu_notify(action, cpu);
		/*
		 * 3.0's cpu_stop, softirq and irq-thread notifiers have fresh
		 * threads bound to the CPU by now; the model's parked ones may
		 * have lost their affinity to a wakeup while it was offline.
		 */
		set_cpus_allowed_ptr(ksoftirqd_task[cpu], cpumask_of(cpu));
		set_cpus_allowed_ptr(irq_thread_task[cpu], cpumask_of(cpu));
		set_cpus_allowed_ptr(stopper_task[cpu], cpumask_of(cpu));
		break;
	default:
		rcu_cpu_notify(action, cpu);
		break;
	}
}

/*
 * x86's native_cpu_disable(): CPU0 cannot go (-EBUSY); else the CPU leaves
 * cpu_online_mask.  Called on the dying CPU with irqs off.
 */
static int __cpu_disable(int cpu)
{
	if (cpu == 0)
		return -EBUSY;
	cpu_state[cpu].online = 0; /* set_cpu_online(cpu, false) */
	/* fixup_irqs(): the workload's device irq moves, a pending one is raised again. */
	if (cpu_state[cpu].pending_irqs & (1u << IRQ_WORKLOAD)) {
		cpu_state[cpu].pending_irqs &= ~(1u << IRQ_WORKLOAD);
		raise_irq(first_online_cpu(), IRQ_WORKLOAD);
	}
	return 0;
}

/* Take this cpu down (in stop_machine: every other CPU spins irqs-off). */
static int take_cpu_down(void *arg)
{
	int cpu = *(int *)arg;
	int err;

	KFUNC();
	/* Ensure this CPU doesn't handle any more interrupts. */
	err = __cpu_disable(cpu);
	if (err < 0)
		return err;
	cpu_notify(CPU_DYING, cpu);
	return 0;
}

/*
 * x86's native_cpu_die(): wait for the dying CPU's idle loop to reach
 * play_dead(), 10 x msleep(100); if it does not, "CPU %u didn't die...",
 * and CPU_DEAD runs anyway.
 */
static void __cpu_die(int cpu)
{
	KFUNC();
	for (int i = 0; i < 10; i++) {
		/* They ack this in play_dead by setting CPU_DEAD */
		if (cpu_dead_state[cpu] == CPU_STATE_DEAD) {
			sim_set_cpu_coro(cpu, NULL); /* the simulator stops stepping it */
			return;
		}
		schedule_timeout_uninterruptible((long)kconfig_ms_to_jiffies(100));
	}
}

/* Requires cpu_add_remove_lock to be held. */
static int _cpu_down(int cpu)
{
	int err;

	KFUNC();
	if (num_online_cpus() == 1)
		return -EBUSY;
	if (!cpu_online(cpu))
		return -EINVAL;
	cpu_notify(CPU_DOWN_PREPARE, cpu);
	err = __stop_machine(take_cpu_down, &cpu, cpu);
	if (err) {
		/* CPU didn't die: tell everyone.  Can't complain. */
		cpu_notify(CPU_DOWN_FAILED, cpu);
		return err;
	}
	INVARIANT("cpu-online-after-take_cpu_down", !cpu_online(cpu)); /* BUG_ON() */

	/* Wait for it to sleep (leaving idle task). */
	while (!idle_cpu(cpu))
		POINT("cpu_relax: wait for the dead CPU's idle task");

	/* This actually kills the CPU. */
	__cpu_die(cpu);

	/* CPU is completely dead: tell everyone. */
	cpu_notify(CPU_DEAD, cpu);
	return 0;
}

int cpu_down(int cpu)
{
	int err;

	KFUNC();
	/* Before smp_init() no CPU can be taken down (nothing but the boot CPU is up). */
	if (kernel_booting())
		return -EBUSY;
	mutex_lock(&cpu_add_remove_lock); /* cpu_maps_update_begin() */
	err = _cpu_down(cpu);
	mutex_unlock(&cpu_add_remove_lock);
	return err;
}

int cpu_reached_play_dead(int cpu)
{
	return cpu_dead_state[cpu] == CPU_STATE_DEAD;
}

_Noreturn void play_dead(void)
{
	int cpu = smp_processor_id();

	KFUNC();
	/* play_dead_common(): idle_task_exit(), the ack, irqs off; then halt for good. */
	cpu_dead_state[cpu] = CPU_STATE_DEAD;
	local_irq_disable();
	for (;;)
		POINT("dead");
}

/* start_secondary(): the CPU comes up in a fresh idle loop, irqs on. */
static void __cpu_up(int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *idle = rq->idle;

	KFUNC();
	coro_prepare(&idle->coro, idle->coro.fn, idle->coro.arg);
	idle->depth = idle->depth_overflow = idle->lockdep_depth = 0;
	idle->preempt_count = 0;
	idle->booted_running = 1;
	idle->on_cpu = 1;
	idle->need_resched = rq->nr_running > 0;
	rq_set_curr(rq, idle);
	cpu_dead_state[cpu] = CPU_STATE_ONLINE;
	cpu_state[cpu].irqs_disabled = 0;
	cpu_state[cpu].pending_irqs = 0; /* a fresh local APIC */
	cpu_state[cpu].online = 1;	 /* set_cpu_online(cpu, true) */
	sim_set_cpu_coro(cpu, &idle->coro);
}

int cpu_up(int cpu)
{
	int err = 0;

	KFUNC();
	/* smp_init() brings the CPUs up at the end of boot, not a task before it. */
	if (kernel_booting())
		return -EBUSY;
	mutex_lock(&cpu_add_remove_lock);
	if (cpu_online(cpu) || cpu >= nr_cpu_ids) {
		err = -EINVAL;
		goto out;
	}
	/* A CPU whose death timed out still runs its idle loop: not restartable yet. */
	if (cpu_dead_state[cpu] != CPU_STATE_DEAD) {
		err = -EBUSY;
		goto out;
	}
	cpu_notify(CPU_UP_PREPARE, cpu);
	__cpu_up(cpu);
	/* Now call notifier in preparation. */
	cpu_notify(CPU_ONLINE, cpu);
out:
	mutex_unlock(&cpu_add_remove_lock);
	return err;
}
