/* SPDX-License-Identifier: MIT */
/*
 * The machine an input describes: its header (input.h) decodes into this,
 * boot builds it, RCU sizes its rcu_node tree from it.  A plain value that
 * depends on nothing.
 */
#ifndef RCUFUZZ_TOPOLOGY_H
#define RCUFUZZ_TOPOLOGY_H

struct topology {
	int ncpus;	      /* 1..8 */
	int fanout;	      /* leaf fanout of the rcu_node tree: 2, 4, 8, 16 */
	int force_irqthreads; /* "threadirqs" on the command line */
	int boot;	      /* start before rcu_scheduler_fully_active */
	int ntasks;	      /* workload tasks, 1..8 */
};

#endif
