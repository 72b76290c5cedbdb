/* SPDX-License-Identifier: MIT */
/*
 * The task table, `current`, preempt_count and the interrupt flag, and the
 * hook the simulator calls each time a CPU resumes at a point: a pending
 * interrupt lands there if interrupts are on, and preemption happens there if
 * preempt_count is zero and need_resched is set.
 */
#include "bug.h"
#include "cpu.h"
#include "frame.h"
#include "hooks.h"
#include "interrupt.h"
#include "kthread.h"
#include "lockdep.h"
#include "preempt.h"
#include "sched.h"

#include <stdio.h>
#include <string.h>

struct task_struct task_table[MAX_TASKS + 1];
int nr_tasks;
struct cpu_state cpu_state[NR_CPUS];
int nr_cpu_ids;
int force_irqthreads;
unsigned long jiffies;

struct task_struct *cpu_current_task[NR_CPUS];

static void task_start(void *arg)
{
	struct task_struct *t = arg;

	/* A task first run by a context switch finishes that switch. */
	if (!t->booted_running)
		schedule_tail();
	t->entry(t);
	kthread_exit(t);
	do_exit();
}

struct task_struct *task_create(enum task_kind kind, int kind_index, const char *comm,
				void (*entry)(struct task_struct *), int cpu, int prio)
{
	struct task_struct *t;
	struct coro saved;

	if (nr_tasks >= MAX_TASKS)
		harness_limit("task table full", __func__);
	t = &task_table[++nr_tasks];
	/* Keep the stack of an earlier input; everything else starts from zero. */
	saved = t->coro;
	memset(t, 0, sizeof(*t));
	t->coro.stack = saved.stack;
	t->coro.stack_size = saved.stack_size;
	t->coro.asan_fake_stack = saved.asan_fake_stack;
	coro_prepare(&t->coro, task_start, t);
	t->pid = nr_tasks;
	strncpy(t->comm, comm, sizeof(t->comm) - 1);
	t->comm[sizeof(t->comm) - 1] = '\0';
	t->kind = kind;
	t->kind_index = kind_index;
	t->entry = entry;
	t->state = TASK_RUNNING;
	t->cpu = cpu;
	t->cpus_allowed = cpu_possible_mask();
	if (prio < MAX_RT_PRIO) {
		t->policy = SCHED_FIFO;
		t->rt_priority = MAX_RT_PRIO - 1 - prio;
		t->static_prio = DEFAULT_PRIO;
	} else {
		t->policy = SCHED_NORMAL;
		t->static_prio = prio;
	}
	t->prio = prio;
	t->normal_prio = prio;
	t->preempt_count = PREEMPT_OFFSET; /* dropped by schedule_tail() */
	raw_spin_lock_init(&t->pi_lock, LC_PI);
	plist_head_init(&t->pi_waiters);
	INIT_LIST_HEAD(&t->rcu_node_entry);
	return t;
}

const char *task_name(const struct task_struct *t)
{
	static char buf[4][TASK_COMM_LEN + 16];
	static int slot;
	char *b = buf[slot++ & 3];

	if (t == NULL)
		return "none";
	snprintf(b, sizeof(buf[0]), "%s[%d]", t->comm, t->pid);
	return b;
}

int num_online_cpus(void)
{
	int cpu, n = 0;

	for_each_online_cpu(cpu)
		n++;
	return n;
}

int first_online_cpu(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		return cpu;
	return 0;
}

cpumask_t cpu_online_mask(void)
{
	cpumask_t m = 0;
	int cpu;

	for_each_online_cpu(cpu)
		m |= cpumask_of(cpu);
	return m;
}

int cpumask_any_online(cpumask_t m)
{
	int cpu;

	for_each_online_cpu(cpu)
		if (cpumask_test_cpu(cpu, m))
			return cpu;
	return -1;
}

/* ---- preempt_count ---- */

void add_preempt_count(int val)
{
	current->preempt_count += val;
}

void sub_preempt_count(int val)
{
	struct task_struct *t = current;

	INVARIANT("preempt-count-underflow", t->preempt_count >= val);
	t->preempt_count -= val;
}

void preempt_disable(void)
{
	current->preempt_count += PREEMPT_OFFSET;
}

void preempt_enable_no_resched(void)
{
	sub_preempt_count(PREEMPT_OFFSET);
}

void preempt_enable(void)
{
	struct task_struct *t = current;

	sub_preempt_count(PREEMPT_OFFSET);
	if (t->preempt_count == 0 && t->need_resched && !irqs_disabled())
		preempt_schedule();
}

void set_tsk_need_resched(struct task_struct *t)
{
	t->need_resched = 1;
}

/* ---- the interrupt flag ---- */

int irqs_disabled(void)
{
	return this_cpu_state()->irqs_disabled;
}

void local_irq_disable(void)
{
	this_cpu_state()->irqs_disabled = 1;
}

/* Interrupts held pending while the flag was clear land now, as on hardware. */
static void deliver_pending_irqs(void)
{
	struct cpu_state *c = this_cpu_state();
	/* A context spinning with irqs on is not spinning while its interrupt runs. */
	const raw_spinlock_t *spinning_on = c->spinning_on;
	struct task_struct *spinner = c->spinner;

	while (c->pending_irqs && !c->irqs_disabled) {
		int kind = __builtin_ctz(c->pending_irqs);

		c->pending_irqs &= ~(1u << kind);
		c->spinning_on = NULL;
		c->spinner = NULL;
		/* The CPU clears the interrupt flag on entry; iret sets it again. */
		c->irqs_disabled = 1;
		do_IRQ((enum irq_kind)kind);
		c->irqs_disabled = 0;
		c->spinning_on = spinning_on;
		c->spinner = spinner;
	}
}

/* Return from interrupt to a preemptible context: preempt_schedule_irq(). */
static void irq_return_resched(void)
{
	struct task_struct *t = current;

	if (t->need_resched && t->preempt_count == 0 && !irqs_disabled() &&
	    t->kind != TASK_KIND_IDLE)
		preempt_schedule();
}

void local_irq_enable(void)
{
	struct cpu_state *c = this_cpu_state();

	if (!c->irqs_disabled)
		return;
	c->irqs_disabled = 0;
	lockdep_hardirqs_on();
	if (c->pending_irqs) {
		deliver_pending_irqs();
		irq_return_resched();
	}
}

unsigned long arch_local_irq_save(void)
{
	struct cpu_state *c = this_cpu_state();
	unsigned long flags = (unsigned long)c->irqs_disabled;

	c->irqs_disabled = 1;
	return flags;
}

void local_irq_restore(unsigned long flags)
{
	if (!flags)
		local_irq_enable();
	else
		local_irq_disable();
}

/* ---- the point hook (interrupt.h) ---- */

void kernel_at_point(void)
{
	feedback_at_point();
	deliver_pending_irqs();
	irq_return_resched();
}
