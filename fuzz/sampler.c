/* SPDX-License-Identifier: MIT */
/* The directed search's sampler: see sampler.h. */
#include "sampler.h"

#include "../target/input.h"

#include <string.h>

#define MAX_CHANGE_POINTS 3
#define MAX_CPUS	  16

/* splitmix64: the sampler's random numbers, a pure function of the seed. */
static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned int below(uint64_t *state, unsigned int n)
{
	return (unsigned int)(next(state) % n);
}

/* The shape a sample draws first (swarm testing). */
struct shape {
	unsigned int resched_in; /* a resched record one slot in this many (0: none) */
	unsigned int irq_in;	 /* a tick interrupt one slot in this many (0: none) */
	unsigned int max_count;	 /* a step record runs 1..max_count steps */
	unsigned int slots;	 /* schedule records */
	int pct;		 /* CPUs by priority with change points, else a random walk */
	int starved;		 /* walk: the CPU that stops running at slot starve_from, or -1 */
	unsigned int starve_from;
	int prio[MAX_CPUS];			/* pct: CPU by rank, highest first */
	unsigned int change[MAX_CHANGE_POINTS]; /* pct: slots where the highest drops */
};

static void draw_shape(struct shape *sh, int ncpus, uint64_t *rng)
{
	static const unsigned int every[] = {0, 24, 8, 3};

	sh->resched_in = every[below(rng, 4)];
	sh->irq_in = every[below(rng, 4)];
	sh->max_count = below(rng, 2) ? 8 : 2;
	sh->slots = 8 + below(rng, 200);
	sh->pct = below(rng, 3) == 0;
	sh->starved = !sh->pct && below(rng, 2) ? (int)below(rng, (unsigned int)ncpus) : -1;
	sh->starve_from = below(rng, sh->slots);
	for (int i = 0; i < ncpus; i++)
		sh->prio[i] = i;
	for (int i = ncpus - 1; i > 0; i--) {
		int j = (int)below(rng, (unsigned int)i + 1), t = sh->prio[i];

		sh->prio[i] = sh->prio[j];
		sh->prio[j] = t;
	}
	for (int i = 0; i < MAX_CHANGE_POINTS; i++)
		sh->change[i] = below(rng, 4) ? below(rng, sh->slots) : ~0u;
}

/* One schedule record of slot @slot into @out: its length (at most 3). */
static size_t schedule_record(struct shape *sh, int ncpus, unsigned int slot, uint64_t *rng,
			      uint8_t *out)
{
	struct input_event ev;
	static int tick = -1;

	if (tick < 0)
		tick = irq_kind_lookup("tick");
	memset(&ev, 0, sizeof(ev));
	for (int i = 0; i < MAX_CHANGE_POINTS; i++)
		if (sh->pct && sh->change[i] == slot) {
			int top = sh->prio[0];

			memmove(&sh->prio[0], &sh->prio[1], (size_t)(ncpus - 1) * sizeof(int));
			sh->prio[ncpus - 1] = top;
		}
	/* PCT: the highest CPU runs, and is the one interrupted or preempted. */
	ev.cpu = sh->pct ? sh->prio[0] : (int)below(rng, (unsigned int)ncpus);
	/* A starved CPU's share goes to the next one: it stands where it is. */
	if (sh->starved == ev.cpu && slot >= sh->starve_from && ncpus > 1)
		ev.cpu = (ev.cpu + 1 + (int)below(rng, (unsigned int)ncpus - 1)) % ncpus;
	if (sh->resched_in && below(rng, sh->resched_in) == 0) {
		ev.op = EV_RESCHED;
	} else if (sh->irq_in && below(rng, sh->irq_in) == 0) {
		ev.op = EV_IRQ;
		ev.kind = tick;
	} else {
		ev.op = EV_STEP;
		ev.count = 1 + (int)below(rng, sh->max_count);
	}
	return input_encode(&ev, MODE_STRICT, out);
}

/* The length of the record at @at (its opcode's alone). */
static size_t record_len(const uint8_t *data, size_t at)
{
	return 1 + (size_t)event_nargs((enum event_op)(data[at] % NR_EVENTS));
}

/* Is the record at @at of the workload (not a step, irq or resched)? */
static int workload_record(const uint8_t *data, size_t at)
{
	int op = data[at] % NR_EVENTS;

	return op != EV_STEP && op != EV_IRQ && op != EV_RESCHED;
}

size_t schedule_sample(const uint8_t *in, size_t size, int ncpus, uint64_t seed, uint8_t *out,
		       size_t max)
{
	uint64_t rng = seed;
	struct shape sh;
	size_t n = INPUT_HEADER_SIZE, p = INPUT_HEADER_SIZE, left = 0, left_bytes = 0;
	unsigned int total;

	if (size < INPUT_HEADER_SIZE || max < INPUT_HEADER_SIZE || ncpus < 1 || ncpus > MAX_CPUS) {
		size = size < max ? size : max;
		memcpy(out, in, size);
		return size;
	}
	memcpy(out, in, INPUT_HEADER_SIZE);
	/* The workload's whole records, counted; a cut-short last one is dropped. */
	for (size_t q = p; q < size;) {
		size_t len = record_len(in, q);

		if (q + len > size || n + left_bytes + len > max)
			break;
		if (workload_record(in, q)) {
			left++;
			left_bytes += len;
		}
		q += len;
	}
	draw_shape(&sh, ncpus, &rng);
	total = sh.slots + (unsigned int)left;
	for (unsigned int slot = 0; slot < total; slot++) {
		/*
		 * A workload record at a slot drawn uniformly among the rest,
		 * or when a schedule record would leave it no room.
		 */
		if (left > 0 && (below(&rng, total - slot) < left || n + 3 + left_bytes > max)) {
			size_t len;

			while (!workload_record(in, p))
				p += record_len(in, p);
			len = record_len(in, p);
			memcpy(out + n, in + p, len);
			n += len;
			p += len;
			left--;
			left_bytes -= len;
		} else if (n + 3 + left_bytes <= max) {
			n += schedule_record(&sh, ncpus, slot, &rng, out + n);
		}
	}
	return n;
}

size_t schedule_cut(const uint8_t *in, size_t size, size_t cut, uint8_t *out, size_t max)
{
	size_t n;

	cut = cut < size ? cut : size;
	n = cut < max ? cut : max;
	memcpy(out, in, n);
	for (size_t q = cut; q < size;) {
		size_t len = record_len(in, q);

		if (q + len > size || n + len > max)
			break;
		if (workload_record(in, q)) {
			memcpy(out + n, in + q, len);
			n += len;
		}
		q += len;
	}
	return n;
}
