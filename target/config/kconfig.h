/* SPDX-License-Identifier: MIT */
/*
 * The kernel's build configuration, with 3.0's names: what a run's kernel
 * was built with.  Set once per run, before boot (the input's header picks
 * it, an option can pin it: config.h); read by every floor.
 */
#ifndef RCUFUZZ_CONFIG_KCONFIG_H
#define RCUFUZZ_CONFIG_KCONFIG_H

struct kconfig {
	int tiny_preempt_rcu;	    /* CONFIG_TINY_PREEMPT_RCU, else CONFIG_TREE_PREEMPT_RCU */
	int rcu_boost;		    /* CONFIG_RCU_BOOST (3.0 default n) */
	int rcu_boost_delay;	    /* CONFIG_RCU_BOOST_DELAY, ms (3.0 default 500) */
	int hz;			    /* CONFIG_HZ: jiffies per second, one tick each */
	int rcu_cpu_stall_detector; /* CONFIG_RCU_CPU_STALL_DETECTOR (3.0 default y) */
	int rcu_cpu_stall_timeout; /* CONFIG_RCU_CPU_STALL_TIMEOUT, s (3.0 default 60, range 3..300)
				    */
	int rcu_torture_fqs;	   /* rcutorture's fqs kthread runs (its fqs_duration > 0) */
};

/*
 * rcutorture's module parameters when its fqs kthread runs (RCU_TORTURE_FQS=y;
 * kernel/rcutorture.c:64-66, 826-850): bursts of RCUTORTURE_FQS_DURATION /
 * RCUTORTURE_FQS_HOLDOFF calls of rcu_force_quiescent_state(), rounded up,
 * every RCUTORTURE_FQS_STUTTER seconds.  rcutorture's defaults are 0 (off),
 * 0 and 3; a holdoff of 0 would make the burst endless (its loop subtracts
 * the holdoff from what remains), so the model takes 1 us, and a burst of
 * three calls: the dyntick snapshot, the forcing round, and one more (the
 * next grace period's snapshot, or a second forcing round).
 * docs/fidelity.md ("Forcing sources") says what the model makes of them.
 */
#define RCUTORTURE_FQS_DURATION 3 /* fqs_duration, microseconds */
#define RCUTORTURE_FQS_HOLDOFF	1 /* fqs_holdoff, microseconds */
#define RCUTORTURE_FQS_STUTTER	3 /* fqs_stutter, seconds (rcutorture's default) */
/* The same as a built-in rcutorture's boot parameters (fqs_stutter left at its default). */
#define RCUTORTURE_STR_(x) #x
#define RCUTORTURE_STR(x)  RCUTORTURE_STR_(x)
/* clang-format off */
#define RCUTORTURE_FQS_PARAMS                                                                      \
	"rcutorture.fqs_duration=" RCUTORTURE_STR(RCUTORTURE_FQS_DURATION)                         \
	" rcutorture.fqs_holdoff=" RCUTORTURE_STR(RCUTORTURE_FQS_HOLDOFF)
/* clang-format on */

/* The configuration of the run in progress. */
extern struct kconfig kconfig;

/* CONFIG_SMP: TINY_PREEMPT_RCU depends on !SMP (3.0's init/Kconfig), Tree RCU runs SMP. */
static inline int kconfig_smp(void)
{
	return !kconfig.tiny_preempt_rcu;
}

/* DIV_ROUND_UP(ms * HZ, 1000): a Kconfig delay in milliseconds as jiffies. */
static inline unsigned long kconfig_ms_to_jiffies(int ms)
{
	return ((unsigned long)ms * (unsigned long)kconfig.hz + 999) / 1000;
}

#endif
