/* SPDX-License-Identifier: MIT */
/*
 * The schedule-aware mutator (mutator.h) as an AFL++ custom mutator library:
 *
 *   AFL_CUSTOM_MUTATOR_LIBRARY=out/afl/rcufuzz-mutator.so afl-fuzz ... -- out/afl/<target>
 *
 * afl_custom_fuzz() makes one record edit of the queue entry, or, one time in
 * eight when AFL++ hands it a second entry, a crossover at record
 * boundaries; AFL++'s own havoc runs beside it (AFL_CUSTOM_MUTATOR_ONLY=1
 * turns that off), so the byte mutations the libFuzzer build takes from
 * LLVMFuzzerMutate come from AFL++ here, and schedule_mutate()'s own bytes
 * mutation is a bit flip.  The library reads the input's header as the
 * target does, with RCUFUZZ_CONFIG's pins (fuzz/target.c), for the number of
 * CPUs its edits may name; a preset's pins (TINY's one CPU) it does not
 * know, which costs edits, not validity: every byte string is an input.
 */
#include "mutator.h"

#include "../target/config/config.h"
#include "../target/input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* AFL++'s include/afl-mutations.h interface, as its custom_mutators/ examples declare it. */
void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
		       uint8_t *add_buf, size_t add_buf_size, size_t max_size);
void afl_custom_deinit(void *data);

struct afl_mutator {
	unsigned int seed;
	struct config pin; /* RCUFUZZ_CONFIG's */
	uint8_t *out;	   /* the mutated input, AFL++ reads it until the next call */
	size_t out_size;
};

void *afl_custom_init(void *afl, unsigned int seed)
{
	struct afl_mutator *m = calloc(1, sizeof(*m));

	(void)afl;
	if (m == NULL)
		return NULL;
	m->seed = seed;
	config_unpinned(&m->pin);
	if (config_pins_from_env(&m->pin) < 0) {
		free(m);
		return NULL; /* AFL++ stops: its custom mutator did not start */
	}
	return m;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
		       uint8_t *add_buf, size_t add_buf_size, size_t max_size)
{
	struct afl_mutator *m = data;
	struct config c;
	size_t n;

	if (max_size > m->out_size) {
		uint8_t *p = realloc(m->out, max_size);

		if (p == NULL) {
			*out_buf = buf;
			return buf_size;
		}
		m->out = p;
		m->out_size = max_size;
	}
	m->seed = m->seed * 1103515245u + 12345u;
	if (add_buf != NULL && add_buf_size > 0 && (m->seed >> 16) % 8 == 0) {
		n = schedule_crossover(buf, buf_size, add_buf, add_buf_size, m->out, max_size,
				       m->seed);
	} else {
		n = buf_size < max_size ? buf_size : max_size;
		memcpy(m->out, buf, n);
		input_config(m->out, n, &c);
		config_apply_pins(&c, &m->pin);
		config_normalize(&c);
		n = schedule_mutate(m->out, n, max_size, c.topo.ncpus, m->seed, NULL, NULL);
	}
	*out_buf = m->out;
	return n;
}

void afl_custom_deinit(void *data)
{
	struct afl_mutator *m = data;

	free(m->out);
	free(m);
}
