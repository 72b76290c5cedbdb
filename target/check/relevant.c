/* SPDX-License-Identifier: MIT */
/* The RCU-relevant points: see relevant.h and relevant.def. */
#include "relevant.h"
#include "../run.h"

#include "../kernel/sched.h"
#include "../kernel/spinlock.h"
#include "../kernel/task.h"
#include "../sim/sim.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const dirs[] = {
#define RELEVANT_DIR(prefix)	 prefix,
#define RELEVANT_FUNC(func, why) /* a function */
#include "relevant.def"
#undef RELEVANT_DIR
#undef RELEVANT_FUNC
};

static const char *const funcs[] = {
#define RELEVANT_DIR(prefix)	 /* a directory */
#define RELEVANT_FUNC(func, why) func,
#include "relevant.def"
#undef RELEVANT_DIR
#undef RELEVANT_FUNC
};

int rcu_relevant_name(const char *func, const char *file, const char *label)
{
	if (strcmp(label, "spinning") == 0)
		return 0;
	for (size_t i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++)
		if (strcmp(func, funcs[i]) == 0)
			return 1;
	if (file == NULL)
		return 0;
	/* __FILE__ as the build spelled it: "target/rcu/tree.c" or "./target/...". */
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (strstr(file, dirs[i]) != NULL)
			return 1;
	return 0;
}

/* The file a POINT() site is written in, from the registry; NULL if it is not a POINT(). */
static const char *point_file(const struct sim_site *s)
{
	const struct sim_point_entry *const *e;
	size_t n = sim_point_entries(&e);

	for (size_t i = 0; i < n; i++)
		if (e[i]->site == s)
			return e[i]->file;
	return NULL;
}

/* Is @s one of a lock primitive's points, which stand for the lock call's function? */
static int lock_point(const struct sim_site *s)
{
	return strcmp(s->func, "spin_wait") == 0 || strcmp(s->func, "do_raw_spin_lock_class") == 0;
}

static int compute(const struct sim_site *s, const struct lock_site *lock)
{
	if (lock_point(s))
		return lock != NULL && rcu_relevant_name(lock->func, lock->file, s->label);
	return rcu_relevant_name(s->func, point_file(s), s->label);
}

/*
 * What each site, and each (lock point, lock call) pair, answered: sites
 * and lock calls are static, so an answer holds for the whole process.  A
 * site's own entry (lock NULL) says LOCK_POINT for a lock primitive's
 * point, whose answer is the lock call's entry: no string is compared once
 * a point has been seen.  On the heap, not in .bss: rcureplay --explore
 * hashes the model's static memory as its state, and what this cache has
 * learnt is not the model's.
 */
#define CACHE_SIZE 4096
#define LOCK_POINT (-1)
struct answer {
	const struct sim_site *site;
	const struct lock_site *lock;
	int relevant;
};
static struct answer *cache;

static int answer(const struct sim_site *s, const struct lock_site *lock)
{
	if (lock == NULL && lock_point(s))
		return LOCK_POINT;
	return compute(s, lock);
}

static int cached(const struct sim_site *s, const struct lock_site *lock)
{
	uintptr_t h;

	if (cache == NULL && (cache = calloc(CACHE_SIZE, sizeof(*cache))) == NULL)
		return answer(s, lock);
	h = ((uintptr_t)s * 0x9e3779b97f4a7c15ull) ^ ((uintptr_t)lock * 0xc2b2ae3d27d4eb4full);
	for (unsigned int probe = 0; probe < 8; probe++) {
		unsigned int i = (unsigned int)((h >> 20) + probe) % CACHE_SIZE;

		if (cache[i].site == s && cache[i].lock == lock)
			return cache[i].relevant;
		if (cache[i].site == NULL) {
			cache[i].site = s;
			cache[i].lock = lock;
			cache[i].relevant = answer(s, lock);
			return cache[i].relevant;
		}
	}
	return answer(s, lock);
}

int rcu_relevant_point(const struct sim_site *s, const struct lock_site *lock)
{
	int r;

	if (s == NULL)
		return 0;
	r = cached(s, NULL);
	if (r != LOCK_POINT)
		return r;
	return lock != NULL && cached(s, lock);
}

int rcu_relevant_cpu(int cpu)
{
	const struct task_struct *t = cpu_curr(cpu);

	return rcu_relevant_point(sim_cpu_site(cpu), t ? t->lock_site : NULL);
}

int rcu_relevant_row(const struct trace_row *row)
{
	return rcu_relevant_name(row->site_func ? row->site_func : row->point_func, NULL,
				 row->label);
}
