/* SPDX-License-Identifier: MIT */
/*
 * Workload tasks: each runs the ops the input queues for it (work_ops.def),
 * keeping every op legal for the mode (strict: what v3.0 allows).  When the
 * input is used up, a task with nothing queued winds down (releases what it
 * holds, leaves its read-side sections) and exits.
 */
#ifndef RCUFUZZ_KERNEL_WORKLOAD_H
#define RCUFUZZ_KERNEL_WORKLOAD_H

#include "task.h"
#include "../config/topology.h"

/* Which workload ops the input can choose (see work_ops.def). */
enum workload_mode {
	MODE_STRICT, /* only what v3.0 allows */
	MODE_MISUSE, /* also the two restrictions still illegal in v3.0 */
	MODE_TEST,   /* also raw test locks, for testing the harness itself */
	NR_MODES
};

#define MAX_WORKLOAD_TASKS     8
#define NR_WORKLOAD_RT_MUTEXES 2  /* rtm0, rtm1: shared by every workload task */
#define WORKLOAD_FIFO_PRIO     10 /* the rt_priority of sched_fifo */

#define WORK_OP(id, name, mode, arg, sleeps, fn, what) WORK_##id,
enum work_op {
#include "work_ops.def"
	NR_WORK_OPS
};
#undef WORK_OP

/* The workload tasks, task N on CPU N % ncpus (all on the boot CPU while @booting). */
void workload_boot(const struct topology *t, enum workload_mode mode, int booting);
/*
 * Queue op @op with argument @arg for workload task @task.  A task out of
 * work sleeps on its queue (unless it may not sleep there, or was told to
 * spin); queueing then raises the workload's device irq on the CPU the task
 * last ran on, whose handler wakes it.
 */
void workload_queue(int task, enum work_op op, int arg);
/* The device irq's handler, in hardirq: wake the tasks that have work. */
void workload_interrupt(void);
/* From now on, tasks out of work wind down and exit. */
void workload_begin_drain(void);
/* Ops finished plus tasks exited so far: grows while the workload progresses. */
unsigned long workload_progress(void);
/* Have all workload tasks exited? */
int workload_done(void);
/*
 * The op (enum work_op) whose run_op() returned on CPU @cpu in step @step
 * (sim_steps() as that step ran), done or skipped as illegal there; -1 if
 * none did.  A step returns from one op at most: every op begins at its
 * point, and a task that has returned from one stops at a point (the next
 * op's, workload_main's, a lock's on its way to schedule()) before another
 * task runs there.  What rcureplay's `until run_op:OP done` stops after.
 */
int workload_op_returned(int cpu, unsigned long step);
/* Ops queued and not yet taken by their task (rcureplay --explore: the workload is not over). */
int workload_ops_queued(void);
/* Ops taken by their task and not yet returned (rcureplay --explore: nor is it then). */
int workload_ops_running(void);
/*
 * Of those, the ones whose task is running or runnable, not asleep
 * (rcureplay --explore --release late hands the next op out at 0).
 */
int workload_ops_awake(void);
struct task_struct *workload_task(int n);
struct rt_mutex *workload_rt_mutex(int n);
int workload_count(void);
/* Whom a posix-timer signal goes to: the interrupted workload task, else task 0. */
struct task_struct *workload_signal_target(void);

#endif
