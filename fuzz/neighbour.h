/* SPDX-License-Identifier: MIT */
/*
 * The exploration stage of the default engine (RCUFUZZ_EXPLORE_STAGE=1,
 * fuzz/target.c): a corpus entry's bound-1 neighbours, as bytes.
 *
 * A neighbour is the entry with one preemption at an RCU-relevant point
 * (target/check/relevant.def, the explorer's set, docs/exploring.md) that
 * the entry's own run passes: its step record split where the CPU stands
 * at the point, then one of the explorer's three alternatives in records:
 * resched the CPU's task (a resched record), park the CPU (its records for
 * a while after the point dropped, so it stands inside whatever it is
 * doing while the others run), or run another CPU instead (a run of that
 * CPU's steps before the rest of the split record).  The entry runs once,
 * traced, to find its points; the neighbour is an ordinary input.
 */
#ifndef RCUFUZZ_FUZZ_NEIGHBOUR_H
#define RCUFUZZ_FUZZ_NEIGHBOUR_H

#include <stddef.h>
#include <stdint.h>

#include "rcufuzz.h"

/*
 * Neighbour @pick of @data (its points and their alternatives, counted
 * from 0, taken modulo their number) under @o, into @out (at most @max
 * bytes; @out may not be @data): its size, or 0 when the run passes no
 * RCU-relevant point.  @seed draws the park's length and the other CPU's
 * run.  Deterministic.
 */
size_t explore_neighbour(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			 unsigned long pick, unsigned int seed, uint8_t *out, size_t max);

#endif
