/* SPDX-License-Identifier: MIT */
/*
 * struct task_struct: the fields of 3.0's task_struct the model needs, plus
 * the simulator's coroutine and the simulated call stack used by reports.
 */
#ifndef RCUFUZZ_KERNEL_TASK_H
#define RCUFUZZ_KERNEL_TASK_H

#include "list.h"
#include "plist.h"
#include "spinlock.h"
#include "../sim/coro.h"
#include "../sim/sim.h"

/*
 * Tasks a run may create.  At 16 CPUs with fanout 2: per CPU an idle task,
 * ksoftirqd, an irq thread, a stopper and rcuc (80), per rcu_node rcub and
 * rcun (30), 8 workload tasks, rcutorture's fqs kthread: 119 at boot; each
 * CPU that comes back online creates its rcuc anew, from the rest.
 */
#define MAX_TASKS      256
#define MAX_FRAMES     48 /* depth of a simulated call stack */
#define MAX_HELD_LOCKS 24 /* lockdep's held-lock stack per task */
#define TASK_COMM_LEN  16

/* Scheduler states (->state), as in the kernel. */
#define TASK_RUNNING	     0
#define TASK_INTERRUPTIBLE   1
#define TASK_UNINTERRUPTIBLE 2
#define TASK_DEAD	     64
#define TASK_WAKING	     256 /* between try_to_wake_up() and the enqueue */

/* ->rcu_read_unlock_special bits. */
#define RCU_READ_UNLOCK_BLOCKED (1 << 0) /* blocked while in RCU read-side. */
#define RCU_READ_UNLOCK_BOOSTED (1 << 1) /* boosted while in RCU read-side. */
#define RCU_READ_UNLOCK_NEED_QS (1 << 2) /* RCU core needs CPU response. */

/* Priorities, as the kernel numbers them: lower is more important. */
#define MAX_RT_PRIO  100
#define DEFAULT_PRIO 120
#define NICE_19_PRIO 139

/* Scheduling policies (->policy). */
#define SCHED_NORMAL 0
#define SCHED_FIFO   1

/* What a task is, for reports and for the interleaving feedback. */
enum task_kind {
	TASK_KIND_WORKLOAD,	 /* runs the input's workload ops */
	TASK_KIND_WORKLOAD_INIT, /* init (pid 1) while booting: early initcalls, smp_init() */
	TASK_KIND_IDLE,		 /* swapper/N */
	TASK_KIND_KSOFTIRQD,	 /* ksoftirqd/N */
	TASK_KIND_IRQ_THREAD,	 /* irq/N-dev: threaded device handler */
	TASK_KIND_STOPPER,	 /* migration/N: cpu_stop works */
	TASK_KIND_RCU_BOOST,	 /* rcubN: RCU priority booster of one rcu_node */
	TASK_KIND_RCU_CPU,	 /* rcucN: per-CPU RCU callback kthread (RCU_BOOST) */
	TASK_KIND_RCU_NODE,	 /* rcunN: per-rcu_node kthread: wakes rcuc, sets affinities */
	TASK_KIND_RCU_KTHREAD,	 /* rcu_kthread: TINY_PREEMPT_RCU's callbacks and boosting */
	TASK_KIND_RCU_TORTURE,	 /* rcu_torture_fqs: rcutorture's force_quiescent_state() bursts */
	TASK_KIND_TEST,		 /* a unit test's body */
};

/* One entry of the simulated call stack. */
struct frame {
	const char *func;  /* kernel function name */
	unsigned char irq; /* 1 = first frame of a hardirq, 2 = of a softirq */
};

/* One entry of lockdep's held-lock stack (see lockdep.h). */
struct held_lock {
	const void *instance;	    /* the lock itself */
	const char *acquired_in;    /* function that took it */
	unsigned char class_idx;    /* lockdep class */
	unsigned char irq_context;  /* 0 task, 1 hardirq, 2 softirq */
	unsigned char hardirqs_off; /* irqs were off when taken */
};

struct completion;
struct rt_mutex;
struct rt_mutex_waiter;
struct rcu_node;
struct sighand_struct;
struct rcu_obj;

struct task_struct {
	/* 1) Simulator. */
	struct coro coro;		     /* this task's stack and saved registers */
	int pid;			     /* index in the task table, 1-based; 0 invalid */
	char comm[TASK_COMM_LEN];	     /* name shown in reports */
	enum task_kind kind;		     /* what this task is */
	void (*entry)(struct task_struct *); /* body, started by schedule_tail() */
	int kind_index;			   /* CPU, rcu_node or workload number the kind refers to */
	int booted_running;		   /* current on its CPU at boot: no switch started it */
	const struct lock_site *lock_site; /* the call of the lock being taken (spinlock.h) */

	/* 2) Scheduler. */
	int state;  /* TASK_RUNNING, TASK_(UN)INTERRUPTIBLE, TASK_WAKING, TASK_DEAD */
	int on_rq;  /* queued on its runqueue */
	int on_cpu; /* running, or prev of a switch not yet finished */
	int cpu;    /* CPU it runs on or last ran on */
	unsigned long cpus_allowed;    /* CPUs it may run on (cpumask_t) */
	int policy;		       /* SCHED_NORMAL or SCHED_FIFO */
	int static_prio;	       /* 120 + nice */
	int rt_priority;	       /* SCHED_FIFO priority 1..99, 0 for SCHED_NORMAL */
	int prio;		       /* effective priority (PI-boosted) */
	int normal_prio;	       /* priority without boosting */
	int need_resched;	       /* TIF_NEED_RESCHED */
	int preempt_count;	       /* thread_info->preempt_count (see preempt.h) */
	struct task_struct *wake_next; /* rq->wake_list link (ttwu_queue_remote) */
	unsigned long rq_seq;	       /* enqueue order, for round-robin among equals */
	int timer_armed;	       /* sleeping until the next tick on ->cpu */
	raw_spinlock_t pi_lock;	       /* p->pi_lock: guards wakeups and PI state */

	/* 3) rt_mutex priority inheritance, guarded by ->pi_lock. */
	struct rt_mutex_waiter *pi_blocked_on; /* the waiter this task blocks as */
	struct plist_head pi_waiters;	       /* top waiters of rt_mutexes this task owns */

	/* 4) Preemptible RCU (CONFIG_TREE_PREEMPT_RCU or _TINY_, CONFIG_RCU_BOOST). */
	int rcu_read_lock_nesting;	 /* depth of rcu_read_lock() */
	char rcu_read_unlock_special;	 /* RCU_READ_UNLOCK_* bits */
	int rcu_boosted;		 /* boosted: guarded by rcu_blocked_node->lock (7765be2f) */
	struct list_head rcu_node_entry; /* link in rcu_blocked_node->blkd_tasks */
	struct rcu_node *rcu_blocked_node; /* node whose ->blkd_tasks holds this task */
	struct rt_mutex *rcu_boost_mutex;  /* the booster's rt_mutex this task owns */
	int sched_lock_depth;		   /* cure sched_lock_cleanup: rq/pi locks held */
	int rcu_unlock_cleanup_owed;	   /* cure sched_lock_cleanup: special work deferred */
	int rcu_deferred_qs;		   /* cure deferred_qs_wakeup_safe: ->deferred_qs */

	/* 5) kthreads. */
	int kthread_should_stop;	   /* kthread_stop() was called */
	struct completion *kthread_exited; /* completed when the kthread's body returns */

	/* 6) The black-box RCU oracle (check/oracle.c), not kernel state. */
	int oracle_depth;	    /* rcu_read_lock() calls not yet matched by an unlock */
	unsigned int oracle_reader; /* id of the reader section in progress, 0 if none */
	struct rcu_obj *oracle_obj; /* shared object this section dereferenced */

	/* 7) Signals. */
	struct sighand_struct *sighand; /* ->siglock lives here */

	/* 8) lockdep, for this task and the interrupts nested on its stack. */
	struct held_lock held_locks[MAX_HELD_LOCKS];
	int lockdep_depth; /* entries used in held_locks */

	/* 9) Simulated call stack, interrupts nested on it as on hardware. */
	struct frame frames[MAX_FRAMES];
	int depth;	    /* entries used in frames */
	int depth_overflow; /* pushes beyond MAX_FRAMES, not recorded */
	int irq_frames;	    /* of frames[0..depth), those with ->irq set: the feedback asks
			       at every point whether the task runs on an interrupt */
};

/* The task table: slot 0 is unused so that pid 0 means "none". */
extern struct task_struct task_table[MAX_TASKS + 1];
extern int nr_tasks;

struct task_struct *task_create(enum task_kind kind, int kind_index, const char *comm,
				void (*entry)(struct task_struct *), int cpu, int prio);

/* rq->curr of every CPU, mirrored here so that `current` is one load (sched.c keeps it). */
extern struct task_struct *cpu_current_task[];

/* The task running on this CPU: rq->curr of the running CPU. */
static inline struct task_struct *get_current(void)
{
	return cpu_current_task[sim_cpu()];
}
#define current get_current()

/* The name a report uses: comm and pid, e.g. "rcub/0[7]". */
const char *task_name(const struct task_struct *t);

#endif
