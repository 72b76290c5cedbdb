/* SPDX-License-Identifier: MIT */
/* --trace rows: see trace.h. */
#include "trace.h"

#include "../target/kernel/task.h"
#include "../target/sim/machine.h"

#include <stdio.h>

void trace_print_row(const struct trace_row *row, void *arg)
{
	FILE *out = arg;
	const struct task_struct *t = row->task;
	char ev[64] = "drain";

	if (row->ev)
		event_format(row->ev, ev, sizeof(ev));
	fprintf(out, "%6lu %-26s CPU%d %-14s %-8s pc=%#-8x n=%-2d sp=%d %s: %s\n", row->step, ev,
		row->cpu, task_name(t), row->context, (unsigned)t->preempt_count,
		t->rcu_read_lock_nesting, t->rcu_read_unlock_special, row->func, row->label);
}
