/* SPDX-License-Identifier: MIT */
/* The schedule-aware mutator: see mutator.h. */
#include "mutator.h"

#include "../target/input.h"
#include "harnesses.h"
#include "rand.h"
#include "sampler.h"

#include <stdlib.h>
#include <string.h>

static const char *const mutation_names[NR_SCHEDULE_MUTATIONS] = {
	"bytes",  "starve", "step_run", "insert",  "delete",
	"repeat", "tweak_step", "resample", "harness",
};

/*
 * Half the mutations draw a schedule around a built-in harness (MUT_HARNESS:
 * the directed search's samples, which found reverses-blocked-tasks and
 * idle-notifier in under a second on their own where the engine took 14-26
 * s with a fifth of its mutations there, bench/results/engines-empty-2026-12-07.md);
 * the engine's bytes a tenth, the record edits and resampling the rest.
 */
static const unsigned int weights[NR_SCHEDULE_MUTATIONS] = {3, 2, 2, 1, 1, 1, 2, 3, 16};

const char *schedule_mutation_name(enum schedule_mutation m)
{
	return mutation_names[m];
}

static unsigned int below(unsigned int *s, size_t n)
{
	return n ? xorshift32(s) % (unsigned int)n : 0;
}

/*
 * Where each whole record of @data starts, in @off[0..n), and @off[n] where
 * the last one ends (a partial record after it is the tail); n.  The header
 * (@size is at least its size) is not a record.  A record's length hangs on
 * its opcode byte only.
 */
static size_t records(const uint8_t *data, size_t size, size_t *off)
{
	size_t n = 0, p = INPUT_HEADER_SIZE;

	while (p < size) {
		size_t len = 1 + (size_t)event_nargs((enum event_op)(data[p] % NR_EVENTS));

		if (p + len > size)
			break;
		off[n++] = p;
		p += len;
	}
	off[n] = p;
	return n;
}

static int is_step(const uint8_t *data, size_t at)
{
	return data[at] % NR_EVENTS == EV_STEP;
}

/* A record that runs a CPU: step, irq, resched (their CPU: the low 4 bits of byte 1). */
static int runs_cpu(const uint8_t *data, size_t at)
{
	int op = data[at] % NR_EVENTS;

	return op == EV_STEP || op == EV_IRQ || op == EV_RESCHED;
}

static int record_cpu(const uint8_t *data, size_t at, int ncpus)
{
	return (data[at + 1] & 15) % ncpus;
}

static void set_record_cpu(uint8_t *data, size_t at, int cpu)
{
	data[at + 1] = (uint8_t)((data[at + 1] & 0xf0) | cpu);
}

/* Make room for @len bytes at @at; 0 if @max does not allow it. */
static int open_gap(uint8_t *data, size_t *size, size_t max, size_t at, size_t len)
{
	if (*size + len > max)
		return 0;
	memmove(data + at + len, data + at, *size - at);
	*size += len;
	return 1;
}

/*
 * Each edit: 1 if it changed the input.
 *
 * Starve: from record @from on, for up to 64 records or (a third of the
 * time) to the end, what would run the victim CPU runs another.  The victim
 * is, three times in four, the CPU the last record before @from ran: as at
 * PCT's change point, the CPU that just ran stops where it stands (inside
 * the irq or the reader it was in), which is the shape the deep bugs need.
 */
static int starve(uint8_t *data, const size_t *off, size_t n, int ncpus, unsigned int *s)
{
	size_t from, to;
	int victim = -1, changed = 0;

	if (n == 0 || ncpus < 2)
		return 0;
	from = below(s, n);
	to = below(s, 3) == 0 ? n : from + 1 + below(s, n - from < 64 ? n - from : 64);
	if (below(s, 4) != 0)
		for (size_t i = from; i-- > 0 && victim < 0;)
			if (runs_cpu(data, off[i]))
				victim = record_cpu(data, off[i], ncpus);
	if (victim < 0)
		victim = (int)below(s, (size_t)ncpus);
	for (size_t i = from; i < to; i++) {
		if (!runs_cpu(data, off[i]) || record_cpu(data, off[i], ncpus) != victim)
			continue;
		set_record_cpu(data, off[i], (victim + 1 + (int)below(s, (size_t)ncpus - 1)) % ncpus);
		changed = 1;
	}
	return changed;
}

static int step_run(uint8_t *data, size_t *size, size_t max, const size_t *off, size_t n,
		    int ncpus, unsigned int *s)
{
	size_t k = 1 + below(s, 32), at = off[below(s, n + 1)];
	int cpu = (int)below(s, (size_t)ncpus);
	unsigned int count = below(s, 4) == 0 ? below(s, 8) : 7;

	while (k > 0 && !open_gap(data, size, max, at, 2 * k))
		k /= 2;
	for (size_t i = 0; i < k; i++) {
		data[at + 2 * i] = EV_STEP;
		data[at + 2 * i + 1] = (uint8_t)(cpu | count << 4);
	}
	return k > 0;
}

static int insert(uint8_t *data, size_t *size, size_t max, const size_t *off, size_t n,
		  unsigned int *s)
{
	enum event_op op = (enum event_op)below(s, NR_EVENTS);
	size_t len = 1 + (size_t)event_nargs(op), at = off[below(s, n + 1)];

	if (!open_gap(data, size, max, at, len))
		return 0;
	data[at] = (uint8_t)op;
	for (size_t i = 1; i < len; i++)
		data[at + i] = (uint8_t)xorshift32(s);
	return 1;
}

static int delete(uint8_t *data, size_t *size, const size_t *off, size_t n, unsigned int *s)
{
	size_t from, to;

	if (n == 0)
		return 0;
	from = below(s, n);
	to = from + 1 + below(s, n - from < 16 ? n - from : 16);
	memmove(data + off[from], data + off[to], *size - off[to]);
	*size -= off[to] - off[from];
	return 1;
}

static int repeat(uint8_t *data, size_t *size, size_t max, const size_t *off, size_t n,
		  unsigned int *s)
{
	size_t from, to, len;

	if (n == 0)
		return 0;
	from = below(s, n);
	to = from + 1 + below(s, n - from < 16 ? n - from : 16);
	len = off[to] - off[from];
	if (!open_gap(data, size, max, off[to], len))
		return 0;
	memcpy(data + off[to], data + off[from], len);
	return 1;
}

/* The workload kept, the schedule drawn anew (sampler.h). */
static int resample(uint8_t *data, size_t *size, size_t max, int ncpus, unsigned int *s)
{
	uint8_t *out = malloc(max);
	uint64_t seed = (uint64_t)xorshift32(s) << 32 | xorshift32(s);

	if (out == NULL)
		return 0;
	*size = schedule_sample(data, *size, ncpus, seed, out, max);
	memcpy(data, out, *size);
	free(out);
	return 1;
}

/* A built-in harness's workload, a schedule drawn around it (harnesses.h). */
static int harness(uint8_t *data, size_t *size, size_t max, unsigned int *s)
{
	const struct builtin_harness *h;
	struct config c;
	uint64_t seed;

	if (nr_builtin_harnesses == 0 || max < INPUT_HEADER_SIZE)
		return 0;
	h = &builtin_harnesses[below(s, nr_builtin_harnesses)];
	input_config(h->bytes, h->size, &c);
	seed = (uint64_t)xorshift32(s) << 32 | xorshift32(s);
	*size = schedule_sample(h->bytes, h->size, c.topo.ncpus, seed, data, max);
	return 1;
}

static int tweak_step(uint8_t *data, const size_t *off, size_t n, int ncpus, unsigned int *s)
{
	size_t start = below(s, n);

	for (size_t k = 0; k < n; k++) {
		size_t at = off[(start + k) % n];

		if (!is_step(data, at))
			continue;
		if (below(s, 2) && ncpus > 1)
			set_record_cpu(data, at, (int)below(s, (size_t)ncpus));
		else
			data[at + 1] = (uint8_t)((data[at + 1] & 0x8f) | below(s, 8) << 4);
		return 1;
	}
	return 0;
}

size_t schedule_mutate(uint8_t *data, size_t size, size_t max, int ncpus, unsigned int seed,
		       size_t (*bytes)(uint8_t *, size_t, size_t), enum schedule_mutation *which)
{
	unsigned int s = seed * 2654435761u + 1;
	unsigned int pick = 0;
	enum schedule_mutation m = MUT_BYTES;
	size_t *off = NULL, n;
	int done = 0;

	if (size > max)
		size = max;
	for (int i = 0; i < NR_SCHEDULE_MUTATIONS; i++)
		pick += weights[i];
	pick = below(&s, pick);
	for (m = 0; pick >= weights[m]; m++)
		pick -= weights[m];
	/* A harness's sample needs nothing of the input (an empty one too): no records. */
	if (m != MUT_HARNESS)
		off = malloc((size + 1) * sizeof(*off));
	if (m == MUT_HARNESS) {
		done = harness(data, &size, max, &s);
	} else if (off != NULL && size >= INPUT_HEADER_SIZE && ncpus > 0) {
		n = records(data, size, off);
		switch (m) {
		case MUT_STARVE:
			done = starve(data, off, n, ncpus, &s);
			break;
		case MUT_STEP_RUN:
			done = step_run(data, &size, max, off, n, ncpus, &s);
			break;
		case MUT_INSERT:
			done = insert(data, &size, max, off, n, &s);
			break;
		case MUT_DELETE:
			done = delete(data, &size, off, n, &s);
			break;
		case MUT_REPEAT:
			done = repeat(data, &size, max, off, n, &s);
			break;
		case MUT_TWEAK_STEP:
			done = tweak_step(data, off, n, ncpus, &s);
			break;
		case MUT_RESAMPLE:
			done = resample(data, &size, max, ncpus, &s);
			break;
		default:
			break;
		}
	}
	free(off);
	if (!done) {
		m = MUT_BYTES;
		if (bytes)
			size = bytes(data, size, max);
		else if (size > 0) /* a bit flip */
			data[below(&s, size)] ^= (uint8_t)(1u << below(&s, 8));
	}
	if (which)
		*which = m;
	return size;
}

size_t schedule_crossover(const uint8_t *a, size_t na, const uint8_t *b, size_t nb, uint8_t *out,
			  size_t max, unsigned int seed)
{
	unsigned int s = seed * 2654435761u + 1;
	size_t *offa = malloc((na + 1) * sizeof(*offa)), *offb = malloc((nb + 1) * sizeof(*offb));
	size_t n = 0, ra, rb, cut, from;

	if (offa != NULL && offb != NULL && na >= INPUT_HEADER_SIZE) {
		ra = records(a, na, offa);
		rb = records(b, nb, offb);
		/* a's boundaries that fit */
		while (ra > 0 && offa[ra] > max)
			ra--;
		cut = offa[below(&s, ra + 1)];
		from = nb >= INPUT_HEADER_SIZE ? offb[below(&s, rb + 1)] : nb;
		n = cut < max ? cut : max;
		memcpy(out, a, n);
		/* b's records after the cut, whole ones only */
		for (size_t i = 0; nb >= INPUT_HEADER_SIZE && i < rb; i++) {
			size_t len = offb[i + 1] - offb[i];

			if (offb[i] < from)
				continue;
			if (n + len > max)
				break;
			memcpy(out + n, b + offb[i], len);
			n += len;
		}
	} else {
		n = na < max ? na : max;
		memcpy(out, a, n);
	}
	free(offa);
	free(offb);
	return n;
}
