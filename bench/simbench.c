/* SPDX-License-Identifier: MIT */
/*
 * simbench: how fast the simulator runs inputs, the hot loop of every
 * campaign.  Runs seeded random 256-byte inputs under a preset and prints
 * exec/s, ns per input event and ns per simulated step.
 *
 *   out/bench/simbench [PRESET [SECONDS [DIR]]]   (default v3.0, 3 s)
 *
 * With DIR, the first input of each kind of report is saved there.
 */
#include "rcufuzz.h"
#include "../fuzz/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Keep the first input of each report kind, to replay it. */
static void save_input(const char *dir, int k, const uint8_t *buf, size_t n)
{
	char path[4096];
	FILE *f;

	if (dir == NULL)
		return;
	snprintf(path, sizeof(path), "%s/report-%d.bin", dir, k);
	f = fopen(path, "wb");
	if (f == NULL)
		return;
	fwrite(buf, 1, n, f);
	fclose(f);
}

int main(int argc, char **argv)
{
	const char *preset = argc > 1 ? argv[1] : PRESET_V3_0;
	double seconds = argc > 2 ? atof(argv[2]) : 3.0, start, elapsed;
	const char *save_dir = argc > 3 ? argv[3] : NULL;
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	unsigned long execs = 0, events = 0, steps = 0, drain_steps = 0, reports = 0;
	uint64_t seed = 12345;
	uint8_t buf[256];
	char kinds[8][160];
	unsigned long kind_count[8] = {0};
	int nkinds = 0;

	rcufuzz_default_options(&o);
	if (!preset_lookup(preset, &o.switches, &o.pin) || seconds <= 0) {
		fprintf(stderr, "rcufuzz: simbench: usage: simbench [PRESET [SECONDS]]\n");
		return 2;
	}
	start = now();
	do {
		for (int i = 0; i < 64; i++) {
			for (size_t j = 0; j < sizeof(buf); j++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				buf[j] = (uint8_t)(seed >> 56);
			}
			rcufuzz_run(buf, sizeof(buf), &o, &r);
			execs++;
			events += r.events;
			steps += r.steps;
			drain_steps += r.drain_steps;
			reports += r.reported != 0;
			if (r.reported) {
				int k = 0;

				while (k < nkinds && strcmp(kinds[k], r.summary) != 0)
					k++;
				if (k == nkinds && nkinds < 8) {
					snprintf(kinds[nkinds++], sizeof(kinds[0]), "%s", r.summary);
					save_input(save_dir, k, buf, sizeof(buf));
				}
				if (k < nkinds)
					kind_count[k]++;
			}
		}
		elapsed = now() - start;
	} while (elapsed < seconds);
	printf("preset %s: %lu inputs of 256 bytes in %.2f s\n", preset, execs, elapsed);
	printf("  exec/s          %10.0f\n", (double)execs / elapsed);
	printf("  ns/event        %10.1f   (%.1f events per input)\n",
	       elapsed * 1e9 / (double)events, (double)events / (double)execs);
	printf("  ns/step         %10.1f   (%.1f steps per input, drain included)\n",
	       elapsed * 1e9 / (double)steps, (double)steps / (double)execs);
	printf("  drain           %10.1f%%  (%.1f steps per input)\n",
	       100.0 * (double)drain_steps / (double)steps, (double)drain_steps / (double)execs);
	printf("  reports         %10lu\n", reports);
	for (int k = 0; k < nkinds; k++)
		printf("    %8lu  %s\n", kind_count[k], kinds[k]);
	return 0;
}
