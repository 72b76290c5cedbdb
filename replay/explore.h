/* SPDX-License-Identifier: MIT */
/*
 * Bounded exhaustive exploration (rcureplay --explore, docs/exploring.md):
 * every schedule of a scenario's workload that differs from the default
 * (run the current CPU on) in at most B preemptions, each placed at an
 * RCU-relevant point (target/check/relevant.def), in order of bound
 * (CHESS's iterative context bounding), pruned by a hash of the machine's
 * whole state.
 */
#ifndef RCUFUZZ_REPLAY_EXPLORE_H
#define RCUFUZZ_REPLAY_EXPLORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../target/rcufuzz.h"

#define EXPLORE_MAX_BOUND 6
#define EXPLORE_STEPS	  4000 /* steps of the explored phase; then the drain */

struct explore_options {
	int bound;		     /* preemptions, at most EXPLORE_MAX_BOUND */
	unsigned long max_schedules; /* stop after this many (0: no limit) */
	int jobs;		     /* worker processes for a bound's schedules */
	int prune;		     /* 1: skip a state already explored (the default) */
	int late_release;	     /* 1: hand a work record out only once every op
					handed out before it has returned or sleeps
					(--release late); 0: once each is taken */
	int parks_only;		     /* 1: every preemption a park (--parks-only) */
	/* A report that the same input gives under these options too is not
	 * one: the search goes on past it (--unless Q: on v3.0 plus an injected
	 * bug, past 3.0's own findings).  NULL: every report counts. */
	const struct rcufuzz_options *unless;
	FILE *progress;		     /* the estimate and progress lines; NULL: none */
};

/* One preemption of the first report's schedule, where the explorer took it. */
struct explore_preemption {
	int kind;	    /* EXPLORE_RESCHED, EXPLORE_PARK or EXPLORE_SWITCH */
	int cpu;	    /* the CPU standing at the point */
	int to;		    /* EXPLORE_SWITCH: the CPU run instead */
	unsigned long step; /* steps run before it */
	char where[96];	    /* FUNC:LABEL of the point, as `step cpuN until` names it */
};

enum { EXPLORE_RESCHED, EXPLORE_PARK, EXPLORE_SWITCH };

struct explore_result {
	unsigned long schedules; /* run, or cut short at a state already explored */
	unsigned long states;	 /* distinct states recorded */
	unsigned long pruned;	 /* of the schedules, cut short */
	int bound_done;		 /* the largest bound explored in full (-1: none) */
	unsigned int default_steps;	   /* the default schedule's explored steps */
	unsigned int default_points;	   /* branch points the default schedule passes */
	unsigned int default_alternatives; /* preemptions they offer: bound 1's schedules */
	unsigned long unless;	 /* reports gone past: explore_options.unless gives them too */
	int reported;		 /* a schedule reported: the first one is below */
	int preemptions;	 /* its preemptions */
	char summary[256];	 /* its SUMMARY line, without "SUMMARY: " */
	struct explore_preemption preempted[EXPLORE_MAX_BOUND]; /* its preemptions, in order */
	uint8_t *bytes;		 /* its input (malloc'd; the caller frees) */
	size_t size;
};

/*
 * Explore from @prefix (a scenario's bytes: its header, work lines and any
 * steps to start from) under @o.  Deterministic: the same input, options
 * and bound give the same counts and the same first report, whatever
 * @eo->jobs.  0, or -1 on a harness error (said on stderr).
 */
int explore(const uint8_t *prefix, size_t size, const struct rcufuzz_options *o,
	    const struct explore_options *eo, struct explore_result *r);

/*
 * The default schedule of @prefix's workload under @o (no preemption: what
 * bound 0 runs), as an input: the prefix, then the records it handed out,
 * runs of one CPU's steps merged (malloc'd into *@out; the caller frees).
 * For a person writing a harness: where the explorer goes before it
 * preempts anything.  0, or -1 out of memory.
 */
int explore_default_schedule(const uint8_t *prefix, size_t size, const struct rcufuzz_options *o,
			     int late_release, uint8_t **out, size_t *out_size);

#endif
