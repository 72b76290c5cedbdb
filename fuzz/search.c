/* SPDX-License-Identifier: MIT */
/*
 * rcusearch: the directed search, an engine of its own (docs/searching.md).
 *
 * A harness is a text scenario that fixes what a person fixes when they go
 * looking for a bug: the machine (topology, config lines) and the workload
 * (its work lines, in order), with no schedule.  The search samples
 * schedules around it: every sample is an ordinary input, the harness's
 * header and its records in their order, with schedule records drawn
 * between them.  No feedback: each sample is independent, so the search is
 * the sampler alone, the baseline that guided engines are measured against.
 *
 * A sample draws, as swarm testing does, its own shape first (how often a
 * resched or a tick interrupt comes, how long a CPU runs at a time, how many
 * schedule records) and then its records.  The CPU a step record runs is
 * drawn anew each time (a random walk), or in half of those samples the same
 * walk until a random slot, after which one CPU never runs again (it stands
 * where it was, inside whatever it was doing, while the others go on: the
 * mutator's MUT_STARVE); or, in a third of the samples, the highest of
 * random CPU priorities, the highest dropping to the lowest at up to three
 * change points (PCT, Burckhardt et al., ASPLOS 2010).  A random walk alone
 * almost never keeps one CPU still for the hundred steps another needs.
 *
 *   rcusearch [--preset P] [--unless Q] [--seed N] [--seconds S] [--runs N] [-o DIR] HARNESS.scn...
 *
 * With --unless Q a report counts only when the same input runs clean under
 * preset Q (the search goes on past what Q gives too: inject-<id> --unless
 * v3.0 looks for the injected bug past 3.0's own findings, finding-<name>
 * --unless v3.0-patched for that finding alone).  The first report that
 * counts ends the search: it is written to DIR (default out/search),
 * minimized (replay/minimize.h), printed as a scenario with named points, and
 * the replay command follows.  Exit 1 then, 0 when the budget ran out clean
 * (with the runs and the harnesses it covered), 2 on a bad flag or file.
 * Deterministic: the same harnesses, preset and seed give the same samples,
 * whatever the time budget cuts off.  RCUFUZZ_CONFIG (NR_CPUS=2,...) pins
 * config fields over every harness's header, as in the fuzz targets, and
 * the replay command carries the pins.
 */
#include "../replay/cli.h"
#include "../replay/minimize.h"
#include "../replay/scenario.h"
#include "clock.h"
#include "rand.h"
#include "sampler.h"
#include "input.h"
#include "rcufuzz.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define MAX_HARNESSES 32
#define MAX_SAMPLE    1024 /* bytes: the fuzz targets' max_len */

struct harness {
	const char *path;
	const char *preset; /* the preset it runs under, for the replay command */
	struct scenario s;
	struct rcufuzz_options o;
	int ncpus;
};

static struct harness harnesses[MAX_HARNESSES];
static int nharnesses;
/* --unless Q: Q's switches and pins, over a harness's options; NULL: none. */
static const char *unless;
/* Each harness's options under Q (rcufuzz_options_under), when --unless. */
static struct rcufuzz_options unless_options[MAX_HARNESSES];

static void die(const char *what, const char *why)
{
	fprintf(stderr, "rcufuzz: %s: %s\n", what, why);
	exit(2);
}

/* Load harness @path under preset @preset (NULL: the harness's own). */
static void load_harness(const char *path, const char *preset)
{
	struct harness *h = &harnesses[nharnesses++];
	struct config c;

	h->path = path;
	if (load_scenario(path, &h->s) < 0)
		exit(2);
	scenario_options(&h->s, &h->o);
	h->preset = preset != NULL ? preset : h->s.preset;
	if (preset != NULL && !preset_lookup(preset, &h->o.switches, &h->o.pin))
		die(preset, "unknown preset (try out/rcureplay --list-presets)");
	/* RCUFUZZ_CONFIG pins fields over the harness's header, as in every engine. */
	if (config_pins_from_env(&h->o.pin) < 0)
		exit(2);
	if (h->s.size < INPUT_HEADER_SIZE)
		die(path, "no topology line");
	rcufuzz_config(h->s.bytes, h->s.size, &h->o, &c);
	h->ncpus = c.topo.ncpus;
	if (h->s.size > MAX_SAMPLE / 2)
		die(path, "too many records for a harness");
}

/* Sample @index of harness @h into @out (at most MAX_SAMPLE bytes): its size. */
static size_t sample(const struct harness *h, uint64_t seed, uint64_t index, uint8_t *out)
{
	return schedule_sample(h->s.bytes, h->s.size, h->ncpus,
			       seed ^ (index * 0xd1342543de82ef95ull), out, MAX_SAMPLE);
}

/* The first report: kept, minimized, shown as a scenario, with its replay command. */
static void report_found(const struct harness *h, const uint8_t *data, size_t size, const char *dir,
			 const char *summary, uint64_t runs, double secs)
{
	char path[4096], min_path[4200], name[64], pins[384];
	uint8_t *min;
	size_t min_size;
	uint64_t hash = fnv1a64(data, size);

	/* The pins as rcureplay's own Replay: line gives them. */
	config_pins_format(&h->o.pin, pins, sizeof(pins));
	snprintf(name, sizeof(name), "crash-%016llx", (unsigned long long)hash);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (write_file(path, data, size) < 0)
		exit(2);
	printf("rcusearch: %s: found after %llu runs, %.2f s: %s\n", h->path,
	       (unsigned long long)runs, secs, summary);
	if (minimize_input(data, size, &h->o, &min, &min_size) >= 0) {
		snprintf(min_path, sizeof(min_path), "%s.min", path);
		if (write_file(min_path, min, min_size) < 0)
			exit(2);
		printf("rcusearch: minimized to %zu bytes: %s\n\n", min_size, min_path);
		scenario_decompile_named(min, min_size, &h->o, stdout);
		free(min);
		printf("\nReplay: out/rcureplay --preset %s%s %s\n", h->preset, pins, min_path);
	} else {
		printf("\nReplay: out/rcureplay --preset %s%s %s\n", h->preset, pins, path);
	}
}

static void usage(void)
{
	fprintf(stderr, "rcufuzz: rcusearch: usage: rcusearch [--preset P] [--unless Q] [--seed N] "
			"[--seconds S] [--runs N] [-o DIR] HARNESS.scn...\n");
	exit(2);
}

static unsigned long long number(const char *flag, const char *arg)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno || *end || end == arg)
		die(flag, "takes a number");
	return v;
}

int main(int argc, char **argv)
{
	const char *preset = NULL, *dir = "out/search";
	unsigned long long seed = 1, max_runs = 0;
	double seconds = 60, start;
	uint8_t buf[MAX_SAMPLE];
	uint64_t runs = 0, skipped = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] != '-') {
			if (nharnesses == MAX_HARNESSES)
				die(a, "too many harnesses");
			load_harness(a, preset);
			continue;
		}
		if (i + 1 >= argc)
			usage();
		if (strcmp(a, "--preset") == 0)
			preset = argv[++i];
		else if (strcmp(a, "--unless") == 0)
			unless = argv[++i];
		else if (strcmp(a, "--seed") == 0)
			seed = number(a, argv[++i]);
		else if (strcmp(a, "--seconds") == 0)
			seconds = (double)number(a, argv[++i]);
		else if (strcmp(a, "--runs") == 0)
			max_runs = number(a, argv[++i]);
		else if (strcmp(a, "-o") == 0)
			dir = argv[++i];
		else
			usage();
		if (preset != NULL && nharnesses > 0)
			die("--preset", "must come before the harnesses");
	}
	if (nharnesses == 0)
		usage();
	for (int i = 0; unless != NULL && i < nharnesses; i++)
		if (!rcufuzz_options_under(unless, &harnesses[i].o, &unless_options[i]))
			die(unless, "unknown preset (try out/rcureplay --list-presets)");
	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		die(dir, strerror(errno));
	start = now();
	for (;;) {
		for (int k = 0; k < 64; k++, runs++) {
			const int i = (int)(runs % (uint64_t)nharnesses);
			const struct harness *h = &harnesses[i];
			size_t n = sample(h, seed * 0x9e3779b97f4a7c15ull, runs, buf);
			struct rcufuzz_result r;

			if (max_runs && runs >= max_runs)
				goto clean;
			if (rcufuzz_run_unless(buf, n, &h->o, unless ? &unless_options[i] : NULL,
					       &r)) {
				skipped++;
				continue;
			}
			if (r.reported) {
				report_found(h, buf, n, dir, r.summary, runs + 1, now() - start);
				return 1;
			}
		}
		if (!max_runs && now() - start >= seconds)
			break;
	}
clean:
	printf("rcusearch: %llu runs, %.1f s, seed %llu, %d harnesses under %s: clean",
	       (unsigned long long)runs, now() - start, seed, nharnesses,
	       preset ? preset : "their own presets");
	if (unless != NULL)
		printf(" (%llu reports that %s gives too)", (unsigned long long)skipped, unless);
	printf("\n");
	return 0;
}
