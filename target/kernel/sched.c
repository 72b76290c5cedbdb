/* SPDX-License-Identifier: MIT */
/*
 * The scheduler core of 3.0's kernel/sched.c, reduced to what RCU meets:
 * runqueues under rq->lock, try_to_wake_up() under p->pi_lock with
 * select_task_rq() and the remote-wakeup list, scheduler_ipi(), schedule()
 * with rcu_note_context_switch() before rq->lock, scheduler_tick() and
 * rt_mutex_setprio().  Every enqueue, dequeue, tick and put_prev_task goes
 * through update_curr(), whose cpuacct_charge() holds an RCU reader under
 * rq->lock (sched_fair.c).
 *
 * Simplifications (see README "What is modelled"): one priority-ordered
 * queue per CPU stands in for the CFS and RT classes (round-robin among
 * equal priorities); a woken task goes back to the CPU it last ran on unless
 * that CPU is offline; no load balancing.
 */
#include "sched.h"

#include "bug.h"
#include "frame.h"
#include "interrupt.h"
#include "lockdep.h"
#include "preempt.h"
#include "rtmutex.h"
#include "sched_fair.h"
#include "sched_lock.h"
#include "stop_machine.h"
#include "../rcu/rcu.h"

#include <string.h>

struct rq runqueues[NR_CPUS];

void sched_init(void)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		memset(rq, 0, sizeof(*rq));
		raw_spin_lock_init(&rq->lock, LC_RQ);
		rq->cpu = cpu;
		rq->seq = 1UL << 30; /* room below it for rq_queue_head() */
	}
}

int idle_cpu(int cpu)
{
	return cpu_curr(cpu) == cpu_rq(cpu)->idle;
}

void set_current_state(int state)
{
	current->state = state;
}

/* ---- runqueue bookkeeping, caller holds rq->lock ---- */

static void rq_queue_add(struct rq *rq, struct task_struct *p)
{
	if (rq->nr_running >= MAX_TASKS) {
		harness_limit("runqueue full", __func__);
		return;
	}
	p->rq_seq = ++rq->seq;
	rq->queue[rq->nr_running++] = p;
}

static void rq_queue_del(struct rq *rq, struct task_struct *p)
{
	for (int i = 0; i < rq->nr_running; i++) {
		if (rq->queue[i] != p)
			continue;
		rq->queue[i] = rq->queue[--rq->nr_running];
		return;
	}
}

void sched_enqueue_new(struct task_struct *p)
{
	rq_queue_add(task_rq(p), p);
	p->on_rq = 1;
}

/*
 * Is @p in 3.0's rt_sched_class: SCHED_FIFO or PI-boosted, not the stopper
 * (stop_sched_class, kernel/sched_stoptask.c, whose enqueue, dequeue,
 * put_prev and tick do nothing) and not the idle task?
 */
static int rt_class_task(const struct task_struct *p)
{
	return !fair_task(p) && p->kind != TASK_KIND_STOPPER && p->kind != TASK_KIND_IDLE;
}

/*
 * Does queueing or dequeueing @p charge the running task (cpuacct_charge()'s
 * reader)?  3.0's enqueue_entity()/dequeue_entity() update_curr() charge
 * cfs_rq->curr: the running task only if it is a CFS one (a running RT or
 * PI-boosted task is not on the cfs_rq: put_prev_entity() cleared it);
 * dequeue_task_rt()'s update_curr_rt() charges it only if it is in the RT
 * class (sched_rt.c:958, 647); enqueue_task_rt() and the stopper's class charge
 * nobody.
 */
static int charges_curr(const struct rq *rq, const struct task_struct *p, int enqueue)
{
	if (fair_task(p))
		return fair_task(rq->curr);
	return !enqueue && rt_class_task(p) && rt_class_task(rq->curr);
}

/* enqueue_task(): update_curr() first, as enqueue_entity() does. */
static void enqueue_task(struct rq *rq, struct task_struct *p)
{
	KFUNC();
	if (charges_curr(rq, p, 1))
		update_curr(rq);
	rq_queue_add(rq, p);
}

static void dequeue_task(struct rq *rq, struct task_struct *p)
{
	KFUNC();
	if (charges_curr(rq, p, 0))
		update_curr(rq);
	rq_queue_del(rq, p);
}

static void activate_task(struct rq *rq, struct task_struct *p)
{
	enqueue_task(rq, p);
	p->on_rq = 1;
}

static void deactivate_task(struct rq *rq, struct task_struct *p)
{
	dequeue_task(rq, p);
	p->on_rq = 0;
}

/* Highest priority first; among equals, the one queued longest. */
/*
 * The class rank the pick uses: RT tasks by priority; every SCHED_NORMAL
 * task (nice values included) one rank, served round robin, the model's CFS.
 */
static int sched_rank(const struct task_struct *p)
{
	return fair_task(p) ? MAX_RT_PRIO : p->prio;
}

static struct task_struct *pick_next_task(struct rq *rq)
{
	struct task_struct *best = NULL;

	for (int i = 0; i < rq->nr_running; i++) {
		struct task_struct *p = rq->queue[i];

		if (best == NULL || sched_rank(p) < sched_rank(best) ||
		    (sched_rank(p) == sched_rank(best) && p->rq_seq < best->rq_seq))
			best = p;
	}
	return best ? best : rq->idle;
}

/*
 * put_prev_task(): charge the outgoing task and send it behind its equals.
 * put_prev_task_fair() charges a task still queued (put_prev_entity());
 * put_prev_task_rt() charges always (update_curr_rt(), sched_rt.c:1168);
 * the stopper's and idle's charge nobody.
 */
static void put_prev_task(struct rq *rq, struct task_struct *prev)
{
	KFUNC();
	if (rt_class_task(prev) || (fair_task(prev) && prev->on_rq))
		update_curr(rq);
	if (prev != rq->idle && prev->on_rq)
		prev->rq_seq = ++rq->seq;
}

/* ---- need_resched and the reschedule IPI ---- */

void resched_task(struct task_struct *p)
{
	int cpu = p->cpu;

	if (p->need_resched)
		return;
	set_tsk_need_resched(p);
	if (cpu == smp_processor_id())
		return;
	smp_send_reschedule(cpu);
}

static void check_preempt_curr(struct rq *rq, struct task_struct *p)
{
	if (p->prio < rq->curr->prio || rq->curr == rq->idle)
		resched_task(rq->curr);
}

/* ---- wakeups ---- */

static void ttwu_do_wakeup(struct rq *rq, struct task_struct *p)
{
	check_preempt_curr(rq, p);
	p->state = TASK_RUNNING;
}

static void ttwu_do_activate(struct rq *rq, struct task_struct *p)
{
	KFUNC();
	activate_task(rq, p);
	ttwu_do_wakeup(rq, p);
}

/* p is still queued (it set its state but has not scheduled away yet). */
static int ttwu_remote(struct task_struct *p)
{
	struct rq *rq;
	int ret = 0;

	KFUNC();
	rq = task_rq(p);
	raw_spin_lock(&rq->lock);
	if (p->on_rq) {
		ttwu_do_wakeup(rq, p);
		ret = 1;
	}
	raw_spin_unlock(&rq->lock);
	return ret;
}

static void ttwu_queue_remote(struct task_struct *p, int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *old = rq->wake_list;

	p->wake_next = old;
	rq->wake_list = p;
	if (old == NULL)
		smp_send_reschedule(cpu);
}

static void ttwu_queue(struct task_struct *p, int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	KFUNC();
	if (cpu != smp_processor_id()) {
		ttwu_queue_remote(p, cpu);
		return;
	}
	raw_spin_lock(&rq->lock);
	ttwu_do_activate(rq, p);
	raw_spin_unlock(&rq->lock);
}

/*
 * The class's choice (the model's fair class for every task), unless the
 * task may not run there or the CPU is not online.
 */
static int select_task_rq(struct task_struct *p)
{
	int cpu = select_task_rq_fair(p);

	if (!cpumask_test_cpu(cpu, p->cpus_allowed) || !cpu_online(cpu))
		cpu = select_fallback_rq(p);
	return cpu;
}

int try_to_wake_up(struct task_struct *p, unsigned int state, int wake_flags)
{
	unsigned long flags;
	int cpu, success = 0;

	KFUNC();
	(void)wake_flags;
	raw_spin_lock_irqsave(&p->pi_lock, flags);
	if (!((unsigned int)p->state & state))
		goto out;
	success = 1;
	cpu = p->cpu;
	if (p->on_rq && ttwu_remote(p))
		goto out;
	/* CONFIG_SMP only: a !SMP kernel (TINY_PREEMPT_RCU) wakes p where it is, no reader here. */
	if (kconfig_smp()) {
		/*
		 * The CPU that switched p out may still be in schedule() with
		 * p as prev: wait until it is done with p, or p could run on
		 * two CPUs.
		 */
		while (p->on_cpu)
			POINT("wait for p->on_cpu");
		/*
		 * TASK_WAKING: a second wakeup before the enqueue (on another
		 * CPU's wake_list, say) sees a task that is not asleep and does
		 * nothing.
		 */
		p->state = TASK_WAKING;
		cpu = select_task_rq(p);
		p->cpu = cpu;
	}
	ttwu_queue(p, cpu);
out:
	raw_spin_unlock_irqrestore(&p->pi_lock, flags);
	return success;
}

int wake_up_process(struct task_struct *p)
{
	return try_to_wake_up(p, TASK_NORMAL, 0);
}

/* The remote wakeups queued on this CPU, activated under its rq->lock. */
static void sched_ttwu_do_pending(struct task_struct *list)
{
	struct rq *rq = this_rq();

	KFUNC();
	raw_spin_lock(&rq->lock);
	while (list) {
		struct task_struct *p = list;

		list = list->wake_next;
		p->wake_next = NULL;
		ttwu_do_activate(rq, p);
	}
	raw_spin_unlock(&rq->lock);
}

/*
 * The reschedule IPI handler.  x86's vector does not call irq_enter(), so
 * before c5d753a5 sched_ttwu_do_pending() ran with in_irq() false and, on a
 * dyntick-idle CPU, with RCU still believing the CPU idle.
 */
void scheduler_ipi(void)
{
	struct rq *rq = this_rq();
	struct task_struct *list;

	KFUNC();
	list = rq->wake_list;
	rq->wake_list = NULL;
	if (list == NULL)
		return;
	if (sw(SW_ipi_irq_enter))
		irq_enter();
	sched_ttwu_do_pending(list);
	if (sw(SW_ipi_irq_enter))
		irq_exit();
}

/* ---- schedule() ---- */

/* finish_lock_switch(): prev is off the CPU now; then the rq->lock goes. */
static void finish_task_switch(struct rq *rq)
{
	if (rq->switch_prev) {
		rq->switch_prev->on_cpu = 0;
		rq->switch_prev = NULL;
	}
	raw_spin_unlock_irq(&rq->lock);
}

static void context_switch(struct rq *rq, struct task_struct *prev, struct task_struct *next)
{
	/* The rq->lock taken by the previous task is released by the next one. */
	rq->lock.owner = next;
	lock_handoff(&rq->lock, prev, next);
	sched_lock_handoff(prev, next);
	sim_context_switch(&prev->coro, &next->coro);
	/* Back on prev's stack, on whatever CPU picked it. */
	finish_task_switch(this_rq());
}

static void schedule_debug(struct task_struct *prev)
{
	int count = prev->preempt_count & ~PREEMPT_ACTIVE;

	INVARIANT("scheduling-while-atomic", count == PREEMPT_OFFSET || prev->state == TASK_DEAD);
}

void schedule(void)
{
	struct task_struct *prev, *next;
	struct rq *rq;
	int cpu;

	KFUNC();
need_resched:
	preempt_disable();
	cpu = smp_processor_id();
	rq = cpu_rq(cpu);
	rcu_note_context_switch(cpu);
	prev = rq->curr;
	schedule_debug(prev);
	raw_spin_lock_irq(&rq->lock);
	if (prev->state && !(prev->preempt_count & PREEMPT_ACTIVE) && prev != rq->idle)
		deactivate_task(rq, prev);
	if (rq->nr_running == 0)
		idle_balance(cpu, rq);
	put_prev_task(rq, prev);
	next = pick_next_task(rq);
	prev->need_resched = 0;
	if (next != prev) {
		rq_set_curr(rq, next);
		next->cpu = cpu;
		next->on_cpu = 1;
		rq->switch_prev = prev;
		context_switch(rq, prev, next); /* unlocks the rq */
	} else {
		raw_spin_unlock_irq(&rq->lock);
	}
	preempt_enable_no_resched();
	if (need_resched())
		goto need_resched;
}

/*
 * A new task's first code: finish the switch that started it.  It was
 * created with preempt_count 1, the share of the rq->lock it now releases.
 */
void schedule_tail(void)
{
	finish_task_switch(this_rq());
}

void preempt_schedule(void)
{
	struct task_struct *t = current;

	if (t->preempt_count || irqs_disabled())
		return;
	do {
		t->preempt_count += PREEMPT_ACTIVE;
		schedule();
		t = current;
		t->preempt_count -= PREEMPT_ACTIVE;
	} while (need_resched());
}

_Noreturn void do_exit(void)
{
	struct task_struct *t = current;

	KFUNC();
	/*
	 * 3.0's exit.c:959: a try_to_wake_up() that saw us asleep still holds
	 * ->pi_lock; wait for it, or its wakeup could land after TASK_DEAD.
	 */
	raw_spin_unlock_wait(&t->pi_lock);
	preempt_disable();
	t->state = TASK_DEAD;
	/* schedule() expects one preempt_disable(): hand it ours. */
	t->preempt_count = 0;
	schedule();
	/* A dead task is never picked again. */
	__builtin_unreachable();
}

/* ---- the tick and timers ---- */

void scheduler_tick(void)
{
	struct rq *rq = this_rq();
	struct task_struct *curr;

	KFUNC();
	raw_spin_lock(&rq->lock);
	curr = rq->curr;
	if (curr != rq->idle) {
		/* task_tick_fair()/task_tick_rt() charge; task_tick_stop() does not. */
		if (fair_task(curr) || rt_class_task(curr))
			update_curr(rq);
		/*
		 * task_tick: a fair task sharing its rank with a queued one
		 * yields the CPU (the model's CFS); a SCHED_FIFO task, or a
		 * PI-boosted one (in the RT class), has no time slice.
		 */
		for (int i = 0; fair_task(curr) && i < rq->nr_running; i++) {
			struct task_struct *p = rq->queue[i];

			if (p != curr && sched_rank(p) <= sched_rank(curr)) {
				resched_task(curr);
				break;
			}
		}
	}
	raw_spin_unlock(&rq->lock);
}

/* ---- priority inheritance ---- */

/*
 * check_class_changed() with the switched_to and prio_changed methods of
 * 3.0's sched_rt.c and sched_fair.c: who must reschedule after p's priority
 * changed.  Left out: the RT push/pull they may start (the model does no
 * balancing), and switched_from_fair's vruntime fixup (no vruntime).
 */
static void check_class_changed(struct rq *rq, struct task_struct *p, int oldprio)
{
	int was_rt = oldprio < MAX_RT_PRIO, is_rt = p->prio < MAX_RT_PRIO;

	if (!p->on_rq || (was_rt == is_rt && oldprio == p->prio))
		return;
	if (rq->curr != p) {
		/* Queued: every method preempts the running task if p now outranks it. */
		check_preempt_curr(rq, p);
	} else if (was_rt != is_rt) {
		/* switched_to_fair kicks off the schedule; switched_to_rt does nothing here. */
		if (!is_rt)
			resched_task(p);
	} else if (!is_rt) {
		/* prio_changed_fair: our priority decreased. */
		if (p->prio > oldprio)
			resched_task(p);
	} else {
		/* prio_changed_rt: a queued RT task now outranks p (rq->rt.highest_prio). */
		for (int i = 0; i < rq->nr_running; i++) {
			if (rq->queue[i]->prio < p->prio) {
				resched_task(p);
				break;
			}
		}
	}
}

/*
 * ENQUEUE_HEAD (enqueue_task_rt): p goes ahead of the tasks of its priority,
 * i.e. below every queued task's enqueue order.  CFS ignores the flag.
 */
static void rq_queue_head(struct rq *rq, struct task_struct *p)
{
	for (int i = 0; i < rq->nr_running; i++)
		if (rq->queue[i] != p && rq->queue[i]->rq_seq <= p->rq_seq)
			p->rq_seq = rq->queue[i]->rq_seq - 1;
}

/*
 * Change p's effective priority for PI, as 3.0's sched.c:4842-4876: take p
 * off its runqueue, set the priority (and with it the class: RT below
 * MAX_RT_PRIO, else CFS), put it back, ahead of its equals if it was
 * lowered (a deboosted task keeps its turn), and let whoever must
 * reschedule.  Caller holds p->pi_lock (__task_rq_lock()).
 */
void rt_mutex_setprio(struct task_struct *p, int prio)
{
	int oldprio, on_rq, running;
	struct rq *rq;

	KFUNC();
	INVARIANT("rt_mutex_setprio-bad-prio", prio >= 0 && prio <= NICE_19_PRIO + 1); /* BUG_ON */
	lockdep_assert_held(&p->pi_lock);
	rq = task_rq(p);
	raw_spin_lock(&rq->lock);
	oldprio = p->prio;
	on_rq = p->on_rq;
	running = rq->curr == p;
	if (on_rq)
		dequeue_task(rq, p);
	if (running)
		put_prev_task(rq, p);
	p->prio = prio;
	if (on_rq) {
		enqueue_task(rq, p);
		if (oldprio < prio && prio < MAX_RT_PRIO)
			rq_queue_head(rq, p);
	}
	check_class_changed(rq, p, oldprio);
	raw_spin_unlock(&rq->lock);
}

/*
 * @p's effective priority becomes @prio outside PI (__sched_setscheduler(),
 * set_user_nice()): dequeue (or put_prev_task() if it runs), set, requeue
 * at the tail, and let whoever must reschedule.  Caller holds p->pi_lock
 * and its rq->lock.
 */
static void change_prio(struct rq *rq, struct task_struct *p, int prio)
{
	int oldprio = p->prio, on_rq = p->on_rq, running = rq->curr == p;

	if (on_rq)
		dequeue_task(rq, p);
	if (running)
		put_prev_task(rq, p);
	p->prio = prio;
	if (on_rq)
		enqueue_task(rq, p);
	check_class_changed(rq, p, oldprio);
}

/* The priority of @p's policy, without priority inheritance (normal_prio()). */
static int normal_prio(const struct task_struct *p)
{
	if (p->policy == SCHED_FIFO)
		return MAX_RT_PRIO - 1 - p->rt_priority;
	return p->static_prio;
}

/* task_rq_lock(): p->pi_lock, then the rq->lock of the CPU @p is on (irqs off). */
static struct rq *task_rq_lock(struct task_struct *p, unsigned long *flags)
{
	struct rq *rq;

	raw_spin_lock_irqsave(&p->pi_lock, *flags);
	for (;;) {
		rq = task_rq(p);
		raw_spin_lock(&rq->lock);
		if (rq == task_rq(p))
			return rq;
		raw_spin_unlock(&rq->lock);
	}
}

static void task_rq_unlock(struct rq *rq, struct task_struct *p, unsigned long *flags)
{
	raw_spin_unlock(&rq->lock);
	raw_spin_unlock_irqrestore(&p->pi_lock, *flags);
}

/*
 * Change @p's policy (SCHED_NORMAL or SCHED_FIFO at @rt_priority) from
 * within the kernel (__sched_setscheduler() with user == false): the
 * effective priority keeps a PI boost (rt_mutex_getprio()); then PI chains
 * through @p are adjusted.
 */
int sched_setscheduler_nocheck(struct task_struct *p, int policy, int rt_priority)
{
	unsigned long flags;
	struct rq *rq;

	KFUNC();
	if ((policy == SCHED_FIFO) != (rt_priority != 0) || rt_priority > MAX_RT_PRIO - 1)
		return -1; /* -EINVAL */
	rq = task_rq_lock(p, &flags);
	p->policy = policy;
	p->rt_priority = rt_priority;
	p->normal_prio = normal_prio(p);
	change_prio(rq, p, rt_mutex_getprio(p));
	task_rq_unlock(rq, p, &flags);
	rt_mutex_adjust_pi(p);
	return 0;
}

/* Set @p's nice value; an RT task keeps its priority until it leaves RT. */
void set_user_nice(struct task_struct *p, long nice)
{
	unsigned long flags;
	struct rq *rq;

	KFUNC();
	rq = task_rq_lock(p, &flags);
	p->static_prio = DEFAULT_PRIO + (int)nice;
	if (p->policy == SCHED_NORMAL) {
		p->normal_prio = normal_prio(p);
		change_prio(rq, p, rt_mutex_getprio(p));
	}
	task_rq_unlock(rq, p, &flags);
}

/* ---- affinity ---- */

/*
 * Move @p, queued on @src_cpu, to @dest_cpu if it is still there and still
 * allowed there (__migrate_task()).  3.0 holds both runqueue locks
 * (double_rq_lock()); the model takes them one after the other under
 * p->pi_lock, which every other path that moves or wakes @p holds too.
 */
static void __migrate_task(struct task_struct *p, int src_cpu, int dest_cpu)
{
	struct rq *rq_src = cpu_rq(src_cpu), *rq_dest = cpu_rq(dest_cpu);
	int moved;

	if (!cpu_online(dest_cpu))
		return;
	raw_spin_lock(&p->pi_lock);
	raw_spin_lock(&rq_src->lock);
	moved = p->cpu == src_cpu && cpumask_test_cpu(dest_cpu, p->cpus_allowed) && p->on_rq &&
		p != rq_src->curr;
	if (moved)
		rq_queue_del(rq_src, p);
	raw_spin_unlock(&rq_src->lock);
	if (moved) {
		p->cpu = dest_cpu;
		raw_spin_lock(&rq_dest->lock);
		rq_queue_add(rq_dest, p);
		check_preempt_curr(rq_dest, p);
		raw_spin_unlock(&rq_dest->lock);
	}
	raw_spin_unlock(&p->pi_lock);
}

struct migration_arg {
	struct task_struct *task;
	int dest_cpu;
};

/* The stopper's work: with irqs off, move the task off this CPU. */
static void migration_cpu_stop(void *data)
{
	struct migration_arg *arg = data;

	KFUNC();
	local_irq_disable();
	__migrate_task(arg->task, smp_processor_id(), arg->dest_cpu);
	local_irq_enable();
}

/*
 * Change the CPUs @p may run on.  A queued task on a CPU it may no longer
 * use is moved by that CPU's stopper (which preempts it if it runs); a
 * sleeping one moves at its next wakeup.  -1 if no online CPU is in @mask.
 */
int set_cpus_allowed_ptr(struct task_struct *p, cpumask_t mask)
{
	unsigned long flags;
	struct migration_arg arg;
	struct rq *rq;

	KFUNC();
	rq = task_rq_lock(p, &flags);
	if (p->cpus_allowed == mask) {
		task_rq_unlock(rq, p, &flags);
		return 0;
	}
	if ((mask & cpu_online_mask()) == 0) {
		task_rq_unlock(rq, p, &flags);
		return -1; /* -EINVAL */
	}
	p->cpus_allowed = mask;
	/* Can the task run on the task's current CPU? If so, we're done */
	if (cpumask_test_cpu(p->cpu, mask) || !p->on_rq) {
		task_rq_unlock(rq, p, &flags);
		return 0;
	}
	arg.task = p;
	arg.dest_cpu = cpumask_any_online(mask);
	/* Need help from migration thread: drop lock and wait. */
	task_rq_unlock(rq, p, &flags);
	stop_one_cpu(rq->cpu, migration_cpu_stop, &arg);
	return 0;
}

/* ---- hotplug ---- */

/* A per-CPU kthread that the model parks on its CPU while the CPU is offline. */
static int per_cpu_service_thread(const struct task_struct *p)
{
	return p->kind == TASK_KIND_IDLE || p->kind == TASK_KIND_KSOFTIRQD ||
	       p->kind == TASK_KIND_IRQ_THREAD || p->kind == TASK_KIND_STOPPER;
}

/*
 * Migrate all tasks from the dying CPU, which runs this in its stopper
 * (CPU_DYING, irqs off): every queued task but the stopper itself goes to
 * a fallback CPU, highest priority first.  3.0's per-CPU service threads
 * (ksoftirqd, the irq thread, the stopper) are stopped or parked by their
 * own notifiers; the model parks them: they stay.
 */
static void migrate_tasks(int dead_cpu)
{
	struct rq *rq = cpu_rq(dead_cpu);

	KFUNC();
	for (;;) {
		struct task_struct *next = NULL;

		for (int i = 0; i < rq->nr_running; i++) {
			struct task_struct *p = rq->queue[i];

			if (p == rq->curr || per_cpu_service_thread(p))
				continue;
			if (next == NULL || sched_rank(p) < sched_rank(next) ||
			    (sched_rank(p) == sched_rank(next) && p->rq_seq < next->rq_seq))
				next = p;
		}
		if (next == NULL)
			break;
		/* put_prev_task() of a task that is not current charges nobody. */
		raw_spin_unlock(&rq->lock);
		__migrate_task(next, dead_cpu, select_fallback_rq(next));
		raw_spin_lock(&rq->lock);
	}
}

/* The scheduler's CPU_DYING (migration_call()), on the dying CPU with irqs off. */
void sched_cpu_dying(int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *list;
	unsigned long flags;

	KFUNC();
	/* sched_ttwu_pending(): the wakeups queued for this CPU, activated here first. */
	list = rq->wake_list;
	rq->wake_list = NULL;
	if (list)
		sched_ttwu_do_pending(list);
	raw_spin_lock_irqsave(&rq->lock, flags);
	migrate_tasks(cpu);
	raw_spin_unlock_irqrestore(&rq->lock, flags);
}
