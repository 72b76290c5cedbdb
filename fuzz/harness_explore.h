/* SPDX-License-Identifier: MIT */
/*
 * The default engine's harness exploration (fuzz/target.c; off with
 * RCUFUZZ_HARNESS_EXPLORE=0): the harnesses built into the target
 * (harnesses.h) explored by bound, as rcureplay --explore explores a
 * scenario (replay/explore.h, docs/exploring.md), a unit at a time between
 * the mutations, and a unit's first report handed to the engine as the
 * next mutation's output: the engine runs it, it crashes, and the crash
 * is an ordinary input (rcureplay replays it, the minimizer shrinks it).
 *
 * A unit is one harness in one pass (harness_explore.c's passes[]): first
 * every harness to bound 1 (about 8,000 schedules, 3 s, in all), smallest
 * harness first (fuzz/genharness.sh's order); then every
 * harness to bound 2 with parks only (explore_options.parks_only), under
 * early release and then late, a unit cut at 4,000 schedules (PARK_CAP1,
 * about 82,000 in all), and again for the units that round did not explore
 * in full, cut at 10,000 (PARK_CAP, about 180,000); then each to bound 2
 * with every kind of preemption, cut
 * at UNIT2_CAP, and to bound 3, cut at UNIT3_CAP; then the stage is over
 * and the mutations have the engine to themselves.  Before any of them, a
 * cut unit for each input the fuzz target offers (harness_explore_offer():
 * with RCUFUZZ_MILESTONE_CUTS=1, not the default, libFuzzer's runs that met
 * the milestone of check/feedback.h, cut there),
 * for as long as the stage runs and after: the explorer reaches from such
 * a cut what it does not reach from any harness within its bounds
 * (unlock-stale-exp-report, docs/exploring.md).  AFL++'s library runs no
 * input of its own, so it has no cut units.  Each pass but the
 * first starts at a harness drawn from the first seed, so that libFuzzer's
 * -fork jobs, each a new process, do not all explore the same units first;
 * the first is over in seconds, and they all run it.  Small harnesses first,
 * that pass finds FF4 in 0.1 s and offline-qs-before-play-dead in under a
 * second, every run, where starting at the seed's harness took 3.5 s and
 * 4.7 s (median; FF4 met 3.0's own findings first in three runs of eight);
 * the other findings' times move with the table's order
 * (bench/results/first-pass-ab-2026-12-07.md).
 *
 * The stage is paid for by the mutations: each one earns a schedule.  A
 * unit of the first two passes starts once the credit is not negative and
 * costs its schedules, so those passes run at once, taking about half the
 * engine's time until they are over.  A deeper unit costs four credits a
 * schedule and is paid for before it starts, its cap's worth: the deeper
 * units get a fifth of the engine's time, none of it before the mutations
 * have had theirs.  Measured side by side from an empty corpus
 * (bench/results/harness-explore-ab-2026-12-07*.md): the bound-1 pass
 * finds offline-qs-before-play-dead in seconds, which the mutations alone
 * find in one run of five within 90 s; deeper units run at once delayed
 * the findings the mutations find alone (7-9 s became 17-20 s).  The parks
 * pass (bench/results/parks-pass-ab-2026-12-07.md) brings
 * boost-twice-after-offline, which its late-release unit of
 * hotplug-boost-expedited-outlives finds in about 3,600 schedules (145,925
 * with every kind).  Counted in runs, not seconds: the same seeds give the
 * same units at the same mutations.
 */
#ifndef RCUFUZZ_FUZZ_HARNESS_EXPLORE_H
#define RCUFUZZ_FUZZ_HARNESS_EXPLORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rcufuzz.h"

/*
 * Called once per mutation with libFuzzer's @seed: when a unit is due,
 * explore it under @o; when it reports, its input (at most @max bytes,
 * minimized when longer) into @out and its size.  0 otherwise: the
 * mutation goes on as it would without the stage.  Turns the tools'
 * feedback off while it explores; the caller sets it back.  @log (may be
 * NULL): a line per unit.
 */
size_t harness_explore_next(const struct rcufuzz_options *o, unsigned int seed, uint8_t *out,
			    size_t max, FILE *log);

/*
 * A report that the input gives under @q too is not one: the units go on
 * past it (explore_options.unless; RCUFUZZ_UNLESS, fuzz/target.c).  NULL:
 * every report counts.  @q must outlive the stage.
 */
void harness_explore_unless(const struct rcufuzz_options *q);

/*
 * What the stage has done: units explored, their schedules, the last one's,
 * and the credit the mutations have left (negative: what the next unit of a
 * paid pass waits for).
 */
struct harness_explore_stats {
	unsigned int units, cuts; /* units explored, of them cut units */
	unsigned long schedules, last_schedules;
	long credit;
};
void harness_explore_stats(struct harness_explore_stats *s);

/*
 * @data (@size bytes), whose run met the milestone (check/feedback.h) at
 * @at (rcufuzz_result.milestone), cut there (schedule_cut(): what its run
 * had done then, the rest of its workload to hand out) and queued for a cut
 * unit: explored to bound 2 with parks only, early release, cut at 1,000
 * schedules, before any other unit as soon as the credit is not negative,
 * one schedule a credit.  A cut offered before is not queued again, nor one
 * while four wait.
 */
void harness_explore_offer(const uint8_t *data, size_t size, size_t at);

/* Back to the first unit, no credit: the tests'. */
void harness_explore_reset(void);

#endif
