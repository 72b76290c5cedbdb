/* SPDX-License-Identifier: MIT */
/* The run's configuration, field by field: see config.h and config.def. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONFIG_TYPE_INT	 0
#define CONFIG_TYPE_BOOL 1

#define CONFIG(id, name, word, member, class, type, byte, shift, bits, ...)                        \
	static const int values_##id[] = {__VA_ARGS__};                                            \
	_Static_assert(sizeof(values_##id) / sizeof(int) == 1u << (bits),                          \
		       #id ": a value for every index its header bits can hold");
#include "config.def"
#undef CONFIG

/* clang-format off */
#define CONFIG(id, name, word, member, class, type, byte, shift, bits, ...)                        \
	{name, word, CONFIG_CLASS_##class, CONFIG_TYPE_##type, byte, shift, bits, values_##id,     \
	 offsetof(struct config, member)},
/* clang-format on */
const struct config_field config_fields[NR_CONFIG_FIELDS] = {
#include "config.def"
};
#undef CONFIG

static int nr_values(enum config_field_id f)
{
	return 1 << config_fields[f].bits;
}

void config_normalize(struct config *c)
{
	if (!c->kconfig.tiny_preempt_rcu)
		return;
	config_set(c, CONFIG_FIELD_NR_CPUS, 1);
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		if (config_fields[f].class == CONFIG_CLASS_TREE)
			config_set(c, f, config_fields[f].values[0]);
}

int config_not_normal(const struct config *c)
{
	struct config n = *c;

	config_normalize(&n);
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		if (config_get(&n, f) != config_get(c, f))
			return f;
	return -1;
}

int config_get(const struct config *c, enum config_field_id f)
{
	const int *p = (const int *)(const void *)((const char *)c + config_fields[f].offset);

	return *p;
}

void config_set(struct config *c, enum config_field_id f, int value)
{
	int *p = (int *)(void *)((char *)c + config_fields[f].offset);

	*p = value;
}

void config_defaults(struct config *c)
{
	memset(c, 0, sizeof(*c));
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		config_set(c, f, config_fields[f].values[0]);
}

int config_equal(const struct config *a, const struct config *b)
{
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		if (config_get(a, f) != config_get(b, f))
			return 0;
	return 1;
}

int config_value_index(enum config_field_id f, int value)
{
	for (int i = 0; i < nr_values(f); i++)
		if (config_fields[f].values[i] == value)
			return i;
	return -1;
}

int config_lookup(const char *name)
{
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		if (strcmp(name, config_fields[f].name) == 0)
			return f;
	return -1;
}

void config_value_format(enum config_field_id f, int value, char *buf, size_t len)
{
	if (config_fields[f].boolean)
		snprintf(buf, len, "%s", value ? "y" : "n");
	else
		snprintf(buf, len, "%d", value);
}

int config_value_parse(enum config_field_id f, const char *text, int *value)
{
	char *end;
	long v;

	if (config_fields[f].boolean) {
		if (strcmp(text, "y") != 0 && strcmp(text, "n") != 0)
			return -1;
		*value = text[0] == 'y';
		return 0;
	}
	v = strtol(text, &end, 10);
	if (*text == '\0' || *end != '\0' || v != (int)v || config_value_index(f, (int)v) < 0)
		return -1;
	*value = (int)v;
	return 0;
}

static int by_value(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

void config_values_format(enum config_field_id f, char *buf, size_t len)
{
	int v[64], n = nr_values(f), contiguous = 1;
	size_t used = 0;

	if (config_fields[f].boolean) {
		snprintf(buf, len, "y|n");
		return;
	}
	memcpy(v, config_fields[f].values, (size_t)n * sizeof(v[0]));
	qsort(v, (size_t)n, sizeof(v[0]), by_value);
	for (int i = 1; i < n; i++)
		contiguous &= v[i] == v[i - 1] + 1;
	if (contiguous && n > 2) {
		snprintf(buf, len, "%d..%d", v[0], v[n - 1]);
		return;
	}
	buf[0] = '\0';
	for (int i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d", i ? "|" : "", v[i]);
}

void config_unpinned(struct config *pin)
{
	memset(pin, 0, sizeof(*pin));
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		config_set(pin, f, -1);
}

void config_apply_pins(struct config *c, const struct config *pin)
{
	for (int f = 0; f < NR_CONFIG_FIELDS; f++)
		if (config_get(pin, f) >= 0)
			config_set(c, f, config_get(pin, f));
}

int config_pin_list(struct config *pin, const char *list, char *why, size_t len)
{
	char spec[160];

	while (*list) {
		size_t n = strcspn(list, ", ");

		if (n >= sizeof(spec)) {
			snprintf(why, len, "%.*s: too long", (int)n, list);
			return -1;
		}
		if (n > 0) {
			memcpy(spec, list, n);
			spec[n] = '\0';
			if (config_pin(pin, spec, why, len) < 0)
				return -1;
		}
		list += n;
		list += strspn(list, ", ");
	}
	return 0;
}

int config_pins_from_env(struct config *pin)
{
	const char *list = getenv("RCUFUZZ_CONFIG");
	char why[256];

	if (list == NULL || config_pin_list(pin, list, why, sizeof(why)) == 0)
		return 0;
	fprintf(stderr, "rcufuzz: RCUFUZZ_CONFIG=%s: %s\n", list, why);
	return -1;
}

size_t config_pins_format(const struct config *pin, char *buf, size_t len)
{
	size_t used = 0;

	if (len > 0)
		buf[0] = '\0';
	for (int f = 0; f < NR_CONFIG_FIELDS; f++) {
		char value[16];

		if (config_get(pin, f) < 0 || f == CONFIG_FIELD_TINY_PREEMPT_RCU)
			continue;
		config_value_format(f, config_get(pin, f), value, sizeof(value));
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0, " --config %s=%s",
					 config_fields[f].name, value);
	}
	return used;
}

int config_pin(struct config *pin, const char *spec, char *why, size_t len)
{
	const char *eq = strchr(spec, '=');
	char name[64], values[96];
	int f, value;

	if (eq == NULL || (size_t)(eq - spec) >= sizeof(name)) {
		snprintf(why, len, "expected NAME=VALUE (NR_CPUS=4, RCU_BOOST=n, HZ=100, ...)");
		return -1;
	}
	memcpy(name, spec, (size_t)(eq - spec));
	name[eq - spec] = '\0';
	f = config_lookup(name);
	if (f < 0) {
		size_t used = (size_t)snprintf(why, len, "unknown name; expected one of");

		for (int i = 0; i < NR_CONFIG_FIELDS && used < len; i++)
			used += (size_t)snprintf(why + used, len - used, " %s",
						 config_fields[i].name);
		return -1;
	}
	if (config_value_parse(f, eq + 1, &value) < 0) {
		config_values_format(f, values, sizeof(values));
		snprintf(why, len, "%s takes %s", name, values);
		return -1;
	}
	config_set(pin, f, value);
	return 0;
}

/* What the kernel command line of a built-in rcutorture says for RCUTORTURE field @f. */
static const char *rcutorture_params(enum config_field_id f)
{
	switch (f) {
	case CONFIG_FIELD_RCU_TORTURE_FQS:
		return RCUTORTURE_FQS_PARAMS;
	default:
		return config_fields[f].name;
	}
}

void config_format_kernel(const struct config *c, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	/*
	 * The RCU implementation if not Tree, the Kconfig options it has, then
	 * the command line: its own parameters, then rcutorture's.
	 */
	for (int f = 0; f < NR_CONFIG_FIELDS && used < len; f++)
		if (config_fields[f].class == CONFIG_CLASS_CHOICE && config_get(c, f))
			used += (size_t)snprintf(buf + used, len - used, "%sCONFIG_%s=y",
						 used ? " " : "", config_fields[f].name);
	for (int f = 0; f < NR_CONFIG_FIELDS && used < len; f++) {
		enum config_class class = config_fields[f].class;
		char value[16];

		if (class != CONFIG_CLASS_KCONFIG &&
		    (class != CONFIG_CLASS_TREE || c->kconfig.tiny_preempt_rcu))
			continue;
		config_value_format(f, config_get(c, f), value, sizeof(value));
		used += (size_t)snprintf(buf + used, len - used, "%sCONFIG_%s=%s", used ? " " : "",
					 config_fields[f].name, value);
	}
	for (int f = 0; f < NR_CONFIG_FIELDS && used < len; f++)
		if (config_fields[f].class == CONFIG_CLASS_CMDLINE && config_get(c, f))
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "",
						 config_fields[f].name);
	for (int f = 0; f < NR_CONFIG_FIELDS && used < len; f++)
		if (config_fields[f].class == CONFIG_CLASS_RCUTORTURE && config_get(c, f))
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "",
						 rcutorture_params(f));
}
