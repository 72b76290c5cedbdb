/* SPDX-License-Identifier: MIT */
/*
 * The seam between the simulator and the kernel model.
 *
 * The simulator owns the CPUs' execution: which coroutine runs on which CPU,
 * when a CPU takes its next step, and the step budget.  The kernel model
 * marks the places where another CPU may interleave with POINT(), switches
 * tasks with sim_context_switch(), and is called back at every resumption
 * (kernel_at_point) so that pending interrupts and preemption land exactly at
 * the point where the CPU stood.
 */
#ifndef RCUFUZZ_SIM_SIM_H
#define RCUFUZZ_SIM_SIM_H

#include "coro.h"

#define SIM_MAX_CPUS 8

/* A preemption point: one static site per POINT() in the source. */
struct sim_site {
	const char *func;            /* kernel function the point is in */
	const char *label;           /* what happens next, e.g. "before special check" */
	unsigned int id;             /* stable hash of func and label, 0 until first hit */
};

#define POINT(label)                                                                       \
	do {                                                                               \
		static struct sim_site sim_site_ = {__func__, label, 0};                   \
		sim_point(&sim_site_);                                                     \
	} while (0)

/* Stop here; another CPU may run; resume later at this very place. */
void sim_point(struct sim_site *site);

/* The CPU whose step is running. */
static inline int sim_cpu(void)
{
	extern int sim_running_cpu;
	return sim_running_cpu;
}

/* Has the CPU anything to run (a parked, offline CPU has not)? */
int sim_cpu_runnable(int cpu);

/* Switch the running CPU from coroutine @from to @to (the scheduler's context switch). */
void sim_context_switch(struct coro *from, struct coro *to);

/* Like sim_context_switch, but @from is finished for good (task exit). */
void sim_context_switch_final(struct coro *from, struct coro *to);

/* Put @c on CPU @cpu as the coroutine its next step resumes (boot, hotplug). */
void sim_set_cpu_coro(int cpu, struct coro *c);

/* Run CPU @cpu until its next point.  Returns 0 if the run has been stopped. */
int sim_step(int cpu);

/* The site where CPU @cpu stands, or NULL before its first step. */
const struct sim_site *sim_cpu_site(int cpu);

/* Steps taken so far in this run. */
unsigned long sim_steps(void);

/*
 * End the run now (a report was made).  From a coroutine this never returns;
 * from the main loop it returns and the loop stops.
 */
void sim_stop(void);

/* Has the run been stopped? */
int sim_stopped(void);

/* Is the caller on the main loop's stack (not in a simulated CPU)? */
int sim_in_main(void);

/* Called by the simulator each time a CPU resumes at a point (kernel model). */
void kernel_at_point(void);

/* Reset for a new input. */
void sim_reset(void);

#endif
