/* SPDX-License-Identifier: MIT */
/* The switches and presets: see history.h and switches.def. */
#include "history.h"

#include "config.h"

#include <string.h>

switch_set active_switches;

#define SWITCH(id, name, commit, kind, title) {name, commit, SWITCH_##kind, title},
static const struct {
	const char *name;
	const char *commit;
	enum switch_kind kind;
	const char *title;
} switches[NR_SWITCHES] = {
#include "switches.def"
};
#undef SWITCH

const char *switch_name(enum switch_id id)
{
	return switches[id].name;
}

const char *switch_commit(enum switch_id id)
{
	return switches[id].commit;
}

const char *switch_title(enum switch_id id)
{
	return switches[id].title;
}

enum switch_kind switch_kind(enum switch_id id)
{
	return switches[id].kind;
}

const char *switch_kind_name(enum switch_kind k)
{
	static const char *const names[] = {"fix",    "exposer", "refactor",	"busted",
					    "inject", "cure",	 "finding-fix", "later-fix"};

	return names[k];
}

int switch_lookup(const char *name)
{
	for (int i = 0; i < NR_SWITCHES; i++)
		if (strcmp(name, switches[i].name) == 0)
			return i;
	return -1;
}

#define KIND(k)	   (1u << SWITCH_##k)
#define KINDS_V3_0 (KIND(FIX) | KIND(EXPOSER) | KIND(REFACTOR))

/* Every switch of these kinds (a mask of KIND()s) on. */
static switch_set kinds_on(unsigned int kinds)
{
	switch_set s = 0;

	for (int i = 0; i < NR_SWITCHES; i++)
		if (kinds & (1u << switches[i].kind))
			s |= switch_bit(i);
	return s;
}

static int revertible(int i)
{
	return switches[i].kind == SWITCH_FIX || switches[i].kind == SWITCH_REFACTOR;
}

/*
 * A cure that is a later step of another (upstream's deferred quiescent
 * states came in three commits): its preset has the earlier steps on too.
 */
static const struct {
	enum switch_id step, after;
} cure_steps[] = {
	{SW_deferred_qs_wakeup_safe, SW_deferred_qs},
	{SW_deferred_qs_no_wakeup, SW_deferred_qs_wakeup_safe},
};

/* The switch set of preset misuse+<cure>: v3.0, cure @i and the steps it follows. */
static switch_set cure_preset(int i)
{
	switch_set s = kinds_on(KINDS_V3_0) | switch_bit(i);

	for (int k = (int)(sizeof(cure_steps) / sizeof(cure_steps[0])) - 1; k >= 0; k--)
		if (s & switch_bit(cure_steps[k].step))
			s |= switch_bit(cure_steps[k].after);
	return s;
}

/* The CURE switch that preset @name (misuse+<cure>) tries, or -1. */
static int misuse_cure(const char *name)
{
	size_t n = strlen(PRESET_MISUSE_PREFIX);
	int i;

	if (strncmp(name, PRESET_MISUSE_PREFIX, n) != 0)
		return -1;
	i = switch_lookup(name + n);
	return i >= 0 && switches[i].kind == SWITCH_CURE ? i : -1;
}

/*
 * The id of INJECTED switch @i: the word after "inject_" in its name
 * ("inject_ff1_qs_in_reader" is ff1), @len bytes from the returned pointer.
 */
static const char *inject_id(int i, size_t *len)
{
	const char *id = switches[i].name + strlen("inject_");

	*len = strcspn(id, "_");
	return id;
}

static const struct {
	const char *name;   /* docs/findings/<name>.md */
	enum switch_id fix; /* its FINDING_FIX switch */
} findings[] = {
#define FINDING(name, fix) {name, SW_##fix},
#include "findings.def"
#undef FINDING
};
#define NR_FINDINGS ((int)(sizeof(findings) / sizeof(findings[0])))

/* v3.0-patched: v3.0 and the fix of every finding; TINY's later fixes too when @tiny. */
static switch_set patched(int tiny)
{
	return kinds_on(KINDS_V3_0 | KIND(FINDING_FIX) | (tiny ? KIND(LATER_FIX) : 0));
}

/* The finding whose preset is @name (finding-<name>), or -1. */
static int finding_of(const char *name)
{
	size_t n = strlen(PRESET_FINDING_PREFIX);

	if (strncmp(name, PRESET_FINDING_PREFIX, n) != 0)
		return -1;
	for (int i = 0; i < NR_FINDINGS; i++)
		if (strcmp(name + n, findings[i].name) == 0)
			return i;
	return -1;
}

/* The INJECTED switch that preset @name (inject-<id>) puts into v3.0, or -1. */
static int injected_switch(const char *name)
{
	size_t n = strlen(PRESET_INJECT_PREFIX), len;

	if (strncmp(name, PRESET_INJECT_PREFIX, n) != 0)
		return -1;
	for (int i = 0; i < NR_SWITCHES; i++) {
		const char *id;

		if (switches[i].kind != SWITCH_INJECTED)
			continue;
		id = inject_id(i, &len);
		if (strlen(name + n) == len && strncmp(name + n, id, len) == 0)
			return i;
	}
	return -1;
}

int preset_is_misuse(const char *name)
{
	return misuse_cure(name) >= 0;
}

/* The switch set of a Tree preset (no "tiny-" prefix); 0 if unknown. */
static int preset_switches(const char *name, switch_set *out)
{
	if (strcmp(name, PRESET_V3_0) == 0) {
		*out = kinds_on(KINDS_V3_0);
		return 1;
	}
	if (strcmp(name, PRESET_V3_0_RC7) == 0) {
		*out = kinds_on(KIND(EXPOSER));
		return 1;
	}
	if (strcmp(name, PRESET_V3_0_PATCHED) == 0) {
		*out = patched(0);
		return 1;
	}
	if (finding_of(name) >= 0) {
		*out = patched(0) & ~switch_bit(findings[finding_of(name)].fix);
		return 1;
	}
	if (misuse_cure(name) >= 0) {
		*out = cure_preset(misuse_cure(name));
		return 1;
	}
	if (injected_switch(name) >= 0) {
		*out = kinds_on(KINDS_V3_0) | switch_bit(injected_switch(name));
		return 1;
	}
	if (strncmp(name, "revert-", 7) == 0) {
		int i = switch_lookup(name + 7);

		if (i < 0 || !revertible(i))
			return 0;
		*out = kinds_on(KINDS_V3_0) & ~switch_bit(i);
		return 1;
	}
	return 0;
}

int preset_lookup(const char *name, switch_set *out, struct config *pin)
{
	int tiny_patched = strcmp(name, PRESET_TINY_V3_0_PATCHED) == 0;
	int tiny = tiny_patched || strcmp(name, PRESET_TINY_V3_0) == 0;

	if (tiny_patched)
		*out = patched(1);
	else if (!preset_switches(tiny ? PRESET_V3_0 : name, out))
		return 0;
	if (pin)
		config_set(pin, CONFIG_FIELD_TINY_PREEMPT_RCU, tiny);
	return 1;
}

const char *preset_name_of(switch_set s, int tiny, char *buf, size_t len)
{
	switch_set all = kinds_on(KINDS_V3_0);

	if (tiny)
		return s == all		 ? PRESET_TINY_V3_0
		       : s == patched(1) ? PRESET_TINY_V3_0_PATCHED
					 : NULL;
	if (s == all)
		return PRESET_V3_0;
	if (s == kinds_on(KIND(EXPOSER)))
		return PRESET_V3_0_RC7;
	if (s == patched(0))
		return PRESET_V3_0_PATCHED;
	for (int i = 0; i < NR_FINDINGS; i++)
		if (s == (patched(0) & ~switch_bit(findings[i].fix))) {
			snprintf(buf, len, "%s%s", PRESET_FINDING_PREFIX, findings[i].name);
			return buf;
		}
	for (int i = 0; i < NR_SWITCHES; i++) {
		if (revertible(i) && s == (all & ~(switch_bit(i)))) {
			snprintf(buf, len, "revert-%s", switches[i].name);
			return buf;
		}
		if (switches[i].kind == SWITCH_CURE && s == cure_preset(i)) {
			snprintf(buf, len, "%s%s", PRESET_MISUSE_PREFIX, switches[i].name);
			return buf;
		}
		if (switches[i].kind == SWITCH_INJECTED && s == (all | switch_bit(i))) {
			size_t n;
			const char *id = inject_id(i, &n);

			snprintf(buf, len, "%s%.*s", PRESET_INJECT_PREFIX, (int)n, id);
			return buf;
		}
	}
	return NULL;
}

void preset_list(FILE *out)
{
	fprintf(out, "%-32s %s\n", PRESET_V3_0_RC7, "exposers on, fixes off: the trainwreck");
	fprintf(out, "%-32s %s\n", PRESET_V3_0, "every seed fix on: 3.0 as released");
	fprintf(out, "%-32s %s\n", PRESET_V3_0_PATCHED,
		"v3.0 plus the fixes of the 3.0 bugs fuzzing found (docs/findings/)");
	fprintf(out, "%-32s %s\n", PRESET_TINY_V3_0,
		"3.0's TINY_PREEMPT_RCU (CONFIG_TINY_PREEMPT_RCU=y, one CPU), v3.0's switches");
	fprintf(out, "%-32s %s\n", PRESET_TINY_V3_0_PATCHED,
		"tiny-v3.0 plus the fixes of its findings and upstream's later TINY fixes");
	for (int i = 0; i < NR_FINDINGS; i++)
		fprintf(out, "%s%-*s v3.0-patched with %s off: that finding alone\n",
			PRESET_FINDING_PREFIX, (int)(32 - strlen(PRESET_FINDING_PREFIX)),
			findings[i].name, switch_name(findings[i].fix));
	for (int i = 0; i < NR_SWITCHES; i++)
		if (revertible(i))
			fprintf(out, "revert-%-25s v3.0 with %s %s reverted\n", switches[i].name,
				switch_kind_name(switches[i].kind), switches[i].commit);
	for (int i = 0; i < NR_SWITCHES; i++)
		if (switches[i].kind == SWITCH_CURE)
			fprintf(out, "%s%-25s v3.0 with cure %s (%s), fuzzed in misuse mode\n",
				PRESET_MISUSE_PREFIX, switches[i].name, switches[i].name,
				switches[i].commit);
	for (int i = 0; i < NR_SWITCHES; i++)
		if (switches[i].kind == SWITCH_INJECTED) {
			size_t n;
			const char *id = inject_id(i, &n);

			fprintf(out, "%s%-*.*s v3.0 with injected bug %s\n", PRESET_INJECT_PREFIX,
				(int)(32 - strlen(PRESET_INJECT_PREFIX)), (int)n, id,
				switches[i].name);
		}
}

void switch_list(FILE *out)
{
	for (int i = 0; i < NR_SWITCHES; i++)
		fprintf(out, "%-24s %-9s %-13s %s\n", switches[i].name,
			switch_kind_name(switches[i].kind), switches[i].commit, switches[i].title);
}

void switch_set_format(char *buf, size_t len, switch_set s, int tiny)
{
	char name[64];
	const char *preset = preset_name_of(s, tiny, name, sizeof(name));
	size_t used = 0;

	buf[0] = '\0';
	if (preset) {
		snprintf(buf, len, "%s", preset);
		return;
	}
	/* Not a preset: v3.0 (or tiny-v3.0) and what differs from it. */
	used = (size_t)snprintf(buf, len, "%s", tiny ? PRESET_TINY_V3_0 : PRESET_V3_0);
	for (int i = 0; i < NR_SWITCHES && used < len; i++) {
		int on = (s >> i) & 1;

		if (on == (int)((kinds_on(KINDS_V3_0) >> i) & 1))
			continue;
		used += (size_t)snprintf(buf + used, len - used, " %s=%s", switches[i].name,
					 on ? "on" : "off");
	}
}
