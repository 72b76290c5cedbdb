/* SPDX-License-Identifier: MIT */
/*
 * Text scenarios: a schedule a person can read and write, compiled to exactly
 * the bytes the fuzz targets read, and any input decompiled back to text.
 * The round trip is byte-exact: decompile, compile, same bytes.
 *
 *   # comment
 *   preset v3.0-rc7            run options (not part of the bytes)
 *   switch cpuacct_rcu=off
 *   mode misuse
 *   lockdep off
 *   expect clean               or: expect <SUMMARY text after "rcufuzz: ">
 *   expect-frame try_to_wake_up   a name the report must contain (repeatable)
 *   clean-under v3.0           also run under this preset and expect clean
 *   clean-with boosted_field   also run with this switch turned on and expect clean
 *   clean-without cpuacct_rcu  also run with this switch turned off and expect clean
 *   clean-with boost_once reaching rcu_boost:rnp unlocked, before rt_mutex_lock
 *                              ... and expect that run to stand at that point
 *   config RCU_BOOST=n         a kernel config field of the header (config.def)
 *   topology cpus=2 fanout=2 tasks=2 threadirqs boot   the rest of the header
 *   work T0 read_lock          then one event per line (sim/events.def)
 *   step cpu1 x3
 *   step cpu1 until __rcu_read_unlock:nesting 0, before special check   (until.h)
 *   step all until cpu2 at play_dead:dead    round robin, as the drain (until.h)
 *   step cpu0 until report                   up to the step that reports
 *   show nodes                 print the rcu_node tree here when the scenario runs
 *   irq cpu0 tick [01 00]      raw bytes of a record that is not canonical
 *   tail 03                    bytes of a last record cut short
 *
 * docs/scenarios.md has the whole language with examples.
 */
#ifndef RCUFUZZ_REPLAY_SCENARIO_H
#define RCUFUZZ_REPLAY_SCENARIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../target/rcufuzz.h"
#include "until.h"

#define SCENARIO_MAX_FRAMES 8
#define SCENARIO_MAX_CLEAN 4
#define SCENARIO_MAX_SHOWS  64

/*
 * A clean-under, clean-with or clean-without line's "reaching FUNC[:LABEL]":
 * the clean run must stand at that point at least once (points.h says what
 * matches), or its "clean" proves nothing about the window.  func[0] == 0:
 * no such clause.
 */
struct scenario_reach {
	char func[UNTIL_FUNC_MAX];
	char label[UNTIL_LABEL_MAX];
};

struct scenario {
	uint8_t *bytes;              /* the compiled input (malloc'd) */
	size_t size;
	/* Run options. */
	char preset[64];
	switch_set switches;         /* preset plus switch lines */
	struct config pin;           /* the preset line's implementation, else unpinned */
	enum workload_mode mode;
	int lockdep;
	int consequences;            /* go on past a failed model check */
	/* Expectations (for --check and the tests). */
	int has_expect;
	int expect_clean;
	char expect[256];
	int nframes;
	char frames[SCENARIO_MAX_FRAMES][64];
	int nclean;
	char clean_under[SCENARIO_MAX_CLEAN][64];
	struct scenario_reach reach_under[SCENARIO_MAX_CLEAN];
	int nclean_with;
	int clean_with[SCENARIO_MAX_CLEAN]; /* switch ids */
	struct scenario_reach reach_with[SCENARIO_MAX_CLEAN];
	int nclean_without;
	int clean_without[SCENARIO_MAX_CLEAN];
	struct scenario_reach reach_without[SCENARIO_MAX_CLEAN];
	/* The step ... until lines, in order, and what they compiled to (malloc'd). */
	int nuntil;
	struct until_line *until;
	/* The show nodes lines: where they stand in the compiled input. */
	int nshows;
	struct {
		int line;  /* in the scenario file */
		size_t at; /* before the record at this offset (at the end: none) */
	} shows[SCENARIO_MAX_SHOWS];
};

/*
 * Compile @text (NUL-terminated) named @name.  On error write one line
 * "name:line: why" into @err and return -1.
 */
int scenario_compile(const char *text, const char *name, struct scenario *s, char *err,
		     size_t errlen);
void scenario_free(struct scenario *s);

/* The options @s runs under: its preset, switch, mode and lockdep lines. */
void scenario_options(const struct scenario *s, struct rcufuzz_options *o);

/*
 * Run @s under its options and check its expect, expect-frame, clean-under,
 * clean-with and clean-without lines (and their "reaching" clauses).  0 if all hold (@why: what it reported), else -1 (@why:
 * what did not hold).
 */
int scenario_check(const struct scenario *s, char *why, size_t len);

/*
 * The until lines of @s (named @name) that a clean-under, clean-with or
 * clean-without variant would compile to other counts, or not at all: one
 * line "note: name:line: ..." each on @out.  Returns how many.
 */
int scenario_until_notes(const struct scenario *s, const char *name, FILE *out);

/* Write the text form of @data (its config lines, topology and events) read in @mode. */
void scenario_decompile(const uint8_t *data, size_t size, enum workload_mode mode, FILE *out);

/*
 * The same, run under @o, with runs of step records written as named points
 * (`step cpuN until FUNC:LABEL`, after the preset, switch and lockdep lines
 * of @o) wherever that compiles back to the same bytes; as counts elsewhere.
 * The bytes are those the run reads: @data's records under the config the
 * run boots (rcufuzz_config()), in canonical form, so a raw fuzzer input
 * whose header the preset overrides still gets its named points.
 */
void scenario_decompile_named(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			      FILE *out);

#endif
