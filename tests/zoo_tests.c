/* SPDX-License-Identifier: MIT */
/*
 * The deep-bug zoo (issue 15): every INJECTED switch has its inject-<id>
 * preset, and a liveness bug meets the RCU CPU stall warning when the
 * stall timeout is within the run, the hung-task check when it is not.
 */
#include "harness.h"

#include "../target/check/feedback.h"
#include "../target/check/report.h"
#include "../target/config/history.h"

#include <stdlib.h>
#include <string.h>

int test_zoo_presets(void)
{
	switch_set v3_0, s;
	char name[64], buf[64];
	const char *back;
	int injected = 0;

	preset_lookup(PRESET_V3_0, &v3_0, NULL);
	for (int i = 0; i < NR_SWITCHES; i++) {
		const char *id = switch_name(i) + strlen("inject_");

		if (switch_kind(i) != SWITCH_INJECTED)
			continue;
		injected++;
		EXPECT(strncmp(switch_name(i), "inject_", 7) == 0 && strchr(id, '_') != NULL,
		       "%s: an injected switch is named inject_<id>_<what>", switch_name(i));
		snprintf(name, sizeof(name), PRESET_INJECT_PREFIX "%.*s", (int)strcspn(id, "_"),
			 id);
		EXPECT(preset_lookup(name, &s, NULL), "no preset %s", name);
		EXPECT(s == (v3_0 | switch_bit(i)), "%s is not v3.0 plus %s", name, switch_name(i));
		back = preset_name_of(s, 0, buf, sizeof(buf));
		EXPECT(back != NULL && strcmp(back, name) == 0, "%s is named back as %s", name,
		       back ? back : "no preset");
	}
	EXPECT(injected >= 13, "only %d INJECTED switches", injected);
	EXPECT(!preset_lookup("inject-", &s, NULL) && !preset_lookup("inject-ff", &s, NULL) &&
		       !preset_lookup("inject-ff1_qs_in_reader", &s, NULL),
	       "a partial or long id taken for a preset");
	return 0;
}

/* @head, then @ticks rounds of a tick and eight points on each of two CPUs. */
static char *ticking(const char *head, int ticks)
{
	static const char round[] = "irq cpu0 tick\nstep cpu0 x8\nirq cpu1 tick\nstep cpu1 x8\n";
	size_t len = strlen(head) + (size_t)ticks * strlen(round);
	char *text = malloc(len + 1);

	if (text == NULL)
		return NULL;
	strcpy(text, head);
	for (int i = 0; i < ticks; i++)
		strcat(text, round);
	return text;
}

static int run_text(const char *text, struct rcufuzz_result *r)
{
	struct scenario s;
	struct rcufuzz_options o;

	if (scenario_text_options(text, &s, &o) < 0)
		return -1;
	rcufuzz_run(s.bytes, s.size, &o, r);
	scenario_free(&s);
	return 0;
}

/*
 * LC2 (rcu_preempt_qs() returns at once): T1's synchronize_rcu() waits for
 * good while both CPUs tick.  At HZ=100 with the 3 s minimum timeout the
 * stall warning comes 300 jiffies after the grace period began, from the
 * tick of a CPU that still owes it (self-detected); at 3.0's default HZ=1000
 * and 60 s that is 60,000 ticks away, beyond any input, and the hung-task
 * check at the end of the drain reports T1 instead.  v3.0 runs both clean.
 */
#define LC2_HEAD "topology cpus=2 fanout=2 tasks=2\nwork T1 synchronize_rcu\nstep cpu1 x8\n"

int test_zoo_stall_and_hung_task(void)
{
	char *fast = ticking(
		"preset inject-lc2\nconfig HZ=100\nconfig RCU_CPU_STALL_TIMEOUT=3\n" LC2_HEAD, 320);
	char *slow = ticking("preset inject-lc2\n" LC2_HEAD, 320);
	char *clean = ticking("config HZ=100\nconfig RCU_CPU_STALL_TIMEOUT=3\n" LC2_HEAD, 320);
	struct rcufuzz_result r;
	int rc = -1;

	if (fast == NULL || slow == NULL || clean == NULL)
		goto out;
	EXPECT(run_text(fast, &r) == 0, "compile");
	EXPECT(r.reported && r.kind == REPORT_STALL &&
		       strcmp(r.summary,
			      "rcufuzz: rcu-stall self-detected-stall in check_cpu_stall") == 0 &&
		       strstr(r.text, "(t=300 jiffies)") != NULL,
	       "%s", r.reported ? r.text : "clean");
	EXPECT(run_text(slow, &r) == 0, "compile");
	EXPECT(r.reported && r.kind == REPORT_HANG &&
		       strcmp(r.summary, "rcufuzz: hang task-blocked-forever in synchronize_rcu") ==
			       0 &&
		       strstr(r.text, "hung-task check") != NULL,
	       "%s", r.reported ? r.text : "clean");
	EXPECT(run_text(clean, &r) == 0 && !r.reported, "v3.0: %s", r.summary);
	rc = 0;
out:
	free(fast);
	free(slow);
	free(clean);
	return rc;
}

/*
 * The RCU-state features (feedback_rcu_state()) see FF4's staircase: CPU1
 * holds its tick's reader, dyntick-idle, while CPU0's grace period goes
 * from its start through both forcing passes.  Off, a run adds no feature
 * the same run did not already add; on, the same run adds at least one per
 * stair (the GP waiting on the idle reader, the first forcing pass, CPU0's
 * quiescent state reported around it).
 */
int test_zoo_rcu_state_features(void)
{
	static char text[8192];
	struct rcufuzz_result r;
	size_t before;

	EXPECT(read_text("corpus/zoo/ff4.scn", text, sizeof(text)) != NULL, "read ff4.scn");
	feedback_enable(1);
	feedback_rcu_state_enable(0);
	feedback_clear(); /* earlier tests ran FF4's schedule with the state on */
	EXPECT(run_text(text, &r) == 0 && r.reported, "ff4.scn did not report");
	before = feedback_features();
	EXPECT(run_text(text, &r) == 0 && feedback_features() == before,
	       "a second run off added features");
	feedback_rcu_state_enable(1);
	EXPECT(run_text(text, &r) == 0, "compile");
	EXPECT(feedback_features() >= before + 3, "RCU state on: %zu features, %zu off",
	       feedback_features(), before);
	return 0;
}

/*
 * The waypoints (feedback_waypoint()) see the setups the findings hold while
 * a grace period moves on: offline-qs-before-play-dead's dying CPU still in
 * its last schedule() while CPU0's grace period starts, is forced and
 * invokes its callbacks; unlock-stale-exp-report's reader preempted in its
 * unlock while the expedited grace periods end and begin.  Off, a second
 * run adds nothing; on, each adds a feature per event the setup held.
 */
int test_zoo_waypoint_features(void)
{
	static const char *const findings[] = {"corpus/findings/offline-qs-before-play-dead.scn",
					       "corpus/findings/unlock-stale-exp-report.scn"};
	static char text[16384];
	struct rcufuzz_result r;
	size_t before;

	for (size_t i = 0; i < sizeof(findings) / sizeof(findings[0]); i++) {
		EXPECT(read_text(findings[i], text, sizeof(text)) != NULL, "read %s", findings[i]);
		feedback_enable(1);
		feedback_waypoints_enable(0);
		EXPECT(run_text(text, &r) == 0 && r.reported, "%s did not report", findings[i]);
		before = feedback_features();
		EXPECT(run_text(text, &r) == 0 && feedback_features() == before,
		       "%s: a second run off added features", findings[i]);
		feedback_waypoints_enable(1);
		EXPECT(run_text(text, &r) == 0, "compile");
		EXPECT(feedback_features() >= before + 3, "%s: waypoints on: %zu features, %zu off",
		       findings[i], feedback_features(), before);
	}
	return 0;
}
