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
};

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
