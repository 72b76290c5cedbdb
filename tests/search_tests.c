/* SPDX-License-Identifier: MIT */
/*
 * The findings presets and the directed search (issue 27): finding-<name>
 * is v3.0-patched less that finding's fix, and its scenario reports under
 * it; out/rcusearch finds a finding from a harness, the same way twice,
 * keeps searching past what --unless gives, and its find replays.
 */
#include "harness.h"

#include "../target/config/history.h"

#include <stdlib.h>
#include <string.h>

static const char *const findings[] = {"offline-reverses-blocked-tasks",
				       "offline-stale-boost-tasks", "boost-twice-after-offline",
				       "offline-qs-before-play-dead", "unlock-stale-exp-report",
				       "idle-notifier-in-dyntick-idle"};

int test_finding_presets(void)
{
	switch_set patched, s, tiny;
	struct config pin;
	char name[96], buf[96], path[128];
	const char *back;

	EXPECT(preset_lookup(PRESET_V3_0_PATCHED, &patched, NULL), "no v3.0-patched");
	for (size_t i = 0; i < sizeof(findings) / sizeof(findings[0]); i++) {
		snprintf(name, sizeof(name), PRESET_FINDING_PREFIX "%s", findings[i]);
		EXPECT(preset_lookup(name, &s, NULL), "no preset %s", name);
		/* Exactly one FINDING_FIX switch off. */
		EXPECT((patched & ~s) != 0 && ((patched & ~s) & ((patched & ~s) - 1)) == 0 &&
			       (s & ~patched) == 0,
		       "%s is not v3.0-patched less one switch", name);
		EXPECT(switch_kind(__builtin_ctzll(patched & ~s)) == SWITCH_FINDING_FIX,
		       "%s turns off %s, not a finding's fix", name,
		       switch_name(__builtin_ctzll(patched & ~s)));
		back = preset_name_of(s, 0, buf, sizeof(buf));
		EXPECT(back != NULL && strcmp(back, name) == 0, "%s is named back as %s", name,
		       back ? back : "no preset");
		/* Its scenario reports under it and runs clean under v3.0-patched. */
		snprintf(path, sizeof(path), "corpus/findings/%s.scn", findings[i]);
		EXPECT(replay(ARGS("--preset", name, path)) == 1, "%s: %s does not report", name,
		       path);
		EXPECT(replay(ARGS("--preset", PRESET_V3_0_PATCHED, path)) == 0,
		       "%s is not clean under v3.0-patched", path);
	}
	config_unpinned(&pin);
	EXPECT(preset_lookup(PRESET_TINY_V3_0_PATCHED, &tiny, &pin) &&
		       pin.kconfig.tiny_preempt_rcu == 1,
	       "tiny-v3.0-patched does not pin TINY_PREEMPT_RCU");
	back = preset_name_of(tiny, 1, buf, sizeof(buf));
	EXPECT(back != NULL && strcmp(back, PRESET_TINY_V3_0_PATCHED) == 0,
	       "tiny-v3.0-patched is named back as %s", back ? back : "no preset");
	/* Every TINY finding's scenario runs clean under it. */
	EXPECT(system("for f in corpus/findings/tiny-*.scn; do out/rcureplay --preset "
		      "tiny-v3.0-patched $f >/dev/null 2>&1 || exit 1; done") == 0,
	       "a TINY finding reports under tiny-v3.0-patched");
	return 0;
}

/* rcusearch's output lines for one command into @out: its exit status. */
static int search(const char *args, char *out, size_t len)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "out/rcusearch -o " TMP "-search %s 2>&1", args);
	return command_output(cmd, out, len);
}

int test_search_finds_a_finding(void)
{
	static char first[16384], again[16384], other[16384];
	const char *found, *replay_line;
	char cmd[600];
	size_t n;

	/* Under v3.0-patched the harness's first 30,000 samples run clean... */
	EXPECT(search("--preset v3.0-patched --runs 30000 corpus/harness/hotplug-two-readers.scn",
		      first, sizeof(first)) == 0 &&
		       strstr(first, "30000 runs") != NULL && strstr(first, ": clean") != NULL,
	       "v3.0-patched: %s", first);
	/* ...and with offline_keep_order off one of them reports. */
	EXPECT(search("--preset finding-offline-reverses-blocked-tasks --runs 30000 "
		      "corpus/harness/hotplug-two-readers.scn",
		      first, sizeof(first)) == 1,
	       "no find: %s", first);
	found = strstr(first, "found after ");
	EXPECT(found != NULL && strstr(first, "rcu-guarantee reader-outlived-grace-period") != NULL,
	       "not the finding's report: %s", first);
	/* The same samples in the same order: the same find, byte for byte. */
	EXPECT(search("--preset finding-offline-reverses-blocked-tasks --runs 30000 "
		      "corpus/harness/hotplug-two-readers.scn",
		      again, sizeof(again)) == 1,
	       "no find the second time");
	n = strcspn(found, ",");
	EXPECT(strstr(again, "found after ") != NULL &&
		       strncmp(strstr(again, "found after "), found, n) == 0,
	       "another run count: %.*s vs %s", (int)n, found, again);
	/* The minimized find replays to the same SUMMARY, with named points. */
	EXPECT(strstr(first, "step cpu") != NULL && strstr(first, " until ") != NULL,
	       "no scenario with named points: %s", first);
	replay_line = strstr(first, "Replay: ");
	EXPECT(replay_line != NULL, "no replay command");
	snprintf(cmd, sizeof(cmd), "%.*s 2>&1 | grep -q 'SUMMARY: rcufuzz: rcu-guarantee'",
		 (int)strcspn(replay_line + 8, "\n"), replay_line + 8);
	EXPECT(system(cmd) == 0, "the replay command does not report: %s", cmd);
	/* --unless: a report the other preset gives too does not end the search. */
	EXPECT(search("--preset finding-offline-reverses-blocked-tasks --unless "
		      "finding-offline-reverses-blocked-tasks --runs 30000 "
		      "corpus/harness/hotplug-two-readers.scn",
		      other, sizeof(other)) == 0 &&
		       strstr(other,
			      "reports that finding-offline-reverses-blocked-tasks gives too") !=
			       NULL,
	       "--unless: %s", other);
	/* Bad flags: one line, exit 2. */
	EXPECT(search("--seconds x corpus/harness/hotplug-gp.scn", other, sizeof(other)) == 2 &&
		       strcmp(other, "rcufuzz: --seconds: takes a number\n") == 0,
	       "bad --seconds: %s", other);
	EXPECT(search("--preset nope corpus/harness/hotplug-gp.scn", other, sizeof(other)) == 2,
	       "bad --preset: %s", other);
	return 0;
}
