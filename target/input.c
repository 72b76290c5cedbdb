/* SPDX-License-Identifier: MIT */
/* Input decoding: see input.h. */
#include "input.h"

#include "kernel/cpu.h"

#include <string.h>

#define EVENT(id, name, nargs, what) {name, nargs},
static const struct {
	const char *name;
	int nargs;
} events[] = {
#include "events.def"
};
#undef EVENT

#define WORK_OP(id, name, mode, arg, sleeps, fn, what) {name, MODE_##mode, ARG_##arg, what},
static const struct {
	const char *name;
	enum workload_mode mode;
	enum work_arg arg;
	const char *what;
} work_ops[] = {
#include "kernel/work_ops.def"
};
#undef WORK_OP

#define IRQ_KIND(id, name, text) name,
static const char *const irq_kinds[] = {
#include "kernel/irq_kinds.def"
};
#undef IRQ_KIND

const char *event_name(enum event_op op)
{
	return events[op].name;
}

int event_nargs(enum event_op op)
{
	return events[op].nargs;
}

const char *work_op_name(enum work_op op)
{
	return work_ops[op].name;
}

enum work_arg work_op_arg(enum work_op op)
{
	return work_ops[op].arg;
}

int work_arg_range(enum work_arg arg, const struct topology *t)
{
	switch (arg) {
	case ARG_CPU:
		return t->ncpus;
	case ARG_TASK:
		return t->ntasks;
	case ARG_RTMUTEX:
		return NR_WORKLOAD_RT_MUTEXES;
	case ARG_NONE:
		break;
	}
	return 1;
}

const char *work_arg_prefix(enum work_arg arg)
{
	static const char *const prefix[] = {"", "cpu", "T", "rtm"};

	return prefix[arg];
}

const char *work_op_what(enum work_op op)
{
	return work_ops[op].what;
}

int work_ops_in_mode(enum workload_mode mode)
{
	int n = 0;

	while (n < NR_WORK_OPS && work_ops[n].mode <= mode)
		n++;
	return n;
}

const char *irq_kind_name(int kind)
{
	return irq_kinds[kind];
}

/* The index bits of field @f in the header. */
static int field_bits(const uint8_t *data, size_t size, enum config_field_id f)
{
	const struct config_field *cf = &config_fields[f];
	uint8_t b = (size_t)cf->byte < size ? data[cf->byte] : 0;

	return (b >> cf->shift) & ((1 << cf->bits) - 1);
}

void input_config(const uint8_t *data, size_t size, struct config *c)
{
	config_defaults(c);
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		config_set(c, f, config_fields[f].values[field_bits(data, size, f)]);
}

int input_next(const uint8_t *data, size_t size, size_t *pos, const struct topology *t,
	       enum workload_mode mode, struct input_event *ev)
{
	size_t p = *pos;
	uint8_t a, b;

	if (p < INPUT_HEADER_SIZE)
		p = INPUT_HEADER_SIZE;
	if (p >= size)
		return 0;
	ev->op = (enum event_op)(data[p] % NR_EVENTS);
	ev->offset = p;
	ev->len = 1 + (size_t)events[ev->op].nargs;
	if (p + ev->len > size)
		return 0;
	a = ev->len > 1 ? data[p + 1] : 0;
	b = ev->len > 2 ? data[p + 2] : 0;
	ev->cpu = (a & 15) % t->ncpus;
	ev->count = 0;
	ev->kind = 0;
	ev->task = 0;
	ev->work = WORK_READ_LOCK;
	ev->arg = 0;
	switch (ev->op) {
	case EV_STEP:
		ev->count = 1 + ((a >> 4) & 7);
		break;
	case EV_IRQ:
		ev->kind = (a >> 4) % NR_IRQ_KINDS;
		break;
	case EV_WORK:
		ev->cpu = 0;
		ev->task = (a & 7) % t->ntasks;
		ev->work = (enum work_op)((a >> 3) % work_ops_in_mode(mode));
		ev->arg = b % work_arg_range(work_ops[ev->work].arg, t);
		break;
	case EV_RESCHED:
	case EV_BOOT_END:
	case NR_EVENTS:
		break;
	}
	if (ev->op == EV_BOOT_END)
		ev->cpu = 0;
	*pos = p + ev->len;
	return 1;
}

size_t input_encode(const struct input_event *ev, enum workload_mode mode, uint8_t out[3])
{
	(void)mode;
	out[0] = (uint8_t)ev->op;
	switch (ev->op) {
	case EV_STEP:
		out[1] = (uint8_t)(ev->cpu | ((ev->count - 1) << 4));
		return 2;
	case EV_IRQ:
		out[1] = (uint8_t)(ev->cpu | (ev->kind << 4));
		return 2;
	case EV_RESCHED:
		out[1] = (uint8_t)ev->cpu;
		return 2;
	case EV_WORK:
		out[1] = (uint8_t)(ev->task | ((int)ev->work << 3));
		out[2] = (uint8_t)ev->arg;
		return 3;
	case EV_BOOT_END:
	case NR_EVENTS:
		break;
	}
	return 1;
}

static int lookup(const char *name, const char *(*name_of)(int), int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(name, name_of(i)) == 0)
			return i;
	return -1;
}

static const char *event_name_i(int i)
{
	return event_name((enum event_op)i);
}

static const char *work_op_name_i(int i)
{
	return work_op_name((enum work_op)i);
}

int event_lookup(const char *name)
{
	return lookup(name, event_name_i, NR_EVENTS);
}

int work_op_lookup(const char *name)
{
	return lookup(name, work_op_name_i, NR_WORK_OPS);
}

int irq_kind_lookup(const char *name)
{
	return lookup(name, irq_kind_name, NR_IRQ_KINDS);
}

enum workload_mode work_op_mode(enum work_op op)
{
	return work_ops[op].mode;
}

void input_encode_config(const struct config *c, uint8_t out[INPUT_HEADER_SIZE])
{
	memset(out, 0, INPUT_HEADER_SIZE);
	for (int f = 0; f < NR_CONFIG_FIELDS; f++) {
		const struct config_field *cf = &config_fields[f];

		out[cf->byte] |= (uint8_t)(config_value_index(f, config_get(c, f)) << cf->shift);
	}
}
