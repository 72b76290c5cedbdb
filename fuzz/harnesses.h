/* SPDX-License-Identifier: MIT */
/*
 * The harnesses of corpus/harness/ built into the fuzz targets: each one's
 * scenario compiled to an input (its header and workload records, no
 * schedule), generated at build time by fuzz/genharness.sh, smallest first
 * (fewest work lines, then fewest CPUs).  The mutator's
 * MUT_HARNESS draws a schedule around one of them (sampler.h), so that the
 * engine samples the search's workloads whatever its corpus holds, an empty
 * one included.
 */
#ifndef RCUFUZZ_FUZZ_HARNESSES_H
#define RCUFUZZ_FUZZ_HARNESSES_H

#include <stddef.h>
#include <stdint.h>

struct builtin_harness {
	const char *name; /* the scenario's file name, without .scn */
	const uint8_t *bytes;
	size_t size;
};

extern const struct builtin_harness builtin_harnesses[];
extern const size_t nr_builtin_harnesses;

#endif
