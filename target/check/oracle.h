/* SPDX-License-Identifier: MIT */
/*
 * The black-box RCU oracle's life cycle per run; the hooks the model calls
 * are in kernel/hooks.h.
 */
#ifndef RCUFUZZ_CHECK_ORACLE_H
#define RCUFUZZ_CHECK_ORACLE_H

void oracle_reset(void);
/* Free what the run left allocated. */
void oracle_release_all(void);
/* Objects retired but not yet freed. */
int oracle_objects_pending(void);

#endif
