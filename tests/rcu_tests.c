/* SPDX-License-Identifier: MIT */
/*
 * The Tree RCU model step by step: each test runs a schedule and watches the
 * model's own state after every step (rcu_node lists and pointers, the
 * grace-period numbers, task states and priorities), asserting the order in
 * which things happen, not just the final report.
 */
#include "harness.h"

#include "../target/rcu/tree.h"
#include "../target/run.h"

#include <string.h>

/* What a watch saw, step numbers of the first time each thing held (0: never). */
struct watch {
	const char *reader_name; /* "T0" unless set */
	struct task_struct *reader, *waiter;
	unsigned long queued, exp_waiting, boosted, dequeued, deboosted, waiter_woken;
	unsigned long gp_blocked, gp_ended_after;
	unsigned long gp_blocked_num;
	int boosted_prio;
	int moved_to_root;
	unsigned long gp_tasks_at_root; /* the root's ->gp_tasks is the reader, in a GP */
	const char *mark;		/* a point label: when the reader first stands there */
	unsigned long marked;
};

static void note(unsigned long *at, int cond, unsigned long step)
{
	if (cond && *at == 0)
		*at = step;
}

static void watch_step(const struct trace_row *row, void *arg)
{
	struct watch *w = arg;
	struct rcu_state *rsp = &rcu_preempt_state;
	struct task_struct *r;
	unsigned long s = row->step;

	if (w->reader == NULL) {
		w->reader = task_named(w->reader_name ? w->reader_name : "T0");
		w->waiter = task_named("T1");
	}
	r = w->reader;
	note(&w->queued, r->rcu_blocked_node != NULL, s);
	if (r->rcu_blocked_node) {
		struct rcu_node *rnp = r->rcu_blocked_node;

		note(&w->exp_waiting,
		     rnp->exp_tasks == &r->rcu_node_entry &&
			     w->waiter->state == TASK_UNINTERRUPTIBLE,
		     s);
		if (rnp->gp_tasks == &r->rcu_node_entry && rcu_gp_in_progress(rsp) &&
		    rcu_get_root(rsp)->qsmask == 0 && !w->gp_blocked) {
			w->gp_blocked = s;
			w->gp_blocked_num = rsp->gpnum;
		}
		w->moved_to_root |= rnp == rcu_get_root(rsp) && rsp->num_nodes > 1;
		note(&w->gp_tasks_at_root,
		     w->moved_to_root && rnp->gp_tasks == &r->rcu_node_entry &&
			     rcu_gp_in_progress(rsp),
		     s);
	}
	if (r->prio < r->normal_prio && !w->boosted) {
		w->boosted = s;
		w->boosted_prio = r->prio;
	}
	note(&w->dequeued, w->queued && r->rcu_blocked_node == NULL, s);
	note(&w->marked, w->mark && row->task == r && strcmp(row->label, w->mark) == 0, s);
	note(&w->deboosted, w->boosted && r->prio == r->normal_prio, s);
	note(&w->waiter_woken, w->exp_waiting && w->waiter->state == TASK_RUNNING, s);
	note(&w->gp_ended_after, w->gp_blocked && ULONG_CMP_GE(rsp->completed, w->gp_blocked_num),
	     s);
}

static int run_watched_reader(const char *text, const char *reader, struct watch *w,
			      struct rcufuzz_result *res)
{
	memset(w, 0, sizeof(*w));
	w->reader_name = reader;
	return run_scenario_watched(text, watch_step, w, res);
}

static int run_watched(const char *text, struct watch *w, struct rcufuzz_result *res)
{
	return run_watched_reader(text, "T0", w, res);
}

/* T0's reader preempted on CPU0 (leaf 1 of a two-level tree); T1 asks for an expedited GP. */
#define PREEMPTED_READER "work T0 read_lock\nstep cpu0 x2\nresched cpu0\nstep cpu0 x6\n"

int test_expedited_waits_for_preempted_reader(void)
{
	struct watch w;
	struct rcufuzz_result r;

	EXPECT(run_watched("topology cpus=4 fanout=2 tasks=2\n" PREEMPTED_READER
			   "work T1 synchronize_rcu_expedited\n" TEN_ROUNDS
			   "work T0 read_unlock\nstep cpu0 x8\nstep cpu1 x8\nstep cpu0 x8\n"
			   "step cpu1 x8\n",
			   &w, &r) == 0,
	       "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(rcu_preempt_state.num_nodes == 3, "not a two-level tree");
	EXPECT(w.queued, "the reader was never queued on ->blkd_tasks");
	EXPECT(w.exp_waiting > w.queued, "the expedited waiter never waited on the reader");
	EXPECT(w.dequeued > w.exp_waiting, "the reader left before the expedited GP began");
	EXPECT(w.waiter_woken >= w.dequeued,
	       "the waiter woke (step %lu) before the reader left "
	       "(step %lu)",
	       w.waiter_woken, w.dequeued);
	return 0;
}

/* The expedited GP boosts the blocking reader; its unlock deboosts it. */
int test_boost_and_deboost(void)
{
	struct watch w;
	struct rcufuzz_result r;

	EXPECT(run_watched("topology cpus=4 fanout=2 tasks=2\n" PREEMPTED_READER
			   "work T1 synchronize_rcu_expedited\n" TEN_ROUNDS
			   "work T0 read_unlock\nstep cpu0 x8\nstep cpu1 x8\nstep cpu0 x8\n",
			   &w, &r) == 0,
	       "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(w.boosted > w.queued, "the reader was never boosted");
	EXPECT(w.boosted_prio == MAX_RT_PRIO - 2, "boosted to prio %d, not rcub's", w.boosted_prio);
	EXPECT(w.deboosted > w.boosted && w.deboosted >= w.dequeued,
	       "deboost at step %lu, dequeue at %lu", w.deboosted, w.dequeued);
	return 0;
}

/* A normal GP waits for a preempted reader and ends only after it leaves. */
int test_normal_gp_held_by_preempted_reader(void)
{
	struct watch w;
	struct rcufuzz_result r;

	EXPECT(run_watched("topology cpus=2 fanout=2 tasks=2\n" PREEMPTED_READER
			   "work T1 synchronize_rcu\nstep cpu1 x8\nstep cpu1 x8\n"
			   "irq cpu1 tick\nstep cpu1 x8\nstep cpu1 x8\nresched cpu0\nstep cpu0 x8\n"
			   "irq cpu0 tick\nstep cpu0 x8\nstep cpu0 x8\nstep cpu0 x8\n"
			   /* CPU0 has seen the new GP: a context switch is its QS. */
			   "resched cpu0\nstep cpu0 x8\nirq cpu0 tick\nstep cpu0 x8\nstep cpu0 x8\n"
			   "irq cpu1 tick\nstep cpu1 x8\nstep cpu1 x8\n"
			   "irq cpu0 tick\nstep cpu0 x8\nstep cpu0 x8\n"
			   "work T0 read_unlock\nstep cpu0 x8\n",
			   &w, &r) == 0,
	       "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(w.gp_blocked, "no GP ever waited on the reader alone (every CPU reported)");
	EXPECT(w.dequeued > w.gp_blocked, "the reader left before the GP waited on it");
	EXPECT(w.gp_ended_after >= w.dequeued,
	       "GP %lu ended at step %lu, before the reader "
	       "left at step %lu",
	       w.gp_blocked_num, w.gp_ended_after, w.dequeued);
	return 0;
}

/* Appends @n rounds of every CPU of four stepping, a tick on CPU0 every third round. */
static void ticking_rounds(char *buf, size_t len, int n)
{
	for (int i = 0; i < n; i++)
		strncat(buf, ROUNDS_4CPU ROUNDS_4CPU ROUNDS_4CPU "irq cpu0 tick\n",
			len - strlen(buf) - 1);
}

/*
 * The last CPU of a leaf goes offline with a reader queued there: the reader
 * moves to the root, and the grace period it blocks (T1's synchronize_rcu())
 * now waits on it there: the root's ->gp_tasks points at it.
 * T2's reader is preempted on CPU2 (the second leaf, CPUs 2-3; x86 refuses to
 * offline CPU0), then T0 offlines CPU3 and CPU2; each cpu_down() may sleep in
 * __cpu_die()'s msleep(100), so CPU0 ticks.
 */
int test_offline_moves_blocked_reader_to_root(void)
{
	static char text[1 << 18];
	struct watch w;
	struct rcufuzz_result r;

	snprintf(text, sizeof(text),
		 "topology cpus=4 fanout=2 tasks=4\n"
		 "work T2 read_lock\nstep cpu2 x2\nresched cpu2\nstep cpu2 x6\n"
		 "work T1 synchronize_rcu\n" ROUNDS_4CPU ROUNDS_4CPU
		 "irq cpu1 tick\n" /* its RCU_SOFTIRQ starts the GP */
		 "work T0 cpu_offline cpu3\n");
	ticking_rounds(text, sizeof(text), 150);
	strncat(text, "work T0 cpu_offline cpu2\n", sizeof(text) - strlen(text) - 1);
	ticking_rounds(text, sizeof(text), 150);
	strncat(text, "work T2 read_unlock\n", sizeof(text) - strlen(text) - 1);
	ticking_rounds(text, sizeof(text), 20);
	EXPECT(run_watched_reader(text, "T2", &w, &r) == 0, "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(w.queued, "the reader was never queued");
	EXPECT(w.moved_to_root, "the reader never moved to the root rcu_node");
	EXPECT(w.dequeued > w.queued, "the reader never left the root's list");
	/* rcu_preempt_offline_tasks() moved ->gp_tasks along with the reader. */
	EXPECT(w.gp_tasks_at_root > w.queued && w.gp_tasks_at_root < w.dequeued,
	       "the root's ->gp_tasks never pointed at the reader that blocks T1's GP there");
	return 0;
}

/*
 * A grace period ends and no other is needed: rcu_start_gp() still writes
 * the new ->completed into every rcu_node, so that the other CPUs see the
 * end (and advance their callbacks) without waiting for the next GP.
 */
int test_gp_end_reaches_every_node(void)
{
	struct rcufuzz_result r;
	struct rcu_state *rsp = &rcu_preempt_state;
	struct rcu_node *rnp;

	EXPECT(run_scenario_watched("topology cpus=4 fanout=2 tasks=2\n"
				    "work T1 synchronize_rcu\n" TEN_ROUNDS,
				    NULL, NULL, &r) == 0,
	       "scenario");
	EXPECT(!r.reported, "%s", r.text);
	/* 3.0 starts both counters at -300. */
	EXPECT(rsp->completed == rsp->gpnum && rsp->completed != (unsigned long)-300,
	       "no GP ended, or one is still running: gpnum %lu completed %lu", rsp->gpnum,
	       rsp->completed);
	rcu_for_each_node_breadth_first(rsp, rnp)
		EXPECT(rnp->completed == rsp->completed,
		       "rcu_node %d says GP %lu completed, rcu_state %lu",
		       (int)(rnp - rcu_get_root(rsp)), rnp->completed, rsp->completed);
	return 0;
}

/*
 * Cure deferred_qs: an outermost rcu_read_unlock() with irqs, bh and
 * preemption on reports at once (dequeues the preempted reader); only
 * one with something disabled defers to the next context switch.
 */
int test_deferred_qs_reports_at_an_enabled_unlock(void)
{
	struct watch w = {.mark = "deref"};
	struct rcufuzz_result r;

	EXPECT(run_scenario_watched("preset misuse+deferred_qs\ntopology cpus=2 fanout=2 "
				    "tasks=2\n" PREEMPTED_READER
				    "work T0 read_unlock\nwork T0 deref\n"
				    "step cpu0 until run_op:deref\n",
				    watch_step, &w, &r) == 0,
	       "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(w.queued, "the reader was never queued");
	EXPECT(w.marked, "T0 never reached its deref");
	EXPECT(w.dequeued && w.dequeued < w.marked,
	       "dequeued at step %lu, not before T0's next op (step %lu)", w.dequeued, w.marked);
	return 0;
}

/* What the fqs watch saw while the records ran (the drain ticks, so it stops there). */
struct fqs_watch {
	unsigned long n_force_qs; /* rounds so far */
	unsigned long round_jiffies[4];
	int rounds;
	int credited;		       /* force_quiescent_state() credited CPU1 (dynticks_fqs) */
	unsigned long credited_gp_age; /* jiffies - ->gp_start then */
	int fqs_kthread;	       /* the fqs kthread exists */
};

static void fqs_watch_step(const struct trace_row *row, void *arg)
{
	struct fqs_watch *w = arg;
	struct rcu_state *rsp = &rcu_preempt_state;

	if (row->event < 0)
		return;
	w->fqs_kthread |= task_named("rcu_torture_fqs") != NULL;
	if (rsp->n_force_qs != w->n_force_qs) {
		w->n_force_qs = rsp->n_force_qs;
		if (w->rounds < 4)
			w->round_jiffies[w->rounds] = jiffies;
		w->rounds++;
	}
	if (!w->credited && rcu_preempt_data[1].dynticks_fqs) {
		w->credited = 1;
		w->credited_gp_age = jiffies - rsp->gp_start;
	}
}

/*
 * rcutorture's fqs bursts (RCU_TORTURE_FQS=y, h2 bit 6): with one tick in
 * the schedule, the burst's first two calls of force_quiescent_state() run
 * a snapshot round and a forcing round at the same jiffy, which credits
 * dyntick-idle CPU1.  The same records with the bit off run no round at all
 * (relaxed forcing waits 4 jiffies past the GP's start for its snapshot):
 * without the config nothing forces.  tests/scenarios/
 * fqs-burst-two-rounds-one-tick.scn is the named-point form.
 */
int test_fqs_burst_forces_twice_without_tick(void)
{
	static const char schedule[] =
		"topology cpus=2 fanout=2 tasks=1\n"
		"step cpu1 x8\n"			     /* CPU1 idle: dyntick-idle */
		"work T0 synchronize_rcu\n"		     /* a callback, T0 waits */
		"step cpu0 x8\nstep cpu0 x8\nstep cpu0 x8\n" /* T0, then the kthread, sleep */
		"irq cpu0 tick\n"			     /* the GP starts, the kthread wakes */
		"step cpu0 x8\nstep cpu0 x8\nstep cpu0 x8\nstep cpu0 x8\nstep cpu0 x8\n";
	static char text[sizeof(schedule) + 64];
	struct fqs_watch w;
	struct rcufuzz_result r;

	snprintf(text, sizeof(text), "config RCU_TORTURE_FQS=y\n%s", schedule);
	memset(&w, 0, sizeof(w));
	EXPECT(run_scenario_watched(text, fqs_watch_step, &w, &r) == 0, "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(w.fqs_kthread, "no rcu_torture_fqs kthread");
	EXPECT(w.rounds >= 2, "%d forcing rounds", w.rounds);
	EXPECT(w.round_jiffies[0] == w.round_jiffies[1], "a tick between the rounds (%lu, %lu)",
	       w.round_jiffies[0], w.round_jiffies[1]);
	EXPECT(w.credited && w.credited_gp_age <= RCU_JIFFIES_TILL_FORCE_QS,
	       "CPU1 %scredited (GP %lu jiffies old)", w.credited ? "" : "not ", w.credited_gp_age);

	memset(&w, 0, sizeof(w));
	EXPECT(run_scenario_watched(schedule, fqs_watch_step, &w, &r) == 0, "scenario");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(!w.fqs_kthread, "an fqs kthread with the bit off");
	EXPECT(w.rounds == 0 && !w.credited, "%d rounds, CPU1 %scredited with the bit off",
	       w.rounds, w.credited ? "" : "not ");
	return 0;
}
