/* SPDX-License-Identifier: MIT */
/* The points a person may name: see points.h. */
#include "points.h"

#include "../target/input.h"
#include "../target/run.h"
#include "../target/kernel/spinlock.h"
#include "../target/sim/sim.h"

#include <stdlib.h>
#include <string.h>

#define MAX_POINTS 1024
#define MAX_NEAR   4

/* The op-done marks: run_op:OP done (points.h). */
#define OP_DONE_FUNC  "run_op"
#define OP_DONE_LABEL " done"
#define OP_DONE_MAX   48 /* "synchronize_rcu_expedited done" and room */

/* Is @label "OP done" for the op that returned in @row's step? */
static int op_done_matches(const struct trace_row *row, const char *label)
{
	size_t n;

	if (row->op_returned == NULL)
		return 0;
	n = strlen(row->op_returned);
	return strncmp(label, row->op_returned, n) == 0 && strcmp(label + n, OP_DONE_LABEL) == 0;
}

int point_matches(const struct trace_row *row, const char *func, const char *label)
{
	if (label && strcmp(func, OP_DONE_FUNC) == 0 && op_done_matches(row, label))
		return 1;
	if (strcmp(row->func, func) != 0 && strcmp(row->point_func, func) != 0 &&
	    (row->site_func == NULL || strcmp(row->site_func, func) != 0))
		return 0;
	return label == NULL || label[0] == '\0' || strcmp(row->label, label) == 0;
}

/* A point a person may name, and where it is written (line 0: not a POINT()). */
struct point {
	const char *func;
	const char *label;
	const char *file;
	int line;
	int lock; /* a lock call at file:line, not a POINT() */
};

static int by_func_then_place(const void *a, const void *b)
{
	const struct point *x = a, *y = b;
	int c = strcmp(x->func, y->func);

	if (c == 0)
		c = strcmp(x->file, y->file);
	if (c == 0)
		c = (x->line > y->line) - (x->line < y->line);
	if (c == 0)
		c = strcmp(x->label, y->label);
	return c;
}

/* The points of every lock call (spinlock.h): "spinning", and "lock acquired" if it takes it. */
static int add_lock_sites(struct point *points, int n)
{
	const struct lock_site *const *e;
	size_t total = lock_site_entries(&e);

	for (size_t i = 0; i < total && n + 2 <= MAX_POINTS; i++) {
		points[n++] = (struct point){e[i]->func, "spinning", e[i]->file, e[i]->line, 1};
		if (e[i]->acquires)
			points[n++] = (struct point){e[i]->func, "lock acquired", e[i]->file,
						     e[i]->line, 1};
	}
	return n;
}

/*
 * The registry of POINT()s, the lock calls, and the points the kernel model hands to
 * sim_point() itself, which the registry cannot have: the idle loop's halt
 * (boot.c) and each workload op's point before it runs (run_op, named for
 * the op: work_ops.def); then each op's done mark, which is no point
 * (where run_op() records it: workload.c).  Sorted by function, then by
 * place.
 */
static int all_points(const struct point **out)
{
	static struct point points[MAX_POINTS] NOT_MACHINE_STATE;
	static char done[NR_WORK_OPS][OP_DONE_MAX] NOT_MACHINE_STATE;
	static int n = -1;

	if (n < 0) {
		const struct sim_point_entry *const *e;
		size_t total = sim_point_entries(&e);

		n = 0;
		for (size_t i = 0; i < total && n < MAX_POINTS; i++)
			points[n++] = (struct point){e[i]->site->func, e[i]->site->label,
						     e[i]->file, e[i]->line, 0};
		n = add_lock_sites(points, n);
		if (n < MAX_POINTS)
			points[n++] =
				(struct point){"cpu_idle", "idle", "target/kernel/boot.c", 0, 0};
		for (int op = 0; op < NR_WORK_OPS && n < MAX_POINTS; op++)
			points[n++] = (struct point){"run_op", work_op_name((enum work_op)op),
						     "target/kernel/work_ops.def", 0, 0};
		for (int op = 0; op < NR_WORK_OPS && n < MAX_POINTS; op++) {
			snprintf(done[op], sizeof(done[op]), "%s%s", work_op_name((enum work_op)op),
				 OP_DONE_LABEL);
			points[n++] = (struct point){OP_DONE_FUNC, done[op],
						     "target/kernel/workload.c", 0, 0};
		}
		qsort(points, (size_t)n, sizeof(points[0]), by_func_then_place);
	}
	*out = points;
	return n;
}

static int same_point(const struct point *a, const struct point *b)
{
	return strcmp(a->func, b->func) == 0 && strcmp(a->label, b->label) == 0;
}

static int name_width(const struct point *p)
{
	return (int)(strlen(p->func) + 1 + strlen(p->label));
}

int points_print(FILE *out, const char *func)
{
	const struct point *p;
	int n = all_points(&p), width = 0, printed = 0;

	for (int i = 0; i < n; i++)
		if ((func == NULL || strcmp(func, p[i].func) == 0) && name_width(&p[i]) > width)
			width = name_width(&p[i]);
	for (int i = 0; i < n; i++) {
		const char *file = NULL;
		int seen = 0, last_line = -1;

		if (func && strcmp(func, p[i].func) != 0)
			continue;
		for (int j = 0; j < i && !seen; j++)
			seen = same_point(&p[j], &p[i]);
		if (seen)
			continue; /* printed with its first place */
		fprintf(out, "%s:%s%*s  ", p[i].func, p[i].label, width - name_width(&p[i]), "");
		/* Its places: file:line, further lines of the same file as ",line". */
		for (int j = i; j < n; j++) {
			if (!same_point(&p[j], &p[i]) ||
			    (p[j].line == last_line && file && strcmp(file, p[j].file) == 0))
				continue;
			if (file && strcmp(file, p[j].file) == 0)
				fprintf(out, ",%d", p[j].line);
			else if (p[j].line)
				fprintf(out, "%s%s:%d", file ? " " : "", p[j].file, p[j].line);
			else
				fprintf(out, "%s%s", file ? " " : "", p[j].file);
			file = p[j].file;
			last_line = p[j].line;
		}
		fputc('\n', out);
		printed++;
	}
	if (func == NULL || strcmp(func, OP_DONE_FUNC) == 0)
		fprintf(out,
			"note: %s:OP%s is no point: it is met by the step in which workload op "
			"OP returns on the CPU (done, or skipped where it may not sleep); the CPU "
			"then stands at its next point\n",
			OP_DONE_FUNC, OP_DONE_LABEL);
	return printed;
}

int point_func_known(const char *func)
{
	return point_label_known(func, NULL);
}

int point_label_known(const char *func, const char *label)
{
	const struct point *p;
	int n = all_points(&p);

	for (int i = 0; i < n; i++)
		if ((func == NULL || strcmp(p[i].func, func) == 0) &&
		    (label == NULL || strcmp(p[i].label, label) == 0))
			return 1;
	return 0;
}

/* The distinct functions (@labels 0) or labels (1) of the points, into @names. */
static int distinct(const char **names, int max, int labels)
{
	const struct point *p;
	int n = all_points(&p), k = 0;

	for (int i = 0; i < n && k < max; i++) {
		const char *name = labels ? p[i].label : p[i].func;
		int seen = 0;

		for (int j = 0; j < k && !seen; j++)
			seen = strcmp(names[j], name) == 0;
		if (!seen)
			names[k++] = name;
	}
	return k;
}

int point_funcs(const char **names, int max)
{
	return distinct(names, max, 0);
}

int point_labels(const char **names, int max)
{
	return distinct(names, max, 1);
}

/* Levenshtein distance, capped: names are short. */
static int edit_distance(const char *a, const char *b)
{
	enum { CAP = 64 };
	int la = (int)strlen(a), lb = (int)strlen(b), row[CAP + 1];

	if (la > CAP || lb > CAP)
		return CAP;
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		int diag = row[0];

		row[0] = i;
		for (int j = 1; j <= lb; j++) {
			int up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

void names_near(const char *name, const char *const *names, int n, char *buf, size_t len)
{
	const char *near[MAX_NEAR];
	int dist[MAX_NEAR], k = 0, limit = (int)strlen(name) / 4;
	size_t used = 0;

	if (limit < 2)
		limit = 2;
	for (int i = 0; i < n; i++) {
		/*
		 * A typo away, or from the start of it ("special dne": "special
		 * done, before nesting = 0"), or the name a part of it
		 * ("read_unlock": "__rcu_read_unlock").
		 */
		int d = edit_distance(name, names[i]), dup = 0, at;

		for (int cut = (int)strlen(name) - 1; cut <= (int)strlen(name) + 2; cut++) {
			char start[64];

			if (cut <= 0 || cut >= (int)strlen(names[i]) || cut >= (int)sizeof(start))
				continue;
			snprintf(start, sizeof(start), "%.*s", cut, names[i]);
			if (edit_distance(name, start) + 1 < d)
				d = edit_distance(name, start) + 1;
		}

		if (d > limit && strstr(names[i], name) == NULL)
			continue;
		if (d > limit)
			d = limit + 1;
		for (int j = 0; j < k; j++)
			dup |= strcmp(near[j], names[i]) == 0;
		if (dup)
			continue;
		/* Insert in order of distance, then name; drop the farthest past MAX_NEAR. */
		for (at = k; at > 0 && (dist[at - 1] > d ||
					(dist[at - 1] == d && strcmp(near[at - 1], names[i]) > 0));
		     at--)
			;
		if (at == MAX_NEAR)
			continue;
		if (k < MAX_NEAR)
			k++;
		memmove(&near[at + 1], &near[at], (size_t)(k - 1 - at) * sizeof(near[0]));
		memmove(&dist[at + 1], &dist[at], (size_t)(k - 1 - at) * sizeof(dist[0]));
		near[at] = names[i];
		dist[at] = d;
	}
	buf[0] = '\0';
	/* Quoted where a name has spaces or commas (labels). */
	for (int i = 0; i < k && used < len; i++) {
		const char *q = strpbrk(near[i], " ,") ? "'" : "";

		used += (size_t)snprintf(buf + used, len - used, "%s%s%s%s", i ? ", " : "", q,
					 near[i], q);
	}
}
