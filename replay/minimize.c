/* SPDX-License-Identifier: MIT */
/* The minimizer: see minimize.h. */
#include "minimize.h"

#include "../target/sim/input.h"

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
			int w = 0;

			for (int i = 0; i < m->n; i++)
				keep[i] = i < start || i >= start + chunk;
			if (!still_fails(m, keep))
				continue;
			for (int i = 0; i < m->n; i++)
				if (keep[i])
					m->rec[w++] = m->rec[i];
			m->n = w;
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

/* Canonical bytes for each record, and fewer steps where a step count will do. */
static void simplify_records(struct minimizer *m)
{
	struct topology t;

	input_topology(m->header, INPUT_HEADER_SIZE, &t);
	for (int i = 0; i < m->n; i++) {
		struct record saved = m->rec[i];
		struct input_event ev;
		uint8_t one[INPUT_HEADER_SIZE + 3];
		size_t pos = INPUT_HEADER_SIZE;

		memcpy(one, m->header, INPUT_HEADER_SIZE);
		memcpy(one + INPUT_HEADER_SIZE, saved.bytes, saved.len);
		if (!input_next(one, INPUT_HEADER_SIZE + saved.len, &pos, &t, m->o->mode, &ev))
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
	struct topology t;
	struct input_event ev;
	size_t pos = INPUT_HEADER_SIZE;

	rcufuzz_run(data, size, o, &r);
	if (!r.reported)
		return -1;
	snprintf(m.summary, sizeof(m.summary), "%s", r.summary);
	input_topology(data, size, &t);
	input_encode_topology(&t, m.header);
	m.rec = calloc(size + 1, sizeof(*m.rec));
	m.buf = malloc(size + INPUT_HEADER_SIZE + 8);
	if (m.rec == NULL || m.buf == NULL) {
		free(m.rec);
		free(m.buf);
		return -1;
	}
	while (input_next(data, size, &pos, &t, o->mode, &ev)) {
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
	drop_records(&m);
	simplify_records(&m);
	drop_records(&m);
	*out_size = assemble(&m, NULL);
	*out = m.buf;
	free(m.rec);
	return m.runs;
}
