/* SPDX-License-Identifier: MIT */
/* Text scenarios: every scenario file's expectations, the round trip, errors. */
#include "harness.h"

#include "../replay/cli.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* The directories whose *.scn files are checked (relative to the repository). */
static const char *const scenario_dirs[] = {
	"tests/scenarios", "corpus/seeds",	 "corpus/clean", "corpus/misuse",
	"corpus/findings", "corpus/experiments", "corpus/zoo"};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int check_file(const char *path)
{
	struct scenario s;
	char err[512];
	size_t size;
	uint8_t *text = read_input_file(path, &size);
	int rc;

	EXPECT(text != NULL, "%s unreadable", path);
	text[size] = '\0';
	rc = scenario_compile((char *)text, path, &s, err, sizeof(err));
	free(text);
	EXPECT(rc == 0, "%s", err);
	rc = scenario_check(&s, err, sizeof(err));
	scenario_free(&s);
	EXPECT(rc == 0, "%s: %s", path, err);
	return 0;
}

static int check_dir(const char *dir, int *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *names[512];
	int n = 0, rc = 0;

	if (d == NULL)
		return 0; /* a corpus directory a later issue fills */
	while ((e = readdir(d)) != NULL && n < 512) {
		size_t len = strlen(e->d_name);

		if (len > 4 && strcmp(e->d_name + len - 4, ".scn") == 0)
			names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), by_name);
	for (int i = 0; i < n; i++) {
		char path[1024];

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (check_file(path) < 0)
			rc = -1;
		free(names[i]);
	}
	*count += n;
	return rc;
}

int test_scenario_files(void)
{
	int count = 0, rc = 0;

	for (size_t i = 0; i < sizeof(scenario_dirs) / sizeof(scenario_dirs[0]); i++)
		if (check_dir(scenario_dirs[i], &count) < 0)
			rc = -1;
	EXPECT(count >= 6, "only %d scenario files found (run from the repository root)", count);
	return rc;
}

int test_scenario_round_trip(void)
{
	static uint8_t buf[300];
	uint64_t seed = 7;

	for (int i = 0; i < 3000; i++) {
		enum workload_mode mode = (enum workload_mode)(i % NR_MODES);
		struct scenario s;
		char *text = NULL, err[256];
		size_t size, len;
		FILE *f = open_memstream(&text, &len);
		int rc;

		random_input(&seed, buf, &size, i < 100 ? 4 : sizeof(buf));
		EXPECT(f != NULL, "open_memstream");
		scenario_decompile(buf, size, mode, f);
		fclose(f);
		rc = scenario_compile(text, "decompiled", &s, err, sizeof(err));
		EXPECT(rc == 0, "%s\n%s", err, text);
		free(text);
		EXPECT(s.size == size && (size == 0 || memcmp(s.bytes, buf, size) == 0),
		       "input %d (%zu bytes) came back as %zu bytes", i, size, s.size);
		scenario_free(&s);
	}
	return 0;
}

int test_scenario_errors(void)
{
	static const struct {
		const char *text;
		const char *error;
	} bad[] = {
		{"step cpu0\n", "t:1: events before the topology line"},
		{"topology cpus=17\n", "t:1: 'cpus=17': expected cpus=1..16, fanout=2|4|8|16, "
				       "tasks=1..8, threadirqs or boot"},
		{"topology fanout=3\n", "t:1: 'fanout=3': expected cpus=1..16"},
		{"topology\nconfig HZ=100\n", "t:2: 'config' must come before the topology line"},
		{"config HZ=120\ntopology\n", "t:1: 'HZ=120': HZ takes 100|250|300|1000"},
		{"config RCU_BOOST=off\ntopology\n", "t:1: 'RCU_BOOST=off': RCU_BOOST takes y|n"},
		{"config RCU_FANOUT=4\ntopology\n",
		 "t:1: 'RCU_FANOUT' is on the topology line (fanout)"},
		{"config PREEMPT=y\ntopology\n", "t:1: 'PREEMPT=y': unknown name; expected one of"},
		{"config HZ 100\ntopology\n", "t:1: expected 'config NAME=VALUE'"},
		{"config HZ=100\ntopology [00 00 00]\n",
		 "t:2: raw bytes do not decode to this topology and config"},
		{"topology cpus=2\nstep cpu2\n", "t:2: expected 'step cpuN [xK]' with N below 2"},
		{"topology\nwork T0 lock_a\n", "t:2: 'lock_a' needs 'mode test'"},
		{"topology\nwork T0 fly\n", "t:2: 'fly': unknown workload op"},
		{"topology\nirq cpu0 nmi\n", "t:2: expected 'irq cpuN KIND'"},
		{"topology\nwork T0 rt_lock rtm2\n", "t:2: 'rt_lock' takes rtmN with N below 2"},
		{"topology\nwork T0 rt_unlock\n", "t:2: 'rt_unlock' takes rtmN with N below 2"},
		{"topology\nwork T0 sched_fifo rtm0\n", "t:2: 'sched_fifo' takes no argument"},
		{"topology\nwork T0 lock_sighand cpu0\n",
		 "t:2: 'lock_sighand' takes TN with N below 1"},
		{"preset v2.6\ntopology\n", "t:1: 'v2.6': unknown preset"},
		{"topology\nstep cpu0 [02 00]\n", "t:2: raw bytes do not decode to this event"},
		{"# nothing\n", "t:0: no topology line"},
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct scenario s;
		char err[256];

		EXPECT(scenario_compile(bad[i].text, "t", &s, err, sizeof(err)) < 0, "accepted: %s",
		       bad[i].text);
		EXPECT(strncmp(err, bad[i].error, strlen(bad[i].error)) == 0, "got '%s'", err);
	}
	return 0;
}
