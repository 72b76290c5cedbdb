/* SPDX-License-Identifier: MIT */
/*
 * The model's calls out to its observers, which are not kernel state:
 *
 *   the black-box RCU oracle (check/oracle.c): every reader section gets an
 *   id; every grace-period request (synchronize_rcu, call_rcu,
 *   synchronize_rcu_expedited) records the sections in progress when it is
 *   made, and when the request ends none of them may still be in progress.
 *   Readers also dereference a shared heap object that updaters retire with
 *   call_rcu() and free in the callback: in sanitizer builds an early
 *   callback is a real heap-use-after-free.
 *
 *   the interleaving feedback (check/feedback.c): features of the schedule
 *   reported to the fuzzer on top of edge coverage.
 */
#ifndef RCUFUZZ_KERNEL_HOOKS_H
#define RCUFUZZ_KERNEL_HOOKS_H

#include "task.h"

struct gp_snapshot {
	int n; /* readers recorded */
	struct {
		short pid;	 /* task of the reader */
		unsigned int id; /* its section id */
	} readers[MAX_TASKS];
};

/* Called on entry to rcu_read_lock() and rcu_read_unlock(). */
void oracle_reader_lock(void);
void oracle_reader_unlock(void);
/* A grace-period request is made / ends. */
void oracle_gp_begin(struct gp_snapshot *s);
void oracle_gp_end(const struct gp_snapshot *s, const char *request, const char *func);
/* Replace the shared object and call_rcu() the old one (the call_rcu workload op). */
void oracle_retire_object(void);
/* Read the shared object inside a reader. */
void oracle_deref(void);

/* A CPU resumes at a point: point x context x irqs off x preempt off. */
void feedback_at_point(void);
/* A lock of class @new_class is taken while @held_class is the innermost held. */
void feedback_lock_order(int held_class, int new_class);
/* The running task's reader state: nesting class x special bits x blocked/boosted. */
void feedback_reader_state(void);
/* Where Tree RCU's abstract state is read (feedback_rcu_state()). */
enum feedback_rcu_site {
	FB_RCU_TICK,	 /* rcu_check_callbacks() */
	FB_RCU_FQS,	 /* force_quiescent_state(), after a pass */
	FB_RCU_CORE,	 /* __rcu_process_callbacks() */
	FB_RCU_GP_START, /* rcu_start_gp(), the new GP set up */
	FB_RCU_INVOKE,	 /* rcu_do_batch() */
	FB_RCU_EXP_INIT, /* an expedited GP: its stoppers done, before ->expmask */
	FB_RCU_EXP_DONE, /* an expedited GP: its waiter woken and done */
	FB_RCU_BOOST,	 /* rcu_boost(): a task to boost */
};
/*
 * Tree RCU's abstract state at @where: GP in progress x fqs phase x the CPUs
 * still owing a quiescent state, of them those in a reader, dyntick-idle or
 * both (clipped counts) x gp/exp/boost tasks queued on some rcu_node or not;
 * each state once a run (check/feedback.c).
 */
void feedback_rcu_state(enum feedback_rcu_site where);
/*
 * Waypoints at a grace period's progress (@where: a GP start, a forcing
 * pass, callbacks invoked, an expedited GP's init and end, a boost): which
 * of the setups the findings need hold (a dying CPU still running, readers
 * queued, queued readers on a leaf with no CPU online, a reader preempted
 * inside its unlock, boosting, an expedited GP waiting) x how many
 * progress events in a row they have held (check/feedback.c).
 */
void feedback_waypoint(enum feedback_rcu_site where);
/*
 * @t in rcu_read_unlock_special() opens (@open 1: dequeued from a list an
 * expedited GP waits on) or closes (0: past its re-read of ->exp_tasks, or
 * leaving) the window of the milestone (check/feedback.h).
 */
void feedback_unlock_window(const struct task_struct *t, int open);

#endif
