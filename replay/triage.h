/* SPDX-License-Identifier: MIT */
/*
 * Crash triage: run every file of a directory, group the reports by their
 * SUMMARY line, and print a table (count, smallest input, SUMMARY) and the
 * text schedule of the smallest input of each group.
 */
#ifndef RCUFUZZ_REPLAY_TRIAGE_H
#define RCUFUZZ_REPLAY_TRIAGE_H

#include "../target/rcufuzz.h"

/* 0 done, 2 the directory cannot be read. */
int triage_dir(const char *dir, const struct rcufuzz_options *o);

#endif
