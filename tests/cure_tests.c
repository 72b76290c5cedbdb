/* SPDX-License-Identifier: MIT */
/*
 * The experimental cures (docs/experiments.md): every CURE switch has its
 * preset misuse+<cure>, v3.0 with the cure, named back from its switch set,
 * and the preset's fuzz target runs in misuse mode, where the two
 * restrictions' ops are.
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

int test_cure_presets(void)
{
	switch_set v3_0, s;
	char name[64], buf[64];
	const char *back;
	int cures = 0;

	preset_lookup(PRESET_V3_0, &v3_0, NULL);
	for (int i = 0; i < NR_SWITCHES; i++) {
		snprintf(name, sizeof(name), PRESET_MISUSE_PREFIX "%s", switch_name(i));
		if (switch_kind(i) != SWITCH_CURE) {
			EXPECT(!preset_lookup(name, &s, NULL) && !preset_is_misuse(name),
			       "%s is a preset, but %s is no cure", name, switch_name(i));
			continue;
		}
		cures++;
		EXPECT(preset_lookup(name, &s, NULL) && preset_is_misuse(name), "no preset %s", name);
		EXPECT((s & v3_0) == v3_0 && (s & switch_bit(i)), "%s lacks v3.0 or its cure",
		       name);
		for (int j = 0; j < NR_SWITCHES; j++)
			EXPECT(!(s & switch_bit(j)) || (v3_0 & switch_bit(j)) ||
				       switch_kind(j) == SWITCH_CURE,
			       "%s has %s on", name, switch_name(j));
		back = preset_name_of(s, 0, buf, sizeof(buf));
		EXPECT(back != NULL && strcmp(back, name) == 0, "%s is named back as %s", name,
		       back ? back : "no preset");
	}
	EXPECT(cures > 0, "no CURE switch");
	EXPECT(!preset_is_misuse(PRESET_V3_0) && !preset_is_misuse("misuse+"),
	       "v3.0 or misuse+ taken for a cure's preset");
	return 0;
}

/*
 * The restriction-2 scenario's bytes name read_unlock_rq_locked only in
 * misuse mode (in strict mode the op byte decodes as another op): a cure's
 * target that reports it runs in misuse mode, and says so on its Replay line.
 */
int test_cure_fuzz_target_misuse_mode(void)
{
	EXPECT(system("out/rcureplay --compile corpus/misuse/unlock-under-rq-lock.scn -o "
		      "out/tests/cure-rq") == 0,
	       "compile");
	EXPECT(system("out/rcureplay out/tests/cure-rq >/dev/null 2>&1") == 0,
	       "the scenario's bytes report in strict mode: the test proves nothing");
	EXPECT(system("out/misuse_wait_lock_irqsafe_fuzzer out/tests/cure-rq 2>&1 | grep -q "
		      "'^SUMMARY: rcufuzz: lockdep circular-dependency in rt_mutex_slowunlock'") ==
		       0,
	       "misuse_wait_lock_irqsafe_fuzzer did not report restriction 2");
	EXPECT(system("out/misuse_wait_lock_irqsafe_fuzzer out/tests/cure-rq 2>&1 | grep -q "
		      "'^Replay: out/rcureplay --preset misuse+wait_lock_irqsafe --mode misuse "
		      "'") == 0,
	       "its Replay line does not name the preset and misuse mode");
	return 0;
}
