/* SPDX-License-Identifier: MIT */
/* Wall-clock seconds for the engines and benchmarks (never the simulation's time). */
#ifndef RCUFUZZ_FUZZ_CLOCK_H
#define RCUFUZZ_FUZZ_CLOCK_H

#include <time.h>

/* Seconds on @clock (CLOCK_PROCESS_CPUTIME_ID: this process's CPU time). */
static inline double clock_seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds on CLOCK_MONOTONIC: only differences mean anything. */
static inline double now(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

#endif
