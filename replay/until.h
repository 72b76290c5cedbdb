/* SPDX-License-Identifier: MIT */
/*
 * Named points in schedules: `step cpuN until FUNC[:LABEL] [within K]`.
 * Such a line stands for the step records that take CPU N, one step at a
 * time, to the first point after it where the CPU stands at FUNC[:LABEL]
 * (points.h says what matches).  Compiling it runs the model: the input
 * before the line, then up to K single steps of CPU N; the count is the
 * position of the first step that stands there.  So the line compiles to
 * the counts of the run it was compiled under (its preset and switches);
 * `step all until cpuN at FUNC[:LABEL]` compiles to rounds of step records
 * of every CPU in turn, as the drain takes them (a tick to each every
 * DRAIN_TICK_EVERY rounds), up to the step of CPU N that stands there;
 * `step cpuN until report` and `step all until report` to the steps up to
 * the one that reports;
 * `--check` notes where a clean-with/clean-under variant would count
 * differently.  The other way, a run of step records of one CPU prints as
 * such a line where the line compiles back to the same bytes.
 */
#ifndef RCUFUZZ_REPLAY_UNTIL_H
#define RCUFUZZ_REPLAY_UNTIL_H

#include <stddef.h>
#include <stdint.h>

#include "../target/rcufuzz.h"

#define UNTIL_DEFAULT_WITHIN 500
#define UNTIL_MAX_WITHIN     10000
#define UNTIL_FUNC_MAX	     64
#define UNTIL_LABEL_MAX	     128

/* Until what a line steps. */
enum until_kind {
	UNTIL_POINT,  /* until CPU N stands at FUNC[:LABEL] */
	UNTIL_REPORT, /* up to the step that reports */
};

struct until_line {
	int line; /* in the scenario file, for errors */
	enum until_kind kind;
	int all; /* step all: every CPU in turn, as the drain steps them */
	int cpu; /* step cpuN, or the CPU that must stand at the point; -1: none */
	char func[UNTIL_FUNC_MAX];   /* FUNC */
	char label[UNTIL_LABEL_MAX]; /* LABEL; "" for any point in FUNC */
	int within;		     /* at most this many steps (of CPU N) */
	/* What it compiled to. */
	size_t at;  /* where its records start in the input */
	size_t len; /* their bytes (0 before the first compile) */
	int steps;  /* the steps of CPU N they carry */
};

/*
 * Compile @u[0..n) in order into the input @in (@size bytes, line i's old
 * step records at u[i].at, u[i].len bytes) under @o.  On success: 0, the
 * new input in *@out (malloc'd), and each line's at, len and steps.  On
 * error: -1, *@failed the line's index (-1: out of memory) and @why (without
 * the file and line).
 */
int until_compile(const uint8_t *in, size_t size, struct until_line *u, int n,
		  const struct rcufuzz_options *o, uint8_t **out, size_t *out_size, int *failed,
		  char *why, size_t len);

/* Is @name[0..@len) a function name an until line can carry (a C identifier that fits)? */
int until_func_name(const char *name, size_t len);

/* The line as a scenario line: "step cpu1 until FUNC:LABEL [within K]" (or its other kinds). */
void until_format(const struct until_line *u, char *buf, size_t len);

/*
 * For each record of @data run under @o: the until line that stands for
 * the run of step records starting there, or none.  A run is a CPU's
 * consecutive step records in canonical form (x8 ... x8 then x1..x8, as an
 * until line compiles to) whose last step is the first of the run to stand
 * at its point.  Returns a malloc'd array of *@n (the records) entries:
 * .records 0 for none, else how many records the line (.text) replaces.
 */
struct until_name {
	int records;
	char text[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 48];
};
struct until_name *until_names(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			       int *n);

#endif
