/* SPDX-License-Identifier: MIT */
/*
 * rcu_read_lock() and rcu_read_unlock(), the thin wrappers of 3.0's
 * include/linux/rcupdate.h around __rcu_read_lock()/__rcu_read_unlock();
 * where 3.0 has its lockdep annotations (rcu_read_acquire/release) the
 * model has the black-box oracle's hooks.  And wakeme_after_rcu(), from
 * 3.0's kernel/rcupdate.c.
 */
#include "rcupdate.h"

#include "../kernel/hooks.h"
#include "../kernel/task.h"

#include <stddef.h>

void rcu_read_lock(void)
{
	oracle_reader_lock();
	RCU_CALL(__rcu_read_lock);
}

void rcu_read_unlock(void)
{
	oracle_reader_unlock();
	RCU_CALL(__rcu_read_unlock);
}

void rcu_reader_deref(void)
{
	if (current->oracle_depth > 0)
		oracle_deref();
}

/* Awaken the corresponding synchronize_rcu() instance now that a grace period has elapsed. */
void wakeme_after_rcu(struct rcu_head *head)
{
	struct rcu_synchronize *rcu = container_of(head, struct rcu_synchronize, head);

	complete(&rcu->completion);
}
