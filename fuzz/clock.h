/* SPDX-License-Identifier: MIT */
/* Wall-clock seconds for the engines and benchmarks (never the simulation's time). */
#ifndef RCUFUZZ_FUZZ_CLOCK_H
#define RCUFUZZ_FUZZ_CLOCK_H

#include <time.h>

/* Seconds on CLOCK_MONOTONIC: only differences mean anything. */
static inline double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
