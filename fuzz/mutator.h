/* SPDX-License-Identifier: MIT */
/*
 * A schedule-aware mutator (issue 15): it edits an input as what it is, a
 * header and a list of records (target/events.def), instead of as bytes.
 *
 * Its reason is the zoo's two bugs no engine found (bench/results/zoo-*.md):
 * each needs one CPU to stand still at a point for tens of records while the
 * other runs a whole grace period.  A byte mutation picks either CPU at about
 * even odds, so such a run is rare and no coverage points towards it.  One
 * mutation here makes it directly, as PCT's priority change point does: from
 * a record on, what would run one CPU (its steps, irqs and rescheds) goes
 * to the others for a while, or for good.
 *
 * MUT_RESAMPLE brings the directed search (fuzz/sampler.h, out/rcusearch)
 * into the engine: the input's workload kept, its whole schedule drawn anew
 * (random walk, starved CPU, or PCT priorities), so that a workload the
 * corpus holds (a harness of corpus/harness/ among the seeds, or one the
 * fuzzer built) gets the search's samples, and feedback keeps the ones that
 * reach somewhere new.  MUT_HARNESS draws them around the harnesses built
 * into the target (harnesses.h) instead of the input's workload, so that
 * an engine started from an empty corpus meets those workloads too.
 *
 * Every output is a valid input (every byte string is); the same input,
 * seed and size bound give the same output.
 */
#ifndef RCUFUZZ_FUZZ_MUTATOR_H
#define RCUFUZZ_FUZZ_MUTATOR_H

#include <stddef.h>
#include <stdint.h>

enum schedule_mutation {
	MUT_BYTES,	/* the engine's own byte mutation (@bytes below) */
	MUT_STARVE,	/* a CPU's steps, irqs, rescheds in a range go to the others */
	MUT_STEP_RUN,	/* insert a run of one CPU's steps */
	MUT_INSERT,	/* insert one record of any kind */
	MUT_DELETE,	/* delete a range of records */
	MUT_REPEAT,	/* repeat a range of records right after itself */
	MUT_TWEAK_STEP, /* one step record: another CPU or another count */
	MUT_RESAMPLE,	/* the same workload, a schedule drawn anew (sampler.h) */
	MUT_HARNESS,	/* a built-in harness's workload, a schedule drawn (harnesses.h) */
	NR_SCHEDULE_MUTATIONS
};

/*
 * Mutate @data[0..@size) in place into at most @max bytes; the new size.
 * @ncpus: the CPUs the run boots (rcufuzz_config()'s topology); @seed picks
 * the mutation and its place; @bytes (may be NULL) is the engine's byte
 * mutator (LLVMFuzzerMutate), used for MUT_BYTES and when a record edit
 * cannot apply.  @which, if not NULL, gets the mutation done.
 */
size_t schedule_mutate(uint8_t *data, size_t size, size_t max, int ncpus, unsigned int seed,
		       size_t (*bytes)(uint8_t *, size_t, size_t), enum schedule_mutation *which);

/*
 * Crossover at record boundaries: @a's header and records up to one of its
 * boundaries, then @b's records from one of its boundaries, into @out (at
 * most @max bytes); the size written.
 */
size_t schedule_crossover(const uint8_t *a, size_t na, const uint8_t *b, size_t nb, uint8_t *out,
			  size_t max, unsigned int seed);

/* The mutation's name, for the statistics the fuzz target prints. */
const char *schedule_mutation_name(enum schedule_mutation m);

#endif
