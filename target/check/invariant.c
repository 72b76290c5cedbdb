/* SPDX-License-Identifier: MIT */
/* Invariant and harness-limit reports: see invariant.h. */
#include "../kernel/bug.h"

#include "report.h"
#include "../kernel/cpu.h"
#include "../kernel/sched.h"
#include "../sim/sim.h"

#include <string.h>

/* Every named check's site (bug.h), gathered by the linker. */
DEFINE_SECTION_ENTRIES(check_site_entries, const struct check_site, rcufuzz_checks)

int check_name_known(const char *name)
{
	const struct check_site *const *e;
	size_t n = check_site_entries(&e);

	for (size_t i = 0; i < n; i++)
		if (strcmp(e[i]->name, name) == 0)
			return 1;
	return 0;
}

void invariant_fail(const char *name, const char *cond, const char *func)
{
	report_begin(REPORT_INVARIANT, "%s in %s", name, func);
	report_printf("WARN_ON_ONCE: the model's check \"%s\" failed: %s\n\n", name, cond);
	if (!sim_in_main()) {
		report_task(current, "in");
		report_printf("All CPUs:\n");
	}
	report_all_cpus();
	report_end(name, func);
}

/* The first model check that failed in a run that goes on past it (--consequences). */
static struct {
	int consequences;   /* go on past a failed model check */
	const char *name;   /* the first one that failed, NULL if none */
	const char *cond;   /* its condition */
	const char *func;   /* where */
	unsigned long step; /* at which step */
} mc;

void model_checks_reset(int consequences)
{
	mc.consequences = consequences;
	mc.name = NULL;
}

void model_check_fail(const char *name, const char *cond, const char *func)
{
	if (!mc.consequences)
		invariant_fail(name, cond, func);
	if (mc.name != NULL)
		return;
	mc.name = name;
	mc.cond = cond;
	mc.func = func;
	mc.step = sim_steps();
}

void model_check_note(void)
{
	if (mc.name == NULL)
		return;
	report_printf("Earlier, at step %lu, the model's check \"%s\" failed in %s: %s\n"
		      "(the kernel's state was already wrong there; --consequences went on).\n\n",
		      mc.step, mc.name, mc.func, mc.cond);
}

void model_check_report_deferred(void)
{
	if (mc.name == NULL)
		return;
	report_begin(REPORT_INVARIANT, "%s in %s", mc.name, mc.func);
	report_printf("With --consequences the run went on past the failed check and ended\n"
		      "without a symptom of its own.\n\n");
	report_all_cpus();
	report_end(mc.name, mc.func);
}

void harness_limit(const char *what, const char *func)
{
	report_begin(REPORT_LIMIT, "%s in %s", what, func);
	report_printf("A fixed-size table of the harness ran out of room. This is a limit\n"
		      "of rcufuzz, not a bug of the kernel model.\n\n");
	report_end(what, func);
}

void task_use_check(const struct task_struct *t, const char *func)
{
	if (t->state != TASK_DEAD)
		return;
	report_begin(REPORT_USE_AFTER_FREE, "task_struct of exited task %s used in %s",
		     task_name(t), func);
	report_printf("A pointer into the kernel's lists led to a task that has exited: its\n"
		      "task_struct is freed (after a grace period) once the last reference\n"
		      "goes, and nothing here holds one.\n\n");
	report_task(t, "exited:");
	if (!sim_in_main())
		report_task(current, "using it:");
	report_end("task_struct", func);
}
