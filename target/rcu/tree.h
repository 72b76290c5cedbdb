/* SPDX-License-Identifier: MIT */
/*
 * Tree RCU's data, as in 3.0's kernel/rcutree.h: one flavour, rcu_preempt
 * (TREE_PREEMPT_RCU, with CONFIG_RCU_BOOST as configured).  rcu_state with
 * a heap of rcu_nodes (root node[0], then each level breadth first),
 * rcu_data and rcu_dynticks per CPU.  Fields keep their kernel names; the
 * statistics-only fields of 3.0 are left out; docs/fidelity.md has the rest.
 */
#ifndef RCUFUZZ_RCU_TREE_H
#define RCUFUZZ_RCU_TREE_H

#include "rcupdate.h"

#include "../config/history.h"
#include "../kernel/cpu.h"
#include "../kernel/list.h"
#include "../kernel/lockdep.h"
#include "../kernel/spinlock.h"
#include "../kernel/task.h"
#include "../kernel/wait.h"
#include "../config/kconfig.h"

/*
 * The shape of the hierarchy, as 3.0's rcutree.h computes it from NR_CPUS
 * (the machine's CPUs) and CONFIG_RCU_FANOUT: leaves of RCU_FANOUT_LEAF =
 * min(CONFIG_RCU_FANOUT, 16) CPUs, CONFIG_RCU_FANOUT children above, up to
 * four levels.  With 16 CPUs and fanout 2: 8 + 4 + 2 + 1 nodes.
 */
#define MAX_RCU_LVLS  4
#define RCU_MAX_NODES NR_CPUS /* enough for every fanout >= 2 */

/* rsp->signaled */
#define RCU_GP_IDLE	 0		  /* No grace period in progress. */
#define RCU_GP_INIT	 1		  /* Grace period being initialized. */
#define RCU_SAVE_DYNTICK 2		  /* Need to scan dyntick state. */
#define RCU_FORCE_QS	 3		  /* Need to force quiescent state. */
#define RCU_SIGNAL_INIT	 RCU_SAVE_DYNTICK /* CONFIG_NO_HZ */

#define RCU_JIFFIES_TILL_FORCE_QS 3 /* for rsp->jiffies_force_qs */
#define RCU_STALL_RAT_DELAY	  2 /* let other CPUs tick before ratting on them */
#define RCU_KTHREAD_PRIO	  1 /* SCHED_FIFO priority of rcuc and rcub */

/* rcu_do_batch() and __call_rcu() limits (3.0's module parameters). */
#define RCU_BLIMIT   10	   /* maximum callbacks per rcu_do_batch */
#define RCU_QHIMARK  10000 /* if this many pending, ignore blimit */
#define RCU_QLOWMARK 100   /* once only this many pending, use blimit */

/* rcu_data->nxttail[] segments. */
#define RCU_DONE_TAIL	    0 /* Also RCU_WAIT head. */
#define RCU_WAIT_TAIL	    1 /* Also RCU_NEXT_READY head. */
#define RCU_NEXT_READY_TAIL 2 /* Also RCU_NEXT head. */
#define RCU_NEXT_TAIL	    3
#define RCU_NEXT_SIZE	    4

/* rcu_preempt_offline_tasks() result bits. */
#define RCU_OFL_TASKS_NORM_GP 0x1 /* Tasks blocking normal GP were moved to root. */
#define RCU_OFL_TASKS_EXP_GP  0x2 /* Tasks blocking expedited GP were moved to root. */

/* Wrap-safe comparisons of grace-period numbers and jiffies, as 3.0's. */
#define ULONG_CMP_GE(a, b) (~0ul / 2 >= (a) - (b))
#define ULONG_CMP_LT(a, b) (~0ul / 2 < (a) - (b))

/* Dynticks per-CPU state, shared by all flavours in 3.0. */
struct rcu_dynticks {
	int dynticks_nesting;	  /* Track irq/process nesting level: 0 = dyntick-idle. */
	int dynticks_nmi_nesting; /* Track NMI nesting level. */
	int dynticks;		  /* Even value for dynticks-idle, else odd (atomic_t). */
};

/* One node of the grace-period-detection hierarchy. */
struct rcu_node {
	raw_spinlock_t lock; /* guards what follows; the root's also parts of rcu_state */

	/* 1) The geometry, set at boot and never changed. */
	unsigned long grpmask;	 /* this node's bit in its parent's masks */
	int grplo;		 /* lowest-numbered CPU here */
	int grphi;		 /* highest-numbered CPU here */
	int grpnum;		 /* CPU/group number for next level up */
	int level;		 /* 0: the root */
	struct rcu_node *parent; /* NULL at the root */

	/* The following fields are guarded by ->lock. */

	/* 2) Grace periods. */
	unsigned long gpnum;	  /* current GP for this node: the root's, or one behind */
	unsigned long completed;  /* last GP completed for this node */
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

	unsigned long wakemask;			/* CPUs whose rcuc rcun must wake (atomic_t) */
	struct task_struct *boost_kthread_task; /* rcubN, published under ->lock */
	struct task_struct *node_kthread_task;	/* rcunN, published under ->lock */
};

/* Per-CPU data of the rcu_preempt flavour. */
struct rcu_data {
	/*
	 * 1) Quiescent states and grace periods: written by the CPU itself
	 * with irqs off, some under its leaf's ->lock (note_new_gpnum,
	 * rcu_process_gp_end, rcu_report_qs_rdp), or by hotplug.
	 */
	unsigned long completed;	       /* last GP this CPU saw completed */
	unsigned long gpnum;		       /* highest GP this CPU is aware of */
	unsigned long passed_quiesc_completed; /* value of completed at the QS */
	int passed_quiesc;		       /* a QS passed since the GP started */
	int qs_pending;			       /* the core waits on this CPU's QS */
	int beenonline;			       /* CPU online at least once */
	int preemptible;		       /* preemptible RCU (always, here) */
	struct rcu_node *mynode;	       /* its leaf, set at boot */
	unsigned long grpmask;		       /* its bit in mynode's masks, set at boot */

	/*
	 * 2) Callbacks, touched only by the CPU itself with irqs off (and by
	 * CPU_DYING, for the dying CPU, under stop_machine): [nxtlist,
	 * *nxttail[DONE]) done, [DONE, WAIT) waiting for the current GP,
	 * [WAIT, NEXT_READY) queued before it ended, [NEXT_READY, NEXT) maybe
	 * after.
	 */
	struct rcu_head *nxtlist;
	struct rcu_head **nxttail[RCU_NEXT_SIZE];
	long qlen;		       /* callbacks queued */
	long qlen_last_fqs_check;      /* qlen at last check for QS forcing */
	unsigned long n_force_qs_snap; /* did other CPU force QS recently? */
	long blimit;		       /* most callbacks invoked in one batch */

	/* 3) Dyntick-idle. */
	struct rcu_dynticks *dynticks; /* the CPU's shared dynticks state */
	int dynticks_snap;	       /* per-GP tracking for dynticks */

	/* 4) Why force_quiescent_state() reported for this CPU. */
	unsigned long dynticks_fqs; /* kicked due to dynticks idle */
	unsigned long offline_fqs;  /* kicked due to being offline */

	int cpu; /* which CPU this is */
};

/* The rcu_preempt flavour: its hierarchy and its grace-period state. */
struct rcu_state {
	struct rcu_node node[RCU_MAX_NODES];  /* the hierarchy, breadth first */
	struct rcu_node *level[MAX_RCU_LVLS]; /* first node of each level */
	int levelcnt[MAX_RCU_LVLS + 1];	      /* nodes in each level */
	int levelspread[MAX_RCU_LVLS];	      /* children per node in each level */
	int num_lvls;			      /* NUM_RCU_LVLS */
	int num_nodes;			      /* NUM_RCU_NODES */
	struct rcu_data *rda;		      /* the per-CPU rcu_data */

	/* The following fields are guarded by the root rcu_node's lock. */

	int signaled;		 /* RCU_GP_IDLE ... RCU_FORCE_QS */
	int fqs_active;		 /* force_quiescent_state() is running */
	int fqs_need_gp;	 /* a GP start waits for force_quiescent_state() */
	int boost;		 /* subject to priority boost: the kthreads exist */
	unsigned long gpnum;	 /* current GP number */
	unsigned long completed; /* last completed GP number */

	/* End of fields guarded by the root rcu_node's lock. */

	raw_spinlock_t onofflock;	/* excludes CPU on/offline and starting a GP */
	raw_spinlock_t fqslock;		/* one force_quiescent_state() at a time */
	unsigned long jiffies_force_qs; /* when to force quiescent states */
	unsigned long n_force_qs;	/* calls to force_quiescent_state() */
	unsigned long gp_start;		/* when the GP started, in jiffies */
	unsigned long jiffies_stall;	/* when to check for CPU stalls */
};

extern struct rcu_state rcu_preempt_state;
extern struct rcu_data rcu_preempt_data[NR_CPUS];
extern struct rcu_dynticks rcu_dynticks[NR_CPUS];
extern int rcu_scheduler_active;
extern int rcu_scheduler_fully_active;

#define rcu_get_root(rsp) (&(rsp)->node[0])
/* Every node, breadth first from the root. */
#define rcu_for_each_node_breadth_first(rsp, rnp)                                                  \
	for ((rnp) = &(rsp)->node[0]; (rnp) < &(rsp)->node[(rsp)->num_nodes]; (rnp)++)
/* The non-leaf nodes: none if the root is the only node. */
#define rcu_for_each_nonleaf_node_breadth_first(rsp, rnp)                                          \
	for ((rnp) = &(rsp)->node[0]; (rnp) < (rsp)->level[(rsp)->num_lvls - 1]; (rnp)++)
/* The leaves: the root too if it is the only node. */
#define rcu_for_each_leaf_node(rsp, rnp)                                                           \
	for ((rnp) = (rsp)->level[(rsp)->num_lvls - 1]; (rnp) < &(rsp)->node[(rsp)->num_nodes];    \
	     (rnp)++)

static inline int rcu_gp_in_progress(const struct rcu_state *rsp)
{
	return rsp->completed != rsp->gpnum;
}

/*
 * Tree's entry points (rcupdate.h's table, tree_preempt_rcu): the kernel
 * model reaches them through rcu.h.
 */
void __rcu_read_lock(void);
void __rcu_read_unlock(void);
void rcu_note_context_switch(int cpu);
void rcu_check_callbacks(int cpu, int user);
void rcu_process_callbacks(void);
void rcu_irq_enter(void);
void rcu_irq_exit(void);
void rcu_enter_nohz(void);
void rcu_exit_nohz(void);
int rcu_needs_cpu(int cpu);
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
void synchronize_rcu(void);
void synchronize_rcu_expedited(void);
void rcu_barrier(void);
void rcu_init(const struct topology *t);
void rcu_scheduler_starting(void);
void rcu_spawn_kthreads(int early);
void rcu_cpu_notify(enum cpu_action action, int cpu);
void rcu_force_quiescent_state(void);

/* tree.c */
int rcu_pending(int cpu); /* the tick would find RCU work for this CPU */
int rcu_scheduler_is_fully_active(void);
void rcu_start_gp(struct rcu_state *rsp, unsigned long flags);
void rcu_preempt_do_callbacks(void);
void rcu_report_qs_rnp(unsigned long mask, struct rcu_state *rsp, struct rcu_node *rnp,
		       unsigned long flags);
void rcu_report_qs_rsp(struct rcu_state *rsp, unsigned long flags);
void force_quiescent_state(struct rcu_state *rsp, int relaxed);
void invoke_rcu_core(void);
void __call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head), struct rcu_state *rsp);

/* tree_plugin.c */
/* The slow path of the outermost rcu_read_unlock() (also from the context switch). */
void rcu_read_unlock_special(struct task_struct *t);
int rcu_preempt_blocked_readers_cgp(const struct rcu_node *rnp);
void rcu_preempt_qs(int cpu);
void rcu_preempt_note_context_switch(int cpu);
void rcu_preempt_check_callbacks(int cpu);
/* Cure deferred_qs: a quiescent state still deferred asks for a context switch. */
void rcu_preempt_deferred_qs_resched(void);
void rcu_preempt_check_blocked_tasks(struct rcu_node *rnp);
void rcu_report_unblock_qs_rnp(struct rcu_node *rnp, unsigned long flags);
int rcu_preempt_offline_tasks(struct rcu_state *rsp, struct rcu_node *rnp, struct rcu_data *rdp);
void rcu_node_check_lists(const struct rcu_node *rnp);
/* Load, point, store of t->rcu_read_unlock_special (a plain RMW, as in the kernel). */
void rcu_special_rmw(struct task_struct *t, int clear, int set);

/* tree_boost.c (CONFIG_RCU_BOOST) */
void rcu_boost_init(void);
void rcu_initiate_boost(struct rcu_node *rnp, unsigned long flags);
void invoke_rcu_callbacks_kthread(void);
void rcu_preempt_boost_start_gp(struct rcu_node *rnp);
void rcu_stop_cpu_kthread(int cpu);
void rcu_cpu_kthread_setrt(int cpu, int to_rt);
void rcu_node_kthread_setaffinity(struct rcu_node *rnp, int outgoingcpu);
void rcu_spawn_boost_kthreads(int early);
void rcu_prepare_kthreads(int cpu);
void rcu_boot_kthreads_affinity(void); /* the node kthreads' CPU_ONLINE, on the main loop */

/*
 * check/stall.c: the RCU CPU stall warning.  @self: this CPU has not
 * checked in (print_cpu_stall()); else other CPUs or blocked tasks have not
 * (print_other_cpu_stall()).  Ends the run.
 */
_Noreturn void rcu_stall_warning(struct rcu_state *rsp, int cpu, int self);
/* print_other_cpu_stall()'s line: the blocked tasks and CPUs the GP waits for. */
void rcu_stall_print_stalls(struct rcu_state *rsp, int cpu);

/* tree_exp.c */
void synchronize_sched_expedited(void);
int rcu_preempted_readers_exp(const struct rcu_node *rnp);
void rcu_report_exp_rnp(struct rcu_state *rsp, struct rcu_node *rnp);
void rcu_exp_init(void);
int rcu_exp_idle(void);

#endif
