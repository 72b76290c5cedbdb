/* SPDX-License-Identifier: MIT */
/* --trace: one row per step. */
#ifndef RCUFUZZ_REPLAY_TRACE_H
#define RCUFUZZ_REPLAY_TRACE_H

#include <stdio.h>

struct trace_row;

/* arg is the FILE * to print to. */
void trace_print_row(const struct trace_row *row, void *arg);
/* The line between the last row and what follows them (the report, or "clean"). */
void trace_print_end(FILE *out);

#endif
