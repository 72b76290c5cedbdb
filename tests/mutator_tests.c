/* SPDX-License-Identifier: MIT */
/*
 * The schedule-aware mutator (fuzz/mutator.h): every mutation stays within
 * the size bound and is the same for the same seed; every kind happens;
 * "starve" only moves one CPU's records to other CPUs; crossover joins whole
 * records.
 */
#include "harness.h"

#include "../fuzz/harness_explore.h"
#include "../fuzz/harnesses.h"
#include "../fuzz/mutator.h"
#include "../fuzz/sampler.h"
#include "../target/input.h"

#include <stdlib.h>
#include <string.h>

#define MAX 256

/* Whole records from the header on; the offset after the last. */
static size_t record_end(const uint8_t *d, size_t n)
{
	size_t p = INPUT_HEADER_SIZE;

	while (p < n && p + 1 + (size_t)event_nargs((enum event_op)(d[p] % NR_EVENTS)) <= n)
		p += 1 + (size_t)event_nargs((enum event_op)(d[p] % NR_EVENTS));
	return p;
}

int test_mutator_bounds_and_determinism(void)
{
	static uint8_t in[MAX], a[MAX], b[MAX];
	uint64_t st = 42;
	int seen[NR_SCHEDULE_MUTATIONS] = {0};

	for (unsigned int seed = 1; seed <= 20000; seed++) {
		size_t n, na, nb;
		enum schedule_mutation m, m2;
		int ncpus = 1 + (int)(test_rand(&st) % 4);

		random_input(&st, in, &n, MAX);
		memcpy(a, in, n);
		memcpy(b, in, n);
		na = schedule_mutate(a, n, MAX, ncpus, seed, NULL, &m);
		nb = schedule_mutate(b, n, MAX, ncpus, seed, NULL, &m2);
		EXPECT(na <= MAX, "seed %u: %zu bytes from %zu", seed, na, n);
		EXPECT(na == nb && m == m2 && memcmp(a, b, na) == 0, "seed %u: not deterministic",
		       seed);
		seen[m]++;
		if (m != MUT_BYTES && m != MUT_HARNESS && n >= INPUT_HEADER_SIZE)
			EXPECT(memcmp(a, in, INPUT_HEADER_SIZE) == 0,
			       "seed %u: %s changed the header", seed, schedule_mutation_name(m));
	}
	for (int m = 0; m < NR_SCHEDULE_MUTATIONS; m++)
		EXPECT(seen[m] > 500, "%s: %d times in 20000", schedule_mutation_name(m), seen[m]);
	return 0;
}

/* Starve: the same records, one CPU's steps (and only its) moved to the others. */
int test_mutator_starve_moves_one_cpu(void)
{
	static uint8_t in[MAX], out[MAX];
	size_t n = INPUT_HEADER_SIZE;
	int starved = 0;

	memset(in, 0, sizeof(in));
	for (int i = 0; i < 100; i++) {
		in[n++] = EV_STEP;
		in[n++] = (uint8_t)(i % 2 | (i % 8) << 4);
	}
	for (unsigned int seed = 1; seed <= 2000; seed++) {
		enum schedule_mutation m;
		int victim = -1, moved = 0;
		size_t r;

		memcpy(out, in, n);
		r = schedule_mutate(out, n, MAX, 2, seed, NULL, &m);
		if (m != MUT_STARVE)
			continue;
		EXPECT(r == n, "seed %u: starve changed the size", seed);
		starved++;
		for (size_t p = INPUT_HEADER_SIZE; p < n; p += 2) {
			if (out[p + 1] == in[p + 1])
				continue;
			EXPECT(out[p] == EV_STEP && (out[p + 1] & 0xf0) == (in[p + 1] & 0xf0),
			       "seed %u: more than a step's CPU changed at %zu", seed, p);
			EXPECT(victim < 0 || victim == (in[p + 1] & 15),
			       "seed %u: steps of two CPUs moved", seed);
			victim = in[p + 1] & 15;
			moved++;
		}
		EXPECT(moved > 0, "seed %u: starve moved nothing", seed);
	}
	EXPECT(starved > 100, "starve chosen %d times in 2000", starved);
	return 0;
}

/* Crossover: a's header and whole records of a, then whole records of b. */
int test_mutator_crossover_whole_records(void)
{
	static uint8_t a[MAX], b[MAX], out[MAX];
	uint64_t st = 7;

	for (unsigned int seed = 1; seed <= 5000; seed++) {
		size_t na, nb, n, cut;

		random_input(&st, a, &na, MAX);
		random_input(&st, b, &nb, MAX);
		n = schedule_crossover(a, na, b, nb, out, MAX / 2, seed);
		EXPECT(n <= MAX / 2, "seed %u: %zu bytes", seed, n);
		if (na < INPUT_HEADER_SIZE || n < INPUT_HEADER_SIZE)
			continue;
		EXPECT(memcmp(out, a, INPUT_HEADER_SIZE) == 0, "seed %u: not a's header", seed);
		EXPECT(record_end(out, n) == n, "seed %u: a partial record", seed);
		/* the longest prefix of a's whole records that out starts with */
		for (cut = n; cut > INPUT_HEADER_SIZE; cut--)
			if (cut <= na && memcmp(out, a, cut) == 0 && record_end(a, cut) == cut)
				break;
		EXPECT(cut == n || memmem(b, nb, out + cut, n - cut) != NULL,
		       "seed %u: the part after a's records is not b's", seed);
	}
	return 0;
}

/* AFL++'s entry points (fuzz/afl_mutator.c), declared as AFL++ calls them. */
void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
		       uint8_t *add_buf, size_t add_buf_size, size_t max_size);
void afl_custom_deinit(void *data);

/*
 * The AFL++ library: within AFL++'s size bound, the queue entry left alone,
 * the same outputs for the same seed, most inputs changed; a bad
 * RCUFUZZ_CONFIG stops it at init.
 */
int test_mutator_afl_library(void)
{
	static uint8_t in[MAX], keep[MAX], add[MAX], first[MAX];
	uint64_t st = 7;
	void *a, *b;
	int changed = 0;

	unsetenv("RCUFUZZ_CONFIG");
	a = afl_custom_init(NULL, 99);
	b = afl_custom_init(NULL, 99);
	EXPECT(a != NULL && b != NULL, "init");
	for (int i = 0; i < 64; i++) {
		size_t n, na, nadd, max = 64 + (size_t)(test_rand(&st) % (MAX - 64));
		uint8_t *out, *out2;

		random_input(&st, in, &n, MAX);
		random_input(&st, add, &nadd, MAX);
		memcpy(keep, in, n);
		na = afl_custom_fuzz(a, in, n, &out, add, nadd, max);
		EXPECT(na <= max, "%zu bytes over AFL++'s bound %zu", na, max);
		EXPECT(memcmp(in, keep, n) == 0, "the queue entry was written");
		memcpy(first, out, na);
		EXPECT(afl_custom_fuzz(b, in, n, &out2, add, nadd, max) == na &&
			       memcmp(out2, first, na) == 0,
		       "input %d: two libraries with one seed differ", i);
		changed += na != n || memcmp(out, in, n) != 0;
	}
	EXPECT(changed >= 48, "only %d of 64 inputs changed", changed);
	afl_custom_deinit(a);
	afl_custom_deinit(b);
	setenv("RCUFUZZ_CONFIG", "NR_CPUS=99", 1);
	a = afl_custom_init(NULL, 1);
	unsetenv("RCUFUZZ_CONFIG");
	EXPECT(a == NULL, "a bad RCUFUZZ_CONFIG was taken");
	return 0;
}

/* The first of @calls outputs of the library @m that reports under @o: its size, or 0. */
static size_t afl_first_report(void *m, unsigned long calls, const struct rcufuzz_options *o,
			       uint8_t *keep, const char **summary)
{
	static uint8_t in[MAX];
	uint64_t st = 11;
	size_t n;
	struct rcufuzz_result r;

	random_input(&st, in, &n, MAX);
	for (unsigned long i = 0; i < calls; i++) {
		uint8_t *out;
		size_t na = afl_custom_fuzz(m, in, n, &out, NULL, 0, MAX);

		rcufuzz_run(out, na, o, &r);
		if (r.reported) {
			memcpy(keep, out, na);
			*summary = r.summary;
			return na;
		}
	}
	return 0;
}

/*
 * With RCUFUZZ_PRESET the library explores the built-in harnesses under
 * that preset between its edits, as the libFuzzer targets do: under
 * finding-offline-qs-before-play-dead its bound-1 pass hands out the
 * finding within the calls that pay for the pass, an input clean under
 * v3.0-patched; with RCUFUZZ_HARNESS_EXPLORE=0 the same calls hand out no
 * report.  An unknown preset stops it at init.
 */
int test_mutator_afl_library_explores(void)
{
	static uint8_t found[MAX];
	const char *finding = "finding-offline-qs-before-play-dead", *summary = NULL;
	struct rcufuzz_options o, patched;
	struct rcufuzz_result r;
	void *m;
	size_t n;

	EXPECT(rcufuzz_options_for(finding, MODE_STRICT, &o) &&
		       rcufuzz_options_for("v3.0-patched", MODE_STRICT, &patched),
	       "presets");
	unsetenv("RCUFUZZ_CONFIG");
	unsetenv("RCUFUZZ_UNLESS");
	setenv("RCUFUZZ_PRESET", finding, 1);
	m = afl_custom_init(NULL, 5);
	EXPECT(m != NULL, "init");
	n = afl_first_report(m, 20000, &o, found, &summary);
	afl_custom_deinit(m);
	EXPECT(n > 0, "no report in 20000 calls");
	EXPECT(strstr(summary, "reader-outlived-grace-period in rcu_do_batch") != NULL,
	       "the library's input reports %s", summary);
	rcufuzz_run(found, n, &patched, &r);
	EXPECT(!r.reported, "v3.0-patched reports too: %s", r.summary);
	setenv("RCUFUZZ_HARNESS_EXPLORE", "0", 1);
	m = afl_custom_init(NULL, 5);
	n = afl_first_report(m, 20000, &o, found, &summary);
	afl_custom_deinit(m);
	unsetenv("RCUFUZZ_HARNESS_EXPLORE");
	EXPECT(n == 0, "a report without the exploration: %s", summary);
	setenv("RCUFUZZ_PRESET", "v3.1", 1);
	m = afl_custom_init(NULL, 5);
	unsetenv("RCUFUZZ_PRESET");
	EXPECT(m == NULL, "an unknown RCUFUZZ_PRESET was taken");
	harness_explore_reset();
	return 0;
}

/* The workload records (not step, irq, resched) of @d from @p to @end, in order: their length. */
static size_t workload_between(const uint8_t *d, size_t p, size_t end, uint8_t *w)
{
	size_t k = 0;

	while (p < end) {
		int op = d[p] % NR_EVENTS;
		size_t len = 1 + (size_t)event_nargs((enum event_op)op);

		if (op != EV_STEP && op != EV_IRQ && op != EV_RESCHED) {
			memcpy(w + k, d + p, len);
			k += len;
		}
		p += len;
	}
	return k;
}

/* The workload's records of @d, in order, into @w: their length. */
static size_t workload_of(const uint8_t *d, size_t n, uint8_t *w)
{
	return workload_between(d, INPUT_HEADER_SIZE, record_end(d, n), w);
}

/*
 * Resample (fuzz/sampler.h): the header and the workload's records, in
 * order, stay; everything else is drawn anew, and a few draws of the same
 * input differ.
 */
int test_mutator_resample_keeps_workload(void)
{
	static uint8_t in[MAX], out[MAX], w_in[MAX], w_out[MAX];
	uint64_t st = 7;
	int kept = 0, differ = 0;

	for (unsigned int seed = 1; seed <= 3000; seed++) {
		size_t n, nout, k_in, k_out;
		int ncpus = 1 + (int)(test_rand(&st) % 4);

		random_input(&st, in, &n, MAX);
		if (n < INPUT_HEADER_SIZE)
			continue;
		nout = schedule_sample(in, n, ncpus, seed, out, MAX);
		EXPECT(nout <= MAX && nout >= INPUT_HEADER_SIZE, "seed %u: %zu bytes", seed, nout);
		EXPECT(memcmp(out, in, INPUT_HEADER_SIZE) == 0, "seed %u: the header changed",
		       seed);
		k_in = workload_of(in, n, w_in);
		k_out = workload_of(out, nout, w_out);
		/* All of it (it fits: the input did), in order. */
		EXPECT(k_out == k_in && memcmp(w_in, w_out, k_out) == 0,
		       "seed %u: the workload changed (%zu of %zu bytes)", seed, k_out, k_in);
		kept++;
		differ += nout != n || memcmp(out, in, n) != 0;
	}
	EXPECT(kept > 2500 && differ > 2500, "%d of 3000 inputs sampled, %d differ", kept, differ);
	return 0;
}

/*
 * MUT_HARNESS: whatever the input (an empty one too), a built-in harness's
 * header and its whole workload in order, with a schedule drawn around it;
 * every harness of corpus/harness/ is built in and drawn.
 */
int test_mutator_harness_samples_builtin(void)
{
	static uint8_t in[MAX], out[MAX], w_h[MAX], w_out[MAX];
	uint64_t st = 11;
	int drawn[64] = {0}, from_empty = 0;
	FILE *ls = popen("ls corpus/harness/*.scn | wc -l", "r");
	size_t files = 0;

	EXPECT(ls != NULL && fscanf(ls, "%zu", &files) == 1, "cannot count corpus/harness/");
	pclose(ls);
	EXPECT(nr_builtin_harnesses == files && files <= 64, "%zu harnesses built in, %zu in corpus/harness/",
	       nr_builtin_harnesses, files);
	for (unsigned int seed = 1; seed <= 20000; seed++) {
		size_t n = 0, nout, k_h, k_out, h;
		enum schedule_mutation m;

		if (seed % 2)
			random_input(&st, in, &n, MAX);
		memcpy(out, in, n);
		nout = schedule_mutate(out, n, MAX, 2, seed, NULL, &m);
		if (m != MUT_HARNESS)
			continue;
		for (h = 0; h < nr_builtin_harnesses; h++)
			if (memcmp(out, builtin_harnesses[h].bytes, INPUT_HEADER_SIZE) == 0) {
				k_h = workload_of(builtin_harnesses[h].bytes, builtin_harnesses[h].size, w_h);
				k_out = workload_of(out, nout, w_out);
				if (k_h == k_out && memcmp(w_h, w_out, k_h) == 0)
					break;
			}
		EXPECT(h < nr_builtin_harnesses, "seed %u: not a built-in harness's sample", seed);
		drawn[h]++;
		from_empty += n == 0;
	}
	for (size_t h = 0; h < nr_builtin_harnesses; h++)
		EXPECT(drawn[h] > 50, "%s drawn %d times", builtin_harnesses[h].name, drawn[h]);
	EXPECT(from_empty > 500, "%d samples from an empty input", from_empty);
	return 0;
}

/*
 * schedule_cut(): a random input cut at one of its record boundaries is its
 * bytes up to there, then its workload records after it in order, its
 * schedule records after it gone.
 */
int test_schedule_cut(void)
{
	static uint8_t in[MAX], out[MAX], w_in[MAX], w_out[MAX];
	uint64_t st = 11;
	int cuts = 0;

	for (int i = 0; i < 3000; i++) {
		size_t n, at = INPUT_HEADER_SIZE, end, nout, k;

		random_input(&st, in, &n, MAX);
		if (n < INPUT_HEADER_SIZE)
			continue;
		end = record_end(in, n);
		/* A record boundary drawn among the input's. */
		for (size_t j = test_rand(&st) % 16; j > 0 && at < end; j--)
			at += 1 + (size_t)event_nargs((enum event_op)(in[at] % NR_EVENTS));
		nout = schedule_cut(in, n, at, out, MAX);
		EXPECT(nout >= at && memcmp(out, in, at) == 0, "input %d: the bytes before %zu", i,
		       at);
		k = workload_between(in, at, end, w_in);
		EXPECT(nout - at == k && memcmp(out + at, w_in, k) == 0 &&
			       workload_between(out, at, nout, w_out) == k,
		       "input %d: after byte %zu, not its workload", i, at);
		cuts += at < end;
	}
	EXPECT(cuts > 2000, "%d inputs cut before their end", cuts);
	return 0;
}
