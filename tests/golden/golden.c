/* SPDX-License-Identifier: MIT */
/*
 * The golden run: what a behaviour-preserving change must leave alone.
 *
 *   out/tests/golden [-v] SCENARIO...
 *
 * For every scenario: its SUMMARY (or "clean"), a hash of its --trace rows
 * and a hash of its report.  Then, for every preset and workload mode, 1,000
 * seeded random inputs: how many ended in each SUMMARY, and one hash over
 * every input's trace and report.  -v prints one line per random input too,
 * to find the first input that differs.  tests/golden.sh drives it.
 *
 * A random header sets any bit, so a header bit that gains a meaning
 * changes those lines: the random inputs run with each such field pinned
 * to its default (values[0], what the bit meant before it had a use), and
 * lines of their own run the same inputs with it on.  RCU_TORTURE_FQS (h2
 * bit 6) is one.
 */
#include "../../replay/scenario.h"
#include "../../replay/trace.h"
#include "../../target/rcufuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANDOM_INPUTS 1000
#define MAX_SUMMARIES 64

/* FNV-1a, 64 bits, over everything written to the hashing stream. */
struct hash_sink {
	uint64_t h;
};

static ssize_t hash_write(void *cookie, const char *buf, size_t size)
{
	struct hash_sink *s = cookie;

	for (size_t i = 0; i < size; i++)
		s->h = (s->h ^ (unsigned char)buf[i]) * 0x100000001b3ull;
	return (ssize_t)size;
}

static uint64_t hash_text(const char *text)
{
	struct hash_sink s = {0xcbf29ce484222325ull};

	hash_write(&s, text, strlen(text));
	return s.h;
}

/* Run once, hashing the --trace rows; returns the trace hash. */
static uint64_t run_hashed(const uint8_t *data, size_t size, struct rcufuzz_options *o,
			   struct rcufuzz_result *r)
{
	struct hash_sink sink = {0xcbf29ce484222325ull};
	cookie_io_functions_t io = {NULL, hash_write, NULL, NULL};
	FILE *f = fopencookie(&sink, "w", io);
	struct trace_printer *p = f ? trace_printer_new(f, 0) : NULL;

	if (p == NULL) {
		fprintf(stderr, "rcufuzz: golden: fopencookie failed\n");
		exit(2);
	}
	o->trace = trace_print_row;
	o->trace_arg = p;
	o->replay_cmd = "REPLAY";
	rcufuzz_run(data, size, o, r);
	trace_printer_free(p);
	fclose(f);
	return sink.h;
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		fprintf(stderr, "rcufuzz: %s: cannot read\n", path);
		exit(2);
	}
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "rcufuzz: %s: cannot read\n", path);
		exit(2);
	}
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void golden_scenario(const char *path)
{
	struct scenario s;
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	char err[512];
	char *text = read_text(path);
	uint64_t th;

	if (scenario_compile(text, path, &s, err, sizeof(err)) < 0) {
		printf("scenario %s: does not compile: %s\n", path, err);
		free(text);
		return;
	}
	rcufuzz_default_options(&o);
	o.switches = s.switches;
	o.mode = s.mode;
	o.lockdep = s.lockdep;
	th = run_hashed(s.bytes, s.size, &o, &r);
	printf("scenario %s: %s trace=%016llx report=%016llx steps=%lu\n", path,
	       r.reported ? r.summary : "clean", (unsigned long long)th,
	       (unsigned long long)hash_text(r.text), r.steps);
	scenario_free(&s);
	free(text);
}

static uint64_t next(uint64_t *x)
{
	*x = *x * 6364136223846793005ull + 1442695040888963407ull;
	return *x >> 33;
}

/*
 * The random inputs of @preset and @mode, with RCU_TORTURE_FQS pinned to
 * @fqs (0: as before the field existed).
 */
static void golden_random(const char *preset, enum workload_mode mode, int fqs, int verbose)
{
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	char summaries[MAX_SUMMARIES][256];
	int counts[MAX_SUMMARIES] = {0}, nsum = 0;
	uint64_t all = 0xcbf29ce484222325ull, x = 0x5eed0000u + (uint64_t)mode;
	uint8_t buf[512];

	for (const char *p = preset; *p; p++)
		x = x * 31 + (unsigned char)*p;
	for (int i = 0; i < RANDOM_INPUTS; i++) {
		size_t n = 2 + next(&x) % (sizeof(buf) - 2);
		const char *sum;
		uint64_t th, rh;
		int k;

		for (size_t j = 0; j < n; j++)
			buf[j] = (uint8_t)next(&x);
		rcufuzz_default_options(&o);
		preset_lookup(preset, &o.switches, &o.pin);
		config_set(&o.pin, CONFIG_FIELD_RCU_TORTURE_FQS, fqs);
		o.mode = mode;
		th = run_hashed(buf, n, &o, &r);
		rh = hash_text(r.text);
		sum = r.reported ? r.summary : "clean";
		all = (all ^ th) * 0x100000001b3ull;
		all = (all ^ rh) * 0x100000001b3ull;
		if (verbose)
			printf("  %s %s%s #%d: %s trace=%016llx report=%016llx\n", preset,
			       mode_name(mode), fqs ? " RCU_TORTURE_FQS=y" : "", i, sum,
			       (unsigned long long)th, (unsigned long long)rh);
		for (k = 0; k < nsum && strcmp(summaries[k], sum) != 0; k++)
			;
		if (k == nsum && nsum < MAX_SUMMARIES)
			snprintf(summaries[nsum++], sizeof(summaries[0]), "%s", sum);
		if (k < MAX_SUMMARIES)
			counts[k]++;
	}
	printf("random %s %s%s: hash=%016llx\n", preset, mode_name(mode),
	       fqs ? " RCU_TORTURE_FQS=y" : "", (unsigned long long)all);
	for (int k = 0; k < nsum; k++)
		printf("  %5d %s\n", counts[k], summaries[k]);
}

int main(int argc, char **argv)
{
	static const char *const presets[] = {
		PRESET_V3_0,
		PRESET_V3_0_RC7,
		"revert-sched_fully_active",
		"revert-exp_unlock_before_wake",
		"revert-boosted_field",
		"revert-unlock_streamline",
		"revert-unlock_nesting_guard",
		"revert-ipi_irq_enter",
		"revert-softirq_exclusion",
		"revert-sighand_irq_order",
	};
	int verbose = 0, i = 1;

	if (argc > 1 && strcmp(argv[1], "-v") == 0) {
		verbose = 1;
		i++;
	}
	for (; i < argc; i++)
		golden_scenario(argv[i]);
	for (size_t p = 0; p < sizeof(presets) / sizeof(presets[0]); p++)
		for (int m = 0; m < NR_MODES; m++)
			golden_random(presets[p], (enum workload_mode)m, 0, verbose);
	/* rcutorture's fqs bursts on the first two presets' inputs. */
	for (size_t p = 0; p < 2; p++)
		for (int m = 0; m < NR_MODES; m++)
			golden_random(presets[p], (enum workload_mode)m, 1, verbose);
	return 0;
}
