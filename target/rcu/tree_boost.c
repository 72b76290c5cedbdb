/* SPDX-License-Identifier: MIT */
/*
 * The CONFIG_RCU_BOOST section of 3.0's kernel/rcutree_plugin.h, in its
 * order: priority boosting by the per-node rcub kthreads, the per-CPU rcuc
 * kthreads that invoke rcu_preempt's callbacks once they exist, and the
 * per-node rcun kthreads that revive yielded rcuc kthreads and keep the
 * node's kthreads on the node's CPUs.  With CONFIG_RCU_BOOST=n each entry
 * point does what 3.0's #else branch does.
 *
 * rcu_initiate_boost() picks the readers to boost and wakes rcub;
 * rcu_boost() proxy-locks an rt_mutex on behalf of the first of them, so
 * that blocking on it lends the reader the booster's priority; the
 * reader's rcu_read_unlock_special() unlocks it (the deboost).  Before
 * 7765be2f the booster marks the reader with a plain RMW of the reader's
 * ->rcu_read_unlock_special, from another CPU.
 */
#include "tree.h"

#include "../kernel/frame.h"
#include "../kernel/hooks.h"
#include "../kernel/kthread.h"
#include "../kernel/preempt.h"
#include "../kernel/rtmutex.h"
#include "../kernel/sched.h"
#include "../kernel/timer.h"

#include <stdio.h>

/* RCU's kthread states, for reports. */
#define RCU_KTHREAD_STOPPED  0
#define RCU_KTHREAD_RUNNING  1
#define RCU_KTHREAD_WAITING  2
#define RCU_KTHREAD_OFFCPU   3
#define RCU_KTHREAD_YIELDING 4

/* Wait until @cond, in TASK_INTERRUPTIBLE (rcutree.h's rcu_wait()). */
#define rcu_wait(cond)                                                                             \
	do {                                                                                       \
		for (;;) {                                                                         \
			set_current_state(TASK_INTERRUPTIBLE);                                     \
			if (cond)                                                                  \
				break;                                                             \
			schedule();                                                                \
		}                                                                                  \
		__set_current_state(TASK_RUNNING);                                                 \
	} while (0)

/* Per-CPU state of the rcuc kthreads. */
static struct task_struct *rcu_cpu_kthread_task[NR_CPUS];
static unsigned int rcu_cpu_kthread_status[NR_CPUS];
static int rcu_cpu_kthread_cpu[NR_CPUS];
static char rcu_cpu_has_work[NR_CPUS];

void rcu_boost_init(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		rcu_cpu_kthread_task[cpu] = NULL;
		rcu_cpu_kthread_status[cpu] = RCU_KTHREAD_STOPPED;
		rcu_cpu_kthread_cpu[cpu] = cpu;
		rcu_cpu_has_work[cpu] = 0;
	}
}

/*
 * Carry out RCU priority boosting on the task indicated by ->exp_tasks or
 * ->boost_tasks.  The pointer is not advanced: the booster stays blocked
 * in rt_mutex_lock() until the task leaves its read-side critical section.
 * Irqs must be enabled: boosting the task can block.  Returns 1 if there
 * are more tasks needing to be boosted.
 */
static int rcu_boost(struct rcu_node *rnp)
{
	unsigned long flags;
	struct rt_mutex mtx;
	struct task_struct *t;
	struct list_head *tb;

	KFUNC();
	if (rnp->exp_tasks == NULL && rnp->boost_tasks == NULL)
		return 0; /* Nothing left to boost. */
	feedback_waypoint(FB_RCU_BOOST);

	raw_spin_lock_irqsave(&rnp->lock, flags);

	/*
	 * Recheck under the lock: all tasks in need of boosting might exit
	 * their RCU read-side critical sections on their own.
	 */
	if (rnp->exp_tasks == NULL && rnp->boost_tasks == NULL) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return 0;
	}

	/*
	 * Preferentially boost tasks blocking expedited grace periods.  This
	 * cannot starve the normal grace periods because a second expedited
	 * grace period must boost all blocked tasks, including those blocking
	 * the pre-existing normal grace period.
	 */
	if (rnp->exp_tasks != NULL)
		tb = rnp->exp_tasks;
	else
		tb = rnp->boost_tasks;

	/*
	 * Boost task t by manufacturing an rt_mutex that appears to be held
	 * by t; t releases it when it exits its outermost read-side critical
	 * section.  Task t must take rnp->lock to leave ->blkd_tasks, so it
	 * stays around at least until we drop rnp->lock.
	 */
	t = list_entry(tb, struct task_struct, rcu_node_entry);
	task_use_check(t, "rcu_boost");
	/*
	 * boost_once: t moved here from a leaf whose booster still holds t
	 * boosted through its own mutex; a second one would overwrite
	 * ->rcu_boost_mutex and t would release only that one.  Say there
	 * is more to boost: the kthread retries, yielding every ten tries.
	 */
	if (sw(SW_boost_once) && t->rcu_boost_mutex != NULL) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return 1;
	}
	rt_mutex_init_proxy_locked(&mtx, t);
	t->rcu_boost_mutex = &mtx;
	if (sw(SW_boosted_field))
		t->rcu_boosted = 1; /* 7765be2f: under rnp->lock, in a field of its own */
	else
		rcu_special_rmw(t, 0, RCU_READ_UNLOCK_BOOSTED); /* another task's field */
	raw_spin_unlock_irqrestore(&rnp->lock, flags);
	/* pl.h:1203-1204: t may leave its reader and release mtx before we block. */
	POINT("rnp unlocked, before rt_mutex_lock");
	rt_mutex_lock(&mtx);   /* Side effect: boosts task t's priority. */
	rt_mutex_unlock(&mtx); /* Keep lockdep happy. */

	return rnp->exp_tasks != NULL || rnp->boost_tasks != NULL;
}

static void invoke_rcu_node_kthread(struct rcu_node *rnp);

/*
 * Timer handler of a yielded boost kthread: it wakes the per-rcu_node
 * kthread, which in 3.0 does nothing for the booster (only for rcuc).
 */
static void rcu_boost_kthread_timer(unsigned long arg)
{
	invoke_rcu_node_kthread(&rcu_preempt_state.node[arg]);
}

static void rcu_yield(void (*f)(unsigned long), unsigned long arg);

/* Priority-boosting kthread, one per leaf rcu_node and one for the root. */
static void rcu_boost_kthread(struct task_struct *self)
{
	struct rcu_node *rnp = &rcu_preempt_state.node[self->kind_index];
	int spincnt = 0;
	int more2boost;

	for (;;) {
		rcu_wait(rnp->boost_tasks || rnp->exp_tasks);
		more2boost = rcu_boost(rnp);
		if (more2boost)
			spincnt++;
		else
			spincnt = 0;
		if (spincnt > 10) {
			rcu_yield(rcu_boost_kthread_timer, (unsigned long)self->kind_index);
			spincnt = 0;
		}
	}
}

/*
 * Check to see if it is time to start boosting RCU readers that are
 * blocking the current grace period, and, if so, tell the per-rcu_node
 * kthread to start boosting them.  If there is an expedited grace period
 * in progress, it is always time to boost.  The caller holds rnp->lock,
 * which this function releases; irqs stay as the caller had them.
 */
void rcu_initiate_boost(struct rcu_node *rnp, unsigned long flags) __releases(rnp->lock)
{
	struct task_struct *t;

	KFUNC();
	lockdep_assert_held(&rnp->lock);
	if (!kconfig.rcu_boost) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	if (!rcu_preempt_blocked_readers_cgp(rnp) && rnp->exp_tasks == NULL) {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	if (rnp->exp_tasks != NULL ||
	    (rnp->gp_tasks != NULL && rnp->boost_tasks == NULL && rnp->qsmask == 0 &&
	     ULONG_CMP_GE(jiffies, rnp->boost_time))) {
		if (rnp->exp_tasks == NULL)
			rnp->boost_tasks = rnp->gp_tasks;
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
		POINT("rnp unlocked, before waking rcub");
		t = rnp->boost_kthread_task;
		if (t != NULL)
			wake_up_process(t);
	} else {
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	}
}

/* Wake up the per-CPU kthread to invoke RCU callbacks. */
void invoke_rcu_callbacks_kthread(void)
{
	unsigned long flags;
	int cpu;

	KFUNC();
	INVARIANT("invoke_rcu_callbacks_kthread-without-boost",
		  kconfig.rcu_boost); /* WARN_ON_ONCE */
	local_irq_save(flags);
	cpu = smp_processor_id();
	rcu_cpu_has_work[cpu] = 1;
	if (rcu_cpu_kthread_task[cpu] == NULL) {
		local_irq_restore(flags);
		return;
	}
	wake_up_process(rcu_cpu_kthread_task[cpu]);
	local_irq_restore(flags);
}

/* Set the affinity of the boost kthread (the CPU-hotplug locks are held). */
static void rcu_boost_kthread_setaffinity(struct rcu_node *rnp, cpumask_t cm)
{
	struct task_struct *t;

	t = rnp->boost_kthread_task;
	if (t != NULL)
		set_cpus_allowed_ptr(rnp->boost_kthread_task, cm);
}

/* Do priority-boost accounting for the start of a new grace period. */
void rcu_preempt_boost_start_gp(struct rcu_node *rnp)
{
	if (!kconfig.rcu_boost)
		return;
	/* RCU_BOOST_DELAY_JIFFIES: DIV_ROUND_UP(CONFIG_RCU_BOOST_DELAY * HZ, 1000). */
	rnp->boost_time = jiffies + kconfig_ms_to_jiffies(kconfig.rcu_boost_delay);
}

/*
 * kthread_create() of an RCU kthread at SCHED_FIFO @rt_prio, published in
 * *@slot under @rnp->lock (NULL: no lock) and woken to reach its first
 * wait.  @early: from the early initcall, which the model runs on the main
 * loop, before or between steps and so atomic with respect to every CPU
 * (3.0 runs it before smp_init, on the only online CPU): the task is made
 * asleep at its first wait with its priority set, as that wakeup leaves
 * it in 3.0, and no lock is taken, since the main loop cannot spin.
 * @bind_cpu (-1: none): kthread_bind() to it, if online, before any wakeup.
 */
static struct task_struct *rcu_kthread_spawn(enum task_kind kind, const char *comm, int index,
					     void (*entry)(struct task_struct *), int rt_prio,
					     struct rcu_node *rnp, struct task_struct **slot,
					     int early, int bind_cpu)
{
	unsigned long flags;
	struct task_struct *t;

	t = kthread_create(kind, comm, index, -1, entry,
			   early ? MAX_RT_PRIO - 1 - rt_prio : DEFAULT_PRIO);
	/* rcutree_plugin.h:1566-1567: bound before anything can wake it. */
	if (bind_cpu >= 0 && cpu_online(bind_cpu))
		kthread_bind(t, bind_cpu);
	if (early) {
		*slot = t;
		return t;
	}
	if (rnp) {
		raw_spin_lock_irqsave(&rnp->lock, flags);
		*slot = t;
		raw_spin_unlock_irqrestore(&rnp->lock, flags);
	} else {
		*slot = t;
	}
	sched_setscheduler_nocheck(t, SCHED_FIFO, rt_prio);
	wake_up_process(t); /* get to TASK_INTERRUPTIBLE quickly. */
	return t;
}

/* Create the RCU-boost kthread of @rnp if it does not exist (rcu_preempt only). */
static void rcu_spawn_one_boost_kthread(struct rcu_state *rsp, struct rcu_node *rnp, int rnp_index,
					int early)
{
	char comm[TASK_COMM_LEN];

	rsp->boost = 1;
	if (rnp->boost_kthread_task != NULL)
		return;
	snprintf(comm, sizeof(comm), "rcub%d", rnp_index);
	rcu_kthread_spawn(TASK_KIND_RCU_BOOST, comm, rnp_index, rcu_boost_kthread, RCU_KTHREAD_PRIO,
			  rnp, &rnp->boost_kthread_task, early, -1);
}

/* Stop the RCU's per-CPU kthread when its CPU goes offline. */
void rcu_stop_cpu_kthread(int cpu)
{
	struct task_struct *t;

	KFUNC();
	if (!kconfig.rcu_boost)
		return;
	/* Stop the CPU's kthread. */
	t = rcu_cpu_kthread_task[cpu];
	if (t != NULL) {
		rcu_cpu_kthread_task[cpu] = NULL;
		kthread_stop(t);
	}
}

/* rcu_kthread_do_work(): rcu_sched's and rcu_bh's batches (not modelled), then rcu_preempt's. */
static void rcu_kthread_do_work(void)
{
	rcu_preempt_do_callbacks();
}

/* Wake up the specified per-rcu_node-structure kthread (immortal). */
static void invoke_rcu_node_kthread(struct rcu_node *rnp)
{
	struct task_struct *t;

	t = rnp->node_kthread_task;
	if (t != NULL)
		wake_up_process(t);
}

/*
 * Set the specified CPU's kthread to run RT or not, as specified by the
 * to_rt argument.  The CPU-hotplug locks are held, so the task is not
 * going away.
 */
void rcu_cpu_kthread_setrt(int cpu, int to_rt)
{
	struct task_struct *t;

	if (!kconfig.rcu_boost)
		return;
	t = rcu_cpu_kthread_task[cpu];
	if (t == NULL)
		return;
	if (to_rt)
		sched_setscheduler_nocheck(t, SCHED_FIFO, RCU_KTHREAD_PRIO);
	else
		sched_setscheduler_nocheck(t, SCHED_NORMAL, 0);
}

/*
 * Timer handler of a yielded rcuc: mark its CPU in the node's wakemask
 * and wake the per-rcu_node kthread, which gives rcuc back its priority.
 */
static void rcu_cpu_kthread_timer(unsigned long arg)
{
	struct rcu_data *rdp = &rcu_preempt_data[arg];
	struct rcu_node *rnp = rdp->mynode;

	rnp->wakemask |= rdp->grpmask; /* atomic_or() */
	invoke_rcu_node_kthread(rnp);
}

/*
 * Drop to non-real-time priority and yield, but only after posting a
 * timer that will cause us to regain our real-time priority if we remain
 * preempted.  Either way, we restore our real-time priority before
 * returning.  (A yield: the task stays TASK_RUNNING.)
 */
static void rcu_yield(void (*f)(unsigned long), unsigned long arg)
{
	struct timer_list yield_timer;

	KFUNC();
	setup_timer_on_stack(&yield_timer, f, arg);
	mod_timer(&yield_timer, jiffies + 2);
	sched_setscheduler_nocheck(current, SCHED_NORMAL, 0);
	set_user_nice(current, 19);
	schedule();
	sched_setscheduler_nocheck(current, SCHED_FIFO, RCU_KTHREAD_PRIO);
	del_timer(&yield_timer);
}

/*
 * Park an rcuc kthread that ended up on the wrong CPU (its CPU coming
 * online or going offline) until its CPU is online, then bind it.  Return
 * 1 if the kthread needs to stop.  Called with bh disabled; can
 * momentarily enable it.
 */
static int rcu_cpu_kthread_should_stop(int cpu)
{
	while (!cpu_online(cpu) || current->cpus_allowed != cpumask_of(cpu) ||
	       smp_processor_id() != cpu) {
		if (kthread_should_stop())
			return 1;
		rcu_cpu_kthread_status[cpu] = RCU_KTHREAD_OFFCPU;
		rcu_cpu_kthread_cpu[cpu] = smp_processor_id();
		local_bh_enable();
		schedule_timeout_uninterruptible(1);
		if (current->cpus_allowed != cpumask_of(cpu))
			set_cpus_allowed_ptr(current, cpumask_of(cpu));
		local_bh_disable();
	}
	rcu_cpu_kthread_cpu[cpu] = cpu;
	return 0;
}

/* Per-CPU kernel thread that invokes RCU callbacks (rcucN). */
static void rcu_cpu_kthread(struct task_struct *self)
{
	int cpu = self->kind_index;
	unsigned long flags;
	int spincnt = 0;
	unsigned int *statusp = &rcu_cpu_kthread_status[cpu];
	char work;
	char *workp = &rcu_cpu_has_work[cpu];

	for (;;) {
		*statusp = RCU_KTHREAD_WAITING;
		rcu_wait(*workp != 0 || kthread_should_stop());
		local_bh_disable();
		if (rcu_cpu_kthread_should_stop(cpu)) {
			local_bh_enable();
			break;
		}
		*statusp = RCU_KTHREAD_RUNNING;
		local_irq_save(flags);
		work = *workp;
		*workp = 0;
		local_irq_restore(flags);
		if (work)
			rcu_kthread_do_work();
		local_bh_enable();
		if (*workp != 0)
			spincnt++;
		else
			spincnt = 0;
		if (spincnt > 10) {
			*statusp = RCU_KTHREAD_YIELDING;
			rcu_yield(rcu_cpu_kthread_timer, (unsigned long)cpu);
			spincnt = 0;
		}
	}
	*statusp = RCU_KTHREAD_STOPPED;
}

/*
 * Spawn a per-CPU kthread, setting up affinity and priority.  It is bound
 * to its CPU only if that CPU is online; otherwise rcu_cpu_kthread() binds
 * itself once it is.
 */
static void rcu_spawn_one_cpu_kthread(int cpu, int early)
{
	char comm[TASK_COMM_LEN];

	if (!rcu_scheduler_fully_active || rcu_cpu_kthread_task[cpu] != NULL)
		return;
	snprintf(comm, sizeof(comm), "rcuc%d", cpu);
	/* Bound (if @cpu is online) before the spawn helper wakes it, as 3.0 does. */
	rcu_kthread_spawn(TASK_KIND_RCU_CPU, comm, cpu, rcu_cpu_kthread, RCU_KTHREAD_PRIO, NULL,
			  &rcu_cpu_kthread_task[cpu], early, cpu);
	rcu_cpu_kthread_cpu[cpu] = cpu;
}

/*
 * Per-rcu_node kthread (rcunN, SCHED_FIFO 99), in charge of waking up the
 * per-CPU kthreads when needed.  Requests for offline CPUs are ignored:
 * force_quiescent_state() takes care of them.
 */
static void rcu_node_kthread(struct task_struct *self)
{
	int cpu;
	unsigned long flags;
	unsigned long mask;
	struct rcu_node *rnp = &rcu_preempt_state.node[self->kind_index];
	struct task_struct *t;

	for (;;) {
		rcu_wait(rnp->wakemask != 0);
		raw_spin_lock_irqsave(&rnp->lock, flags);
		mask = rnp->wakemask; /* atomic_xchg(&rnp->wakemask, 0) */
		rnp->wakemask = 0;
		rcu_initiate_boost(rnp, flags); /* releases rnp->lock. */
		for (cpu = rnp->grplo; cpu <= rnp->grphi; cpu++, mask >>= 1) {
			if ((mask & 0x1) == 0)
				continue;
			preempt_disable();
			t = rcu_cpu_kthread_task[cpu];
			if (!cpu_online(cpu) || t == NULL) {
				preempt_enable();
				continue;
			}
			rcu_cpu_has_work[cpu] = 1;
			sched_setscheduler_nocheck(t, SCHED_FIFO, RCU_KTHREAD_PRIO);
			preempt_enable();
		}
	}
}

/*
 * Set the per-rcu_node kthread's affinity to cover all CPUs that are
 * served by the rcu_node in question, except @outgoingcpu (-1: none).  If
 * no CPU is left, anywhere but on the node's CPUs.  The hotplug lock is
 * held, so ->qsmaskinit is stable.
 */
/* The CPUs of @rnp in ->qsmaskinit but @outgoingcpu; none: all CPUs but @rnp's. */
static cpumask_t rcu_node_kthread_cpumask(const struct rcu_node *rnp, int outgoingcpu)
{
	cpumask_t cm = 0;
	int cpu;
	unsigned long mask = rnp->qsmaskinit;

	for (cpu = rnp->grplo; cpu <= rnp->grphi; cpu++, mask >>= 1)
		if ((mask & 0x1) && cpu != outgoingcpu)
			cm |= cpumask_of(cpu);
	if (cm == 0) {
		cm = cpu_possible_mask();
		for (cpu = rnp->grplo; cpu <= rnp->grphi; cpu++)
			cm &= ~cpumask_of(cpu);
		INVARIANT("rcu_node_kthread_setaffinity-no-cpu", cm != 0); /* WARN_ON_ONCE */
	}
	return cm;
}

void rcu_node_kthread_setaffinity(struct rcu_node *rnp, int outgoingcpu)
{
	cpumask_t cm;

	KFUNC();
	if (!kconfig.rcu_boost || rnp->node_kthread_task == NULL)
		return;
	cm = rcu_node_kthread_cpumask(rnp, outgoingcpu);
	set_cpus_allowed_ptr(rnp->node_kthread_task, cm);
	rcu_boost_kthread_setaffinity(rnp, cm);
}

/*
 * smp_init()'s CPU_ONLINE for the node kthreads, on the main loop: they
 * are asleep, never run, and nothing contends, so their masks are set.
 */
void rcu_boot_kthreads_affinity(void)
{
	struct rcu_node *rnp;

	if (!kconfig.rcu_boost)
		return;
	rcu_for_each_node_breadth_first(&rcu_preempt_state, rnp) {
		cpumask_t cm;

		if (rnp->node_kthread_task == NULL)
			continue;
		cm = rcu_node_kthread_cpumask(rnp, -1);
		rnp->node_kthread_task->cpus_allowed = cm;
		rnp->node_kthread_task->cpu = cpumask_any_online(cm);
		if (rnp->boost_kthread_task) {
			rnp->boost_kthread_task->cpus_allowed = cm;
			rnp->boost_kthread_task->cpu = cpumask_any_online(cm);
		}
	}
}

/*
 * Spawn a per-rcu_node kthread, setting priority, and its boost kthread.
 * Called during boot or with the CPU-hotplug locks held.
 */
static void rcu_spawn_one_node_kthread(struct rcu_state *rsp, struct rcu_node *rnp, int early)
{
	int rnp_index = (int)(rnp - &rsp->node[0]);
	char comm[TASK_COMM_LEN];

	if (!rcu_scheduler_fully_active || rnp->qsmaskinit == 0)
		return;
	if (rnp->node_kthread_task == NULL) {
		snprintf(comm, sizeof(comm), "rcun%d", rnp_index);
		rcu_kthread_spawn(TASK_KIND_RCU_NODE, comm, rnp_index, rcu_node_kthread, 99, rnp,
				  &rnp->node_kthread_task, early, -1);
	}
	rcu_spawn_one_boost_kthread(rsp, rnp, rnp_index, early);
}

/*
 * Spawn all kthreads (the early initcall), as soon as the scheduler runs.
 * With CONFIG_RCU_BOOST=n only rcu_scheduler_fully_active is set
 * (rcu_scheduler_really_started()).
 */
void rcu_spawn_boost_kthreads(int early)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_node *rnp;
	int cpu;

	if (!kconfig.rcu_boost)
		return;
	for_each_possible_cpu(cpu) {
		rcu_cpu_has_work[cpu] = 0;
		if (cpu_online(cpu))
			rcu_spawn_one_cpu_kthread(cpu, early);
	}
	rnp = rcu_get_root(rsp);
	rcu_spawn_one_node_kthread(rsp, rnp, early);
	if (rsp->num_nodes > 1) {
		rcu_for_each_leaf_node(rsp, rnp)
			rcu_spawn_one_node_kthread(rsp, rnp, early);
	}
}

/* CPU_UP_PREPARE: fire up the incoming CPU's kthread and its leaf's node kthread. */
void rcu_prepare_kthreads(int cpu)
{
	struct rcu_data *rdp = &rcu_preempt_data[cpu];
	struct rcu_node *rnp = rdp->mynode;

	if (!kconfig.rcu_boost)
		return;
	if (rcu_scheduler_fully_active) {
		rcu_spawn_one_cpu_kthread(cpu, 0);
		if (rnp->node_kthread_task == NULL)
			rcu_spawn_one_node_kthread(&rcu_preempt_state, rnp, 0);
	}
}
