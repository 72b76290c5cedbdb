/* SPDX-License-Identifier: MIT */
/* --trace rows: see trace.h. */
#include "trace.h"

#include "../target/kernel/cpu.h"
#include "../target/kernel/spinlock.h"
#include "../target/kernel/task.h"
#include "../target/run.h"

#include <stdio.h>
#include <string.h>

/*
 * Up to WIDE_CPUS CPUs, a column of CPU_COLUMN characters each: the
 * stepping CPU's task, context and function, "|" (online) or "x" for the
 * others.  More CPUs: a mark of MARK_COLUMN characters each ("*" for the
 * stepping CPU), then the stepping CPU's cell once, in STEPPER_COLUMN.
 */
#define CPU_COLUMN     30
#define WIDE_CPUS      8
#define MARK_COLUMN    2
#define STEPPER_COLUMN 40

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

static void print_header(FILE *out)
{
	fprintf(out, "%6s %-24s", "step", "event");
	for (int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		char name[16];

		snprintf(name, sizeof(name), "CPU%d", cpu);
		if (nr_cpu_ids <= WIDE_CPUS)
			fprintf(out, " %-*s", CPU_COLUMN, name);
		else
			fprintf(out, " %-*d", MARK_COLUMN, cpu);
	}
	if (nr_cpu_ids > WIDE_CPUS)
		fprintf(out, " %-*s", STEPPER_COLUMN, "the stepping CPU");
	fprintf(out, " preempt_count   nesting       special      locks held  @ point\n");
}

/* The CPU columns of a row. */
static void print_cpus(FILE *out, const struct trace_row *row)
{
	char cell[96];

	for (int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		const char *mark = cpu == row->cpu ? "*" : cpu_online(cpu) ? "|" : "x";

		if (nr_cpu_ids > WIDE_CPUS) {
			fprintf(out, " %-*s", MARK_COLUMN, mark);
			continue;
		}
		if (cpu == row->cpu)
			snprintf(cell, sizeof(cell), "%s %s %s", task_name(row->task), row->context,
				 row->func);
		else
			snprintf(cell, sizeof(cell), "%s", mark);
		fprintf(out, " %-*.*s", CPU_COLUMN, CPU_COLUMN, cell);
	}
	if (nr_cpu_ids > WIDE_CPUS) {
		snprintf(cell, sizeof(cell), "CPU%d %s %s %s", row->cpu, task_name(row->task),
			 row->context, row->func);
		fprintf(out, " %-*.*s", STEPPER_COLUMN, STEPPER_COLUMN, cell);
	}
}

void trace_print_row(const struct trace_row *row, void *arg)
{
	FILE *out = arg;
	const struct task_struct *t = row->task;
	char ev[64] = "(drain)", bits[32];

	if (row->step == 1)
		print_header(out);
	if (row->ev)
		event_format(row->ev, ev, sizeof(ev));
	fprintf(out, "%6lu %-24s", row->step, ev);
	print_cpus(out, row);
	fprintf(out, " pc=%#-12x n=%-11d sp=%-10s", (unsigned)t->preempt_count,
		t->rcu_read_lock_nesting, special_bits(t->rcu_read_unlock_special, bits, sizeof(bits)));
	for (int i = 0; i < t->lockdep_depth; i++)
		fprintf(out, "%s%s", i ? "," : " ", lock_class_name(t->held_locks[i].class_idx));
	fprintf(out, "%s @ %s\n", t->lockdep_depth ? "" : " -", row->label);
}

void trace_print_end(FILE *out)
{
	fprintf(out, "---- end of trace ----\n");
}
