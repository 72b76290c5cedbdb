/* SPDX-License-Identifier: MIT */
/* --trace: one row per step. */
#ifndef RCUFUZZ_REPLAY_TRACE_H
#define RCUFUZZ_REPLAY_TRACE_H

struct trace_row;

/* arg is the FILE * to print to. */
void trace_print_row(const struct trace_row *row, void *arg);

#endif
