/* SPDX-License-Identifier: MIT */
/*
 * Invariants: the kernel's WARN_ON_ONCE checks as named checks.  Each raises
 * an "invariant" report named after the check, in the function it guards.
 */
#ifndef RCUFUZZ_CHECK_INVARIANT_H
#define RCUFUZZ_CHECK_INVARIANT_H

void invariant_fail(const char *name, const char *cond, const char *func);

/* INVARIANT(name, cond): cond must hold here. */
#define INVARIANT(name, cond)                                                              \
	do {                                                                               \
		if (__builtin_expect(!(cond), 0))                                          \
			invariant_fail(name, #cond, __func__);                             \
	} while (0)

/* A harness table ran out of room: not a model bug, but the run cannot go on. */
void harness_limit(const char *what, const char *func);

#endif
