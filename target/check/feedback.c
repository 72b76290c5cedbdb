/* SPDX-License-Identifier: MIT */
/* Interleaving feedback: see feedback.h. */
#include "feedback.h"

#include <limits.h>
#include <string.h>

#include "../kernel/hooks.h"

#include "../kernel/cpu.h"
#include "../kernel/hotplug.h"
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
static int waypoints_enabled = 1;
static int milestone_enabled;
/* The setups that held at the last waypoint, and for how many waypoints in a row. */
static uint32_t held_mask, held_for;
/* The RCU states seen in this run: each counts once, whatever its hit count. */
static uint8_t rcu_states_seen[FEEDBACK_COUNTERS / 8];

/*
 * The milestone (feedback.h): per task, 1 while it is between its dequeue
 * from a list an expedited GP waits on and its re-read of ->exp_tasks in
 * rcu_read_unlock_special(), 2 once an expedited GP has ended meanwhile.
 * What a run went through, not what the machine is: outside the
 * explorer's state hash, which merges two runs at the same machine state.
 */
static struct {
	uint8_t window[MAX_TASKS + 1];
	int met;
} ms NOT_MACHINE_STATE;

void feedback_reset(void)
{
	memset(&ms, 0, sizeof(ms));
	memset(rcu_states_seen, 0, sizeof(rcu_states_seen));
	held_mask = 0;
	held_for = 0;
}

void feedback_enable(int on)
{
	enabled = on;
}

void feedback_rcu_state_enable(int on)
{
	rcu_state_enabled = on;
}

void feedback_waypoints_enable(int on)
{
	waypoints_enabled = on;
}

void feedback_milestone_enable(int on)
{
	milestone_enabled = on;
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

/* Feature @h, once a run whatever its hit count (the RCU states and the waypoints). */
static void hit_once(uint32_t h)
{
	uint32_t slot = h % FEEDBACK_COUNTERS;

	if (rcu_states_seen[slot / 8] & (1u << (slot % 8)))
		return;
	rcu_states_seen[slot / 8] |= (uint8_t)(1u << (slot % 8));
	hit(h);
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
	uint32_t h;
	int cpu;

	if (where == FB_RCU_GP_START || where == FB_RCU_FQS || where == FB_RCU_INVOKE)
		feedback_waypoint(where);
	if (!enabled || !rcu_state_enabled)
		return;
	rcu_for_each_node_breadth_first(rsp, rnp)
		tasks |= (uint32_t)(rnp->gp_tasks != NULL) * 4u +
			 (uint32_t)(rnp->exp_tasks != NULL) * 2u +
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
	h = h * 31u + clip(owing, 3) * 27u + clip(reading, 2) * 9u + clip(idle, 2) * 3u +
	    clip(both, 2);
	h = h * 31u + tasks;
	hit_once(h);
}

/*
 * IJON's idea (Aschermann et al., S&P 2020), for schedules: a finding needs
 * a setup held while a grace period moves on, event by event (a dying CPU
 * still in its last schedule() while a grace period starts, is forced twice
 * and invokes its callbacks; a reader preempted in its unlock while one
 * expedited grace period ends and the next begins).  No new line runs
 * between two such events; each one more held is a new feature here, so
 * the fuzzer keeps an input that holds its setup one event longer and
 * mutates from there.  The setups are abstract (which ones hold, not which
 * CPU or task), the run of events clipped at 4.
 */
enum {
	HOLD_DYING = 1,	  /* a CPU offline, not yet in play_dead() */
	HOLD_QUEUED = 2,  /* readers queued on some rcu_node */
	HOLD_ORPHANS = 4, /* queued readers on a node with no CPU online under it */
	HOLD_UNLOCK = 8,  /* a reader preempted inside its rcu_read_unlock() */
	HOLD_BOOST = 16,  /* a task boosted, or queued to be */
	HOLD_EXP = 32,	  /* an expedited GP waiting on the root */
};

static int on_a_cpu(const struct task_struct *t)
{
	for (int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_curr(cpu) == t)
			return 1;
	return 0;
}

static uint32_t holds(void)
{
	const struct rcu_state *rsp = &rcu_preempt_state;
	const struct rcu_node *rnp;
	uint32_t m = 0;

	for (int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (!cpu_online(cpu) && !cpu_reached_play_dead(cpu))
			m |= HOLD_DYING;
	rcu_for_each_node_breadth_first(rsp, rnp) {
		if (!list_empty(&rnp->blkd_tasks)) {
			m |= HOLD_QUEUED;
			if (rnp->qsmaskinit == 0)
				m |= HOLD_ORPHANS;
		}
		if (rnp->boost_tasks != NULL || rnp->exp_tasks != NULL)
			m |= HOLD_BOOST;
	}
	if (rcu_get_root(rsp)->expmask != 0)
		m |= HOLD_EXP;
	for (int i = 1; i <= nr_tasks; i++) {
		const struct task_struct *t = &task_table[i];

		if (t->rcu_boosted)
			m |= HOLD_BOOST;
		if (t->rcu_read_lock_nesting == INT_MIN && !on_a_cpu(t))
			m |= HOLD_UNLOCK;
	}
	return m;
}

void feedback_unlock_window(const struct task_struct *t, int open)
{
	ms.window[t->pid] = (uint8_t)(open != 0);
}

int feedback_milestone(void)
{
	return ms.met;
}

/* An expedited GP's end or start, seen from the tasks inside their unlock window. */
static void unlock_window_progress(enum feedback_rcu_site where)
{
	for (int i = 1; i <= nr_tasks; i++) {
		if (ms.window[i] == 0)
			continue;
		if (where == FB_RCU_EXP_DONE)
			ms.window[i] = 2;
		else if (ms.window[i] == 2)
			ms.met = 1;
	}
}

void feedback_waypoint(enum feedback_rcu_site where)
{
	uint32_t m, h;

	if (where == FB_RCU_EXP_DONE || where == FB_RCU_EXP_INIT) {
		int before = ms.met;

		unlock_window_progress(where);
		if (ms.met && !before && enabled && milestone_enabled)
			hit_once(0x4f1bbcdcu);
	}
	if (!enabled || !waypoints_enabled)
		return;
	m = holds();
	held_for = m == held_mask ? held_for + 1 : 0;
	held_mask = m;
	if (m == 0)
		return;
	h = 0x165667b1u + (uint32_t)where * 64u + m;
	h = h * 31u + clip(held_for, 4);
	hit_once(h);
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
