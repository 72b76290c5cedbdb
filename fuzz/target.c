/* SPDX-License-Identifier: MIT */
/*
 * The fuzz target: one input, one run of the simulated machine under the
 * preset (and workload mode) this binary is built for:
 *
 *   -DRCUFUZZ_PRESET='"v3.0-rc7"' [-DRCUFUZZ_MODE=MODE_TEST]
 *
 * A misuse+<cure> preset runs in misuse mode: the cure is fuzzed against
 * the restrictions it is meant to lift.
 *
 * A report is printed to stderr and abort()ed, so that libFuzzer and AFL++
 * keep the input.  Nothing survives from one input to the next: rcufuzz_run()
 * resets the whole machine.
 *
 * Built with -DRCUFUZZ_MUTATOR (out/plain/mut/, `make fuzzers-mutator`), the
 * target mutates schedules as records (mutator.h) through libFuzzer's
 * custom mutator and crossover hooks; without it libFuzzer's own.
 *
 * Environment (read once, in LLVMFuzzerInitialize):
 *   RCUFUZZ_FEEDBACK=0   edge coverage only, no interleaving feedback
 *   RCUFUZZ_RCU_STATE=0  the interleaving feedback without its RCU-state features
 *   RCUFUZZ_WAYPOINTS=0  the interleaving feedback without its waypoints
 *   RCUFUZZ_CONFIG=LIST  pin kernel config fields, NAME=VALUE separated by
 *                        commas (NR_CPUS=2,HZ=100): as rcureplay --config
 *   RCUFUZZ_VERBOSE=1    one line per clean input: events, steps, and whether
 *                        the run met the milestone (check/feedback.h)
 *   RCUFUZZ_NO_ABORT=1   count reports instead of aborting (exec/s benchmark)
 *   RCUFUZZ_EXPLORE_STAGE=1  (the mutator build) a quarter of the mutations
 *                        are bound-1 neighbours of the entry: one preemption
 *                        at an RCU-relevant point its run passes (neighbour.h),
 *                        each entry's in turn
 *   RCUFUZZ_HARNESS_EXPLORE=0  (the mutator build) without the harness
 *                        exploration (harness_explore.h): the built-in
 *                        harnesses explored by bound between the mutations
 *   RCUFUZZ_MILESTONE_CUTS=1  (the mutator build, not the default: measured,
 *                        it did not win) meeting the milestone
 *                        (check/feedback.h) is a feature, and the harness
 *                        exploration explores each input that met it, cut
 *                        there (harness_explore_offer())
 *   RCUFUZZ_PRESET=P     must be this target's preset (exit 2 otherwise):
 *                        what AFL++'s mutator library reads to explore the
 *                        harnesses under the target's preset (afl_mutator.c)
 *   RCUFUZZ_UNLESS=Q     a report that preset Q gives too is not a crash (the
 *                        run goes on; the harness exploration too): on
 *                        inject-<id>, Q=v3.0 looks past 3.0's own findings,
 *                        as rcusearch --unless and rcureplay --explore --unless
 */
#include "check/feedback.h"
#include "rcufuzz.h"
#ifdef RCUFUZZ_MUTATOR
#include "harness_explore.h"
#include "mutator.h"
#include "neighbour.h"
#include "rand.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef RCUFUZZ_PRESET
#error "build with -DRCUFUZZ_PRESET='\"<preset>\"'"
#endif
#ifndef RCUFUZZ_MODE
#define RCUFUZZ_MODE MODE_STRICT
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct rcufuzz_options options;
static struct rcufuzz_options unless; /* RCUFUZZ_UNLESS's preset, when set */
static const char *unless_preset;
static int verbose, no_abort, feedback_on, rcu_state_on, waypoints_on, explore_stage,
	harness_explore, milestone_cuts;
static char replay_cmd[512];

static int env_is(const char *name, const char *value)
{
	const char *v = getenv(name);

	return v != NULL && strcmp(v, value) == 0;
}

/* The feedback as the environment asks (the exploration stages turn it off while they run). */
static void feedback_as_configured(void)
{
	feedback_enable(feedback_on);
	feedback_rcu_state_enable(rcu_state_on);
	feedback_waypoints_enable(waypoints_on);
	feedback_milestone_enable(milestone_cuts);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char pinned[384];
	const char *named = getenv("RCUFUZZ_PRESET");

	if (!rcufuzz_options_for(RCUFUZZ_PRESET, RCUFUZZ_MODE, &options)) {
		fprintf(stderr, "rcufuzz: %s: unknown preset\n", RCUFUZZ_PRESET);
		exit(2);
	}
	/* The preset AFL++'s mutator library explores (fuzz/afl_mutator.c) must be this one. */
	if (named != NULL && strcmp(named, RCUFUZZ_PRESET) != 0) {
		fprintf(stderr, "rcufuzz: RCUFUZZ_PRESET=%s, but this target fuzzes %s\n", named,
			RCUFUZZ_PRESET);
		exit(2);
	}
	if (config_pins_from_env(&options.pin) < 0)
		exit(2);
	/* The pins as rcureplay's own Replay: line gives them. */
	config_pins_format(&options.pin, pinned, sizeof(pinned));
	snprintf(replay_cmd, sizeof(replay_cmd), "out/rcureplay --preset %s%s%s%s CRASH_FILE",
		 RCUFUZZ_PRESET, pinned, options.mode != MODE_STRICT ? " --mode " : "",
		 options.mode != MODE_STRICT ? mode_name(options.mode) : "");
	options.replay_cmd = replay_cmd;
	unless_preset = getenv("RCUFUZZ_UNLESS");
	if (unless_preset != NULL) {
		if (!rcufuzz_options_under(unless_preset, &options, &unless)) {
			fprintf(stderr, "rcufuzz: RCUFUZZ_UNLESS=%s: unknown preset\n",
				unless_preset);
			exit(2);
		}
		unless.replay_cmd = NULL;
#ifdef RCUFUZZ_MUTATOR
		harness_explore_unless(&unless);
#endif
	}
	feedback_on = !env_is("RCUFUZZ_FEEDBACK", "0");
	rcu_state_on = !env_is("RCUFUZZ_RCU_STATE", "0");
	waypoints_on = !env_is("RCUFUZZ_WAYPOINTS", "0");
	milestone_cuts = env_is("RCUFUZZ_MILESTONE_CUTS", "1");
	feedback_as_configured();
	explore_stage = env_is("RCUFUZZ_EXPLORE_STAGE", "1");
	harness_explore = !env_is("RCUFUZZ_HARNESS_EXPLORE", "0");
	verbose = env_is("RCUFUZZ_VERBOSE", "1");
	no_abort = env_is("RCUFUZZ_NO_ABORT", "1");
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rcufuzz_result r;

	if (rcufuzz_run_unless(data, size, &options, unless_preset ? &unless : NULL, &r)) {
		if (verbose)
			fprintf(stderr, "rcufuzz: went past a report %s gives too: %s\n",
				unless_preset,
				r.summary + (strncmp(r.summary, "rcufuzz: ", 9) ? 0 : 9));
		return 0;
	}
#ifdef RCUFUZZ_MUTATOR
	/* A run that met the milestone: cut there, for the harness exploration to explore. */
	if (milestone_cuts && harness_explore && r.milestone && !r.reported)
		harness_explore_offer(data, size, r.milestone);
#endif
	if (r.reported && !no_abort) {
		fputs(r.text, stderr);
		fflush(stderr);
		abort();
	}
	if (verbose)
		fprintf(stderr, "rcufuzz: %s: %lu events, %lu steps%s\n",
			r.reported ? r.summary : "clean", r.events, r.steps,
			r.milestone ? ", the milestone met" : "");
	return 0;
}

#ifdef RCUFUZZ_MUTATOR
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *a, size_t na, const uint8_t *b, size_t nb,
				 uint8_t *out, size_t max, unsigned int seed);

/*
 * The exploration stage: the next of the entry's bound-1 neighbours, each
 * entry's in turn (a small table by hash remembers how far each got).  The
 * entry's traced run is the stage's, not the engine's: it feeds no
 * feedback.  0 when the entry passes no RCU-relevant point.
 */
static size_t explore_stage_mutate(uint8_t *data, size_t size, size_t max, unsigned int seed)
{
	static struct {
		uint64_t hash;
		unsigned long next;
	} seen[1024];
	static uint8_t out[4096];
	uint64_t h = fnv1a64(data, size);
	size_t n;

	if (seen[h % 1024].hash != h) {
		seen[h % 1024].hash = h;
		seen[h % 1024].next = 0;
	}
	feedback_enable(0);
	feedback_rcu_state_enable(0);
	n = explore_neighbour(data, size, &options, seen[h % 1024].next++, seed, out,
			      max < sizeof(out) ? max : sizeof(out));
	feedback_as_configured();
	if (n > 0)
		memcpy(data, out, n);
	return n;
}

/* The harness exploration's next unit, when one is due and reports: its input. */
static size_t harness_explore_mutate(uint8_t *data, size_t max, unsigned int seed)
{
	size_t n = harness_explore_next(&options, seed, data, max, verbose ? stderr : NULL);

	feedback_as_configured();
	return n;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned int seed)
{
	struct config c;
	size_t n;

	if (harness_explore && (n = harness_explore_mutate(data, max, seed)) > 0)
		return n;
	if (explore_stage && seed % 4 == 0 && (n = explore_stage_mutate(data, size, max, seed)) > 0)
		return n;
	rcufuzz_config(data, size, &options, &c);
	return schedule_mutate(data, size, max, c.topo.ncpus, seed, LLVMFuzzerMutate, NULL);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *a, size_t na, const uint8_t *b, size_t nb,
				 uint8_t *out, size_t max, unsigned int seed)
{
	return schedule_crossover(a, na, b, nb, out, max, seed);
}
#endif
