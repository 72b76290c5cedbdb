/* SPDX-License-Identifier: MIT */
/* Crash triage: see triage.h. */
#include "triage.h"

#include "../target/sim/sim.h"

#include "cli.h"
#include "scenario.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_GROUPS 256

struct group {
	char summary[256];
	int count;
	char smallest[1024];         /* path of the smallest input */
	size_t size;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of @dir, sorted (deterministic output). */
static char **list_files(const char *dir, int *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	int cap = 0;

	*n = 0;
	if (d == NULL)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (e->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (*n == cap) {
			char **more = realloc(names, (size_t)(cap = cap ? cap * 2 : 64) * sizeof(*names));

			if (more == NULL)
				break;
			names = more;
		}
		names[(*n)++] = strdup(path);
	}
	closedir(d);
	if (names == NULL)
		names = calloc(1, sizeof(*names));
	qsort(names, (size_t)*n, sizeof(*names), by_name);
	return names;
}

static void add(struct group *g, int *ngroups, const char *summary, const char *path, size_t size)
{
	int i = 0;

	while (i < *ngroups && strcmp(g[i].summary, summary) != 0)
		i++;
	if (i == *ngroups) {
		if (*ngroups == MAX_GROUPS)
			return;
		(*ngroups)++;
		snprintf(g[i].summary, sizeof(g[i].summary), "%s", summary);
		g[i].count = 0;
		g[i].size = (size_t)-1;
	}
	g[i].count++;
	if (size < g[i].size) {
		g[i].size = size;
		snprintf(g[i].smallest, sizeof(g[i].smallest), "%s", path);
	}
}

int triage_dir(const char *dir, const struct rcufuzz_options *o)
{
	static struct group groups[MAX_GROUPS] NOT_MACHINE_STATE;
	int n, ngroups = 0, clean = 0, unreadable = 0;
	char **files = list_files(dir, &n);

	if (files == NULL) {
		cli_error(dir, strerror(errno));
		return 2;
	}
	for (int i = 0; i < n; i++) {
		struct rcufuzz_result r;
		size_t size;
		uint8_t *data;

		/* Keep stderr for real errors only: read_input_file reports its own. */
		data = read_input_file(files[i], &size);
		if (data == NULL) {
			unreadable++;
			continue;
		}
		rcufuzz_run(data, size, o, &r);
		if (r.reported)
			add(groups, &ngroups, r.summary, files[i], size);
		else
			clean++;
		free(data);
	}
	printf("%d inputs: %d groups of reports, %d clean, %d unreadable\n\n", n, ngroups, clean,
	       unreadable);
	printf("%6s  %7s  %-40s  %s\n", "count", "bytes", "smallest input", "SUMMARY");
	for (int i = 0; i < ngroups; i++)
		printf("%6d  %7zu  %-40s  %s\n", groups[i].count, groups[i].size, groups[i].smallest,
		       groups[i].summary);
	for (int i = 0; i < ngroups; i++) {
		size_t size;
		uint8_t *data = read_input_file(groups[i].smallest, &size);

		printf("\n# %s (%d inputs); smallest: %s\n", groups[i].summary, groups[i].count,
		       groups[i].smallest);
		if (data)
			scenario_decompile_named(data, size, o, stdout);
		free(data);
	}
	for (int i = 0; i < n; i++)
		free(files[i]);
	free(files);
	return 0;
}
