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
#include "sched_fair.h"
#include "../rcu/rcu.h"

#include <string.h>

#define PREEMPT_ACTIVE 0x10000000

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

/* enqueue_task(): update_curr() first, as enqueue_entity() does. */
static void enqueue_task(struct rq *rq, struct task_struct *p)
{
	KFUNC();
	if (fair_task(p))
		update_curr(rq);
	rq_queue_add(rq, p);
}

static void dequeue_task(struct rq *rq, struct task_struct *p)
{
	KFUNC();
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

/* put_prev_task(): charge the outgoing task and send it behind its equals. */
static void put_prev_task(struct rq *rq, struct task_struct *prev)
{
	KFUNC();
	if (prev == rq->idle || !prev->on_rq)
		return;
	update_curr(rq);
	prev->rq_seq = ++rq->seq;
}

/* ---- need_resched and the reschedule IPI ---- */

void resched_task(struct task_struct *p)
{
	int cpu = p->cpu;

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

static int select_task_rq(struct task_struct *p)
{
	int cpu = select_task_rq_fair(p);

	if (!cpu_online(cpu) || (p->bound_cpu >= 0 && cpu != p->bound_cpu))
		cpu = p->bound_cpu >= 0 ? p->bound_cpu : select_fallback_rq(p);
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
	if (p->on_rq && ttwu_remote(p))
		goto out;
	/*
	 * The CPU that switched p out may still be in schedule() with p as
	 * prev: wait until it is done with p, or p could run on two CPUs.
	 */
	while (p->on_cpu)
		POINT("wait for p->on_cpu");
	/*
	 * TASK_WAKING: a second wakeup before the enqueue (on another CPU's
	 * wake_list, say) sees a task that is not asleep and does nothing.
	 */
	p->state = TASK_WAKING;
	cpu = select_task_rq(p);
	p->cpu = cpu;
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
		update_curr(rq);
		/* task_tick: a task sharing its priority with a queued one yields the CPU. */
		for (int i = 0; i < rq->nr_running; i++) {
			struct task_struct *p = rq->queue[i];

			if (p != curr && sched_rank(p) <= sched_rank(curr)) {
				resched_task(curr);
				break;
			}
		}
	}
	raw_spin_unlock(&rq->lock);
}

void schedule_timeout_tick(void)
{
	struct task_struct *t = current;

	KFUNC();
	t->timer_armed = 1;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule();
}

int cpu_has_timer_sleepers(int cpu)
{
	for (int i = 1; i <= nr_tasks; i++)
		if (task_table[i].timer_armed && task_table[i].cpu == cpu)
			return 1;
	return 0;
}

void wake_timer_sleepers(void)
{
	int cpu = smp_processor_id();

	KFUNC();
	for (int i = 1; i <= nr_tasks; i++) {
		struct task_struct *p = &task_table[i];

		if (p->timer_armed && p->cpu == cpu) {
			p->timer_armed = 0;
			wake_up_process(p);
		}
	}
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

/* ---- hotplug ---- */

/*
 * take_cpu_down(): with the dying CPU stopped, move its tasks to live ones,
 * one runqueue lock at a time.
 */
void migrate_tasks(int dead_cpu)
{
	struct rq *rq = cpu_rq(dead_cpu);

	KFUNC();
	for (;;) {
		struct task_struct *p = NULL;
		struct rq *dest;
		int moved;

		raw_spin_lock(&rq->lock);
		for (int i = 0; i < rq->nr_running && p == NULL; i++)
			if (rq->queue[i]->bound_cpu != dead_cpu && rq->queue[i] != rq->curr)
				p = rq->queue[i];
		raw_spin_unlock(&rq->lock);
		if (p == NULL)
			break;
		/*
		 * __migrate_task(): under p->pi_lock, which try_to_wake_up() and
		 * rt_mutex_setprio() hold too, so they never see p half moved.
		 */
		raw_spin_lock(&p->pi_lock);
		raw_spin_lock(&rq->lock);
		moved = p->cpu == dead_cpu && p->on_rq && p != rq->curr;
		if (moved)
			rq_queue_del(rq, p);
		raw_spin_unlock(&rq->lock);
		if (moved) {
			p->cpu = select_fallback_rq(p);
			dest = cpu_rq(p->cpu);
			raw_spin_lock(&dest->lock);
			rq_queue_add(dest, p);
			check_preempt_curr(dest, p);
			raw_spin_unlock(&dest->lock);
		}
		raw_spin_unlock(&p->pi_lock);
	}
	for (int i = 1; i <= nr_tasks; i++) {
		struct task_struct *p = &task_table[i];

		/* Sleepers wake on a live CPU; their timers move with them. */
		if (!p->on_rq && p->cpu == dead_cpu && p->bound_cpu != dead_cpu &&
		    p->state != TASK_DEAD)
			p->cpu = select_fallback_rq(p);
	}
}
