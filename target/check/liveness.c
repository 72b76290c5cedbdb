/* SPDX-License-Identifier: MIT */
/*
 * Liveness at the end of the drain, and the RCU state that hang reports
 * print.  Harness code, not kernel code: it reads the model's state from
 * outside, after the machine has had every chance to finish its work.
 */
#include "liveness.h"

#include "report.h"
#include "../kernel/frame.h"
#include "../kernel/sched.h"
#include "../kernel/workload.h"
#include "../rcu/tiny.h"
#include "../rcu/tree.h"

#include <string.h>

/*
 * TINY_PREEMPT_RCU's queue, and the pointers into it, as one line:
 * " T5 <-gp <-boost T3".
 */
static void print_tiny_blkd_tasks(void)
{
	const struct rcu_preempt_ctrlblk *c = &rcu_preempt_ctrlblk;
	const struct list_head *p;

	list_for_each(p, &c->blkd_tasks) {
		const struct task_struct *t = list_entry(p, struct task_struct, rcu_node_entry);

		report_printf(" %s%s%s%s", task_name(t), p == c->gp_tasks ? " <-gp" : "",
			      p == c->exp_tasks ? " <-exp" : "",
			      p == c->boost_tasks ? " <-boost" : "");
	}
}

/* Callbacks still queued on TINY's rcu_preempt list. */
static long tiny_callbacks_queued(void)
{
	long n = 0;

	for (const struct rcu_head *h = rcu_preempt_ctrlblk.rcb.rcucblist; h; h = h->next)
		n++;
	return n;
}

static long callbacks_queued(void)
{
	long n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += rcu_preempt_data[cpu].qlen;
	return n;
}

int liveness_rcu_idle(void)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_node *rnp;

	if (kconfig.tiny_preempt_rcu)
		return !rcu_tiny_gp_in_progress() && !tiny_callbacks_queued() &&
		       !rcu_tiny_exp_held() && list_empty(&rcu_preempt_ctrlblk.blkd_tasks) &&
		       rcu_preempt_ctrlblk.boost_tasks == NULL;

	if (rcu_gp_in_progress(rsp) || callbacks_queued() || !rcu_exp_idle())
		return 0;
	rcu_for_each_node_breadth_first(rsp, rnp)
		if (!list_empty(&rnp->blkd_tasks) || rnp->boost_tasks)
			return 0;
	return 1;
}

/*
 * What 3.0 itself would show of @t, stuck for good: the hung-task check
 * (kernel/hung_task.c) warns about a task in D state not switched for 120 s.
 */
static void report_hung_task(const struct task_struct *t)
{
	if (t->state == TASK_UNINTERRUPTIBLE)
		report_printf(
			"3.0's hung-task check (kernel/hung_task.c:96) would print, 120 s on:\n"
			"  INFO: task %s:%d blocked for more than 120 seconds.\n\n",
			t->comm, t->pid);
	else if (t->state == TASK_INTERRUPTIBLE)
		report_printf("It sleeps interruptibly, which 3.0's hung-task check skips: the\n"
			      "work it waits for is silently never done.\n\n");
	else if (t->state == TASK_WAKING)
		report_printf("A wakeup took it (TASK_WAKING) but never put it on a runqueue.\n\n");
	else
		report_printf("It is runnable but never gets to run again.\n\n");
}

static void hang(const char *what, const char *func, const char *fmt, long a, long b)
{
	report_begin(REPORT_HANG, fmt, a, b);
	report_printf("At the end of the drain RCU has not settled.\n\n");
	/* TINY_PREEMPT_RCU has no stall detector (3.0: depends on TREE_RCU || TREE_PREEMPT_RCU). */
	if (!kconfig.tiny_preempt_rcu && rcu_gp_in_progress(&rcu_preempt_state)) {
		report_printf("3.0's RCU CPU stall detector would print, %d s on:\n  ",
			      kconfig.rcu_cpu_stall_timeout);
		rcu_stall_print_stalls(&rcu_preempt_state, first_online_cpu());
		report_printf("\n");
	}
	report_printf("All CPUs:\n");
	report_all_cpus();
	report_rcu_state();
	report_end(what, func);
}

/* A reader left on ->blkd_tasks for good. */
static void report_never_dequeued(const struct list_head *blkd_tasks)
{
	struct task_struct *t = list_entry(blkd_tasks->next, struct task_struct, rcu_node_entry);

	report_begin(REPORT_HANG, "%s is still queued on %s's ->blkd_tasks", task_name(t),
		     kconfig.tiny_preempt_rcu ? "rcu_preempt_ctrlblk" : "an rcu_node");
	report_task(t, "still queued:");
	report_end("blocked-reader-never-dequeued", "rcu_read_unlock_special");
}

/*
 * TINY_PREEMPT_RCU's end state: no reader queued, no grace period running,
 * no callback waiting.  The summaries are Tree's, with TINY's functions.
 */
static void check_tiny_rcu(void)
{
	const struct rcu_preempt_ctrlblk *c = &rcu_preempt_ctrlblk;

	if (!list_empty(&c->blkd_tasks))
		report_never_dequeued(&c->blkd_tasks);
	if (rcu_tiny_gp_in_progress())
		hang("grace-period-stall", "rcu_preempt_cpu_qs",
		     "grace period %ld never completed (completed %ld)", c->gpnum, c->completed);
	if (tiny_callbacks_queued())
		hang("callbacks-never-invoked", "rcu_process_callbacks",
		     "%ld RCU callbacks never invoked (grace periods completed: %ld)",
		     tiny_callbacks_queued(), c->completed);
}

static void check_rcu(void)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_node *rnp;

	for (int i = 1; i <= nr_tasks; i++) {
		struct task_struct *t = &task_table[i];
		int booster = t->kind == TASK_KIND_RCU_BOOST || t->kind == TASK_KIND_RCU_KTHREAD;

		if (t->state == TASK_DEAD)
			continue;
		/* Asleep uninterruptibly: in rt_mutex_lock() (rcu_kthread's other sleeps are
		 * interruptible). */
		if (booster && t->state != TASK_INTERRUPTIBLE) {
			report_begin(REPORT_HANG, "%s never finished boosting", task_name(t));
			report_printf(
				"The boost kthread still waits for the rt_mutex it proxy-locked\n"
				"on behalf of a reader: the reader never unlocked it.\n\n");
			report_hung_task(t);
			report_task(t, "stuck booster:");
			report_end("booster-waits-forever", "rt_mutex_lock");
		}
		if (t->prio != t->normal_prio || t->rcu_boost_mutex != NULL) {
			report_begin(REPORT_HANG, "%s is left boosted (prio %d, normal %d)",
				     task_name(t), t->prio, t->normal_prio);
			report_task(t, "still boosted:");
			report_end("task-left-boosted", "rcu_read_unlock_special");
		}
	}
	if (kconfig.tiny_preempt_rcu) {
		check_tiny_rcu();
		return;
	}
	rcu_for_each_node_breadth_first(rsp, rnp)
		if (!list_empty(&rnp->blkd_tasks))
			report_never_dequeued(&rnp->blkd_tasks);
	if (rcu_gp_in_progress(rsp))
		hang("grace-period-stall", "rcu_report_qs_rnp",
		     "grace period %ld never completed (root qsmask %#lx)", rsp->gpnum,
		     (long)rcu_get_root(rsp)->qsmask);
	if (callbacks_queued())
		hang("callbacks-never-invoked", "rcu_do_batch",
		     "%ld RCU callbacks never invoked (grace periods completed: %ld)",
		     callbacks_queued(), rsp->completed + 300);
}

/* TINY_PREEMPT_RCU's rcu_preempt_ctrlblk, as its RCU_TRACE debugfs file shows it. */
static void report_tiny_rcu_state(void)
{
	const struct rcu_preempt_ctrlblk *c = &rcu_preempt_ctrlblk;

	report_printf("RCU state (TINY_PREEMPT_RCU): gpnum %u gpcpu %u completed %u, "
		      "jiffies %lu%s\n",
		      c->gpnum, c->gpcpu, c->completed, jiffies,
		      c->boost_tasks ? ", boosting" : "");
	report_printf("  rcu_preempt: %ld callbacks, %s, blkd_tasks:", tiny_callbacks_queued(),
		      rcu_tiny_exp_held() ? "expedited GP in progress" : "no expedited GP");
	print_tiny_blkd_tasks();
	report_printf("\n\n");
}

void report_rcu_state(void)
{
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_node *rnp;
	int cpu;

	if (kconfig.tiny_preempt_rcu) {
		report_tiny_rcu_state();
		return;
	}
	report_printf("RCU state: gpnum %ld, completed %ld, signaled %d, jiffies %lu, "
		      "force_qs at %lu%s\n",
		      rsp->gpnum + 300, rsp->completed + 300, rsp->signaled, jiffies,
		      rsp->jiffies_force_qs, rcu_scheduler_fully_active ? "" : ", booting");
	rcu_for_each_node_breadth_first(rsp, rnp) {
		struct list_head *p;

		report_printf(
			"  rcu_node %d (CPUs %d-%d): qsmask %#lx qsmaskinit %#lx expmask %#lx "
			"blkd_tasks:",
			(int)(rnp - rsp->node), rnp->grplo, rnp->grphi, rnp->qsmask,
			rnp->qsmaskinit, rnp->expmask);
		list_for_each(p, &rnp->blkd_tasks) {
			struct task_struct *t = list_entry(p, struct task_struct, rcu_node_entry);

			report_printf(" %s%s%s%s", task_name(t), p == rnp->gp_tasks ? " <-gp" : "",
				      p == rnp->exp_tasks ? " <-exp" : "",
				      p == rnp->boost_tasks ? " <-boost" : "");
		}
		report_printf("\n");
	}
	for_each_possible_cpu(cpu) {
		const struct rcu_data *rdp = &rcu_preempt_data[cpu];

		report_printf("  CPU%d%s: gpnum %ld completed %ld qs_pending %d passed_quiesc %d "
			      "qlen %ld dynticks %d/%d\n",
			      cpu, cpu_online(cpu) ? "" : " (offline)", rdp->gpnum + 300,
			      rdp->completed + 300, rdp->qs_pending, rdp->passed_quiesc, rdp->qlen,
			      rdp->dynticks->dynticks, rdp->dynticks->dynticks_nesting);
	}
	report_printf("\n");
}

/* The function a stuck task is stuck in: the API call its workload op made. */
static const char *stuck_in(const struct task_struct *t)
{
	for (int i = 0; i + 1 < t->depth; i++)
		if (strcmp(t->frames[i].func, "run_op") == 0)
			return t->frames[i + 1].func;
	return frame_top(t);
}

void liveness_check(int drain_rounds)
{
	for (int i = 0; i < workload_count(); i++) {
		struct task_struct *t = workload_task(i);

		if (t == NULL || t->state == TASK_DEAD)
			continue;
		report_begin(REPORT_HANG, "%s never finished: blocked forever in %s", task_name(t),
			     stuck_in(t));
		report_printf("In the drain, for %d rounds of fair steps with timer ticks, no\n"
			      "task finished an op; this task has not finished its work and\n"
			      "cannot make progress.\n\n",
			      drain_rounds);
		report_hung_task(t);
		report_task(t, "stuck:");
		report_printf("All CPUs:\n");
		report_all_cpus();
		report_rcu_state();
		report_end("task-blocked-forever", stuck_in(t));
	}
	check_rcu();
}
