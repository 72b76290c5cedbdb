/* SPDX-License-Identifier: MIT */
/* The machine's state as a hash, and sets of them: see state.h. */
#include "state.h"

#include "../target/check/oracle.h"
#include "../target/kernel/cpu.h"
#include "../target/kernel/sched.h"
#include "../target/kernel/task.h"
#include "../target/rcu/tree.h"
#include "../target/sim/sim.h"

#include <stdlib.h>

int state_set_has(const struct state_set *v, uint64_t key)
{
	if (v->cap == 0)
		return 0;
	for (size_t i = key & (v->cap - 1);; i = (i + 1) & (v->cap - 1)) {
		if (v->keys[i] == key)
			return 1;
		if (v->keys[i] == 0)
			return 0;
	}
}

int state_set_add(struct state_set *v, uint64_t key)
{
	size_t i;

	if (2 * (v->n + 1) > v->cap) {
		struct state_set bigger = {calloc(v->cap ? 2 * v->cap : 1u << 16, sizeof(uint64_t)),
					 v->cap ? 2 * v->cap : 1u << 16, 0};

		if (bigger.keys == NULL)
			return -1;
		for (size_t j = 0; j < v->cap; j++)
			if (v->keys[j])
				state_set_add(&bigger, v->keys[j]);
		free(v->keys);
		*v = bigger;
	}
	for (i = key & (v->cap - 1); v->keys[i] != 0; i = (i + 1) & (v->cap - 1))
		if (v->keys[i] == key)
			return 0;
	v->keys[i] = key;
	v->n++;
	return 1;
}

void state_set_clear(struct state_set *v)
{
	free(v->keys);
	*v = (struct state_set){0};
}

/*
 * The program's static data: the two sections every source of the model
 * (target/) puts its variables in (target/sim/sections.h), or, in a build
 * without them, .data and .bss whole (the linker's symbols).  Every variable
 * of the model is there (the model keeps fixed-size static state and
 * allocates nothing but, under ASan, the oracle's objects).  The tools' and
 * the tests' variables are not the machine's state: in the sections' build
 * they are not read; in the other, those a run does not write cost nothing.
 */
extern char __start_rcufuzz_data[] __attribute__((weak));
extern char __stop_rcufuzz_data[] __attribute__((weak));
extern char __start_rcufuzz_bss[] __attribute__((weak));
extern char __stop_rcufuzz_bss[] __attribute__((weak));
extern char __data_start[] __attribute__((weak));
extern char _end[] __attribute__((weak));

static int in_sections(const void *p)
{
	const char *c = p;

	return (c >= __start_rcufuzz_bss && c < __stop_rcufuzz_bss) ||
	       (__start_rcufuzz_data != NULL && c >= __start_rcufuzz_data &&
		c < __stop_rcufuzz_data);
}

/*
 * The sections, if this build has them and they hold the model: variables
 * of the simulator, the scheduler, the RCU model and the CPUs (a build that
 * compiled some of target/ without sections.h reads .data and .bss whole).
 */
static int use_sections(void)
{
	static int known NOT_MACHINE_STATE, use NOT_MACHINE_STATE;

	if (!known) {
		known = 1;
		use = __start_rcufuzz_bss != NULL && in_sections(&task_table) &&
		      in_sections(&runqueues) && in_sections(&rcu_preempt_state) &&
		      in_sections(&jiffies);
	}
	return use;
}

/*
 * Four lanes of multiply-xor over 8-byte words, folded into @h.  Not
 * instrumented: under ASan the static data and the stacks it reads hold
 * redzones, which are the same bytes in every state; under MSan they hold
 * bytes never written (padding, dead locals), which the hash reads on
 * purpose (they can only make equal states hash apart: state.h).
 */
#if defined(__clang__)
__attribute__((no_sanitize("address", "undefined", "memory")))
#else
__attribute__((no_sanitize_address))
#endif
static uint64_t hash_bytes(uint64_t h, const char *p, const char *end)
{
	uint64_t l0 = h, l1 = h ^ 0x9e3779b97f4a7c15ull, l2 = ~h, l3 = h * 3;
	const uint64_t k = 0xff51afd7ed558ccdull;

	while (end - p >= 32) {
		const volatile uint64_t *w = (const volatile uint64_t *)(const void *)p;

		l0 = (l0 ^ w[0]) * k;
		l1 = (l1 ^ w[1]) * k;
		l2 = (l2 ^ w[2]) * k;
		l3 = (l3 ^ w[3]) * k;
		p += 32;
	}
	for (; p < end; p++)
		l0 = (l0 ^ (unsigned char)*p) * k;
	h = l0 ^ (l1 >> 1) ^ (l2 << 1) ^ (l3 * 5);
	return h ^ (h >> 29);
}

static void hash_into(const void *p, size_t n, void *arg)
{
	uint64_t *h = arg;

	*h = hash_bytes(*h, p, (const char *)p + n);
}

/* @h over [@from, @to) without the regions in @skip (sorted, disjoint). */
static uint64_t hash_without(uint64_t h, const char *from, const char *to, const char *skip[][2],
			     int nskip)
{
	for (int i = 0; i < nskip; i++) {
		if (skip[i][0] > from)
			h = hash_bytes(h, from, skip[i][0] < to ? skip[i][0] : to);
		if (skip[i][1] > from)
			from = skip[i][1];
	}
	if (from < to)
		h = hash_bytes(h, from, to);
	return h;
}

size_t machine_state_static_bytes(void)
{
	if (use_sections())
		return (size_t)(__stop_rcufuzz_bss - __start_rcufuzz_bss) +
		       (size_t)(__stop_rcufuzz_data - __start_rcufuzz_data);
	return __data_start != NULL && _end != NULL ? (size_t)(_end - __data_start) : 0;
}

int machine_state_hashable(void)
{
	return CORO_ASM;
}

uint64_t machine_state_hash(uint64_t h)
{
	const char *skip[2][2];

	skip[0][0] = (const char *)&task_table[nr_tasks + 1];
	skip[0][1] = (const char *)&task_table[MAX_TASKS + 1];
	sim_unhashed(&skip[1][0], &skip[1][1]);
	if (skip[1][0] < skip[0][0]) {
		const char *t0 = skip[0][0], *t1 = skip[0][1];

		skip[0][0] = skip[1][0];
		skip[0][1] = skip[1][1];
		skip[1][0] = t0;
		skip[1][1] = t1;
	}
	if (use_sections()) {
		h = hash_without(h, __start_rcufuzz_data, __stop_rcufuzz_data, skip, 2);
		h = hash_without(h, __start_rcufuzz_bss, __stop_rcufuzz_bss, skip, 2);
	} else if (__data_start != NULL && _end != NULL) {
		h = hash_without(h, __data_start, _end, skip, 2);
	}
	oracle_state(hash_into, &h);
	for (int i = 1; i <= nr_tasks; i++) {
		const struct coro *c = &task_table[i].coro;
#if CORO_ASM
		const char *sp = c->sp, *base = c->stack, *top = base + c->stack_size;

		if (base != NULL && sp >= base && sp < top)
			h = hash_bytes(h, sp, top);
#else
		(void)c;
#endif
	}
	return h;
}
