/* SPDX-License-Identifier: MIT */
/* --trace rows: see trace.h. */
#include "trace.h"

#include "../target/kernel/cpu.h"
#include "../target/kernel/spinlock.h"
#include "../target/kernel/task.h"
#include "../target/run.h"
#include "nodes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SHOWS 64

struct trace_printer {
	FILE *out;
	unsigned flags;		  /* TRACE_* */
	struct rcu_panel panel;	  /* names the tasks on ->blkd_tasks */
	struct rcu_snapshot last; /* the tree after the last row (TRACE_NODES) */
	int nshows, shown;	  /* show nodes lines, and how many printed */
	long show_record[MAX_SHOWS];
	int show_line[MAX_SHOWS];
};

struct trace_printer *trace_printer_new(FILE *out, unsigned flags)
{
	struct trace_printer *p = calloc(1, sizeof(*p));

	if (p) {
		p->out = out;
		p->flags = flags;
	}
	return p;
}

void trace_printer_free(struct trace_printer *p)
{
	free(p);
}

int trace_show_nodes_at(struct trace_printer *p, long record, int line)
{
	if (p->nshows == MAX_SHOWS)
		return -1;
	p->show_record[p->nshows] = record;
	p->show_line[p->nshows++] = line;
	return 0;
}

void trace_before_record(long index, void *arg)
{
	struct trace_printer *p = arg;

	for (; p->shown < p->nshows && (index < 0 || p->show_record[p->shown] <= index);
	     p->shown++) {
		struct rcu_snapshot s;

		rcu_panel_take(&p->panel, &s);
		if (index < 0)
			fprintf(p->out, "---- show nodes (line %d), after the last record ----\n",
				p->show_line[p->shown]);
		else
			fprintf(p->out, "---- show nodes (line %d), before record %ld ----\n",
				p->show_line[p->shown], index);
		nodes_print_header(p->out, "");
		nodes_print(p->out, &p->panel, &s, NULL, "");
	}
}

/*
 * Up to WIDE_CPUS CPUs, a column of CPU_COLUMN characters each: the
 * stepping CPU's task and context, "|" (online) or "x" for the others.
 * More CPUs: a mark of MARK_COLUMN characters each ("*" for the stepping
 * CPU), then the stepping CPU's cell once, in STEPPER_COLUMN.  Compact
 * (TRACE_COMPACT): that cell alone.  The row ends in the point the CPU
 * stands at, FUNC:LABEL in full, as a `step cpuN until` line names it.
 */
#define CPU_COLUMN     24
#define WIDE_CPUS      8
#define MARK_COLUMN    2
#define STEPPER_COLUMN 30
/* --nodes rows sit under the step rows, past their step column. */
#define NODES_INDENT "       "

/* "BLOCKED|NEED_QS" or "-". */
static const char *special_bits(int s, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s", s & RCU_READ_UNLOCK_BLOCKED ? "BLOCKED|" : "",
		 s & RCU_READ_UNLOCK_BOOSTED ? "BOOSTED|" : "",
		 s & RCU_READ_UNLOCK_NEED_QS ? "NEED_QS|" : "", s ? "" : "-");
	if (s)
		buf[strlen(buf) - 1] = '\0';
	return buf;
}

static int wide(const struct trace_printer *p)
{
	return !(p->flags & TRACE_COMPACT) && nr_cpu_ids <= WIDE_CPUS;
}

static void print_header(const struct trace_printer *p)
{
	FILE *out = p->out;

	fprintf(out, "%6s %-24s", "step", "event");
	for (int cpu = 0; cpu < nr_cpu_ids && !(p->flags & TRACE_COMPACT); cpu++) {
		char name[16];

		snprintf(name, sizeof(name), "CPU%d", cpu);
		if (wide(p))
			fprintf(out, " %-*s", CPU_COLUMN, name);
		else
			fprintf(out, " %-*d", MARK_COLUMN, cpu);
	}
	if (!wide(p))
		fprintf(out, " %-*s", STEPPER_COLUMN, "the stepping CPU");
	fprintf(out, " preempt_count   nesting       special      locks held  @ FUNC:LABEL\n");
}

/* The CPU columns of a row. */
static void print_cpus(const struct trace_printer *p, const struct trace_row *row)
{
	char cell[96];

	for (int cpu = 0; cpu < nr_cpu_ids && !(p->flags & TRACE_COMPACT); cpu++) {
		const char *mark = cpu == row->cpu ? "*" : cpu_online(cpu) ? "|" : "x";

		if (wide(p) && cpu == row->cpu)
			snprintf(cell, sizeof(cell), "%s %s", task_name(row->task), row->context);
		else
			snprintf(cell, sizeof(cell), "%s", mark);
		fprintf(p->out, " %-*s", wide(p) ? CPU_COLUMN : MARK_COLUMN, cell);
	}
	if (!wide(p)) {
		snprintf(cell, sizeof(cell), "CPU%d %s %s", row->cpu, task_name(row->task),
			 row->context);
		fprintf(p->out, " %-*s", STEPPER_COLUMN, cell);
	}
}

/* --nodes: the rows of the tree that the step changed (all of them after the first step). */
static void print_nodes(struct trace_printer *p, const struct trace_row *row)
{
	struct rcu_snapshot s;

	rcu_panel_take(&p->panel, &s);
	if (row->step == 1)
		nodes_print_header(p->out, NODES_INDENT);
	if (row->step == 1 || !rcu_snapshot_equal(&p->last, &s))
		nodes_print(p->out, &p->panel, &s, row->step == 1 ? NULL : &p->last, NODES_INDENT);
	p->last = s;
}

void trace_print_row(const struct trace_row *row, void *arg)
{
	struct trace_printer *p = arg;
	FILE *out = p->out;
	const struct task_struct *t = row->task;
	char ev[64] = "(drain)", bits[32];

	if (row->step == 1)
		print_header(p);
	if (row->ev)
		event_format(row->ev, ev, sizeof(ev));
	fprintf(out, "%6lu %-24s", row->step, ev);
	print_cpus(p, row);
	fprintf(out, " pc=%#-12x n=%-11d sp=%-10s", (unsigned)t->preempt_count,
		t->rcu_read_lock_nesting,
		special_bits(t->rcu_read_unlock_special, bits, sizeof(bits)));
	for (int i = 0; i < t->lockdep_depth; i++)
		fprintf(out, "%s%s", i ? "," : " ", lock_class_name(t->held_locks[i].class_idx));
	fprintf(out, "%s @ %s:%s\n", t->lockdep_depth ? "" : " -", trace_point_func(row),
		row->label);
	if (p->flags & TRACE_NODES)
		print_nodes(p, row);
}

void trace_print_end(FILE *out)
{
	fprintf(out, "---- end of trace ----\n");
}
