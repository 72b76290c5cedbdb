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
 * CPUs its edits may name.
 *
 * With RCUFUZZ_PRESET=P, the target's preset (campaign.sh and bench/ttf.sh
 * set it; the target exits 2 when it is not its own), the library is the
 * default engine of the libFuzzer build: it explores the built-in harnesses
 * by bound between its edits (harness_explore.h, off with
 * RCUFUZZ_HARNESS_EXPLORE=0; RCUFUZZ_UNLESS as the target reads it), and
 * hands out a unit's report as its next output, which AFL++ runs and keeps
 * as a crash; the edits read P's pins too (TINY's one CPU).  Without it, no
 * exploration: the library cannot know the target's preset, and a
 * preset's pins cost edits, not validity: every byte string is an input.
 * The exploration forks its workers from afl-fuzz's process and waits for
 * them by pid (replay/explore.c), beside the fork server.
 */
#include "harness_explore.h"
#include "mutator.h"

#include "../target/config/config.h"

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
	int explore; /* the harness exploration runs */
	/* RCUFUZZ_PRESET's options (the defaults without it), RCUFUZZ_CONFIG's pins on top */
	struct rcufuzz_options o, unless;
	uint8_t *out; /* the mutated input, AFL++ reads it until the next call */
	size_t out_size;
};

static int env_is(const char *name, const char *value)
{
	const char *v = getenv(name);

	return v != NULL && strcmp(v, value) == 0;
}

/* The options RCUFUZZ_PRESET, RCUFUZZ_CONFIG and RCUFUZZ_UNLESS ask for: 0, or -1 and why. */
static int target_options(struct afl_mutator *m)
{
	const char *p = getenv("RCUFUZZ_PRESET"), *q = getenv("RCUFUZZ_UNLESS");

	harness_explore_reset();
	harness_explore_unless(NULL);
	if (p == NULL) {
		rcufuzz_default_options(&m->o);
	} else if (!rcufuzz_options_for(p, MODE_STRICT, &m->o)) {
		fprintf(stderr, "rcufuzz-mutator: RCUFUZZ_PRESET=%s: unknown preset\n", p);
		return -1;
	}
	if (config_pins_from_env(&m->o.pin) < 0) /* RCUFUZZ_CONFIG's on top, as the target */
		return -1;
	if (p == NULL)
		return 0;
	if (q != NULL && !rcufuzz_options_under(q, &m->o, &m->unless)) {
		fprintf(stderr, "rcufuzz-mutator: RCUFUZZ_UNLESS=%s: unknown preset\n", q);
		return -1;
	}
	m->explore = !env_is("RCUFUZZ_HARNESS_EXPLORE", "0");
	if (q != NULL)
		harness_explore_unless(&m->unless);
	return 0;
}

void *afl_custom_init(void *afl, unsigned int seed)
{
	struct afl_mutator *m = calloc(1, sizeof(*m));

	(void)afl;
	if (m == NULL)
		return NULL;
	m->seed = seed;
	if (target_options(m) < 0) {
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
	if (m->explore && (n = harness_explore_next(&m->o, m->seed, m->out, max_size, NULL)) > 0) {
		*out_buf = m->out;
		return n;
	}
	if (add_buf != NULL && add_buf_size > 0 && (m->seed >> 16) % 8 == 0) {
		n = schedule_crossover(buf, buf_size, add_buf, add_buf_size, m->out, max_size,
				       m->seed);
	} else {
		n = buf_size < max_size ? buf_size : max_size;
		memcpy(m->out, buf, n);
		rcufuzz_config(m->out, n, &m->o, &c);
		n = schedule_mutate(m->out, n, max_size, c.topo.ncpus, m->seed, NULL, NULL);
	}
	*out_buf = m->out;
	return n;
}

void afl_custom_deinit(void *data)
{
	struct afl_mutator *m = data;

	harness_explore_unless(NULL);
	free(m->out);
	free(m);
}
