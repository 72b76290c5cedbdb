/* SPDX-License-Identifier: MIT */
/*
 * The black-box RCU oracle's life cycle per run; the hooks the model calls
 * are in kernel/hooks.h.
 */
#ifndef RCUFUZZ_CHECK_ORACLE_H
#define RCUFUZZ_CHECK_ORACLE_H

#include <stddef.h>

void oracle_reset(void);
/* Free what the run left allocated. */
void oracle_release_all(void);
/* Objects retired but not yet freed. */
int oracle_objects_pending(void);

/*
 * The oracle's state, byte range by byte range, into @fn: its header and
 * each live object (rcureplay --explore hashes the machine's state, and
 * the oracle's static pool is marked NOT_MACHINE_STATE: most of it is
 * unused, and under ASan the objects are on the heap).
 */
void oracle_state(void (*fn)(const void *p, size_t n, void *arg), void *arg);

#endif
