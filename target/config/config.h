/* SPDX-License-Identifier: MIT */
/*
 * The whole configuration of a run: the machine (topology.h) and the kernel
 * built for it (kconfig.h), field by field as config.def lists them.  The
 * input's header picks every field (input.h); an option can pin any of them
 * (struct rcufuzz_options' ->pin, rcureplay --config NAME=VALUE); a scenario
 * writes them on its topology and config lines.  A plain value that depends
 * on nothing.
 */
#ifndef RCUFUZZ_CONFIG_CONFIG_H
#define RCUFUZZ_CONFIG_CONFIG_H

#include <stddef.h>

#include "kconfig.h"
#include "topology.h"

struct config {
	struct topology topo;	/* NR_CPUS, CONFIG_RCU_FANOUT, threadirqs, boot, tasks */
	struct kconfig kconfig; /* CONFIG_TINY_PREEMPT_RCU, CONFIG_RCU_BOOST, ..., rcutorture */
};

#define CONFIG(id, ...) CONFIG_FIELD_##id,
enum config_field_id {
#include "config.def"
	NR_CONFIG_FIELDS
};
#undef CONFIG

enum config_class {
	CONFIG_CLASS_KCONFIG,
	CONFIG_CLASS_TREE,
	CONFIG_CLASS_CHOICE,
	CONFIG_CLASS_CMDLINE,
	CONFIG_CLASS_RCUTORTURE,
	CONFIG_CLASS_HARNESS
};

/* One row of config.def. */
struct config_field {
	const char *name;	 /* "HZ", "threadirqs": config lines and --config */
	const char *word;	 /* its word on the topology line, or NULL */
	enum config_class class; /* how reports show it */
	int boolean;		 /* y/n rather than a number */
	int byte, shift, bits;	 /* the header bits that index its values */
	const int *values;	 /* 1 << bits of them; values[0] is the default */
	size_t offset;		 /* of its int in struct config */
};

extern const struct config_field config_fields[NR_CONFIG_FIELDS];

/* Every field its default (values[0]): what an all-zero header picks. */
void config_defaults(struct config *c);
/*
 * What the kernel @c describes can have: under TINY_PREEMPT_RCU (!SMP)
 * NR_CPUS is 1 and every TREE field its default.  The header's decoder
 * and a run's pins end with this, so a header bit the kernel has no use
 * for changes nothing.
 */
void config_normalize(struct config *c);
/* The first field config_normalize() would change in @c, or -1 if none. */
int config_not_normal(const struct config *c);
int config_get(const struct config *c, enum config_field_id f);
void config_set(struct config *c, enum config_field_id f, int value);
int config_equal(const struct config *a, const struct config *b);
/* The index of @value among the field's values; -1 if it is not one of them. */
int config_value_index(enum config_field_id f, int value);
/* The field called @name (config.def's name); -1 if none. */
int config_lookup(const char *name);

/* A value as text: "y"/"n" or the number. */
void config_value_format(enum config_field_id f, int value, char *buf, size_t len);
/* Text back to one of the field's values; -1 if it is none of them. */
int config_value_parse(enum config_field_id f, const char *text, int *value);
/* The values the field offers, for messages: "1..16", "100|250|300|1000", "y|n". */
void config_values_format(enum config_field_id f, char *buf, size_t len);

/*
 * Pins: a struct config whose fields are -1 where the header picks and a
 * value where an option pinned it.
 */
void config_unpinned(struct config *pin);
/* Each field @pin pins replaces @c's. */
void config_apply_pins(struct config *c, const struct config *pin);
/* Pin "NAME=VALUE" in @pin; 0, or -1 with why not in @why. */
int config_pin(struct config *pin, const char *spec, char *why, size_t len);
/*
 * Pin every "NAME=VALUE" of @list, separated by commas or spaces (the fuzz
 * targets' RCUFUZZ_CONFIG); 0, or -1 with why not in @why.
 */
int config_pin_list(struct config *pin, const char *list, char *why, size_t len);
/*
 * Pin what the environment's RCUFUZZ_CONFIG lists (nothing if unset): 0, or
 * -1 after one line on stderr naming the variable and what is wrong.
 */
int config_pins_from_env(struct config *pin);
/*
 * " --config NAME=VALUE" for each field @pin pins, as a replay command gives
 * them to rcureplay, but TINY_PREEMPT_RCU (a preset pins that); the length
 * it would write, as snprintf().
 */
size_t config_pins_format(const struct config *pin, char *buf, size_t len);

/*
 * The kernel's configuration with 3.0's names, as the report's "Config:"
 * line shows it: "CONFIG_NR_CPUS=4 CONFIG_RCU_FANOUT=2 ... threadirqs",
 * then rcutorture's boot parameters if it runs.
 */
void config_format_kernel(const struct config *c, char *buf, size_t len);

#endif
