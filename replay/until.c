/* SPDX-License-Identifier: MIT */
/* Named points in schedules: see until.h. */
#include "until.h"

#include "../target/input.h"
#include "../target/kernel/cpu.h"
#include "../target/run.h"
#include "points.h"
#include "trace.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SEEN 512

/* One compile run of an until line: what it looks for and what it saw. */
struct probe {
	const struct until_line *u;
	long first;		/* record index of the first appended record */
	int ntried;		/* the records appended */
	int *rows;		/* rows (steps) each of them took */
	long hit;		/* index among them of the record whose step stands there */
	int hit_nth;		/* which step of that record (1: its first) */
	unsigned long hit_step; /* its step number */
	int steps, hit_steps;	/* steps of u->cpu in the appended records, up to the hit */
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
	const struct until_line *u = p->u;
	long k = row->event - p->first;

	if (p->collect) {
		remember(p, row->func);
		remember(p, row->point_func);
		remember(p, row->label);
		if (row->site_func)
			remember(p, row->site_func);
	}
	if (row->cpu == u->cpu || u->cpu < 0) {
		p->at_func = row->func;
		p->at_label = row->label;
	}
	if (row->event < 0 || k < 0 || k >= p->ntried)
		return;
	p->rows[k]++;
	if (row->cpu != u->cpu && u->cpu >= 0)
		return;
	p->steps++;
	/* A report's step is the last row of the run: the latest step is the candidate. */
	if (u->kind == UNTIL_REPORT ||
	    (p->hit < 0 && point_matches(row, u->func, u->label) && p->steps <= u->within)) {
		p->hit = k;
		p->hit_nth = p->rows[k];
		p->hit_step = row->step;
		p->hit_steps = p->steps;
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

/*
 * The records @u tries, into @ev (NULL: only count them): @u->within
 * single steps of its CPU; for `step all`, rounds of every CPU's
 * DRAIN_STEPS_PER_ROUND steps, a tick first every DRAIN_TICK_EVERY-th
 * round, until CPU N has had @u->within steps.
 */
static int tried_records(const struct until_line *u, int ncpus, struct input_event *ev)
{
	struct input_event step = {.op = EV_STEP, .cpu = u->cpu, .count = 1};
	int n = 0;

	if (!u->all) {
		for (; ev && n < u->within; n++)
			ev[n] = step;
		return u->within;
	}
	for (int round = 1; (round - 1) * DRAIN_STEPS_PER_ROUND < u->within; round++)
		for (int cpu = 0; cpu < ncpus; cpu++) {
			struct input_event tick = {.op = EV_IRQ, .cpu = cpu, .kind = IRQ_TICK};

			step.cpu = cpu;
			step.count = DRAIN_STEPS_PER_ROUND;
			if (round % DRAIN_TICK_EVERY == 0) {
				if (ev)
					ev[n] = tick;
				n++;
				step.count--; /* the irq record takes one step */
			}
			if (ev)
				ev[n] = step;
			n++;
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

/* The line's point as its messages name it. */
static void point_name(const struct until_line *u, char *buf, size_t len)
{
	if (u->kind == UNTIL_REPORT)
		snprintf(buf, len, "a report");
	else
		snprintf(buf, len, "%s%s%s", u->func, u->label[0] ? ":" : "", u->label);
}

/* Why @p's line did not compile; the run is @r. */
static int explain(const struct probe *p, const struct rcufuzz_result *r, char *why, size_t len)
{
	const struct until_line *u = p->u;
	const char *summary = r->summary ? r->summary : "";
	const char *all = u->all ? "round robin: " : "";
	long applied = (long)r->events - p->first;
	long taken = u->all ? p->steps : applied;
	char point[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 2],
		stands[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 32];
	char near[300], who[16] = "the CPUs";

	if (strncmp(summary, "rcufuzz: ", 9) == 0)
		summary += 9;
	if (u->cpu >= 0)
		snprintf(who, sizeof(who), "cpu%d", u->cpu);
	point_name(u, point, sizeof(point));
	if (u->cpu < 0)
		snprintf(stands, sizeof(stands), "the last step stands at %s:%s",
			 p->at_func ? p->at_func : "?", p->at_label ? p->at_label : "?");
	else if (p->at_func)
		snprintf(stands, sizeof(stands), "it stands at %s:%s", p->at_func, p->at_label);
	else
		snprintf(stands, sizeof(stands), "it has not run");
	if (r->reported && applied <= 0)
		return say(why, len, "%s%s never reached %s: the run reports '%s' before this line",
			   all, who, point, summary);
	if (u->kind != UNTIL_REPORT && !point_func_known(u->func) && !met(p, u->func)) {
		suggest(p, u->func, 0, near, sizeof(near));
		return say(why, len, "'%s': no point is in such a function%s", u->func, near);
	}
	if (u->kind != UNTIL_REPORT && u->label[0] && !point_label_known(NULL, u->label) &&
	    !met(p, u->label)) {
		suggest(p, u->label, 1, near, sizeof(near));
		return say(why, len, "'%s': no point has such a label%s", u->label, near);
	}
	if (r->reported)
		return say(why, len,
			   "%s%s never reached %s: the run reported '%s' after %ld of its steps "
			   "(%s)",
			   all, who, point, summary, taken, stands);
	if (applied < p->ntried)
		return say(why, len,
			   "%s%s never reached %s: the input's step budget (%d steps) ran out "
			   "after %ld of its steps (%s)",
			   all, who, point, INPUT_STEP_BUDGET, taken, stands);
	return say(why, len, "%s%s never reached %s within %d step%s (%s)", all, who, point,
		   u->within, u->within == 1 ? "" : "s", stands);
}

/*
 * @buf holds the input before @u (@prefix bytes) and room for the records
 * it tries after them: append them, run, and write in their place the
 * records that reach the point (their bytes: the return value), or return
 * -1 and @why.
 */
static long probe_line(uint8_t *buf, size_t prefix, struct until_line *u,
		       const struct rcufuzz_options *base, char *why, size_t len)
{
	struct rcufuzz_options o = *base;
	struct rcufuzz_result r;
	struct config c;
	struct probe p = {.u = u, .hit = -1};
	struct input_event *tried;
	size_t size = prefix, out = prefix;
	int n, done;

	rcufuzz_config(buf, prefix, base, &c);
	n = tried_records(u, c.topo.ncpus, NULL);
	tried = malloc((size_t)n * sizeof(*tried));
	p.rows = calloc((size_t)n, sizeof(*p.rows));
	if (tried == NULL || p.rows == NULL) {
		free(tried);
		free(p.rows);
		return say(why, len, "out of memory");
	}
	tried_records(u, c.topo.ncpus, tried);
	for (int i = 0; i < n; i++)
		size += input_encode(&tried[i], base->mode, buf + size);
	p.first = decode_records(buf, prefix, base, NULL);
	p.ntried = n;
	o.trace = probe_row;
	o.trace_arg = &p;
	o.records_only = 1;
	o.replay_cmd = NULL;
	rcufuzz_run(buf, size, &o, &r);
	done = p.hit >= 0 && (u->kind == UNTIL_REPORT ? r.reported && p.hit_step == r.steps
						      : !(r.reported && p.hit_step == r.steps));
	if (!done) {
		/* Not there: run it again, gathering names, to say why. */
		p = (struct probe){.u = u,
				   .hit = -1,
				   .first = p.first,
				   .ntried = n,
				   .rows = p.rows,
				   .collect = 1};
		memset(p.rows, 0, (size_t)n * sizeof(*p.rows));
		rcufuzz_run(buf, size, &o, &r);
		free(tried);
		free(p.rows);
		return explain(&p, &r, why, len);
	}
	u->steps = p.hit_steps;
	if (!u->all) {
		out += put_steps(buf + out, u->cpu, (int)p.hit + 1, base->mode);
		u->steps = (int)p.hit + 1;
	}
	/* Round robin: the records up to the hit; a parked CPU's steps (no row) change nothing. */
	for (long k = 0; u->all && k <= p.hit; k++) {
		if (tried[k].op == EV_STEP && p.rows[k] == 0)
			continue;
		if (k == p.hit && tried[k].op == EV_STEP)
			tried[k].count = p.hit_nth;
		out += input_encode(&tried[k], base->mode, buf + out);
	}
	free(tried);
	free(p.rows);
	return (long)(out - prefix);
}

/* The records @u may try, at most: room for them in the compile's buffer. */
static size_t tried_bytes(const struct until_line *u)
{
	return 3 * (size_t)tried_records(u, NR_CPUS, NULL);
}

int until_compile(const uint8_t *in, size_t size, struct until_line *u, int n,
		  const struct rcufuzz_options *o, uint8_t **out, size_t *out_size, int *failed,
		  char *why, size_t len)
{
	size_t cap = size + 16, w = 0, from = 0;
	uint8_t *buf;

	for (int i = 0; i < n; i++)
		cap += tried_bytes(&u[i]);
	buf = malloc(cap);
	*failed = -1;
	if (buf == NULL)
		return say(why, len, "out of memory");
	for (int i = 0; i < n; i++) {
		size_t at = u[i].at, old_len = u[i].len;
		long bytes;

		memcpy(buf + w, in + from, at - from);
		w += at - from;
		bytes = probe_line(buf, w, &u[i], o, why, len);
		if (bytes < 0) {
			*failed = i;
			free(buf);
			return -1;
		}
		u[i].at = w;
		u[i].len = (size_t)bytes;
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
	size_t n;

	if (u->all && u->kind == UNTIL_REPORT)
		n = (size_t)snprintf(buf, len, "step all until report");
	else if (u->all)
		n = (size_t)snprintf(buf, len, "step all until cpu%d at %s%s%s", u->cpu, u->func,
				     u->label[0] ? ":" : "", u->label);
	else if (u->kind == UNTIL_REPORT)
		n = (size_t)snprintf(buf, len, "step cpu%d until report", u->cpu);
	else
		n = (size_t)snprintf(buf, len, "step cpu%d until %s%s%s", u->cpu, u->func,
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
	const char *func = trace_point_func(last); /* as --trace names it */
	struct until_line u = {.cpu = cpu, .within = UNTIL_DEFAULT_WITHIN};

	/* A step of a parked CPU leaves no row: then the rows do not count the steps. */
	if (nrows != (size_t)steps || (r->reported && last->step == r->steps) ||
	    !writable(func, last->label) || steps > UNTIL_MAX_WITHIN)
		return;
	for (size_t k = 0; k + 1 < nrows; k++)
		if (point_matches(&rows[k], func, last->label))
			return; /* reached before: the line would stop there */
	snprintf(u.func, sizeof(u.func), "%s", func);
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
