/* SPDX-License-Identifier: MIT */
/* --html: see html.h and docs/html.md. */
#include "html.h"

#include "html_rcu.h"
#include "html_static.h"
#include "trace.h"

#include "../target/kernel/cpu.h"
#include "../target/kernel/spinlock.h"
#include "../target/kernel/task.h"
#include "../target/run.h" /* struct trace_row */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS   4000 /* the page shows the last MAX_ROWS steps */
#define LOCK_SLOTS 6	/* held locks drawn per lane, outermost first */
#define IRQ_LEVELS 4	/* task, and up to three nested irq frames */

/* Geometry of the page, in px. */
#define LEFT	 110 /* the lane names, left of the scrolling part */
#define STEP_W	 8   /* one step */
#define GP_Y	 4   /* the grace-period lane: normal GPs on top, */
#define EXP_Y	 22  /* expedited ones below, */
#define EXP_H	 12
#define WAIT_Y	 (EXP_Y + EXP_H + 1) /* and while rcu_nodes hold one up */
#define EVENT_Y	 44		     /* the events lane */
#define TOP	 62		     /* the first CPU lane */
#define CTX_H	 14		     /* one irq level */
#define READER_Y (IRQ_LEVELS * CTX_H + 6)
#define LOCK_Y	 (READER_Y + 14)
#define LOCK_H	 11
#define LANE_H	 (LOCK_Y + LOCK_SLOTS * LOCK_H + 10)

/*
 * A block's label starts LABEL_X into it, on the lighter part: 10px
 * monospace, about 6 px a character; MIN_LABEL characters with the ellipsis.
 */
#define LABEL_X	      (STEP_W + 1)
#define CHAR_W_TENTHS 62
#define MIN_LABEL     6

/* One step, copied out of the simulator while it runs. */
struct html_row {
	unsigned long step;
	long event;  /* input record, -1 in the drain */
	char ev[40]; /* the record as text */
	int cpu;
	int pid;
	char task[24];
	const char *context; /* static strings of the model */
	const char *func;
	const char *label;
	unsigned int preempt_count;
	int nesting;   /* rcu_read_lock_nesting */
	int special;   /* rcu_read_unlock_special */
	int irq_depth; /* irq frames on the stack */
	int nlocks;
	unsigned char locks[LOCK_SLOTS]; /* lock classes held, outermost first */
	struct rcu_snapshot rcu;	 /* the rcu_node tree after the step */
};

struct html_trace {
	struct html_row rows[MAX_ROWS]; /* a ring: the last MAX_ROWS steps */
	unsigned long total;		/* steps seen */
	int ncpus;
	struct rcu_panel panel;
	struct trace_printer *also_print; /* --trace too */
};

struct html_trace *html_begin(struct trace_printer *also_print)
{
	struct html_trace *h = calloc(1, sizeof(*h));

	if (h)
		h->also_print = also_print;
	return h;
}

void html_free(struct html_trace *h)
{
	free(h);
}

static int irq_depth(const struct task_struct *t)
{
	int n = 0;

	for (int i = 0; i < t->depth; i++)
		n += t->frames[i].irq != 0;
	return n;
}

void html_row(const struct trace_row *row, void *arg)
{
	struct html_trace *h = arg;
	struct html_row *r = &h->rows[h->total % MAX_ROWS];
	const struct task_struct *t = row->task;

	if (h->also_print)
		trace_print_row(row, h->also_print);
	memset(r, 0, sizeof(*r));
	r->step = row->step;
	r->event = row->event;
	if (row->ev)
		event_format(row->ev, r->ev, sizeof(r->ev));
	else
		snprintf(r->ev, sizeof(r->ev), "(drain)");
	r->cpu = row->cpu;
	r->pid = t->pid;
	snprintf(r->task, sizeof(r->task), "%s", task_name(t));
	r->context = row->context;
	r->func = row->func;
	r->label = row->label;
	r->preempt_count = (unsigned int)t->preempt_count;
	r->nesting = t->rcu_read_lock_nesting;
	r->special = t->rcu_read_unlock_special;
	r->irq_depth = irq_depth(t);
	r->nlocks = t->lockdep_depth < LOCK_SLOTS ? t->lockdep_depth : LOCK_SLOTS;
	for (int i = 0; i < r->nlocks; i++)
		r->locks[i] = t->held_locks[i].class_idx;
	rcu_panel_take(&h->panel, &r->rcu);
	h->total++;
	h->ncpus = nr_cpu_ids;
}

/* Text into HTML: & < > " escaped. */
static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

/* The rows on the page: the oldest kept first. */
struct view {
	const struct html_trace *h;
	unsigned long first;  /* index of the first row shown */
	unsigned long n;      /* rows shown */
	unsigned long *until; /* per row: the row where its CPU steps next (n: none) */
};

static const struct html_row *row_at(const struct view *v, unsigned long i)
{
	return &v->h->rows[(v->first + i) % MAX_ROWS];
}

/* A CPU stays at the point it stepped to until its next step. */
static int view_until(struct view *v)
{
	unsigned long next[NR_CPUS];

	v->until = malloc((v->n + 1) * sizeof(*v->until));
	if (v->until == NULL)
		return -1;
	for (int cpu = 0; cpu < NR_CPUS; cpu++)
		next[cpu] = v->n;
	for (unsigned long i = v->n; i-- > 0;) {
		int cpu = row_at(v, i)->cpu;

		v->until[i] = next[cpu];
		next[cpu] = i;
	}
	return 0;
}

static int lane_y(int cpu)
{
	return TOP + cpu * LANE_H;
}

static int step_x(unsigned long i)
{
	return 4 + (int)i * STEP_W;
}

static void fill_of(const struct html_row *r, char *buf, size_t len)
{
	if (strcmp(r->context, "hardirq") == 0)
		snprintf(buf, len, "#d33");
	else if (strcmp(r->context, "softirq") == 0)
		snprintf(buf, len, "#e80");
	else if (strcmp(r->context, "task") != 0)
		snprintf(buf, len, "#cc0"); /* the irq_exit window */
	else
		snprintf(buf, len, "hsl(%d,55%%,62%%)", (r->pid * 137) % 360);
}

/* The whole row of --trace, as a block's tooltip and the panel's first lines. */
static void step_title(FILE *f, const struct html_row *r)
{
	fprintf(f, "<title>step %lu, event #%ld ", r->step, r->event);
	esc(f, r->ev);
	fprintf(f, "\nCPU%d ", r->cpu);
	esc(f, r->task);
	fprintf(f, " %s %s: ", r->context, r->func);
	esc(f, r->label);
	fprintf(f, "\npreempt_count %#x, rcu_read_lock_nesting %d, special %#x\nlocks:",
		r->preempt_count, r->nesting, (unsigned int)r->special);
	for (int k = 0; k < r->nlocks; k++) {
		fputc(' ', f);
		esc(f, lock_class_name(r->locks[k]));
	}
	fputs(r->nlocks ? "</title>" : " none</title>", f);
}

/* "function: point" in @buf if it fits a block @width px wide, cut (*cut) if it must. */
static int block_label(const struct html_row *r, int width, char *buf, int len, int *cut)
{
	int chars = (width - LABEL_X - 2) * 10 / CHAR_W_TENTHS;
	int n = snprintf(buf, (size_t)len, "%s: %s", r->func, r->label);

	*cut = n >= len || n > chars;
	if (!*cut)
		return 1;
	if (chars < MIN_LABEL)
		return 0;
	buf[chars < len ? chars - 1 : len - 1] = '\0'; /* room for the ellipsis */
	return 1;
}

/*
 * One step: a block at its irq level from the step until its CPU's next one
 * (lighter: the CPU waits there), labelled if wide enough, the row as tooltip.
 */
static void draw_step(FILE *f, const struct view *v, unsigned long i)
{
	const struct html_row *r = row_at(v, i);
	int level = r->irq_depth < IRQ_LEVELS ? r->irq_depth : IRQ_LEVELS - 1;
	int x = step_x(i), y = lane_y(r->cpu) + (IRQ_LEVELS - 1 - level) * CTX_H;
	int w = step_x(v->until[i]) - x - 1, cut;
	char fill[32], text[96];

	fill_of(r, fill, sizeof(fill));
	fprintf(f, "<g class=\"step\" fill=\"%s\">", fill);
	step_title(f, r);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x, y, STEP_W - 1,
		CTX_H - 2);
	if (w > STEP_W - 1)
		fprintf(f, "<rect class=\"park\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
			x + STEP_W - 1, y, w - (STEP_W - 1), CTX_H - 2);
	if (block_label(r, w, text, (int)sizeof(text), &cut)) {
		fprintf(f, "<text x=\"%d\" y=\"%d\">", x + LABEL_X, y + CTX_H - 4);
		esc(f, text);
		fputs(cut ? "&#8230;</text>" : "</text>", f);
	}
	fputs("</g>\n", f);
}

/* A bar from step a to step b (inclusive), labelled if wide and tall enough. */
static void span(FILE *f, const char *cls, unsigned long a, unsigned long b, int y, int hgt,
		 const char *fill, const char *label)
{
	int x = step_x(a), w = step_x(b + 1) - x - 1;

	fprintf(f,
		"<g class=\"%s\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">"
		"<title>",
		cls, x, y, w, hgt, fill);
	esc(f, label);
	fprintf(f, "</title></rect>");
	if (w > 6 * (int)strlen(label) && hgt >= 10) {
		fprintf(f, "<text x=\"%d\" y=\"%d\">", x + 2, y + hgt - 2);
		esc(f, label);
		fputs("</text>", f);
	}
	fputs("</g>\n", f);
}

/*
 * Runs of steps with the same non-zero key (a GP number, a reader's pid, a
 * lock class) become one bar each; a run lasts until the step that changes
 * its key.
 */
struct run {
	const struct view *v;
	long key; /* 0: no run open */
	unsigned long from;
	int cpu, slot; /* the bar's lane and row, where it has them */
	void (*bar)(FILE *f, const struct run *r, unsigned long to);
};

/* Step @i has @key: close the open run if it differs, open one if @key is set. */
static void run_next(FILE *f, struct run *r, unsigned long i, long key)
{
	if (key == r->key)
		return;
	if (r->key != 0)
		r->bar(f, r, i - 1);
	r->key = key;
	r->from = i;
}

static void gp_bar(FILE *f, const struct run *r, unsigned long to)
{
	char label[48];

	snprintf(label, sizeof(label), "GP %ld", r->key);
	span(f, "gp", r->from, to, GP_Y, 16, "#b8a", label);
}

static void exp_bar(FILE *f, const struct run *r, unsigned long to)
{
	char label[64];

	snprintf(label, sizeof(label), "expedited GP %ld", r->key);
	span(f, "exp", r->from, to, EXP_Y, EXP_H, "#7bc", label);
}

static void exp_wait_bar(FILE *f, const struct run *r, unsigned long to)
{
	char label[80];

	snprintf(label, sizeof(label), "expedited GP %ld waits: ->exp_tasks or ->expmask set",
		 r->key);
	span(f, "expwait", r->from, to, WAIT_Y, 4, "#27a", label);
}

static void reader_bar(FILE *f, const struct run *r, unsigned long to)
{
	char label[64];

	snprintf(label, sizeof(label), "reader %s", row_at(r->v, r->from)->task);
	span(f, "reader", r->from, to, lane_y(r->cpu) + READER_Y, 10, "#2a2", label);
}

static void lock_bar(FILE *f, const struct run *r, unsigned long to)
{
	span(f, "lock", r->from, to, lane_y(r->cpu) + LOCK_Y + r->slot * LOCK_H, LOCK_H - 2, "#69c",
	     lock_class_name((int)r->key - 1));
}

/* Reader sections and lock-hold spans of one CPU. */
static void draw_cpu_spans(FILE *f, const struct view *v, int cpu)
{
	struct run reader = {v, 0, 0, cpu, 0, reader_bar}, lock[LOCK_SLOTS];

	for (int k = 0; k < LOCK_SLOTS; k++)
		lock[k] = (struct run){v, 0, 0, cpu, k, lock_bar};
	for (unsigned long i = 0; i <= v->n; i++) {
		const struct html_row *r = i < v->n ? row_at(v, i) : NULL;

		if (r && r->cpu != cpu)
			continue;
		run_next(f, &reader, i, r && r->nesting != 0 ? r->pid : 0);
		for (int k = 0; k < LOCK_SLOTS; k++)
			run_next(f, &lock[k], i, r && k < r->nlocks ? r->locks[k] + 1 : 0);
	}
}

/* The grace-period lane: normal GPs, expedited ones, and what holds those up. */
static void draw_gp_lane(FILE *f, const struct view *v)
{
	struct run gp = {v, 0, 0, 0, 0, gp_bar}, exp = {v, 0, 0, 0, 0, exp_bar};
	struct run wait = {v, 0, 0, 0, 0, exp_wait_bar};

	for (unsigned long i = 0; i <= v->n; i++) {
		const struct rcu_snapshot *s = i < v->n ? &row_at(v, i)->rcu : NULL;

		run_next(f, &gp, i, s && s->gpnum != s->completed ? GP_FROM_BOOT(s->gpnum) : 0);
		run_next(f, &exp, i, s && s->exp_held ? s->exp_gp : 0);
		run_next(f, &wait, i, s && s->exp_blocked ? s->exp_gp : 0);
	}
}

/* A tick where each input record begins. */
static void draw_events(FILE *f, const struct view *v)
{
	for (unsigned long i = 0; i < v->n; i++) {
		const struct html_row *r = row_at(v, i);

		if (i > 0 && row_at(v, i - 1)->event == r->event)
			continue;
		fprintf(f,
			"<g class=\"event\"><rect x=\"%d\" y=\"%d\" width=\"2\" height=\"12\">"
			"<title>#%ld ",
			step_x(i), EVENT_Y, r->event);
		esc(f, r->ev);
		fputs("</title></rect></g>\n", f);
	}
}

/* The step that fired the report: a red frame and a dashed line. */
static void draw_report_step(FILE *f, const struct view *v, int height)
{
	const struct html_row *r = row_at(v, v->n - 1);
	int x = step_x(v->n - 1);

	fprintf(f, "<line class=\"hlline\" x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"%d\"/>\n",
		x + STEP_W / 2, x + STEP_W / 2, height);
	fprintf(f,
		"<rect class=\"hl\" id=\"report-event\" x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"><title>reported here: ",
		x - 2, lane_y(r->cpu) + 1, STEP_W + 3, LANE_H - 6);
	esc(f, r->func);
	fputs("</title></rect>\n", f);
}

static void write_lane_names(FILE *f, const struct view *v, int height)
{
	fprintf(f, "<svg width=\"%d\" height=\"%d\">\n", LEFT, height);
	fprintf(f, "<text class=\"lanename\" x=\"4\" y=\"%d\">grace period</text>\n", GP_Y + 12);
	fprintf(f, "<text x=\"4\" y=\"%d\">expedited</text>\n", EXP_Y + 10);
	fprintf(f, "<text class=\"lanename\" x=\"4\" y=\"%d\">events</text>\n", EVENT_Y + 10);
	for (int cpu = 0; cpu < v->h->ncpus; cpu++) {
		fprintf(f, "<text class=\"lanename\" x=\"4\" y=\"%d\">CPU%d</text>\n",
			lane_y(cpu) + 16, cpu);
		fprintf(f, "<text x=\"4\" y=\"%d\">task / irq frames</text>\n",
			lane_y(cpu) + IRQ_LEVELS * CTX_H);
		fprintf(f,
			"<text x=\"4\" y=\"%d\">reader</text><text x=\"4\" y=\"%d\">locks "
			"held</text>\n",
			lane_y(cpu) + READER_Y + 9, lane_y(cpu) + LOCK_Y + 9);
	}
	fputs("</svg>", f);
}

static void write_lanes(FILE *f, const struct view *v, int reported)
{
	int ncpus = v->h->ncpus;
	int width = step_x(v->n) + 20, height = lane_y(ncpus) + 10;

	/* The lane names stay put while the lanes scroll. */
	fputs("<div class=\"wrap\">", f);
	write_lane_names(f, v, height);
	fprintf(f,
		"<div class=\"scroll\"><svg class=\"lanes\" xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%d\" height=\"%d\">\n",
		width, height);
	for (int cpu = 0; cpu < ncpus; cpu++)
		fprintf(f,
			"<rect class=\"lane\" id=\"lane-cpu%d\" x=\"0\" y=\"%d\" width=\"%d\" "
			"height=\"%d\"/>\n",
			cpu, lane_y(cpu), width, LANE_H - 4);
	draw_gp_lane(f, v);
	draw_events(f, v);
	for (unsigned long i = 0; i < v->n; i++)
		draw_step(f, v, i);
	for (int cpu = 0; cpu < ncpus; cpu++)
		draw_cpu_spans(f, v, cpu);
	if (reported && v->n > 0)
		draw_report_step(f, v, height);
	fprintf(f, "<rect id=\"cursor\" x=\"-%d\" y=\"0\" width=\"%d\" height=\"%d\"/>\n", STEP_W,
		STEP_W - 1, height);
	fputs("</svg></div></div>\n", f);
}

/* The rcu_node tree where it changed: what the panel shows at each step. */
static void write_rcu_data(FILE *f, const struct view *v)
{
	fputs("<script>\n", f);
	rcu_panel_write_shape(f, &v->h->panel);
	fputs("var STATE=[\n", f);
	for (unsigned long i = 0; i < v->n; i++)
		if (i == 0 || !rcu_snapshot_equal(&row_at(v, i - 1)->rcu, &row_at(v, i)->rcu))
			rcu_panel_write_state(f, &v->h->panel, i, &row_at(v, i)->rcu);
	fputs("];\n</script>\n", f);
}

static void write_header(FILE *f, const struct view *v, const char *input_name,
			 const struct rcufuzz_result *res)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rcufuzz: ",
	      f);
	esc(f, input_name);
	fprintf(f, "</title><style>%s</style><script>%s</script></head><body>\n", html_style,
		html_script);
	fputs("<h1>rcufuzz replay of ", f);
	esc(f, input_name);
	fputs("</h1>\n<p><b>", f);
	esc(f, res->reported ? res->summary : "clean");
	fprintf(f, "</b> &mdash; %lu input records, %lu steps", res->events, res->steps);
	if (v->h->total > v->n)
		fprintf(f, " (the first %lu steps are not drawn)", v->h->total - v->n);
	fprintf(f, ".</p>\n%s%s", html_legend, html_panel);
}

static void write_page(FILE *f, const struct view *v, const char *input_name,
		       const struct rcufuzz_result *res)
{
	write_header(f, v, input_name, res);
	write_lanes(f, v, res->reported);
	if (res->reported) {
		fputs("<h2>Report</h2>\n<pre>", f);
		esc(f, res->text);
		fputs("</pre>\n", f);
	}
	write_rcu_data(f, v);
	fputs("</body></html>\n", f);
}

int html_write(const struct html_trace *h, const char *path, const char *input_name,
	       const struct rcufuzz_result *r)
{
	struct view v = {h, 0, h->total < MAX_ROWS ? h->total : MAX_ROWS, NULL};
	FILE *f;
	int err;

	v.first = h->total < MAX_ROWS ? 0 : h->total % MAX_ROWS;
	if (view_until(&v) != 0)
		return -1;
	f = fopen(path, "w");
	if (f == NULL) {
		err = errno;
		free(v.until);
		errno = err;
		return -1;
	}
	write_page(f, &v, input_name, r);
	free(v.until);
	err = ferror(f);
	if (fclose(f) != 0 || err) {
		errno = errno ? errno : EIO;
		return -1;
	}
	return 0;
}
