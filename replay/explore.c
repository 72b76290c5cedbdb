/* SPDX-License-Identifier: MIT */
/*
 * Bounded exhaustive exploration: see explore.h and docs/exploring.md.
 *
 * A schedule is the default schedule plus a list of preemptions, each a
 * branch point (the n-th time the running CPU stands at an RCU-relevant
 * point, counted from the start of the run) and an alternative: resched
 * the running CPU's task, or run another CPU instead.  The default
 * schedule runs the current CPU on, one step record at a time, until it
 * waits (halted idle, spinning on a lock, waiting for work or for
 * stop_machine) or has run SLICE steps; then the next CPU that has work,
 * round robin; a tick on every CPU that wants one (as the drain ticks)
 * every TICK_EVERY steps and whenever every CPU waits.  The explored
 * phase ends when every CPU waits with RCU idle, or after EXPLORE_STEPS
 * steps; the drain then ends the run as it ends any input's.  Every run is
 * an ordinary input (the scenario's bytes and the records the explorer
 * hands rcufuzz_run() through more_records), so a report is a byte input
 * that rcureplay replays and minimizes like any other.
 *
 * Stateless, CHESS-style: each schedule runs from boot, and bound b's
 * schedules are the children of bound b-1's (one more preemption at a
 * branch point after the last one), in depth-first order.  A schedule's
 * children are found by running it; the ones with b preemptions, the
 * leaves, go in batches of BATCH to --jobs worker processes.
 *
 * Pruning: after a schedule's last preemption the explorer hashes the
 * machine's whole state at its branch points (state.h) with the
 * preemptions it has left.  A state met again with the same preemptions
 * left has nothing new below it: the schedule stops there, and it has no
 * children.  Leaves of a batch prune against the states known when the
 * batch began, and their states join the set in the batch's order, so
 * the counts and the first report do not depend on --jobs.
 */
#include "explore.h"

#include "state.h"

#include "../target/check/feedback.h"
#include "../target/check/liveness.h"
#include "../target/check/relevant.h"
#include "../target/input.h"
#include "../target/kernel/cpu.h"
#include "../target/kernel/hotplug.h"
#include "../target/kernel/sched.h"
#include "../target/kernel/task.h"
#include "../target/kernel/workload.h"
#include "../target/rcu/tree.h"
#include "../target/run.h"
#include "../target/sim/sim.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TICK_EVERY    64   /* explored steps between two tick rounds */
#define SLICE	      256  /* steps a CPU runs in a row before the next takes over */
#define IDLE_ROUNDS   400  /* tick rounds in a row with every CPU waiting: then the drain */
/*
 * Times every other CPU waited (a spinner stepped or a tick round: 32-64
 * jiffies) before a parked CPU runs again: a grace period's start, its two
 * forcing passes and its callbacks fit (16 did not).
 */
#define PARK_ROUNDS   64
#define STUCK_ROUNDS  128 /* of them with nothing moving: the explored part is over */
#define MAX_HASHES    8   /* states hashed per run after its last preemption */
#define BATCH	      256  /* leaves per batch */
#define VWORKERS      8	   /* processes per batch, --jobs of them at a time */

/* The alternatives at a branch point: bits of struct branch's alts (see alternatives()). */
enum { ALT_RESCHED, ALT_PARK, ALT_CPU };

/* One preemption: at the @at-th branch point, alternative @alt. */
struct preemption {
	unsigned int at;
	unsigned char alt;
};

struct schedule {
	int n;
	struct preemption p[EXPLORE_MAX_BOUND];
};

/* A branch point after a schedule's last preemption, and its alternatives (a bit each). */
struct branch {
	unsigned int at;
	uint32_t alts;
};

/* One run of one schedule: the more_records source and what it found. */
struct run {
	const struct explorer *x;
	const struct schedule *s;
	int budget;	     /* preemptions left after the schedule's own */
	int next;	     /* s->p[next] is the next preemption to take */
	unsigned int branch; /* branch points passed */
	int released;	     /* x->work[] handed out so far */
	int cur;	     /* the CPU the default schedule runs */
	unsigned int parked; /* CPUs parked by a preemption (a bit each) */
	unsigned int spun;   /* spinners stepped while every CPU waited (spinner()) */
	int last;	     /* the CPU the last step record stepped, -1: not a step record */
	unsigned int steps, since_tick, slice, idle_rounds, park_rounds;
	uint64_t mark;	    /* what stuck() saw move last */
	unsigned int still; /* times every CPU waited since it moved */
	struct input_event queue[SIM_MAX_CPUS];
	int qhead, qlen;
	int hash;		    /* hash the states after the last preemption */
	const struct state_set *seen; /* prune against these (NULL: no pruning) */
	int pruned;
	int record;		 /* collect the branch points after the last preemption */
	struct branch *branches; /* (heap) */
	unsigned int nbranches, branches_cap;
	uint64_t hashes[MAX_HASHES]; /* the states hashed after the last preemption */
	unsigned int hash_at[MAX_HASHES]; /* and the branch points they were hashed at */
	int nhashes;
	struct input_event *log; /* every record handed out (NULL: not kept) */
	size_t nlog, log_cap;
	struct explore_preemption *note; /* where each preemption was taken (NULL: not kept) */
};

/* What a worker found for one leaf, in memory shared with the parent. */
struct leaf_result {
	int pruned, reported, unless, nhashes;
	uint64_t hashes[MAX_HASHES];
	char summary[256];
};

#define MAX_WORK 64 /* workload records the explorer hands out */

struct explorer {
	const uint8_t *prefix; /* the scenario's bytes up to its last schedule record */
	size_t size;
	struct input_event work[MAX_WORK]; /* the workload records after it, in order */
	int nwork;
	struct rcufuzz_options o;
	const struct explore_options *eo;
	struct explore_result *r;
	int b;	   /* the bound being explored */
	int prune; /* --no-prune not given, and this build can hash the state */
	struct state_set seen;
	struct schedule batch[BATCH];
	int nbatch;
	struct leaf_result *results; /* BATCH of them, shared */
	struct schedule found;	     /* the first report's schedule */
	int stop;		     /* a report, or --max-schedules */
	double start, last_progress;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * The machine's whole state where the run stands (state.h), the default
 * schedule's own state, and the preemptions left.
 */
static uint64_t state_hash(const struct run *r)
{
	uint64_t h = machine_state_hash(0x243f6a8885a308d3ull);

	h ^= (uint64_t)r->cur * 0x100000001b3ull + ((uint64_t)r->steps << 20) +
	     ((uint64_t)r->since_tick << 8) + ((uint64_t)r->slice << 40) +
	     ((uint64_t)r->idle_rounds << 52);
	h = (h ^ ((uint64_t)r->parked << 32) ^ ((uint64_t)r->spun << 48) ^ r->park_rounds ^
	     ((uint64_t)r->released << 16)) *
	    0x9e3779b97f4a7c15ull;
	h = (h ^ r->mark ^ ((uint64_t)r->still << 40)) * 0xff51afd7ed558ccdull;
	h *= 0xc4ceb9fe1a85ec53ull;
	/* With the preemptions left: a state is explored for that many more. */
	return (h ^ ((uint64_t)r->budget << 59) ^ (h >> 31)) | 1;
}

/* ---- the default schedule and its branch points ---- */

enum { SITE_RUNS = 1, SITE_SPINS, SITE_WAITS_FOR_WORK, SITE_DEAD };

/*
 * What the default schedule makes of point @s: spins (on a lock, in a
 * cpu_relax() loop, in udelay()), waits for work, is dead (a CPU halted in
 * play_dead(): stepping it changes nothing), or runs on.  The labels'
 * strcmp()s were a tenth of an exploration's time: each site's answer is
 * kept, in a table that is the tool's, not the machine's.
 */
static int site_kind(const struct sim_site *s)
{
	static struct {
		const struct sim_site *site;
		int kind;
	} seen[1024] NOT_MACHINE_STATE;
	size_t h = ((uintptr_t)s >> 4) % 1024;

	if (seen[h].site == s)
		return seen[h].kind;
	seen[h].site = s;
	if (strcmp(s->label, "spinning") == 0 || strncmp(s->label, "cpu_relax", 9) == 0 ||
	    strcmp(s->label, "udelay") == 0)
		seen[h].kind = SITE_SPINS;
	else if (strcmp(s->label, "waiting for work") == 0)
		seen[h].kind = SITE_WAITS_FOR_WORK;
	else if (strcmp(s->func, "play_dead") == 0)
		seen[h].kind = SITE_DEAD; /* irqs off, halted for good: nothing to step */
	else
		seen[h].kind = SITE_RUNS;
	return seen[h].kind;
}

/* Does CPU @cpu stand in a spin (on a lock, in a cpu_relax() loop, in udelay())? */
static int spins(int cpu)
{
	const struct sim_site *s = sim_cpu_site(cpu);

	return s != NULL && site_kind(s) == SITE_SPINS;
}

/*
 * Does CPU @cpu wait (parked by a preemption or offline, halted idle,
 * spinning, waiting for work or for stop_machine)?
 */
static int waiting(const struct run *r, int cpu)
{
	const struct sim_site *s = sim_cpu_site(cpu);
	int kind;

	if (((r->parked >> cpu) & 1) || !sim_cpu_runnable(cpu) || idle_noop(cpu))
		return 1;
	kind = s != NULL ? site_kind(s) : SITE_RUNS;
	/* Halted in play_dead() until a cpu_up() brings its idle loop back. */
	if (kind == SITE_DEAD)
		return cpu_reached_play_dead(cpu);
	return kind != SITE_RUNS;
}

/*
 * When every CPU waits: a spinning CPU not stepped since the last tick
 * round or the last step of a CPU that did not wait (-1: none).  A spin
 * ends when another CPU acts (a lock released, stop_machine's next stage,
 * the dead CPU's idle task reached), which shows only when the spinner
 * steps: so each spinner steps once whenever every CPU waits, and runs on
 * if that step took it out of its spin.
 */
static int spinner(const struct run *r)
{
	for (int k = 1; k <= nr_cpu_ids; k++) {
		int c = (r->cur + k) % nr_cpu_ids;

		if (!(((r->parked | r->spun) >> c) & 1) && sim_cpu_runnable(c) && !idle_noop(c) &&
		    spins(c))
			return c;
	}
	return -1;
}

/*
 * The alternatives at a branch point of CPU @cpu (a bit each): resched its
 * task (ALT_RESCHED); park it (ALT_PARK: it stands where it is, inside
 * whatever it is doing, until the other CPUs have waited PARK_ROUNDS
 * times); or run CPU c instead (ALT_CPU + c: @cpu runs again when
 * its turn comes).  With --parks-only, the park alone: the hold a hotplug
 * finding needs (a CPU standing still while the others run a grace
 * period or an offline) at a fraction of the schedules (docs/exploring.md).
 */
static uint32_t alternatives(const struct run *r, int cpu)
{
	uint32_t alts = 0;

	if (cpu_curr(cpu) != cpu_rq(cpu)->idle)
		alts |= 1u << ALT_RESCHED;
	for (int c = 0; c < nr_cpu_ids; c++)
		if (c != cpu && !waiting(r, c)) {
			/* Another CPU instead: of the running CPU only (a tick's CPU is not). */
			if (cpu == r->cur)
				alts |= 1u << (ALT_CPU + c);
			alts |= 1u << ALT_PARK;
		}
	if (r->x->eo->parks_only)
		alts &= 1u << ALT_PARK;
	return alts;
}

static int log_event(struct run *r, const struct input_event *ev)
{
	if (r->log == NULL && r->log_cap == 0)
		return 0;
	if (r->nlog == r->log_cap) {
		struct input_event *bigger = realloc(r->log, 2 * r->log_cap * sizeof(*bigger));

		if (bigger == NULL)
			return -1;
		r->log = bigger;
		r->log_cap *= 2;
	}
	r->log[r->nlog++] = *ev;
	return 0;
}

static int hand_out(struct run *r, struct input_event *ev, enum event_op op, int cpu)
{
	memset(ev, 0, sizeof(*ev));
	ev->op = op;
	ev->cpu = cpu;
	ev->count = 1;
	if (op == EV_IRQ)
		ev->kind = IRQ_TICK;
	if (op == EV_STEP) {
		r->steps++;
		r->since_tick++;
		r->slice++;
	}
	r->last = op == EV_WORK || op == EV_BOOT_END ? -1 : cpu;
	return log_event(r, ev) < 0 ? -1 : 1;
}

/* Queue a tick for every CPU that wants one but a parked one; 0 if none does. */
static int tick_round(struct run *r)
{
	r->since_tick = 0;
	r->spun = 0;
	for (int c = 0; c < nr_cpu_ids; c++)
		if (drain_wants_tick(c) && !((r->parked >> c) & 1))
			r->queue[(r->qhead + r->qlen++) % SIM_MAX_CPUS] = (struct input_event){
				.op = EV_IRQ, .cpu = c, .kind = IRQ_TICK, .count = 1};
	return r->qlen > 0;
}

/* The next CPU after the current one, round robin, that has work; -1: none. */
static int next_cpu(const struct run *r)
{
	for (int k = 1; k <= nr_cpu_ids; k++) {
		int c = (r->cur + k) % nr_cpu_ids;

		if (!waiting(r, c))
			return c;
	}
	return -1;
}

/* A branch point after the last preemption: hash, prune, note its alternatives. */
static int after_last_preemption(struct run *r, unsigned int at, uint32_t alts)
{
	if (r->hash && r->nhashes < MAX_HASHES) {
		uint64_t h = state_hash(r);

		r->hash_at[r->nhashes] = at;
		r->hashes[r->nhashes++] = h;
		if (r->seen != NULL && state_set_has(r->seen, h)) {
			r->pruned = 1;
			return -1;
		}
	}
	if (r->record && r->budget > 0 && alts) {
		if (r->nbranches == r->branches_cap) {
			unsigned int cap = r->branches_cap ? 2 * r->branches_cap : 256;
			struct branch *bigger = realloc(r->branches, cap * sizeof(*bigger));

			if (bigger == NULL)
				return -1;
			r->branches = bigger;
			r->branches_cap = cap;
		}
		r->branches[r->nbranches++] = (struct branch){at, alts};
	}
	return 0;
}

/*
 * Has nothing moved for STUCK_ROUNDS times in a row that every CPU waited: no
 * workload op handed out or taken, no grace period begun or ended?  Then
 * the explored part is over (a workload that leaves a reader open keeps a
 * grace period waiting for good; the drain ends the run as it ends any).
 */
static int stuck(struct run *r)
{
	const struct rcu_state *rsp = &rcu_preempt_state;
	uint64_t mark = (uint64_t)r->released * 1000003u + (uint64_t)workload_ops_queued() * 7919u +
			(uint64_t)rsp->gpnum * 31u + (uint64_t)rsp->completed;

	if (mark != r->mark) {
		r->mark = mark;
		r->still = 0;
		return 0;
	}
	return ++r->still > STUCK_ROUNDS;
}

/* Where CPU @c stands as preemption @alt is taken there, for the report. */
static void note_preemption(struct explore_preemption *p, int c, int alt)
{
	const char *func, *label;

	cpu_point_name(c, &func, &label);
	p->kind = alt == ALT_RESCHED ? EXPLORE_RESCHED
		  : alt == ALT_PARK  ? EXPLORE_PARK
				     : EXPLORE_SWITCH;
	p->cpu = c;
	p->to = alt >= ALT_CPU ? alt - ALT_CPU : -1;
	p->step = sim_steps();
	snprintf(p->where, sizeof(p->where), "%s:%s", func, label);
}

/*
 * rcufuzz_options.more_records: the default schedule with the schedule's
 * preemptions.  A branch point is a record's step that leaves its CPU at an
 * RCU-relevant point: a step of the running CPU, or a tick's.
 */
static int next_record(struct input_event *ev, void *arg)
{
	struct run *r = arg;
	int c = r->last;

	r->last = -1;
	if (c >= 0 && rcu_relevant_cpu(c)) {
		unsigned int at = r->branch++;
		uint32_t alts = alternatives(r, c);

		if (r->next < r->s->n && r->s->p[r->next].at == at) {
			int alt = r->s->p[r->next++].alt;

			if (r->note != NULL)
				note_preemption(&r->note[r->next - 1], c, alt);

			if (alt == ALT_RESCHED)
				return hand_out(r, ev, EV_RESCHED, c);
			if (alt == ALT_PARK) {
				r->parked |= 1u << c;
				r->park_rounds = 0;
			} else {
				r->cur = alt - ALT_CPU;
				r->slice = 0;
			}
		} else if (r->next == r->s->n && after_last_preemption(r, at, alts) < 0) {
			return -1;
		}
	}
	/*
	 * The workload's next record once every op handed out has been taken
	 * (--release late: and has returned or sleeps).
	 */
	if (r->released < r->x->nwork && !workload_ops_queued() &&
	    !(r->x->eo->late_release && workload_ops_awake())) {
		*ev = r->x->work[r->released++];
		r->last = -1;
		return log_event(r, ev) < 0 ? -1 : 1;
	}
	while (r->qlen > 0) {
		const struct input_event *q = &r->queue[r->qhead];

		r->qhead = (r->qhead + 1) % SIM_MAX_CPUS;
		r->qlen--;
		if (!((r->parked >> q->cpu) & 1))
			return hand_out(r, ev, q->op, q->cpu);
	}
	if (r->steps >= EXPLORE_STEPS)
		return 0;
	if (r->since_tick >= TICK_EVERY && tick_round(r))
		return next_record(ev, arg);
	if (r->slice >= SLICE || waiting(r, r->cur)) {
		int next = next_cpu(r);

		/* Every other CPU has waited long enough: the parked ones run again. */
		if (next < 0 && r->parked && ++r->park_rounds > PARK_ROUNDS) {
			r->parked = 0;
			next = next_cpu(r);
		}
		/* Every CPU waits: a spinner tries its spin again, */
		if (next < 0 && (next = spinner(r)) >= 0) {
			r->spun |= 1u << next;
			r->cur = next;
			r->slice = 0;
			return hand_out(r, ev, EV_STEP, next);
		}
		if (next < 0) {
			/*
			 * or done when RCU is idle, else time moves on; with no
			 * tick due, the spinners try again (their spins may wait
			 * on each other: stop_machine's CPUs each ack a state the
			 * others spin on) until nothing moves (stuck()).
			 */
			unsigned int spun = r->spun;

			if ((!r->parked && liveness_rcu_idle() && !workload_ops_queued() &&
			     !workload_ops_running() && r->released == r->x->nwork) ||
			    ++r->idle_rounds > IDLE_ROUNDS || stuck(r) ||
			    (!tick_round(r) && !spun))
				return 0;
			return next_record(ev, arg);
		}
		r->idle_rounds = 0;
		r->spun = 0;
		r->cur = next;
		r->slice = 0;
	}
	return hand_out(r, ev, EV_STEP, r->cur);
}

/* Run schedule @s with @budget preemptions left after it; the result into @res. */
static void run_schedule(const struct explorer *x, const struct schedule *s, int budget,
			 struct run *r, struct rcufuzz_result *res)
{
	struct rcufuzz_options o = x->o;
	struct branch *branches = r->branches;
	unsigned int cap = r->branches_cap;
	struct input_event *log = r->log;
	size_t log_cap = r->log_cap;
	struct explore_preemption *note = r->note;
	int record = r->record, hash = x->prune;
	const struct state_set *seen = r->seen;

	memset(r, 0, sizeof(*r));
	r->x = x;
	r->s = s;
	r->budget = budget;
	r->last = -1;
	r->since_tick = TICK_EVERY; /* a tick round first, as the machine starts */
	r->record = record;
	r->seen = seen;
	r->hash = hash;
	r->branches = branches;
	r->branches_cap = cap;
	r->log = log;
	r->log_cap = log_cap;
	r->note = note;
	o.more_records = next_record;
	o.more_records_arg = r;
	rcufuzz_run(x->prefix, x->size, &o, res);
}

/*
 * The scenario's records up to its last schedule record (step, irq,
 * resched) are the prefix every run starts with; the workload records
 * after them are handed out in order, each once every op before it has
 * been taken by its task (so that a harness's work lines keep their order
 * across tasks: a reader's unlock after the offline queued before it).
 */
static void split_workload(struct explorer *x, const uint8_t *data, size_t size)
{
	struct config c;
	struct input_event ev;
	size_t pos = 0, end = size < INPUT_HEADER_SIZE ? size : INPUT_HEADER_SIZE;

	rcufuzz_config(data, size, &x->o, &c);
	while (input_next(data, size, &pos, &c.topo, x->o.mode, &ev))
		if (ev.op == EV_STEP || ev.op == EV_IRQ || ev.op == EV_RESCHED)
			end = pos;
	x->prefix = data;
	x->size = end;
	x->nwork = 0;
	for (pos = end; x->nwork < MAX_WORK && input_next(data, size, &pos, &c.topo, x->o.mode, &ev);)
		x->work[x->nwork++] = ev;
}

/* ---- the search ---- */

static void progress(struct explorer *x, int force)
{
	double t = now();

	if (x->eo->progress == NULL || (!force && t - x->last_progress < 1.0))
		return;
	x->last_progress = t;
	fprintf(x->eo->progress,
		"explore: bound %d: %lu schedules, %lu states, %lu pruned, %.0f schedules/s\n", x->b,
		x->r->schedules, x->r->states, x->r->pruned,
		t > x->start ? (double)x->r->schedules / (t - x->start) : 0.0);
	fflush(x->eo->progress);
}

static int schedule_bytes(const struct explorer *x, const struct schedule *s, int merge,
			  struct explore_preemption *note, uint8_t **out, size_t *size);

/* 1 when schedule @s reports under explore_options.unless too (its input, exactly). */
static int unless_gives_it(const struct explorer *x, const struct schedule *s)
{
	struct rcufuzz_result res;
	uint8_t *buf;
	size_t n;

	if (schedule_bytes(x, s, 0, NULL, &buf, &n) < 0)
		return 0;
	rcufuzz_run(buf, n, x->eo->unless, &res);
	free(buf);
	return res.reported;
}

/* Run leaves [first, nbatch) striding by @stride from @first into the shared results. */
static void run_leaves(const struct explorer *x, int first, int stride, int *first_report)
{
	struct run r = {.seen = x->prune ? &x->seen : NULL};
	struct rcufuzz_result res;

	for (int i = first; i < x->nbatch; i += stride) {
		struct leaf_result *out = &x->results[i];

		if (i > __atomic_load_n(first_report, __ATOMIC_SEQ_CST))
			break;
		run_schedule(x, &x->batch[i], 0, &r, &res);
		out->pruned = r.pruned;
		out->nhashes = r.nhashes;
		memcpy(out->hashes, r.hashes, (size_t)r.nhashes * sizeof(r.hashes[0]));
		if (res.reported)
			snprintf(out->summary, sizeof(out->summary), "%s", res.summary);
		/* Past a report the --unless preset gives too, as past a clean run (the
		 * run under it reuses the buffer res.summary points into: copied above). */
		out->unless =
			res.reported && x->eo->unless != NULL && unless_gives_it(x, &x->batch[i]);
		out->reported = res.reported && !out->unless;
		if (out->reported) {
			int seen = __atomic_load_n(first_report, __ATOMIC_SEQ_CST);

			/* The earliest leaf that reports: later ones need not run. */
			while (i < seen && !__atomic_compare_exchange_n(first_report, &seen, i, 0,
									__ATOMIC_SEQ_CST,
									__ATOMIC_SEQ_CST))
				;
		}
	}
	free(r.branches);
}

/* Count one schedule; 1 when --max-schedules says stop. */
static int count_schedule(struct explorer *x)
{
	if (x->eo->max_schedules && x->r->schedules >= x->eo->max_schedules) {
		x->stop = 1;
		return 1;
	}
	x->r->schedules++;
	return 0;
}

/*
 * Add a run's states in order; the index of the first that was known (the
 * run is pruned there), or -1.
 */
static int add_states(struct explorer *x, const uint64_t *hashes, int n)
{
	for (int i = 0; i < n; i++) {
		if (!x->prune)
			return -1;
		if (state_set_has(&x->seen, hashes[i]))
			return i;
		if (state_set_add(&x->seen, hashes[i]) > 0)
			x->r->states++;
	}
	return -1;
}

/* Run the batch's leaves on the workers, then take their results in order. */
static int flush_batch(struct explorer *x)
{
	int *first_report = (int *)&x->results[BATCH];
	int jobs = x->eo->jobs > 1 ? x->eo->jobs : 1;
	pid_t pids[VWORKERS];

	if (x->nbatch == 0)
		return x->stop;
	*first_report = BATCH;
	memset(x->results, 0, BATCH * sizeof(*x->results));
	/*
	 * VWORKERS processes, each forked from the parent as the batch
	 * begins and running its share of the leaves in order, --jobs of
	 * them at once: what a run leaves in memory the next one of its
	 * process may hash (stack bytes no frame reads any more), so each
	 * leaf has the same runs before it whatever --jobs is.
	 */
	fflush(NULL);
	/*
	 * Each worker waited for by its pid, the oldest first: the process
	 * may have children of its own (AFL++'s fork server, when the
	 * explorer runs in its custom mutator library, fuzz/afl_mutator.c).
	 */
	for (int w = 0, oldest = 0; w < VWORKERS || oldest < w;) {
		if (w < VWORKERS && w - oldest < jobs) {
			pids[w] = fork();
			if (pids[w] == 0) {
				run_leaves(x, w, VWORKERS, first_report);
				_exit(0);
			}
			if (pids[w] < 0) /* no process: here, at once */
				run_leaves(x, w, VWORKERS, first_report);
			w++;
			continue;
		}
		if (pids[oldest] > 0)
			while (waitpid(pids[oldest], NULL, 0) < 0 && errno == EINTR)
				;
		oldest++;
	}
	for (int i = 0; i < x->nbatch && !x->stop; i++) {
		const struct leaf_result *l = &x->results[i];

		if (count_schedule(x))
			break;
		if (add_states(x, l->hashes, l->nhashes) >= 0) {
			x->r->pruned++;
			continue;
		}
		x->r->unless += (unsigned long)l->unless;
		if (l->reported) {
			x->found = x->batch[i];
			x->r->reported = 1;
			x->r->preemptions = x->batch[i].n;
			snprintf(x->r->summary, sizeof(x->r->summary), "%s", l->summary);
			x->stop = 1;
		}
	}
	x->nbatch = 0;
	progress(x, 0);
	return x->stop;
}

static int add_leaf(struct explorer *x, const struct schedule *s)
{
	x->batch[x->nbatch++] = *s;
	return x->nbatch == BATCH ? flush_batch(x) : 0;
}

/*
 * Schedule @s, with fewer than the bound's preemptions: run it for its
 * branch points, then its children in order.  1 when the search stops.
 *
 * A run that met a known state at branch point p has nothing new from p on,
 * but the branch points before p are its own: its children there are
 * explored (the states before p are new, and were added as such).
 */
static int explore_node(struct explorer *x, const struct schedule *s)
{
	struct run r = {.record = 1, .seen = x->prune ? &x->seen : NULL};
	struct rcufuzz_result res;
	struct branch *branches;
	unsigned int n, cut = UINT_MAX;
	int stop = 0, known;

	run_schedule(x, s, x->b - s->n, &r, &res);
	known = add_states(x, r.hashes, r.nhashes);
	if (known >= 0)
		cut = r.hash_at[known];
	branches = r.branches;
	n = r.nbranches;
	for (unsigned int i = 0; i < n && branches[i].at < cut && !stop; i++)
		for (int alt = 0; alt < ALT_CPU + SIM_MAX_CPUS && !stop; alt++) {
			struct schedule child = *s;

			if (!((branches[i].alts >> alt) & 1))
				continue;
			child.p[child.n++] = (struct preemption){branches[i].at, (unsigned char)alt};
			stop = child.n == x->b ? add_leaf(x, &child) : explore_node(x, &child);
		}
	free(branches);
	return stop;
}

/*
 * The input of schedule @s: the prefix, then the records its run handed
 * out, steps merged; where each preemption was taken into @note (NULL: not).
 */
static int schedule_bytes(const struct explorer *x, const struct schedule *s, int merge,
			  struct explore_preemption *note, uint8_t **out, size_t *size)
{
	struct run r = {
		.log = malloc(1024 * sizeof(struct input_event)), .log_cap = 1024, .note = note};
	struct rcufuzz_result res;
	uint8_t *buf;
	size_t n;

	if (r.log == NULL)
		return -1;
	run_schedule(x, s, 0, &r, &res);
	buf = malloc(x->size + 3 * r.nlog + 3);
	if (buf == NULL) {
		free(r.log);
		return -1;
	}
	memcpy(buf, x->prefix, x->size);
	n = x->size;
	for (size_t i = 0; i < r.nlog; i++) {
		struct input_event ev = r.log[i];

		/* Runs of single steps of one CPU as `step cpuN xK`, K up to 8. */
		while (merge && ev.op == EV_STEP && ev.count < 8 && i + 1 < r.nlog &&
		       r.log[i + 1].op == EV_STEP && r.log[i + 1].cpu == ev.cpu) {
			ev.count++;
			i++;
		}
		n += input_encode(&ev, x->o.mode, buf + n);
	}
	free(r.log);
	free(r.branches);
	*out = buf;
	*size = n;
	return 0;
}

/* The first report's input, checked: its bytes replay to its SUMMARY. */
static int report_bytes(struct explorer *x)
{
	for (int merge = 1; merge >= 0; merge--) {
		struct rcufuzz_result res;
		uint8_t *buf;
		size_t n;

		/* Its preemptions noted: the minimized schedule no longer shows them. */
		if (schedule_bytes(x, &x->found, merge, x->r->preempted, &buf, &n) < 0)
			return -1;
		rcufuzz_run(buf, n, &x->o, &res);
		if (res.reported && strcmp(res.summary, x->r->summary) == 0) {
			x->r->bytes = buf;
			x->r->size = n;
			return 0;
		}
		free(buf);
	}
	fprintf(stderr, "rcufuzz: --explore: the report's schedule does not replay as bytes\n");
	return -1;
}

/* The default schedule's branch points: the search's size, roughly, before it starts. */
static void estimate(struct explorer *x)
{
	struct schedule none = {0};
	struct run r = {.record = 1};
	struct rcufuzz_result res;
	double alts = 0, at_bound = 1;

	run_schedule(x, &none, EXPLORE_MAX_BOUND, &r, &res);
	for (unsigned int i = 0; i < r.nbranches; i++)
		alts += __builtin_popcount(r.branches[i].alts);
	x->r->default_points = r.nbranches;
	x->r->default_steps = r.steps;
	x->r->default_alternatives = (unsigned int)alts;
	if (x->eo->progress == NULL) {
		free(r.branches);
		return;
	}
	fprintf(x->eo->progress,
		"explore: the default schedule takes %lu steps and passes %u RCU-relevant points "
		"with %.0f preemptions to choose from; before pruning, about",
		res.steps, r.nbranches, alts);
	/* About alts^b / b! schedules have b preemptions: every ordered choice of b. */
	for (int b = 1; b <= x->eo->bound; b++) {
		at_bound *= alts / b;
		fprintf(x->eo->progress, "%s %.3g at bound %d", b > 1 ? "," : "", at_bound, b);
	}
	fprintf(x->eo->progress, "\n");
	free(r.branches);
}

/* The tools' feedback counts what runs hit: the explorer's runs are its own, off. */
static void tools_feedback(int on)
{
	feedback_enable(on);
	feedback_rcu_state_enable(on);
}

/* The explorer's options (no trace, no hooks: its runs are its own) and workload. */
static void setup(struct explorer *x, const uint8_t *prefix, size_t size,
		  const struct rcufuzz_options *o)
{
	x->o = *o;
	split_workload(x, prefix, size);
	x->o.trace = NULL;
	x->o.before_record = NULL;
	x->o.replay_cmd = NULL;
}

int explore_default_schedule(const uint8_t *prefix, size_t size, const struct rcufuzz_options *o,
			     int late_release, uint8_t **out, size_t *out_size)
{
	struct explorer *x = calloc(1, sizeof(*x));
	struct explore_options eo = {.late_release = late_release};
	struct explore_result r = {0};
	struct schedule none = {0};
	int rc;

	if (x == NULL) {
		fprintf(stderr, "rcufuzz: --explore: out of memory\n");
		return -1;
	}
	setup(x, prefix, size, o);
	x->eo = &eo;
	x->r = &r;
	tools_feedback(0);
	rc = schedule_bytes(x, &none, 1, NULL, out, out_size);
	tools_feedback(1);
	free(x);
	return rc;
}

int explore(const uint8_t *prefix, size_t size, const struct rcufuzz_options *o,
	    const struct explore_options *eo, struct explore_result *r)
{
	struct explorer *x = calloc(1, sizeof(*x));
	int rc = 0;

	memset(r, 0, sizeof(*r));
	r->bound_done = -1;
	if (x == NULL || eo->bound < 0 || eo->bound > EXPLORE_MAX_BOUND) {
		free(x);
		fprintf(stderr, "rcufuzz: --explore: %s\n",
			x ? "--preemptions takes 0 to 6" : "out of memory");
		return -1;
	}
	x->results = mmap(NULL, (BATCH + 1) * sizeof(struct leaf_result), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (x->results == MAP_FAILED) {
		free(x);
		fprintf(stderr, "rcufuzz: --explore: out of memory\n");
		return -1;
	}
	setup(x, prefix, size, o);
	x->eo = eo;
	x->r = r;
	x->prune = eo->prune && machine_state_hashable();
	x->start = now();
	/* Feedback counts what runs hit: state of the tools', not the machine's. */
	tools_feedback(0);
	estimate(x);
	for (x->b = 0; x->b <= eo->bound && !x->stop; x->b++) {
		struct schedule none = {0};

		state_set_clear(&x->seen);
		if (x->b == 0)
			add_leaf(x, &none);
		else
			explore_node(x, &none);
		flush_batch(x);
		if (!x->stop)
			r->bound_done = x->b;
		progress(x, 1);
	}
	tools_feedback(1);
	if (r->reported && report_bytes(x) < 0)
		rc = -1;
	state_set_clear(&x->seen);
	munmap(x->results, (BATCH + 1) * sizeof(struct leaf_result));
	free(x);
	return rc;
}
