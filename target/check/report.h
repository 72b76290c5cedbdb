/* SPDX-License-Identifier: MIT */
/*
 * Reports, written the way sanitizers and lockdep write theirs: a banner, the
 * BUG/WARNING line, the contexts with their simulated call stacks and held
 * locks, the last events of the schedule, the switches, the configuration,
 * one stable SUMMARY line and the command that replays the input.  One
 * report per run: the first one ends it.
 */
#ifndef RCUFUZZ_CHECK_REPORT_H
#define RCUFUZZ_CHECK_REPORT_H

#include <stdarg.h>

struct config;
struct task_struct;

#define REPORT_KIND(id, name, headline) REPORT_##id,
enum report_kind {
	REPORT_NONE,
#include "report_kinds.def"
	NR_REPORT_KINDS
};
#undef REPORT_KIND

/* Start a report of @kind; the format is the line under the banner. */
void report_begin(enum report_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Append text. */
void report_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_vprintf(const char *fmt, va_list ap);
/* One context: "CPU n: task (kind)", its stack innermost first, the locks it holds. */
void report_task(const struct task_struct *t, const char *role);
/* Every CPU's running context, for reports that involve the whole machine. */
void report_all_cpus(void);
/*
 * Finish: the last events, the switches, the kernel's configuration,
 * "SUMMARY: rcufuzz: <kind> <what> in <function>", the replay command.
 * Then the run ends (sim_stop): this never returns.
 */
_Noreturn void report_end(const char *what, const char *function);

/* Has this run made a report? */
int report_made(void);
enum report_kind report_kind(void);
const char *report_text(void);
const char *report_summary(void);
const char *report_kind_name(enum report_kind k);

/*
 * Start a run: @config is the run's configuration (the "Config:" line),
 * @replay_cmd ends each report (NULL: none); @recent_events, if not NULL,
 * prints the last events of the schedule into it (the run that owns the
 * schedule installs it).
 */
void report_reset(const struct config *config, const char *replay_cmd, void (*recent_events)(void));

/*
 * Model checks (kernel/bug.h MODEL_CHECK) of a run: with @consequences the
 * run goes on past a failed one; the next report names it
 * (model_check_note()), and if the run ends without one, it is reported
 * then (model_check_report_deferred(), which does not return if it reports).
 */
void model_checks_reset(int consequences);
void model_check_note(void);
void model_check_report_deferred(void);

#endif
