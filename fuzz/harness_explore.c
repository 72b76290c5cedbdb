/* SPDX-License-Identifier: MIT */
/* The default engine's harness exploration: see harness_explore.h. */
#include "harness_explore.h"
#include "clock.h"
#include "harnesses.h"

#include "../replay/explore.h"
#include "../replay/minimize.h"

#include <stdlib.h>
#include <string.h>

#define FIRST_BOUND 1
#define LAST_BOUND  3
#define UNIT2_CAP   30000UL  /* schedules of a bound-2 unit, at most */
#define UNIT3_CAP   100000UL /* of a bound-3 one */
#define CREDIT	    1	     /* schedules a mutation earns */
#define DEEP_COST   4	     /* credit a schedule of a bound-2 or bound-3 unit costs */

static struct {
	int started;
	unsigned int unit;  /* the next one: pass (bound - FIRST_BOUND) x harness */
	unsigned int first; /* each pass's first harness */
	long credit;
	struct harness_explore_stats stats;
} st;

void harness_explore_stats(struct harness_explore_stats *s)
{
	*s = st.stats;
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

size_t harness_explore_next(const struct rcufuzz_options *o, unsigned int seed, uint8_t *out,
			    size_t max, FILE *log)
{
	double t0;
	const unsigned int n = (unsigned int)nr_builtin_harnesses;
	const unsigned int units = n * (LAST_BOUND - FIRST_BOUND + 1);
	struct explore_options eo = {.jobs = 1, .prune = 1};
	const struct builtin_harness *h;
	struct explore_result r;
	size_t size = 0;

	if (n == 0)
		return 0;
	if (!st.started) {
		st.started = 1;
		st.first = seed % n;
	}
	st.credit += CREDIT;
	if (st.unit >= units || st.credit < 0)
		return 0;
	eo.bound = FIRST_BOUND + (int)(st.unit / n);
	eo.max_schedules = eo.bound == 2 ? UNIT2_CAP : eo.bound == 3 ? UNIT3_CAP : 0;
	/* A deeper unit is paid for before it runs, as much as it may cost. */
	if (eo.bound > FIRST_BOUND && st.credit < (long)(eo.max_schedules * DEEP_COST))
		return 0;
	h = &builtin_harnesses[(st.first + st.unit % n) % n];
	st.unit++;
	t0 = log ? now() : 0;
	if (explore(h->bytes, h->size, o, &eo, &r) < 0)
		return 0;
	if (log)
		fprintf(log,
			"rcufuzz: harness exploration: %s to bound %d: %lu schedules, %s, %.2f s\n",
			h->name, eo.bound, r.schedules, r.reported ? r.summary : "clean",
			now() - t0);
	st.stats.units++;
	st.stats.schedules += r.schedules;
	st.stats.last_schedules = r.schedules;
	st.credit -= (long)r.schedules * (eo.bound > FIRST_BOUND ? DEEP_COST : 1);
	if (r.reported)
		size = take_report(&r, o, out, max);
	free(r.bytes);
	return size;
}
