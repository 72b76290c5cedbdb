/* SPDX-License-Identifier: MIT */
/*
 * The RCU CPU stall warning, as 3.0 prints it (print_cpu_stall() and
 * print_other_cpu_stall()): a grace period older than
 * CONFIG_RCU_CPU_STALL_TIMEOUT seconds of jiffies, noticed by a CPU's
 * tick.  The tasks still blocking it are printed first (" P<pid>", from
 * each node's ->gp_tasks to the tail), then the CPUs still owing it a
 * quiescent state.
 */
#include "report.h"

#include "liveness.h"
#include "../kernel/preempt.h"
#include "../kernel/sched.h"
#include "../rcu/tree.h"

/* The tasks from ->gp_tasks to the tail of @rnp's ->blkd_tasks. */
static void print_blocked_tasks(const struct rcu_node *rnp)
{
	for (const struct list_head *p = rnp->gp_tasks; p && p != &rnp->blkd_tasks; p = p->next)
		report_printf(" P%d", list_entry(p, struct task_struct, rcu_node_entry)->pid);
}

void rcu_stall_print_stalls(struct rcu_state *rsp, int cpu)
{
	struct rcu_node *rnp;

	report_printf("INFO: rcu_preempt detected stalls on CPUs/tasks: {");
	print_blocked_tasks(rcu_get_root(rsp));
	rcu_for_each_leaf_node(rsp, rnp) {
		if (rnp != rcu_get_root(rsp))
			print_blocked_tasks(rnp);
		for (int c = 0; c <= rnp->grphi - rnp->grplo; c++)
			if (rnp->qsmask & (1ul << c))
				report_printf(" %d", rnp->grplo + c);
	}
	report_printf("} (detected by %d, t=%lu jiffies)\n", cpu, jiffies - rsp->gp_start);
}

void rcu_stall_warning(struct rcu_state *rsp, int cpu, int self)
{

	if (self) {
		report_begin(REPORT_STALL, "stall on CPU %d (t=%lu jiffies)", cpu,
			     jiffies - rsp->gp_start);
		report_printf("INFO: rcu_preempt detected stall on CPU %d (t=%lu jiffies)\n\n", cpu,
			      jiffies - rsp->gp_start);
	} else {
		report_begin(REPORT_STALL, "stalls on CPUs/tasks (detected by %d, t=%lu jiffies)",
			     cpu, jiffies - rsp->gp_start);
		rcu_stall_print_stalls(rsp, cpu);
		report_printf("\n");
	}
	report_printf("Grace period %lu started %lu jiffies ago (CONFIG_RCU_CPU_STALL_TIMEOUT=%d s"
		      " at HZ=%d) and has not ended.\n\n",
		      rsp->gpnum + 300, jiffies - rsp->gp_start, kconfig.rcu_cpu_stall_timeout,
		      kconfig.hz);
	report_task(current, "detected by:");
	report_printf("All CPUs:\n");
	report_all_cpus();
	report_rcu_state();
	report_end(self ? "self-detected-stall" : "grace-period-stall", "check_cpu_stall");
}
