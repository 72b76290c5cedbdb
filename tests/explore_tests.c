/* SPDX-License-Identifier: MIT */
/*
 * Bounded exploration (rcureplay --explore, issue 28): a count known by
 * hand, a report at bound 1 and not at bound 0, the same counts and the
 * same first report twice and whatever --jobs, zoo bugs and findings found
 * from their harnesses, and the verdict line.
 */
#include "harness.h"

#include "../replay/cli.h"
#include "../replay/explore.h"
#include "../replay/scenario.h"
#include "../fuzz/harness_explore.h"
#include "../fuzz/harnesses.h"
#include "../fuzz/neighbour.h"
#include "../replay/state.h"
#include "../target/kernel/sched.h"
#include "../target/kernel/workload.h"
#include "../target/rcu/tree.h"
#include "../target/check/relevant.h"
#include "../target/input.h"
#include "../target/config/history.h"
#include "../target/run.h"

#include <stdlib.h>
#include <string.h>

/* Explore scenario @text (its own options, or preset @preset) to @bound. */
static int explore_text_eo(const char *text, const char *preset, const struct explore_options *eo,
			   struct explore_result *r)
{
	struct scenario s;
	struct rcufuzz_options o;
	int rc;

	if (scenario_text_options(text, &s, &o) < 0)
		return -1;
	if (preset != NULL && !preset_lookup(preset, &o.switches, &o.pin)) {
		scenario_free(&s);
		return -1;
	}
	rc = explore(s.bytes, s.size, &o, eo, r);
	scenario_free(&s);
	return rc;
}

static int explore_text(const char *text, const char *preset, int bound, int jobs, int prune,
			struct explore_result *r)
{
	struct explore_options eo = {.bound = bound, .jobs = jobs, .prune = prune};

	return explore_text_eo(text, preset, &eo, r);
}

/* The rows of a run that stand at an RCU-relevant point, counted by the trace. */
static void count_relevant(const struct trace_row *row, void *arg)
{
	int *n = arg;

	/* The explorer's branch points: records' steps, before the drain. */
	if (row->event >= 0 && row->ev != NULL && row->ev->op != EV_WORK && rcu_relevant_row(row))
		(*n)++;
}

/*
 * One CPU, one task: a branch point offers only a resched (no other CPU to
 * run or park for), so bound 1 is the default schedule and one schedule
 * per RCU-relevant point it passes, 1 + K; bound 0 is 1.
 */
int test_explore_count_by_hand(void)
{
	static const char text[] = "topology cpus=1 tasks=1\n"
				   "work T0 read_lock\n"
				   "work T0 read_unlock\n";
	struct explore_result r0, r1;

	EXPECT(explore_text(text, NULL, 0, 1, 0, &r0) == 0, "explore");
	EXPECT(r0.schedules == 1 && !r0.reported && r0.bound_done == 0,
	       "bound 0: %lu schedules, report %d", r0.schedules, r0.reported);
	EXPECT(explore_text(text, NULL, 1, 1, 0, &r1) == 0, "explore");
	EXPECT(r1.default_points > 5 && r1.default_alternatives == r1.default_points,
	       "one CPU: %u points offer %u preemptions", r1.default_points,
	       r1.default_alternatives);
	EXPECT(r1.schedules == 1 + r1.default_points && r1.bound_done == 1,
	       "bound 1: %lu schedules, not 1 + %u", r1.schedules, r1.default_points);
	return 0;
}

/* Every relevant point, as --explore sees it, is one the table names (relevant.def). */
int test_explore_points_are_relevant(void)
{
	struct rcufuzz_result res;
	int n = 0;

	/* A hand schedule: a tick, a reader; count what the trace shows. */
	EXPECT(run_scenario_watched("topology cpus=1 tasks=1\n"
				    "irq cpu0 tick\n"
				    "step cpu0 x8\n",
				    count_relevant, &n, &res) == 0,
	       "run");
	EXPECT(n > 0, "a tick passes no RCU-relevant point");
	EXPECT(rcu_relevant_name("rcu_read_unlock_special", "target/rcu/tree_plugin.c", "dequeued"),
	       "a point of target/rcu/ is not relevant");
	EXPECT(rcu_relevant_name("run_op", NULL, "read_unlock"), "run_op is not relevant");
	EXPECT(!rcu_relevant_name("rcu_start_gp", "target/rcu/tree.c", "spinning"),
	       "a spinning point is relevant");
	EXPECT(!rcu_relevant_name("mod_timer", "target/kernel/timer.c", "lock acquired"),
	       "a timer lock is relevant");
	return 0;
}

/* FF4 (inject-ff4) needs its tick's CPU parked inside the reader: one preemption. */
int test_explore_report_at_bound_one(void)
{
	struct scenario h;
	struct rcufuzz_options o;
	struct rcufuzz_result res;
	char text[256];
	struct explore_result r;

	snprintf(text, sizeof(text), "topology cpus=2 tasks=1\nwork T0 call_rcu\n");
	EXPECT(explore_text(text, "inject-ff4", 0, 1, 1, &r) == 0, "explore");
	EXPECT(!r.reported && r.bound_done == 0, "a report at bound 0: %s", r.summary);
	EXPECT(explore_text(text, "inject-ff4", 1, 1, 1, &r) == 0, "explore");
	EXPECT(r.reported && r.preemptions == 1, "no report at bound 1");
	EXPECT(strcmp(r.summary, "rcufuzz: rcu-guarantee reader-outlived-grace-period in rcu_do_batch") ==
		       0,
	       "reported %s", r.summary);
	/* Its bytes replay to the same report under inject-ff4, clean under v3.0. */
	EXPECT(scenario_text_options(text, &h, &o) == 0, "compile");
	scenario_free(&h);
	preset_lookup("inject-ff4", &o.switches, &o.pin);
	rcufuzz_run(r.bytes, r.size, &o, &res);
	EXPECT(res.reported && strcmp(res.summary, r.summary) == 0, "the bytes do not replay");
	preset_lookup(PRESET_V3_0, &o.switches, &o.pin);
	rcufuzz_run(r.bytes, r.size, &o, &res);
	EXPECT(!res.reported, "v3.0 reports it too: %s", res.summary);
	free(r.bytes);
	return 0;
}

/* out/rcureplay --explore's stdout for @args (the plain build, as a user runs it): its exit status. */
static int explore_cli(const char *args, char *out, size_t len)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "out/rcureplay --explore %s 2>/dev/null", args);
	return command_output(cmd, out, len);
}

/*
 * The same scenario and flags: the same counts and the same report, twice
 * and whatever --jobs.  (Run as a user runs it: under ASan the oracle's
 * objects are on the heap, and their addresses, which the state hash
 * reads, differ between two explorations in one process.)
 */
int test_explore_deterministic(void)
{
	static char a[8192], b[8192], c[8192];
	static const char sync[] = "topology cpus=2 tasks=2\n"
				   "work T0 read_lock\nwork T0 deref\nwork T0 read_unlock\n"
				   "work T1 synchronize_rcu\n";
	struct explore_result pruned, all;

	EXPECT(explore_cli("--preemptions 2 corpus/harness/reader-sync.scn", a, sizeof(a)) == 0,
	       "exit");
	EXPECT(explore_cli("--preemptions 2 corpus/harness/reader-sync.scn", b, sizeof(b)) == 0,
	       "exit");
	EXPECT(explore_cli("--preemptions 2 --jobs 2 corpus/harness/reader-sync.scn", c,
			   sizeof(c)) == 0,
	       "exit");
	EXPECT(strncmp(a, "explored ", 9) == 0 && strcmp(a, b) == 0 && strcmp(a, c) == 0,
	       "'%s', then '%s', with --jobs 2 '%s'", a, b, c);
	EXPECT(explore_cli("--preset inject-ff2 -o " TMP "-explore.det corpus/harness/reader-sync.scn",
			   a, sizeof(a)) == 1,
	       "exit");
	EXPECT(explore_cli("--preset inject-ff2 --jobs 2 -o " TMP
			   "-explore.det corpus/harness/reader-sync.scn",
			   b, sizeof(b)) == 1,
	       "exit");
	EXPECT(strcmp(a, b) == 0, "'%s', with --jobs 2 '%s'", a, b);
	/* Pruning only cuts schedules short: without it, at least as many run, none reports. */
	EXPECT(explore_text(sync, NULL, 1, 1, 1, &pruned) == 0, "explore");
	EXPECT(explore_text(sync, NULL, 1, 1, 0, &all) == 0, "explore");
	EXPECT(!pruned.reported && !all.reported && all.schedules >= pruned.schedules &&
		       all.schedules == 1 + all.default_alternatives,
	       "%lu schedules pruned, %lu not, %u preemptions to choose from",
	       pruned.schedules, all.schedules, all.default_alternatives);
	return 0;
}

/*
 * The default schedule runs a hotplug workload to its end: a CPU spinning
 * until another acts (stop_machine's stages, _cpu_down()'s wait for the
 * dead CPU's idle task) steps again once every CPU waits.  Before, the
 * hotplug harnesses' default schedules stood still in stop_machine until
 * the 4,000-step cut, so no explored schedule of theirs took the CPU down
 * (the drain did, deterministically).  readers-expedited-twice, with
 * RCU_BOOST on, stood still too: its boosted reader held its CPU.  And a
 * workload that leaves a reader open (hotplug-reader-outlives) keeps a
 * grace period waiting for good: the explored part ends once nothing has
 * moved for STUCK_ROUNDS waits; before, every run went to the cut.
 */
int test_explore_default_schedule_completes(void)
{
	static const char *const harness[] = {
		"corpus/harness/hotplug-two-readers.scn", "corpus/harness/hotplug-expedited.scn",
		"corpus/harness/hotplug-online.scn", "corpus/harness/hotplug-boost-expedited.scn",
		"corpus/harness/readers-expedited-twice.scn",
		"corpus/harness/hotplug-reader-outlives.scn"};
	struct explore_result r;

	for (size_t i = 0; i < sizeof(harness) / sizeof(harness[0]); i++) {
		size_t size;
		char *text = (char *)read_input_file(harness[i], &size);

		EXPECT(text != NULL, "%s", harness[i]);
		text[size] = '\0';
		EXPECT(explore_text(text, "v3.0-patched", 0, 1, 1, &r) == 0, "explore");
		free(text);
		EXPECT(!r.reported && r.default_steps < EXPLORE_STEPS,
		       "%s: the default schedule ran %u steps", harness[i], r.default_steps);
	}
	return 0;
}

/*
 * Run scenario @text's default schedule (--release late if @late) with
 * @trace watching its rows; its result into @res.  0, or -1 if it did not compile.
 */
static int run_default_schedule(const char *text, int late,
				void (*trace)(const struct trace_row *, void *), void *arg,
				struct rcufuzz_result *res)
{
	struct scenario s;
	struct rcufuzz_options o;
	uint8_t *bytes;
	size_t n;
	int rc;

	if (scenario_text_options(text, &s, &o) < 0)
		return -1;
	rc = explore_default_schedule(s.bytes, s.size, &o, late, &bytes, &n);
	scenario_free(&s);
	if (rc < 0)
		return -1;
	o.trace = trace;
	o.trace_arg = arg;
	rcufuzz_run(bytes, n, &o, res);
	free(bytes);
	return 0;
}

/* Explored rows (not the drain's) of a CPU standing in play_dead(). */
static void count_play_dead(const struct trace_row *row, void *arg)
{
	int *n = arg;

	if (row->event >= 0 && row->func != NULL && strcmp(row->func, "play_dead") == 0)
		(*n)++;
}

/*
 * The default schedule of every harness that takes a CPU down takes it all
 * the way to play_dead() itself, not the drain: until 2026-12-07 a 2-CPU
 * stop_machine() ended hotplug-gp's explored part (each spinner stepped
 * once, no tick due, the workload "taken": done), so no preemption of its
 * schedules fell in the offline.
 */
int test_explore_default_schedule_runs_the_offline(void)
{
	static const char *const harness[] = {
		"corpus/harness/hotplug-gp.scn", "corpus/harness/hotplug-late-callback.scn",
		"corpus/harness/hotplug-two-readers.scn", "corpus/harness/hotplug-boost.scn"};

	for (size_t i = 0; i < sizeof(harness) / sizeof(harness[0]); i++) {
		struct rcufuzz_result res;
		size_t size;
		int dead = 0, rc;
		char *text = (char *)read_input_file(harness[i], &size);

		EXPECT(text != NULL, "%s", harness[i]);
		text[size] = '\0';
		rc = run_default_schedule(text, 0, count_play_dead, &dead, &res);
		free(text);
		EXPECT(rc == 0, "%s", harness[i]);
		EXPECT(!res.reported && dead > 0, "%s: %d explored steps in play_dead()", harness[i],
		       dead);
	}
	return 0;
}

/* Where T0's rcu_read_unlock() began: was T1 (in synchronize_rcu()) asleep by then? */
struct unlock_order {
	int seen;	 /* T0 stood at run_op:read_unlock */
	int sync_asleep; /* T1's state then was not TASK_RUNNING */
};

static void note_unlock_order(const struct trace_row *row, void *arg)
{
	struct unlock_order *u = arg;
	const struct task_struct *t1 = workload_task(1);

	if (u->seen || row->event < 0 || row->task != workload_task(0) || row->func == NULL ||
	    strcmp(row->func, "run_op") != 0 || strcmp(row->label, "read_unlock") != 0)
		return;
	u->seen = 1;
	u->sync_asleep = t1 != NULL && t1->state != TASK_RUNNING;
}

/*
 * --release late hands a work line out only once every op before it has
 * returned or sleeps, so the reader's unlock written after a
 * synchronize_rcu() begins once the updater sleeps in it; early (the
 * default) hands it out as soon as the updater has taken its op, and the
 * reader, whose CPU runs on, unlocks first.  A harness that needs its
 * updater blocked on its readers (boost-twice-after-offline's, the
 * expedited grace period boosting a reader moved to the root) gets that
 * order without a preemption spent on it.
 */
int test_explore_late_release(void)
{
	static const char text[] = "topology cpus=2 tasks=2\n"
				   "work T0 read_lock\n"
				   "work T1 synchronize_rcu\n"
				   "work T0 read_unlock\n";

	for (int late = 0; late <= 1; late++) {
		struct rcufuzz_result res;
		struct unlock_order u = {0};

		EXPECT(run_default_schedule(text, late, note_unlock_order, &u, &res) == 0,
		       "compile");
		EXPECT(u.seen && u.sync_asleep == late && !res.reported,
		       "--release %s: unlock %s, the updater %s then, report %d",
		       late ? "late" : "early", u.seen ? "ran" : "never ran",
		       u.sync_asleep ? "asleep" : "awake", res.reported);
	}
	return 0;
}

/*
 * --parks-only: boost-twice-after-offline from its harness (late release,
 * bound 2) takes 3,593 schedules with parks alone, where every kind of
 * preemption takes 145,925; the report's preemptions are all parks, and
 * v3.0-patched runs it clean.  The same budget with every kind does not
 * reach it: the lever the engine's park pass is built on (harness_explore.c).
 */
int test_explore_parks_only(void)
{
	enum { BUDGET = 6000 };
	struct explore_options eo = {
		.bound = 2, .jobs = 2, .prune = 1, .late_release = 1, .max_schedules = BUDGET};
	struct rcufuzz_options patched;
	struct rcufuzz_result res;
	struct explore_result r;
	size_t size;
	char *text = (char *)read_input_file("corpus/harness/hotplug-boost-expedited-outlives.scn",
					     &size);

	EXPECT(text != NULL, "the harness");
	text[size] = '\0';
	for (int parks = 1; parks >= 0; parks--) {
		eo.parks_only = parks;
		EXPECT(explore_text_eo(text, "finding-boost-twice-after-offline", &eo, &r) == 0,
		       "explore");
		if (!parks) {
			EXPECT(!r.reported, "every kind: a report within %d schedules: %s", BUDGET,
			       r.summary);
			break;
		}
		EXPECT(r.reported &&
			       strstr(r.summary, "hang booster-waits-forever in rt_mutex_lock"),
		       "parks only: no report in %lu schedules", r.schedules);
		for (int i = 0; i < r.preemptions; i++)
			EXPECT(r.preempted[i].kind == EXPLORE_PARK, "preemption %d: kind %d", i + 1,
			       r.preempted[i].kind);
		rcufuzz_default_options(&patched);
		EXPECT(preset_lookup("v3.0-patched", &patched.switches, &patched.pin),
		       "v3.0-patched");
		rcufuzz_run(r.bytes, r.size, &patched, &res);
		free(r.bytes);
		EXPECT(!res.reported, "v3.0-patched reports too: %s", res.summary);
	}
	free(text);
	return 0;
}

/* Zoo bugs from the published harness: FF2, FF6 and LC3 (inject-*), each at its bound. */
int test_explore_finds_zoo_bugs(void)
{
	static const struct {
		const char *preset, *summary;
		int preemptions;
	} zoo[] = {
		{"inject-ff2", "reader-outlived-grace-period in synchronize_rcu", 1},
		{"inject-ff6", "invariant gp-start-with-qsmask", 1},
		{"inject-lc3", "lockdep inconsistent-lock-state in rcu_report_qs_rdp", 0},
	};
	struct explore_result r;
	size_t size;
	char *text = (char *)read_input_file("corpus/harness/reader-sync.scn", &size);

	EXPECT(text != NULL, "corpus/harness/reader-sync.scn");
	text[size] = '\0';
	for (size_t i = 0; i < sizeof(zoo) / sizeof(zoo[0]); i++) {
		EXPECT(explore_text(text, zoo[i].preset, 2, 1, 1, &r) == 0, "explore");
		EXPECT(r.reported && strstr(r.summary, zoo[i].summary) &&
			       r.preemptions == zoo[i].preemptions,
		       "%s: report %d with %d preemptions: %s", zoo[i].preset, r.reported,
		       r.preemptions, r.summary);
		free(r.bytes);
	}
	free(text);
	return 0;
}

/*
 * Findings from the harnesses of their shape, each at its bound, and what
 * the explorer found runs clean under v3.0-patched (the finding, not news).
 * offline-qs-before-play-dead needs a parked dying CPU to stand through a
 * whole grace period (PARK_ROUNDS: at 16 it ran again first);
 * idle-notifier-in-dyntick-idle needs a park inside the idle notifiers'
 * reader (atomic_notifier_call_chain in relevant.def).
 * Each within a few more schedules than it takes now (99, 150), so that a
 * change that makes the search larger shows.
 */
int test_explore_finds_findings(void)
{
	static const struct {
		const char *harness, *preset, *summary;
		int preemptions;
		unsigned long schedules; /* at most */
	} findings[] = {
		{"corpus/harness/hotplug-late-callback.scn", "finding-offline-qs-before-play-dead",
		 "reader-outlived-grace-period in rcu_do_batch", 1, 200},
		{"corpus/harness/callback-dyntick.scn", "finding-idle-notifier-in-dyntick-idle",
		 "reader-outlived-grace-period in rcu_do_batch", 2, 300},
		/* 20,461 schedules in this (ASan) build, 17,503 in rcureplay. */
		{"corpus/harness/hotplug-two-readers.scn", "finding-offline-reverses-blocked-tasks",
		 "reader-outlived-grace-period in rcu_do_batch", 2, 25000},
	};
	struct rcufuzz_options patched;
	struct rcufuzz_result res;
	struct explore_result r;
	size_t size;

	rcufuzz_default_options(&patched);
	EXPECT(preset_lookup("v3.0-patched", &patched.switches, &patched.pin), "v3.0-patched");
	for (size_t i = 0; i < sizeof(findings) / sizeof(findings[0]); i++) {
		char *text = (char *)read_input_file(findings[i].harness, &size);

		EXPECT(text != NULL, "%s", findings[i].harness);
		text[size] = '\0';
		EXPECT(explore_text(text, findings[i].preset, 2, 2, 1, &r) == 0, "explore");
		free(text);
		EXPECT(r.reported && strstr(r.summary, findings[i].summary) &&
			       r.preemptions == findings[i].preemptions &&
			       r.schedules <= findings[i].schedules,
		       "%s: report %d with %d preemptions after %lu schedules: %s",
		       findings[i].preset, r.reported, r.preemptions, r.schedules, r.summary);
		rcufuzz_run(r.bytes, r.size, &patched, &res);
		free(r.bytes);
		EXPECT(!res.reported, "%s: v3.0-patched reports too: %s", findings[i].preset,
		       res.summary);
	}
	return 0;
}

/* The command line: the verdict line, exit 0; a report minimized with its replay command, exit 1. */
int test_explore_cli(void)
{
	static char out[8192];

	EXPECT(replay_to(TMP "-explore.out", NULL,
			 ARGS("--explore", "--preemptions", "1",
			      "corpus/harness/reader-sync.scn")) == 0,
	       "clean exploration exit");
	read_text(TMP "-explore.out", out, sizeof(out));
	EXPECT(strncmp(out, "explored ", 9) == 0 &&
		       strstr(out, " states) up to 1 preemptions: clean\n") != NULL,
	       "'%s'", out);
	EXPECT(replay_to(TMP "-explore.out", NULL,
			 ARGS("--explore", "--preset", "inject-ff2", "-o", TMP "-explore.min",
			      "corpus/harness/reader-sync.scn")) == 1,
	       "report exit");
	read_text(TMP "-explore.out", out, sizeof(out));
	EXPECT(strstr(out, "reader-outlived-grace-period") && strstr(out, "topology cpus=2") &&
		       strstr(out, "Replay: out/rcureplay --preset inject-ff2 " TMP "-explore.min"),
	       "'%s'", out);
	/*
	 * Its one preemption, named where the explorer took it, as --trace and
	 * `step cpuN until` name the point (run_op, not the POINT's workload_main).
	 */
	EXPECT(strstr(out, "\n  preemption 1: switch from cpu0 to cpu1 at run_op:read_lock, "
			   "after 1 steps\n") &&
		       !strstr(out, "preemption 2:"),
	       "'%s'", out);
	EXPECT(replay(ARGS("--preset", "inject-ff2", TMP "-explore.min")) == 1,
	       "the minimized bytes do not report");
	EXPECT(replay(ARGS("--explore", "--preemptions", "7", "corpus/harness/reader-sync.scn")) ==
		       2,
	       "--preemptions 7 accepted");
	EXPECT(replay(ARGS("--explore", "--trace", "corpus/harness/reader-sync.scn")) == 2,
	       "--explore --trace accepted");
	/* The default schedule as a scenario: its work lines and named steps, exit 0. */
	EXPECT(replay_to(TMP "-explore.out", NULL,
			 ARGS("--explore", "--default-schedule", "-o", TMP "-explore.def",
			      "corpus/harness/hotplug-gp.scn")) == 0,
	       "--default-schedule exit");
	read_text(TMP "-explore.out", out, sizeof(out));
	EXPECT(strstr(out, "work T0 cpu_offline cpu1\n") && strstr(out, "step cpu0 until "),
	       "'%s'", out);
	EXPECT(replay(ARGS(TMP "-explore.def")) == 0, "the default schedule's bytes report");
	EXPECT(replay(ARGS("--default-schedule", "corpus/harness/hotplug-gp.scn")) == 2,
	       "--default-schedule without --explore accepted");
	/* --release: early or late, and only with --explore. */
	EXPECT(replay_to(TMP "-explore.out", NULL,
			 ARGS("--explore", "--release", "late", "--preemptions", "1",
			      "corpus/harness/reader-sync.scn")) == 0,
	       "--release late exit");
	EXPECT(replay(ARGS("--explore", "--release", "soon", "corpus/harness/reader-sync.scn")) ==
		       2,
	       "--release soon accepted");
	EXPECT(replay(ARGS("--release", "late", "corpus/harness/reader-sync.scn")) == 2,
	       "--release without --explore accepted");
	/* --parks-only: its clean verdict says parks; only with --explore. */
	EXPECT(replay_to(TMP "-explore.out", NULL,
			 ARGS("--preset", "v3.0-patched", "--explore", "--parks-only",
			      "--preemptions", "1", "corpus/harness/reader-sync.scn")) == 0,
	       "--parks-only exit");
	read_text(TMP "-explore.out", out, sizeof(out));
	EXPECT(strstr(out, " up to 1 parks: clean\n") != NULL, "'%s'", out);
	EXPECT(replay(ARGS("--parks-only", "corpus/harness/reader-sync.scn")) == 2,
	       "--parks-only without --explore accepted");
	/*
	 * --unless Q: past the reports Q gives too (inject-ff2's own: clean, and
	 * says how many it went past); a report Q does not give stands (v3.0 runs
	 * FF2's schedule clean); an unknown preset, or no --explore: exit 2.
	 */
	EXPECT(replay_to(TMP "-explore.out", NULL,
			 ARGS("--explore", "--preset", "inject-ff2", "--unless", "inject-ff2",
			      "--preemptions", "1", "corpus/harness/reader-sync.scn")) == 0,
	       "--unless inject-ff2 exit");
	read_text(TMP "-explore.out", out, sizeof(out));
	EXPECT(strstr(out, " up to 1 preemptions: clean but for ") &&
		       strstr(out, " reports that inject-ff2 gives too\n"),
	       "'%s'", out);
	EXPECT(replay_to(TMP "-explore.out", NULL,
			 ARGS("--explore", "--preset", "inject-ff2", "--unless", "v3.0",
			      "--preemptions", "1", "-o", TMP "-explore.min",
			      "corpus/harness/reader-sync.scn")) == 1,
	       "--unless v3.0 exit");
	read_text(TMP "-explore.out", out, sizeof(out));
	EXPECT(strstr(out, "went past 0 reports that v3.0 gives too\n") &&
		       strstr(out, "reader-outlived-grace-period"),
	       "'%s'", out);
	EXPECT(replay(ARGS("--explore", "--unless", "v3.1", "corpus/harness/reader-sync.scn")) == 2,
	       "--unless v3.1 accepted");
	EXPECT(replay(ARGS("--unless", "v3.0", "corpus/harness/reader-sync.scn")) == 2,
	       "--unless without --explore accepted");
	return 0;
}

/* The last row of record @want: at an RCU-relevant point? */
struct last_row {
	long want;
	int relevant, cpu;
};

static void note_last_row(const struct trace_row *row, void *arg)
{
	struct last_row *l = arg;

	if (row->event == l->want) {
		l->cpu = row->cpu;
		l->relevant = rcu_relevant_row(row);
	}
}

/*
 * The exploration stage's neighbours (fuzz/neighbour.h): a resched right
 * where the entry's run stands at an RCU-relevant point, the CPU's later
 * records dropped for a park, another CPU's steps for a switch; the same
 * bytes twice; nothing for a run that passes no relevant point.
 */
int test_explore_neighbours(void)
{
	static const char text[] = "topology cpus=2 tasks=2\n"
				   "work T0 read_lock\n"
				   "step cpu0 x8\n"
				   "step cpu1 x8\n"
				   "work T0 read_unlock\n"
				   "step cpu0 x8\n"
				   "step cpu0 x8\n"
				   "step cpu1 x8\n";
	struct scenario s;
	struct rcufuzz_options o;
	struct config c;
	struct input_event ev;
	uint8_t a[512], b[512];
	size_t na, nb, pos;
	long index = 0, resched = -1;
	int cpu0_steps[3] = {0, 0, 0};

	EXPECT(scenario_text_options(text, &s, &o) == 0, "scenario");
	rcufuzz_config(s.bytes, s.size, &o, &c);
	/* Pick 0: the first point, resched. */
	na = explore_neighbour(s.bytes, s.size, &o, 0, 7, a, sizeof(a));
	nb = explore_neighbour(s.bytes, s.size, &o, 0, 7, b, sizeof(b));
	EXPECT(na > s.size && na == nb && memcmp(a, b, na) == 0, "%zu and %zu bytes", na, nb);
	for (pos = 0; input_next(a, na, &pos, &c.topo, o.mode, &ev); index++)
		if (ev.op == EV_RESCHED && resched < 0)
			resched = index;
	EXPECT(resched > 0, "no resched record");
	{
		struct rcufuzz_options traced = o;
		struct last_row l = {.want = resched - 1, .cpu = -1};
		struct rcufuzz_result r;

		traced.trace = note_last_row;
		traced.trace_arg = &l;
		rcufuzz_run(a, na, &traced, &r);
		EXPECT(l.relevant, "the record before the resched (#%ld, cpu%d) ends at no relevant point",
		       l.want, l.cpu);
	}
	/* Pick 1: park that CPU; pick 2: run the other CPU instead. */
	na = explore_neighbour(s.bytes, s.size, &o, 1, 7, a, sizeof(a));
	nb = explore_neighbour(s.bytes, s.size, &o, 2, 7, b, sizeof(b));
	for (int k = 0; k < 3; k++) {
		const uint8_t *d = k == 0 ? s.bytes : k == 1 ? a : b;
		size_t n = k == 0 ? s.size : k == 1 ? na : nb;

		for (pos = 0; input_next(d, n, &pos, &c.topo, o.mode, &ev);)
			if (ev.op == EV_STEP && ev.cpu == 0)
				cpu0_steps[k] += ev.count;
	}
	EXPECT(cpu0_steps[1] < cpu0_steps[0], "park: cpu0 steps %d of %d", cpu0_steps[1],
	       cpu0_steps[0]);
	EXPECT(nb > s.size && cpu0_steps[2] == cpu0_steps[0], "switch: %zu bytes, cpu0 steps %d",
	       nb, cpu0_steps[2]);
	scenario_free(&s);
	/* A header alone runs no step record: no neighbour. */
	EXPECT(explore_neighbour(a, INPUT_HEADER_SIZE, &o, 0, 7, b, sizeof(b)) == 0,
	       "a neighbour of a header");
	return 0;
}

/*
 * Run the harness exploration under @finding, the pass order drawn from
 * @seed, until it hands out an input (at most @max calls, one a mutation);
 * that input must report @summary and run clean under v3.0-patched, which
 * has the finding's fix.  Leaves the stage's counts in @st and @calls.
 */
static int stage_finds(const char *finding, unsigned int seed, unsigned long max,
		       const char *summary, struct rcufuzz_options *o,
		       struct harness_explore_stats *st, unsigned long *calls)
{
	static uint8_t out[1024];
	struct rcufuzz_options patched;
	struct rcufuzz_result res;
	size_t n = 0;

	rcufuzz_default_options(o);
	rcufuzz_default_options(&patched);
	EXPECT(preset_lookup(finding, &o->switches, &o->pin) &&
		       preset_lookup("v3.0-patched", &patched.switches, &patched.pin),
	       "presets");
	harness_explore_reset();
	for (*calls = 0; n == 0 && *calls < max; ++*calls)
		n = harness_explore_next(o, seed, out, sizeof(out), NULL);
	harness_explore_stats(st);
	EXPECT(n > 0, "no report in %u units (%lu schedules, %lu calls)", st->units, st->schedules,
	       *calls);
	rcufuzz_run(out, n, o, &res);
	EXPECT(res.reported && strstr(res.summary, summary), "the stage's input: %s",
	       res.reported ? res.summary : "clean");
	rcufuzz_run(out, n, &patched, &res);
	EXPECT(!res.reported, "v3.0-patched reports too: %s", res.summary);
	return 0;
}

/*
 * The default engine's harness exploration (fuzz/harness_explore.h): under
 * finding-offline-qs-before-play-dead its bound-1 pass over the built-in
 * harnesses reports, as an input that replays to the finding and runs clean
 * under v3.0-patched.  That pass takes the harnesses in their built-in
 * order whatever the seed (smallest first: hotplug-late-callback is the
 * third), and the mutations pay for its units (no unit starts before the
 * ones before it are paid for).  With RCUFUZZ_UNLESS's preset the finding
 * itself, the whole pass goes past its reports and hands out none.
 */
int test_harness_explore(void)
{
	static uint8_t out[1024];
	struct rcufuzz_options o, same;
	struct harness_explore_stats st;
	unsigned long calls;
	size_t n = 0;

	for (unsigned int seed = 3; seed <= 4; seed++) {
		EXPECT(stage_finds("finding-offline-qs-before-play-dead", seed, 20000,
				   "reader-outlived-grace-period in rcu_do_batch", &o, &st,
				   &calls) == 0,
		       "the stage");
		EXPECT(st.units == 3, "seed %u: found in unit %u", seed, st.units);
		EXPECT(st.schedules - st.last_schedules <= calls,
		       "%lu schedules before the last unit, paid for by %lu mutations",
		       st.schedules - st.last_schedules, calls);
		/* Between two units the stage hands out nothing. */
		EXPECT(harness_explore_next(&o, seed, out, sizeof(out), NULL) == 0,
		       "a unit not paid for");
	}
	same = o;
	harness_explore_unless(&same);
	harness_explore_reset();
	for (calls = 0; calls < 20000; calls++)
		n += harness_explore_next(&o, 3, out, sizeof(out), NULL);
	harness_explore_unless(NULL);
	harness_explore_stats(&st);
	EXPECT(n == 0 && st.units >= nr_builtin_harnesses,
	       "past the preset's own reports: %zu bytes handed out, %u units", n, st.units);
	harness_explore_reset();
	return 0;
}

/*
 * The stage's second pass, parks only under both releases: under
 * finding-boost-twice-after-offline, with the pass starting at
 * hotplug-boost-expedited-outlives (the seed picks the first harness), the
 * stage reports the finding in that harness's late-release unit, as an
 * input clean under v3.0-patched.  Neither the bound-1 pass before it nor
 * the harness's early-release unit of the parks pass finds it.
 */
int test_harness_explore_parks_pass(void)
{
	static uint8_t out[1024];
	struct rcufuzz_options o;
	struct harness_explore_stats st;
	unsigned int seed = ~0u;
	unsigned long calls;

	for (size_t i = 0; i < nr_builtin_harnesses; i++)
		if (strcmp(builtin_harnesses[i].name, "hotplug-boost-expedited-outlives") == 0)
			seed = (unsigned int)i;
	EXPECT(seed != ~0u, "hotplug-boost-expedited-outlives is not built in");
	EXPECT(stage_finds("finding-boost-twice-after-offline", seed, 200000,
			   "hang booster-waits-forever in rt_mutex_lock", &o, &st, &calls) == 0,
	       "the stage");
	/* Bound 1 over every harness, then the harness's early unit and its late one. */
	EXPECT(st.units == nr_builtin_harnesses + 2, "found in unit %u (%lu schedules)", st.units,
	       st.schedules);
	/* The late unit was paid for before it started, and the next one is not yet. */
	EXPECT(st.credit + (long)st.last_schedules >= 0 && st.credit < 0,
	       "credit %ld after a unit of %lu schedules", st.credit, st.last_schedules);
	EXPECT(harness_explore_next(&o, seed, out, sizeof(out), NULL) == 0, "a unit not paid for");
	harness_explore_reset();
	return 0;
}

/*
 * The explorer's state hash reads the model's static data (the sections of
 * target/sim/sections.h), not the runtimes' beside it: a byte of the RCU
 * state or of a runqueue changes it, and putting the byte back restores it.
 */
int test_state_hash_reads_the_model(void)
{
	unsigned char *bytes[] = {(unsigned char *)&rcu_preempt_state.gpnum,
				  (unsigned char *)&runqueues[0]};
	uint64_t h0 = machine_state_hash(1);

	/* The model's data is about 1 MB (its task table and stacks most of it); ASan's and
	 * libFuzzer's tables, which the hash read before, are 10 MB more. */
	EXPECT(machine_state_static_bytes() < 2u << 20, "the hash reads %zu bytes of static data",
	       machine_state_static_bytes());
	EXPECT(machine_state_hashable() == 0 || h0 == machine_state_hash(1), "the same state twice");
	for (size_t i = 0; i < sizeof(bytes) / sizeof(bytes[0]); i++) {
		unsigned char was = *bytes[i];
		uint64_t h;

		*bytes[i] ^= 0x40;
		h = machine_state_hash(1);
		*bytes[i] = was;
		EXPECT(h != h0, "a change of model byte %zu leaves the hash", i);
		EXPECT(machine_state_hash(1) == h0, "byte %zu put back: another hash", i);
	}
	return 0;
}

/* @path compiled, run under preset @preset: the run's result, its bytes in @s. */
static int run_scenario(const char *path, const char *preset, struct scenario *s,
			struct rcufuzz_options *o, struct rcufuzz_result *r)
{
	EXPECT(load_scenario(path, s) == 0, "%s", path);
	scenario_options(s, o);
	EXPECT(preset_lookup(preset, &o->switches, &o->pin), "%s", preset);
	rcufuzz_run(s->bytes, s->size, o, r);
	return 0;
}

/*
 * The milestone (check/feedback.h): finding unlock-stale-exp-report's
 * scenario holds reader A inside its rcu_read_unlock_special() while the
 * first expedited grace period ends and the second begins, so its run meets
 * it, at a record before its last (the report comes later, as the second
 * grace period ends), under the finding's preset and under v3.0-patched
 * alike (the hold is the finding's setup, not its bug).  The
 * readers-expedited-tree harness's default schedule never holds a reader
 * there: not met.
 */
int test_milestone_unlock_window(void)
{
	static const char *const presets[] = {"finding-unlock-stale-exp-report", "v3.0-patched"};
	struct scenario s;
	struct rcufuzz_options o;
	struct rcufuzz_result r;

	for (int i = 0; i < 2; i++) {
		if (run_scenario("corpus/findings/unlock-stale-exp-report.scn", presets[i], &s, &o,
				 &r))
			return 1;
		EXPECT(r.reported == (i == 0), "%s: %s", presets[i],
		       r.reported ? r.summary : "clean");
		EXPECT(r.milestone > INPUT_HEADER_SIZE && r.milestone < s.size,
		       "%s: milestone at byte %zu of %zu", presets[i], r.milestone, s.size);
		scenario_free(&s);
	}
	if (run_scenario("corpus/harness/readers-expedited-tree.scn", presets[0], &s, &o, &r))
		return 1;
	EXPECT(!r.reported && r.milestone == 0, "readers-expedited-tree: milestone at %zu, %s",
	       r.milestone, r.reported ? r.summary : "clean");
	scenario_free(&s);
	return 0;
}

/*
 * A run offered at its milestone is the harness exploration's next unit,
 * before any harness's (harness_explore_offer()): the finding's input cut
 * there reports the finding, as an input that runs clean under
 * v3.0-patched; the same cut offered again is not explored again.
 */
int test_harness_explore_cut_unit(void)
{
	static uint8_t out[1024];
	struct scenario s;
	struct rcufuzz_options o, patched;
	struct rcufuzz_result r;
	struct harness_explore_stats st;
	size_t n;

	if (run_scenario("corpus/findings/unlock-stale-exp-report.scn",
			 "finding-unlock-stale-exp-report", &s, &o, &r))
		return 1;
	EXPECT(r.milestone > 0, "the finding's run met no milestone");
	harness_explore_reset();
	harness_explore_offer(s.bytes, s.size, r.milestone);
	n = harness_explore_next(&o, 1, out, sizeof(out), NULL);
	harness_explore_stats(&st);
	EXPECT(n > 0 && st.units == 1 && st.cuts == 1, "%zu bytes, %u units, %u cuts", n, st.units,
	       st.cuts);
	rcufuzz_run(out, n, &o, &r);
	EXPECT(r.reported && strstr(r.summary, "reader-outlived-grace-period"),
	       "the unit's input: %s", r.reported ? r.summary : "clean");
	patched = o;
	EXPECT(preset_lookup("v3.0-patched", &patched.switches, &patched.pin), "v3.0-patched");
	rcufuzz_run(out, n, &patched, &r);
	EXPECT(!r.reported, "v3.0-patched reports too: %s", r.summary);
	/* Offered again: not queued; the next unit is a harness's. */
	rcufuzz_run(s.bytes, s.size, &o, &r);
	harness_explore_offer(s.bytes, s.size, r.milestone);
	(void)harness_explore_next(&o, 1, out, sizeof(out), NULL);
	harness_explore_stats(&st);
	EXPECT(st.cuts == 1 && st.units == 2, "%u units, %u cuts after the same cut again",
	       st.units, st.cuts);
	harness_explore_reset();
	scenario_free(&s);
	return 0;
}
