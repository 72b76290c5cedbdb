/* SPDX-License-Identifier: MIT */
/* rcureplay's command line: see cli.h and flags.def. */
#include "cli.h"

#include "../target/rcufuzz.h"
#include "../target/input.h"
#include "explore.h"
#include "html.h"
#include "minimize.h"
#include "points.h"
#include "scenario.h"
#include "triage.h"
#include "trace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUT	 (1u << 20)
#define MAX_SWITCH_FLAGS 64

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

/*
 * What one command line asks for.  parse_args() fills it, defaults first and
 * then one flag at a time (libFuzzer's ParseFlags over FuzzerFlags.def);
 * check_args() rejects what does not go together and picks the action;
 * rcureplay_main() does it.
 */
enum replay_action {
	ACTION_RUN,	      /* run FILE as a fuzz target would (the default) */
	ACTION_HELP,	      /* --help */
	ACTION_LIST_PRESETS,  /* --list-presets */
	ACTION_LIST_SWITCHES, /* --list-switches */
	ACTION_POINTS,	      /* --points [FUNC] */
	ACTION_COMPILE,	      /* --compile SCENARIO -o FILE */
	ACTION_CHECK,	      /* --check SCENARIO */
	ACTION_TRIAGE,	      /* --triage DIR */
	ACTION_TEXT,	      /* --text FILE */
	ACTION_MINIMIZE,      /* --minimize FILE -o FILE */
	ACTION_EXPLORE,	      /* --explore SCENARIO */
};

struct replay_args {
	enum replay_action action;
	struct rcufuzz_options
		run;	    /* --preset, --switch, --config, --mode, --no-lockdep, --trace */
	const char *preset; /* the last --preset, for the replay command */
	int preset_set;	    /* --preset given: it replaces a .scn file's switches */
	const char *switches[MAX_SWITCH_FLAGS]; /* the --switch flags, for a .scn file's */
	int nswitches;
	int mode_set;	     /* --mode given: the replay command repeats it */
	const char *file;    /* FILE: input bytes, a scenario or a directory */
	const char *html;    /* --html OUT */
	const char *compile; /* --compile SCENARIO */
	const char *output;  /* -o FILE */
	int text, named, check, minimize, triage, points;
	int explore;	      /* --explore */
	int default_schedule; /* --explore --default-schedule */
	struct explore_options eo; /* --preemptions, --max-schedules, --jobs, --no-prune,
				      --release, --parks-only */
	const char *unless;	   /* --unless Q */
	int trace;	      /* --trace */
	unsigned trace_flags; /* --nodes, --compact */
};

/*
 * A line on stderr after what stdout holds: with both on one stream
 * (2>&1), each line stays whole and in order.
 */
static void error_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void error_line(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fflush(stdout);
	fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

void cli_error(const char *what, const char *why)
{
	error_line("rcufuzz: %s: %s", what, why);
}

static void usage(FILE *out)
{
	fprintf(out, "usage: rcureplay [flags] FILE\n"
		     "Run one input as a fuzz target would (a FILE named *.scn is a text scenario).\n"
		     "Exit 0 clean, 1 report, 2 usage.\n\n");
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
		*s |= switch_bit(i);
	else if (strcmp(eq + 1, "off") == 0)
		*s &= ~switch_bit(i);
	else
		return -1;
	return 0;
}

/*
 * The replay command line printed at the end of a report.  The preset it
 * names carries the implementation the run had (tiny-v3.0 or a Tree
 * preset), however it was picked: a preset, a pin or the input's header.
 */
static void format_replay_cmd(char *buf, size_t len, const struct replay_args *a,
			      const uint8_t *data, size_t size)
{
	const struct rcufuzz_options *o = &a->run;
	char sw[512];
	const char *name, *base_name = a->preset;
	switch_set base;
	struct config c;
	int tiny;
	size_t used = (size_t)snprintf(buf, len, "out/rcureplay");

	rcufuzz_config(data, size, o, &c);
	tiny = c.kconfig.tiny_preempt_rcu;
#define APPEND(...) used += (size_t)snprintf(buf + used, used < len ? len - used : 0, __VA_ARGS__)
	if ((name = preset_name_of(o->switches, tiny, sw, sizeof(sw))) != NULL) {
		APPEND(" --preset %s", name);
	} else {
		if (tiny != (strcmp(base_name, PRESET_TINY_V3_0) == 0))
			base_name = tiny ? PRESET_TINY_V3_0 : PRESET_V3_0;
		APPEND(" --preset %s", base_name);
		preset_lookup(base_name, &base, NULL);
		for (int i = 0; i < NR_SWITCHES; i++)
			if (((base ^ o->switches) >> i) & 1)
				APPEND(" --switch %s=%s", switch_name(i),
				       (o->switches >> i) & 1 ? "on" : "off");
	}
	used += config_pins_format(&o->pin, buf + used, used < len ? len - used : 0);
	if (a->mode_set && o->mode != MODE_STRICT)
		APPEND(" --mode %s", mode_name(o->mode));
	if (!o->lockdep)
		APPEND(" --no-lockdep");
	if (o->consequences)
		APPEND(" --consequences");
	APPEND(" %s", a->file);
#undef APPEND
}

int load_scenario(const char *path, struct scenario *s)
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
		error_line("rcufuzz: %s", err);
	return rc;
}

int write_file(const char *path, const uint8_t *data, size_t size)
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
	scenario_until_notes(&s, file, stdout);
	scenario_free(&s);
	return rc == 0 ? 0 : 1;
}

static size_t count_events(const uint8_t *data, size_t size, enum workload_mode mode)
{
	struct config c;
	struct input_event ev;
	size_t pos = 0, n = 0;

	input_config(data, size, &c);
	while (input_next(data, size, &pos, &c.topo, mode, &ev))
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

	runs = minimize_input(data, size, o, &min, &min_size);
	if (runs < 0) {
		cli_error("--minimize", "the input runs clean: nothing to minimize");
		return 2;
	}
	rc = write_file(out, min, min_size) < 0 ? 2 : 0;
	if (rc == 0) {
		printf("# minimized %zu events to %zu in %ld runs; %s holds the bytes\n",
		       count_events(data, size, o->mode), count_events(min, min_size, o->mode),
		       runs, out);
		scenario_decompile_named(min, min_size, o, stdout);
	}
	free(min);
	return rc;
}

/* The report's preemptions, where the explorer took them (before minimizing). */
static void print_preemptions(const struct explore_result *r)
{
	static const char *const kind[] = {"resched", "park", "switch from"};

	for (int i = 0; i < r->preemptions && i < EXPLORE_MAX_BOUND; i++) {
		const struct explore_preemption *p = &r->preempted[i];

		printf("  preemption %d: %s cpu%d", i + 1, kind[p->kind], p->cpu);
		if (p->kind == EXPLORE_SWITCH)
			printf(" to cpu%d", p->to);
		printf(" at %s, after %lu steps\n", p->where, p->step);
	}
}

/*
 * rcureplay --explore --default-schedule: the default schedule as a named
 * scenario on stdout (its bytes to -o FILE if given): exit 0, 2 on error.
 */
static int print_default_schedule(const struct replay_args *a, const uint8_t *data, size_t size)
{
	uint8_t *bytes;
	size_t n;

	if (explore_default_schedule(data, size, &a->run, a->eo.late_release, &bytes, &n) < 0)
		return 2;
	if (a->output != NULL && write_file(a->output, bytes, n) < 0) {
		free(bytes);
		return 2;
	}
	scenario_decompile_named(bytes, n, &a->run, stdout);
	free(bytes);
	return 0;
}

/*
 * rcureplay --explore: the estimate and progress on stderr, then the
 * verdict, or the first report minimized as a scenario with its replay
 * command (-o FILE, default out/explore-report, holds its bytes).
 */
static int do_explore(const struct replay_args *given, const uint8_t *data, size_t size)
{
	struct replay_args a = *given;
	struct explore_result r;
	struct rcufuzz_options unless;
	const char *out = a.output ? a.output : "out/explore-report";
	char replay[1024];
	uint8_t *min;
	size_t min_size;

	if (a.default_schedule)
		return print_default_schedule(&a, data, size);
	a.eo.progress = stderr;
	if (a.unless && rcufuzz_options_under(a.unless, &a.run, &unless))
		a.eo.unless = &unless;
	if (explore(data, size, &a.run, &a.eo, &r) < 0)
		return 2;
	if (!r.reported) {
		/* A clean verdict says what it covers: parks only, when that is all it tried. */
		const char *kind = a.eo.parks_only ? "parks" : "preemptions";

		if (r.bound_done == a.eo.bound)
			printf("explored %lu schedules (%lu states) up to %d %s: clean",
			       r.schedules, r.states, a.eo.bound, kind);
		else
			printf("explored %lu schedules (%lu states), stopped by --max-schedules in "
			       "bound %d: clean up to %d %s",
			       r.schedules, r.states, r.bound_done + 1, r.bound_done, kind);
		if (a.unless)
			printf(" but for %lu report%s that %s gives too", r.unless,
			       r.unless == 1 ? "" : "s", a.unless);
		printf("\n");
		return 0;
	}
	if (a.unless)
		printf("went past %lu report%s that %s gives too\n", r.unless,
		       r.unless == 1 ? "" : "s", a.unless);
	printf("explored %lu schedules (%lu states): a report with %d preemption%s: %s\n",
	       r.schedules, r.states, r.preemptions, r.preemptions == 1 ? "" : "s", r.summary);
	print_preemptions(&r);
	if (minimize_input(r.bytes, r.size, &a.run, &min, &min_size) < 0) {
		min = r.bytes;
		min_size = r.size;
		r.bytes = NULL;
	}
	if (write_file(out, min, min_size) < 0) {
		free(min);
		free(r.bytes);
		return 2;
	}
	printf("minimized to %zu events; %s holds the bytes\n\n", count_events(min, min_size, a.run.mode),
	       out);
	scenario_decompile_named(min, min_size, &a.run, stdout);
	a.file = out;
	format_replay_cmd(replay, sizeof(replay), &a, min, min_size);
	printf("\nReplay: %s\n", replay);
	free(min);
	free(r.bytes);
	return 1;
}

/* The record each of @s's show lines stands before, into @printer. */
static void show_lines(const struct scenario *s, const uint8_t *data, size_t size,
		       const struct rcufuzz_options *o, struct trace_printer *printer)
{
	struct config c;
	struct input_event ev;
	size_t pos = 0;
	long record = 0;
	int i = 0;

	rcufuzz_config(data, size, o, &c);
	while (i < s->nshows && input_next(data, size, &pos, &c.topo, o->mode, &ev)) {
		for (; i < s->nshows && s->shows[i].at <= ev.offset; i++)
			trace_show_nodes_at(printer, record, s->shows[i].line);
		record++;
	}
	for (; i < s->nshows; i++)
		trace_show_nodes_at(printer, record, s->shows[i].line);
}

/*
 * Run the input (of scenario @s, or NULL) as a fuzz target would: the
 * report or "clean", the page, the trace and the show lines.
 */
static int do_run(const struct replay_args *a, const struct scenario *s, const uint8_t *data,
		  size_t size)
{
	struct rcufuzz_options o = a->run;
	struct rcufuzz_result r;
	struct html_trace *page = NULL;
	struct trace_printer *printer = trace_printer_new(stdout, a->trace_flags);
	char replay[1024];

	if (printer == NULL) {
		cli_error(a->file, "out of memory");
		return 2;
	}
	format_replay_cmd(replay, sizeof(replay), a, data, size);
	o.replay_cmd = replay;
	if (a->trace) {
		o.trace = trace_print_row;
		o.trace_arg = printer;
	}
	if (s && s->nshows) {
		show_lines(s, data, size, &o, printer);
		o.before_record = trace_before_record;
		o.before_record_arg = printer;
	}
	if (a->html) {
		/* The page records every step; with --trace the rows still print. */
		page = html_begin(a->trace ? printer : NULL);
		if (page == NULL) {
			cli_error(a->html, "out of memory");
			trace_printer_free(printer);
			return 2;
		}
		o.trace = html_row;
		o.trace_arg = page;
	}
	rcufuzz_run(data, size, &o, &r);
	trace_printer_free(printer);
	if (page) {
		int failed = html_write(page, a->html, a->file, &r) != 0;

		html_free(page);
		if (failed) {
			cli_error(a->html, strerror(errno));
			return 2;
		}
	}
	/* With --trace, one stream: the rows, a separator, then the report. */
	if (a->trace)
		trace_print_end(stdout);
	fflush(stdout);
	if (r.reported)
		fputs(r.text, a->trace ? stdout : stderr);
	else
		printf("clean: %lu events, %lu steps\n", r.events, r.steps);
	if (a->html)
		printf("wrote %s\n", a->html);
	return r.reported ? 1 : 0;
}

/* rcureplay --points [FUNC] */
static int do_points(const char *func)
{
	const char *funcs[1024];
	char near[256], why[300];

	if (points_print(stdout, func) > 0 || func == NULL)
		return 0;
	names_near(func, funcs, point_funcs(funcs, 1024), near, sizeof(near));
	snprintf(why, sizeof(why), "no point is in such a function%s%s%s",
		 near[0] ? " (near: " : "", near, near[0] ? ")" : "");
	cli_error(func, why);
	return 2;
}

static int is_scenario_file(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && strcmp(path + n - 4, ".scn") == 0;
}

/*
 * A .scn file runs under its own preset, switch, mode, lockdep and
 * consequences lines; --preset replaces its switches (and the preset's
 * implementation), --switch goes on top of them, --mode replaces its mode,
 * --no-lockdep turns lockdep off, --consequences turns going on past a
 * failed model check on.
 */
static void scenario_args(struct replay_args *a, const struct scenario *s)
{
	if (!a->preset_set) {
		a->preset = s->preset;
		a->run.switches = s->switches;
		/* The preset line's implementation, unless --config pinned one. */
		if (config_get(&a->run.pin, CONFIG_FIELD_TINY_PREEMPT_RCU) < 0)
			config_set(&a->run.pin, CONFIG_FIELD_TINY_PREEMPT_RCU,
				   config_get(&s->pin, CONFIG_FIELD_TINY_PREEMPT_RCU));
		for (int i = 0; i < a->nswitches; i++)
			apply_switch(&a->run.switches, a->switches[i]);
	}
	if (!a->mode_set)
		a->run.mode = s->mode;
	if (!s->lockdep)
		a->run.lockdep = 0;
	if (s->consequences)
		a->run.consequences = 1;
}

/*
 * FILE holds input bytes, or a text scenario if its name ends in .scn:
 * print it as a scenario, minimize it or run it.
 */
static int do_input(const struct replay_args *given)
{
	struct replay_args a = *given;
	struct scenario s = {0};
	size_t size;
	uint8_t *data;
	int rc = 0;

	if (is_scenario_file(a.file)) {
		if (load_scenario(a.file, &s) < 0)
			return 2;
		scenario_args(&a, &s);
		data = s.bytes;
		size = s.size;
	} else if ((data = read_input_file(a.file, &size)) == NULL) {
		return 2;
	}
	if (a.action == ACTION_TEXT && a.named)
		scenario_decompile_named(data, size, &a.run, stdout);
	else if (a.action == ACTION_TEXT)
		scenario_decompile(data, size, a.run.mode, stdout);
	else if (a.action == ACTION_MINIMIZE)
		rc = do_minimize(data, size, &a.run, a.output);
	else if (a.action == ACTION_EXPLORE)
		rc = do_explore(&a, data, size);
	else
		rc = do_run(&a, data == s.bytes ? &s : NULL, data, size);
	if (data != s.bytes)
		free(data);
	scenario_free(&s);
	return rc;
}

/* A number in [@lo, @hi] into *@n; -1, said why, if @arg is not one. */
static int parse_count(const char *arg, int lo, int hi, int *n)
{
	char *end, why[64];
	long v = strtol(arg, &end, 10);

	if (end == arg || *end || v < lo || v > hi) {
		snprintf(why, sizeof(why), "takes a number from %d to %d", lo, hi);
		cli_error(arg, why);
		return -1;
	}
	*n = (int)v;
	return 0;
}

/* One flag (libFuzzer's ParseOneFlag); @arg is its argument or NULL. */
static int parse_flag(struct replay_args *a, enum flag_id f, const char *arg)
{
	char why[256];

	switch (f) {
	case FLAG_PRESET:
		if (!preset_lookup(arg, &a->run.switches, &a->run.pin)) {
			cli_error(arg, "unknown preset (try --list-presets)");
			return -1;
		}
		a->preset = arg;
		a->preset_set = 1;
		break;
	case FLAG_SWITCH:
		if (apply_switch(&a->run.switches, arg) < 0) {
			cli_error(arg,
				  "not SWITCH=on|off with a known switch (try --list-switches)");
			return -1;
		}
		if (a->nswitches == MAX_SWITCH_FLAGS) {
			cli_error(arg, "too many --switch flags");
			return -1;
		}
		a->switches[a->nswitches++] = arg;
		break;
	case FLAG_MODE:
		if (mode_lookup(arg) < 0) {
			cli_error(arg, "unknown mode (strict, misuse, test)");
			return -1;
		}
		a->run.mode = (enum workload_mode)mode_lookup(arg);
		a->mode_set = 1;
		break;
	case FLAG_CONFIG:
		if (config_pin_list(&a->run.pin, arg, why, sizeof(why)) < 0) {
			cli_error(arg, why);
			return -1;
		}
		break;
	case FLAG_NO_LOCKDEP:
		a->run.lockdep = 0;
		break;
	case FLAG_CONSEQUENCES:
		a->run.consequences = 1;
		break;
	case FLAG_TRACE:
		a->trace = 1;
		break;
	case FLAG_NODES:
		a->trace_flags |= TRACE_NODES;
		break;
	case FLAG_COMPACT:
		a->trace_flags |= TRACE_COMPACT;
		break;
	case FLAG_HTML:
		a->html = arg;
		break;
	case FLAG_LIST_PRESETS:
		a->action = ACTION_LIST_PRESETS;
		break;
	case FLAG_LIST_SWITCHES:
		a->action = ACTION_LIST_SWITCHES;
		break;
	case FLAG_COMPILE:
		a->compile = arg;
		break;
	case FLAG_OUTPUT:
		a->output = arg;
		break;
	case FLAG_TEXT:
		a->text = 1;
		break;
	case FLAG_NAMED:
		a->named = 1;
		break;
	case FLAG_POINTS:
		a->points = 1;
		break;
	case FLAG_CHECK:
		a->check = 1;
		break;
	case FLAG_MINIMIZE:
		a->minimize = 1;
		break;
	case FLAG_TRIAGE:
		a->triage = 1;
		break;
	case FLAG_EXPLORE:
		a->explore = 1;
		break;
	case FLAG_PREEMPTIONS:
		if (parse_count(arg, 0, EXPLORE_MAX_BOUND, &a->eo.bound) < 0)
			return -1;
		break;
	case FLAG_MAX_SCHEDULES: {
		int n;

		if (parse_count(arg, 1, 2000000000, &n) < 0)
			return -1;
		a->eo.max_schedules = (unsigned long)n;
		break;
	}
	case FLAG_JOBS:
		if (parse_count(arg, 1, 64, &a->eo.jobs) < 0)
			return -1;
		break;
	case FLAG_NO_PRUNE:
		a->eo.prune = 0;
		break;
	case FLAG_RELEASE:
		if (strcmp(arg, "early") != 0 && strcmp(arg, "late") != 0) {
			cli_error(arg, "--release takes early or late");
			return -1;
		}
		a->eo.late_release = strcmp(arg, "late") == 0;
		break;
	case FLAG_PARKS_ONLY:
		a->eo.parks_only = 1;
		break;
	case FLAG_UNLESS: {
		struct rcufuzz_options q;

		if (!rcufuzz_options_under(arg, &a->run, &q)) {
			cli_error(arg, "unknown preset (try --list-presets)");
			return -1;
		}
		a->unless = arg;
		break;
	}
	case FLAG_DEFAULT_SCHEDULE:
		a->default_schedule = 1;
		break;
	case FLAG_HELP:
		a->action = ACTION_HELP;
		break;
	case NR_FLAGS:
		break;
	}
	return 0;
}

/* Defaults, then the flags in order; --help or a list ends the parse there. */
static int parse_args(int argc, char **argv, struct replay_args *a)
{
	*a = (struct replay_args){.action = ACTION_RUN,
				  .preset = PRESET_V3_0,
				  .eo = {.bound = 2, .jobs = 1, .prune = 1}};
	rcufuzz_default_options(&a->run); /* v3.0's switches; the header picks the implementation */
	for (int i = 1; i < argc && a->action == ACTION_RUN; i++) {
		const char *arg = NULL;
		int f;

		if (argv[i][0] != '-' || argv[i][1] == '\0') {
			if (a->file) {
				cli_error(argv[i], "only one input file is replayed at a time");
				return -1;
			}
			a->file = argv[i];
			continue;
		}
		f = find_flag(argv[i]);
		if (f < 0) {
			cli_error(argv[i], "unknown flag (try --help)");
			return -1;
		}
		if (flags[f].arg) {
			if (i + 1 >= argc) {
				cli_error(argv[i], "needs an argument");
				return -1;
			}
			arg = argv[++i];
		}
		if (parse_flag(a, (enum flag_id)f, arg) < 0)
			return -1;
	}
	return 0;
}

/* The combinations: what is missing, what does not go together; then the action. */
static int check_args(struct replay_args *a)
{
	if (a->action != ACTION_RUN)
		return 0; /* --help or a list: the rest of the line is not read */
	if (a->points) {
		a->action = ACTION_POINTS; /* FILE, if any, is a function */
		return 0;
	}
	if (a->compile) {
		if (a->file) {
			cli_error(a->file, "--compile takes no input file");
			return -1;
		}
		if (a->output == NULL) {
			cli_error("--compile", "needs -o FILE");
			return -1;
		}
		a->action = ACTION_COMPILE;
		return 0;
	}
	if (a->file == NULL) {
		cli_error("rcureplay", "no input file (try --help)");
		return -1;
	}
	if (a->html && (a->check || a->triage || a->text || a->minimize)) {
		cli_error(a->html, "--html draws one replay; "
				   "not with --check, --triage, --text or --minimize");
		return -1;
	}
	if (a->explore && (a->check || a->triage || a->text || a->minimize || a->trace || a->html)) {
		cli_error("--explore", "runs many schedules; not with --check, --triage, --text, "
				       "--minimize, --trace or --html");
		return -1;
	}
	/* The flags that only say how to explore. */
	const struct {
		int given;
		const char *flag;
	} explore_only[] = {
		{a->default_schedule, "--default-schedule"},
		{a->eo.late_release, "--release"},
		{a->eo.parks_only, "--parks-only"},
		{a->unless != NULL, "--unless"},
	};
	for (size_t i = 0; i < sizeof(explore_only) / sizeof(explore_only[0]); i++)
		if (explore_only[i].given && !a->explore) {
			cli_error(explore_only[i].flag, "goes with --explore");
			return -1;
		}
	/* One action, in this order of precedence. */
	if (a->explore)
		a->action = ACTION_EXPLORE;
	else if (a->check)
		a->action = ACTION_CHECK;
	else if (a->triage)
		a->action = ACTION_TRIAGE;
	else if (a->text)
		a->action = ACTION_TEXT;
	else if (a->minimize)
		a->action = ACTION_MINIMIZE;
	if (a->action == ACTION_MINIMIZE && a->output == NULL) {
		cli_error("--minimize", "needs -o FILE");
		return -1;
	}
	if (a->trace_flags && !a->trace) {
		cli_error(a->trace_flags & TRACE_NODES ? "--nodes" : "--compact",
			  "goes with --trace");
		return -1;
	}
	if (a->named && a->action != ACTION_TEXT) {
		cli_error("--named",
			  "goes with --text (--minimize and --triage name points anyway)");
		return -1;
	}
	return 0;
}

int rcureplay_main(int argc, char **argv)
{
	struct replay_args a;

	if (parse_args(argc, argv, &a) < 0 || check_args(&a) < 0)
		return 2;
	switch (a.action) {
	case ACTION_HELP:
		usage(stdout);
		return 0;
	case ACTION_LIST_PRESETS:
		preset_list(stdout);
		return 0;
	case ACTION_LIST_SWITCHES:
		switch_list(stdout);
		return 0;
	case ACTION_POINTS:
		return do_points(a.file);
	case ACTION_COMPILE:
		return do_compile(a.compile, a.output);
	case ACTION_CHECK:
		return do_check(a.file);
	case ACTION_TRIAGE:
		return triage_dir(a.file, &a.run);
	case ACTION_TEXT:
	case ACTION_MINIMIZE:
	case ACTION_EXPLORE:
	case ACTION_RUN:
		return do_input(&a);
	}
	return 2;
}
