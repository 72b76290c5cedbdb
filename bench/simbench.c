/* SPDX-License-Identifier: MIT */
/*
 * simbench: how fast the simulator runs inputs, the hot loop of every
 * campaign.  Runs seeded random 256-byte inputs under a preset and prints
 * exec/s, ns per input event and ns per simulated step.
 *
 *   out/bench/simbench [PRESET [SECONDS [DIR]]]   (default v3.0, 3 s)
 *   out/bench/simbench --profile [PRESET [SECONDS]]
 *
 * With DIR, the first input of each kind of report is saved there.
 * --profile runs the same inputs with the --trace hook on (so slower) and
 * prints where the drain's steps go: by task kind and context, and the
 * functions that take the most.
 */
#include "kernel/task.h"
#include "rcufuzz.h"
#include "run.h"
#include "../fuzz/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Keep the first input of each report kind, to replay it. */
static void save_input(const char *dir, int k, const uint8_t *buf, size_t n)
{
	char path[4096];
	FILE *f;

	if (dir == NULL)
		return;
	snprintf(path, sizeof(path), "%s/report-%d.bin", dir, k);
	f = fopen(path, "wb");
	if (f == NULL)
		return;
	fwrite(buf, 1, n, f);
	fclose(f);
}

/* --profile: drain steps by task kind x context, and by function. */
#define PROFILE_FUNCS 256
static const char *const kind_names[] = {
	[TASK_KIND_WORKLOAD] = "workload",
	[TASK_KIND_WORKLOAD_INIT] = "init",
	[TASK_KIND_IDLE] = "idle",
	[TASK_KIND_KSOFTIRQD] = "ksoftirqd",
	[TASK_KIND_IRQ_THREAD] = "irq thread",
	[TASK_KIND_STOPPER] = "stopper",
	[TASK_KIND_RCU_BOOST] = "rcub",
	[TASK_KIND_RCU_CPU] = "rcuc",
	[TASK_KIND_RCU_NODE] = "rcun",
	[TASK_KIND_RCU_KTHREAD] = "rcu_kthread",
	[TASK_KIND_TEST] = "test",
};
static const char *const context_names[] = {"task", "hardirq", "softirq", "irq-exit"};
static struct {
	unsigned long by_kind[sizeof(kind_names) / sizeof(kind_names[0])][4];
	const char *func[PROFILE_FUNCS];
	unsigned long func_steps[PROFILE_FUNCS];
	int nfuncs;
	unsigned long records, drain;
} prof;

static void profile_row(const struct trace_row *row, void *unused)
{
	int c = 0, f = 0;

	(void)unused;
	if (row->event >= 0) {
		prof.records++;
		return;
	}
	prof.drain++;
	while (c < 3 && strcmp(context_names[c], row->context) != 0)
		c++;
	prof.by_kind[row->task->kind][c]++;
	/* Function names are string literals: one pointer per name. */
	while (f < prof.nfuncs && prof.func[f] != row->func)
		f++;
	if (f == prof.nfuncs && prof.nfuncs < PROFILE_FUNCS)
		prof.func[prof.nfuncs++] = row->func;
	if (f < prof.nfuncs)
		prof.func_steps[f]++;
}

static void profile_print(unsigned long execs)
{
	unsigned long total = prof.drain ? prof.drain : 1;

	printf("  steps per input: %.1f records, %.1f drain\n",
	       (double)prof.records / (double)execs, (double)prof.drain / (double)execs);
	printf("  drain steps by task kind and context (%% of drain steps):\n");
	printf("    %-12s %8s %8s %8s %8s\n", "kind", context_names[0], context_names[1],
	       context_names[2], context_names[3]);
	for (size_t k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++) {
		unsigned long *n = prof.by_kind[k];

		if (n[0] + n[1] + n[2] + n[3] == 0)
			continue;
		printf("    %-12s %7.1f%% %7.1f%% %7.1f%% %7.1f%%\n", kind_names[k],
		       100.0 * (double)n[0] / (double)total, 100.0 * (double)n[1] / (double)total,
		       100.0 * (double)n[2] / (double)total, 100.0 * (double)n[3] / (double)total);
	}
	printf("  drain steps by innermost function (top 25):\n");
	for (int i = 0; i < 25 && i < prof.nfuncs; i++) {
		int best = i;

		for (int j = i + 1; j < prof.nfuncs; j++)
			if (prof.func_steps[j] > prof.func_steps[best])
				best = j;
		const char *fn = prof.func[best];
		unsigned long n = prof.func_steps[best];

		prof.func[best] = prof.func[i];
		prof.func_steps[best] = prof.func_steps[i];
		prof.func[i] = fn;
		prof.func_steps[i] = n;
		printf("    %6.1f%%  %s\n", 100.0 * (double)n / (double)total, fn);
	}
}

int main(int argc, char **argv)
{
	int profile = argc > 1 && strcmp(argv[1], "--profile") == 0;
	const char *preset = argc > 1 ? argv[1] : PRESET_V3_0;
	double seconds = argc > 2 ? atof(argv[2]) : 3.0, start, elapsed, cpu_start;
	const char *save_dir = argc > 3 ? argv[3] : NULL;
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	unsigned long execs = 0, events = 0, steps = 0, drain_steps = 0, reports = 0;
	uint64_t seed = 12345;
	uint8_t buf[256];
	char kinds[8][160];
	unsigned long kind_count[8] = {0};
	int nkinds = 0;

	if (profile) {
		argv++;
		argc--;
		preset = argc > 1 ? argv[1] : PRESET_V3_0;
		seconds = argc > 2 ? atof(argv[2]) : 3.0;
		save_dir = NULL;
	}
	rcufuzz_default_options(&o);
	if (profile)
		o.trace = profile_row;
	if (!preset_lookup(preset, &o.switches, &o.pin) || seconds <= 0) {
		fprintf(stderr, "rcufuzz: simbench: usage: simbench [--profile] [PRESET [SECONDS "
				"[DIR]]]\n");
		return 2;
	}
	start = now();
	cpu_start = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
	do {
		for (int i = 0; i < 64; i++) {
			for (size_t j = 0; j < sizeof(buf); j++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				buf[j] = (uint8_t)(seed >> 56);
			}
			rcufuzz_run(buf, sizeof(buf), &o, &r);
			execs++;
			events += r.events;
			steps += r.steps;
			drain_steps += r.drain_steps;
			reports += r.reported != 0;
			if (r.reported) {
				int k = 0;

				while (k < nkinds && strcmp(kinds[k], r.summary) != 0)
					k++;
				if (k == nkinds && nkinds < 8) {
					snprintf(kinds[nkinds++], sizeof(kinds[0]), "%s",
						 r.summary);
					save_input(save_dir, k, buf, sizeof(buf));
				}
				if (k < nkinds)
					kind_count[k]++;
			}
		}
		elapsed = now() - start;
	} while (elapsed < seconds);
	printf("preset %s: %lu inputs of 256 bytes in %.2f s\n", preset, execs, elapsed);
	printf("  exec/s          %10.0f\n", (double)execs / elapsed);
	/* On a shared machine the CPU time drifts less than the wall clock. */
	printf("  exec/cpu-s      %10.0f\n",
	       (double)execs / (clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start));
	printf("  ns/event        %10.1f   (%.1f events per input)\n",
	       elapsed * 1e9 / (double)events, (double)events / (double)execs);
	printf("  ns/step         %10.1f   (%.1f steps per input, drain included)\n",
	       elapsed * 1e9 / (double)steps, (double)steps / (double)execs);
	printf("  drain           %10.1f%%  (%.1f steps per input)\n",
	       100.0 * (double)drain_steps / (double)steps, (double)drain_steps / (double)execs);
	printf("  reports         %10lu\n", reports);
	for (int k = 0; k < nkinds; k++)
		printf("    %8lu  %s\n", kind_count[k], kinds[k]);
	if (profile)
		profile_print(execs);
	return 0;
}
