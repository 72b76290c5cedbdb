/* SPDX-License-Identifier: MIT */
/*
 * The seam between the simulator and the kernel model.
 *
 * The simulator owns the CPUs' execution: which coroutine runs on which CPU,
 * when a CPU takes its next step, and the step budget.  The kernel model
 * marks the places where another CPU may interleave with POINT(), switches
 * tasks with sim_context_switch(), and is called back at every resumption
 * (the at_point hook) so that pending interrupts and preemption land exactly
 * at the point where the CPU stood.  The simulator knows nothing above it:
 * what it calls back is handed to sim_run().
 */
#ifndef RCUFUZZ_SIM_SIM_H
#define RCUFUZZ_SIM_SIM_H

#include "coro.h"

#include <stddef.h>

#define SIM_MAX_CPUS 16

/* A preemption point: one static site per POINT() in the source. */
struct sim_site {
	const char *func;  /* kernel function the point is in */
	const char *label; /* what happens next, e.g. "before special check" */
	unsigned int id;   /* stable hash of func and label, 0 until first hit */
};

/*
 * Where a POINT() is written.  Every POINT() also puts a pointer to its
 * entry into the ELF section rcufuzz_points, so that the points a person may
 * name (rcureplay --points, `step cpuN until FUNC:LABEL`) are known without
 * running anything.  The section's name is a C identifier: the linker
 * provides __start_ and __stop_ symbols for it, and ASan leaves globals in
 * such sections unpadded; pointers, not the entries themselves, so that no
 * compiler's alignment of a larger object can leave gaps between them.
 */
struct sim_point_entry {
	const struct sim_site *site;
	const char *file; /* __FILE__ of the POINT() */
	int line;	  /* __LINE__ */
};

#define POINT(label)                                                                               \
	do {                                                                                       \
		static struct sim_site sim_site_ = {__func__, label, 0};                           \
		static const struct sim_point_entry sim_point_entry_ = {&sim_site_, __FILE__,      \
									__LINE__};                 \
		static const struct sim_point_entry *sim_point_ptr_                                \
			__attribute__((section("rcufuzz_points"), used)) = &sim_point_entry_;      \
		sim_point(&sim_site_);                                                             \
	} while (0)

/*
 * Define "size_t @fn(@type *const **entries)": the pointers the program put
 * into ELF section @sec (a C identifier, so the linker provides its
 * __start_ and __stop_ symbols), in link order, into *entries; their count.
 * Weak symbols: a program with no entry in @sec links, and has none.
 */
#define DEFINE_SECTION_ENTRIES(fn, type, sec)                                                      \
	size_t fn(type *const **entries)                                                           \
	{                                                                                          \
		extern type *const __start_##sec[] __attribute__((weak));                          \
		extern type *const __stop_##sec[] __attribute__((weak));                           \
                                                                                                   \
		*entries = __start_##sec;                                                          \
		if (__start_##sec == NULL || __stop_##sec == NULL)                                 \
			return 0;                                                                  \
		return (size_t)(__stop_##sec - __start_##sec);                                     \
	}

/*
 * Static data that is not the machine's state: what the tools keep beside
 * a run (the ring of recent events and the text a report prints, a tool's
 * own tables).  rcureplay --explore hashes every other byte of the
 * program's static data as the machine's state (docs/exploring.md); a
 * variable marked so must not change what a run does.
 */
#define NOT_MACHINE_STATE __attribute__((section("rcufuzz_unhashed")))

/* The static data marked NOT_MACHINE_STATE: [*start, *end). */
void sim_unhashed(const char **start, const char **end);

/*
 * Every POINT() of the program, in link order (a POINT() in an inline
 * function of a header has one entry per file that uses it).  Points that
 * are not POINT()s (a struct sim_site handed to sim_point() directly) are
 * not among them.
 */
size_t sim_point_entries(const struct sim_point_entry *const **entries);

/*
 * Give @s its id now, not at its first hit: a site's id is static data,
 * and rcureplay --explore hashes static data as the machine's state, so
 * it must not depend on which runs came before.  sim_reset() readies every
 * POINT(); a site handed to sim_point() directly is readied by its owner.
 */
void sim_site_ready(struct sim_site *s);

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

/* What the layers above hand the simulator for one run. */
struct sim_hooks {
	void (*body)(void *arg); /* boot, apply the input, drain, check: the main loop */
	void *arg;
	void (*at_point)(void);	     /* a CPU resumes at a point (pending irqs, preemption) */
	void (*after_step)(int cpu); /* after every step, a stopped run's last one included */
};

/*
 * From now to the end of the run, call @after_step (NULL: nothing) where
 * the hooks' after_step was called: a stretch of steps nobody watches
 * need not pay for a call at each.
 */
void sim_set_after_step(void (*after_step)(int cpu));

/*
 * Run the machine: @h->body on the thread's own stack, the main loop.
 * Returns when the body returns or when a report stops the run, from
 * wherever it is made.
 */
void sim_run(const struct sim_hooks *h);

/* Run CPU @cpu until its next point (nothing if the CPU is parked). */
void sim_step(int cpu);

/*
 * Up to @n steps of CPU @cpu, as many sim_step() calls would take them,
 * while @go_on (NULL: always), asked before each step, says 1.  The steps
 * run without coming back to the main loop in between: the after_step hook
 * and @go_on run on the CPU's stack, at the point.
 */
void sim_steps_while(int cpu, int n, int (*go_on)(int cpu));

/* One batch of a sim_run_batches() run: sim_steps_while(cpu, n, go_on). */
struct sim_batch {
	int cpu;
	int n;
	int (*go_on)(int cpu);
	int go_on_said_yes; /* the source asked go_on(cpu) just now: not asked again */
};

/*
 * Batches one after another, as a loop `while (@next(&b))
 * sim_steps_while(b.cpu, b.n, b.go_on);` on the main loop would take them,
 * but without coming back to the main loop in between: when a batch ends,
 * @next is asked right there, on the CPU's stack, and the next batch runs
 * in place when it is the same CPU's, or from one CPU's stack straight to
 * the other's.  A stack switch costs more than most steps (the return
 * predictor misses every return of the switch), so a loop of short
 * batches is mostly switches otherwise.  @next runs as if on the main
 * loop (sim_in_main() is 1) and must not report.
 */
void sim_run_batches(int (*next)(struct sim_batch *b));

/* The site where CPU @cpu stands, or NULL before its first step. */
const struct sim_site *sim_cpu_site(int cpu);

/* Steps taken so far in this run. */
unsigned long sim_steps(void);

/*
 * End the run now (a report was made), from a simulated CPU or from the
 * main loop alike: control goes back to sim_run()'s caller.
 */
_Noreturn void sim_stop(void);

/* Is the caller on the main loop's stack (not in a simulated CPU)? */
int sim_in_main(void);

/* Reset for a new input. */
void sim_reset(void);

#endif
