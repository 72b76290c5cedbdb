/* SPDX-License-Identifier: MIT */
/*
 * The machine an input describes: its header (input.h, config.def) decodes
 * into this, boot builds it, RCU sizes its rcu_node tree from it.  A plain
 * value that depends on nothing.
 */
#ifndef RCUFUZZ_TOPOLOGY_H
#define RCUFUZZ_TOPOLOGY_H

struct topology {
	int ncpus;	      /* NR_CPUS: 1..16 */
	int fanout;	      /* CONFIG_RCU_FANOUT: 2, 4, 8, 16 */
	int force_irqthreads; /* "threadirqs" on the command line */
	int boot;	      /* start before rcu_scheduler_fully_active */
	int ntasks;	      /* workload tasks, 1..8 */
};

#endif
