/* SPDX-License-Identifier: MIT */
/* Any input as a text scenario, with counts or with named points: see scenario.h. */
#include "scenario.h"

#include "../target/input.h"
#include "../target/run.h"

#include <stdlib.h>
#include <string.h>

static void print_raw(FILE *out, const uint8_t *b, size_t n)
{
	fputs(" [", out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%02x", i ? " " : "", b[i]);
	fputs("]", out);
}

/* The config lines that differ from the defaults, then the topology line. */
static void print_config(FILE *out, const struct config *c)
{
	char value[16];

	for (int f = 0; f < NR_CONFIG_FIELDS; f++) {
		if (config_fields[f].word || config_get(c, f) == config_fields[f].values[0])
			continue;
		config_value_format(f, config_get(c, f), value, sizeof(value));
		fprintf(out, "config %s=%s\n", config_fields[f].name, value);
	}
	fputs("topology", out);
	for (int f = 0; f < NR_CONFIG_FIELDS; f++) {
		const struct config_field *cf = &config_fields[f];

		if (cf->word && !cf->boolean)
			fprintf(out, " %s=%d", cf->word, config_get(c, f));
		else if (cf->word && config_get(c, f))
			fprintf(out, " %s", cf->word);
	}
}

/* The text form; with @names (until.h), the runs of steps they name as until lines. */
static void decompile(const uint8_t *data, size_t size, enum workload_mode mode,
		      const struct until_name *names, int nnames, FILE *out)
{
	struct config c;
	struct input_event ev;
	uint8_t canon[INPUT_HEADER_SIZE > 3 ? INPUT_HEADER_SIZE : 3];
	size_t pos = INPUT_HEADER_SIZE, hdr = size < INPUT_HEADER_SIZE ? size : INPUT_HEADER_SIZE;
	char text[96];
	int record = 0, skip = 0; /* records the last until line stands for */

	input_config(data, size, &c);
	config_normalize(&c); /* a TINY header's unused bits stay in the raw bytes */
	if (mode != MODE_STRICT)
		fprintf(out, "mode %s\n", mode_name(mode));
	print_config(out, &c);
	input_encode_config(&c, canon);
	if (hdr != INPUT_HEADER_SIZE || memcmp(canon, data, hdr) != 0)
		print_raw(out, data, hdr);
	fputc('\n', out);
	while (input_next(data, size, &pos, &c.topo, mode, &ev)) {
		size_t n = input_encode(&ev, mode, canon);

		if (record < nnames && names[record].records) {
			fprintf(out, "%s\n", names[record].text);
			skip = names[record].records;
		}
		record++;
		if (skip > 0) {
			skip--;
			continue;
		}
		event_format(&ev, text, sizeof(text));
		fputs(text, out);
		if (n != ev.len || memcmp(canon, data + ev.offset, n) != 0)
			print_raw(out, data + ev.offset, ev.len);
		fputc('\n', out);
	}
	if (pos < size && size > INPUT_HEADER_SIZE) {
		fputs("tail", out);
		for (size_t i = pos; i < size; i++)
			fprintf(out, " %02x", data[i]);
		fputc('\n', out);
	}
}

void scenario_decompile(const uint8_t *data, size_t size, enum workload_mode mode, FILE *out)
{
	decompile(data, size, mode, NULL, 0, out);
}

/* The lines that make a scenario run under @o's switches and lockdep. */
static void print_run_options(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			      FILE *out)
{
	char name[64];
	struct config c;
	int tiny;
	const char *preset;
	switch_set base;

	rcufuzz_config(data, size, o, &c);
	tiny = c.kconfig.tiny_preempt_rcu;
	preset = preset_name_of(o->switches, tiny, name, sizeof(name));
	if (preset == NULL)
		preset = tiny ? PRESET_TINY_V3_0 : PRESET_V3_0;
	preset_lookup(preset, &base, NULL);
	fprintf(out, "preset %s\n", preset);
	for (int i = 0; i < NR_SWITCHES; i++)
		if (((base ^ o->switches) >> i) & 1)
			fprintf(out, "switch %s=%s\n", switch_name(i),
				(o->switches >> i) & 1 ? "on" : "off");
	if (!o->lockdep)
		fputs("lockdep off\n", out);
	if (o->consequences)
		fputs("consequences on\n", out);
}

/* Does @text compile to exactly @data? */
static int compiles_to(const char *text, const uint8_t *data, size_t size)
{
	struct scenario s;
	char err[512];
	int same;

	if (scenario_compile(text, "named", &s, err, sizeof(err)) < 0)
		return 0;
	same = s.size == size && memcmp(s.bytes, data, size) == 0;
	scenario_free(&s);
	return same;
}

/*
 * @data as the run under @o reads it, in canonical bytes (malloc'd, NULL if
 * out of memory): the header of the config it boots (its pins, normalized),
 * then each record it decodes as the scenario compiler writes it.  A raw
 * fuzzer input names no point as it stands when the run's config is not its
 * header's (a TINY run of a header asking for two CPUs steps "cpu1" as cpu0).
 */
static uint8_t *canonical(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			  size_t *out_size)
{
	struct config c;
	struct input_event ev;
	size_t pos = INPUT_HEADER_SIZE, n = INPUT_HEADER_SIZE;
	uint8_t *b = malloc(INPUT_HEADER_SIZE + size);

	if (b == NULL)
		return NULL;
	rcufuzz_config(data, size, o, &c);
	input_encode_config(&c, b);
	/* a record's canonical bytes are never more than its own */
	while (input_next(data, size, &pos, &c.topo, o->mode, &ev))
		n += input_encode(&ev, o->mode, b + n);
	*out_size = n;
	return b;
}

void scenario_decompile_named(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
			      FILE *out)
{
	int n, any = 0;
	size_t csize = 0;
	uint8_t *canon = canonical(data, size, o, &csize);
	struct until_name *names = canon ? until_names(canon, csize, o, &n) : NULL;
	char *text = NULL;
	size_t len;
	FILE *f;

	for (int i = 0; names && i < n; i++)
		any |= names[i].records > 0;
	/* Named where the whole text compiles back to the bytes the run reads; else counts. */
	if (any && (f = open_memstream(&text, &len)) != NULL) {
		print_run_options(canon, csize, o, f);
		decompile(canon, csize, o->mode, names, n, f);
		fclose(f);
		if (compiles_to(text, canon, csize)) {
			fputs(text, out);
			any = -1;
		}
		free(text);
	}
	free(names);
	free(canon);
	if (any != -1)
		decompile(data, size, o->mode, NULL, 0, out);
}
