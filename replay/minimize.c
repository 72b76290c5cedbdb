/* SPDX-License-Identifier: MIT */
/* The minimizer: see minimize.h. */
#include "minimize.h"

#include "../target/kernel/cpu.h"
#include "../target/input.h"

#include <stdlib.h>
#include <string.h>

struct record {
	uint8_t bytes[3];
	uint8_t len;
};

struct minimizer {
	const struct rcufuzz_options *o;
	const struct rcufuzz_options *clean;
	char summary[256];
	uint8_t header[INPUT_HEADER_SIZE];
	struct record *rec;
	int n;
	uint8_t *buf;
	long runs;
};

static size_t assemble(struct minimizer *m, const unsigned char *keep)
{
	size_t len = INPUT_HEADER_SIZE;

	memcpy(m->buf, m->header, INPUT_HEADER_SIZE);
	for (int i = 0; i < m->n; i++)
		if (keep == NULL || keep[i]) {
			memcpy(m->buf + len, m->rec[i].bytes, m->rec[i].len);
			len += m->rec[i].len;
		}
	return len;
}

/* Does the input with the kept records still give the same SUMMARY? */
static int still_fails(struct minimizer *m, const unsigned char *keep)
{
	struct rcufuzz_result r;
	size_t len = assemble(m, keep);

	m->runs++;
	rcufuzz_run(m->buf, len, m->o, &r);
	if (!r.reported || strcmp(r.summary, m->summary) != 0)
		return 0;
	if (m->clean == NULL)
		return 1;
	m->runs++;
	rcufuzz_run(m->buf, len, m->clean, &r);
	return !r.reported;
}

/* Keep only the records @keep marks. */
static void keep_only(struct minimizer *m, const unsigned char *keep)
{
	int w = 0;

	for (int i = 0; i < m->n; i++)
		if (keep[i])
			m->rec[w++] = m->rec[i];
	m->n = w;
}

/* ddmin over the records: drop chunks of halving size while it keeps failing. */
static void drop_records(struct minimizer *m)
{
	unsigned char *keep = malloc((size_t)m->n + 1);
	int chunk = m->n / 2 > 0 ? m->n / 2 : 1;

	if (keep == NULL)
		return;
	while (chunk >= 1) {
		int progress = 0;

		for (int start = 0; start < m->n; start += chunk) {
			for (int i = 0; i < m->n; i++)
				keep[i] = i < start || i >= start + chunk;
			if (!still_fails(m, keep))
				continue;
			keep_only(m, keep);
			progress = 1;
			start -= chunk;
		}
		if (!progress)
			chunk /= 2;
		else if (chunk > m->n)
			chunk = m->n > 1 ? m->n / 2 : 1;
		if (m->n == 0)
			break;
	}
	free(keep);
}

/*
 * Two records that go only together (a resched and the step that takes it,
 * a read_lock and its read_unlock): drop each pair.  Quadratic, so only on
 * schedules ddmin has already made short.
 */
#define PAIRS_UP_TO 60
static void drop_pairs(struct minimizer *m)
{
	unsigned char *keep;

	if (m->n > PAIRS_UP_TO || m->n < 2)
		return;
	keep = malloc((size_t)m->n);
	if (keep == NULL)
		return;
	for (int i = 0; i + 1 < m->n; i++) {
		for (int j = i + 1; j < m->n; j++) {
			memset(keep, 1, (size_t)m->n);
			keep[i] = keep[j] = 0;
			if (!still_fails(m, keep))
				continue;
			keep_only(m, keep);
			j = i; /* record i is new: pair it again from the start */
		}
	}
	free(keep);
}

/*
 * Every record a schedule can hold under the current header, in canonical
 * bytes: steps of each count, each irq kind and a resched per CPU, each
 * workload op per task (argument 0), the end of boot.  Returns how many.
 */
#define MAX_ALPHABET 512
static int alphabet(struct minimizer *m, struct record *a)
{
	struct config c;
	const struct topology *t = &c.topo;
	struct input_event ev;
	int n = 0;

	input_config(m->header, INPUT_HEADER_SIZE, &c);
#define ADD(...)                                                                           \
	do {                                                                               \
		ev = (struct input_event){__VA_ARGS__};                                    \
		if (n < MAX_ALPHABET)                                                      \
			a[n].len = (uint8_t)input_encode(&ev, m->o->mode, a[n].bytes), n++; \
	} while (0)
	for (int cpu = 0; cpu < t->ncpus; cpu++) {
		for (int c = 1; c <= 8; c++)
			ADD(.op = EV_STEP, .cpu = cpu, .count = c);
		for (int k = 0; k < NR_IRQ_KINDS; k++)
			ADD(.op = EV_IRQ, .cpu = cpu, .kind = k);
		ADD(.op = EV_RESCHED, .cpu = cpu);
	}
	for (int task = 0; task < t->ntasks; task++)
		for (int op = 0; op < work_ops_in_mode(m->o->mode); op++)
			ADD(.op = EV_WORK, .task = task, .work = (enum work_op)op);
	ADD(.op = EV_BOOT_END);
#undef ADD
	return n;
}

/*
 * A run of records whose only job is to move the machine along (a string
 * of resched, of ticks) often does the same as one other record: try each
 * window of up to 16 records, longest first, against every record of the
 * alphabet.  Stops at MAX_REPLACE_RUNS runs.
 */
#define REPLACE_WINDOW 16
#define MAX_REPLACE_RUNS 300000
static void replace_windows(struct minimizer *m)
{
	struct record *a = malloc(MAX_ALPHABET * sizeof(*a));
	struct record *saved = malloc(((size_t)m->n + 1) * sizeof(*saved));
	long budget = m->runs + MAX_REPLACE_RUNS;
	int na;

	if (a == NULL || saved == NULL)
		goto out;
	na = alphabet(m, a);
	for (int i = 0; i < m->n && m->runs < budget; i++) {
		for (int k = REPLACE_WINDOW; k >= 2 && m->runs < budget; k--) {
			int n = m->n, done = 0;

			if (i + k > n)
				continue;
			memcpy(saved, m->rec, (size_t)n * sizeof(*saved));
			memmove(&m->rec[i + 1], &m->rec[i + k], (size_t)(n - i - k) * sizeof(*m->rec));
			m->n = n - k + 1;
			for (int j = 0; j < na && !done && m->runs < budget; j++) {
				m->rec[i] = a[j];
				done = still_fails(m, NULL);
			}
			if (done)
				break;
			memcpy(m->rec, saved, (size_t)n * sizeof(*saved));
			m->n = n;
		}
	}
out:
	free(a);
	free(saved);
}

/* Record i decoded under the current header; 0 if it does not decode. */
static int decode_record(struct minimizer *m, int i, struct input_event *ev)
{
	struct config c;
	uint8_t one[INPUT_HEADER_SIZE + 3];
	size_t pos = INPUT_HEADER_SIZE;

	input_config(m->header, INPUT_HEADER_SIZE, &c);
	memcpy(one, m->header, INPUT_HEADER_SIZE);
	memcpy(one + INPUT_HEADER_SIZE, m->rec[i].bytes, m->rec[i].len);
	return input_next(one, INPUT_HEADER_SIZE + m->rec[i].len, &pos, &c.topo, m->o->mode, ev);
}

/*
 * A smaller machine and a plainer kernel that fail the same way: field by
 * field of the header, in config.def's order (fewer CPUs, the smallest
 * fanout, fewer tasks, no threaded irqs, no early boot, then the kernel's
 * defaults), the first value ahead of the current one in the field's list
 * that keeps the failure; a pinned field stays.  The records keep their
 * bytes; each is taken modulo the new ranges.
 */
static void shrink_config(struct minimizer *m)
{
	struct config c;

	input_config(m->header, INPUT_HEADER_SIZE, &c);
	for (int f = 0; f < NR_CONFIG_FIELDS; f++) {
		int was = config_get(&c, f), at = config_value_index(f, was);

		if (config_get(&m->o->pin, f) >= 0)
			continue; /* pinned: the header's value is the pin's */

		for (int i = 0; i < at; i++) {
			uint8_t saved[INPUT_HEADER_SIZE];

			memcpy(saved, m->header, INPUT_HEADER_SIZE);
			config_set(&c, f, config_fields[f].values[i]);
			input_encode_config(&c, m->header);
			if (still_fails(m, NULL))
				break;
			config_set(&c, f, was);
			memcpy(m->header, saved, INPUT_HEADER_SIZE);
		}
	}
}

/* Two steps of one CPU in a row become one record, up to the record's count of 8. */
static void merge_steps(struct minimizer *m)
{
	for (int i = 0; i + 1 < m->n; i++) {
		struct input_event a, b;
		struct record saved[2] = {m->rec[i], m->rec[i + 1]};

		if (!decode_record(m, i, &a) || !decode_record(m, i + 1, &b) || a.op != EV_STEP ||
		    b.op != EV_STEP || a.cpu != b.cpu || a.count + b.count > 8)
			continue;
		a.count += b.count;
		m->rec[i].len = (uint8_t)input_encode(&a, m->o->mode, m->rec[i].bytes);
		memmove(&m->rec[i + 1], &m->rec[i + 2], (size_t)(m->n - i - 2) * sizeof(*m->rec));
		m->n--;
		if (still_fails(m, NULL)) {
			i--; /* it may merge with the next one too */
			continue;
		}
		memmove(&m->rec[i + 2], &m->rec[i + 1], (size_t)(m->n - i - 1) * sizeof(*m->rec));
		m->n++;
		m->rec[i] = saved[0];
		m->rec[i + 1] = saved[1];
	}
}

/* Canonical bytes for each record, and fewer steps where a step count will do. */
static void simplify_records(struct minimizer *m)
{
	for (int i = 0; i < m->n; i++) {
		struct record saved = m->rec[i];
		struct input_event ev;

		if (!decode_record(m, i, &ev))
			continue;
		do {
			m->rec[i].len = (uint8_t)input_encode(&ev, m->o->mode, m->rec[i].bytes);
			if (still_fails(m, NULL))
				saved = m->rec[i];
			else
				break;
		} while (ev.op == EV_STEP && --ev.count >= 1);
		m->rec[i] = saved;
	}
}

long minimize_input(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		    uint8_t **out, size_t *out_size)
{
	return minimize_input_clean_under(data, size, o, NULL, out, out_size);
}

long minimize_input_clean_under(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
				const struct rcufuzz_options *clean, uint8_t **out,
				size_t *out_size)
{
	struct minimizer m = {.o = o, .clean = clean};
	struct rcufuzz_result r;
	struct config c;
	struct input_event ev;
	size_t pos = INPUT_HEADER_SIZE;

	rcufuzz_run(data, size, o, &r);
	if (!r.reported)
		return -1;
	snprintf(m.summary, sizeof(m.summary), "%s", r.summary);
	/*
	 * The pinned fields go into the header: the minimized input runs as it
	 * ran, pins or not (tiny-v3.0's TINY_PREEMPT_RCU=y, say).
	 */
	rcufuzz_config(data, size, o, &c);
	input_encode_config(&c, m.header);
	m.rec = calloc(size + 1, sizeof(*m.rec));
	m.buf = malloc(size + INPUT_HEADER_SIZE + 8);
	if (m.rec == NULL || m.buf == NULL) {
		free(m.rec);
		free(m.buf);
		return -1;
	}
	while (input_next(data, size, &pos, &c.topo, o->mode, &ev)) {
		memcpy(m.rec[m.n].bytes, data + ev.offset, ev.len);
		m.rec[m.n++].len = (uint8_t)ev.len;
	}
	m.runs = 1;
	if (!still_fails(&m, NULL)) {
		/* The canonical header or a dropped tail changed the run: keep it all. */
		memcpy(m.buf, data, size);
		*out = m.buf;
		*out_size = size;
		free(m.rec);
		return m.runs;
	}
	/* Until a round changes nothing: each pass can open the way for another. */
	for (int round = 0; round < 8; round++) {
		uint8_t header[INPUT_HEADER_SIZE];
		size_t before = assemble(&m, NULL);
		int n = m.n;

		memcpy(header, m.header, INPUT_HEADER_SIZE);
		drop_records(&m);
		drop_pairs(&m);
		shrink_config(&m);
		simplify_records(&m);
		merge_steps(&m);
		replace_windows(&m);
		if (m.n == n && assemble(&m, NULL) == before &&
		    memcmp(header, m.header, INPUT_HEADER_SIZE) == 0)
			break;
	}
	*out_size = assemble(&m, NULL);
	*out = m.buf;
	free(m.rec);
	return m.runs;
}
