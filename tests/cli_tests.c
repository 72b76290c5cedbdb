/* SPDX-License-Identifier: MIT */
/*
 * rcureplay given bad files and bad flags: every byte string is a valid
 * run (exit 0 or 1); a missing, unreadable or oversized file, or a bad flag,
 * is one line on stderr and exit 2.  Never a crash of the tool itself.
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

int test_cli_bad_inputs(void)
{
	static uint8_t big[(1 << 20) + 1];
	static const char text[] = "topology cpus=2\nwork T0 read_lock\nstep cpu0 x3\n";
	int rc;

	EXPECT(replay(ARGS(TMP "/does-not-exist")) == 2, "missing file");
	EXPECT(write_bytes(TMP "-empty", "", 0) == 0, "write");
	EXPECT(replay(ARGS(TMP "-empty")) == 0, "empty input must be a clean run");
	EXPECT(write_bytes(TMP "-trunc", "\x03\x01\x00\x03", 4) == 0, "write");
	EXPECT(replay(ARGS(TMP "-trunc")) == 0, "a record cut short is ignored");
	EXPECT(write_bytes(TMP "-text", text, sizeof(text) - 1) == 0, "write");
	rc = replay(ARGS(TMP "-text"));
	EXPECT(rc == 0 || rc == 1, "text where bytes are expected: a run, got %d", rc);
	EXPECT(write_bytes(TMP "-big", big, sizeof(big)) == 0, "write");
	EXPECT(replay(ARGS(TMP "-big")) == 2, "over 1 MiB");
	EXPECT(replay(ARGS("--no-such-flag", TMP "-empty")) == 2, "bad flag");
	EXPECT(replay(ARGS("--preset", "v2.6", TMP "-empty")) == 2, "unknown preset");
	EXPECT(replay(ARGS("--switch", "nonsense", TMP "-empty")) == 2, "bad switch");
	EXPECT(replay(ARGS("--preset")) == 2, "flag without its argument");
	EXPECT(replay(ARGS(TMP "-empty", TMP "-trunc")) == 2, "two files");
	EXPECT(replay(ARGS("--compile", TMP "-big", "-o", TMP "-out")) == 2, "compile of bytes");
	EXPECT(replay(ARGS("--compile", TMP "-text")) == 2, "compile without -o");
	EXPECT(replay(ARGS("--compile", TMP "-text", "-o", TMP "-out")) == 0, "compile");
	EXPECT(replay(ARGS("--minimize", TMP "-empty", "-o", TMP "-min")) == 2,
	       "minimize of a clean run");
	EXPECT(replay(ARGS("--minimize", TMP "-trunc")) == 2, "minimize without -o");
	EXPECT(replay(ARGS("--check", TMP "-text")) == 1, "check without expect line fails");
	EXPECT(replay(ARGS("--text", TMP "-big")) == 2, "text of an oversized file");
	EXPECT(replay(ARGS("--html", TMP "-no-dir/x.html", TMP "-empty")) == 2, "unwritable --html");
	EXPECT(replay(ARGS("--html", TMP "-page.html", "--check", TMP "-text")) == 2,
	       "--html with --check");
	EXPECT(replay(ARGS("--html", TMP "-page.html", TMP "-trunc")) == 0, "--html of a clean run");
	EXPECT(replay(ARGS("--text", TMP "-trunc")) == 0, "text of a truncated input");
	return 0;
}

/*
 * --config NAME=VALUE pins a field over the header: a bad name or value is
 * one line "rcufuzz: <spec>: <why>" and exit 2; a pin shows in the report's
 * Config line and in its replay command; a comma-separated list pins each.
 */
/* Run the compiled self-deadlock under --config @pins; 0 if it reported, its stderr in @err. */
static int deadlock_report_under(const char *pins, char *err, size_t len)
{
	const char *const *args =
		ARGS("--mode", "test", "--no-lockdep", "--config", pins, TMP "-deadlock");

	if (replay_to(NULL, TMP "-config.err", args) != 1)
		return -1;
	read_text(TMP "-config.err", err, len);
	return 0;
}

int test_cli_config_flag(void)
{
	static const struct {
		const char *spec;
		const char *error;
	} bad[] = {
		{"HZ=120", "rcufuzz: HZ=120: HZ takes 100|250|300|1000\n"},
		{"NR_CPUS=17", "rcufuzz: NR_CPUS=17: NR_CPUS takes 1..16\n"},
		{"RCU_BOOST=maybe", "rcufuzz: RCU_BOOST=maybe: RCU_BOOST takes y|n\n"},
		{"RCU_BOOST_DELAY=",
		 "rcufuzz: RCU_BOOST_DELAY=: RCU_BOOST_DELAY takes 0|3|30|500\n"},
		{"CONFIG_HZ=100", "rcufuzz: CONFIG_HZ=100: unknown name; expected one of NR_CPUS "},
		{"HZ", "rcufuzz: HZ: expected NAME=VALUE"},
	};
	static char err[4096];

	EXPECT(write_bytes(TMP "-empty", "", 0) == 0, "write");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT(replay_to(NULL, TMP "-config.err",
				 ARGS("--config", bad[i].spec, TMP "-empty")) == 2,
		       "--config %s accepted", bad[i].spec);
		read_text(TMP "-config.err", err, sizeof(err));
		EXPECT(strncmp(err, bad[i].error, strlen(bad[i].error)) == 0 &&
			       strchr(err, '\n') == err + strlen(err) - 1,
		       "--config %s: '%s'", bad[i].spec, err);
	}
	EXPECT(replay(ARGS("--config")) == 2, "--config without its argument");
	/* A report under pins: the Config line has them, the replay command repeats them. */
	EXPECT(replay(ARGS("--compile", "tests/scenarios/irq-rq-lock-self-deadlock.scn", "-o",
			   TMP "-deadlock")) == 0,
	       "compile");
	EXPECT(replay_to(NULL, TMP "-config.err",
			 ARGS("--mode", "test", "--no-lockdep", "--config", "HZ=300", "--config",
			      "RCU_BOOST=n", TMP "-deadlock")) == 1,
	       "the deadlock did not report");
	read_text(TMP "-config.err", err, sizeof(err));
	EXPECT(strstr(err, "\nConfig: CONFIG_NR_CPUS=1 CONFIG_RCU_FANOUT=2 CONFIG_RCU_BOOST=n "
			   "CONFIG_RCU_BOOST_DELAY=3 CONFIG_HZ=300 ") != NULL,
	       "%s", err);
	EXPECT(strstr(err, "\nReplay: out/rcureplay --preset v3.0 --config RCU_BOOST=n --config "
			   "HZ=300 --mode test --no-lockdep " TMP "-deadlock\n") != NULL,
	       "%s", err);
	/* The same pins as one list (RCUFUZZ_CONFIG's form): the same run. */
	EXPECT(deadlock_report_under("HZ=300,RCU_BOOST=n", err, sizeof(err)) == 0,
	       "the deadlock did not report under a list");
	EXPECT(strstr(err, "\nReplay: out/rcureplay --preset v3.0 --config RCU_BOOST=n --config "
			   "HZ=300 --mode test --no-lockdep " TMP "-deadlock\n") != NULL,
	       "%s", err);
	/* rcutorture's fqs kthread: its boot parameters on the Config line, the pin repeated. */
	EXPECT(deadlock_report_under("RCU_TORTURE_FQS=y", err, sizeof(err)) == 0,
	       "the deadlock did not report with rcutorture's fqs kthread");
	EXPECT(strstr(err, " CONFIG_RCU_CPU_STALL_TIMEOUT=60 rcutorture.fqs_duration=3 "
			   "rcutorture.fqs_holdoff=1\n") != NULL,
	       "%s", err);
	EXPECT(strstr(err, "\nReplay: out/rcureplay --preset v3.0 --config RCU_TORTURE_FQS=y "
			   "--mode test --no-lockdep " TMP "-deadlock\n") != NULL,
	       "%s", err);
	EXPECT(replay_to(NULL, TMP "-config.err",
			 ARGS("--config", "HZ=300,HZ=120", TMP "-empty")) == 2,
	       "a list with a bad pin accepted");
	read_text(TMP "-config.err", err, sizeof(err));
	EXPECT(strcmp(err, "rcufuzz: HZ=300,HZ=120: HZ takes 100|250|300|1000\n") == 0, "'%s'", err);
	return 0;
}

/*
 * A .scn file run directly runs its preset's implementation: "preset
 * tiny-v3.0" pins TINY_PREEMPT_RCU as --preset does, and a --config pin on
 * the command line wins over it.
 */
int test_cli_scenario_preset_implementation(void)
{
	static const char scn[] = "tests/scenarios/tiny-10f39bb1-unlock-nesting-guard.scn";
	static char err[1 << 16];

	EXPECT(replay_to(NULL, TMP "-tiny.err", ARGS(scn)) == 1, "%s did not report", scn);
	read_text(TMP "-tiny.err", err, sizeof(err));
	EXPECT(strstr(err, "\nSwitches: tiny-v3.0\n") != NULL, "not run under TINY: %s", err);
	EXPECT(strstr(err, "rcu_report_exp_done") != NULL, "not TINY's expedited wakeup: %s", err);
	EXPECT(replay_to(NULL, TMP "-tiny.err", ARGS("--config", "TINY_PREEMPT_RCU=n", scn)) != 2,
	       "--config TINY_PREEMPT_RCU=n refused");
	read_text(TMP "-tiny.err", err, sizeof(err));
	EXPECT(strstr(err, "rcu_report_exp_done") == NULL, "the --config pin lost: %s", err);
	return 0;
}

/* The minimizer keeps the SUMMARY and shrinks the trainwreck. */
int test_minimize_keeps_summary(void)
{
	EXPECT(replay(ARGS("--compile", "corpus/seeds/trainwreck-v3.0-rc7.scn", "-o",
			   TMP "-tw")) == 0, "compile the trainwreck");
	EXPECT(replay(ARGS("--preset", "v3.0-rc7", "--minimize", TMP "-tw", "-o", TMP "-tw-min")) ==
		       0,
	       "minimize");
	EXPECT(replay(ARGS("--preset", "v3.0-rc7", TMP "-tw-min")) == 1,
	       "the minimized input no longer reports");
	EXPECT(replay(ARGS("--preset", "v3.0", TMP "-tw-min")) == 0, "v3.0 reports it");
	return 0;
}

/* Triage groups a directory of crashes by SUMMARY and keeps the smallest input. */
int test_triage_groups_by_summary(void)
{
	static char out[8192];

	EXPECT(system("rm -rf " TMP "-crashes && mkdir -p " TMP "-crashes") == 0, "mkdir");
	EXPECT(replay(ARGS("--compile", "corpus/seeds/trainwreck-v3.0-rc7.scn", "-o",
			   TMP "-crashes/b-small")) == 0, "compile");
	/* The same crash with a last record cut short: one byte bigger, same run. */
	EXPECT(system("cat " TMP "-crashes/b-small > " TMP "-crashes/a-big && printf '\\003' >> "
		      TMP "-crashes/a-big") == 0, "append");
	EXPECT(write_bytes(TMP "-crashes/c-clean", "", 0) == 0, "write");
	EXPECT(replay_to(TMP "-triage.txt", NULL,
			 ARGS("--preset", "v3.0-rc7", "--triage", TMP "-crashes")) == 0,
	       "triage");
	read_text(TMP "-triage.txt", out, sizeof(out));
	EXPECT(strstr(out, "3 inputs: 1 groups of reports, 1 clean") != NULL, "%s", out);
	EXPECT(strstr(out, "     2  ") != NULL && strstr(out, "-crashes/b-small") != NULL,
	       "the group lacks its count or its smallest input:\n%s", out);
	EXPECT(strstr(out, "topology cpus=") != NULL, "no text schedule:\n%s", out);
	EXPECT(replay(ARGS("--triage", TMP "-no-such-dir")) == 2, "missing directory");
	return 0;
}

/*
 * --trace is one stream on stdout: the rows, one separator line, then the
 * report, exactly the report that a run without --trace prints on stderr.
 */
int test_cli_trace_then_report(void)
{
	static char traced[1 << 20], traced_err[4096], plain[1 << 16], report[1 << 16];
	const char *end;

	EXPECT(replay(ARGS("--compile", "corpus/seeds/trainwreck-v3.0-rc7.scn", "-o",
			   TMP "-tw")) == 0, "compile");
	EXPECT(replay_to(TMP "-trace.out", TMP "-trace.err",
			 ARGS("--preset", "v3.0-rc7", "--trace", TMP "-tw")) == 1,
	       "the trainwreck did not report");
	EXPECT(replay_to(TMP "-plain.out", TMP "-plain.err",
			 ARGS("--preset", "v3.0-rc7", TMP "-tw")) == 1,
	       "the trainwreck did not report");
	read_text(TMP "-trace.out", traced, sizeof(traced));
	read_text(TMP "-trace.err", traced_err, sizeof(traced_err));
	read_text(TMP "-plain.out", plain, sizeof(plain));
	read_text(TMP "-plain.err", report, sizeof(report));
	EXPECT(strncmp(traced, "  step event", 12) == 0, "stdout does not start with the rows");
	end = strstr(traced, "\n---- end of trace ----\n");
	EXPECT(end != NULL, "no separator after the rows");
	EXPECT(strstr(end, "\nSUMMARY: rcufuzz: lockdep circular-dependency") != NULL,
	       "no report after the separator");
	EXPECT(strcmp(end + strlen("\n---- end of trace ----\n"), report) == 0,
	       "after the separator there should be the plain run's report and nothing else");
	EXPECT(traced_err[0] == '\0', "--trace wrote to stderr: %s", traced_err);
	EXPECT(plain[0] == '\0', "without --trace the report belongs on stderr, stdout had: %s",
	       plain);
	EXPECT(strstr(report, "\nSUMMARY: ") != NULL, "no report on stderr without --trace");
	return 0;
}

/*
 * A failed model check reports at once; --consequences (or a scenario's
 * "consequences on") goes on to what 3.0 then hits: 7765be2f's lost
 * BOOSTED bit leaves rcub waiting forever for the reader's deboost.
 */
int test_cli_consequences(void)
{
	static char report[1 << 16];

	EXPECT(replay_to(NULL, TMP "-mc.err", ARGS("corpus/seeds/7765be2f-boosted_field.scn")) == 1,
	       "the seed did not report");
	read_text(TMP "-mc.err", report, sizeof(report));
	EXPECT(strstr(report, "\nSUMMARY: rcufuzz: invariant rcu_read_unlock_special-lost-update") !=
		       NULL,
	       "without --consequences the model check reports: %s", report);
	EXPECT(replay_to(NULL, TMP "-mc.err",
			 ARGS("--consequences", "corpus/seeds/7765be2f-boosted_field.scn")) == 1,
	       "with --consequences the run did not report");
	read_text(TMP "-mc.err", report, sizeof(report));
	EXPECT(strstr(report, "rcu_read_unlock_special-lost-update") != NULL,
	       "the consequence's report does not name the failed check");
	EXPECT(strstr(report, "\nSUMMARY: rcufuzz: hang booster-waits-forever in rt_mutex_lock") !=
		       NULL,
	       "--consequences did not reach the booster's hang: %s", report);
	EXPECT(strstr(report, " --consequences ") != NULL, "the Replay: line drops --consequences");

	/* The same from the scenario's own line. */
	static char scn[1 << 14];
	FILE *f = fopen(TMP "-mc.scn", "w");

	EXPECT(f != NULL, "cannot write " TMP "-mc.scn");
	fprintf(f, "consequences on\n%s",
		read_text("corpus/seeds/7765be2f-boosted_field.scn", scn, sizeof(scn)));
	fclose(f);
	EXPECT(replay_to(NULL, TMP "-mc.err", ARGS(TMP "-mc.scn")) == 1, "did not report");
	read_text(TMP "-mc.err", report, sizeof(report));
	EXPECT(strstr(report, "\nSUMMARY: rcufuzz: hang booster-waits-forever") != NULL,
	       "'consequences on' did not go on: %s", report);
	return 0;
}

/*
 * Every fuzz target runs its seed corpus clean (libFuzzer -runs), and the v3.0-rc7 one
 * crashes on the trainwreck (and runs it clean with RCUFUZZ_UNLESS=v3.0-rc7, not with
 * v3.0).  The four runs: on v3.0-rc7 some units of the harness exploration
 * (harness_explore.h) may report at once, which is a find, not a target that does not
 * run.
 */
int test_fuzz_targets_run(void)
{
	static const char *const targets[] = {"v3_0-rc7_fuzzer", "v3_0_fuzzer",
					      "revert-boosted_field_fuzzer"};
	char cmd[1024];

	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		snprintf(cmd, sizeof(cmd), "out/%s -seed=1 -runs=4 2>&1 | grep -q '^Done 4 runs'",
			 targets[i]);
		EXPECT(system(cmd) == 0, "%s -runs=4 did not finish", targets[i]);
		snprintf(cmd, sizeof(cmd), "out/%s out/%s_seed_corpus/* >/dev/null 2>&1", targets[i],
			 targets[i]);
		EXPECT(system(cmd) == 0, "%s did not run its seed corpus clean", targets[i]);
	}
	EXPECT(replay(ARGS("--compile", "corpus/seeds/trainwreck-v3.0-rc7.scn", "-o", TMP "-tw")) == 0,
	       "compile");
	EXPECT(system("out/v3_0-rc7_fuzzer " TMP "-tw 2>&1 | grep -q "
		      "'SUMMARY: rcufuzz: lockdep circular-dependency in rt_mutex_slowunlock'") == 0,
	       "the fuzz target did not report the trainwreck");
	EXPECT(system("out/v3_0_fuzzer " TMP "-tw >/dev/null 2>&1") == 0,
	       "the v3.0 target crashed on the trainwreck");
	/* RCUFUZZ_UNLESS: past a report its preset gives too, not past one it does not. */
	EXPECT(system("RCUFUZZ_UNLESS=v3.0-rc7 out/v3_0-rc7_fuzzer " TMP "-tw >/dev/null 2>&1") ==
		       0,
	       "RCUFUZZ_UNLESS=v3.0-rc7: the trainwreck still crashes");
	EXPECT(system("RCUFUZZ_UNLESS=v3.0 out/v3_0-rc7_fuzzer " TMP "-tw 2>&1 | grep -q "
		      "'SUMMARY: rcufuzz: lockdep circular-dependency in rt_mutex_slowunlock'") ==
		       0,
	       "RCUFUZZ_UNLESS=v3.0 went past the trainwreck, which v3.0 runs clean");
	EXPECT(system("RCUFUZZ_UNLESS=v3.1 out/v3_0_fuzzer -runs=1 2>&1 | grep -qx "
		      "'rcufuzz: RCUFUZZ_UNLESS=v3.1: unknown preset'") == 0,
	       "no error line for a bad RCUFUZZ_UNLESS");
	EXPECT(WEXITSTATUS(system("RCUFUZZ_UNLESS=v3.1 out/v3_0_fuzzer -runs=1 2>/dev/null")) == 2,
	       "a bad RCUFUZZ_UNLESS does not exit 2");
	/* RCUFUZZ_PRESET (AFL++'s mutator library reads it) must name the target's own. */
	EXPECT(system("RCUFUZZ_PRESET=v3.0-rc7 out/v3_0_fuzzer -runs=1 2>&1 | grep -qx "
		      "'rcufuzz: RCUFUZZ_PRESET=v3.0-rc7, but this target fuzzes v3.0'") == 0,
	       "no error line for another target's RCUFUZZ_PRESET");
	EXPECT(WEXITSTATUS(system("RCUFUZZ_PRESET=v3.0-rc7 out/v3_0_fuzzer -runs=1 2>/dev/null")) ==
		       2,
	       "another target's RCUFUZZ_PRESET does not exit 2");
	EXPECT(system("RCUFUZZ_PRESET=v3.0 out/v3_0_fuzzer -runs=1 >/dev/null 2>&1") == 0,
	       "the target's own RCUFUZZ_PRESET refused");
	/* A bad RCUFUZZ_CONFIG: one line naming it, exit status 2. */
	EXPECT(system("RCUFUZZ_CONFIG=NR_CPUS=99 out/v3_0_fuzzer -runs=1 2>&1 | grep -qx "
		      "'rcufuzz: RCUFUZZ_CONFIG=NR_CPUS=99: NR_CPUS takes 1..16'") == 0,
	       "no error line for a bad RCUFUZZ_CONFIG");
	EXPECT(WEXITSTATUS(system("RCUFUZZ_CONFIG=NR_CPUS=99 out/v3_0_fuzzer -runs=1 2>/dev/null")) == 2,
	       "a bad RCUFUZZ_CONFIG does not exit 2");
	return 0;
}

/*
 * fuzz/campaign.sh stopped with TERM takes its engines with it, libFuzzer's
 * -fork jobs (its grandchildren) included: none of the campaign's processes
 * (each names its crash directory) outlives it.  v3.0 runs no report in
 * seconds, so only the TERM stops the campaign.
 */
int test_campaign_stops_its_engines(void)
{
	const char *script =
		"d=" TMP "-camp; fuzz/campaign.sh -p v3.0 -t 120 -j 2 -o $d >/dev/null 2>&1 & c=$!; "
		"i=0; while [ $(pgrep -fc -- \"$d/crashes/\") -lt 3 ] && [ $i -lt 300 ]; do "
		"sleep 0.1; i=$((i + 1)); done; "
		"[ $i -lt 300 ] || { echo 'the fork jobs never started'; kill $c; exit 1; }; "
		"kill -TERM $c; wait $c; sleep 1; "
		"n=$(pgrep -fc -- \"$d/crashes/\"); rm -rf $d; [ \"$n\" -eq 0 ] || "
		"{ echo \"$n processes outlived the campaign\"; pkill -f -- \"$d/crashes/\"; exit 1; }";

	EXPECT(system(script) == 0, "fuzz/campaign.sh -j 2 left engines behind after TERM");
	return 0;
}
