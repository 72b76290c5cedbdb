/* SPDX-License-Identifier: MIT */
/*
 * Tree RCU's data, as in 3.0's kernel/rcutree.h: one flavour, rcu_preempt
 * (TREE_PREEMPT_RCU with RCU_BOOST).  rcu_state with a heap of rcu_nodes
 * (root node[0], then the leaves), rcu_data and rcu_dynticks per CPU.
 * Fields keep their kernel names; what the model leaves out is in README.
 */
#ifndef RCUFUZZ_RCU_TREE_H
#define RCUFUZZ_RCU_TREE_H

#include "rcu.h"

#include "../kernel/cpu.h"
#include "../kernel/list.h"
#include "../kernel/lockdep.h"
#include "../kernel/spinlock.h"
#include "../kernel/task.h"
#include "../kernel/wait.h"

#define RCU_MAX_NODES (1 + NR_CPUS / 2) /* root and up to NR_CPUS/2 leaves */

/* rsp->signaled */
#define RCU_GP_IDLE	 0
#define RCU_GP_INIT	 1
#define RCU_SAVE_DYNTICK 2
#define RCU_FORCE_QS	 3
#define RCU_SIGNAL_INIT	 RCU_SAVE_DYNTICK

#define RCU_JIFFIES_TILL_FORCE_QS 3
/* CONFIG_RCU_BOOST_DELAY is 500 ms in 3.0; the model boosts after 3 ticks. */
#define RCU_BOOST_DELAY_JIFFIES 3
#define RCU_BLIMIT		10

/* rcu_data->nxttail[] segments. */
#define RCU_DONE_TAIL	    0
#define RCU_WAIT_TAIL	    1
#define RCU_NEXT_READY_TAIL 2
#define RCU_NEXT_TAIL	    3
#define RCU_NEXT_SIZE	    4

/* rcu_preempt_offline_tasks() result bits. */
#define RCU_OFL_TASKS_NORM_GP 0x1
#define RCU_OFL_TASKS_EXP_GP  0x2

/* One node of the grace-period-detection hierarchy. */
struct rcu_node {
	raw_spinlock_t lock; /* guards what follows; the root's also parts of rcu_state */

	/* 1) The geometry, set at boot and never changed. */
	unsigned long grpmask;	 /* this node's bit in its parent's masks */
	int grplo;		 /* lowest-numbered CPU here */
	int grphi;		 /* highest-numbered CPU here */
	int level;		 /* 0: the root */
	struct rcu_node *parent; /* NULL at the root */

	/* The following fields are guarded by ->lock. */

	/* 2) Grace periods. */
	long gpnum;		  /* current GP for this node: the root's, or one behind */
	long completed;		  /* last GP completed for this node */
	unsigned long qsmask;	  /* CPUs (leaf) or children still owing a QS this GP */
	unsigned long expmask;	  /* children still blocking the expedited GP (non-leaf) */
	unsigned long qsmaskinit; /* online CPUs or children: qsmask and expmask at GP start */

	/* 3) Readers preempted in their read-side critical sections. */
	struct list_head blkd_tasks; /* queued at the head, aging toward the tail */
	struct list_head *gp_tasks;  /* first entry blocking the current GP, or NULL */
	struct list_head *exp_tasks; /* first entry blocking the expedited GP, or NULL */

	/* 4) RCU_BOOST. */
	struct list_head *boost_tasks; /* first entry still to boost, or NULL */
	unsigned long boost_time;      /* jiffies after which to boost */

	/* End of fields guarded by ->lock. */

	struct task_struct *boost_kthread_task; /* rcub/N, set once at its spawn */
};

/* Per-CPU data of the rcu_preempt flavour. */
struct rcu_data {
	/*
	 * 1) Quiescent states and grace periods: written by the CPU itself
	 * with irqs off, some under its leaf's ->lock (note_new_gpnum,
	 * rcu_process_gp_end, rcu_report_qs_rdp), or by force_quiescent_state
	 * for an offline or dyntick-idle CPU.
	 */
	long completed;		      /* last GP this CPU saw completed */
	long gpnum;		      /* highest GP this CPU is aware of */
	long passed_quiesc_completed; /* value of completed at the QS */
	int passed_quiesc;	      /* a QS passed since the GP started */
	int qs_pending;		      /* the core waits on this CPU's QS */
	int beenonline;		      /* CPU online at least once */
	struct rcu_node *mynode;      /* its leaf, set at boot */
	unsigned long grpmask;	      /* its bit in mynode's masks, set at boot */
	int cpu;		      /* which CPU this is */

	/*
	 * 2) Callbacks, touched only by the CPU itself with irqs off (and by
	 * hotplug, for a dead CPU): [nxtlist, *nxttail[DONE]) done,
	 * [DONE, WAIT) waiting for the current GP, [WAIT, NEXT_READY)
	 * queued before it ended, [NEXT_READY, NEXT) maybe after.
	 */
	struct rcu_head *nxtlist;
	struct rcu_head **nxttail[RCU_NEXT_SIZE];
	long qlen;  /* callbacks queued */
	int blimit; /* most callbacks invoked in one batch */

	/* 3) Dyntick-idle (struct rcu_dynticks in 3.0). */
	int dynticks_snap;    /* force_quiescent_state's snapshot of ->dynticks */
	int dynticks_nesting; /* irq/process nesting: 0 = dyntick-idle */
	int dynticks;	      /* even = dyntick-idle; changed only by the CPU itself */
};

/* The rcu_preempt flavour: its hierarchy and its grace-period state. */
struct rcu_state {
	struct rcu_node node[RCU_MAX_NODES]; /* node[0] the root, then the leaves */
	int num_nodes;			     /* nodes in use */
	int first_leaf;			     /* node index of the first leaf */

	/* The following fields are guarded by the root rcu_node's lock. */

	int signaled;	 /* RCU_GP_IDLE ... RCU_FORCE_QS */
	int fqs_active;	 /* force_quiescent_state() is running */
	int fqs_need_gp; /* a GP start waits for force_quiescent_state() */
	int boost;	 /* boost kthreads exist */
	long gpnum;	 /* current GP number */
	long completed;	 /* last completed GP number */

	/* End of fields guarded by the root rcu_node's lock. */

	raw_spinlock_t onofflock;	/* excludes CPU on/offline and starting a GP */
	raw_spinlock_t fqslock;		/* one force_quiescent_state() at a time */
	unsigned long jiffies_force_qs; /* when to force quiescent states */
};

extern struct rcu_state rcu_preempt_state;
extern struct rcu_data rcu_preempt_data[NR_CPUS];
extern int rcu_scheduler_active;
extern int rcu_scheduler_fully_active;

#define rcu_get_root(rsp) (&(rsp)->node[0])
#define rcu_for_each_node_breadth_first(rsp, rnp)                                                  \
	for ((rnp) = &(rsp)->node[0]; (rnp) < &(rsp)->node[(rsp)->num_nodes]; (rnp)++)
#define rcu_for_each_leaf_node(rsp, rnp)                                                           \
	for ((rnp) = &(rsp)->node[(rsp)->first_leaf]; (rnp) < &(rsp)->node[(rsp)->num_nodes];      \
	     (rnp)++)
#define rcu_for_each_nonleaf_node_breadth_first(rsp, rnp)                                          \
	for ((rnp) = &(rsp)->node[0]; (rnp) < &(rsp)->node[(rsp)->first_leaf]; (rnp)++)

static inline int rcu_gp_in_progress(const struct rcu_state *rsp)
{
	return rsp->completed != rsp->gpnum;
}

/* tree.c */
void rcu_start_gp(struct rcu_state *rsp, unsigned long flags);
void rcu_report_qs_rnp(unsigned long mask, struct rcu_state *rsp, struct rcu_node *rnp,
		       unsigned long flags);
void rcu_report_qs_rsp(struct rcu_state *rsp, unsigned long flags);
void invoke_rcu_core(void);
void __call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head), struct rcu_state *rsp);

/* tree_plugin.c */
int rcu_preempt_blocked_readers_cgp(const struct rcu_node *rnp);
void rcu_preempt_qs(int cpu);
void rcu_preempt_note_context_switch(int cpu);
void rcu_preempt_check_callbacks(int cpu);
void rcu_preempt_check_blocked_tasks(struct rcu_node *rnp);
void rcu_report_unblock_qs_rnp(struct rcu_node *rnp, unsigned long flags);
int rcu_preempt_offline_tasks(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp);
void rcu_node_check_lists(const struct rcu_node *rnp);
/* Load, point, store of t->rcu_read_unlock_special (a plain RMW, as in the kernel). */
void rcu_special_rmw(struct task_struct *t, int clear, int set);

/* tree_boost.c */
void rcu_initiate_boost(struct rcu_node *rnp, unsigned long flags);
void rcu_preempt_boost_start_gp(struct rcu_node *rnp);
void rcu_spawn_boost_kthreads(void);

/* update.c: synchronize_rcu()'s callback (3.0's kernel/rcupdate.c). */
struct rcu_synchronize {
	struct rcu_head head;
	struct completion completion;
};
void wakeme_after_rcu(struct rcu_head *head);

/* tree_exp.c */
int rcu_preempted_readers_exp(const struct rcu_node *rnp);
void rcu_report_exp_rnp(struct rcu_state *rsp, struct rcu_node *rnp);
void rcu_exp_init(void);
int rcu_exp_idle(void);

#endif
