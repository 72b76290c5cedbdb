/* SPDX-License-Identifier: MIT */
/*
 * Stepping many CPUs with one line: `step all until cpuN at FUNC:LABEL`
 * compiles to the drain's round robin up to the step of CPU N that stands
 * there; `step cpuN until report` and `step all until report` to the steps
 * up to the one that reports.
 */
#include "harness.h"

#include "../replay/points.h"
#include "../target/input.h"
#include "../target/kernel/cpu.h"
#include "../target/run.h"

#include <string.h>

#define OFFLINE_CPU2 "topology cpus=3 fanout=2 tasks=3\nwork T1 cpu_offline cpu2\n"
/* T1 takes down CPU1, the CPU it runs on. */
#define OFFLINE_OWN_CPU "topology cpus=2 fanout=2 tasks=2\nwork T1 cpu_offline cpu1\n"

/* The rows of one run's records: CPU and point. */
struct rr_rows {
	int n;
	struct {
		long event;
		int cpu;
		char func[64], point_func[64], label[128];
		const char *op_returned; /* a static name (work_ops.def), or NULL */
	} row[4096];
};

static void keep(const struct trace_row *row, void *arg)
{
	struct rr_rows *r = arg;

	if (row->event < 0 || r->n == 4096)
		return;
	r->row[r->n].event = row->event;
	r->row[r->n].cpu = row->cpu;
	snprintf(r->row[r->n].func, sizeof(r->row[0].func), "%s", row->func);
	snprintf(r->row[r->n].point_func, sizeof(r->row[0].point_func), "%s", row->point_func);
	snprintf(r->row[r->n].label, sizeof(r->row[0].label), "%s", row->label);
	r->row[r->n].op_returned = row->op_returned;
	r->n++;
}

static int at_point(const struct rr_rows *r, int k, const char *func, const char *label)
{
	return strcmp(r->row[k].label, label) == 0 &&
	       (strcmp(r->row[k].func, func) == 0 || strcmp(r->row[k].point_func, func) == 0);
}

/* Run @s under @o into @rows (the records' rows); it must end clean. */
static int run_clean(const struct scenario *s, struct rcufuzz_options *o, struct rr_rows *rows)
{
	struct rcufuzz_result r;

	rows->n = 0;
	o->trace = keep;
	o->trace_arg = rows;
	rcufuzz_run(s->bytes, s->size, o, &r);
	EXPECT(!r.reported, "%s", r.summary);
	return 0;
}

/*
 * The records until line @i of @s compiled to go round the @ncpus CPUs in
 * order, two steps each, a tick first every 32nd round (then one step), the
 * last one cut short; *@ticks: how many ticks; *@last: its last record.
 */
static int round_robin(const struct scenario *s, int i, int ncpus, int *ticks, long *last)
{
	const struct until_line *u = &s->until[i];
	struct config c;
	struct input_event ev;
	size_t pos = INPUT_HEADER_SIZE;
	long index = 0;
	int cpu = 0, round = 1;

	*ticks = 0;
	input_config(s->bytes, s->size, &c);
	while (input_next(s->bytes, s->size, &pos, &c.topo, s->mode, &ev)) {
		int tick_round = round % DRAIN_TICK_EVERY == 0;

		index++;
		if (ev.offset < u->at || ev.offset >= u->at + u->len)
			continue;
		*last = index - 1;
		if (ev.op == EV_IRQ) {
			EXPECT(tick_round && ev.cpu == cpu && ev.kind == IRQ_TICK,
			       "record %ld: a tick to cpu%d in round %d", index - 1, ev.cpu, round);
			(*ticks)++;
			continue;
		}
		EXPECT(ev.op == EV_STEP && ev.cpu == cpu,
		       "record %ld: not a step of cpu%d (round %d)", index - 1, cpu, round);
		EXPECT(ev.count == (tick_round ? 1 : 2) || ev.offset + ev.len == u->at + u->len,
		       "record %ld: %d steps in round %d", index - 1, ev.count, round);
		cpu = (cpu + 1) % ncpus;
		round += cpu == 0;
	}
	EXPECT(*ticks == ncpus * ((round - 1) / DRAIN_TICK_EVERY), "%d ticks in %d rounds", *ticks,
	       round);
	return 0;
}

/*
 * `step all until cpu2 at play_dead:dead` while T1 takes CPU2 down: the
 * records after the work record go round the CPUs (round_robin()) and end
 * with the step of CPU2 that first stands in play_dead(); then `step all
 * until cpu1 at cpu_idle:idle` leaves out CPU2's steps once it is parked
 * (they change nothing).  A grace period's callback needs ticks: `step all
 * until cpu0 at rcu_do_batch` has them.
 */
int test_step_all_round_robin(void)
{
	static struct rr_rows rows;
	static const char text[] = OFFLINE_CPU2 "step all until cpu2 at play_dead:dead\n"
						"step all until cpu1 at cpu_idle:idle\n";
	struct scenario s;
	struct rcufuzz_options o;
	long last_of_line0 = -1, last;
	int ticks, seen_dead = 0;

	EXPECT(scenario_text_options(text, &s, &o) == 0, "does not compile");
	EXPECT(s.nuntil == 2 && s.until[0].all && s.until[0].cpu == 2, "not two step all lines");
	if (round_robin(&s, 0, 3, &ticks, &last_of_line0) < 0)
		return -1;
	if (round_robin(&s, 1, 2, &ticks, &last) < 0) /* CPU2 parked: CPU0 and CPU1 */
		return -1;
	if (run_clean(&s, &o, &rows) < 0)
		return -1;
	for (int k = 0; k < rows.n; k++) {
		if (rows.row[k].event > last_of_line0 || rows.row[k].cpu != 2 ||
		    !at_point(&rows, k, "play_dead", "dead"))
			continue;
		seen_dead++;
		EXPECT(rows.row[k].event == last_of_line0 &&
			       (k + 1 == rows.n || rows.row[k + 1].event > last_of_line0),
		       "cpu2 stood in play_dead before the line's last step (row %d)", k);
	}
	EXPECT(seen_dead == 1, "cpu2 stood in play_dead %d times in the line's steps", seen_dead);
	EXPECT(at_point(&rows, rows.n - 1, "cpu_idle", "idle") && rows.row[rows.n - 1].cpu == 1 &&
		       rows.row[rows.n - 1].event == last,
	       "the last step is not cpu1's at cpu_idle:idle");
	scenario_free(&s);
	EXPECT(scenario_text_options("topology cpus=2 fanout=2 tasks=1\nwork T0 call_rcu\n"
				     "step all until cpu0 at rcu_do_batch\n",
				     &s, &o) == 0,
	       "does not compile");
	if (round_robin(&s, 0, 2, &ticks, &last) < 0)
		return -1;
	EXPECT(ticks >= 2, "%d ticks before the callback", ticks);
	scenario_free(&s);
	/* Errors say round robin, and where CPU N stands. */
	{
		char err[512];

		EXPECT(scenario_compile(OFFLINE_CPU2
					"step all until cpu2 at play_dead:dead within 3\n",
					"t", &s, err, sizeof(err)) < 0,
		       "reached play_dead in 3 steps");
		EXPECT(strncmp(err,
			       "t:3: round robin: cpu2 never reached play_dead:dead within 3 "
			       "steps (it stands at ",
			       79) == 0,
		       "%s", err);
		EXPECT(scenario_compile(OFFLINE_CPU2 "step all until cpu3 at play_dead\n", "t", &s,
					err, sizeof(err)) < 0,
		       "cpu3 of 3");
		EXPECT(strcmp(err, "t:3: expected 'step all until cpuN at FUNC[:LABEL]|report "
				   "[within K]' with N below 3") == 0,
		       "%s", err);
	}
	return 0;
}

/*
 * `step cpuN until report`: 10f39bb1's last count, `step cpu0 x5`, is the
 * step that reports; written as a report line it compiles to the same
 * bytes.  Without a report it says so.  `step all until report` takes
 * the offline finding to its report (tests/scenarios/).
 */
int test_step_until_report(void)
{
	static char text[1 << 14], until[1 << 14];
	char *last, err[512];
	struct scenario s;

	read_text("corpus/seeds/10f39bb1-unlock_nesting_guard.scn", text, sizeof(text));
	last = strstr(text, "\nstep cpu0 x5 ");
	EXPECT(last != NULL && strchr(last + 1, '\n') && strchr(last + 1, '\n')[1] == '\0',
	       "10f39bb1's scenario no longer ends in 'step cpu0 x5'");
	snprintf(until, sizeof(until), "%.*s\nstep cpu0 until report\n", (int)(last - text), text);
	if (same_bytes(until, text) < 0)
		return -1;
	EXPECT(scenario_compile(until, "t", &s, err, sizeof(err)) == 0, "%s", err);
	EXPECT(s.until[s.nuntil - 1].kind == UNTIL_REPORT && s.until[s.nuntil - 1].steps == 5,
	       "%d steps", s.until[s.nuntil - 1].steps);
	scenario_free(&s);
	EXPECT(scenario_compile("topology cpus=2 tasks=1\nstep cpu1 until report within 5\n", "t",
				&s, err, sizeof(err)) < 0,
	       "a report in a clean run");
	EXPECT(strcmp(err, "t:2: cpu1 never reached a report within 5 steps (it stands at "
			   "cpu_idle:idle)") == 0,
	       "%s", err);
	return 0;
}

/*
 * `step all until cpu0 at run_op:cpu_offline done` while T1 takes its own
 * CPU1 down: the op begins on CPU1 and returns on CPU0, where T1 was
 * migrated, so the round robin ends with that step of CPU0, the one step of
 * the run in which cpu_offline returns; on CPU1, where it began, it never
 * does.
 */
int test_step_all_until_op_done(void)
{
	static struct rr_rows rows;
	struct scenario s;
	struct rcufuzz_options o;
	struct config c;
	struct input_event ev, last_ev = {0};
	size_t pos = INPUT_HEADER_SIZE;
	char err[512];
	long last = -1;
	int began_on_cpu1 = 0, returned = 0;

	EXPECT(scenario_text_options(OFFLINE_OWN_CPU
				     "step all until cpu0 at run_op:cpu_offline done\n",
				     &s, &o) == 0,
	       "does not compile");
	/* The input's records, the work then the line's: the last a step of CPU0 (CPU1 parks). */
	input_config(s.bytes, s.size, &c);
	while (input_next(s.bytes, s.size, &pos, &c.topo, s.mode, &ev)) {
		last++;
		last_ev = ev;
		EXPECT(ev.op == EV_WORK || ev.op == EV_STEP || ev.op == EV_IRQ,
		       "record %ld: not the round robin's", last);
	}
	EXPECT(last_ev.op == EV_STEP && last_ev.cpu == 0, "the last record is not a step of cpu0");
	if (run_clean(&s, &o, &rows) < 0)
		return -1;
	for (int k = 0; k < rows.n; k++) {
		began_on_cpu1 +=
			rows.row[k].cpu == 1 && at_point(&rows, k, "run_op", "cpu_offline");
		if (rows.row[k].op_returned == NULL ||
		    strcmp(rows.row[k].op_returned, "cpu_offline") != 0)
			continue;
		returned++;
		EXPECT(rows.row[k].cpu == 0 && rows.row[k].event == last && k + 1 == rows.n,
		       "cpu_offline returned on cpu%d at row %d of %d (record %ld, the line's last "
		       "%ld)",
		       rows.row[k].cpu, k, rows.n, rows.row[k].event, last);
	}
	EXPECT(began_on_cpu1 == 1 && returned == 1, "began on cpu1 %d times, returned %d times",
	       began_on_cpu1, returned);
	scenario_free(&s);
	EXPECT(scenario_compile(OFFLINE_OWN_CPU "step all until cpu1 at run_op:cpu_offline done\n",
				"t", &s, err, sizeof(err)) < 0,
	       "cpu_offline done on cpu1");
	EXPECT(strcmp(err, "t:3: round robin: cpu1 never reached run_op:cpu_offline done within "
			   "500 steps (it stands at play_dead:dead)") == 0,
	       "%s", err);
	return 0;
}
