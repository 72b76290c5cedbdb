/* SPDX-License-Identifier: MIT */
/*
 * Spinlocks, spinning at points, and the deadlock detector: see spinlock.h.
 */
#include "spinlock.h"

#include "bug.h"
#include "cpu.h"
#include "frame.h"
#include "lockdep.h"
#include "preempt.h"
#include "sched.h"
#include "sched_lock.h"
#include "../sim/sim.h"

#include <stdio.h>
#include <string.h>

#define LOCK_CLASS(id, name) name,
static const char *const class_names[] = {
	"(none)",
#include "lock_classes.def"
};
#undef LOCK_CLASS

const char *lock_class_name(int cls)
{
	return class_names[cls];
}

void raw_spin_lock_init(raw_spinlock_t *l, enum lock_class_id cls)
{
	l->owner = NULL;
	l->owner_cpu = -1;
	l->class_idx = (unsigned char)cls;
	l->acquired_in = NULL;
}

int spin_is_held_here(const raw_spinlock_t *l)
{
	return l->owner_cpu == smp_processor_id();
}

const raw_spinlock_t *cpu_spinning_on(int cpu)
{
	return cpu_state[cpu].spinning_on;
}

/* The function below the lock primitives: who is taking the lock. */
static const char *lock_caller(void)
{
	return frame_top(current);
}

/*
 * A spinner can never get @l if its owner is below it on this CPU (an
 * interrupted context), or if following "spins on a lock held by" from the
 * owner's CPU leads back here.
 */
static void check_deadlock(const raw_spinlock_t *l)
{
	int me = smp_processor_id();
	int x = l->owner_cpu;

	if (x == me) {
		deadlock_self(l);
		return;
	}
	for (int i = 0; x >= 0 && i < nr_cpu_ids; i++) {
		const raw_spinlock_t *w = cpu_state[x].spinning_on;

		if (w == NULL)
			return;
		if (w->owner_cpu == me) {
			deadlock_cycle(l);
			return;
		}
		x = w->owner_cpu;
	}
}

/* Every lock call site (spinlock.h), gathered by the linker. */
DEFINE_SECTION_ENTRIES(lock_site_entries, const struct lock_site, rcufuzz_lock_sites)

void lock_site_enter(const struct lock_site *site)
{
	current->lock_site = site;
}

const char *lock_site_func(const struct task_struct *t, const struct sim_site *s)
{
	if (t->lock_site == NULL || s == NULL ||
	    (strcmp(s->func, "spin_wait") != 0 && strcmp(s->func, "do_raw_spin_lock_class") != 0))
		return NULL;
	return t->lock_site->func;
}

/*
 * An interrupt that lands while current spins or holds the lock at its
 * point takes locks of its own on current's task_struct: the lock's site
 * is put back before each of its points.
 */
static void spin_wait(raw_spinlock_t *l)
{
	const struct lock_site *site = current->lock_site;
	struct cpu_state *c = this_cpu_state();
	const raw_spinlock_t *outer = c->spinning_on;
	struct task_struct *outer_spinner = c->spinner;

	/* An interrupt may land while we spin with irqs on; it may spin too. */
	while (l->owner_cpu >= 0) {
		c->spinning_on = l;
		c->spinner = current;
		check_deadlock(l);
		current->lock_site = site;
		POINT("spinning");
	}
	c->spinning_on = outer;
	c->spinner = outer_spinner;
}

/* Take @l; lockdep sees it as class @cls (its own, or a nesting subclass). */
static void do_raw_spin_lock_class(raw_spinlock_t *l, int cls)
{
	const struct lock_site *site = current->lock_site;

	lock_acquire(cls, l, 0);
	if (l->owner_cpu >= 0)
		spin_wait(l);
	l->owner = current;
	l->owner_cpu = smp_processor_id();
	l->acquired_in = lock_caller();
	sched_lock_held(l, 1);
	current->lock_site = site;
	POINT("lock acquired");
}

static void do_raw_spin_lock(raw_spinlock_t *l)
{
	do_raw_spin_lock_class(l, l->class_idx);
}

/* Release @l; returns its class, for after: once released, @l may be gone. */
static int do_raw_spin_unlock(raw_spinlock_t *l)
{
	int cls = l->class_idx;

	sched_lock_held(l, -1);
	l->owner = NULL;
	l->owner_cpu = -1;
	lock_release(l);
	return cls;
}

/*
 * The lock and unlock calls: sched_lock_enter() and sched_lock_exit() (the
 * cures of sched_lock.c) around the kernel's, whose names have two
 * underscores.
 */
static void __raw_spin_lock(raw_spinlock_t *l)
{
	preempt_disable();
	do_raw_spin_lock(l);
}

void(raw_spin_lock)(raw_spinlock_t *l)
{
	sched_lock_enter(l);
	__raw_spin_lock(l);
}

void(raw_spin_lock_nested)(raw_spinlock_t *l, enum lock_class_id subclass)
{
	sched_lock_enter(l);
	preempt_disable();
	do_raw_spin_lock_class(l, subclass);
}

void raw_spin_unlock(raw_spinlock_t *l)
{
	int cls = do_raw_spin_unlock(l);

	preempt_enable();
	sched_lock_exit(cls);
}

void(raw_spin_unlock_wait)(raw_spinlock_t *l)
{
	if (l->owner_cpu >= 0)
		spin_wait(l);
}

int raw_spin_trylock(raw_spinlock_t *l)
{
	sched_lock_enter(l);
	preempt_disable();
	if (l->owner_cpu >= 0) {
		preempt_enable();
		sched_lock_exit(l->class_idx);
		return 0;
	}
	lock_acquire(l->class_idx, l, 1);
	l->owner = current;
	l->owner_cpu = smp_processor_id();
	l->acquired_in = lock_caller();
	sched_lock_held(l, 1);
	return 1;
}

void(raw_spin_lock_irq)(raw_spinlock_t *l)
{
	sched_lock_enter(l);
	local_irq_disable();
	__raw_spin_lock(l);
}

void raw_spin_unlock_irq(raw_spinlock_t *l)
{
	int cls = do_raw_spin_unlock(l);

	local_irq_enable();
	preempt_enable();
	sched_lock_exit(cls);
}

unsigned long raw_spin_lock_irqsave_fn(raw_spinlock_t *l)
{
	unsigned long flags;

	sched_lock_enter(l);
	flags = arch_local_irq_save();
	__raw_spin_lock(l);
	return flags;
}

void raw_spin_unlock_irqrestore(raw_spinlock_t *l, unsigned long flags)
{
	int cls = do_raw_spin_unlock(l);

	local_irq_restore(flags);
	preempt_enable();
	sched_lock_exit(cls);
}

void(spin_lock_bh)(spinlock_t *l)
{
	local_bh_disable();
	do_raw_spin_lock(l);
}

void spin_unlock_bh(spinlock_t *l)
{
	do_raw_spin_unlock(l);
	local_bh_enable();
}
