/* SPDX-License-Identifier: MIT */
/* Liveness checks at the end of the drain: see liveness.c. */
#ifndef RCUFUZZ_CHECK_LIVENESS_H
#define RCUFUZZ_CHECK_LIVENESS_H

/* No GP in progress or needed, no callbacks, no expedited GP, no reader queued. */
int liveness_rcu_idle(void);
/*
 * After a drain in which no workload op finished for @drain_rounds rounds:
 * report a workload task that never finished, a booster waiting forever, a
 * task left boosted, a reader never dequeued, a grace period that never
 * ended, callbacks never invoked.  Returns only if all is well.
 */
void liveness_check(int drain_rounds);
/* gpnum, each rcu_node's masks and ->blkd_tasks, each CPU's rcu_data. */
void report_rcu_state(void);

#endif
