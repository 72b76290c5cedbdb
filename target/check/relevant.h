/* SPDX-License-Identifier: MIT */
/*
 * The RCU-relevant points, one table (relevant.def) for every tool that
 * places preemptions: rcureplay --explore (replay/explore.c) and whoever
 * samples schedules over them.
 */
#ifndef RCUFUZZ_CHECK_RELEVANT_H
#define RCUFUZZ_CHECK_RELEVANT_H

struct sim_site;
struct lock_site;
struct trace_row;

/*
 * Is a CPU standing at point @s, the lock call @lock if @s is a lock's
 * point (else NULL), at an RCU-relevant point (relevant.def)?
 */
int rcu_relevant_point(const struct sim_site *s, const struct lock_site *lock);

/* Is CPU @cpu standing at an RCU-relevant point now? */
int rcu_relevant_cpu(int cpu);

/* Is a point of function @func written in @file (NULL: not known) RCU-relevant? */
int rcu_relevant_name(const char *func, const char *file, const char *label);

/*
 * Does trace row @row (run.h) stand at an RCU-relevant point?  At a lock's
 * point the function that called the lock answers, as for a CPU.
 */
int rcu_relevant_row(const struct trace_row *row);

#endif
