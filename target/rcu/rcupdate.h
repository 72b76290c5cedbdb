/* SPDX-License-Identifier: MIT */
/*
 * What 3.0's two preemptible RCU implementations share, as its
 * include/linux/rcupdate.h has it: struct rcu_head, rcu_read_lock() and
 * rcu_read_unlock() (update.c, with the black-box oracle's hooks),
 * synchronize_rcu()'s callback.  And the table of entry points each
 * implementation fills with its own functions under their kernel names:
 * tree.c's tree_preempt_rcu (CONFIG_TREE_PREEMPT_RCU, kernel/rcutree*.c)
 * and tiny.c's tiny_preempt_rcu (CONFIG_TINY_PREEMPT_RCU,
 * kernel/rcutiny*.c).  The kernel model calls them through rcu.h, which
 * picks the one the run's configuration names: one binary runs either
 * kernel, where 3.0 compiles one.
 *
 * An implementation includes this header, never rcu.h: its own functions
 * carry the names rcu.h gives its dispatchers.
 */
#ifndef RCUFUZZ_RCU_RCUPDATE_H
#define RCUFUZZ_RCU_RCUPDATE_H

#include "../config/kconfig.h"
#include "../kernel/cpu.h"
#include "../kernel/wait.h"

struct topology;

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

/* Read side: the wrappers of update.c around the implementation's __rcu_read_lock/unlock. */
void rcu_read_lock(void);
void rcu_read_unlock(void);
/* Touch the shared RCU-protected object, if inside a reader (the black-box oracle's deref). */
void rcu_reader_deref(void);

/* synchronize_rcu()'s callback (update.c, 3.0's kernel/rcupdate.c). */
struct rcu_synchronize {
	struct rcu_head head;
	struct completion completion;
};
void wakeme_after_rcu(struct rcu_head *head);

/*
 * The entry points of one implementation, named for the kernel functions
 * they are.  Each field is the implementation's function of that name.
 */
struct rcu_implementation {
	/* Read side. */
	void (*__rcu_read_lock)(void);
	void (*__rcu_read_unlock)(void);

	/* Hooks of the scheduler, the tick, irq entry and exit, the idle loop. */
	void (*rcu_note_context_switch)(int cpu);
	void (*rcu_check_callbacks)(int cpu, int user);
	void (*rcu_process_callbacks)(void); /* RCU_SOFTIRQ's action */
	void (*rcu_irq_enter)(void);
	void (*rcu_irq_exit)(void);
	void (*rcu_enter_nohz)(void);
	void (*rcu_exit_nohz)(void);
	int (*rcu_needs_cpu)(int cpu);

	/* Update side. */
	void (*call_rcu)(struct rcu_head *head, void (*func)(struct rcu_head *head));
	void (*synchronize_rcu)(void);
	void (*synchronize_rcu_expedited)(void);
	void (*rcu_barrier)(void);

	/* Boot and hotplug. */
	void (*rcu_init)(const struct topology *t);
	void (*rcu_scheduler_starting)(void);
	void (*rcu_spawn_kthreads)(int early);
	void (*rcu_cpu_notify)(enum cpu_action action, int cpu);

	/* rcutorture's fqs kthread. */
	void (*rcu_force_quiescent_state)(void);
};

extern const struct rcu_implementation tree_preempt_rcu; /* tree.c */
extern const struct rcu_implementation tiny_preempt_rcu; /* tiny.c */

/*
 * Call entry point @f of the configured implementation.  A branch, not a
 * pointer: with link-time optimization the Tree call is a direct one.
 */
#define RCU_CALL(f, ...)                                                                           \
	(kconfig.tiny_preempt_rcu ? tiny_preempt_rcu.f(__VA_ARGS__)                                \
				  : tree_preempt_rcu.f(__VA_ARGS__))

#endif
