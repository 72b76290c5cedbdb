/* SPDX-License-Identifier: MIT */
/*
 * The rcu_node tree as text, in the columns of --html's rcu_node panel
 * (html_rcu.h): `--trace --nodes` prints the rows that changed after a step,
 * a scenario's `show nodes` line the whole tree at its place.
 *
 *   node (parent)  cpus  gpnum completed qsmask qsmaskinit expmask gp_tasks  ...  blkd_tasks (head
 * first) rcu_state gpnum 1 completed 0, expedited: none begun node 0         0-2       1         0
 * 0x3    0x3        0x0     T5        ...  T5 T2 node 2 (0)     2-2       1         0 0x0    0x0
 * 0x0     NULL      ...  -
 */
#ifndef RCUFUZZ_REPLAY_NODES_H
#define RCUFUZZ_REPLAY_NODES_H

#include "html_rcu.h"

#include <stdio.h>

/* The column names of a node row. */
void nodes_print_header(FILE *out, const char *indent);
/* The rows of @s that differ from @prev (NULL: every row), each line starting with @indent. */
void nodes_print(FILE *out, const struct rcu_panel *p, const struct rcu_snapshot *s,
		 const struct rcu_snapshot *prev, const char *indent);

#endif
