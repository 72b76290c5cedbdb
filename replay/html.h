/* SPDX-License-Identifier: MIT */
/*
 * --html OUT: the run as one self-contained HTML page (docs/html.md): a
 * swimlane per CPU with labelled step blocks, nested irq frames, lock-hold
 * spans and reader sections, the normal and expedited grace periods above
 * them, the step that fired the report highlighted, the rcu_node tree at the
 * step selected with the keyboard or the mouse, and the report below.
 */
#ifndef RCUFUZZ_REPLAY_HTML_H
#define RCUFUZZ_REPLAY_HTML_H

#include <stdio.h>

struct trace_row;
struct rcufuzz_result;
struct html_trace;
struct trace_printer;

/* A recorder for one run; @also_print: also print --trace rows with it (NULL: no). */
struct html_trace *html_begin(struct trace_printer *also_print);
/* The rcufuzz_options.trace callback; @arg is the html_trace. */
void html_row(const struct trace_row *row, void *arg);
/* Write the page for the run just recorded; 0, or -1 with errno set. */
int html_write(const struct html_trace *h, const char *path, const char *input_name,
	       const struct rcufuzz_result *r);
void html_free(struct html_trace *h);

#endif
