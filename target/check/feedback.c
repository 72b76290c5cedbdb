/* SPDX-License-Identifier: MIT */
/* Interleaving feedback: see feedback.h. */
#include "feedback.h"

#include <string.h>

#include "../kernel/hooks.h"

#include "../kernel/cpu.h"
#include "../kernel/preempt.h"
#include "../kernel/sched.h"
#include "../kernel/task.h"
#include "../rcu/tree.h"

#if defined(RCUFUZZ_LIBFUZZER_COUNTERS)
/* libFuzzer treats every byte of this section as a coverage counter. */
__attribute__((section("__libfuzzer_extra_counters"))) static uint8_t counters[FEEDBACK_COUNTERS];
#else
static uint8_t counters[FEEDBACK_COUNTERS];
#endif

#if defined(__AFL_COMPILER) || defined(RCUFUZZ_AFL)
/*
 * AFL++: every feature is a pc guard of our own, in the section where the
 * compiler puts the edges' guards, so AFL++'s runtime numbers them with the
 * edges and the features get map slots of their own, counted in the map size
 * it reports to afl-fuzz.  A hit goes through the runtime's guard callback:
 * naming __afl_area_ptr in a file the AFL++ pass instruments makes the pass
 * declare a second, undefined __afl_area_ptr.1.
 */
__attribute__((section("__sancov_guards"), used)) static uint32_t afl_guards[FEEDBACK_COUNTERS];
void __sanitizer_cov_trace_pc_guard(uint32_t *guard);
#endif

static int enabled = 1;
static int rcu_state_enabled = 1;
/* The RCU states seen in this run: each counts once, whatever its hit count. */
static uint8_t rcu_states_seen[FEEDBACK_COUNTERS / 8];

void feedback_reset(void)
{
	memset(rcu_states_seen, 0, sizeof(rcu_states_seen));
}

void feedback_enable(int on)
{
	enabled = on;
}

void feedback_rcu_state_enable(int on)
{
	rcu_state_enabled = on;
}

static inline void hit(uint32_t h)
{
	h ^= h >> 15;
	h *= 0x2c1b3c6dU;
	h ^= h >> 12;
#if defined(__AFL_COMPILER) || defined(RCUFUZZ_AFL)
	__sanitizer_cov_trace_pc_guard(&afl_guards[h % FEEDBACK_COUNTERS]);
#else
	/* Saturate: a counter that wraps to zero would lose its feature. */
	if (counters[h % FEEDBACK_COUNTERS] != UINT8_MAX)
		counters[h % FEEDBACK_COUNTERS]++;
#endif
}

/* Context kind: task, hardirq, softirq, or the irq_exit window (in_irq() false, yet on an irq). */
static uint32_t context_kind(const struct task_struct *t)
{
	if (t->preempt_count & HARDIRQ_MASK)
		return 1;
	if (t->preempt_count & SOFTIRQ_OFFSET)
		return 2;
	return t->irq_frames ? 3 : 0;
}

void feedback_at_point(void)
{
	const struct task_struct *t;
	const struct sim_site *s;
	uint32_t h;

	if (!enabled)
		return;
	t = current;
	s = sim_cpu_site(sim_cpu());
	h = s ? s->id : 0;
	h = h * 31 + context_kind(t);
	h = h * 31 + (uint32_t)this_cpu_state()->irqs_disabled * 2 +
	    ((t->preempt_count & PREEMPT_MASK) != 0);
	hit(h);
}

void feedback_lock_order(int held_class, int new_class)
{
	if (!enabled)
		return;
	hit(0x9e3779b9u + (uint32_t)held_class * 977u + (uint32_t)new_class * 31u +
	    context_kind(current));
}

void feedback_reader_state(void)
{
	const struct task_struct *t;
	int n;
	uint32_t nesting_class;

	if (!enabled)
		return;
	t = current;
	n = t->rcu_read_lock_nesting;
	nesting_class = n < 0 ? 3 : n > 1 ? 2 : (uint32_t)n;
	hit(0x85ebca6bu + nesting_class * 64u + (uint32_t)t->rcu_read_unlock_special * 4u +
	    (uint32_t)(t->rcu_blocked_node != NULL) * 2u + (uint32_t)(t->rcu_boosted != 0) +
	    context_kind(t) * 1024u);
}

/*
 * A new combination is a feature even where no new line runs: a CPU that
 * stays in its reader while the grace period moves on, phase by phase, is a
 * staircase of new features (FF4's shape), where points alone see nothing new.
 * Abstract, not exact: which CPUs and which nodes would multiply the states
 * by the topology's size; what a grace period waits on is counted, clipped:
 * CPUs still owing their quiescent state (0-3+), of them those in a reader,
 * those dyntick-idle, those both (0-2+), and whether some node has tasks
 * blocking the GP, the expedited GP, or being boosted.  Each state counts
 * once a run: hit counts of states would flood the corpus with inputs that
 * differ only in how many ticks they ran.
 */
static uint32_t clip(uint32_t n, uint32_t max)
{
	return n < max ? n : max;
}

void feedback_rcu_state(enum feedback_rcu_site where)
{
	const struct rcu_state *rsp = &rcu_preempt_state;
	const struct rcu_node *rnp;
	uint32_t owing = 0, reading = 0, idle = 0, both = 0, tasks = 0;
	uint32_t h, slot;
	int cpu;

	if (!enabled || !rcu_state_enabled)
		return;
	rcu_for_each_node_breadth_first(rsp, rnp)
		tasks |= (uint32_t)(rnp->gp_tasks != NULL) * 4u + (uint32_t)(rnp->exp_tasks != NULL) * 2u +
			 (uint32_t)(rnp->boost_tasks != NULL);
	if (rcu_gp_in_progress(rsp)) {
		for_each_online_cpu(cpu) {
			const struct rcu_data *rdp = &rsp->rda[cpu];
			int r, i;

			if (!(rdp->mynode->qsmask & rdp->grpmask))
				continue;
			r = cpu_curr(cpu)->rcu_read_lock_nesting > 0;
			i = !(rcu_dynticks[cpu].dynticks & 1);
			owing++;
			reading += (uint32_t)r;
			idle += (uint32_t)i;
			both += (uint32_t)(r && i);
		}
	}
	h = 0x27d4eb2fu + (uint32_t)where;
	h = h * 31u + (uint32_t)rcu_gp_in_progress(rsp) * 8u + (uint32_t)rsp->signaled;
	h = h * 31u + clip(owing, 3) * 27u + clip(reading, 2) * 9u + clip(idle, 2) * 3u + clip(both, 2);
	h = h * 31u + tasks;
	slot = h % FEEDBACK_COUNTERS;
	if (rcu_states_seen[slot / 8] & (1u << (slot % 8)))
		return;
	rcu_states_seen[slot / 8] |= (uint8_t)(1u << (slot % 8));
	hit(h);
}

void feedback_clear(void)
{
	memset(counters, 0, sizeof(counters));
}

size_t feedback_features(void)
{
	size_t n = 0;

	for (size_t i = 0; i < FEEDBACK_COUNTERS; i++)
		n += counters[i] != 0;
	return n;
}
