/* SPDX-License-Identifier: MIT */
/* The default engine's harness exploration: see harness_explore.h. */
#include "harness_explore.h"
#include "clock.h"
#include "harnesses.h"
#include "rand.h"
#include "sampler.h"

#include "../replay/explore.h"
#include "../replay/minimize.h"

#include <stdlib.h>
#include <string.h>

#define PARK_CAP1 4000UL   /* schedules of a parks-only unit, first round */
#define PARK_CAP  10000UL  /* second round: the units the first did not finish */
#define UNIT2_CAP 30000UL  /* of a bound-2 one */
#define UNIT3_CAP 100000UL /* of a bound-3 one */
#define CUT_CAP	  1000UL   /* of a cut unit (bound 2, parks only) */
#define NR_CUTS	  4	   /* cuts waiting for their unit */
#define CUT_MAX	  1024	   /* bytes of a cut: the fuzz targets' max_len */
#define CUTS_SEEN 256	   /* cuts remembered, so that one is explored once */
#define CREDIT	  1	   /* schedules a mutation earns */
#define DEEP_COST 4	   /* credit a schedule of a deep pass costs */

/*
 * The passes, in order; a unit is one harness in one pass (both releases:
 * two units a harness, early then late).  A pass in order takes the
 * harnesses in their built-in order, smallest first (fuzz/genharness.sh);
 * the others start at the seed's harness.  A pass priced deep is paid for
 * before it runs, its cap's worth at DEEP_COST a schedule; the others cost
 * a schedule each, paid after.  A pass marked again runs only the units the
 * pass before it did not explore in full (the parks pass in two rounds,
 * the second with the larger cap).
 */
static const struct pass {
	int bound, parks_only;
	int releases; /* 1: early only; 2: early, then late */
	unsigned long cap;
	int in_order, deep, again;
} passes[] = {
	{1, 0, 1, 0, 1, 0, 0},	       /* every harness to bound 1, smallest first */
	{2, 1, 2, PARK_CAP1, 0, 0, 0}, /* parks, first round */
	{2, 1, 2, PARK_CAP, 0, 0, 1},  /* parks, the units not finished */
	{2, 0, 1, UNIT2_CAP, 0, 1, 0}, /* every kind of preemption */
	{3, 0, 1, UNIT3_CAP, 0, 1, 0},
};
#define NR_PASSES (sizeof(passes) / sizeof(passes[0]))

static const struct rcufuzz_options *unless;

void harness_explore_unless(const struct rcufuzz_options *q)
{
	unless = q;
}

static struct {
	int started;
	unsigned int pass, unit; /* the next unit: unit of pass */
	unsigned int first;	 /* each pass's first harness */
	uint64_t done[2];	 /* harnesses the last pass explored in full, per release */
	long credit;
	struct harness_explore_stats stats;
	/* The cuts offered and not yet explored, oldest first; the hashes of those offered. */
	struct {
		uint8_t bytes[CUT_MAX];
		size_t size;
	} cut[NR_CUTS];
	unsigned int ncuts;
	uint64_t cut_seen[CUTS_SEEN];
} st;

void harness_explore_offer(const uint8_t *data, size_t size, size_t at)
{
	uint8_t buf[CUT_MAX];
	size_t n;
	uint64_t h;

	/* Met in the drain (@at: the whole input), the cut leaves the explorer nothing. */
	if (at >= size || st.ncuts == NR_CUTS)
		return;
	n = schedule_cut(data, size, at, buf, sizeof(buf));
	h = fnv1a64(buf, n);
	if (n < at || st.cut_seen[h % CUTS_SEEN] == h)
		return;
	st.cut_seen[h % CUTS_SEEN] = h;
	memcpy(st.cut[st.ncuts].bytes, buf, n);
	st.cut[st.ncuts++].size = n;
}

void harness_explore_stats(struct harness_explore_stats *s)
{
	*s = st.stats;
	s->credit = st.credit;
}

void harness_explore_reset(void)
{
	memset(&st, 0, sizeof(st));
}

/* The report's bytes into @out, minimized when they do not fit; 0 if even that does not. */
static size_t take_report(struct explore_result *r, const struct rcufuzz_options *o, uint8_t *out,
			  size_t max)
{
	uint8_t *min = NULL;
	size_t n = 0;

	if (r->size <= max) {
		memcpy(out, r->bytes, r->size);
		n = r->size;
	} else if (minimize_input(r->bytes, r->size, o, &min, &n) >= 0 && n <= max) {
		memcpy(out, min, n);
	} else {
		n = 0;
	}
	free(min);
	return n;
}

/* A unit's line in the log, its counts, its cost; its report's input into @out. */
static size_t unit_done(struct explore_result *r, const struct explore_options *eo,
			const char *name, double t0, long cost, const struct rcufuzz_options *o,
			uint8_t *out, size_t max, FILE *log)
{
	size_t size = 0;

	if (log)
		fprintf(log,
			"rcufuzz: harness exploration: %s to bound %d%s%s: %lu schedules, %s, "
			"%.2f s",
			name, eo->bound, eo->parks_only ? ", parks only" : "",
			eo->late_release ? ", late release" : "", r->schedules,
			r->reported ? r->summary : "clean", now() - t0);
	if (log && unless)
		fprintf(log, ", past %lu reports RCUFUZZ_UNLESS gives too", r->unless);
	if (log)
		fputc('\n', log);
	st.stats.units++;
	st.stats.schedules += r->schedules;
	st.stats.last_schedules = r->schedules;
	st.credit -= (long)r->schedules * cost;
	if (r->reported)
		size = take_report(r, o, out, max);
	free(r->bytes);
	return size;
}

/* The oldest cut offered, explored to bound 2 with parks only, early release. */
static size_t cut_unit(const struct rcufuzz_options *o, uint8_t *out, size_t max, FILE *log)
{
	struct explore_options eo = {.jobs = 1,
				     .prune = 1,
				     .unless = unless,
				     .bound = 2,
				     .parks_only = 1,
				     .max_schedules = CUT_CAP};
	double t0 = log ? now() : 0;
	struct explore_result r;
	uint8_t bytes[CUT_MAX];
	size_t size = st.cut[0].size;

	memcpy(bytes, st.cut[0].bytes, size);
	memmove(&st.cut[0], &st.cut[1], (size_t)(--st.ncuts) * sizeof(st.cut[0]));
	st.stats.cuts++;
	if (explore(bytes, size, o, &eo, &r) < 0)
		return 0;
	return unit_done(&r, &eo, "a run cut at the milestone", t0, 1, o, out, max, log);
}

size_t harness_explore_next(const struct rcufuzz_options *o, unsigned int seed, uint8_t *out,
			    size_t max, FILE *log)
{
	double t0;
	const unsigned int n = (unsigned int)nr_builtin_harnesses;
	struct explore_options eo = {.jobs = 1, .prune = 1, .unless = unless};
	const struct builtin_harness *h;
	const struct pass *p;
	unsigned int k;
	uint64_t *done, bit; /* k's bit in this release's done set (none past 64) */
	struct explore_result r;

	if (!st.started) {
		st.started = 1;
		st.first = n ? seed % n : 0;
	}
	st.credit += CREDIT;
	if (st.ncuts > 0 && st.credit >= 0)
		return cut_unit(o, out, max, log);
	if (n == 0 || st.pass >= NR_PASSES || st.credit < 0)
		return 0;
	p = &passes[st.pass];
	eo.bound = p->bound;
	eo.parks_only = p->parks_only;
	eo.late_release = (int)(st.unit % (unsigned int)p->releases);
	eo.max_schedules = p->cap;
	/* A deep unit is paid for before it runs, as much as it may cost. */
	if (p->deep && st.credit < (long)(p->cap * DEEP_COST))
		return 0;
	k = st.unit / (unsigned int)p->releases;
	k = ((p->in_order ? 0 : st.first) + k) % n;
	h = &builtin_harnesses[k];
	if (++st.unit == n * (unsigned int)p->releases) {
		st.pass++;
		st.unit = 0;
	}
	/* Explored in full by the round before: nothing to do, and no cost. */
	done = &st.done[eo.late_release];
	bit = k < 64 ? 1ull << k : 0;
	if (p->again && (*done & bit))
		return 0;
	t0 = log ? now() : 0;
	if (explore(h->bytes, h->size, o, &eo, &r) < 0)
		return 0;
	*done = r.bound_done >= eo.bound ? *done | bit : *done & ~bit;
	return unit_done(&r, &eo, h->name, t0, p->deep ? DEEP_COST : 1, o, out, max, log);
}
