/* SPDX-License-Identifier: MIT */
/* rcureplay's command line: see cli.h and flags.def. */
#include "cli.h"

#include "../target/rcufuzz.h"
#include "../target/input.h"
#include "html.h"
#include "minimize.h"
#include "scenario.h"
#include "triage.h"
#include "trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUT (1u << 20)

#define FLAG(id, name, arg, help) FLAG_##id,
enum flag_id {
#include "flags.def"
	NR_FLAGS
};
#undef FLAG

#define FLAG(id, name, arg, help) {name, arg, help},
static const struct {
	const char *name;
	const char *arg;
	const char *help;
} flags[NR_FLAGS] = {
#include "flags.def"
};
#undef FLAG

void cli_error(const char *what, const char *why)
{
	fprintf(stderr, "rcufuzz: %s: %s\n", what, why);
}

static void usage(FILE *out)
{
	fprintf(out, "usage: rcureplay [flags] FILE\n"
		     "Run one input as a fuzz target would. Exit 0 clean, 1 report, 2 usage.\n\n");
	for (int i = 0; i < NR_FLAGS; i++) {
		char left[40];

		snprintf(left, sizeof(left), "%s%s%s", flags[i].name, flags[i].arg ? " " : "",
			 flags[i].arg ? flags[i].arg : "");
		fprintf(out, "  %-26s %s\n", left, flags[i].help);
	}
}

uint8_t *read_input_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	size_t n;

	if (f == NULL) {
		cli_error(path, strerror(errno));
		return NULL;
	}
	buf = malloc(MAX_INPUT + 1);
	if (buf == NULL) {
		fclose(f);
		cli_error(path, "out of memory");
		return NULL;
	}
	n = fread(buf, 1, MAX_INPUT + 1, f);
	if (ferror(f)) {
		cli_error(path, strerror(errno));
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	if (n > MAX_INPUT) {
		cli_error(path, "larger than 1 MiB, not an rcufuzz input");
		free(buf);
		return NULL;
	}
	*size = n;
	return buf;
}

static int find_flag(const char *arg)
{
	for (int i = 0; i < NR_FLAGS; i++)
		if (strcmp(arg, flags[i].name) == 0)
			return i;
	return -1;
}

static int apply_switch(switch_set *s, const char *spec)
{
	const char *eq = strchr(spec, '=');
	char name[64];
	int i;

	if (eq == NULL || (size_t)(eq - spec) >= sizeof(name))
		return -1;
	memcpy(name, spec, (size_t)(eq - spec));
	name[eq - spec] = '\0';
	i = switch_lookup(name);
	if (i < 0)
		return -1;
	if (strcmp(eq + 1, "on") == 0)
		*s |= 1u << i;
	else if (strcmp(eq + 1, "off") == 0)
		*s &= ~(1u << i);
	else
		return -1;
	return 0;
}

/* The replay command line printed at the end of a report. */
static void format_replay_cmd(char *buf, size_t len, const char *preset,
			      const struct rcufuzz_options *o, int mode_set, const char *file)
{
	char sw[512];
	switch_set base;
	size_t used = (size_t)snprintf(buf, len, "out/rcureplay");

#define APPEND(...) used += (size_t)snprintf(buf + used, used < len ? len - used : 0, __VA_ARGS__)
	switch_set_format(sw, sizeof(sw), o->switches);
	if (strchr(sw, '=') == NULL) {
		APPEND(" --preset %s", sw);
	} else {
		APPEND(" --preset %s", preset);
		preset_lookup(preset, &base);
		for (int i = 0; i < NR_SWITCHES; i++)
			if (((base ^ o->switches) >> i) & 1)
				APPEND(" --switch %s=%s", switch_name(i),
				       (o->switches >> i) & 1 ? "on" : "off");
	}
	if (mode_set && o->mode != MODE_STRICT)
		APPEND(" --mode %s", mode_name(o->mode));
	if (!o->lockdep)
		APPEND(" --no-lockdep");
	APPEND(" %s", file);
#undef APPEND
}

/* Read a text scenario file and compile it; NULL-bytes scenario on error. */
static int load_scenario(const char *path, struct scenario *s)
{
	char err[512];
	size_t size;
	uint8_t *text = read_input_file(path, &size);
	int rc;

	if (text == NULL)
		return -1;
	text[size] = '\0';
	if (strlen((char *)text) != size) {
		cli_error(path, "not a text scenario (it has NUL bytes)");
		free(text);
		return -1;
	}
	rc = scenario_compile((char *)text, path, s, err, sizeof(err));
	free(text);
	if (rc < 0)
		fprintf(stderr, "rcufuzz: %s\n", err);
	return rc;
}

static int write_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		cli_error(path, strerror(errno));
		return -1;
	}
	return 0;
}

static int do_compile(const char *scn, const char *out)
{
	struct scenario s;
	int rc;

	if (out == NULL) {
		cli_error("--compile", "needs -o FILE");
		return 2;
	}
	if (load_scenario(scn, &s) < 0)
		return 2;
	rc = write_file(out, s.bytes, s.size) < 0 ? 2 : 0;
	scenario_free(&s);
	return rc;
}

static int do_check(const char *file)
{
	struct scenario s;
	char why[512];
	int rc;

	if (load_scenario(file, &s) < 0)
		return 2;
	rc = scenario_check(&s, why, sizeof(why));
	printf("%s %s: %s\n", rc == 0 ? "PASS" : "FAIL", file, why);
	scenario_free(&s);
	return rc == 0 ? 0 : 1;
}

static size_t count_events(const uint8_t *data, size_t size, enum workload_mode mode)
{
	struct topology t;
	struct input_event ev;
	size_t pos = 0, n = 0;

	input_topology(data, size, &t);
	while (input_next(data, size, &pos, &t, mode, &ev))
		n++;
	return n;
}

static int do_minimize(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		       const char *out)
{
	uint8_t *min;
	size_t min_size;
	long runs;
	int rc;

	if (out == NULL) {
		cli_error("--minimize", "needs -o FILE");
		return 2;
	}
	runs = minimize_input(data, size, o, &min, &min_size);
	if (runs < 0) {
		cli_error("--minimize", "the input runs clean: nothing to minimize");
		return 2;
	}
	rc = write_file(out, min, min_size) < 0 ? 2 : 0;
	if (rc == 0) {
		printf("# minimized %zu events to %zu in %ld runs; %s holds the bytes\n",
		       count_events(data, size, o->mode), count_events(min, min_size, o->mode), runs,
		       out);
		scenario_decompile(min, min_size, o->mode, stdout);
	}
	free(min);
	return rc;
}

int rcureplay_main(int argc, char **argv)
{
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	const char *file = NULL, *preset = PRESET_V3_0, *compile = NULL, *output = NULL;
	const char *html = NULL;
	struct html_trace *page = NULL;
	char replay[1024];
	size_t size;
	uint8_t *data;
	int mode_set = 0, text = 0, check = 0, minimize = 0, triage = 0;

	rcufuzz_default_options(&o);
	preset_lookup(preset, &o.switches);
	for (int i = 1; i < argc; i++) {
		int f = argv[i][0] == '-' && argv[i][1] ? find_flag(argv[i]) : -2;
		const char *arg = NULL;

		if (f == -1) {
			cli_error(argv[i], "unknown flag (try --help)");
			return 2;
		}
		if (f == -2) {
			if (file) {
				cli_error(argv[i], "only one input file is replayed at a time");
				return 2;
			}
			file = argv[i];
			continue;
		}
		if (flags[f].arg) {
			if (i + 1 >= argc) {
				cli_error(argv[i], "needs an argument");
				return 2;
			}
			arg = argv[++i];
		}
		switch ((enum flag_id)f) {
		case FLAG_PRESET:
			if (!preset_lookup(arg, &o.switches)) {
				cli_error(arg, "unknown preset (try --list-presets)");
				return 2;
			}
			preset = arg;
			break;
		case FLAG_SWITCH:
			if (apply_switch(&o.switches, arg) < 0) {
				cli_error(arg, "not SWITCH=on|off with a known switch (try --list-switches)");
				return 2;
			}
			break;
		case FLAG_MODE:
			if (mode_lookup(arg) < 0) {
				cli_error(arg, "unknown mode (strict, misuse, test)");
				return 2;
			}
			o.mode = (enum workload_mode)mode_lookup(arg);
			mode_set = 1;
			break;
		case FLAG_TRACE:
			o.trace = trace_print_row;
			o.trace_arg = stdout;
			break;
		case FLAG_HTML:
			html = arg;
			break;
		case FLAG_NO_LOCKDEP:
			o.lockdep = 0;
			break;
		case FLAG_COMPILE:
			compile = arg;
			break;
		case FLAG_OUTPUT:
			output = arg;
			break;
		case FLAG_TEXT:
			text = 1;
			break;
		case FLAG_CHECK:
			check = 1;
			break;
		case FLAG_MINIMIZE:
			minimize = 1;
			break;
		case FLAG_TRIAGE:
			triage = 1;
			break;
		case FLAG_LIST_PRESETS:
			preset_list(stdout);
			return 0;
		case FLAG_LIST_SWITCHES:
			switch_list(stdout);
			return 0;
		case FLAG_HELP:
			usage(stdout);
			return 0;
		case NR_FLAGS:
			break;
		}
	}
	if (compile)
		return file ? (cli_error(file, "--compile takes no input file"), 2)
			    : do_compile(compile, output);
	if (file == NULL) {
		cli_error("rcureplay", "no input file (try --help)");
		return 2;
	}
	if (html && (check || triage || text || minimize)) {
		cli_error(html, "--html draws one replay; not with --check, --triage, --text or --minimize");
		return 2;
	}
	if (check)
		return do_check(file);
	if (triage)
		return triage_dir(file, &o);
	data = read_input_file(file, &size);
	if (data == NULL)
		return 2;
	if (text || minimize) {
		int rc = 0;

		if (text)
			scenario_decompile(data, size, o.mode, stdout);
		else
			rc = do_minimize(data, size, &o, output);
		free(data);
		return rc;
	}
	format_replay_cmd(replay, sizeof(replay), preset, &o, mode_set, file);
	o.replay_cmd = replay;
	if (html) {
		/* The page records every step; with --trace the rows still print. */
		page = html_begin(o.trace ? stdout : NULL);
		if (page == NULL) {
			free(data);
			cli_error(html, "out of memory");
			return 2;
		}
		o.trace = html_row;
		o.trace_arg = page;
	}
	rcufuzz_run(data, size, &o, &r);
	free(data);
	if (page) {
		int failed = html_write(page, html, file, &r) != 0;

		html_free(page);
		if (failed) {
			cli_error(html, strerror(errno));
			return 2;
		}
	}
	if (r.reported)
		fputs(r.text, stderr);
	else
		printf("clean: %lu events, %lu steps\n", r.events, r.steps);
	if (html)
		printf("wrote %s\n", html);
	return r.reported ? 1 : 0;
}
