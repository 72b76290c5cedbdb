/* SPDX-License-Identifier: MIT */
/*
 * Interleaving feedback: features of the schedule reported to the fuzzer on
 * top of edge coverage, so that it is guided toward new interleavings and
 * not only new lines.
 *
 *   point x context        preemption point x (task / hardirq / softirq /
 *                          irq-exit window) x irqs off x preempt off
 *   lock order             class held -> class taken, per context kind
 *   reader state           nesting class x special bits x blocked/boosted
 *   RCU state              Tree RCU's abstract state (hooks.h,
 *                          feedback_rcu_state()) at a tick, a forcing pass,
 *                          the RCU core, a GP start, callback invocation
 *   waypoints              the setups that hold x how long they have held,
 *                          at a grace period's progress (feedback_waypoint())
 *
 * libFuzzer reads them as extra counters; AFL++ builds write them into its
 * coverage map.  feedback_enable(0) turns them off (edge coverage only).
 */
#ifndef RCUFUZZ_CHECK_FEEDBACK_H
#define RCUFUZZ_CHECK_FEEDBACK_H

#include <stddef.h>
#include <stdint.h>

#define FEEDBACK_COUNTERS 8192

/* The hooks the model calls are in kernel/hooks.h. */
void feedback_enable(int on);
/* With @on 0, feedback_rcu_state() adds nothing (the other features stay). */
void feedback_rcu_state_enable(int on);
/* With @on 0, feedback_waypoint() adds nothing. */
void feedback_waypoints_enable(int on);
/* A run begins: forget the RCU states the last one saw. */
void feedback_reset(void);

/*
 * The milestone: in this run, a task stood inside rcu_read_unlock_special()
 * after leaving a list an expedited grace period waits on and before its
 * re-read of ->exp_tasks, while that grace period ended and the next one
 * began (after its stoppers, before ->expmask): the first hold of finding
 * unlock-stale-exp-report, which the explorer does not reach from a
 * workload within its bounds and reaches from a run cut there within a few
 * thousand schedules (docs/exploring.md).  rcufuzz_result.milestone says
 * where in the input it was met.
 */
int feedback_milestone(void);
/* With @on 1, meeting the milestone is a feature too (off by default: RCUFUZZ_MILESTONE_CUTS). */
void feedback_milestone_enable(int on);

/* Distinct features hit so far in this process (for benchmarks). */
size_t feedback_features(void);
/* Forget every feature hit so far (tests: the count above from zero). */
void feedback_clear(void);

#endif
