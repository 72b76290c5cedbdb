/* SPDX-License-Identifier: MIT */
/* Reports: see report.h. */
#include "report.h"

#include "../config/config.h"
#include "../config/history.h"
#include "../kernel/cpu.h"
#include "../kernel/preempt.h"
#include "../kernel/sched.h"
#include "../kernel/task.h"
#include "../sim/sim.h"

#include <stdio.h>
#include <string.h>

#define REPORT_BUF_SIZE (64 * 1024)
#define RULE		"=================================================================\n"

#define REPORT_KIND(id, name, headline) {name, headline},
static const struct {
	const char *name;
	const char *headline;
} kinds[] = {
	{"none", ""},
#include "report_kinds.def"
};
#undef REPORT_KIND

static struct {
	char buf[REPORT_BUF_SIZE];
	size_t len;
	char summary[256];
	enum report_kind kind;
	int made;		     /* a report is finished (or under way) */
	int writing;		     /* between report_begin and report_end */
	const struct config *config; /* the run's, for the "Config:" line */
	const char *replay_cmd;
	void (*recent_events)(void); /* prints the schedule's last events */
} rpt NOT_MACHINE_STATE;

void report_reset(const struct config *config, const char *replay_cmd, void (*recent_events)(void))
{
	rpt.config = config;
	rpt.recent_events = recent_events;
	rpt.len = 0;
	rpt.buf[0] = '\0';
	rpt.summary[0] = '\0';
	rpt.kind = REPORT_NONE;
	rpt.made = 0;
	rpt.writing = 0;
	rpt.replay_cmd = replay_cmd;
}

void report_vprintf(const char *fmt, va_list ap)
{
	int n;

	if (!rpt.writing || rpt.len >= REPORT_BUF_SIZE - 1)
		return;
	n = vsnprintf(rpt.buf + rpt.len, REPORT_BUF_SIZE - rpt.len, fmt, ap);
	if (n > 0)
		rpt.len += (size_t)n;
	if (rpt.len >= REPORT_BUF_SIZE)
		rpt.len = REPORT_BUF_SIZE - 1;
}

void report_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vprintf(fmt, ap);
	va_end(ap);
}

void report_begin(enum report_kind kind, const char *fmt, ...)
{
	va_list ap;

	if (rpt.made)
		return; /* one report per run: the first one wins */
	rpt.made = 1;
	rpt.writing = 1;
	rpt.kind = kind;
	report_printf(RULE "%s: ", kinds[kind].headline);
	va_start(ap, fmt);
	report_vprintf(fmt, ap);
	va_end(ap);
	report_printf("\n" RULE);
}

static const char *kind_name(enum task_kind k)
{
	static const char *const names[] = {"workload",		  "init",	   "idle",
					    "ksoftirqd",	  "irq thread",	   "stopper",
					    "rcu booster",	  "rcu callbacks", "rcu node",
					    "rcu kthread (tiny)", "test"};
	return names[k];
}

static void print_special(int special)
{
	if (special == 0) {
		report_printf("0");
		return;
	}
	report_printf("%s%s%s", special & RCU_READ_UNLOCK_BLOCKED ? "BLOCKED " : "",
		      special & RCU_READ_UNLOCK_BOOSTED ? "BOOSTED " : "",
		      special & RCU_READ_UNLOCK_NEED_QS ? "NEED_QS " : "");
}

/* A task's state as the report's header line adds it. */
static const char *state_note(const struct task_struct *t)
{
	if (t->state == TASK_RUNNING)
		return "";
	if (t->state == TASK_WAKING)
		return ", being woken";
	return ", sleeping";
}

void report_task(const struct task_struct *t, const char *role)
{
	int running;

	if (t == NULL)
		return;
	running = cpu_curr(t->cpu) == t;
	report_printf("%s %s (%s) %s CPU%d%s%s:\n", role ? role : "task", task_name(t),
		      kind_name(t->kind), running ? "running on" : "last on", t->cpu,
		      running && cpu_state[t->cpu].irqs_disabled ? ", irqs off" : "",
		      state_note(t));
	report_printf(
		"  preempt_count %#x%s%s, rcu_read_lock_nesting %d, "
		"rcu_read_unlock_special ",
		(unsigned)t->preempt_count, t->preempt_count & HARDIRQ_MASK ? " (hardirq)" : "",
		t->preempt_count & SOFTIRQ_OFFSET ? " (softirq)" : "", t->rcu_read_lock_nesting);
	print_special(t->rcu_read_unlock_special);
	report_printf("%s, prio %d\n", t->rcu_boosted ? ", rcu_boosted" : "", t->prio);
	report_printf("  Call trace (innermost first):\n");
	if (t->depth_overflow)
		report_printf("    ... %d frames not recorded\n", t->depth_overflow);
	for (int i = t->depth - 1; i >= 0; i--) {
		const struct frame *f = &t->frames[i];

		report_printf("    %s%s\n", f->func,
			      f->irq == 1   ? "    <IRQ>"
			      : f->irq == 2 ? "    <SOFTIRQ>"
					    : "");
		if (f->irq == 1 && i > 0)
			report_printf("    --- interrupted %s ---\n",
				      t->frames[i - 1].irq ? "softirq" : "task");
	}
	if (t->lockdep_depth) {
		report_printf("  %d lock%s held by %s:\n", t->lockdep_depth,
			      t->lockdep_depth > 1 ? "s" : "", task_name(t));
		for (int i = 0; i < t->lockdep_depth; i++)
			report_printf("    #%d: %s, at: %s%s\n", i,
				      lock_class_name(t->held_locks[i].class_idx),
				      t->held_locks[i].acquired_in,
				      t->held_locks[i].irq_context & 2	 ? " (in hardirq)"
				      : t->held_locks[i].irq_context & 1 ? " (in softirq)"
									 : "");
	} else {
		report_printf("  no locks held\n");
	}
	report_printf("\n");
}

void report_all_cpus(void)
{
	for (int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		char role[32];

		if (!cpu_online(cpu))
			continue;
		snprintf(role, sizeof(role), "CPU%d:", cpu);
		report_task(cpu_curr(cpu), role);
	}
}

void report_end(const char *what, const char *function)
{
	char sw[512], config[512];

	if (!rpt.writing)
		sim_stop();
	model_check_note();
	if (rpt.recent_events)
		rpt.recent_events();
	switch_set_format(sw, sizeof(sw), active_switches, rpt.config->kconfig.tiny_preempt_rcu);
	report_printf("Switches: %s\n", sw);
	config_format_kernel(rpt.config, config, sizeof(config));
	report_printf("Config: %s\n", config);
	snprintf(rpt.summary, sizeof(rpt.summary), "rcufuzz: %s %s in %s", kinds[rpt.kind].name,
		 what, function);
	report_printf("SUMMARY: %s\n", rpt.summary);
	if (rpt.replay_cmd)
		report_printf("Replay: %s\n", rpt.replay_cmd);
	rpt.writing = 0;
	sim_stop();
}

int report_made(void)
{
	return rpt.made;
}

enum report_kind report_kind(void)
{
	return rpt.kind;
}

const char *report_text(void)
{
	return rpt.buf;
}

const char *report_summary(void)
{
	return rpt.summary;
}

const char *report_kind_name(enum report_kind k)
{
	return kinds[k].name;
}
