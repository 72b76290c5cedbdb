/* SPDX-License-Identifier: MIT */
/*
 * One input's run: see run.h and rcufuzz.h.
 *
 * The drain: when the records run out, every workload task is told to wind
 * down; then all online CPUs step round-robin, each getting a timer tick
 * every few rounds, until the machine is quiescent (tasks exited, RCU idle,
 * every CPU halted in its idle loop) or no task has finished an op for
 * DRAIN_ROUNDS rounds.
 * Then liveness is checked.  A workload still progressing at
 * DRAIN_MAX_ROUNDS gets no liveness verdict.
 */
#include "run.h"

#include "check/feedback.h"
#include "check/liveness.h"
#include "check/oracle.h"
#include "check/report.h"
#include "config/history.h"
#include "kernel/boot.h"
#include "kernel/bug.h"
#include "kernel/frame.h"
#include "kernel/interrupt.h"
#include "kernel/preempt.h"
#include "kernel/sched.h"
#include "kernel/spinlock.h"
#include "kernel/tick.h"
#include "kernel/timer.h"
#include "kernel/workload.h"
#include "rcu/rcu.h"
#include "sim/sim.h"

#include <stdio.h>
#include <string.h>

#define RECENT_EVENTS 24

struct recent {
	long index; /* record number, -1 for the drain */
	struct input_event ev;
	int cpu;			/* CPU that stepped */
	const struct task_struct *task; /* its current task afterwards (NULL: no step) */
	const char *func;		/* where it stands */
	const char *label;
};

static struct {
	const uint8_t *data; /* the input */
	size_t size;
	unsigned long events; /* records decoded */
	struct config config; /* the header's, with the options' pins */
	const struct rcufuzz_options *opts;
	struct recent ring[RECENT_EVENTS];
	unsigned long ring_count;
	long event_index;  /* record being applied, -1 in the drain */
	size_t record_end; /* where the record being applied ends; the input's size after */
	size_t milestone;  /* record_end when the milestone was met; 0: not yet */
	const struct input_event *ev;
	unsigned long drain_rounds;
	unsigned long drain_from; /* sim_steps() as the drain began; ~0: no drain */
} m NOT_MACHINE_STATE;

static const char *context_of(const struct task_struct *t)
{
	if (t->preempt_count & HARDIRQ_MASK)
		return "hardirq";
	if (t->preempt_count & SOFTIRQ_OFFSET)
		return "softirq";
	for (int i = t->depth - 1; i >= 0; i--)
		if (t->frames[i].irq == FRAME_HARDIRQ)
			return "irq-exit";
	return "task";
}

static void note_recent(int cpu, const struct task_struct *task, const char *func,
			const char *label)
{
	struct recent *r = &m.ring[m.ring_count++ % RECENT_EVENTS];

	r->index = m.event_index;
	r->ev = *m.ev;
	r->cpu = cpu;
	r->task = task;
	r->func = func;
	r->label = label;
}

/*
 * After every step (sim_run's hook): the recent-events ring and --trace.
 * The drain's steps go to neither, so without --trace the drain turns the
 * hook off (sim_set_after_step()): most steps of a run are the drain's.
 */
static void note_step(int cpu)
{
	const struct task_struct *t;
	const struct sim_site *s;
	const char *func;
	const char *label;

	if (m.event_index < 0 && !m.opts->trace)
		return;
	if (m.milestone == 0 && feedback_milestone())
		m.milestone = m.record_end;
	t = cpu_curr(cpu);
	s = sim_cpu_site(cpu);
	func = t->depth ? frame_top(t) : (s ? s->func : "?");
	label = s ? s->label : "start";
	if (m.event_index >= 0)
		note_recent(cpu, t, func, label);
	if (m.opts->trace) {
		int op = workload_op_returned(cpu, sim_steps());
		struct trace_row row = {
			.step = sim_steps(),
			.event = m.event_index,
			.ev = m.ev,
			.cpu = cpu,
			.task = t,
			.context = context_of(t),
			.func = func,
			.label = label,
			.point_func = s ? s->func : "?",
			.site_func = lock_site_func(t, s),
			.op_returned = op >= 0 ? work_op_name((enum work_op)op) : NULL,
		};

		m.opts->trace(&row, m.opts->trace_arg);
	}
}

const char *trace_point_func(const struct trace_row *row)
{
	/* A lock's point with no frame above it (a stopper): the lock's caller says more. */
	if (row->site_func && strcmp(row->func, row->point_func) == 0)
		return row->site_func;
	return row->func;
}

void cpu_point_name(int cpu, const char **func, const char **label)
{
	const struct task_struct *t = cpu_curr(cpu);
	const struct sim_site *s = sim_cpu_site(cpu);
	/*
	 * The fields note_step() gives its rows, computed again: sharing them
	 * by rewriting note_step()'s locals moved rcureplay --explore's counts
	 * (hotplug-gp to 3: 366,281 -> 366,072), so its hash reads bytes that
	 * are not machine state; not chased yet.
	 */
	struct trace_row row = {
		.func = t->depth ? frame_top(t) : (s ? s->func : "?"),
		.point_func = s ? s->func : "?",
		.site_func = lock_site_func(t, s),
	};

	*func = trace_point_func(&row);
	*label = s ? s->label : "start";
}

void event_format(const struct input_event *ev, char *buf, size_t len)
{
	switch (ev->op) {
	case EV_STEP:
		if (ev->count > 1)
			snprintf(buf, len, "step cpu%d x%d", ev->cpu, ev->count);
		else
			snprintf(buf, len, "step cpu%d", ev->cpu);
		break;
	case EV_IRQ:
		snprintf(buf, len, "irq cpu%d %s", ev->cpu, irq_kind_name(ev->kind));
		break;
	case EV_RESCHED:
		snprintf(buf, len, "resched cpu%d", ev->cpu);
		break;
	case EV_WORK:
		if (work_op_arg(ev->work) == ARG_NONE)
			snprintf(buf, len, "work T%d %s", ev->task, work_op_name(ev->work));
		else
			snprintf(buf, len, "work T%d %s %s%d", ev->task, work_op_name(ev->work),
				 work_arg_prefix(work_op_arg(ev->work)), ev->arg);
		break;
	case EV_BOOT_END:
	case NR_EVENTS:
		snprintf(buf, len, "%s", event_name(ev->op));
		break;
	}
}

/* The report hook: the last events, into the report being written. */
static void report_recent_events(void)
{
	unsigned long n = m.ring_count < RECENT_EVENTS ? m.ring_count : RECENT_EVENTS;
	char text[64];

	report_printf("Last %lu events of the schedule (oldest first):\n", n);
	for (unsigned long i = m.ring_count - n; i < m.ring_count; i++) {
		const struct recent *r = &m.ring[i % RECENT_EVENTS];

		event_format(&r->ev, text, sizeof(text));
		if (r->cpu < 0)
			report_printf("  #%-4ld %s\n", r->index, text);
		else
			report_printf("  #%-4ld %-28s CPU%d %-14s %s: %s\n", r->index, text, r->cpu,
				      task_name(r->task), r->func, r->label);
	}
	if (m.event_index >= 0 && !sim_in_main()) {
		const struct task_struct *t = current;

		event_format(m.ev, text, sizeof(text));
		report_printf("  #%-4ld %-28s CPU%d %-14s %s   <-- reported here\n", m.event_index,
			      text, sim_cpu(), task_name(t), t->depth ? frame_top(t) : "?");
	}
	if (m.event_index < 0)
		report_printf("  (then the drain: %lu rounds of round-robin steps and ticks)\n",
			      m.drain_rounds);
	report_printf("\n");
}

static void apply(const struct input_event *ev)
{
	switch (ev->op) {
	case EV_STEP:
		sim_steps_while(ev->cpu, ev->count, NULL);
		break;
	case EV_IRQ:
		if (cpu_online(ev->cpu)) {
			raise_irq(ev->cpu, (enum irq_kind)ev->kind);
			sim_step(ev->cpu);
		}
		break;
	case EV_RESCHED:
		if (cpu_online(ev->cpu)) {
			set_tsk_need_resched(cpu_curr(ev->cpu));
			sim_step(ev->cpu);
		}
		break;
	case EV_WORK:
		note_recent(-1, NULL, "", "");
		workload_queue(ev->task, ev->work, ev->arg);
		break;
	case EV_BOOT_END:
		note_recent(-1, NULL, "", "");
		if (kernel_booting())
			kernel_boot_end();
		break;
	case NR_EVENTS:
		break;
	}
}

/* Stepping an idle CPU with nothing to do changes nothing: the drain skips it. */
int idle_noop(int cpu)
{
	const struct cpu_state *c = &cpu_state[cpu];

	return cpu_idle_polling(cpu) && !c->pending_irqs && !cpu_curr(cpu)->need_resched;
}

/* sim_steps_while()'s test in the drain: a CPU that would change nothing stops. */
static int has_work(int cpu)
{
	return !idle_noop(cpu);
}

/*
 * Every online CPU halted in its idle loop with nothing to do.  Halted, not
 * only running its idle task: an interrupt or softirq taken on the idle
 * task may be holding work nothing else shows, such as the wakeups that
 * scheduler_ipi() has taken off ->wake_list and not yet enqueued.
 */
static int quiescent(void)
{
	int cpu;

	if (!workload_done() || !liveness_rcu_idle())
		return 0;
	for_each_online_cpu(cpu) {
		const struct rq *rq = cpu_rq(cpu);

		/* The idle task halted at its idle point, not in code it was preempted in. */
		if (rq->curr != rq->idle || !idle_noop(cpu) || rq->nr_running || rq->wake_list ||
		    cpu_state[cpu].softirq_pending)
			return 0;
	}
	return 1;
}

/*
 * NO_HZ in the drain: a CPU whose tick is stopped (idle, in dyntick-idle)
 * gets no timer interrupt until its next event, which 3.0 programs one
 * jiffy ahead while RCU needs the CPU (callbacks queued) or a timer is
 * due; the first online CPU always keeps jiffies going.
 */
int drain_wants_tick(int cpu)
{
	if (!cpu_online(cpu))
		return 0;
	return cpu == first_online_cpu() || !tick_nohz_tick_stopped(cpu) || rcu_needs_cpu(cpu) ||
	       cpu_timer_due_before(cpu, jiffies + 1);
}

/*
 * A round in which no CPU stepped and no tick was raised changed nothing,
 * so the rounds after it change nothing either until the next tick round
 * (what they test is the machine's state: has_work(), quiescent(), the
 * workload's progress).  The last of those rounds that needs no running:
 * the one before the next tick round, before the round that ends the drain
 * for lack of progress, or the cap.  The loop then goes on as if it had run
 * them, with the same round count.
 */
static unsigned long idle_rounds_end(unsigned long round, unsigned long last_progress)
{
	unsigned long end = (round / DRAIN_TICK_EVERY + 1) * DRAIN_TICK_EVERY;

	if (last_progress + DRAIN_ROUNDS < end)
		end = last_progress + DRAIN_ROUNDS;
	if (DRAIN_MAX_ROUNDS + 1 < end)
		end = DRAIN_MAX_ROUNDS + 1;
	return end - 1;
}

/*
 * The drain's rounds as a source of batches (sim_run_batches()): in each
 * round every possible CPU in turn gets its tick on tick rounds and up to
 * DRAIN_STEPS_PER_ROUND steps while it has work; after the round, the
 * tests that end the drain.  What the loop holds between two batches.
 */
static struct {
	int cpu;		     /* next CPU of this round; nr_cpu_ids: the round is over */
	unsigned long steps;	     /* sim_steps() as the round began */
	int ticked;		     /* a tick was raised this round */
	unsigned long progress;	     /* workload_progress() last seen */
	unsigned long last_progress; /* the round it changed */
	int verdict;		     /* 1: liveness can be judged; 0: progressing at the cap */
} d NOT_MACHINE_STATE; /* before the drain: what the last run's drain left */

/*
 * The drain is periodic: every CPU the same steps in the same order, ticks
 * in the same round.  A periodic schedule can keep one CPU's
 * raw_spin_trylock() of an rcu_node (note_new_gpnum(), rcu_process_gp_end())
 * meeting another CPU's hold of it on every tick (each stops its turn at
 * the lock's "lock acquired" point, inside the critical section), so that
 * a CPU never notices a grace period and the drain reports a hang no kernel
 * would sustain: 3.0 retries at the next softirq, and its critical sections
 * are short beside everything else a CPU does between two ticks.  So after
 * half the rounds the liveness check waits for without progress, a CPU's
 * turn goes on while the CPU holds a lock, up to DRAIN_STALLED_STEPS steps
 * (tests/scenarios/regress-drain-trylock-phase-lock.scn).  Harness only.
 */
#define DRAIN_STALLED_STEPS (4 * DRAIN_STEPS_PER_ROUND)

static int drain_stalled(void)
{
	return m.drain_rounds - d.last_progress >= DRAIN_ROUNDS / 2;
}

static int turn_steps; /* steps of the current stalled-phase turn */

static int has_work_outside_locks(int cpu)
{
	if (!has_work(cpu))
		return 0;
	return ++turn_steps < DRAIN_STEPS_PER_ROUND || cpu_curr(cpu)->lockdep_depth > 0;
}

/* Called between batches, as if on the main loop (sim.h): nothing here reports. */
static int drain_next_batch(struct sim_batch *b)
{
	for (;;) {
		if (d.cpu < nr_cpu_ids) {
			int cpu = d.cpu++;

			if (m.drain_rounds % DRAIN_TICK_EVERY == 0 && drain_wants_tick(cpu)) {
				raise_irq(cpu, IRQ_TICK);
				d.ticked = 1;
			}
			/*
			 * Ask has_work() here, not through sim_run_batches()'
			 * two indirect calls: most CPUs of most rounds are idle
			 * with nothing to do.
			 */
			if (!has_work(cpu))
				continue;
			b->cpu = cpu;
			b->n = DRAIN_STEPS_PER_ROUND;
			b->go_on = has_work;
			b->go_on_said_yes = 1;
			if (drain_stalled()) {
				turn_steps = 0;
				b->n = DRAIN_STALLED_STEPS;
				b->go_on = has_work_outside_locks;
			}
			return 1;
		}
		/* The round is over. */
		d.verdict = 1;
		if (quiescent())
			return 0;
		if (workload_progress() != d.progress) {
			d.progress = workload_progress();
			d.last_progress = m.drain_rounds;
		} else if (m.drain_rounds - d.last_progress >= DRAIN_ROUNDS) {
			return 0;
		}
		if (!d.ticked && sim_steps() == d.steps)
			m.drain_rounds = idle_rounds_end(m.drain_rounds, d.last_progress);
		if (++m.drain_rounds > DRAIN_MAX_ROUNDS) {
			m.drain_rounds = DRAIN_MAX_ROUNDS;
			d.verdict = 0;
			return 0;
		}
		d.cpu = 0;
		d.steps = sim_steps();
		d.ticked = 0;
	}
}

/* Returns 1 when liveness can be judged, 0 when work still progresses at the cap. */
static int drain(void)
{
	m.event_index = -1;
	m.ev = NULL;
	m.drain_from = sim_steps();
	workload_begin_drain();
	if (kernel_booting())
		kernel_boot_end();
	if (!m.opts->trace)
		sim_set_after_step(NULL);
	memset(&d, 0, sizeof(d));
	d.progress = workload_progress();
	d.steps = sim_steps();
	m.drain_rounds = 1;
	sim_run_batches(drain_next_batch);
	return d.verdict;
}

void rcufuzz_default_options(struct rcufuzz_options *o)
{
	memset(o, 0, sizeof(*o));
	config_unpinned(&o->pin);
	/* v3.0's switches, no pin: the input's header picks the implementation. */
	preset_lookup(PRESET_V3_0, &o->switches, NULL);
	o->mode = MODE_STRICT;
	o->lockdep = 1;
}

/* The body of a run, on the main loop; a report ends it from anywhere (sim_stop). */
static void run_input(void *unused)
{
	struct input_event ev;
	size_t pos = 0;

	(void)unused;
	kernel_boot(&m.config.topo, m.opts->mode, m.opts->lockdep);
	while (sim_steps() < INPUT_STEP_BUDGET &&
	       input_next(m.data, m.size, &pos, &m.config.topo, m.opts->mode, &ev)) {
		if (m.opts->before_record)
			m.opts->before_record((long)m.events, m.opts->before_record_arg);
		m.event_index = (long)m.events++;
		m.ev = &ev;
		m.record_end = pos;
		apply(&ev);
	}
	m.record_end = m.size;
	while (m.opts->more_records && sim_steps() < INPUT_STEP_BUDGET) {
		int more = m.opts->more_records(&ev, m.opts->more_records_arg);

		if (more < 0)
			return;
		if (more == 0)
			break;
		m.event_index = (long)m.events++;
		m.ev = &ev;
		apply(&ev);
	}
	if (m.opts->before_record)
		m.opts->before_record(-1, m.opts->before_record_arg);
	if (m.opts->records_only)
		return;
	if (drain())
		liveness_check(DRAIN_ROUNDS);
	model_check_report_deferred();
}

void rcufuzz_config(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		    struct config *c)
{
	input_config(data, size, c);
	config_apply_pins(c, &o->pin);
	config_normalize(c);
}

void rcufuzz_run(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		 struct rcufuzz_result *r)
{
	static const struct sim_hooks hooks = {run_input, NULL, kernel_at_point, note_step};

	memset(&m, 0, sizeof(m));
	m.data = data;
	m.size = size;
	m.opts = o;
	m.event_index = -1;
	m.drain_from = ~0ul;
	active_switches = o->switches;
	rcufuzz_config(data, size, o, &m.config);
	kconfig = m.config.kconfig;
	sim_reset();
	report_reset(&m.config, o->replay_cmd, report_recent_events);
	oracle_reset();
	feedback_reset();
	model_checks_reset(o->consequences);
	sim_run(&hooks);
	oracle_release_all();
	r->reported = report_made();
	r->kind = report_kind();
	r->text = report_text();
	r->summary = report_summary();
	r->steps = sim_steps();
	r->drain_steps = m.drain_from <= r->steps ? r->steps - m.drain_from : 0;
	r->events = m.events;
	/* Met in the drain, whose steps note_step() does not see: the whole input. */
	r->milestone = m.milestone ? m.milestone : feedback_milestone() ? size : 0;
}

int rcufuzz_options_for(const char *preset, enum workload_mode mode, struct rcufuzz_options *o)
{
	rcufuzz_default_options(o);
	if (!preset_lookup(preset, &o->switches, &o->pin))
		return 0;
	o->mode = preset_is_misuse(preset) ? MODE_MISUSE : mode;
	return 1;
}

int rcufuzz_options_under(const char *preset, const struct rcufuzz_options *base,
			  struct rcufuzz_options *out)
{
	*out = *base;
	return preset_lookup(preset, &out->switches, &out->pin);
}

int rcufuzz_run_unless(const uint8_t *data, size_t size, const struct rcufuzz_options *o,
		       const struct rcufuzz_options *q, struct rcufuzz_result *r)
{
	rcufuzz_run(data, size, o, r);
	if (!r->reported || q == NULL)
		return 0;
	rcufuzz_run(data, size, q, r);
	if (r->reported)
		return 1;
	rcufuzz_run(data, size, o, r);
	return 0;
}

static const char *const mode_names[NR_MODES] = {"strict", "misuse", "test"};

const char *mode_name(enum workload_mode mode)
{
	return mode_names[mode];
}

int mode_lookup(const char *name)
{
	for (int i = 0; i < NR_MODES; i++)
		if (strcmp(name, mode_names[i]) == 0)
			return i;
	return -1;
}
