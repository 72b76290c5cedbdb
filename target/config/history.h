/* SPDX-License-Identifier: MIT */
/*
 * The switches (one per seed commit, plus test-only broken variants, fixes of
 * findings and experimental cures) and the presets built from them: v3.0-rc7,
 * v3.0, v3.0-patched, revert-<switch>, misuse+<cure> and inject-<id>.
 */
#ifndef RCUFUZZ_HISTORY_H
#define RCUFUZZ_HISTORY_H

#include <stdint.h>
#include <stdio.h>

struct config;

#define SWITCH(id, name, commit, kind, title) SW_##id,
enum switch_id {
#include "switches.def"
	NR_SWITCHES
};
#undef SWITCH

/*
 * FIX, EXPOSER, REFACTOR: the seed history (v3.0 has them all on);
 * BUSTED: a broken model, test only; INJECTED: a bug from a published
 * verification study put into 3.0 (inject-<id> presets); CURE: an experimental
 * fix of a restriction 3.0 leaves open; FINDING_FIX: the fix of a candidate
 * 3.0 bug that fuzzing found (v3.0-patched has them on); LATER_FIX: a fix
 * upstream gave TINY_PREEMPT_RCU after 3.0, the counterpart of a seed fix
 * in rcutiny_plugin.h (every preset has them off; v3.0 and tiny-v3.0
 * alike).
 */
enum switch_kind {
	SWITCH_FIX,
	SWITCH_EXPOSER,
	SWITCH_REFACTOR,
	SWITCH_BUSTED,
	SWITCH_INJECTED,
	SWITCH_CURE,
	SWITCH_FINDING_FIX,
	SWITCH_LATER_FIX,
};

typedef uint64_t switch_set;
_Static_assert(NR_SWITCHES <= 64, "a switch set is one 64-bit word");

static inline switch_set switch_bit(int id)
{
	return (switch_set)1 << id;
}

/* The switches of the run in progress. */
extern switch_set active_switches;

static inline int sw(enum switch_id id)
{
	return (active_switches >> id) & 1u;
}

/*
 * A deliberately broken branch of the model (test only: the oracles must
 * catch it), written like a config block so that the set greps as one:
 *
 *	BUSTED(skip_dequeue) {
 *		...
 *	}
 */
#define BUSTED(name) if (__builtin_expect(sw(SW_busted_##name), 0))

const char *switch_name(enum switch_id id);
const char *switch_commit(enum switch_id id);
const char *switch_title(enum switch_id id);
enum switch_kind switch_kind(enum switch_id id);
const char *switch_kind_name(enum switch_kind k);
/* Look a switch up by name; -1 if unknown. */
int switch_lookup(const char *name);

/*
 * A preset names a kernel: a switch set, and the RCU implementation it
 * runs.  tiny-v3.0 is 3.0's TINY_PREEMPT_RCU (v3.0's switches, with
 * CONFIG_TINY_PREEMPT_RCU=y), tiny-v3.0-patched the same with the fixes of
 * its findings and upstream's later TINY fixes; every other preset is Tree.  So a preset
 * pins the config field TINY_PREEMPT_RCU (config.h): an input's header
 * picks the implementation only when no preset is named.
 *
 * Look a preset up by name ("v3.0-rc7", "v3.0", "v3.0-patched",
 * "finding-<name>", "revert-<switch>", "misuse+<cure>", "inject-<id>",
 * "tiny-v3.0", "tiny-v3.0-patched"): its switches into @out
 * and, if @pin is not NULL, its implementation pinned in @pin (other fields
 * untouched); 0 if unknown.
 */
int preset_lookup(const char *name, switch_set *out, struct config *pin);
/*
 * Is @name a misuse+<cure> preset: v3.0 with a CURE switch, whose fuzz
 * target runs in misuse mode (the restrictions the cure is meant to lift)?
 */
int preset_is_misuse(const char *name);
/* The canonical preset name of a set run @tiny (TINY_PREEMPT_RCU) or not; NULL if none. */
const char *preset_name_of(switch_set s, int tiny, char *buf, size_t len);
void preset_list(FILE *out);
void switch_list(FILE *out);
/*
 * The preset name if (@s, @tiny) is one, else the base kernel (v3.0 or
 * tiny-v3.0) and what differs: "v3.0 name=on name=off ...".
 */
void switch_set_format(char *buf, size_t len, switch_set s, int tiny);

#define PRESET_V3_0		 "v3.0"
#define PRESET_V3_0_RC7		 "v3.0-rc7"
#define PRESET_V3_0_PATCHED	 "v3.0-patched"
#define PRESET_TINY_V3_0	 "tiny-v3.0"
#define PRESET_TINY_V3_0_PATCHED "tiny-v3.0-patched"
#define PRESET_FINDING_PREFIX	 "finding-"
#define PRESET_MISUSE_PREFIX	 "misuse+"
#define PRESET_INJECT_PREFIX	 "inject-"

#endif
