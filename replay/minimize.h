/* SPDX-License-Identifier: MIT */
/*
 * The schedule-aware minimizer: delta debugging over whole event records
 * (never bytes inside a record), keeping the SUMMARY line identical; then
 * each surviving record is made simpler (fewer steps, canonical bytes).
 */
#ifndef RCUFUZZ_REPLAY_MINIMIZE_H
#define RCUFUZZ_REPLAY_MINIMIZE_H

#include <stddef.h>
#include <stdint.h>

#include "../target/rcufuzz.h"

/*
 * Minimize @data (which must report under @o) into a malloc'd buffer
 * (*out, *out_size).  Returns the number of runs it took, or -1 if the
 * input does not report at all.
 */
long minimize_input(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		    uint8_t **out, size_t *out_size);

/* The same, keeping also: the input runs clean under @clean (a fix turned on). */
long minimize_input_clean_under(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
				const struct rcufuzz_options *clean, uint8_t **out,
				size_t *out_size);

#endif
