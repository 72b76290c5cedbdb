/* SPDX-License-Identifier: MIT */
/* Invariant and harness-limit reports: see invariant.h. */
#include "../kernel/bug.h"

#include "report.h"
#include "../kernel/cpu.h"
#include "../kernel/sched.h"
#include "../sim/sim.h"

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

void harness_limit(const char *what, const char *func)
{
	report_begin(REPORT_LIMIT, "%s in %s", what, func);
	report_printf("A fixed-size table of the harness ran out of room. This is a limit\n"
		      "of rcufuzz, not a bug of the kernel model.\n\n");
	report_end(what, func);
}
