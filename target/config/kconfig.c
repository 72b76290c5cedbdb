/* SPDX-License-Identifier: MIT */
/* The kernel's build configuration: see kconfig.h. */
#include "kconfig.h"

struct kconfig kconfig;
