/* SPDX-License-Identifier: MIT */
/*
 * TINY_PREEMPT_RCU's data, as 3.0's kernel/rcutiny_plugin.h declares it,
 * for the harness that reads it from outside (liveness, reports, --html):
 * the callback lists of rcu_sched, rcu_bh and rcu_preempt, and
 * rcu_preempt_ctrlblk with its ->blkd_tasks and the pointers into it.  In
 * 3.0 they are static to rcutiny.c; the model's tiny.c defines
 * rcu_preempt_ctrlblk for the harness to see, and everything else static,
 * under the kernel's names (tiny.c says why).
 */
#ifndef RCUFUZZ_RCU_TINY_H
#define RCUFUZZ_RCU_TINY_H

#include "rcupdate.h"

#include "../kernel/list.h"

/* One flavour's callbacks: [rcucblist, *donetail) done, then waiting. */
struct rcu_ctrlblk {
	struct rcu_head *rcucblist; /* List of pending callbacks (CBs). */
	struct rcu_head **donetail; /* ->next pointer of last "done" CB. */
	struct rcu_head **curtail;  /* ->next pointer of last CB. */
};

/* Global control variables for preemptible RCU. */
struct rcu_preempt_ctrlblk {
	struct rcu_ctrlblk rcb;	     /* curtail: ->next ptr of last CB for GP. */
	struct rcu_head **nexttail;  /* ->next ptr of the last CB that must wait for a later GP */
	struct list_head blkd_tasks; /* preempted readers: queued at the head, aging to the tail */
	struct list_head *gp_tasks;  /* first task blocking the current GP, or NULL */
	struct list_head *exp_tasks; /* first task blocking the expedited GP, or NULL */
	struct list_head *boost_tasks; /* first task to priority-boost (RCU_BOOST), or NULL */
	unsigned char gpnum;	       /* Current grace period (u8). */
	unsigned char gpcpu;	       /* Last grace period blocked by the CPU. */
	unsigned char completed;       /* Last grace period completed. */
				       /*  If all three are equal, RCU is idle. */
	unsigned long boost_time;      /* When to start boosting (jiffies), RCU_BOOST */
};

extern struct rcu_preempt_ctrlblk rcu_preempt_ctrlblk;

/* Model helpers for the harness (no kernel functions). */
int rcu_tiny_exp_held(void);		    /* synchronize_rcu_expedited() holds its mutex */
struct task_struct *rcu_tiny_kthread(void); /* rcu_kthread_task, or NULL */

static inline int rcu_tiny_gp_in_progress(void)
{
	return rcu_preempt_ctrlblk.completed != rcu_preempt_ctrlblk.gpnum;
}

#endif
