/* SPDX-License-Identifier: MIT */
/* The simulator core: determinism, primitives, deadlock reports, random inputs. */
#include "harness.h"

#include "../target/check/report.h"
#include "../target/config/history.h"
#include "../target/kernel/cpu.h"
#include "../target/kernel/task.h"
#include "../target/kernel/preempt.h"
#include "../target/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int test_determinism(void)
{
	static uint8_t a[512], b[512];
	static char first[1 << 16];
	uint64_t seed = 1;
	struct rcufuzz_options o;
	struct rcufuzz_result r;

	rcufuzz_default_options(&o);
	/* v3.0, and every third round of modes TINY_PREEMPT_RCU (its own state to reset). */
	for (int i = 0; i < 600; i++) {
		size_t na, nb;
		unsigned long steps;
		int reported;

		o.mode = (enum workload_mode)(i % NR_MODES);
		preset_lookup((i / NR_MODES) % 3 == 2 ? PRESET_TINY_V3_0 : PRESET_V3_0, &o.switches,
			      &o.pin);
		random_input(&seed, a, &na, sizeof(a));
		random_input(&seed, b, &nb, sizeof(b));
		rcufuzz_run(a, na, &o, &r);
		snprintf(first, sizeof(first), "%s", r.reported ? r.text : "");
		steps = r.steps;
		reported = r.reported;
		/* Another input in between must leave nothing behind. */
		rcufuzz_run(b, nb, &o, &r);
		rcufuzz_run(a, na, &o, &r);
		EXPECT(r.steps == steps && r.reported == reported, "input %d: %lu vs %lu steps", i,
		       steps, r.steps);
		EXPECT(strcmp(first, r.reported ? r.text : "") == 0, "input %d: reports differ", i);
	}
	return 0;
}

/*
 * A tick on a running task: the handler runs nested on the task's stack with
 * HARDIRQ in preempt_count; irq_exit drops HARDIRQ before invoke_softirq, so
 * the softirq work runs with in_irq() false while still on the irq frame.
 */
int test_irq_context_and_exit_window(void)
{
	struct traced_run t;
	const char *tick, *window, *soft;
	unsigned long pc;

	EXPECT(run_scenario_text("topology cpus=1 tasks=1\n"
				 "work T0 read_lock\nstep cpu0 x2\n"
				 "irq cpu0 tick\nstep cpu0 x8\n",
				 &t) == 0,
	       "scenario");
	tick = log_find(t.log, NEEDLES("irq cpu0 tick", "T0[", "hardirq", "pc=0x1000"));
	window = log_find(t.log, NEEDLES("T0[", "irq-exit", "@ irq_exit:HARDIRQ dropped"));
	soft = log_find(t.log, NEEDLES("T0[", "softirq", "@ __do_softirq:", "pc=0x10"));
	EXPECT(tick != NULL, "no hardirq row for the tick on T0:\n%s", t.log);
	EXPECT(window != NULL && window > tick, "no irq_exit window row after the tick");
	pc = strtoul(strstr(window, "pc=") + 3, NULL, 16);
	/* in_irq() is false, yet preemption stays off (IRQ_EXIT_OFFSET). */
	EXPECT((pc & HARDIRQ_MASK) == 0 && (pc & PREEMPT_MASK) != 0, "pc %#lx in the window", pc);
	EXPECT(soft != NULL && soft > window, "no softirq row on T0 after the window");
	EXPECT(!t.result.reported, "%s", t.result.summary);
	traced_run_free(&t);
	return 0;
}

int test_spinlock_contention(void)
{
	struct traced_run t;
	const char *spin, *got, *released;

	EXPECT(run_scenario_text(
		       "mode test\ntopology cpus=2 tasks=2\n"
		       "work T0 lock_a\nwork T0 unlock_a\nwork T1 lock_a\nwork T1 unlock_a\n"
		       "step cpu0 x2\nstep cpu1 x3\nstep cpu0 x2\nstep cpu1 x3\n",
		       &t) == 0,
	       "scenario");
	spin = log_find(t.log, NEEDLES("T1[", "task", "@ run_op:spinning"));
	released = log_find(t.log, NEEDLES("T0[", "@ run_op:unlock_a"));
	got = spin ? log_find(spin, NEEDLES("T1[", "pc=0x1 ", "task", "@ run_op:lock acquired"))
		   : NULL;
	EXPECT(spin != NULL, "T1 never spun on A:\n%s", t.log);
	EXPECT(released && got && got > released, "T1 took A before T0 released it:\n%s", t.log);
	EXPECT(!t.result.reported, "%s", t.result.summary);
	traced_run_free(&t);
	return 0;
}

int test_mutex_sleeps_and_wakes(void)
{
	struct traced_run t;
	const char *want, *idle, *unlock, *woke;

	EXPECT(run_scenario_text("mode test\ntopology cpus=2 tasks=2\n"
				 "work T0 mutex_lock\nstep cpu0 x4\n"
				 "work T1 mutex_lock\nstep cpu1 x8\nstep cpu1 x2\n"
				 "work T0 mutex_unlock\nstep cpu0 x4\nstep cpu1 x6\n",
				 &t) == 0,
	       "scenario");
	want = log_find(t.log, NEEDLES("T1[", "@ run_op:mutex_lock"));
	idle = want ? log_find(want, NEEDLES("swapper/1", "cpu_idle")) : NULL;
	unlock = log_find(t.log, NEEDLES("T0[", "@ run_op:mutex_unlock"));
	woke = unlock ? log_find(unlock, NEEDLES("T1[", "mutex_lock")) : NULL;
	EXPECT(idle && unlock && idle < unlock, "T1 did not sleep on the held mutex:\n%s", t.log);
	EXPECT(woke != NULL, "T1 was not woken by mutex_unlock:\n%s", t.log);
	EXPECT(!t.result.reported, "%s", t.result.summary);
	traced_run_free(&t);
	return 0;
}

int test_preempt_disable_defers_resched(void)
{
	struct traced_run t;
	const char *resched, *enable, *sched;

	EXPECT(run_scenario_text("topology cpus=1 tasks=2\n"
				 "work T0 preempt_disable\nstep cpu0 x3\nresched cpu0\n"
				 "step cpu0 x2\nwork T0 preempt_enable\nstep cpu0 x3\n",
				 &t) == 0,
	       "scenario");
	resched = log_find(t.log, NEEDLES("resched cpu0"));
	sched = log_find(t.log, NEEDLES("T0[", "task", "@ schedule:"));
	enable = log_find(t.log, NEEDLES("@ run_op:preempt_enable"));
	EXPECT(resched && enable && sched, "rows missing:\n%s", t.log);
	/* preempt_enable() is where the deferred reschedule runs, with PREEMPT_ACTIVE. */
	EXPECT(sched > enable, "schedule() ran while preemption was disabled:\n%s", t.log);
	EXPECT(log_find(enable, NEEDLES("pc=0x10000002", "task", "@ schedule:")) != NULL,
	       "preempt_schedule did not set PREEMPT_ACTIVE:\n%s", t.log);
	traced_run_free(&t);
	return 0;
}

int test_sleep_until_tick(void)
{
	struct traced_run t;
	const char *idle, *tick, *back;

	EXPECT(run_scenario_text("topology cpus=1 tasks=1\n"
				 "work T0 sleep\nstep cpu0 until cpu_idle:idle\n"
				 "irq cpu0 tick\nstep cpu0 x8\n",
				 &t) == 0,
	       "scenario");
	idle = log_find(t.log, NEEDLES("swapper/0", " task", "@ cpu_idle:"));
	tick = log_find(t.log, NEEDLES("irq cpu0 tick"));
	back = tick ? log_find(tick, NEEDLES("T0[", " task ")) : NULL;
	EXPECT(idle && tick && idle < tick, "T0 did not sleep:\n%s", t.log);
	EXPECT(back != NULL, "the tick did not wake T0:\n%s", t.log);
	traced_run_free(&t);
	return 0;
}

/* At ksoftirqd's cond_resched point: how often it stood there, how often with irqs off. */
struct ksoftirqd_watch {
	int at, irqs_off;
};

static void watch_ksoftirqd(const struct trace_row *row, void *arg)
{
	struct ksoftirqd_watch *w = arg;

	if (strcmp(row->func, "ksoftirqd_main") != 0 || strcmp(row->label, "cond_resched") != 0)
		return;
	w->at++;
	w->irqs_off += cpu_state[row->cpu].irqs_disabled;
}

/*
 * threadirqs: the tick's softirqs run in ksoftirqd, which (as 3.0's
 * run_ksoftirqd()) turns irqs back on after each __do_softirq() and only
 * then offers to reschedule: a tick can land between two batches.
 */
int test_ksoftirqd_irqs_on_between_batches(void)
{
	struct ksoftirqd_watch w = {0};
	struct rcufuzz_result r;

	EXPECT(run_scenario_watched("topology cpus=1 tasks=1 threadirqs\nirq cpu0 tick\n"
				    "step cpu0 until ksoftirqd_main:cond_resched\n",
				    watch_ksoftirqd, &w, &r) == 0,
	       "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(w.at > 0, "ksoftirqd never reached its cond_resched point");
	EXPECT(w.irqs_off == 0, "ksoftirqd stood at cond_resched with irqs off %d of %d times",
	       w.irqs_off, w.at);
	return 0;
}

/* T0's rcu_read_lock_nesting when it stands at run_op's irq_enable point (-1: never). */
static void watch_nesting_at_irq_enable(const struct trace_row *row, void *arg)
{
	if (strcmp(row->func, "run_op") == 0 && strcmp(row->label, "irq_enable") == 0 &&
	    strcmp(row->task->comm, "T0") == 0)
		*(int *)arg = row->task->rcu_read_lock_nesting;
}

/*
 * Strict mode keeps v3.0's first restriction: a reader that has run
 * preemptible may not end with irqs disabled, so that read_unlock is
 * skipped (the reader stays open); misuse mode lets it end.
 */
int test_strict_mode_skips_unlock_with_irqs_off(void)
{
	static const char *const modes[] = {"strict", "misuse"};

	for (int m = 0; m < 2; m++) {
		char text[256];
		struct rcufuzz_result r;
		int nesting = -1;

		snprintf(text, sizeof(text),
			 "mode %s\ntopology cpus=1 tasks=1\nwork T0 read_lock\n"
			 "work T0 irq_disable\nwork T0 read_unlock\nwork T0 irq_enable\n"
			 "step cpu0 until run_op:irq_enable\n",
			 modes[m]);
		EXPECT(run_scenario_watched(text, watch_nesting_at_irq_enable, &nesting, &r) == 0,
		       "scenario");
		EXPECT(!r.reported, "%s", r.text);
		EXPECT(nesting == (m == 0 ? 1 : 0), "%s mode: nesting %d after the read_unlock",
		       modes[m], nesting);
	}
	return 0;
}

/* One trace row without its record: what the CPU did, not which line asked. */
static void record_step(const struct trace_row *row, void *arg)
{
	fprintf(arg, "%lu cpu%d %p %s %s:%s\n", row->step, row->cpu, (const void *)row->task,
		row->context, row->func, row->label);
}

/*
 * "step cpuN x8" runs its steps as one batch (sim_steps_while(), no trip
 * through the main loop); eight "step cpuN" records run one step each.
 * Same steps, same rows, same report: the after_step hook, the step count
 * and a report's last step are what the batch must not lose.
 */
int test_batched_steps_match_single_steps(void)
{
	static const char batched[] = "switch busted_early_callback=on\n"
				      "topology cpus=2 fanout=2 tasks=2\n"
				      "step cpu0 x3\nwork T1 call_rcu\nstep cpu1 x6\nstep cpu1 x7\n"
				      "irq cpu1 tick\nstep cpu1 x8\nstep cpu1 x7\n";
	char single[2048] = "";
	struct rcufuzz_result r[2];
	char *log[2];
	size_t len[2];
	unsigned long rows[2] = {0, 0};
	int rc[2], same;
	const char *line = batched;

	/* The same scenario with every "step cpuN xK" as K one-step records. */
	while (*line) {
		const char *end = strchr(line, '\n');
		int cpu, k;

		if (sscanf(line, "step cpu%d x%d", &cpu, &k) == 2)
			for (int i = 0; i < k; i++)
				snprintf(single + strlen(single), sizeof(single) - strlen(single),
					 "step cpu%d\n", cpu);
		else
			snprintf(single + strlen(single), sizeof(single) - strlen(single), "%.*s\n",
				 (int)(end - line), line);
		line = end + 1;
	}
	for (int i = 0; i < 2; i++) {
		FILE *f = open_memstream(&log[i], &len[i]);

		EXPECT(f != NULL, "memstream");
		rc[i] = run_scenario_watched(i ? single : batched, record_step, f, &r[i]);
		fclose(f);
		for (size_t j = 0; j < len[i]; j++)
			rows[i] += log[i][j] == '\n';
	}
	same = len[0] == len[1] && memcmp(log[0], log[1], len[0]) == 0;
	free(log[0]);
	free(log[1]);
	EXPECT(rc[0] == 0 && rc[1] == 0, "scenario");
	EXPECT(r[0].reported && strcmp(r[0].summary, r[1].summary) == 0, "'%s' against '%s'",
	       r[0].summary, r[1].summary);
	EXPECT(r[0].steps == r[1].steps, "%lu steps against %lu", r[0].steps, r[1].steps);
	/* after_step, so the trace, sees every step, the report's last included. */
	EXPECT(rows[0] == r[0].steps, "%lu trace rows for %lu steps", rows[0], r[0].steps);
	EXPECT(same, "the traces differ");
	return 0;
}

/* The report a kernel engineer reads: both frames, the lock, the holder. */
int test_self_deadlock_report(void)
{
	struct traced_run t;
	const char *text;

	EXPECT(run_scenario_text("mode test\nlockdep off\ntopology cpus=1 tasks=1\n"
				 "work T0 rq_lock\nstep cpu0 x4\nirq cpu0 tick\nstep cpu0 x4\n",
				 &t) == 0,
	       "scenario");
	EXPECT(t.result.reported, "no report");
	text = t.result.text;
	EXPECT(strstr(text, "BUG: deadlock") != NULL, "%s", text);
	EXPECT(strstr(text, "smp_apic_timer_interrupt    <IRQ>") != NULL, "no irq frame\n%s", text);
	EXPECT(strstr(text, "--- interrupted task ---") != NULL, "no task frame\n%s", text);
	EXPECT(strstr(text, "#0: &rq->lock, at: run_op") != NULL, "holder not named\n%s", text);
	EXPECT(strstr(text, "<-- reported here") != NULL, "no event marked\n%s", text);
	EXPECT(strcmp(t.result.summary, "rcufuzz: deadlock &rq->lock in scheduler_tick") == 0, "%s",
	       t.result.summary);
	traced_run_free(&t);
	return 0;
}

/*
 * Random inputs under the sanitizers: no harness fault (ASan/UBSan abort the
 * whole test), no harness-limit report, and the fixed kernel in strict mode
 * clean.  Every third input runs v3.0 strict; the others run the buggy
 * presets and the cures' in every mode, where reports are expected but
 * faults are not.
 * RCUFUZZ_RANDOM_INPUTS overrides the count (default 10^5).
 */
static const char *const random_presets[] = {
	"v3.0-rc7",
	"revert-exp_unlock_before_wake",
	"revert-boosted_field",
	"revert-unlock_nesting_guard",
	"revert-ipi_irq_enter",
	"revert-softirq_exclusion",
	"revert-sighand_irq_order",
	"revert-sched_fully_active",
	"misuse+wait_lock_irqsafe",
	"misuse+sched_lock_reader",
	"misuse+sched_lock_cleanup",
	"misuse+deferred_qs",
	"misuse+deferred_qs_wakeup_safe",
	"misuse+deferred_qs_no_wakeup",
};
#define NR_RANDOM_PRESETS (sizeof(random_presets) / sizeof(random_presets[0]))

static void save_failing_input(const uint8_t *buf, size_t size)
{
	FILE *f = fopen("out/tests/failing-input.bin", "wb");

	if (f == NULL)
		return;
	fwrite(buf, 1, size, f);
	fclose(f);
	printf("    saved as out/tests/failing-input.bin\n");
}

int test_random_inputs(void)
{
	static uint8_t buf[1024];
	const char *env = getenv("RCUFUZZ_RANDOM_INPUTS");
	long n = env ? atol(env) : 100000;
	/* RCUFUZZ_RANDOM_FROM=K: draw but do not run the inputs before K (to bisect). */
	const char *from_env = getenv("RCUFUZZ_RANDOM_FROM");
	long from = from_env ? atol(from_env) : 0;
	uint64_t seed = 42;
	struct rcufuzz_options o;
	struct rcufuzz_result r;

	rcufuzz_default_options(&o);
	for (long i = 0; i < n; i++) {
		size_t size;

		o.mode = (enum workload_mode)(i % NR_MODES);
		preset_lookup(o.mode == MODE_STRICT
				      ? PRESET_V3_0
				      : random_presets[(i / NR_MODES) % NR_RANDOM_PRESETS],
			      &o.switches, &o.pin);
		random_input(&seed, buf, &size, i % 16 == 0 ? sizeof(buf) : 256);
		if (i < from)
			continue;
		rcufuzz_run(buf, size, &o, &r);
		if (r.reported && (r.kind == REPORT_LIMIT || o.mode == MODE_STRICT))
			save_failing_input(buf, size);
		EXPECT(!r.reported || r.kind != REPORT_LIMIT, "input %ld: %s", i, r.summary);
		EXPECT(o.mode != MODE_STRICT || !r.reported, "input %ld (strict, v3.0):\n%s", i,
		       r.text);
	}
	return 0;
}
