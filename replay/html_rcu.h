/* SPDX-License-Identifier: MIT */
/*
 * The rcu_node panel of --html (docs/html.md): the tree's state at each step,
 * copied out of rcu_preempt_state, and written into the page as data where it
 * changed.  GP numbers count from boot as rcu_report_state() prints them (the
 * kernel starts gpnum and completed at -300).  TINY_PREEMPT_RCU's
 * rcu_preempt_ctrlblk shows as one node (its u8 GP numbers count from 0).
 */
#ifndef RCUFUZZ_REPLAY_HTML_RCU_H
#define RCUFUZZ_REPLAY_HTML_RCU_H

#include "../target/kernel/task.h"
#include "../target/rcu/tree.h"

#include <stdio.h>

#define GP_FROM_BOOT(n) ((n) + 300)
#define BLKD_SHOWN	8  /* ->blkd_tasks entries recorded per rcu_node */
#define PTR_NULL	-1 /* ->gp_tasks & co. are NULL */
#define PTR_ELSEWHERE	-2 /* ... point past BLKD_SHOWN or off the list */

struct node_state {
	long gpnum, completed; /* from boot */
	unsigned long qsmask, qsmaskinit, expmask;
	int nblkd;			      /* entries on ->blkd_tasks */
	short blkd[BLKD_SHOWN];		      /* pids of the first ones, head first */
	int gp_tasks, exp_tasks, boost_tasks; /* index into blkd[], or PTR_* */
};

/* What the panel shows at one step. */
struct rcu_snapshot {
	long gpnum, completed; /* rcu_state's (rcu_preempt_ctrlblk's), from boot */
	long exp_gp;	       /* expedited GPs begun so far in the run */
	int exp_held;	       /* synchronize_rcu_expedited() holds its mutex */
	int exp_blocked;       /* some ->exp_tasks or ->expmask still set */
	int num_nodes;
	struct node_state node[RCU_MAX_NODES];
};

/* The recorder: the tree's shape and the names behind the pids. */
struct rcu_panel {
	int num_nodes;
	struct {
		int parent; /* node index, -1 at the root */
		int bit;    /* this node's bit in the parent's masks */
		int grplo, grphi;
	} shape[RCU_MAX_NODES];
	char name[MAX_TASKS + 1][32]; /* task_name() by pid */
	long exp_gp;
	int exp_held;
};

/* Copy the tree's state now into @s. */
void rcu_panel_take(struct rcu_panel *p, struct rcu_snapshot *s);
int rcu_node_state_equal(const struct node_state *a, const struct node_state *b);
int rcu_snapshot_equal(const struct rcu_snapshot *a, const struct rcu_snapshot *b);
/* The page's data: the tree's shape as a JavaScript array, then one state at step @i. */
void rcu_panel_write_shape(FILE *f, const struct rcu_panel *p);
void rcu_panel_write_state(FILE *f, const struct rcu_panel *p, unsigned long i,
			   const struct rcu_snapshot *s);

#endif
