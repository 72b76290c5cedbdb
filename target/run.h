/* SPDX-License-Identifier: MIT */
/*
 * The run of one input: boot the machine its header describes, apply its
 * records, drain, check liveness.  Also the ring of recent events that
 * reports print, and the rows --trace prints.
 */
#ifndef RCUFUZZ_RUN_H
#define RCUFUZZ_RUN_H

#include "input.h"
#include "rcufuzz.h"

/*
 * Steps an input's records may take.  The drain after them ends when the
 * machine is quiescent (every online CPU halted in its idle loop, nothing
 * queued or pending), or when no workload task has finished an op for
 * DRAIN_ROUNDS rounds (then liveness is checked: a task still there is
 * stuck), or at DRAIN_MAX_ROUNDS while work still progresses (a long queue
 * of slow ops: no verdict on liveness).
 */
#define INPUT_STEP_BUDGET 20000
#define DRAIN_ROUNDS	  4000
#define DRAIN_MAX_ROUNDS  (4 * DRAIN_ROUNDS)
/* A drain round: each online CPU steps this often; every DRAIN_TICK_EVERY-th, a tick first. */
#define DRAIN_STEPS_PER_ROUND 2
#define DRAIN_TICK_EVERY      32

/* One row of --trace: where a CPU stands after a step. */
struct trace_row {
	unsigned long step;		/* steps so far */
	long event;			/* index of the input record, -1 in the drain */
	const struct input_event *ev;	/* the record, NULL in the drain */
	int cpu;			/* the CPU that stepped */
	const struct task_struct *task; /* its current task */
	const char *context;		/* "task", "hardirq", "softirq", "irq-exit" */
	const char *func;		/* innermost function */
	const char *label;		/* the point's label */
	const char *point_func;		/* the function the point is written in: func, or
					   a helper without a frame of its own (spin_wait) */
	const char *site_func;		/* at a lock's point: the function that called the
					   lock (spinlock.h), else NULL */
	const char *op_returned;	/* the workload op whose run_op() returned on the
					   CPU in this step (workload_op_returned()), else
					   NULL: `until run_op:OP done` */
};

/*
 * The FUNC of a row's FUNC:LABEL: the innermost function (trace_row.func),
 * or, at a lock's point where there is no frame, the lock's caller.
 */
const char *trace_point_func(const struct trace_row *row);
/* The point CPU @cpu stands at, FUNC and LABEL as --trace and `step cpuN until` name it. */
void cpu_point_name(int cpu, const char **func, const char **label);

/*
 * Would a step of CPU @cpu change nothing (halted in its idle loop,
 * nothing pending)?  The drain skips such a CPU.
 */
int idle_noop(int cpu);
/* Does the drain give CPU @cpu a tick on its tick rounds (NO_HZ, see run.c)? */
int drain_wants_tick(int cpu);

/* Describe @ev in the text-scenario syntax ("step cpu1 x3"). */
void event_format(const struct input_event *ev, char *buf, size_t len);

#endif
