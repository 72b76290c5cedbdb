/* SPDX-License-Identifier: MIT */
/*
 * --check on a scenario that no longer reproduces says when its expected
 * SUMMARY names a check or report kind the model no longer has; and what
 * rcureplay prints on stdout and stderr stays in order, a line each, when
 * both go to one stream; and the rules of docs/scenarios.md hold.
 */
#include "harness.h"

#include "../target/kernel/bug.h"

#include <stdlib.h>
#include <string.h>

#define CLEAN_RUN "topology cpus=1 tasks=1\nwork T0 read_lock\nstep cpu0 x2\n"

/* --check's output for a scenario of @expect then CLEAN_RUN. */
static const char *check_output(const char *expect, char *out, size_t len)
{
	char text[512];
	int n = snprintf(text, sizeof(text), "expect %s\n" CLEAN_RUN, expect);

	if (write_bytes(TMP "-stale.scn", text, (size_t)n) != 0 ||
	    replay_to(TMP "-stale.out", NULL, ARGS("--check", TMP "-stale.scn")) != 1)
		return "";
	return read_text(TMP "-stale.out", out, len);
}

/* Every `expect invariant NAME` and `expect deadlock CLASS` of @path names one the model has. */
static int expect_names_known(const char *path)
{
	struct scenario s;
	char text[1 << 14], err[512], kind[64], what[128];

	read_text(path, text, sizeof(text));
	EXPECT(scenario_compile(text, path, &s, err, sizeof(err)) == 0, "%s", err);
	if (!s.expect_clean && sscanf(s.expect, "%63s %127s", kind, what) == 2 &&
	    strcmp(kind, "invariant") == 0)
		EXPECT(check_name_known(what), "%s: '%s' is not a known check", path, what);
	scenario_free(&s);
	return 0;
}

int test_check_stale_expect(void)
{
	static char out[4096];
	FILE *p = popen("ls corpus/*/*.scn tests/scenarios/*.scn", "r");
	char path[512];
	int n = 0;

	EXPECT(strcmp(check_output("invariant no-such-check in rcu_do_batch", out, sizeof(out)),
		      "FAIL " TMP "-stale.scn: expected 'invariant no-such-check in rcu_do_batch' "
		      "under v3.0, ran clean; the model has no check named 'no-such-check' any "
		      "more (renamed or removed?)\n") == 0,
	       "%s", out);
	EXPECT(strcmp(check_output("deadlock &no->lock in scheduler_tick", out, sizeof(out)),
		      "FAIL " TMP "-stale.scn: expected 'deadlock &no->lock in scheduler_tick' "
		      "under v3.0, ran clean; the model has no lock class named '&no->lock' any "
		      "more (renamed or removed?)\n") == 0,
	       "%s", out);
	EXPECT(strcmp(check_output("stall x in y", out, sizeof(out)),
		      "FAIL " TMP "-stale.scn: expected 'stall x in y' under v3.0, ran clean; the "
		      "model has no report kind 'stall'\n") == 0,
	       "%s", out);
	/* A check that exists: no such word. */
	EXPECT(strcmp(check_output("invariant callback-before-scheduler-fully-active in "
				   "rcu_do_batch",
				   out, sizeof(out)),
		      "FAIL " TMP "-stale.scn: expected 'invariant "
		      "callback-before-scheduler-fully-active in rcu_do_batch' under v3.0, ran "
		      "clean\n") == 0,
	       "%s", out);
	/* And none for the scenarios that pass: every name they expect is known. */
	while (p && fgets(path, sizeof(path), p)) {
		path[strcspn(path, "\n")] = '\0';
		if (expect_names_known(path) < 0) {
			pclose(p);
			return -1;
		}
		n++;
	}
	if (p)
		pclose(p);
	EXPECT(n > 40, "only %d scenarios", n);
	return 0;
}

/*
 * stdout and stderr on one stream (2>&1): a scenario's show lines come
 * before its report, and two errors are two lines.
 */
int test_cli_one_stream_in_order(void)
{
	static char out[1 << 16];
	const char *show, *summary;

	EXPECT(system("./out/rcureplay tests/scenarios/offline-reverses-round-robin.scn >" TMP
		      "-merged.txt 2>&1; ./out/rcureplay --check " TMP "-nothing.scn >>" TMP
		      "-merged.txt 2>&1; ./out/rcureplay --compile " TMP "-nothing.scn -o " TMP
		      "-x >>" TMP "-merged.txt 2>&1; true") == 0,
	       "sh");
	read_text(TMP "-merged.txt", out, sizeof(out));
	show = strstr(out, "---- show nodes (line 31), before record 114 ----\n");
	summary = strstr(out, "\nSUMMARY: rcufuzz: rcu-guarantee ");
	EXPECT(show && summary && show < summary, "the report came before the shows:\n%.3000s",
	       out);
	EXPECT(strstr(out,
		      "\nrcufuzz: " TMP "-nothing.scn: No such file or directory\nrcufuzz: " TMP
		      "-nothing.scn: No such file or directory\n"),
	       "%s", out);
	return 0;
}

/*
 * docs/scenarios.md's "Rules every schedule depends on", run: a task that
 * never ran waits on CPU N mod cpus; a reader out of work spins where a
 * task out of work sleeps; `resched` in a reader parks the CPU inside
 * rcu_preempt_note_context_switch() holding the leaf's rnp->lock.
 */
int test_schedule_rules(void)
{
	struct traced_run t;
	const char *first_t2, *cpu2;

	EXPECT(run_scenario_text("topology cpus=3 fanout=2 tasks=3\nwork T2 read_lock\n"
				 "step cpu0 x8\nstep cpu1 x8\nstep cpu2 x2\n",
				 &t) == 0,
	       "scenario");
	first_t2 = log_find(t.log, NEEDLES("T2["));
	cpu2 = log_find(t.log, NEEDLES("step cpu2 x2"));
	EXPECT(first_t2 && first_t2 == cpu2, "T2 ran before CPU2 stepped:\n%s", t.log);
	traced_run_free(&t);
	EXPECT(run_scenario_text(
		       "topology cpus=2 fanout=2 tasks=2\nwork T0 read_lock\n"
		       "work T1 read_lock\nwork T1 read_unlock\n"
		       "step cpu0 x8\nstep cpu1 until cpu_idle:idle within 40\nresched cpu0\n",
		       &t) == 0,
	       "scenario");
	EXPECT(log_find(t.log,
			NEEDLES("step cpu0 x8", "T0[", "n=1 ", "@ workload_main:waiting for work")),
	       "the reader out of work does not spin:\n%s", t.log);
	EXPECT(log_find(t.log, NEEDLES("step cpu1", "swapper/1", "@ cpu_idle:idle")),
	       "the task out of work does not sleep:\n%s", t.log);
	EXPECT(log_find(t.log, NEEDLES("resched cpu0", "T0[", "rcu_node_level_",
				       "@ rcu_preempt_note_context_switch:lock acquired")),
	       "resched did not stop in rcu_preempt_note_context_switch():\n%s", t.log);
	traced_run_free(&t);
	return 0;
}

/* @text with its first line @from replaced by @to, compiled and checked: scenario_check()'s result. */
static int check_with_line(const char *text, const char *from, const char *to, char *why,
			   size_t len)
{
	static char edited[1 << 14];
	const char *at = strstr(text, from);
	struct scenario s;
	char err[512];
	int rc;

	if (at == NULL)
		return snprintf(why, len, "no line '%s'", from), -2;
	snprintf(edited, sizeof(edited), "%.*s%s%s", (int)(at - text), text, to,
		 at + strlen(from));
	if (scenario_compile(edited, "t", &s, err, sizeof(err)) != 0)
		return snprintf(why, len, "%s", err), -3;
	rc = scenario_check(&s, why, len);
	scenario_free(&s);
	return rc;
}

/*
 * `clean-with SWITCH reaching FUNC:LABEL`: 131906b0's fix run stands at the
 * root's unlock before wake_up (the window the fix reorders), so the check
 * holds; a point that run never reaches fails it, saying so; the clause's
 * names are checked when the scenario compiles.  An op's done mark is
 * reached where the op returns: T1's synchronize_rcu_expedited does in the
 * fix run, an rcu_barrier nobody queued does not.
 */
int test_check_clean_with_reaching(void)
{
	static char text[1 << 14];
	char why[512];
	const char *line = "clean-with exp_unlock_before_wake reaching "
			   "rcu_report_exp_rnp:root unlocked, before wake_up\n";

	read_text("corpus/seeds/131906b0-exp_unlock_before_wake.scn", text, sizeof(text));
	EXPECT(check_with_line(text, line, line, why, sizeof(why)) == 0, "%s", why);
	EXPECT(check_with_line(text, line,
			       "clean-with exp_unlock_before_wake reaching "
			       "rcu_preempt_offline_tasks:root unlocked, before next task\n",
			       why, sizeof(why)) == -1 &&
		       strcmp(why, "clean with exp_unlock_before_wake on, but the run never stood "
				   "at rcu_preempt_offline_tasks:root unlocked, before next "
				   "task") == 0,
	       "%s", why);
	EXPECT(check_with_line(text, line,
			       "clean-with exp_unlock_before_wake reaching "
			       "run_op:synchronize_rcu_expedited done\n",
			       why, sizeof(why)) == 0,
	       "%s", why);
	EXPECT(check_with_line(text, line,
			       "clean-with exp_unlock_before_wake reaching run_op:rcu_barrier done\n",
			       why, sizeof(why)) == -1 &&
		       strcmp(why, "clean with exp_unlock_before_wake on, but the run never stood "
				   "at run_op:rcu_barrier done") == 0,
	       "%s", why);
	/* The same run without the clause: clean, which alone proved nothing. */
	EXPECT(check_with_line(text, line, "clean-with exp_unlock_before_wake\n", why,
			       sizeof(why)) == 0,
	       "%s", why);
	EXPECT(check_with_line(text, line,
			       "clean-under v3.0 reaching rcu_preempt_offline_tasks:root unlocked, "
			       "before next task\n",
			       why, sizeof(why)) == -1 &&
		       strstr(why, "clean under v3.0, but the run never stood at") == why,
	       "%s", why);
	EXPECT(check_with_line(text, line, "clean-with exp_unlock_before_wake reaching no_such_fn\n",
			       why, sizeof(why)) == -3 &&
		       strstr(why, "'no_such_fn': no point is in such a function") != NULL,
	       "%s", why);
	EXPECT(check_with_line(text, line,
			       "clean-with exp_unlock_before_wake reaching rcu_report_exp_rnp:nope\n",
			       why, sizeof(why)) == -3 &&
		       strstr(why, "'nope': no point has such a label") != NULL,
	       "%s", why);
	EXPECT(check_with_line(text, line, "clean-with exp_unlock_before_wake at cpu_idle\n", why,
			       sizeof(why)) == -3 &&
		       strstr(why, "expected 'clean-with SWITCH [reaching FUNC[:LABEL]]'") != NULL,
	       "%s", why);
	return 0;
}
