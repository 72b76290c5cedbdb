/* SPDX-License-Identifier: MIT */
/* Text scenarios: see scenario.h and docs/scenarios.md. */
#include "scenario.h"

#include "../target/input.h"
#include "../target/run.h"
#include "points.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 16

struct parser {
	const char *name;
	int line;
	char *err;
	size_t errlen;
	struct scenario *s;
	struct config config; /* config lines, then the topology line */
	int have_topology;
	int have_tail;
	size_t cap;
};

static int fail(struct parser *p, const char *fmt, ...)
{
	size_t n = (size_t)snprintf(p->err, p->errlen, "%s:%d: ", p->name, p->line);
	va_list ap;

	if (n < p->errlen) {
		va_start(ap, fmt);
		vsnprintf(p->err + n, p->errlen - n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int emit(struct parser *p, const uint8_t *b, size_t n)
{
	if (n == 0)
		return 0;
	if (p->s->size + n > p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 256;
		uint8_t *nb;

		while (cap < p->s->size + n)
			cap *= 2;
		nb = realloc(p->s->bytes, cap);
		if (nb == NULL)
			return fail(p, "out of memory");
		p->s->bytes = nb;
		p->cap = cap;
	}
	memcpy(p->s->bytes + p->s->size, b, n);
	p->s->size += n;
	return 0;
}

/* "cpu3" → 3, "T2" → 2 below @limit; -1 otherwise. */
static int numbered(const char *tok, const char *prefix, int limit)
{
	size_t pl = strlen(prefix);
	char *end;
	long v;

	if (strncmp(tok, prefix, pl) != 0 || !isdigit((unsigned char)tok[pl]))
		return -1;
	v = strtol(tok + pl, &end, 10);
	if (*end != '\0' || v < 0 || v >= limit)
		return -1;
	return (int)v;
}

/* Parse "[hh hh]" tokens starting at tok[i]; returns bytes read or -1. */
static int raw_bytes(char **tok, int ntok, int i, uint8_t *out, int max)
{
	int n = 0;

	if (i >= ntok)
		return 0;
	for (; i < ntok; i++) {
		const char *t = tok[i];
		char hex[3] = {0};
		size_t len = strlen(t);
		char *end;

		if (n == 0 && *t == '[')
			t++, len--;
		else if (n == 0)
			return -1;
		if (len && t[len - 1] == ']')
			len--;
		if (len == 0 && i == ntok - 1)
			break;
		if (len != 2 || n == max || !isxdigit((unsigned char)t[0]) ||
		    !isxdigit((unsigned char)t[1]))
			return -1;
		memcpy(hex, t, 2);
		out[n++] = (uint8_t)strtoul(hex, &end, 16);
	}
	if (tok[ntok - 1][strlen(tok[ntok - 1]) - 1] != ']')
		return -1;
	return n;
}

static int same_event(const struct input_event *a, const struct input_event *b)
{
	return a->op == b->op && a->cpu == b->cpu && a->count == b->count &&
	       a->kind == b->kind && a->task == b->task && a->work == b->work &&
	       a->arg == b->arg;
}

/* The raw part of a line starts at the first token beginning with '['. */
static int split_raw(char **tok, int ntok)
{
	for (int i = 0; i < ntok; i++)
		if (tok[i][0] == '[')
			return i;
	return ntok;
}

/* "cpus=4" or "threadirqs": one word of the topology line into @c; -1 if it is none. */
static int topology_word(struct config *c, const char *tok)
{
	for (int f = 0; f < NR_CONFIG_FIELDS; f++) {
		const struct config_field *cf = &config_fields[f];
		size_t n = cf->word ? strlen(cf->word) : 0;
		int v;

		if (cf->word == NULL || strncmp(tok, cf->word, n) != 0)
			continue;
		if (cf->boolean && tok[n] == '\0') {
			config_set(c, f, 1);
			return 0;
		}
		if (!cf->boolean && tok[n] == '=' && config_value_parse(f, tok + n + 1, &v) == 0) {
			config_set(c, f, v);
			return 0;
		}
	}
	return -1;
}

/* What the topology line takes: "cpus=1..16, fanout=2|4|8|16, ..., threadirqs or boot". */
static void topology_words(char *buf, size_t len)
{
	size_t used = 0;
	int n = 0, last = 0;

	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		if (config_fields[f].word)
			n++;
	buf[0] = '\0';
	for (int f = 0; f < NR_CONFIG_FIELDS && used < len; f++) {
		const struct config_field *cf = &config_fields[f];
		char values[96] = "";

		if (cf->word == NULL)
			continue;
		if (!cf->boolean)
			config_values_format(f, values, sizeof(values));
		used += (size_t)snprintf(buf + used, len - used, "%s%s%s%s",
					 last == 0	 ? ""
					 : last == n - 1 ? " or "
							 : ", ",
					 cf->word, cf->boolean ? "" : "=", values);
		last++;
	}
}

/* A field TINY_PREEMPT_RCU's kernel does not have, set anyway: -1 with why. */
static int tiny_misfit(struct parser *p)
{
	int f = config_not_normal(&p->config);
	const struct config_field *cf;
	char was[16], is[16];
	struct config n = p->config;

	if (f < 0)
		return 0;
	cf = &config_fields[f];
	config_normalize(&n);
	config_value_format(f, config_get(&p->config, f), was, sizeof(was));
	config_value_format(f, config_get(&n, f), is, sizeof(is));
	return fail(p,
		    "'%s=%s': TINY_PREEMPT_RCU=y is a uniprocessor kernel without Tree RCU's "
		    "options (%s=%s)",
		    cf->word ? cf->word : cf->name, was, cf->word ? cf->word : cf->name, is);
}

static int parse_topology(struct parser *p, char **tok, int ntok)
{
	int nr = split_raw(tok, ntok);
	uint8_t canon[INPUT_HEADER_SIZE], raw[INPUT_HEADER_SIZE];
	int nraw;

	if (p->have_topology)
		return fail(p, "a second topology line");
	for (int i = 1; i < nr; i++) {
		char words[256];

		if (topology_word(&p->config, tok[i]) == 0)
			continue;
		topology_words(words, sizeof(words));
		return fail(p, "'%s': expected %s", tok[i], words);
	}
	if (tiny_misfit(p) < 0)
		return -1;
	input_encode_config(&p->config, canon);
	nraw = raw_bytes(tok, ntok, nr, raw, INPUT_HEADER_SIZE);
	if (nraw < 0)
		return fail(p, "bad raw bytes: expected [hh hh hh]");
	p->have_topology = 1;
	if (nr < ntok) {
		struct config check;

		input_config(raw, (size_t)nraw, &check);
		config_normalize(&check);
		if (!config_equal(&check, &p->config))
			return fail(p, "raw bytes do not decode to this topology and config");
		return emit(p, raw, (size_t)nraw);
	}
	return emit(p, canon, sizeof(canon));
}

/* "config RCU_BOOST=n": a field of the header that is not on the topology line. */
static int parse_config(struct parser *p, char **tok, int ntok)
{
	char name[64], why[256];
	const char *eq = ntok == 2 ? strchr(tok[1], '=') : NULL;
	int f;

	if (eq == NULL || (size_t)(eq - tok[1]) >= sizeof(name))
		return fail(p, "expected 'config NAME=VALUE'");
	if (p->have_topology)
		return fail(p, "'config' must come before the topology line");
	memcpy(name, tok[1], (size_t)(eq - tok[1]));
	name[eq - tok[1]] = '\0';
	f = config_lookup(name);
	if (f >= 0 && config_fields[f].word)
		return fail(p, "'%s' is on the topology line (%s)", name, config_fields[f].word);
	if (config_pin(&p->config, tok[1], why, sizeof(why)) < 0)
		return fail(p, "'%s': %s", tok[1], why);
	return 0;
}

static int add_until(struct parser *p, const struct until_line *u)
{
	struct until_line *more = realloc(p->s->until, (size_t)(p->s->nuntil + 1) * sizeof(*more));

	if (more == NULL)
		return fail(p, "out of memory");
	p->s->until = more;
	p->s->until[p->s->nuntil++] = *u;
	return 0;
}

/*
 * A point's name, FUNC[:LABEL], from the words @tok[0..ntok) (the label
 * may have spaces), into @func (UNTIL_FUNC_MAX) and @label
 * (UNTIL_LABEL_MAX; "" without one).
 */
static int parse_point_name(struct parser *p, char **tok, int ntok, char *func, char *label)
{
	char spec[UNTIL_FUNC_MAX + UNTIL_LABEL_MAX + 2];
	const char *colon;
	size_t used = 0, flen;

	for (int i = 0; i < ntok && used < sizeof(spec); i++)
		used += (size_t)snprintf(spec + used, sizeof(spec) - used, "%s%s", i ? " " : "",
					 tok[i]);
	if (used >= sizeof(spec))
		return fail(p, "'%s': too long", spec);
	colon = strchr(spec, ':');
	flen = colon ? (size_t)(colon - spec) : strlen(spec);
	if (!until_func_name(spec, flen))
		return fail(p, "'%.*s': expected a function name (rcureplay --points lists them)",
			    (int)flen, spec);
	if (colon && colon[1] == '\0')
		return fail(p, "'%s': expected a label after ':' (or no ':')", spec);
	if (colon && strlen(colon + 1) >= UNTIL_LABEL_MAX)
		return fail(p, "'%s': too long", colon + 1);
	memcpy(func, spec, flen);
	func[flen] = '\0';
	snprintf(label, UNTIL_LABEL_MAX, "%s", colon ? colon + 1 : "");
	return 0;
}

/*
 * "step cpuN until FUNC[:LABEL] [within K]", "step all until cpuN at
 * FUNC[:LABEL] [within K]", "step cpuN until report [within K]" or "step
 * all until report [within K]": compiled at the end (until.h).
 */
static int parse_until(struct parser *p, char **tok, int ntok)
{
	struct until_line u = {.line = p->line, .within = UNTIL_DEFAULT_WITHIN, .at = p->s->size};
	int all = strcmp(tok[1], "all") == 0, first = all ? 5 : 3, last = ntok;

	if (ntok >= 6 && strcmp(tok[ntok - 2], "within") == 0) {
		char *end;
		long k = strtol(tok[ntok - 1], &end, 10);

		if (*end != '\0' || k < 1 || k > UNTIL_MAX_WITHIN)
			return fail(p, "'within %s': expected 1..%d steps", tok[ntok - 1],
				    UNTIL_MAX_WITHIN);
		u.within = (int)k;
		last = ntok - 2;
	}
	u.all = all;
	if (all && last == 4 && strcmp(tok[3], "report") == 0) {
		u.kind = UNTIL_REPORT;
		u.cpu = -1;
		return add_until(p, &u);
	}
	if (all && (last < 6 || strcmp(tok[4], "at") != 0 ||
		    (u.cpu = numbered(tok[3], "cpu", p->config.topo.ncpus)) < 0))
		return fail(
			p,
			"expected 'step all until cpuN at FUNC[:LABEL]|report [within K]' with N "
			"below %d",
			p->config.topo.ncpus);
	if (!all && (last < 4 || (u.cpu = numbered(tok[1], "cpu", p->config.topo.ncpus)) < 0))
		return fail(p,
			    "expected 'step cpuN until FUNC[:LABEL]|report [within K]' with N "
			    "below %d",
			    p->config.topo.ncpus);
	if (!all && last == 4 && strcmp(tok[3], "report") == 0) {
		u.kind = UNTIL_REPORT;
		return add_until(p, &u);
	}
	if (parse_point_name(p, tok + first, last - first, u.func, u.label) < 0)
		return -1;
	return add_until(p, &u);
}

static int parse_event(struct parser *p, char **tok, int ntok)
{
	struct input_event ev = {0}, check;
	const struct topology *t = &p->config.topo;
	int nr = split_raw(tok, ntok), op = event_lookup(tok[0]), nraw;
	uint8_t canon[3], raw[3];
	size_t len, pos = 0;
	int want = 1;

	if (!p->have_topology)
		return fail(p, "events before the topology line");
	if (p->have_tail)
		return fail(p, "events after the tail");
	if (op == EV_STEP && ntok >= 3 && strcmp(tok[2], "until") == 0)
		return parse_until(p, tok, ntok);
	ev.op = (enum event_op)op;
	ev.work = WORK_READ_LOCK;
	switch (ev.op) {
	case EV_STEP:
		ev.count = 1;
		want = 2;
		if (nr == 3 && (sscanf(tok[2], "x%d", &ev.count) != 1 || ev.count < 1 ||
				ev.count > 8))
			return fail(p, "'%s': expected x1..x8", tok[2]);
		if (nr == 3)
			want = 3;
		/* fall through */
	case EV_RESCHED:
		if (ev.op == EV_RESCHED)
			want = 2;
		if (nr != want || (ev.cpu = numbered(tok[1], "cpu", t->ncpus)) < 0)
			return fail(p, "expected '%s cpuN%s' with N below %d", tok[0],
				    ev.op == EV_STEP ? " [xK]" : "", t->ncpus);
		break;
	case EV_IRQ:
		if (nr != 3 || (ev.cpu = numbered(tok[1], "cpu", t->ncpus)) < 0 ||
		    (ev.kind = irq_kind_lookup(tok[2])) < 0)
			return fail(p, "expected 'irq cpuN KIND' (tick, resched, device, signal), "
				       "N below %d", t->ncpus);
		break;
	case EV_WORK: {
		enum work_arg arg;
		int w;

		if (nr < 3 || (ev.task = numbered(tok[1], "T", t->ntasks)) < 0)
			return fail(p, "expected 'work TN OP [ARG]' with N below %d", t->ntasks);
		if ((w = work_op_lookup(tok[2])) < 0)
			return fail(p, "'%s': unknown workload op", tok[2]);
		ev.work = (enum work_op)w;
		if (work_op_mode(ev.work) > p->s->mode)
			return fail(p, "'%s' needs 'mode %s'", tok[2],
				    mode_name(work_op_mode(ev.work)));
		arg = work_op_arg(ev.work);
		if (arg == ARG_NONE) {
			if (nr != 3)
				return fail(p, "'%s' takes no argument", tok[2]);
		} else {
			const char *prefix = work_arg_prefix(arg);
			int range = work_arg_range(arg, t);

			if (nr != 4 || (ev.arg = numbered(tok[3], prefix, range)) < 0)
				return fail(p, "'%s' takes %sN with N below %d", tok[2], prefix, range);
		}
		break;
	}
	case EV_BOOT_END:
		if (nr != 1)
			return fail(p, "'boot_end' takes no argument");
		break;
	case NR_EVENTS:
		break;
	}
	len = input_encode(&ev, p->s->mode, canon);
	if (nr == ntok)
		return emit(p, canon, len);
	nraw = raw_bytes(tok, ntok, nr, raw, 3);
	if (nraw != (int)len)
		return fail(p, "bad raw bytes: expected [%s]", len == 2 ? "hh hh" : "hh hh hh");
	{
		/* Decode the raw record behind a dummy header to check it. */
		uint8_t buf[INPUT_HEADER_SIZE + 3];

		input_encode_config(&p->config, buf);
		memcpy(buf + INPUT_HEADER_SIZE, raw, len);
		pos = INPUT_HEADER_SIZE;
		if (!input_next(buf, INPUT_HEADER_SIZE + len, &pos, t, p->s->mode, &check) ||
		    !same_event(&check, &ev) || check.op != ev.op)
			return fail(p, "raw bytes do not decode to this event");
	}
	return emit(p, raw, len);
}

/* "show nodes": printed where it stands when the scenario runs (bytes carry nothing). */
static int parse_show(struct parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;

	if (ntok != 2 || strcmp(tok[1], "nodes") != 0)
		return fail(p, "expected 'show nodes'");
	if (!p->have_topology)
		return fail(p, "'show' before the topology line");
	if (s->nshows == SCENARIO_MAX_SHOWS)
		return fail(p, "at most %d show lines", SCENARIO_MAX_SHOWS);
	s->shows[s->nshows].line = p->line;
	s->shows[s->nshows++].at = s->size;
	return 0;
}

static int parse_tail(struct parser *p, char **tok, int ntok)
{
	uint8_t b[3];
	int n;

	if (ntok < 2 || ntok > 3)
		return fail(p, "expected 'tail hh [hh]'");
	for (n = 1; n < ntok; n++) {
		char *end;
		unsigned long v = strtoul(tok[n], &end, 16);

		if (strlen(tok[n]) != 2 || *end != '\0')
			return fail(p, "'%s': expected two hex digits", tok[n]);
		b[n - 1] = (uint8_t)v;
	}
	p->have_tail = 1;
	return emit(p, b, (size_t)(ntok - 1));
}

static int copy_word(struct parser *p, char *dst, size_t len, const char *src)
{
	if (strlen(src) >= len)
		return fail(p, "'%s': too long", src);
	strcpy(dst, src);
	return 0;
}

/*
 * The FUNC[:LABEL] of a "reaching" clause, from its words @tok[0..ntok),
 * into @r.  Unlike an until line's, nothing runs before the check: the
 * names must be ones the model declares (rcureplay --points).
 */
static int parse_reach(struct parser *p, char **tok, int ntok, struct scenario_reach *r)
{
	if (parse_point_name(p, tok, ntok, r->func, r->label) < 0)
		return -1;
	/*
	 * A lock's points answer to the function that calls the lock
	 * primitive, frame or not (points.h), which --points cannot list:
	 * a label any point has is enough there.
	 */
	if (!point_func_known(r->func) && !(r->label[0] && point_label_known(NULL, r->label)))
		return fail(p, "'%s': no point is in such a function (rcureplay --points)",
			    r->func);
	if (r->label[0] && !point_label_known(NULL, r->label))
		return fail(p, "'%s': no point has such a label (rcureplay --points %s)",
			    r->label, r->func);
	return 0;
}

static int parse_option(struct parser *p, char **tok, int ntok, const char *rest)
{
	struct scenario *s = p->s;
	const char *kw = tok[0];

	if (strcmp(kw, "expect") == 0) {
		if (ntok < 2)
			return fail(p, "expected 'expect clean' or 'expect <summary>'");
		s->has_expect = 1;
		s->expect_clean = ntok == 2 && strcmp(tok[1], "clean") == 0;
		return copy_word(p, s->expect, sizeof(s->expect), rest);
	}
	if (strcmp(kw, "expect-frame") == 0) {
		/* The rest of the line: a frame, or any text the report must contain. */
		if (ntok < 2)
			return fail(p, "expected 'expect-frame <text>'");
		if (s->nframes == SCENARIO_MAX_FRAMES)
			return fail(p, "at most %d expect-frame lines", SCENARIO_MAX_FRAMES);
		return copy_word(p, s->frames[s->nframes++], sizeof(s->frames[0]), rest);
	}
	static const char *const one_arg[] = {"preset",      "switch",    "mode",
					      "lockdep",     "consequences", "clean-under",
					      "clean-with",  "clean-without"};
	struct scenario_reach reach = {"", ""};
	int known = 0;

	for (size_t i = 0; i < sizeof(one_arg) / sizeof(one_arg[0]); i++)
		known |= strcmp(kw, one_arg[i]) == 0;
	if (!known)
		return 1;
	if (strncmp(kw, "clean-", 6) == 0 && ntok >= 3) {
		if (ntok < 4 || strcmp(tok[2], "reaching") != 0)
			return fail(p, "expected '%s %s [reaching FUNC[:LABEL]]'", kw,
				    kw[6] == 'u' ? "PRESET" : "SWITCH");
		if (parse_reach(p, tok + 3, ntok - 3, &reach) < 0)
			return -1;
		ntok = 2;
	}
	if (ntok != 2)
		return fail(p, "'%s' takes one argument", kw);
	if (strcmp(kw, "preset") == 0) {
		if (!preset_lookup(tok[1], &s->switches, &s->pin))
			return fail(p, "'%s': unknown preset (try --list-presets)", tok[1]);
		return copy_word(p, s->preset, sizeof(s->preset), tok[1]);
	}
	if (strcmp(kw, "switch") == 0) {
		char *eq = strchr(tok[1], '=');
		int i;

		if (eq == NULL)
			return fail(p, "expected 'switch NAME=on|off'");
		*eq = '\0';
		i = switch_lookup(tok[1]);
		if (i < 0 || (strcmp(eq + 1, "on") != 0 && strcmp(eq + 1, "off") != 0))
			return fail(p, "'%s': expected a known switch =on|off", tok[1]);
		if (eq[1] == 'o' && eq[2] == 'n')
			s->switches |= switch_bit(i);
		else
			s->switches &= ~switch_bit(i);
		return 0;
	}
	if (strcmp(kw, "mode") == 0) {
		if (p->have_topology)
			return fail(p, "'mode' must come before the topology line");
		if (mode_lookup(tok[1]) < 0)
			return fail(p, "'%s': unknown mode (strict, misuse, test)", tok[1]);
		s->mode = (enum workload_mode)mode_lookup(tok[1]);
		return 0;
	}
	if (strcmp(kw, "lockdep") == 0 || strcmp(kw, "consequences") == 0) {
		int *on = kw[0] == 'l' ? &s->lockdep : &s->consequences;

		if (strcmp(tok[1], "on") != 0 && strcmp(tok[1], "off") != 0)
			return fail(p, "expected '%s on|off'", kw);
		*on = strcmp(tok[1], "on") == 0;
		return 0;
	}
	if (strcmp(kw, "clean-with") == 0 || strcmp(kw, "clean-without") == 0) {
		int i = switch_lookup(tok[1]), with = strcmp(kw, "clean-with") == 0;
		int *n = with ? &s->nclean_with : &s->nclean_without;

		if (i < 0)
			return fail(p, "'%s': unknown switch (try --list-switches)", tok[1]);
		if (*n == SCENARIO_MAX_CLEAN)
			return fail(p, "at most %d %s lines", SCENARIO_MAX_CLEAN, kw);
		(with ? s->reach_with : s->reach_without)[*n] = reach;
		(with ? s->clean_with : s->clean_without)[(*n)++] = i;
		return 0;
	}
	if (strcmp(kw, "clean-under") == 0) {
		switch_set unused;

		if (s->nclean == SCENARIO_MAX_CLEAN)
			return fail(p, "at most %d clean-under lines", SCENARIO_MAX_CLEAN);
		if (!preset_lookup(tok[1], &unused, NULL))
			return fail(p, "'%s': unknown preset", tok[1]);
		s->reach_under[s->nclean] = reach;
		return copy_word(p, s->clean_under[s->nclean++], sizeof(s->clean_under[0]), tok[1]);
	}
	return 1;
}

static int parse_line(struct parser *p, char *line)
{
	char *tok[MAX_TOKENS], *rest, *c = strchr(line, '#');
	int ntok = 0;

	if (c)
		*c = '\0';
	rest = line;
	while (*rest && isspace((unsigned char)*rest))
		rest++;
	for (char *q = strtok(line, " \t\r"); q; q = strtok(NULL, " \t\r")) {
		if (ntok == MAX_TOKENS)
			return fail(p, "too many words");
		tok[ntok++] = q;
	}
	if (ntok == 0)
		return 0;
	/* After strtok, "rest" past the keyword is the text of the rest of the line. */
	if (ntok > 1) {
		char restbuf[256];
		size_t n = 0;

		for (int i = 1; i < ntok && n < sizeof(restbuf); i++)
			n += (size_t)snprintf(restbuf + n, sizeof(restbuf) - n, "%s%s",
					      i > 1 ? " " : "", tok[i]);
		rest = restbuf;
		{
			int r = parse_option(p, tok, ntok, rest);

			if (r <= 0)
				return r;
		}
	} else {
		int r = parse_option(p, tok, ntok, "");

		if (r <= 0)
			return r;
	}
	if (strcmp(tok[0], "config") == 0)
		return parse_config(p, tok, ntok);
	if (strcmp(tok[0], "topology") == 0)
		return parse_topology(p, tok, ntok);
	if (strcmp(tok[0], "tail") == 0)
		return parse_tail(p, tok, ntok);
	if (strcmp(tok[0], "show") == 0)
		return parse_show(p, tok, ntok);
	if (event_lookup(tok[0]) >= 0)
		return parse_event(p, tok, ntok);
	return fail(p, "'%s': unknown keyword or event", tok[0]);
}

/* The until lines, under the scenario's own options, once every line is read. */
static int compile_until_lines(struct parser *p)
{
	struct scenario *s = p->s;
	struct rcufuzz_options o;
	uint8_t *bytes;
	size_t size;
	char why[512];
	int failed;

	scenario_options(s, &o);
	if (until_compile(s->bytes, s->size, s->until, s->nuntil, &o, &bytes, &size, &failed, why,
			  sizeof(why)) < 0) {
		p->line = failed >= 0 ? s->until[failed].line : 0;
		return fail(p, "%s", why);
	}
	free(s->bytes);
	s->bytes = bytes;
	s->size = size;
	/* A show line moves by the bytes of the until lines above it. */
	for (int i = 0; i < s->nshows; i++)
		for (int k = 0; k < s->nuntil; k++)
			if (s->until[k].line < s->shows[i].line)
				s->shows[i].at += s->until[k].len;
	return 0;
}

int scenario_compile(const char *text, const char *name, struct scenario *s, char *err,
		     size_t errlen)
{
	struct parser p = {.name = name, .err = err, .errlen = errlen, .s = s};
	size_t len = strlen(text);
	char *copy = malloc(len + 1), *line, *next;
	int rc = 0;

	memset(s, 0, sizeof(*s));
	config_defaults(&p.config);
	strcpy(s->preset, PRESET_V3_0);
	/* No preset line: v3.0's switches, and the header picks the implementation. */
	preset_lookup(PRESET_V3_0, &s->switches, NULL);
	config_unpinned(&s->pin);
	s->mode = MODE_STRICT;
	s->lockdep = 1;
	if (copy == NULL) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	memcpy(copy, text, len + 1);
	for (line = copy; line && rc == 0; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		p.line++;
		rc = parse_line(&p, line);
	}
	if (rc == 0 && !p.have_topology) {
		p.line = 0;
		rc = fail(&p, "no topology line");
	}
	if (rc == 0 && s->nuntil > 0)
		rc = compile_until_lines(&p);
	free(copy);
	if (rc != 0)
		scenario_free(s);
	return rc;
}

void scenario_free(struct scenario *s)
{
	free(s->bytes);
	s->bytes = NULL;
	s->size = 0;
	free(s->until);
	s->until = NULL;
	s->nuntil = 0;
}

void scenario_options(const struct scenario *s, struct rcufuzz_options *o)
{
	rcufuzz_default_options(o);
	o->switches = s->switches;
	o->pin = s->pin;
	o->mode = s->mode;
	o->lockdep = s->lockdep;
	o->consequences = s->consequences;
}
