/* SPDX-License-Identifier: MIT */
/*
 * The points a person may name: the model's POINT()s (target/sim/sim.h keeps
 * a registry of them) and the two kinds of point it declares without
 * POINT() (the idle loop's halt, each workload op's point), written
 * FUNC:LABEL, for `rcureplay --points` and for `step cpuN until
 * FUNC[:LABEL]` lines (docs/scenarios.md).  Beside them, each workload op's
 * "op done" mark, run_op:OP done, which is no point (nothing stops there):
 * a step matches it when op OP returned on its CPU during that step, done
 * or skipped (workload_op_returned()); the CPU then stands at its next
 * point.
 */
#ifndef RCUFUZZ_REPLAY_POINTS_H
#define RCUFUZZ_REPLAY_POINTS_H

#include <stddef.h>
#include <stdio.h>

struct trace_row;

/*
 * Does the CPU of @row stand at @func[:@label] after its step?  @func is the
 * innermost kernel function (what --trace shows) or the function the point
 * is written in (what --points shows); the two differ only in a helper
 * without a frame of its own, e.g. spin_wait's "spinning" in
 * try_to_wake_up.  @label NULL or "": any point there.  run_op:OP done:
 * did op OP return on the CPU in @row's step?
 */
int point_matches(const struct trace_row *row, const char *func, const char *label);

/*
 * rcureplay --points [FUNC]: every point as FUNC:LABEL and where it is
 * written, one a line, sorted by function; with @func (not NULL) only that
 * function's.  Returns how many it printed.
 */
int points_print(FILE *out, const char *func);

/* Has @func a point?  Has @func (NULL: any function) a point labelled @label? */
int point_func_known(const char *func);
int point_label_known(const char *func, const char *label);

/* Every distinct function with a point (sorted), or every label; how many (at most @max). */
int point_funcs(const char **names, int max);
int point_labels(const char **names, int max);

/*
 * The names among @names[0..n) nearest to @name by edit distance (a typo
 * away), nearest first, as "a, b, c" into @buf; "" if none is near.
 */
void names_near(const char *name, const char *const *names, int n, char *buf, size_t len);

#endif
