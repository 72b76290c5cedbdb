/* SPDX-License-Identifier: MIT */
/*
 * Spinlocks.  spinlock_t and raw_spinlock_t are one type (no PREEMPT_RT).
 *
 * Acquiring goes through lockdep first, as in the kernel (lock_acquire()
 * before do_raw_spin_lock()).  A held lock makes the acquirer spin at a
 * point; the spinner is checked for a real deadlock: the owner is a frame
 * below it on the same CPU, or the spinners form a cycle across CPUs.
 * Every acquisition is followed by a point, so another CPU may interleave
 * inside every critical section.
 */
#ifndef RCUFUZZ_KERNEL_SPINLOCK_H
#define RCUFUZZ_KERNEL_SPINLOCK_H

struct task_struct;

#define LOCK_CLASS(id, name) LC_##id,
enum lock_class_id {
	LC_NONE,
#include "lock_classes.def"
	NR_LOCK_CLASSES
};
#undef LOCK_CLASS

typedef struct raw_spinlock {
	struct task_struct *owner; /* context holding it (interrupts: the interrupted task) */
	int owner_cpu;		   /* CPU holding it, -1 when free */
	unsigned char class_idx;   /* lockdep class */
	const char *acquired_in;   /* function that took it, for reports */
} raw_spinlock_t;
typedef raw_spinlock_t spinlock_t;

/* sparse's lock-context annotations, as include/linux/compiler.h has them: no code. */
#define __acquires(x)
#define __releases(x)

void raw_spin_lock_init(raw_spinlock_t *l, enum lock_class_id cls);
#define spin_lock_init raw_spin_lock_init

void raw_spin_lock(raw_spinlock_t *l);
void raw_spin_unlock(raw_spinlock_t *l);
/* Spin until @l is free, without taking it (x86: while locked, cpu_relax()). */
void raw_spin_unlock_wait(raw_spinlock_t *l);
/*
 * Take a second lock of a class already held, telling lockdep it is the
 * nested one (3.0's spin_lock_nested(l, SINGLE_DEPTH_NESTING)): the model
 * names the subclass as a class of its own, e.g. "&base->lock/1".
 */
void raw_spin_lock_nested(raw_spinlock_t *l, enum lock_class_id subclass);
int raw_spin_trylock(raw_spinlock_t *l);
void raw_spin_lock_irq(raw_spinlock_t *l);
void raw_spin_unlock_irq(raw_spinlock_t *l);
unsigned long raw_spin_lock_irqsave_fn(raw_spinlock_t *l);
void raw_spin_unlock_irqrestore(raw_spinlock_t *l, unsigned long flags);
void spin_lock_bh(spinlock_t *l);
void spin_unlock_bh(spinlock_t *l);
#define raw_spin_lock_irqsave(l, flags) ((flags) = raw_spin_lock_irqsave_fn(l))

#define spin_lock	       raw_spin_lock
#define spin_lock_nested       raw_spin_lock_nested
#define spin_unlock	       raw_spin_unlock
#define spin_trylock	       raw_spin_trylock
#define spin_lock_irq	       raw_spin_lock_irq
#define spin_unlock_irq	       raw_spin_unlock_irq
#define spin_lock_irqsave      raw_spin_lock_irqsave
#define spin_unlock_irqrestore raw_spin_unlock_irqrestore

/* Does the running CPU hold @l?  (lockdep_assert_held) */
int spin_is_held_here(const raw_spinlock_t *l);

/* The lock CPU @cpu is spinning on, or NULL. */
const raw_spinlock_t *cpu_spinning_on(int cpu);

/* The name of a lock class. */
const char *lock_class_name(int cls);

#endif
