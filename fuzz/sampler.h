/* SPDX-License-Identifier: MIT */
/*
 * The directed search's sampler (docs/searching.md): a schedule drawn
 * around a fixed workload.  From an input it keeps the header and the
 * workload's records (work, boot_end) in their order, and draws the
 * schedule records (step, irq, resched) anew, the workload's records each
 * at a slot drawn uniformly among them.
 *
 * A sample draws, as swarm testing does, its own shape first: how often a
 * resched or a tick interrupt comes, how long a CPU runs at a time, how many
 * schedule records.  The CPU a step record runs is drawn anew each time (a
 * random walk), or in half of those samples the same walk until a random
 * slot, after which one CPU never runs again (it stands where it was,
 * inside whatever it was doing, while the others go on: the mutator's
 * MUT_STARVE); or, in a third of the samples, the highest of random CPU
 * priorities, the highest dropping to the lowest at up to three change
 * points (PCT, Burckhardt et al., ASPLOS 2010), the highest also the CPU
 * interrupted or preempted.  A random walk alone almost never keeps one CPU
 * still for the hundred steps another needs.
 *
 * Used by out/rcusearch (fuzz/search.c) on harness scenarios, and by the
 * schedule-aware mutator (MUT_RESAMPLE) on any corpus input.  Every output
 * is a valid input; the same input, CPUs and seed give the same output.
 */
#ifndef RCUFUZZ_FUZZ_SAMPLER_H
#define RCUFUZZ_FUZZ_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

/*
 * A sample around @in's workload (@in: at least its header) for a machine of
 * @ncpus CPUs, drawn from @seed, into @out (at most @max bytes, at least
 * the header's); its size.
 */
size_t schedule_sample(const uint8_t *in, size_t size, int ncpus, uint64_t seed, uint8_t *out,
		       size_t max);

/*
 * @in (@size bytes, at least its header) cut at @cut, a record boundary:
 * its bytes up to @cut, then its workload records after @cut in their order
 * (its schedule records there dropped), into @out (at most @max bytes, at
 * least @cut); its size.  What the run of @in had done at @cut, with the
 * rest of its workload still to hand out (the harness exploration's cut
 * units, harness_explore.h).
 */
size_t schedule_cut(const uint8_t *in, size_t size, size_t cut, uint8_t *out, size_t max);

#endif
