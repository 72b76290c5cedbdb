/* SPDX-License-Identifier: MIT */
/* --trace: one row per step. */
#ifndef RCUFUZZ_REPLAY_TRACE_H
#define RCUFUZZ_REPLAY_TRACE_H

#include <stdio.h>

struct trace_row;
struct trace_printer;

#define TRACE_NODES   1u /* --nodes: after a step, the rows of the rcu_node tree it changed */
#define TRACE_COMPACT 2u /* --compact: no column per CPU, only the CPU that stepped */

/* A printer of rows on @out; NULL if out of memory. */
struct trace_printer *trace_printer_new(FILE *out, unsigned flags);
void trace_printer_free(struct trace_printer *p);
/* The rcufuzz_options.trace callback: one row; @arg is a trace_printer. */
void trace_print_row(const struct trace_row *row, void *arg);
/*
 * A scenario's `show nodes` line (at line @line of its file): print the
 * whole rcu_node tree before record @record is applied (past the last:
 * after it).  Returns -1 if
 * there is no room for more.
 */
int trace_show_nodes_at(struct trace_printer *p, long record, int line);
/* The rcufuzz_options.before_record callback that prints them; @arg is a trace_printer. */
void trace_before_record(long index, void *arg);
/* The line between the last row and what follows them (the report, or "clean"). */
void trace_print_end(FILE *out);

#endif
