/* SPDX-License-Identifier: MIT */
/*
 * fastpath: what a cure costs on the scheduler's fast paths, schedule() and
 * try_to_wake_up(), in simulated steps: the same seeded random inputs, in
 * strict mode (the workload every kernel runs), under v3.0 and under each
 * cure's misuse+<cure> switch set.  A step is one resumption of a CPU up
 * to its next preemption point, the model's unit of time (a lock taken, a
 * window where another CPU may run); a call's steps are those that end
 * with the call on the running context's stack, interrupts on top of it
 * excluded, and so are the steps spent spinning on a lock (contention, not
 * the path's length).  A call is counted when a task's step first finds the function
 * at a stack depth where its previous step did not (back-to-back calls with
 * no step between them count once, under every preset alike).
 *
 *   out/bench/fastpath [INPUTS [MODE]]      (default 2000, strict)
 *
 * Prints a markdown table: per preset, calls and steps per call of each
 * path, and the difference from v3.0.
 */
#include "kernel/task.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const paths[] = {"schedule", "try_to_wake_up"};
#define NR_PATHS 2

struct tally {
	unsigned long calls[NR_PATHS], steps[NR_PATHS], total_steps;
	int at[MAX_TASKS + 1][NR_PATHS]; /* stack index of the path at the task's last step, -1 */
};

/* The outermost frame named @func in the running context of @t (above its last irq entry). */
static int frame_index(const struct task_struct *t, const char *func)
{
	int base = 0;

	for (int i = 0; i < t->depth && i < MAX_FRAMES; i++)
		if (t->frames[i].irq)
			base = i;
	for (int i = base; i < t->depth && i < MAX_FRAMES; i++)
		if (strcmp(t->frames[i].func, func) == 0)
			return i;
	return -1;
}

static void count_step(const struct trace_row *row, void *arg)
{
	struct tally *y = arg;
	const struct task_struct *t = row->task;

	y->total_steps++;
	if (t == NULL || t->pid <= 0 || t->pid > MAX_TASKS || strcmp(row->label, "spinning") == 0)
		return;
	for (int p = 0; p < NR_PATHS; p++) {
		int i = frame_index(t, paths[p]);

		if (i >= 0) {
			y->steps[p]++;
			if (y->at[t->pid][p] != i)
				y->calls[p]++;
		}
		y->at[t->pid][p] = i;
	}
}

static void run_preset(const char *name, switch_set switches, enum workload_mode mode, long inputs,
		       const double *base, double *per_call)
{
	static struct tally y;
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	uint64_t seed = 2011;
	uint8_t buf[256];

	memset(&y, 0, sizeof(y));
	rcufuzz_default_options(&o);
	o.switches = switches;
	o.mode = mode;
	o.trace = count_step;
	o.trace_arg = &y;
	for (long n = 0; n < inputs; n++) {
		for (size_t j = 0; j < sizeof(buf); j++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			buf[j] = (uint8_t)(seed >> 56);
		}
		memset(y.at, 0xff, sizeof(y.at));
		rcufuzz_run(buf, sizeof(buf), &o, &r);
	}
	printf("| %s |", name);
	for (int p = 0; p < NR_PATHS; p++) {
		per_call[p] = y.calls[p] ? (double)y.steps[p] / (double)y.calls[p] : 0;
		printf(" %lu | %.3f | %+.3f |", y.calls[p], per_call[p],
		       base ? per_call[p] - base[p] : 0.0);
	}
	printf(" %.1f |\n", (double)y.total_steps / (double)inputs);
}

int main(int argc, char **argv)
{
	long inputs = argc > 1 ? atol(argv[1]) : 2000;
	int mode = argc > 2 ? mode_lookup(argv[2]) : MODE_STRICT;
	double base[NR_PATHS], per_call[NR_PATHS];
	switch_set s;

	if (argc > 3 || inputs <= 0 || mode < 0) {
		fprintf(stderr,
			"rcufuzz: fastpath: usage: fastpath [INPUTS [strict|misuse|test]]\n");
		return 2;
	}
	printf("%ld seeded random 256-byte inputs, %s mode\n\n", inputs,
	       mode_name((enum workload_mode)mode));
	printf("| preset | schedule() calls | steps/call | vs v3.0 | try_to_wake_up() calls | "
	       "steps/call | vs v3.0 | steps/input |\n|---|---|---|---|---|---|---|---|\n");
	preset_lookup(PRESET_V3_0, &s, NULL);
	run_preset(PRESET_V3_0, s, (enum workload_mode)mode, inputs, NULL, base);
	for (int i = 0; i < NR_SWITCHES; i++) {
		char name[64];

		snprintf(name, sizeof(name), PRESET_MISUSE_PREFIX "%s", switch_name(i));
		if (preset_lookup(name, &s, NULL))
			run_preset(name, s, (enum workload_mode)mode, inputs, base, per_call);
	}
	return 0;
}
