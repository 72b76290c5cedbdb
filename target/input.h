/* SPDX-License-Identifier: MIT */
/*
 * The input format.  Every byte string is a valid input:
 *
 *   header (3 bytes, missing bytes read as zero), config.def's fields:
 *     h0: bits 0-3 NR_CPUS - 1 (1..16); bits 4-5 CONFIG_RCU_FANOUT 2, 4, 8, 16;
 *         bit 6 threadirqs; bit 7 start in early boot (before
 *         rcu_scheduler_fully_active)
 *     h1: bits 0-2 workload tasks - 1 (1..8); bit 3 CONFIG_RCU_BOOST=n;
 *         bits 4-5 CONFIG_RCU_BOOST_DELAY 3, 0, 30, 500 ms;
 *         bits 6-7 CONFIG_HZ 1000, 100, 250, 300
 *     h2: bit 0 CONFIG_RCU_CPU_STALL_DETECTOR=n;
 *         bit 1 CONFIG_RCU_CPU_STALL_TIMEOUT 60, 3 s;
 *         bit 2 CONFIG_TINY_PREEMPT_RCU=y (then NR_CPUS is 1 and h0 bits
 *         0-5, h2 bits 0-1 are read as their defaults); bit 6 rcutorture's
 *         fqs kthread (RCU_TORTURE_FQS=y: rcutorture built in with
 *         fqs_duration > 0, kconfig.h's parameters); bits 3-5 and 7 unused
 *         (bit 6 is the one of them no stored input of ours sets)
 *     (all-zero bits: 1 CPU, fanout 2, 1 task, RCU_BOOST=y with a 3 ms
 *     delay, HZ=1000, the stall detector on at 60 s, TREE_PREEMPT_RCU, no
 *     rcutorture)
 *   records (events.def), each an opcode byte and its argument bytes;
 *   a record cut short by the end of the input is ignored.
 */
#ifndef RCUFUZZ_INPUT_H
#define RCUFUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "kernel/workload.h"
#include "rcufuzz.h"

#define INPUT_HEADER_SIZE 3

#define EVENT(id, name, nargs, what) EV_##id,
enum event_op {
#include "events.def"
	NR_EVENTS
};
#undef EVENT

/* What a workload op's argument byte names (work_ops.def), taken modulo work_arg_range(). */
enum work_arg { ARG_NONE, ARG_CPU, ARG_TASK, ARG_RTMUTEX };

struct input_event {
	enum event_op op;
	int cpu;	   /* step, irq, resched */
	int count;	   /* step */
	int kind;	   /* irq: enum irq_kind */
	int task;	   /* work: workload task number */
	enum work_op work; /* work */
	int arg;	   /* work: resolved argument (cpu or task), or the raw byte */
	size_t offset;	   /* where the record starts in the input */
	size_t len;	   /* its length in bytes */
};

/*
 * The configuration the header's bits pick, field by field.  What the run
 * gets is this with the options' pins applied, then config_normalize()d
 * (a TINY_PREEMPT_RCU header's CPU and Tree fields read as the defaults).
 */
void input_config(const uint8_t *data, size_t size, struct config *c);
/* Decode the record at *pos and advance; 0 when no whole record is left. */
int input_next(const uint8_t *data, size_t size, size_t *pos, const struct topology *t,
	       enum workload_mode mode, struct input_event *ev);

/* Names and shapes, for text forms and reports. */
const char *event_name(enum event_op op);
int event_nargs(enum event_op op);
const char *work_op_name(enum work_op op);
enum work_arg work_op_arg(enum work_op op);
/* How many values an argument kind has (1 for none), and its text form's prefix: cpu, T, rtm. */
int work_arg_range(enum work_arg arg, const struct topology *t);
const char *work_arg_prefix(enum work_arg arg);
const char *work_op_what(enum work_op op);
/* Ops the mode allows: a prefix of enum work_op. */
int work_ops_in_mode(enum workload_mode mode);
const char *irq_kind_name(int kind);

/* Names back to numbers; -1 if unknown. */
int event_lookup(const char *name);
int work_op_lookup(const char *name);
int irq_kind_lookup(const char *name);
/* The least mode in which the op can be chosen. */
enum workload_mode work_op_mode(enum work_op op);
/* The canonical header of a configuration (its unused bits zero). */
void input_encode_config(const struct config *c, uint8_t out[INPUT_HEADER_SIZE]);

/* The canonical bytes of an event (what the text form compiles to). */
size_t input_encode(const struct input_event *ev, enum workload_mode mode, uint8_t out[3]);

#endif
