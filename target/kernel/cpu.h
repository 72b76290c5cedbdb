/* SPDX-License-Identifier: MIT */
/* Per-CPU state that is not the runqueue's: online mask, irq flag, pending irqs. */
#ifndef RCUFUZZ_KERNEL_CPU_H
#define RCUFUZZ_KERNEL_CPU_H

#include "spinlock.h"
#include "../sim/sim.h"

#define NR_CPUS SIM_MAX_CPUS

#define IRQ_KIND(id, name, text) IRQ_##id,
enum irq_kind {
#include "irq_kinds.def"
	NR_IRQ_KINDS,			  /* the kinds an input can raise */
	IRQ_CALL_FUNCTION = NR_IRQ_KINDS, /* smp_call_function()'s IPI: the kernel raises it */
	IRQ_WORKLOAD,			  /* the workload's device: work for a sleeping task */
};
#undef IRQ_KIND

struct cpu_state {
	int online;			   /* in cpu_online_mask */
	int irqs_disabled;		   /* the CPU's interrupt flag is clear */
	unsigned int pending_irqs;	   /* bit per enum irq_kind, delivered when irqs are on */
	unsigned int softirq_pending;	   /* bit per softirq, local_softirq_pending() */
	const raw_spinlock_t *spinning_on; /* lock this CPU's innermost context spins on */
	struct task_struct *spinner;	   /* the context spinning */
	unsigned long irqs_taken;	   /* hardware interrupts taken (hlt returns on one) */
};

extern struct cpu_state cpu_state[NR_CPUS];
extern int nr_cpu_ids;	     /* CPUs of this machine (1..NR_CPUS) */
extern int force_irqthreads; /* "threadirqs": softirqs and device irqs run in threads */
extern unsigned long jiffies;

static inline struct cpu_state *this_cpu_state(void)
{
	return &cpu_state[sim_cpu()];
}

static inline int smp_processor_id(void)
{
	return sim_cpu();
}

static inline int cpu_online(int cpu)
{
	return cpu_state[cpu].online;
}

int num_online_cpus(void);
int first_online_cpu(void);

/* A set of CPUs, one bit each (NR_CPUS fits a word). */
typedef unsigned long cpumask_t;

static inline cpumask_t cpumask_of(int cpu)
{
	return 1ul << cpu;
}

static inline int cpumask_test_cpu(int cpu, cpumask_t m)
{
	return (m >> cpu) & 1;
}

/* Every CPU of the machine (cpu_possible_mask). */
static inline cpumask_t cpu_possible_mask(void)
{
	extern int nr_cpu_ids;
	return (1ul << nr_cpu_ids) - 1;
}

/* The online CPUs (cpu_online_mask). */
cpumask_t cpu_online_mask(void);

/* The lowest-numbered online CPU in @m, or -1 (cpumask_any_and(m, cpu_online_mask)). */
int cpumask_any_online(cpumask_t m);

/* CPU hotplug notifier actions, in the order a hotplug operation raises them. */
enum cpu_action {
	CPU_UP_PREPARE,	  /* before the CPU comes up */
	CPU_ONLINE,	  /* the CPU is up */
	CPU_DOWN_PREPARE, /* before the CPU goes down */
	CPU_DOWN_FAILED,  /* it did not go down after all */
	CPU_DYING,	  /* on the dying CPU, irqs off, everything else stopped */
	CPU_DEAD,	  /* the CPU is dead */
};

#define for_each_possible_cpu(cpu) for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu)                                                                   \
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)                                               \
		if (cpu_online(cpu))

#endif
