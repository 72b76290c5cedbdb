/* SPDX-License-Identifier: MIT */
/* Named points in schedules: see until.h. */
#include "until.h"

#include "../target/input.h"
#include "../target/run.h"
#include "points.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SEEN 512

/* One compile run of an until line: what it looks for and what it saw. */
struct probe {
	const struct until_line *u;
	long first;		/* record index of the first appended step */
	long hit;		/* record index of the first step at the point, -1: none */
	unsigned long hit_step; /* its step number */
	const char *at_func;	/* where u->cpu stands after its last step */
	const char *at_label;
	int collect;		     /* gather the names the run meets (for an error) */
	const char *names[MAX_SEEN]; /* functions and labels met, for "near" */
	int nnames;
};

static void remember(struct probe *p, const char *name)
{
	for (int i = p->nnames - 1; i >= 0; i--)
		if (p->names[i] == name)
			return;
	if (p->nnames < MAX_SEEN)
		p->names[p->nnames++] = name;
}

static int met(const struct probe *p, const char *name)
{
	for (int i = 0; i < p->nnames; i++)
		if (strcmp(p->names[i], name) == 0)
			return 1;
	return 0;
}

static void probe_row(const struct trace_row *row, void *arg)
{
	struct probe *p = arg;

	if (p->collect) {
		remember(p, row->func);
		remember(p, row->point_func);
		remember(p, row->label);
	}
	if (row->cpu != p->u->cpu)
		return;
	p->at_func = row->func;
	p->at_label = row->label;
	if (p->hit < 0 && row->event >= p->first && row->event < p->first + p->u->within &&
	    point_matches(row, p->u->func, p->u->label)) {
		p->hit = row->event;
		p->hit_step = row->step;
	}
}

/* @steps steps of @cpu as step records: x8 ... x8, then the rest. */
static size_t put_steps(uint8_t *b, int cpu, int steps, enum workload_mode mode)
{
	size_t n = 0;

	while (steps > 0) {
		struct input_event ev = {.op = EV_STEP, .cpu = cpu, .count = steps < 8 ? steps : 8};

		n += input_encode(&ev, mode, b + n);
		steps -= ev.count;
	}
	return n;
}

/* The records of @data as the run under @o decodes them, into @ev (NULL: only count). */
static long decode_records(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			   struct input_event *ev)
{
	struct config c;
	struct input_event one;
	size_t pos = 0;
	long n = 0;

	rcufuzz_config(data, size, o, &c);
	while (input_next(data, size, &pos, &c.topo, o->mode, ev ? &ev[n] : &one))
		n++;
	return n;
}

static int say(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* The names a point's function or label could have been meant as, "" if none. */
static void suggest(const struct probe *p, const char *name, int labels, char *buf, size_t len)
{
	const char *known[2 * MAX_SEEN];
	int n = labels ? point_labels(known, MAX_SEEN) : point_funcs(known, MAX_SEEN);
	char near[256];

	for (int i = 0; i < p->nnames; i++)
		known[n++] = p->names[i];
	names_near(name, known, n, near, sizeof(near));
	if (near[0])
		snprintf(buf, len, " (near: %s)", near);
	else
		snprintf(buf, len, " (rcureplay --points lists the points)");
}

/* Why @p's line did not compile; the run is @r. */
static int explain(const struct probe *p, const struct rcufuzz_result *r, char *why, size_t len)
{
	const struct until_line *u = p->u;
	const char *summary = r->summary ? r->summary : "";
	long taken = (long)r->events - p->first;
	char point[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 2],
		stands[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 32];
	char near[300];

	if (strncmp(summary, "rcufuzz: ", 9) == 0)
		summary += 9;
	snprintf(point, sizeof(point), "%s%s%s", u->func, u->label[0] ? ":" : "", u->label);
	if (p->at_func)
		snprintf(stands, sizeof(stands), "it stands at %s:%s", p->at_func, p->at_label);
	else
		snprintf(stands, sizeof(stands), "it has not run");
	if (r->reported && taken <= 0)
		return say(why, len,
			   "cpu%d never reached %s: the run reports '%s' before this line", u->cpu,
			   point, summary);
	if (!point_func_known(u->func) && !met(p, u->func)) {
		suggest(p, u->func, 0, near, sizeof(near));
		return say(why, len, "'%s': no point is in such a function%s", u->func, near);
	}
	if (u->label[0] && !point_label_known(NULL, u->label) && !met(p, u->label)) {
		suggest(p, u->label, 1, near, sizeof(near));
		return say(why, len, "'%s': no point has such a label%s", u->label, near);
	}
	if (r->reported)
		return say(
			why, len,
			"cpu%d never reached %s: the run reported '%s' after %ld of its steps (%s)",
			u->cpu, point, summary, taken, stands);
	if (taken < u->within)
		return say(why, len,
			   "cpu%d never reached %s: the input's step budget (%d steps) ran out "
			   "after %ld "
			   "of its steps (%s)",
			   u->cpu, point, INPUT_STEP_BUDGET, taken, stands);
	return say(why, len, "cpu%d never reached %s within %d step%s (%s)", u->cpu, point,
		   u->within, u->within == 1 ? "" : "s", stands);
}

/*
 * @buf holds the input before @u (@prefix bytes) and room for @u->within
 * single steps after it: append them, run, and return the count, or -1
 * and @why.
 */
static int probe_line(uint8_t *buf, size_t prefix, const struct until_line *u,
		      const struct rcufuzz_options *base, char *why, size_t len)
{
	struct input_event one = {.op = EV_STEP, .cpu = u->cpu, .count = 1};
	struct rcufuzz_options o = *base;
	struct rcufuzz_result r;
	struct probe p = {.u = u, .hit = -1};
	size_t size = prefix;

	for (int i = 0; i < u->within; i++)
		size += input_encode(&one, base->mode, buf + size);
	p.first = decode_records(buf, prefix, base, NULL);
	o.trace = probe_row;
	o.trace_arg = &p;
	o.records_only = 1;
	o.replay_cmd = NULL;
	rcufuzz_run(buf, size, &o, &r);
	if (p.hit >= 0 && !(r.reported && p.hit_step == r.steps))
		return (int)(p.hit - p.first) + 1;
	/* Not there: run it again, gathering names, to say why. */
	p = (struct probe){.u = u, .hit = -1, .first = p.first, .collect = 1};
	rcufuzz_run(buf, size, &o, &r);
	return explain(&p, &r, why, len);
}

int until_compile(const uint8_t *in, size_t size, struct until_line *u, int n,
		  const struct rcufuzz_options *o, uint8_t **out, size_t *out_size, int *failed,
		  char *why, size_t len)
{
	size_t cap = size + 16, w = 0, from = 0;
	uint8_t *buf;

	for (int i = 0; i < n; i++)
		cap += 3 * (size_t)u[i].within;
	buf = malloc(cap);
	*failed = -1;
	if (buf == NULL)
		return say(why, len, "out of memory");
	for (int i = 0; i < n; i++) {
		size_t at = u[i].at, old_len = u[i].len;
		int steps;

		memcpy(buf + w, in + from, at - from);
		w += at - from;
		steps = probe_line(buf, w, &u[i], o, why, len);
		if (steps < 0) {
			*failed = i;
			free(buf);
			return -1;
		}
		u[i].at = w;
		u[i].len = put_steps(buf + w, u[i].cpu, steps, o->mode);
		u[i].steps = steps;
		w += u[i].len;
		from = at + old_len;
	}
	memcpy(buf + w, in + from, size - from);
	*out = buf;
	*out_size = w + size - from;
	return 0;
}

void until_format(const struct until_line *u, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "step cpu%d until %s%s%s", u->cpu, u->func,
				    u->label[0] ? ":" : "", u->label);

	if (u->within != UNTIL_DEFAULT_WITHIN && n < len)
		snprintf(buf + n, len - n, " within %d", u->within);
}

/* Every row of a run that belongs to a record (not the drain). */
struct row_log {
	struct trace_row *rows;
	size_t n, cap;
	int failed; /* out of memory */
};

static void log_row(const struct trace_row *row, void *arg)
{
	struct row_log *l = arg;

	if (row->event < 0 || l->failed)
		return;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		struct trace_row *more = realloc(l->rows, cap * sizeof(*more));

		if (more == NULL) {
			l->failed = 1;
			return;
		}
		l->rows = more;
		l->cap = cap;
	}
	l->rows[l->n] = *row;
	l->rows[l->n].ev = NULL; /* the run's own record: gone after it */
	l->rows[l->n].task = NULL;
	l->n++;
}

int until_func_name(const char *name, size_t len)
{
	if (len == 0 || len >= UNTIL_FUNC_MAX || isdigit((unsigned char)name[0]))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_')
			return 0;
	return 1;
}

/* A point an until line can name: a function name, a label of plain words. */
static int writable(const char *func, const char *label)
{
	if (!until_func_name(func, strlen(func)) || label[0] == '\0' ||
	    strlen(label) >= UNTIL_LABEL_MAX)
		return 0;
	return !isspace((unsigned char)label[0]) &&
	       !isspace((unsigned char)label[strlen(label) - 1]) && strchr(label, '#') == NULL &&
	       strstr(label, "  ") == NULL && strstr(label, " within ") == NULL;
}

/*
 * The until line for records [@i, @j) of CPU @cpu, @steps steps, whose
 * rows are @rows[0..@nrows), into @name; nothing if there is none.
 */
static void name_run(const struct trace_row *rows, size_t nrows, int cpu, int steps,
		     const struct rcufuzz_result *r, struct until_name *name, int records)
{
	const struct trace_row *last = &rows[nrows - 1];
	struct until_line u = {.cpu = cpu, .within = UNTIL_DEFAULT_WITHIN};

	/* A step of a parked CPU leaves no row: then the rows do not count the steps. */
	if (nrows != (size_t)steps || (r->reported && last->step == r->steps) ||
	    !writable(last->func, last->label) || steps > UNTIL_MAX_WITHIN)
		return;
	for (size_t k = 0; k + 1 < nrows; k++)
		if (point_matches(&rows[k], last->func, last->label))
			return; /* reached before: the line would stop there */
	snprintf(u.func, sizeof(u.func), "%s", last->func);
	snprintf(u.label, sizeof(u.label), "%s", last->label);
	if (steps > UNTIL_DEFAULT_WITHIN)
		u.within = steps;
	until_format(&u, name->text, sizeof(name->text));
	name->records = records;
}

/* Is record @ev of @data in the bytes its text form compiles to? */
static int canonical(const uint8_t *data, const struct input_event *ev, enum workload_mode mode)
{
	uint8_t b[3];

	return input_encode(ev, mode, b) == ev->len && memcmp(b, data + ev->offset, ev->len) == 0;
}

struct until_name *until_names(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			       int *n)
{
	struct rcufuzz_options run = *o;
	struct rcufuzz_result r;
	struct row_log log = {0};
	struct config header, pinned;
	long nrec = decode_records(data, size, o, NULL);
	struct input_event *ev = malloc((size_t)(nrec + 1) * sizeof(*ev));
	struct until_name *names = calloc((size_t)nrec + 1, sizeof(*names));
	size_t row = 0;

	*n = (int)nrec;
	if (ev == NULL || names == NULL) {
		free(ev);
		free(names);
		return NULL;
	}
	decode_records(data, size, o, ev);
	/* A pin the text cannot carry changes the run: no names then. */
	input_config(data, size, &header);
	pinned = header;
	config_apply_pins(&pinned, &o->pin);
	run.trace = log_row;
	run.trace_arg = &log;
	run.replay_cmd = NULL;
	if (config_equal(&header, &pinned))
		rcufuzz_run(data, size, &run, &r);
	for (long i = 0; i < nrec && !log.failed && config_equal(&header, &pinned);) {
		long j = i;
		int steps = 0;
		size_t first;

		/* A run in the form an until line compiles to: x8 ... x8, then x1..x8. */
		while (j < nrec && ev[j].op == EV_STEP && ev[j].cpu == ev[i].cpu &&
		       canonical(data, &ev[j], o->mode)) {
			steps += ev[j++].count;
			if (ev[j - 1].count < 8)
				break;
		}
		if (j == i)
			j++;
		while (row < log.n && log.rows[row].event < i)
			row++;
		first = row;
		while (row < log.n && log.rows[row].event < j)
			row++;
		if (steps > 0 && row > first)
			name_run(&log.rows[first], row - first, ev[i].cpu, steps, &r, &names[i],
				 (int)(j - i));
		i = j;
	}
	free(log.rows);
	free(ev);
	return names;
}
