/* SPDX-License-Identifier: MIT */
/*
 * The one entry point every tool uses: run an input under a switch set and
 * get the report (if any).  Same bytes and same options: same run, byte for
 * byte.  Nothing survives from one call to the next.
 */
#ifndef RCUFUZZ_H
#define RCUFUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "config/history.h"
#include "config/config.h"
#include "kernel/workload.h"

struct trace_row;
struct input_event;

struct rcufuzz_options {
	switch_set switches; /* the kernel's history */
	struct config pin;   /* fields not -1 override the input's header (--config) */
	enum workload_mode mode;
	int lockdep;		/* 1: CONFIG_PROVE_LOCKING on (the default) */
	int consequences;	/* go on past a failed model check (kernel/bug.h) */
	int records_only;	/* stop after the last record: no drain, no liveness check */
	const char *replay_cmd; /* printed at the end of a report; NULL: none */
	/* Called after every step and event, for --trace; NULL: off. */
	void (*trace)(const struct trace_row *row, void *arg);
	void *trace_arg;
	/* Called before record @index is applied, and with -1 after the last
	 * record (a scenario's `show` lines); NULL: off. */
	void (*before_record)(long index, void *arg);
	void *before_record_arg;
	/*
	 * After the input's records, more records from here, applied as
	 * the input's are, until it returns 0 (then the drain) or -1 (the
	 * run ends at once, no drain, no liveness check: rcureplay
	 * --explore, which has seen the rest).  Called on the main loop
	 * between records, where it may look at the machine.  NULL: none.
	 */
	int (*more_records)(struct input_event *ev, void *arg);
	void *more_records_arg;
};

struct rcufuzz_result {
	int reported;	      /* a report ended the run */
	int kind;	      /* enum report_kind */
	const char *text;     /* the whole report; valid until the next run */
	const char *summary;  /* its SUMMARY line, without "SUMMARY: " */
	unsigned long steps;  /* steps the run took */
	unsigned long drain_steps; /* of them, in the drain (0: none) */
	unsigned long events; /* input records decoded */
	/*
	 * Where the run met the milestone (check/feedback.h): the size of the
	 * input's records up to and with the one being run then (the whole
	 * input when met in the drain); 0: not met.
	 */
	size_t milestone;
};

void rcufuzz_default_options(struct rcufuzz_options *o);
void rcufuzz_run(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		 struct rcufuzz_result *r);
/*
 * A fuzz target's options: the defaults under preset @preset, in @mode, or
 * misuse mode for a misuse+<cure> preset.  0 when @preset is unknown.
 */
int rcufuzz_options_for(const char *preset, enum workload_mode mode, struct rcufuzz_options *o);
/*
 * @base run under preset @preset instead: its switches and its pins (TINY or
 * Tree), the rest (the other pins, the mode, the hooks) as @base's, into
 * @out.  0 when @preset is unknown.  What "--unless Q" and RCUFUZZ_UNLESS
 * check a report against.
 */
int rcufuzz_options_under(const char *preset, const struct rcufuzz_options *base,
			  struct rcufuzz_options *out);
/*
 * rcufuzz_run() under @o, and when that reports and @q is not NULL, the same
 * input under @q.  1 when @q gives a report too (*@r is then @q's run: its
 * SUMMARY), so the caller goes on past it; 0 otherwise, *@r being @o's run
 * (run again after @q's, which reuses the report's buffers).
 */
int rcufuzz_run_unless(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		       const struct rcufuzz_options *q, struct rcufuzz_result *r);
struct config;
/* The kernel configuration a run of @data under @o boots: the header, @o's pins, normalized. */
void rcufuzz_config(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		    struct config *c);

const char *mode_name(enum workload_mode m);
int mode_lookup(const char *name);

#endif
