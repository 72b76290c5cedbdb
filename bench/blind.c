/* SPDX-License-Identifier: MIT */
/*
 * The blind baseline of the time-to-find benchmark: the same harness fed
 * seeded, uniformly random inputs (random length up to 512 bytes), with no
 * feedback of any kind.  Not a fuzzing engine: nothing is kept or mutated.
 *
 *   out/bench/blind PRESET SEED SECONDS [OUT]
 * prints "found <seconds> <execs> <SUMMARY>" or "none <seconds> <execs>";
 * OUT, if given, gets the input that found it.
 */
#include "rcufuzz.h"
#include "../fuzz/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Write the input that found it to @path. */
static int write_input(const char *path, const uint8_t *buf, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(buf, 1, n, f) != n || fclose(f) != 0) {
		fprintf(stderr, "rcufuzz: %s: cannot write\n", path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	uint64_t seed;
	double cap, start, t;
	unsigned long execs = 0;
	uint8_t buf[512];

	if (argc != 4 && argc != 5) {
		fprintf(stderr, "rcufuzz: blind: usage: blind PRESET SEED SECONDS [OUT]\n");
		return 2;
	}
	rcufuzz_default_options(&o);
	if (!preset_lookup(argv[1], &o.switches, &o.pin)) {
		fprintf(stderr, "rcufuzz: %s: unknown preset\n", argv[1]);
		return 2;
	}
	/* The fuzz targets' config pins (fuzz/target.c). */
	if (config_pins_from_env(&o.pin) < 0)
		return 2;
	seed = strtoull(argv[2], NULL, 10) * 0x9e3779b97f4a7c15ull + 1;
	cap = atof(argv[3]);
	start = now();
	do {
		for (int i = 0; i < 64; i++) {
			size_t n;

			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			n = 2 + (size_t)(seed >> 33) % (sizeof(buf) - 1);
			for (size_t j = 0; j < n; j++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				buf[j] = (uint8_t)(seed >> 56);
			}
			rcufuzz_run(buf, n, &o, &r);
			execs++;
			if (r.reported) {
				if (argc == 5 && write_input(argv[4], buf, n) != 0)
					return 2;
				printf("found %.2f %lu %s\n", now() - start, execs, r.summary);
				return 0;
			}
		}
		t = now() - start;
	} while (t < cap);
	printf("none %.2f %lu\n", t, execs);
	return 0;
}
