/* SPDX-License-Identifier: MIT */
/* The exploration stage's neighbours: see neighbour.h. */
#include "neighbour.h"
#include "rand.h"

#include "check/relevant.h"
#include "input.h"
#include "run.h"
#include "sim/sim.h"

#include <string.h>

#define MAX_POINTS 512
#define PARK_MIN   8 /* records a park drops the CPU's records from, at least */
#define SWITCH_MAX 4 /* step records of 8 the other CPU runs, at most */

enum { ALT_RESCHED, ALT_PARK, ALT_CPU, NR_ALTS };

/* Where the run stood at an RCU-relevant point: after @steps steps of record @event. */
struct point {
	long event;
	int steps;
};

struct points {
	struct point p[MAX_POINTS];
	int n;
	long event; /* the record the last row stepped, and its steps so far */
	int steps;
};

static void note_row(const struct trace_row *row, void *arg)
{
	struct points *ps = arg;

	if (row->event < 0 || row->ev == NULL || (row->ev->op != EV_STEP && row->ev->op != EV_IRQ))
		return;
	if (row->event != ps->event) {
		ps->event = row->event;
		ps->steps = 0;
	}
	ps->steps++;
	if (ps->n < MAX_POINTS && rcu_relevant_row(row))
		ps->p[ps->n++] = (struct point){row->event, ps->steps};
}

/* Append @ev's bytes to @out at *@n if they fit in @max; 0 if not. */
static int put(uint8_t *out, size_t *n, size_t max, const struct input_event *ev,
	       enum workload_mode mode)
{
	uint8_t b[3];
	size_t len = input_encode(ev, mode, b);

	if (*n + len > max)
		return 0;
	memcpy(out + *n, b, len);
	*n += len;
	return 1;
}

static int put_raw(uint8_t *out, size_t *n, size_t max, const uint8_t *data,
		   const struct input_event *ev)
{
	if (*n + ev->len > max)
		return 0;
	memcpy(out + *n, data + ev->offset, ev->len);
	*n += ev->len;
	return 1;
}

/* A record that runs CPU @cpu: a park drops it. */
static int runs_cpu(const struct input_event *ev, int cpu)
{
	return (ev->op == EV_STEP || ev->op == EV_IRQ || ev->op == EV_RESCHED) && ev->cpu == cpu;
}

size_t explore_neighbour(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			 unsigned long pick, unsigned int seed, uint8_t *out, size_t max)
{
	static struct points ps NOT_MACHINE_STATE;
	struct rcufuzz_options traced = *o;
	struct rcufuzz_result r;
	struct config c;
	struct input_event ev;
	const struct point *pt;
	size_t pos = 0, n = 0;
	long index = 0, park_until = -1;
	int nalts, alt, cpu = -1;
	unsigned int s = seed | 1;

	rcufuzz_config(data, size, o, &c);
	memset(&ps, 0, sizeof(ps));
	ps.event = -1;
	traced.trace = note_row;
	traced.trace_arg = &ps;
	traced.more_records = NULL;
	traced.before_record = NULL;
	rcufuzz_run(data, size, &traced, &r);
	if (ps.n == 0)
		return 0;
	nalts = c.topo.ncpus > 1 ? NR_ALTS : 1;
	pick %= (unsigned long)ps.n * (unsigned long)nalts;
	pt = &ps.p[pick / (unsigned long)nalts];
	alt = (int)(pick % (unsigned long)nalts);
	/* The header and the records before the point's, as they are. */
	while (input_next(data, size, &pos, &c.topo, o->mode, &ev) && index < pt->event)
		index++;
	if (index != pt->event || ev.offset > max)
		return 0;
	n = ev.offset;
	memcpy(out, data, n);
	cpu = ev.cpu;
	/* The point's record, up to the point; then the alternative. */
	{
		struct input_event head = ev, rest = ev;
		int split = ev.op == EV_STEP && pt->steps < ev.count;

		if (split) {
			head.count = pt->steps;
			rest.count = ev.count - pt->steps;
		}
		if (!(split ? put(out, &n, max, &head, o->mode) : put_raw(out, &n, max, data, &ev)))
			return n;
		if (alt == ALT_RESCHED) {
			struct input_event rs = {.op = EV_RESCHED, .cpu = cpu};

			put(out, &n, max, &rs, o->mode);
		} else if (alt == ALT_CPU) {
			struct input_event other = {.op = EV_STEP, .count = 8};
			int runs = 1 + (int)(xorshift32(&s) % SWITCH_MAX);

			other.cpu = (cpu + 1 +
				     (int)(xorshift32(&s) % (unsigned int)(c.topo.ncpus - 1))) %
				    c.topo.ncpus;
			while (runs-- > 0)
				put(out, &n, max, &other, o->mode);
		} else {
			/* Park: the CPU's records dropped for a while, or to the end. */
			unsigned int left = (unsigned int)(size - pos) / 2 + 1;

			park_until = index + PARK_MIN + (long)(xorshift32(&s) % (left + PARK_MIN));
		}
		if (split && alt != ALT_PARK && !put(out, &n, max, &rest, o->mode))
			return n;
	}
	/* The records after it, as they are but a parked CPU's. */
	while (input_next(data, size, &pos, &c.topo, o->mode, &ev)) {
		index++;
		if (index <= park_until && runs_cpu(&ev, cpu))
			continue;
		if (!put_raw(out, &n, max, data, &ev))
			break;
	}
	return n;
}
