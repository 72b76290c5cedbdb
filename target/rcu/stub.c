/* SPDX-License-Identifier: MIT */
/* Placeholder RCU: plain nesting counters, no grace periods. Replaced by the tree model. */
#include "rcu.h"

#include "../kernel/task.h"

void rcu_read_lock(void)
{
	current->rcu_read_lock_nesting++;
}

void rcu_read_unlock(void)
{
	current->rcu_read_lock_nesting--;
}

void rcu_reader_deref(void)
{
}

void rcu_note_context_switch(int cpu)
{
	(void)cpu;
}

void rcu_check_callbacks(int cpu, int user)
{
	(void)cpu, (void)user;
}

void rcu_process_callbacks(void)
{
}

void rcu_irq_enter(void)
{
}

void rcu_irq_exit(void)
{
}

void rcu_enter_nohz(void)
{
}

void rcu_exit_nohz(void)
{
}

int rcu_needs_cpu(int cpu)
{
	(void)cpu;
	return 0;
}

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	func(head);
}

void synchronize_rcu(void)
{
}

void synchronize_rcu_expedited(void)
{
}

void rcu_barrier(void)
{
}

void rcu_init(const struct topology *t)
{
	(void)t;
}

void rcu_scheduler_starting(void)
{
}

void rcu_spawn_kthreads(void)
{
}

int rcu_scheduler_is_fully_active(void)
{
	return 1;
}

void rcu_cpu_dead(int cpu)
{
	(void)cpu;
}

void rcu_cpu_up_prepare(int cpu)
{
	(void)cpu;
}

int rcu_idle(void)
{
	return 1;
}

void rcu_check_liveness(void)
{
}
