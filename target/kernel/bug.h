/* SPDX-License-Identifier: MIT */
/*
 * What the kernel model reports through, as the kernel has WARN_ON_ONCE()
 * and BUG(): named checks, the spinlock deadlock detector's verdicts and
 * the harness's own limits.  The reports are written by check/ (invariant.c,
 * deadlock.c); each ends the run and never returns.
 */
#ifndef RCUFUZZ_KERNEL_BUG_H
#define RCUFUZZ_KERNEL_BUG_H

#include "spinlock.h"

#include <stddef.h>

struct task_struct;

/*
 * Every check's name, where it is written: INVARIANT() and MODEL_CHECK()
 * record it in the ELF section rcufuzz_checks (as POINT() records its
 * point), so that rcureplay --check can tell an expected SUMMARY that names
 * a check the model no longer has.
 */
struct check_site {
	const char *name;
	const char *file;
	int line;
};

#define CHECK_NAME(name_)                                                                          \
	({                                                                                         \
		static const struct check_site check_site_ = {name_, __FILE__, __LINE__};          \
		static const struct check_site *check_site_ptr_                                    \
			__attribute__((section("rcufuzz_checks"), used)) = &check_site_;           \
		check_site_.name;                                                                  \
	})

/* Every named check of the program, in link order. */
size_t check_site_entries(const struct check_site *const **entries);
/* Is there a check named @name (INVARIANT, MODEL_CHECK)? */
int check_name_known(const char *name);

/* Report a failed check; the run ends here. */
_Noreturn void invariant_fail(const char *name, const char *cond, const char *func);

/*
 * INVARIANT(name, cond): cond must hold here.  Either a WARN_ON/BUG_ON that
 * 3.0 has at this place, or a check that can fail only when the kernel's
 * own state is already wrong.
 */
#define INVARIANT(name, cond)                                                                      \
	do {                                                                                       \
		if (__builtin_expect(!(cond), 0))                                                  \
			invariant_fail(CHECK_NAME(name), #cond, __func__);                         \
	} while (0)

/*
 * MODEL_CHECK(name, cond): a check 3.0 does not make, which can fail only
 * when the kernel's own state is already wrong (a pointer into a list it
 * is not on, an update lost between a load and a store).  It reports at
 * once; with --consequences the run goes on to what the kernel would then
 * hit, and that report names this check (or this check is reported at the
 * end of the run if nothing else is).
 */
#define MODEL_CHECK(name, cond)                                                                    \
	do {                                                                                       \
		if (__builtin_expect(!(cond), 0))                                                  \
			model_check_fail(CHECK_NAME(name), #cond, __func__);                       \
	} while (0)

void model_check_fail(const char *name, const char *cond, const char *func);

/* The running context spins on @l, which a context below it on this CPU holds. */
_Noreturn void deadlock_self(const raw_spinlock_t *l);
/* The running context spins on @l, and the CPUs' spinners form a cycle back to it. */
_Noreturn void deadlock_cycle(const raw_spinlock_t *l);

/*
 * @t was reached through a kernel pointer (a ->blkd_tasks entry, say):
 * touching an exited task's task_struct is a use-after-free.
 */
void task_use_check(const struct task_struct *t, const char *func);

/* A harness table ran out of room: not a model bug, but the run cannot go on. */
_Noreturn void harness_limit(const char *what, const char *func);

#endif
