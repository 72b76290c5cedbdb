/* SPDX-License-Identifier: MIT */
/*
 * The machine's whole state where a run stands, as a 64-bit hash, and sets
 * of such hashes: what rcureplay --explore prunes with (docs/exploring.md).
 *
 * The hash reads the program's static data (.data and .bss: every variable
 * of the model, which keeps fixed-size static state), less what is marked
 * NOT_MACHINE_STATE (sim.h) and the unused slots of the task table; the
 * oracle's live objects (oracle_state()); and every task's stack from its
 * saved stack pointer up (the coroutines' positions and their locals).
 * What a run does next depends on nothing else, so two states that hash
 * equal are equal up to a 64-bit collision.  Bytes no frame reads any more
 * can make equal states hash apart, which costs pruning, not soundness.
 */
#ifndef RCUFUZZ_REPLAY_STATE_H
#define RCUFUZZ_REPLAY_STATE_H

#include <stddef.h>
#include <stdint.h>

/* Can this build hash the stacks (the x86-64 coroutines)?  If not, do not prune. */
int machine_state_hashable(void);

/* The static data the hash reads, in bytes (before it skips what is not the machine's). */
size_t machine_state_static_bytes(void);

/* The state where the run stands (on the main loop, between records), folded into @h. */
uint64_t machine_state_hash(uint64_t h);

/* A set of hashes, never 0; zeroed: empty. */
struct state_set {
	uint64_t *keys;
	size_t cap, n;
};

int state_set_has(const struct state_set *v, uint64_t key);
/* Add @key: 1, or 0 if it was there already, -1 out of memory. */
int state_set_add(struct state_set *v, uint64_t key);
void state_set_clear(struct state_set *v);

#endif
