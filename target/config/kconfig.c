/* SPDX-License-Identifier: MIT */
/* The kernel's build configuration: see kconfig.h. */
#include "kconfig.h"

struct kconfig kconfig;

void kconfig_defaults(struct kconfig *k)
{
	k->rcu_boost = 1;
	k->rcu_boost_delay = 3;
	k->hz = 1000;
	k->rcu_cpu_stall_detector = 1;
	k->rcu_cpu_stall_timeout = 60;
}
