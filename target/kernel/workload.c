/* SPDX-License-Identifier: MIT */
/* Workload tasks: see workload.h. */
#include "workload.h"

#include "boot.h"
#include "frame.h"
#include "hooks.h"
#include "interrupt.h"
#include "preempt.h"
#include "rtmutex.h"
#include "sched.h"
#include "signal.h"
#include "timer.h"
#include "wait.h"
#include "../rcu/rcu.h"

#include <stdio.h>
#include <string.h>

#define WORK_QUEUE 64
#define MAX_DEPTH  4

struct workload {
	struct task_struct *task;
	unsigned char ops[WORK_QUEUE];	/* queued ops (enum work_op) */
	unsigned char args[WORK_QUEUE]; /* their arguments */
	int head, tail;			/* ring indices; head == tail: empty */
	wait_queue_head_t wait;		/* where the task sleeps out of work */
	int kick_cpu;			/* CPU whose device irq will wake it, or -1 */
	int spin;			/* wait for the next op spinning, not asleep */
	int read_depth;			/* rcu_read_lock() depth taken by ops */
	int section_preemptible;	/* the open section has run preemptible */
	int irq_depth;			/* local_irq_save() depth taken by ops */
	unsigned long irq_flags[MAX_DEPTH];
	int preempt_depth;		       /* preempt_disable() depth taken by ops */
	int holds_a, holds_b;		       /* test locks held */
	struct rq *holds_rq;		       /* rq->lock taken by rq_lock, or NULL */
	int holds_mutex;		       /* test mutex held */
	int holds_rtm[NR_WORKLOAD_RT_MUTEXES]; /* rt_mutexes held */
	int in_op;			       /* inside run_op(): workload_ops_awake() */
	struct sighand_struct sighand;
};

static struct workload workloads[MAX_WORKLOAD_TASKS];
static int nr_workloads;
static enum workload_mode mode;
static int draining;
static unsigned long ops_done; /* ops finished and tasks exited, for the drain */
static int ops_running;	       /* ops taken and not yet returned */
/*
 * The op whose run_op() returned last on each CPU, and in which step, for
 * workload_op_returned().  Not a point: nothing stops there, so no
 * schedule's counts move.  The model never reads it: rcureplay --explore
 * need not hash it as the machine's state.
 */
static struct {
	unsigned long step; /* sim_steps() of that step; 0: none this run */
	int op;		    /* enum work_op */
} op_returned[NR_CPUS] NOT_MACHINE_STATE;
static spinlock_t test_lock_a, test_lock_b;
static struct mutex test_mutex;
static struct rt_mutex rt_mutexes[NR_WORKLOAD_RT_MUTEXES];

static void workload_main(struct task_struct *self);
static void op_sites_ready(void);

void workload_boot(const struct topology *t, enum workload_mode m, int booting)
{
	mode = m;
	draining = 0;
	ops_done = 0;
	ops_running = 0;
	memset(op_returned, 0, sizeof(op_returned));
	op_sites_ready();
	nr_workloads = t->ntasks;
	spin_lock_init(&test_lock_a, LC_TEST_A);
	spin_lock_init(&test_lock_b, LC_TEST_B);
	mutex_init(&test_mutex, LC_TEST_M);
	for (int m = 0; m < NR_WORKLOAD_RT_MUTEXES; m++)
		rt_mutex_init(&rt_mutexes[m]);
	for (int i = 0; i < nr_workloads; i++) {
		struct workload *w = &workloads[i];
		char comm[TASK_COMM_LEN];

		*w = (struct workload){0};
		init_waitqueue_head(&w->wait, LC_WORK_WAIT);
		w->kick_cpu = -1;
		snprintf(comm, sizeof(comm), "T%d", i);
		w->task = task_create(TASK_KIND_WORKLOAD, i, comm, workload_main,
				      booting ? 0 : i % t->ncpus, DEFAULT_PRIO);
		if (w->task == NULL)
			return;
		sighand_init(&w->sighand);
		w->task->sighand = &w->sighand;
		sched_enqueue_new(w->task);
	}
}

/*
 * Work arrived for a task asleep on its queue: its device raises an irq on
 * the CPU the task last ran on (fixup_irqs() moves it if that CPU goes).
 */
static void kick(struct workload *w)
{
	if (w->task == NULL || !waitqueue_active(&w->wait) || w->kick_cpu >= 0)
		return;
	w->kick_cpu = cpu_online(w->task->cpu) ? w->task->cpu : first_online_cpu();
	raise_irq(w->kick_cpu, IRQ_WORKLOAD);
}

void workload_interrupt(void)
{
	int cpu = smp_processor_id();

	KFUNC();
	for (int i = 0; i < nr_workloads; i++) {
		struct workload *w = &workloads[i];

		if (w->kick_cpu == cpu || (w->kick_cpu >= 0 && !cpu_online(w->kick_cpu))) {
			w->kick_cpu = -1;
			wake_up(&w->wait);
		}
	}
}

void workload_queue(int task, enum work_op op, int arg)
{
	struct workload *w = &workloads[task];

	if ((w->tail + 1) % WORK_QUEUE == w->head)
		return; /* queue full: the op is dropped */
	w->ops[w->tail] = (unsigned char)op;
	w->args[w->tail] = (unsigned char)arg;
	w->tail = (w->tail + 1) % WORK_QUEUE;
	kick(w);
}

void workload_begin_drain(void)
{
	draining = 1;
	for (int i = 0; i < nr_workloads; i++)
		kick(&workloads[i]);
}

unsigned long workload_progress(void)
{
	return ops_done;
}

int workload_done(void)
{
	for (int i = 0; i < nr_workloads; i++)
		if (workloads[i].task && workloads[i].task->state != TASK_DEAD)
			return 0;
	return 1;
}

int workload_op_returned(int cpu, unsigned long step)
{
	return op_returned[cpu].step == step && step != 0 ? op_returned[cpu].op : -1;
}

int workload_ops_running(void)
{
	return ops_running;
}

/* Ops taken and not yet returned whose task is running or runnable (not asleep). */
int workload_ops_awake(void)
{
	int n = 0;

	for (int i = 0; i < nr_workloads; i++)
		n += workloads[i].in_op && workloads[i].task &&
		     workloads[i].task->state == TASK_RUNNING;
	return n;
}

int workload_ops_queued(void)
{
	int n = 0;

	for (int i = 0; i < nr_workloads; i++)
		n += (workloads[i].tail - workloads[i].head + WORK_QUEUE) % WORK_QUEUE;
	return n;
}

struct task_struct *workload_task(int n)
{
	return n < nr_workloads ? workloads[n].task : NULL;
}

struct rt_mutex *workload_rt_mutex(int n)
{
	return &rt_mutexes[n];
}

int workload_count(void)
{
	return nr_workloads;
}

struct task_struct *workload_signal_target(void)
{
	struct task_struct *t = current;

	return t->kind == TASK_KIND_WORKLOAD ? t : workloads[0].task;
}

/* ---- legality ---- */

/* Irqs and preemption on, and no spinlock held by the ops. */
static int ops_preemptible(const struct workload *w)
{
	return w->irq_depth == 0 && w->preempt_depth == 0 && !w->holds_a && !w->holds_b &&
	       !w->holds_rq;
}

/* Nothing held that forbids sleeping, and not inside a read-side section. */
static int may_block(const struct workload *w)
{
	return w->read_depth == 0 && ops_preemptible(w);
}

static void note_preemptible(struct workload *w)
{
	if (w->read_depth > 0 && ops_preemptible(w))
		w->section_preemptible = 1;
}

/*
 * v3.0's first restriction (RCU_BOOST): a section that was ever preemptible
 * must not end with irqs disabled.  Misuse mode lets it (harmless without a
 * lock that an irq takes: read_unlock_sig_locked holds one); the second
 * (rq/pi lock held) is only reachable through the MISUSE ops.
 */
static int unlock_is_legal(const struct workload *w)
{
	if (mode != MODE_STRICT || w->read_depth != 1)
		return 1;
	return !(w->section_preemptible && (w->irq_depth > 0 || w->holds_a || w->holds_b));
}

/* ---- ops: each takes its task's workload and its argument (work_ops.def) ---- */

static void op_read_lock(struct workload *w, int arg)
{
	if (w->read_depth >= MAX_DEPTH)
		return;
	rcu_read_lock();
	if (w->read_depth++ == 0)
		w->section_preemptible = 0;
	note_preemptible(w);
}

static void op_read_unlock(struct workload *w, int arg)
{
	if (w->read_depth == 0 || !unlock_is_legal(w))
		return;
	rcu_read_unlock();
	w->read_depth--;
}

static void op_deref(struct workload *w, int arg)
{
	if (w->read_depth > 0)
		rcu_reader_deref();
}

static void op_irq_disable(struct workload *w, int arg)
{
	if (w->irq_depth < MAX_DEPTH)
		local_irq_save(w->irq_flags[w->irq_depth++]);
}

static void op_irq_enable(struct workload *w, int arg)
{
	if (w->irq_depth == 0)
		return;
	local_irq_restore(w->irq_flags[--w->irq_depth]);
	note_preemptible(w);
}

static void op_preempt_disable(struct workload *w, int arg)
{
	if (w->preempt_depth < MAX_DEPTH) {
		preempt_disable();
		w->preempt_depth++;
	}
}

static void op_preempt_enable(struct workload *w, int arg)
{
	if (w->preempt_depth == 0)
		return;
	w->preempt_depth--;
	preempt_enable();
	note_preemptible(w);
}

static void op_call_rcu(struct workload *w, int arg)
{
	oracle_retire_object();
}

static void op_sync(struct workload *w, int arg)
{
	synchronize_rcu();
}

static void op_sync_exp(struct workload *w, int arg)
{
	synchronize_rcu_expedited();
}

static void op_sleep(struct workload *w, int arg)
{
	schedule_timeout_uninterruptible(1);
}

static void op_yield(struct workload *w, int arg)
{
	schedule();
}

static void op_spin(struct workload *w, int arg)
{
	w->spin = 1;
}

static void op_lock_sighand(struct workload *w, int task)
{
	struct task_struct *t = workload_task(task);
	unsigned long flags;

	if (t == NULL || lock_task_sighand(t, &flags) == NULL)
		return;
	POINT("siglock held");
	unlock_task_sighand(t, &flags);
}

/* A !SMP kernel (TINY_PREEMPT_RCU) has no CPU hotplug (HOTPLUG_CPU depends on SMP). */
static void op_cpu_offline(struct workload *w, int cpu)
{
	if (kconfig_smp())
		(void)cpu_down(cpu);
}

static void op_cpu_online(struct workload *w, int cpu)
{
	if (kconfig_smp())
		(void)cpu_up(cpu);
}

static void op_rcu_barrier(struct workload *w, int arg)
{
	rcu_barrier();
}

/*
 * rtm0 before rtm1, never one the task holds: the workload cannot deadlock
 * on its own (rt_mutex_lock() would sleep forever; a PI futex would get
 * -EDEADLK).  Holding one into a read-side section is legal, and is what
 * makes a preempted reader a PI owner.
 */
static void op_rt_lock(struct workload *w, int m)
{
	for (int i = m; i < NR_WORKLOAD_RT_MUTEXES; i++)
		if (w->holds_rtm[i])
			return;
	rt_mutex_lock(&rt_mutexes[m]);
	w->holds_rtm[m] = 1;
}

static void op_rt_unlock(struct workload *w, int m)
{
	if (!w->holds_rtm[m])
		return;
	w->holds_rtm[m] = 0;
	rt_mutex_unlock(&rt_mutexes[m]);
}

/*
 * sched_setscheduler_nocheck(current, rt_priority ? SCHED_FIFO : SCHED_NORMAL,
 * rt_priority), as a task's sched_setscheduler() system call reaches it.
 */
static void workload_setscheduler(int rt_priority)
{
	sched_setscheduler_nocheck(current, rt_priority ? SCHED_FIFO : SCHED_NORMAL, rt_priority);
}

static void op_sched_fifo(struct workload *w, int arg)
{
	workload_setscheduler(WORKLOAD_FIFO_PRIO);
}

static void op_sched_normal(struct workload *w, int arg)
{
	workload_setscheduler(0);
}

static void unlock_under(struct workload *w, raw_spinlock_t *lock)
{
	unsigned long flags;

	if (w->read_depth == 0)
		return;
	raw_spin_lock_irqsave(lock, flags);
	rcu_read_unlock();
	w->read_depth--;
	raw_spin_unlock_irqrestore(lock, flags);
}

static void op_unlock_under_rq(struct workload *w, int arg)
{
	unlock_under(w, &this_rq()->lock);
}

static void op_unlock_under_pi(struct workload *w, int arg)
{
	unlock_under(w, &current->pi_lock);
}

/*
 * Restriction 1 (RCU_BOOST): a reader that was ever preemptible ends with
 * irqs disabled, under a lock that an interrupt handler takes: here the
 * task's own ->siglock, which the signal irq takes.  The shape of
 * __lock_task_sighand() before a841796f, and of the posix timer's ->it_lock
 * in the lockdep report that b4abf91047cf answers.
 */
static void op_unlock_under_sig(struct workload *w, int arg)
{
	unlock_under(w, &current->sighand->siglock);
}

static void test_lock(int *held, spinlock_t *lock)
{
	spin_lock(lock);
	(*held)++;
}

static void test_unlock(int *held, spinlock_t *lock)
{
	if (*held) {
		(*held)--;
		spin_unlock(lock);
	}
}

static void op_lock_a(struct workload *w, int arg)
{
	test_lock(&w->holds_a, &test_lock_a);
}

static void op_unlock_a(struct workload *w, int arg)
{
	test_unlock(&w->holds_a, &test_lock_a);
}

static void op_lock_b(struct workload *w, int arg)
{
	test_lock(&w->holds_b, &test_lock_b);
}

static void op_unlock_b(struct workload *w, int arg)
{
	test_unlock(&w->holds_b, &test_lock_b);
}

static void op_rq_lock(struct workload *w, int arg)
{
	if (w->holds_rq == NULL) {
		w->holds_rq = this_rq();
		raw_spin_lock(&w->holds_rq->lock);
	}
}

static void op_rq_unlock(struct workload *w, int arg)
{
	if (w->holds_rq) {
		raw_spin_unlock(&w->holds_rq->lock);
		w->holds_rq = NULL;
	}
}

static void op_mutex_lock(struct workload *w, int arg)
{
	mutex_lock(&test_mutex);
	w->holds_mutex++;
}

static void op_mutex_unlock(struct workload *w, int arg)
{
	if (w->holds_mutex) {
		w->holds_mutex--;
		mutex_unlock(&test_mutex);
	}
}

enum { NOSLEEP, SLEEPS };

#define WORK_OP(id, name, mode, arg, sleeps, fn, what) {{"workload_main", name, 0}, sleeps, fn},
static struct {
	struct sim_site site;			 /* the op's point, named for the op */
	int sleeps;				 /* SLEEPS: only where may_block() */
	void (*fn)(struct workload *w, int arg); /* the op's body */
} op_table[NR_WORK_OPS] = {
#include "work_ops.def"
};

/* Each op's point, run_op:OP, is handed to sim_point() directly (sim.h). */
static void op_sites_ready(void)
{
	for (int op = 0; op < NR_WORK_OPS; op++)
		sim_site_ready(&op_table[op].site);
}
#undef WORK_OP

static void run_op(struct workload *w, enum work_op op, int arg)
{
	int cpu;

	KFUNC();
	sim_point(&op_table[op].site);
	/* An op that may sleep is skipped where sleeping is illegal. */
	if (!op_table[op].sleeps || may_block(w))
		op_table[op].fn(w, arg);
	/* Returned, skipped or not; on the CPU it runs on now (it may have migrated). */
	cpu = smp_processor_id();
	op_returned[cpu].step = sim_steps();
	op_returned[cpu].op = op;
}

/* Out of work at the end of the input: release everything, legally, and leave. */
static void wind_down(struct workload *w)
{
	KFUNC();
	while (w->holds_mutex)
		run_op(w, WORK_MUTEX_UNLOCK, 0);
	if (w->holds_rq)
		run_op(w, WORK_RQ_UNLOCK, 0);
	while (w->holds_b)
		run_op(w, WORK_UNLOCK_B, 0);
	while (w->holds_a)
		run_op(w, WORK_UNLOCK_A, 0);
	while (w->irq_depth)
		run_op(w, WORK_IRQ_ENABLE, 0);
	while (w->preempt_depth)
		run_op(w, WORK_PREEMPT_ENABLE, 0);
	while (w->read_depth)
		run_op(w, WORK_READ_UNLOCK, 0);
	for (int m = NR_WORKLOAD_RT_MUTEXES - 1; m >= 0; m--)
		if (w->holds_rtm[m])
			run_op(w, WORK_RT_UNLOCK, m);
}

static void workload_main(struct task_struct *self)
{
	struct workload *w = &workloads[self->kind_index];

	KFUNC();
	for (;;) {
		if (w->head != w->tail) {
			enum work_op op = (enum work_op)w->ops[w->head];
			int arg = w->args[w->head];

			w->head = (w->head + 1) % WORK_QUEUE;
			w->spin = 0; /* "spin" lasts until the next op */
			ops_running++;
			w->in_op = 1;
			run_op(w, op, arg);
			w->in_op = 0;
			ops_running--;
			ops_done++;
			continue;
		}
		if (draining) {
			wind_down(w);
			ops_done++;
			return;
		}
		if (w->spin || !may_block(w)) {
			POINT("waiting for work");
			continue;
		}
		/* wait_event_interruptible(w->wait, work || draining) */
		prepare_to_wait(&w->wait, TASK_INTERRUPTIBLE);
		if (w->head == w->tail && !draining)
			schedule();
		finish_wait(&w->wait);
	}
}
