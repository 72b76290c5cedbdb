/* SPDX-License-Identifier: MIT */
/*
 * The black-box RCU guarantee: every reader section gets an id; every grace
 * period request (synchronize_rcu, call_rcu, synchronize_rcu_expedited)
 * records the sections in progress when it is made; when the request ends
 * (the call returns, the callback runs) none of them may still be in
 * progress.  Readers also dereference a shared heap object that updaters
 * retire with call_rcu() and free in the callback: in sanitizer builds an
 * early callback is a real heap-use-after-free.
 */
#ifndef RCUFUZZ_CHECK_ORACLE_H
#define RCUFUZZ_CHECK_ORACLE_H

#include "../kernel/task.h"

struct gp_snapshot {
	int n;                       /* readers recorded */
	struct {
		short pid;           /* task of the reader */
		unsigned int id;     /* its section id */
	} readers[MAX_TASKS];
};

void oracle_reset(void);
/* Called on entry to rcu_read_lock() and rcu_read_unlock(). */
void oracle_reader_lock(void);
void oracle_reader_unlock(void);
/* A grace-period request is made / ends. */
void oracle_gp_begin(struct gp_snapshot *s);
void oracle_gp_end(const struct gp_snapshot *s, const char *request, const char *func);
/* Replace the shared object and call_rcu() the old one (the call_rcu workload op). */
void oracle_retire_object(void);
/* Read the shared object inside a reader. */
void oracle_deref(void);
/* Free what the run left allocated. */
void oracle_release_all(void);
/* Objects retired but not yet freed. */
int oracle_objects_pending(void);

#endif
