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

#include <stddef.h>

struct task_struct;
struct sim_site;

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

/*
 * Where a lock is taken: every call of a lock primitive below records its
 * function and place in the ELF section rcufuzz_lock_sites (as POINT() does
 * in rcufuzz_points), and hands it to the lock, so that a schedule may name
 * the lock's points, "spinning" and "lock acquired", by the function that
 * takes it (`step cpu0 until task_rq_lock:lock acquired`) even where that
 * function has no frame of its own, and `rcureplay --points` lists them.
 * No code of the kernel's: the model's call sites stay the kernel's.
 */
struct lock_site {
	const char *func; /* __func__ of the call */
	const char *file; /* __FILE__ */
	int line;	  /* __LINE__ */
	int acquires;	  /* 1: takes the lock ("lock acquired"); 0: only waits for it */
};

#define LOCK_SITE(acq)                                                                             \
	({                                                                                         \
		static const struct lock_site lock_site_ = {__func__, __FILE__, __LINE__, acq};    \
		static const struct lock_site *lock_site_ptr_                                      \
			__attribute__((section("rcufuzz_lock_sites"), used)) = &lock_site_;        \
		&lock_site_;                                                                       \
	})

/* Every lock site of the program, in link order. */
size_t lock_site_entries(const struct lock_site *const **entries);
/* The next lock primitive current calls is at @site. */
void lock_site_enter(const struct lock_site *site);
/*
 * The function that called the lock primitive @t stands in, if the point
 * @s it stands at is one of a lock's ("spinning", "lock acquired"); NULL
 * otherwise.
 */
const char *lock_site_func(const struct task_struct *t, const struct sim_site *s);

#define LOCK_CALL(acq, call) (lock_site_enter(LOCK_SITE(acq)), (call))

void(raw_spin_lock)(raw_spinlock_t *l);
void raw_spin_unlock(raw_spinlock_t *l);
/* Spin until @l is free, without taking it (x86: while locked, cpu_relax()). */
void(raw_spin_unlock_wait)(raw_spinlock_t *l);
/*
 * Take a second lock of a class already held, telling lockdep it is the
 * nested one (3.0's spin_lock_nested(l, SINGLE_DEPTH_NESTING)): the model
 * names the subclass as a class of its own, e.g. "&base->lock/1".
 */
void(raw_spin_lock_nested)(raw_spinlock_t *l, enum lock_class_id subclass);
int raw_spin_trylock(raw_spinlock_t *l);
void(raw_spin_lock_irq)(raw_spinlock_t *l);
void raw_spin_unlock_irq(raw_spinlock_t *l);
unsigned long raw_spin_lock_irqsave_fn(raw_spinlock_t *l);
void raw_spin_unlock_irqrestore(raw_spinlock_t *l, unsigned long flags);
void(spin_lock_bh)(spinlock_t *l);
void spin_unlock_bh(spinlock_t *l);
#define raw_spin_lock(l)		LOCK_CALL(1, (raw_spin_lock)(l))
#define raw_spin_unlock_wait(l)		LOCK_CALL(0, (raw_spin_unlock_wait)(l))
#define raw_spin_lock_nested(l, sub)	LOCK_CALL(1, (raw_spin_lock_nested)(l, sub))
#define raw_spin_lock_irq(l)		LOCK_CALL(1, (raw_spin_lock_irq)(l))
#define raw_spin_lock_irqsave(l, flags) ((flags) = LOCK_CALL(1, raw_spin_lock_irqsave_fn(l)))
#define spin_lock_bh(l)			LOCK_CALL(1, (spin_lock_bh)(l))

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
