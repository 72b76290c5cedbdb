/* SPDX-License-Identifier: MIT */
/* A scenario's expectations, and where its until lines depend on the switches: see scenario.h. */
#include "scenario.h"

#include "../target/check/report.h"
#include "../target/kernel/bug.h"
#include "../target/kernel/spinlock.h"
#include "../target/run.h"
#include "points.h"

#include <stdlib.h>
#include <string.h>

static int scenario_check_run(const struct scenario *s, char *why, size_t len);

static int check_fail(char *why, size_t len, const char *fmt, const char *a, const char *b)
{
	snprintf(why, len, fmt, a, b);
	return -1;
}

/*
 * The clean-under, clean-with and clean-without lines, one index for all:
 * variant @i's switches (and a preset's implementation) into @o, its name
 * ("under v3.0", "with boosted_field on") into @name and its "reaching"
 * clause into *@reach (NULL if it has none); 0 past the last.
 */
static int variant(const struct scenario *s, int i, struct rcufuzz_options *o, char *name,
		   size_t len, const struct scenario_reach **reach)
{
	switch_set *sw = &o->switches;
	const struct scenario_reach *r = NULL;

	o->pin = s->pin;
	if (i < s->nclean) {
		preset_lookup(s->clean_under[i], sw, &o->pin);
		snprintf(name, len, "under %s", s->clean_under[i]);
		r = &s->reach_under[i];
	} else if ((i -= s->nclean) < s->nclean_with) {
		*sw = s->switches | switch_bit(s->clean_with[i]);
		snprintf(name, len, "with %s on", switch_name(s->clean_with[i]));
		r = &s->reach_with[i];
	} else if ((i -= s->nclean_with) < s->nclean_without) {
		*sw = s->switches & ~switch_bit(s->clean_without[i]);
		snprintf(name, len, "with %s off", switch_name(s->clean_without[i]));
		r = &s->reach_without[i];
	} else {
		return 0;
	}
	if (reach)
		*reach = r->func[0] ? r : NULL;
	return 1;
}

/* A clean variant's run watching for its "reaching" point. */
struct reach_watch {
	const struct scenario_reach *r;
	int stood; /* times a CPU stood there after a step */
};

static void watch_row(const struct trace_row *row, void *arg)
{
	struct reach_watch *w = arg;

	if (point_matches(row, w->r->func, w->r->label[0] ? w->r->label : NULL))
		w->stood++;
}

/*
 * An expected SUMMARY "KIND WHAT in FUNC" whose KIND or WHAT the model no
 * longer has (a check renamed or removed, a lock class gone): why, after
 * @why; nothing where it cannot tell (the WHAT of the other kinds is the
 * report's own wording).
 */
static void stale_expect(const struct scenario *s, char *why, size_t len)
{
	char kind[64] = "", what[128] = "";
	size_t used = strlen(why);
	int k, known = 0;

	if (s->expect_clean || sscanf(s->expect, "%63s %127s", kind, what) != 2)
		return;
	for (k = 0; k < NR_REPORT_KINDS && strcmp(report_kind_name(k), kind) != 0; k++)
		;
	if (k == NR_REPORT_KINDS) {
		snprintf(why + used, len - used, "; the model has no report kind '%s'", kind);
		return;
	}
	if (k == REPORT_INVARIANT) {
		known = check_name_known(what);
	} else if (k == REPORT_DEADLOCK) {
		for (int c = 1; c < NR_LOCK_CLASSES && !known; c++)
			known = strcmp(lock_class_name(c), what) == 0;
	} else {
		return;
	}
	if (!known)
		snprintf(why + used, len - used,
			 "; the model has no %s named '%s' any more (renamed or removed?)",
			 k == REPORT_INVARIANT ? "check" : "lock class", what);
}

int scenario_check(const struct scenario *s, char *why, size_t len)
{
	int rc = scenario_check_run(s, why, len);

	if (rc < 0)
		stale_expect(s, why, len);
	return rc;
}

/* scenario_check() without the word on a stale expectation. */
static int scenario_check_run(const struct scenario *s, char *why, size_t len)
{
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	struct reach_watch w = {NULL, 0};
	char name[96];

	if (!s->has_expect)
		return check_fail(why, len, "%s%sno 'expect' line", "", "");
	scenario_options(s, &o);
	rcufuzz_run(s->bytes, s->size, &o, &r);
	if (s->expect_clean && r.reported)
		return check_fail(why, len, "expected clean under %s, got: %s", s->preset,
				  r.summary);
	if (!s->expect_clean) {
		if (!r.reported)
			return check_fail(why, len, "expected '%s' under %s, ran clean", s->expect,
					  s->preset);
		const char *got = r.summary;

		if (strncmp(got, "rcufuzz: ", 9) == 0)
			got += 9;
		if (strcmp(got, s->expect) != 0)
			return check_fail(why, len, "expected '%s', got '%s'", s->expect, got);
		for (int i = 0; i < s->nframes; i++)
			if (strstr(r.text, s->frames[i]) == NULL)
				return check_fail(why, len, "report lacks '%s'%s", s->frames[i],
						  "");
	}
	for (int i = 0; variant(s, i, &o, name, sizeof(name), &w.r); i++) {
		w.stood = 0;
		o.trace = w.r ? watch_row : NULL;
		o.trace_arg = &w;
		rcufuzz_run(s->bytes, s->size, &o, &r);
		o.trace = NULL;
		if (r.reported)
			return check_fail(why, len, "expected clean %s, got: %s", name, r.summary);
		if (w.r && w.stood == 0) {
			char point[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 2];

			snprintf(point, sizeof(point), "%s%s%s", w.r->func, w.r->label[0] ? ":" : "",
				 w.r->label);
			snprintf(why, len, "clean %s, but the run never stood at %s", name, point);
			return -1;
		}
	}
	snprintf(why, len, "%s", s->expect_clean ? "clean" : s->expect);
	return 0;
}

int scenario_until_notes(const struct scenario *s, const char *file, FILE *out)
{
	struct rcufuzz_options o;
	struct until_line *u;
	char name[96], line[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 48], why[512];
	int notes = 0;

	if (s->nuntil == 0)
		return 0;
	u = malloc((size_t)s->nuntil * sizeof(*u));
	if (u == NULL)
		return 0;
	scenario_options(s, &o);
	for (int v = 0; variant(s, v, &o, name, sizeof(name), NULL); v++) {
		uint8_t *bytes = NULL;
		size_t size;
		int failed;

		/* Each line again, under the variant, from where the variant's run has got to. */
		memcpy(u, s->until, (size_t)s->nuntil * sizeof(*u));
		if (until_compile(s->bytes, s->size, u, s->nuntil, &o, &bytes, &size, &failed, why,
				  sizeof(why)) == 0)
			failed = s->nuntil;
		free(bytes);
		for (int i = 0; i < s->nuntil && i <= failed; i++) {
			until_format(&s->until[i], line, sizeof(line));
			if (i == failed)
				fprintf(out, "note: %s:%d: %s: %d steps here; %s: %s\n", file,
					u[i].line, line, s->until[i].steps, name, why);
			else if (u[i].steps != s->until[i].steps)
				fprintf(out,
					"note: %s:%d: %s: %d steps here, %d %s (the bytes keep "
					"%d)\n",
					file, u[i].line, line, s->until[i].steps, u[i].steps, name,
					s->until[i].steps);
			else
				continue;
			notes++;
		}
	}
	free(u);
	return notes;
}
