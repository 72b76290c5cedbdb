/* SPDX-License-Identifier: MIT */
/*
 * The engines' small deterministic helpers, written once: xorshift32 (the
 * mutator's and the exploration stage's draws) and FNV-1a over an input's
 * bytes (rcusearch's crash names, the exploration stage's entry table).
 */
#ifndef RCUFUZZ_FUZZ_RAND_H
#define RCUFUZZ_FUZZ_RAND_H

#include <stddef.h>
#include <stdint.h>

/* The next xorshift32 number from state @s (never 0 if @s is not). */
static inline unsigned int xorshift32(unsigned int *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* FNV-1a, 64 bits, of @size bytes at @data. */
static inline uint64_t fnv1a64(const uint8_t *data, size_t size)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 1099511628211ull;
	return h;
}

#endif
