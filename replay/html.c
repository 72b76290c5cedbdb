/* SPDX-License-Identifier: MIT */
/* --html: see html.h and docs/html.md. */
#include "html.h"

#include "trace.h"

#include "../target/kernel/cpu.h"
#include "../target/kernel/spinlock.h"
#include "../target/kernel/task.h"
#include "../target/rcu/tree.h"
#include "../target/run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS   4000 /* the page shows the last MAX_ROWS steps */
#define LOCK_SLOTS 6	/* held locks drawn per lane, outermost first */
#define IRQ_LEVELS 4	/* task, and up to three nested irq frames */

/* Geometry of the page, in px. */
#define LEFT	 110 /* the lane names, left of the scrolling part */
#define STEP_W	 8   /* one step */
#define TOP	 70  /* the grace-period and event lanes */
#define CTX_H	 14  /* one irq level */
#define READER_Y (IRQ_LEVELS * CTX_H + 6)
#define LOCK_Y	 (READER_Y + 14)
#define LOCK_H	 11
#define LANE_H	 (LOCK_Y + LOCK_SLOTS * LOCK_H + 10)

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
	long gpnum, completed;
};

struct html_trace {
	struct html_row rows[MAX_ROWS]; /* a ring: the last MAX_ROWS steps */
	unsigned long total;		/* steps seen */
	int ncpus;
	FILE *also_print; /* --trace too */
};

struct html_trace *html_begin(FILE *also_print)
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
	r->gpnum = rcu_preempt_state.gpnum;
	r->completed = rcu_preempt_state.completed;
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
	unsigned long first; /* index of the first row shown */
	unsigned long n;     /* rows shown */
};

static const struct html_row *row_at(const struct view *v, unsigned long i)
{
	return &v->h->rows[(v->first + i) % MAX_ROWS];
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

/* One step: a block at its irq level, with the whole row as its tooltip. */
static void draw_step(FILE *f, const struct view *v, unsigned long i)
{
	const struct html_row *r = row_at(v, i);
	int level = r->irq_depth < IRQ_LEVELS ? r->irq_depth : IRQ_LEVELS - 1;
	char fill[32];

	fill_of(r, fill, sizeof(fill));
	fprintf(f, "<rect class=\"step\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">",
		step_x(i), lane_y(r->cpu) + (IRQ_LEVELS - 1 - level) * CTX_H, STEP_W - 1, CTX_H - 2,
		fill);
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
	fputs(r->nlocks ? "" : " none", f);
	fputs("</title></rect>\n", f);
}

/* A labelled bar from step a to step b (inclusive). */
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
	if (w > 6 * (int)strlen(label)) {
		fprintf(f, "<text x=\"%d\" y=\"%d\">", x + 2, y + hgt - 2);
		esc(f, label);
		fputs("</text>", f);
	}
	fputs("</g>\n", f);
}

/* Reader sections and lock-hold spans of one CPU: runs of its rows. */
static void draw_cpu_spans(FILE *f, const struct view *v, int cpu)
{
	long reader_from = -1, lock_from[LOCK_SLOTS];
	int lock_cls[LOCK_SLOTS];
	unsigned long last = 0;
	const struct html_row *prev = NULL;
	char label[64];

	for (int k = 0; k < LOCK_SLOTS; k++)
		lock_from[k] = -1, lock_cls[k] = -1;
	for (unsigned long i = 0; i <= v->n; i++) {
		const struct html_row *r = i < v->n ? row_at(v, i) : NULL;
		int reader;

		if (r && r->cpu != cpu)
			continue;
		reader = r && r->nesting != 0;
		if (reader_from >= 0 && (!reader || r->pid != prev->pid)) {
			snprintf(label, sizeof(label), "reader %s", prev->task);
			span(f, "reader", (unsigned long)reader_from, last, lane_y(cpu) + READER_Y,
			     10, "#2a2", label);
			reader_from = -1;
		}
		if (reader && reader_from < 0)
			reader_from = (long)i;
		for (int k = 0; k < LOCK_SLOTS; k++) {
			int cls = r && k < r->nlocks ? r->locks[k] : -1;

			if (lock_from[k] >= 0 && cls != lock_cls[k]) {
				span(f, "lock", (unsigned long)lock_from[k], last,
				     lane_y(cpu) + LOCK_Y + k * LOCK_H, LOCK_H - 2, "#69c",
				     lock_class_name(lock_cls[k]));
				lock_from[k] = -1;
			}
			if (cls >= 0 && lock_from[k] < 0)
				lock_from[k] = (long)i, lock_cls[k] = cls;
		}
		prev = r;
		last = i;
	}
}

/* The grace periods in progress, and a tick per input record. */
static void draw_gp_and_events(FILE *f, const struct view *v)
{
	long from = -1, gp = 0;
	char label[48];

	for (unsigned long i = 0; i <= v->n; i++) {
		const struct html_row *r = i < v->n ? row_at(v, i) : NULL;
		int busy = r && r->gpnum != r->completed;

		if (from >= 0 && (!busy || r->gpnum != gp)) {
			snprintf(label, sizeof(label), "GP %ld", gp);
			span(f, "gp", (unsigned long)from, i - 1, TOP - 52, 16, "#b8a", label);
			from = -1;
		}
		if (busy && from < 0)
			from = (long)i, gp = r->gpnum;
		if (r && (i == 0 || row_at(v, i - 1)->event != r->event)) {
			fprintf(f,
				"<g class=\"event\"><rect x=\"%d\" y=\"%d\" width=\"2\" "
				"height=\"12\">"
				"<title>#%ld ",
				step_x(i), TOP - 24, r->event);
			esc(f, r->ev);
			fputs("</title></rect></g>\n", f);
		}
	}
}

static const char style[] =
	"body{font:13px sans-serif;margin:12px;color:#222}"
	"h1{font-size:16px}pre{background:#f4f4f4;padding:8px;overflow:auto}"
	".wrap{display:flex;border:1px solid #ccc}.scroll{overflow-x:auto;flex:1}"
	"svg text{font:10px monospace;pointer-events:none}"
	".lanename{font:bold 12px sans-serif!important}"
	".lane{fill:#fafafa;stroke:#ddd}"
	".hl{fill:none;stroke:#e00;stroke-width:3}"
	".hlline{stroke:#e00;stroke-width:1;stroke-dasharray:4 3}"
	".event rect{fill:#555}"
	".legend span{display:inline-block;padding:1px 6px;margin-right:6px;border-radius:3px}";

/* Headless Chromium's test reads data-rendered: what the browser laid out. */
static const char script[] =
	"addEventListener('load',function(){"
	"var lanes=document.querySelectorAll('rect.lane').length;"
	"var h=document.getElementById('report-event'),ok=0;"
	"if(h){var b=h.getBoundingClientRect();ok=(b.width>0&&b.height>0)?1:0;"
	"h.scrollIntoView({block:'nearest',inline:'center'});}"
	"document.documentElement.setAttribute('data-rendered',"
	"'lanes='+lanes+' steps='+document.querySelectorAll('rect.step').length+"
	"' highlighted='+ok);});";

static void write_page(FILE *f, const struct view *v, const char *input_name,
		       const struct rcufuzz_result *res)
{
	int ncpus = v->h->ncpus;
	int width = step_x(v->n) + 20, height = lane_y(ncpus) + 10;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rcufuzz: ",
	      f);
	esc(f, input_name);
	fprintf(f, "</title><style>%s</style><script>%s</script></head><body>\n", style, script);
	fputs("<h1>rcufuzz replay of ", f);
	esc(f, input_name);
	fputs("</h1>\n<p><b>", f);
	esc(f, res->reported ? res->summary : "clean");
	fprintf(f, "</b> &mdash; %lu input records, %lu steps", res->events, res->steps);
	if (v->h->total > v->n)
		fprintf(f, " (the first %lu steps are not drawn)", v->h->total - v->n);
	fputs(".</p>\n<p class=\"legend\">"
	      "<span style=\"background:hsl(137,55%,62%)\">task (one colour per task)</span>"
	      "<span style=\"background:#d33;color:#fff\">hardirq</span>"
	      "<span style=\"background:#e80\">softirq</span>"
	      "<span style=\"background:#cc0\">irq_exit window</span>"
	      "<span style=\"background:#2a2;color:#fff\">RCU reader</span>"
	      "<span style=\"background:#69c;color:#fff\">lock held</span>"
	      "<span style=\"background:#b8a\">grace period in progress</span>"
	      "<span style=\"border:2px solid #e00\">the step that fired the report</span>"
	      " Nested irq frames stack above the task they interrupted. Hover a block for"
	      " the step's details.</p>\n",
	      f);
	/* The lane names stay put while the lanes scroll. */
	fprintf(f, "<div class=\"wrap\"><svg width=\"%d\" height=\"%d\">\n", LEFT, height);
	fprintf(f, "<text class=\"lanename\" x=\"4\" y=\"%d\">grace period</text>\n", TOP - 40);
	fprintf(f, "<text class=\"lanename\" x=\"4\" y=\"%d\">events</text>\n", TOP - 14);
	for (int cpu = 0; cpu < ncpus; cpu++) {
		fprintf(f, "<text class=\"lanename\" x=\"4\" y=\"%d\">CPU%d</text>\n",
			lane_y(cpu) + 16, cpu);
		fprintf(f, "<text x=\"4\" y=\"%d\">task / irq frames</text>\n",
			lane_y(cpu) + IRQ_LEVELS * CTX_H);
		fprintf(f,
			"<text x=\"4\" y=\"%d\">reader</text><text x=\"4\" y=\"%d\">locks "
			"held</text>\n",
			lane_y(cpu) + READER_Y + 9, lane_y(cpu) + LOCK_Y + 9);
	}
	fprintf(f,
		"</svg><div class=\"scroll\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%d\" height=\"%d\">\n",
		width, height);
	for (int cpu = 0; cpu < ncpus; cpu++)
		fprintf(f,
			"<rect class=\"lane\" id=\"lane-cpu%d\" x=\"0\" y=\"%d\" width=\"%d\" "
			"height=\"%d\"/>\n",
			cpu, lane_y(cpu), width, LANE_H - 4);
	draw_gp_and_events(f, v);
	for (unsigned long i = 0; i < v->n; i++)
		draw_step(f, v, i);
	for (int cpu = 0; cpu < ncpus; cpu++)
		draw_cpu_spans(f, v, cpu);
	if (res->reported && v->n > 0) {
		const struct html_row *r = row_at(v, v->n - 1);
		int x = step_x(v->n - 1);

		fprintf(f, "<line class=\"hlline\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
			x + STEP_W / 2, TOP - 56, x + STEP_W / 2, height);
		fprintf(f,
			"<rect class=\"hl\" id=\"report-event\" x=\"%d\" y=\"%d\" width=\"%d\" "
			"height=\"%d\"><title>reported here: ",
			x - 2, lane_y(r->cpu) + 1, STEP_W + 3, LANE_H - 6);
		esc(f, r->func);
		fputs("</title></rect>\n", f);
	}
	fputs("</svg></div></div>\n", f);
	if (res->reported) {
		fputs("<h2>Report</h2>\n<pre>", f);
		esc(f, res->text);
		fputs("</pre>\n", f);
	}
	fputs("</body></html>\n", f);
}

int html_write(const struct html_trace *h, const char *path, const char *input_name,
	       const struct rcufuzz_result *r)
{
	struct view v = {h, 0, h->total < MAX_ROWS ? h->total : MAX_ROWS};
	FILE *f;
	int err;

	v.first = h->total < MAX_ROWS ? 0 : h->total % MAX_ROWS;
	f = fopen(path, "w");
	if (f == NULL)
		return -1;
	write_page(f, &v, input_name, r);
	err = ferror(f);
	if (fclose(f) != 0 || err) {
		errno = errno ? errno : EIO;
		return -1;
	}
	return 0;
}
