/* SPDX-License-Identifier: MIT */
/*
 * Named points: `step cpuN until FUNC[:LABEL]` compiles to the counts that
 * take the CPU there and no further, its errors are one line, --points lists
 * the registry of POINT()s, --minimize and --triage print named points that
 * compile back to the same bytes, --check notes a variant that counts
 * differently, and a .scn file runs directly.
 */
#include "harness.h"

#include "../replay/points.h"
#include "../target/input.h"
#include "../target/run.h"

#include <stdlib.h>
#include <string.h>

#define UNTIL_ABBA  "tests/scenarios/until-abba-deadlock.scn"
#define UNTIL_SHAPE "tests/scenarios/until-unlock-shape.scn"

/* The rows of a run with the record index each belongs to. */
struct rows {
	struct trace_row row[4096];
	char func[4096][64], point_func[4096][64], site_func[4096][64], label[4096][128];
	int n;
};

static void keep_row(const struct trace_row *row, void *arg)
{
	struct rows *r = arg;

	if (r->n == 4096 || row->event < 0)
		return;
	r->row[r->n] = *row;
	snprintf(r->func[r->n], sizeof(r->func[0]), "%s", row->func);
	snprintf(r->point_func[r->n], sizeof(r->point_func[0]), "%s", row->point_func);
	snprintf(r->label[r->n], sizeof(r->label[0]), "%s", row->label);
	snprintf(r->site_func[r->n], sizeof(r->site_func[0]), "%s",
		 row->site_func ? row->site_func : "");
	r->row[r->n].site_func = row->site_func ? r->site_func[r->n] : NULL;
	r->row[r->n].func = r->func[r->n];
	r->row[r->n].point_func = r->point_func[r->n];
	r->row[r->n].label = r->label[r->n];
	r->n++;
}

/*
 * Every until line of @text compiled to steps whose last row, in the whole
 * run (with the drain, unlike the compile's own runs), stands at its point
 * and whose earlier rows do not.
 */
static int until_lines_stand_at_their_points(const char *text)
{
	static struct rows rows;
	struct scenario s;
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	struct config c;
	struct input_event ev;

	EXPECT(scenario_text_options(text, &s, &o) == 0, "does not compile:\n%s", text);
	EXPECT(s.nuntil > 0, "no until line in:\n%s", text);
	rows.n = 0;
	o.trace = keep_row;
	o.trace_arg = &rows;
	rcufuzz_run(s.bytes, s.size, &o, &r);
	input_config(s.bytes, s.size, &c);
	for (int i = 0; i < s.nuntil; i++) {
		const struct until_line *u = &s.until[i];
		size_t pos = INPUT_HEADER_SIZE;
		long first = -1, last = -1, index = 0, seen = 0;

		/* The records the line compiled to. */
		while (input_next(s.bytes, s.size, &pos, &c.topo, s.mode, &ev)) {
			if (ev.offset >= u->at && ev.offset < u->at + u->len) {
				EXPECT(ev.op == EV_STEP && ev.cpu == u->cpu,
				       "line %d: not its steps", u->line);
				if (first < 0)
					first = index;
				last = index;
			}
			index++;
		}
		EXPECT(first >= 0, "line %d compiled to no record", u->line);
		for (int k = 0; k < rows.n; k++) {
			const struct trace_row *row = &rows.row[k];

			if (row->event < first || row->event > last)
				continue;
			seen++;
			EXPECT(point_matches(row, u->func, u->label) == (seen == u->steps),
			       "line %d: step %ld of %d at %s:%s", u->line, seen, u->steps,
			       row->func, row->label);
		}
		EXPECT(seen == u->steps, "line %d: %ld rows for %d steps", u->line, seen, u->steps);
	}
	scenario_free(&s);
	return 0;
}

#define READER "topology cpus=1 fanout=2 tasks=1\nwork T0 read_lock\nwork T0 read_unlock\n"
#define ABBA_HEAD                                                                                  \
	"mode test\nlockdep off\ntopology cpus=2 fanout=2 tasks=2\n"                               \
	"work T0 lock_a\nwork T0 lock_b\nwork T1 lock_b\nwork T1 lock_a\n"

/* until lines compile to the same bytes as the counts a person would have had to find. */
int test_until_compiles_to_counts(void)
{
	static char file[4096];
	static const struct {
		const char *until, *counts;
	} same[] = {
		/* v3.0's __rcu_read_unlock: INT_MIN, then "special done" one step on. */
		{READER "step cpu0 until __rcu_read_unlock:nesting INT_MIN, before special check\n"
			"step cpu0 until __rcu_read_unlock\n",
		 READER "step cpu0 x3\nstep cpu0\n"},
		{READER "step cpu0 until __rcu_read_unlock:nesting INT_MIN, before special check "
			"within 3\n",
		 READER "step cpu0 x3\n"},
		/* A helper's point by the function --trace shows, or by its own. */
		{ABBA_HEAD "step cpu0 until run_op:lock acquired\n"
			   "step cpu0 until do_raw_spin_lock_class:lock acquired\n",
		 ABBA_HEAD "step cpu0 x2\nstep cpu0 x2\n"},
		/* A lock by the function that calls it, though it has no frame: --trace
		 * shows the caller's caller, sched_setscheduler_nocheck. */
		{"topology cpus=2 fanout=2 tasks=2\nwork T0 sched_fifo\n"
		 "step cpu0 until task_rq_lock:lock acquired\n",
		 "topology cpus=2 fanout=2 tasks=2\nwork T0 sched_fifo\nstep cpu0 x2\n"},
	};

	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		if (same_bytes(same[i].until, same[i].counts) < 0 ||
		    until_lines_stand_at_their_points(same[i].until) < 0)
			return -1;
	}
	/* The scenario file: the same bytes as its counts, each line where it says. */
	read_text(UNTIL_ABBA, file, sizeof(file));
	EXPECT(strstr(file, "until spin_wait:spinning") != NULL, "%s changed", UNTIL_ABBA);
	if (same_bytes(file, "mode test\nlockdep off\ntopology cpus=2 fanout=2 tasks=2\n"
			     "work T0 lock_a\nwork T0 lock_b\nwork T1 lock_b\nwork T1 lock_a\n"
			     "step cpu0 x2\nstep cpu1 x2\nstep cpu0 x2\nstep cpu1 x3\n") < 0)
		return -1;
	return until_lines_stand_at_their_points(file);
}

/* More than 8 steps: x8 records, then the rest; a line on a point it stands at moves on. */
int test_until_long_runs_and_repeats(void)
{
	static char text[1 << 14], counts[1 << 14];
	struct scenario s;
	char err[512];
	size_t n = 0, c;

	/*
	 * An idle CPU, once halted, stands at cpu_idle:idle after every step:
	 * each until is one step (its first four announce the halt to the idle
	 * notifiers, x86_idle_notifier, and halt).
	 */
	n += (size_t)snprintf(text + n, sizeof(text) - n, "topology cpus=2 fanout=2 tasks=1\n");
	for (int i = 0; i < 4; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "step cpu1 until cpu_idle:idle\n");
	if (same_bytes(text, "topology cpus=2 fanout=2 tasks=1\nstep cpu1 x4\nstep cpu1\nstep "
			     "cpu1\nstep cpu1\n") < 0)
		return -1;
	/* 16 reader sections, then a deref: T0 reaches run_op:deref 65 steps on. */
	n = (size_t)snprintf(text, sizeof(text), "topology cpus=1 fanout=2 tasks=1\n");
	for (int i = 0; i < 16; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "work T0 read_lock\nwork T0 read_unlock\n");
	n += (size_t)snprintf(text + n, sizeof(text) - n, "work T0 deref\n");
	memcpy(counts, text, n);
	c = n;
	for (int i = 0; i < 8; i++)
		c += (size_t)snprintf(counts + c, sizeof(counts) - c, "step cpu0 x8\n");
	snprintf(counts + c, sizeof(counts) - c, "step cpu0\n");
	snprintf(text + n, sizeof(text) - n, "step cpu0 until run_op:deref\n");
	EXPECT(scenario_compile(text, "t", &s, err, sizeof(err)) == 0, "%s", err);
	EXPECT(s.nuntil == 1 && s.until[0].steps == 65 && s.until[0].len == 9 * 2,
	       "%d steps in %zu bytes", s.until[0].steps, s.until[0].len);
	scenario_free(&s);
	if (same_bytes(text, counts) < 0 || until_lines_stand_at_their_points(text) < 0)
		return -1;
	/* within: not one step more. */
	snprintf(text + n, sizeof(text) - n, "step cpu0 until run_op:deref within 64\n");
	EXPECT(scenario_compile(text, "t", &s, err, sizeof(err)) < 0, "within 64 reached it");
	EXPECT(strcmp(err, "t:35: cpu0 never reached run_op:deref within 64 steps (it stands at "
			   "__rcu_read_unlock:special done, before nesting = 0)") == 0,
	       "%s", err);
	snprintf(text + n, sizeof(text) - n, "step cpu0 until run_op:deref within 65\n");
	return same_bytes(text, counts);
}

/* Each error is one line naming the file, the line, the place and where the CPU stands. */
int test_until_errors(void)
{
	static char text[1 << 16], err_text[4096];
	static const struct {
		const char *text;
		const char *error; /* the whole message, or its start where it ends in "..." */
	} bad[] = {
		{"topology cpus=2 fanout=2 tasks=1\nstep cpu1 until rcu_read_unlock_special within 20\n",
		 "t:2: cpu1 never reached rcu_read_unlock_special within 20 steps (it stands at "
		 "cpu_idle:idle)"},
		{READER "step cpu0 until rcu_read_unlok_special\n",
		 "t:4: 'rcu_read_unlok_special': no point is in such a function (near: "
		 "rcu_read_unlock_special)"},
		{READER "step cpu0 until __rcu_read_unlock:nesting 0\n",
		 "t:4: 'nesting 0': no point has such a label (near: 'nesting 0, before special "
		 "check'..."},
		{ABBA_HEAD "step cpu0 until run_op:lock acquired\nstep cpu1 until run_op:lock "
			   "acquired\nstep cpu0 until spin_wait:spinning\n"
			   "step cpu1 until run_op:lock acquired\n",
		 "t:11: cpu1 never reached run_op:lock acquired: the run reported 'deadlock "
		 "test_lock_A in run_op' after 2 of its steps (it stands at run_op:lock_a)"},
		{ABBA_HEAD "step cpu0 x2\nstep cpu1 x2\nstep cpu0 x2\nstep cpu1 x3\n"
			   "step cpu0 until spin_wait:spinning\n",
		 "t:12: cpu0 never reached spin_wait:spinning: the run reports 'deadlock "
		 "test_lock_A "
		 "in run_op' before this line"},
		{READER "step cpu0 until __rcu_read_unlock within 0\n",
		 "t:4: 'within 0': expected 1..10000 steps"},
		{READER "step cpu0 until __rcu_read_unlock within 10001\n",
		 "t:4: 'within 10001': expected 1..10000 steps"},
		{READER "step cpu0 until rcu-read-unlock\n",
		 "t:4: 'rcu-read-unlock': expected a function name (rcureplay --points lists "
		 "them)"},
		{READER "step cpu0 until __rcu_read_unlock:\n",
		 "t:4: '__rcu_read_unlock:': expected a label after ':' (or no ':')"},
		{READER "step cpu1 until __rcu_read_unlock\n",
		 "t:4: expected 'step cpuN until FUNC[:LABEL]|report [within K]' with N below 1"},
		{READER "step cpu0 until\n",
		 "t:4: expected 'step cpuN until FUNC[:LABEL]|report [within K]' with N below 1"},
		{READER "tail 03\nstep cpu0 until __rcu_read_unlock\n",
		 "t:5: events after the tail"},
	};
	size_t n;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct scenario s;
		char err[512];
		size_t len = strlen(bad[i].error);
		int prefix = len > 3 && strcmp(bad[i].error + len - 3, "...") == 0;

		EXPECT(scenario_compile(bad[i].text, "t", &s, err, sizeof(err)) < 0, "accepted: %s",
		       bad[i].text);
		EXPECT(strchr(err, '\n') == NULL, "more than one line: %s", err);
		EXPECT(prefix ? strncmp(err, bad[i].error, len - 3) == 0
			      : strcmp(err, bad[i].error) == 0,
		       "got '%s'", err);
	}
	/* Past the input's step budget: said so, with the steps it did take. */
	n = (size_t)snprintf(text, sizeof(text), "topology cpus=2 fanout=2 tasks=1\n");
	for (int i = 0; i < 1300; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "step cpu1 x8\n");
	snprintf(text + n, sizeof(text) - n, "step cpu1 until rcu_read_unlock_special within 10000\n");
	{
		struct scenario s;
		char err[512];

		EXPECT(scenario_compile(text, "t", &s, err, sizeof(err)) < 0, "accepted");
		EXPECT(strcmp(err,
			      "t:1302: cpu1 never reached rcu_read_unlock_special: the input's step "
			      "budget (20000 steps) ran out after 9600 of its steps (it stands at "
			      "cpu_idle:idle)") == 0,
		       "got '%s'", err);
	}
	/* From rcureplay: the same line after "rcufuzz: ", exit 2, with --compile, --check or a
	 * run. */
	EXPECT(write_bytes(TMP "-never.scn", bad[0].text, strlen(bad[0].text)) == 0, "write");
	{
		const char *const *const cmds[] = {
			ARGS("--compile", TMP "-never.scn", "-o", TMP "-never"),
			ARGS("--check", TMP "-never.scn"),
			ARGS(TMP "-never.scn"),
		};

		for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
			EXPECT(replay_to(NULL, TMP "-never.err", cmds[i]) == 2, "command %zu", i);
			read_text(TMP "-never.err", err_text, sizeof(err_text));
			EXPECT(strcmp(err_text, "rcufuzz: " TMP "-never.scn:2: cpu1 never reached "
						"rcu_read_unlock_special within 20 steps (it stands at "
						"cpu_idle:idle)\n") == 0,
			       "command %zu: %s", i, err_text);
		}
	}
	return 0;
}

/*
 * run_op:OP done, no point but the step in which op OP returns on the CPU:
 * the same bytes as the point the CPU then stands at (workload_main's
 * "waiting for work", or the next op's point); an op skipped where it may
 * not sleep returns too; an op that never runs, or a name no op has, is
 * the usual one-line error.
 */
int test_until_op_done(void)
{
	static const struct {
		const char *until, *counts;
	} same[] = {
		{"topology cpus=1 fanout=2 tasks=1\nwork T0 read_lock\n"
		 "step cpu0 until run_op:read_lock done\n",
		 "topology cpus=1 fanout=2 tasks=1\nwork T0 read_lock\n"
		 "step cpu0 until workload_main:waiting for work\n"},
		{"topology cpus=1 fanout=2 tasks=1\nwork T0 read_lock\n"
		 "step cpu0 until run_op:read_lock done\n",
		 "topology cpus=1 fanout=2 tasks=1\nwork T0 read_lock\nstep cpu0 x2\n"},
		/* The next op queued: read_lock is done where read_unlock's point is. */
		{READER "step cpu0 until run_op:read_lock done\nstep cpu0 until run_op:read_unlock "
			"done\n",
		 READER "step cpu0 until run_op:read_unlock\nstep cpu0 until "
			"prepare_to_wait:lock acquired\n"},
		/* sleep in a read-side section is skipped, and returns all the same. */
		{"topology cpus=1 fanout=2 tasks=1\nwork T0 read_lock\nwork T0 sleep\n"
		 "step cpu0 until run_op:sleep done\n",
		 "topology cpus=1 fanout=2 tasks=1\nwork T0 read_lock\nwork T0 sleep\n"
		 "step cpu0 x3\n"},
	};
	static const struct {
		const char *text, *error;
	} bad[] = {
		{READER "step cpu0 until run_op:synchronize_rcu done within 20\n",
		 "t:4: cpu0 never reached run_op:synchronize_rcu done within 20 steps (it stands "
		 "at cpu_idle:idle)"},
		{READER "step cpu0 until run_op:read_lok done\n",
		 "t:4: 'read_lok done': no point has such a label (near: 'read_lock done', "
		 "'read_unlock done')"},
	};

	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++)
		if (same_bytes(same[i].until, same[i].counts) < 0 ||
		    until_lines_stand_at_their_points(same[i].until) < 0)
			return -1;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct scenario s;
		char err[512];

		EXPECT(scenario_compile(bad[i].text, "t", &s, err, sizeof(err)) < 0, "accepted: %s",
		       bad[i].text);
		EXPECT(strcmp(err, bad[i].error) == 0, "got '%s'", err);
	}
	return 0;
}

/* The source line at @file:@line contains @needle. */
static int source_line_has(const char *file, int line, const char *needle)
{
	FILE *f = fopen(file, "r");
	char buf[512];
	int n = 0, found = 0;

	while (f && fgets(buf, sizeof(buf), f))
		if (++n == line) {
			found = strstr(buf, needle) != NULL;
			break;
		}
	if (f)
		fclose(f);
	return found;
}

/* Anywhere in @file, @needle. */
static int file_has(const char *file, const char *needle)
{
	static char text[1 << 17];

	return strstr(read_text(file, text, sizeof(text)), needle) != NULL;
}

/*
 * How many lines of the model's sources write POINT("...: its .c files and
 * its headers, for a POINT() may stand in a header that one .c file includes
 * whole (tiny.c includes tiny_plugin.h, as 3.0's rcutiny.c does).
 */
static int point_lines_in_sources(void)
{
	FILE *p = popen("cat target/*.[ch] target/*/*.[ch] | grep -c 'POINT(\"'", "r");
	int n = -1;

	if (p) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		pclose(p);
	}
	return n;
}

/*
 * --points: every POINT() of the sources once, FUNC:LABEL then each place,
 * sorted by function; each place is a line of its file that writes that
 * POINT(), or a lock call (spinlock.h) for "spinning" and "lock acquired";
 * each workload op's done mark, run_op:OP done, at workload.c, and last a
 * note that says what they are; --points FUNC only FUNC's; an unknown FUNC
 * is one line, exit 2.
 */
int test_points_list(void)
{
	static char out[1 << 16], err[1024];
	char prev[128] = "", done_label[64], done_seen[NR_WORK_OPS] = {0};
	int places = 0, lock_places = 0, lines = 0, own = 0, rq_lock = 0, done = 0, notes = 0;

	EXPECT(replay_to(TMP "-points.out", NULL, ARGS("--points")) == 0, "--points");
	read_text(TMP "-points.out", out, sizeof(out));
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		char func[128], label[128], *colon = strchr(line, ':'), *gap = strstr(line, "  ");
		char *place;

		if (strncmp(line, "note: run_op:OP done is no point: ", 34) == 0) {
			notes++;
			continue;
		}
		EXPECT(notes == 0, "a point after the note: '%s'", line);
		EXPECT(colon && gap && colon < gap, "not FUNC:LABEL  PLACE: '%s'", line);
		snprintf(func, sizeof(func), "%.*s", (int)(colon - line), line);
		snprintf(label, sizeof(label), "%.*s", (int)(gap - colon - 1), colon + 1);
		EXPECT(strcmp(prev, func) <= 0, "not sorted: %s after %s", func, prev);
		snprintf(prev, sizeof(prev), "%s", func);
		own += strcmp(func, "__rcu_read_unlock") == 0 &&
		       strcmp(label, "nesting INT_MIN, before special check") == 0;
		rq_lock += strcmp(func, "task_rq_lock") == 0 && strcmp(label, "lock acquired") == 0;
		lines++;
		/* "file:l1,l2 file2:l3" */
		place = gap + strspn(gap, " ");
		if (strcmp(func, "run_op") == 0 && strstr(label, " done")) {
			int op = 0;

			for (; op < NR_WORK_OPS; op++) {
				snprintf(done_label, sizeof(done_label), "%s done",
					 work_op_name((enum work_op)op));
				if (strcmp(label, done_label) == 0)
					break;
			}
			EXPECT(op < NR_WORK_OPS && !done_seen[op] &&
				       strcmp(place, "target/kernel/workload.c") == 0,
			       "not an op's done mark, or twice: '%s'", line);
			done_seen[op] = 1;
			done++;
			continue;
		}
		while (*place) {
			char file[256], quoted[160];
			int at, used;

			if (sscanf(place, "%255[^: ]%n", file, &used) == 1 && place[used] != ':') {
				/* Not a POINT(): the file names it (boot.c, work_ops.def). */
				snprintf(quoted, sizeof(quoted), "\"%s\"", label);
				EXPECT(file_has(file, quoted), "%s does not name %s", file, quoted);
				place += used;
				place += strspn(place, " ");
				continue;
			}
			EXPECT(sscanf(place, "%255[^:]:%d%n", file, &at, &used) == 2, "place '%s'",
			       place);
			snprintf(quoted, sizeof(quoted), "POINT(\"%s\")", label);
			for (;;) {
				/* A lock's points are at each call of a lock primitive. */
				int lock = (strcmp(label, "lock acquired") == 0 ||
					    strcmp(label, "spinning") == 0) &&
					   !source_line_has(file, at, quoted);

				EXPECT(lock ? source_line_has(file, at, "lock") &&
						       strcmp(file, "target/kernel/spinlock.h") != 0
					    : source_line_has(file, at, quoted),
				       "%s:%d does not write %s or a lock call", file, at, quoted);
				lock_places += lock;
				places += !lock;
				place += used;
				if (*place != ',')
					break;
				EXPECT(sscanf(place, ",%d%n", &at, &used) == 1, "place '%s'",
				       place);
			}
			place += strspn(place, " ");
		}
	}
	EXPECT(own == 1, "no line __rcu_read_unlock:nesting INT_MIN, before special check");
	/* Lock calls, also in functions without a frame of their own. */
	EXPECT(rq_lock == 1 && lock_places > 100, "task_rq_lock:lock acquired %d, %d lock places",
	       rq_lock, lock_places);
	EXPECT(places == point_lines_in_sources(),
	       "%d places listed, %d POINT(\" lines in target/: the registry misses some", places,
	       point_lines_in_sources());
	EXPECT(lines > 20, "only %d points", lines);
	EXPECT(done == NR_WORK_OPS && notes == 1, "%d done marks of %d ops, %d notes", done,
	       NR_WORK_OPS, notes);
	/* One function's. */
	EXPECT(replay_to(TMP "-points.out", NULL, ARGS("--points", "__rcu_read_unlock")) == 0,
	       "--points __rcu_read_unlock");
	read_text(TMP "-points.out", out, sizeof(out));
	lines = 0;
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), lines++)
		EXPECT(strncmp(line, "__rcu_read_unlock:", 18) == 0, "'%s'", line);
	EXPECT(lines == 4, "__rcu_read_unlock has 4 points, listed %d", lines);
	EXPECT(replay_to(NULL, TMP "-points.err", ARGS("--points", "rcu_read_unlok_special")) == 2,
	       "an unknown function");
	read_text(TMP "-points.err", err, sizeof(err));
	EXPECT(strcmp(err, "rcufuzz: rcu_read_unlok_special: no point is in such a function "
			   "(near: rcu_read_unlock_special)\n") == 0,
	       "%s", err);
	return 0;
}

/* The text after --minimize's first line ("# minimized ...") compiles to the -o bytes. */
static int printed_schedule_compiles_to(const char *printed, const char *bytes_file)
{
	static uint8_t want[1 << 16];
	const char *text = strchr(printed, '\n');
	struct scenario s;
	char err[512];
	FILE *f = fopen(bytes_file, "rb");
	size_t n = f ? fread(want, 1, sizeof(want), f) : 0;
	int same;

	if (f)
		fclose(f);
	EXPECT(text && n > 0, "no schedule or no bytes");
	EXPECT(scenario_compile(text + 1, "printed", &s, err, sizeof(err)) == 0, "%s\n%s", err,
	       text + 1);
	same = s.size == n && memcmp(s.bytes, want, n) == 0;
	scenario_free(&s);
	EXPECT(same, "the printed schedule is not the bytes:\n%s", text + 1);
	return 0;
}

/*
 * --minimize prints its schedule with named points that compile back to
 * its bytes; --text --named does too and keeps counts where a point was
 * reached before (T0 spins twice) or where the last step reports.
 */
int test_minimize_names_points(void)
{
	static char out[1 << 16];

	EXPECT(replay_to(TMP "-min.out", NULL,
			 ARGS("--minimize", "tests/scenarios/irq-rq-lock-self-deadlock.scn", "-o",
			      TMP "-min")) == 0,
	       "minimize");
	read_text(TMP "-min.out", out, sizeof(out));
	EXPECT(strstr(out, "\nstep cpu0 until ") != NULL, "no named point:\n%s", out);
	EXPECT(strstr(out, "\npreset v3.0\nlockdep off\nmode test\n") != NULL,
	       "no run options before the named points:\n%s", out);
	if (printed_schedule_compiles_to(out, TMP "-min") < 0)
		return -1;
	EXPECT(replay_to(TMP "-min.out", NULL, ARGS("--text", "--mode", "test", TMP "-min")) == 0,
	       "--text");
	read_text(TMP "-min.out", out, sizeof(out));
	EXPECT(strstr(out, "until") == NULL && strstr(out, "\nstep cpu0") != NULL,
	       "--text without --named prints counts:\n%s", out);
	EXPECT(replay_to(TMP "-named.out", NULL, ARGS("--text", "--named", UNTIL_ABBA)) == 0,
	       "--text --named");
	read_text(TMP "-named.out", out, sizeof(out));
	EXPECT(strstr(out, "\nstep cpu0 until run_op:lock acquired\nstep cpu1 until run_op:lock "
			   "acquired\nstep cpu0 until run_op:spinning\nstep cpu1 x3\n") != NULL,
	       "%s", out);
	EXPECT(replay(ARGS("--named", UNTIL_ABBA)) == 2, "--named without --text");
	return 0;
}

/* --check notes an until line that a clean-with variant would compile to another count. */
int test_check_notes_other_counts(void)
{
	static char out[4096];
	static const char text[] =
		"preset revert-unlock_nesting_guard\nexpect clean\n"
		"clean-with unlock_nesting_guard\nclean-without cpuacct_rcu\n" READER
		"step cpu0 until __rcu_read_unlock:nesting 0, before special check\n";

	EXPECT(replay_to(TMP "-check.out", NULL, ARGS("--check", UNTIL_SHAPE)) == 0, "--check");
	read_text(TMP "-check.out", out, sizeof(out));
	EXPECT(strcmp(out, "PASS " UNTIL_SHAPE ": clean\nnote: " UNTIL_SHAPE
			   ":20: step cpu0 until __rcu_read_unlock: 3 steps here, 1 with "
			   "unlock_nesting_guard on (the bytes keep 3)\n") == 0,
	       "%s", out);
	/*
	 * A variant in which the point does not exist: the note says why; one
	 * whose count is the same (cpuacct's reader is not on this path): none.
	 */
	EXPECT(write_bytes(TMP "-variant.scn", text, sizeof(text) - 1) == 0, "write");
	EXPECT(replay_to(TMP "-check.out", NULL, ARGS("--check", TMP "-variant.scn")) == 0,
	       "--check");
	read_text(TMP "-check.out", out, sizeof(out));
	EXPECT(strncmp(out,
		       "PASS " TMP "-variant.scn: clean\nnote: " TMP "-variant.scn:8: step "
		       "cpu0 until __rcu_read_unlock:nesting 0, before special check: 3 steps "
		       "here; with unlock_nesting_guard on: cpu0 never reached "
		       "__rcu_read_unlock:nesting 0, before special check within 500 steps "
		       "(it stands at ",
		       strlen("PASS " TMP "-variant.scn: clean\nnote: " TMP "-variant.scn:8: step "
			      "cpu0 until __rcu_read_unlock:nesting 0, before special check: 3 "
			      "steps here; with unlock_nesting_guard on: cpu0 never reached "
			      "__rcu_read_unlock:nesting 0, before special check within 500 steps "
			      "(it stands at ")) == 0 &&
		       strstr(out, "cpuacct_rcu") == NULL,
	       "%s", out);
	/* No variant, no note. */
	EXPECT(replay_to(TMP "-check.out", NULL, ARGS("--check", UNTIL_ABBA)) == 0, "--check");
	read_text(TMP "-check.out", out, sizeof(out));
	EXPECT(strstr(out, "note:") == NULL, "%s", out);
	return 0;
}

/* A file named *.scn runs as a text scenario, under its own lines unless flags say otherwise. */
int test_scenario_file_runs_directly(void)
{
	static char out[1 << 16], err[1 << 16];

	EXPECT(replay_to(NULL, TMP "-direct.err",
			 ARGS("tests/scenarios/irq-rq-lock-self-deadlock.scn")) == 1,
	       "the scenario did not report");
	read_text(TMP "-direct.err", err, sizeof(err));
	EXPECT(strstr(err, "\nSUMMARY: rcufuzz: deadlock &rq->lock in scheduler_tick\n") &&
		       strstr(err, "\nReplay: out/rcureplay --preset v3.0 --no-lockdep "
				   "tests/scenarios/irq-rq-lock-self-deadlock.scn\n"),
	       "%s", err);
	EXPECT(replay_to(TMP "-direct.out", NULL,
			 ARGS("--trace", "tests/scenarios/irq-rq-lock-self-deadlock.scn")) == 1,
	       "--trace");
	read_text(TMP "-direct.out", out, sizeof(out));
	EXPECT(strncmp(out, "  step event", 12) == 0, "%.200s", out);
	/* Its preset; --switch on top of it; --preset instead of it. */
	EXPECT(replay_to(TMP "-direct.out", NULL, ARGS("--text", "--named", UNTIL_SHAPE)) == 0,
	       "--text");
	EXPECT(strncmp(read_text(TMP "-direct.out", out, sizeof(out)),
		       "preset revert-unlock_nesting_guard\n", 35) == 0,
	       "%s", out);
	EXPECT(replay_to(TMP "-direct.out", NULL,
			 ARGS("--switch", "unlock_nesting_guard=on", "--text", "--named",
			      UNTIL_SHAPE)) == 0,
	       "--text");
	EXPECT(strncmp(read_text(TMP "-direct.out", out, sizeof(out)), "preset v3.0\n", 12) == 0,
	       "%s", out);
	EXPECT(replay_to(TMP "-direct.out", NULL,
			 ARGS("--preset", "v3.0-rc7", "--text", "--named", UNTIL_SHAPE)) == 0,
	       "--text");
	EXPECT(strncmp(read_text(TMP "-direct.out", out, sizeof(out)), "preset v3.0-rc7\n", 16) ==
		       0,
	       "%s", out);
	return 0;
}

/*
 * Named points of a raw TINY input whose header asks for two CPUs: the run
 * boots one (config_normalize), so its step records for "cpu1" step cpu0.
 * The names must come from the records as that run decodes them: the text
 * says cpu0 only and runs as the bytes do.
 */
int test_named_points_tiny_header_normalized(void)
{
	static char out[1 << 16];
	static uint8_t raw[INPUT_HEADER_SIZE + 2 * 64];
	struct input_event step = {.op = EV_STEP, .cpu = 1, .count = 1};
	struct rcufuzz_options o;
	struct rcufuzz_result want, got;
	struct scenario s;
	struct config c;
	size_t n;

	config_defaults(&c);
	config_set(&c, CONFIG_FIELD_NR_CPUS, 2);
	input_encode_config(&c, raw);
	n = INPUT_HEADER_SIZE;
	for (int i = 0; i < 64; i++)
		n += input_encode(&step, MODE_STRICT, raw + n);
	EXPECT(write_bytes(TMP "-tiny2", raw, n) == 0, "write");
	EXPECT(replay_to(TMP "-tiny2.out", NULL,
			 ARGS("--preset", "tiny-v3.0", "--text", "--named", TMP "-tiny2")) == 0,
	       "--text --named");
	read_text(TMP "-tiny2.out", out, sizeof(out));
	EXPECT(strstr(out, "\nstep cpu0 until ") != NULL && strstr(out, "cpu1") == NULL, "%s", out);
	rcufuzz_default_options(&o);
	EXPECT(preset_lookup(PRESET_TINY_V3_0, &o.switches, &o.pin), "no preset tiny-v3.0");
	rcufuzz_run(raw, n, &o, &want);
	EXPECT(scenario_text_options(out, &s, &o) == 0, "does not compile:\n%s", out);
	rcufuzz_run(s.bytes, s.size, &o, &got);
	scenario_free(&s);
	EXPECT(got.steps == want.steps && got.reported == want.reported,
	       "the text runs %lu steps (report %d), the bytes %lu (report %d):\n%s", got.steps,
	       got.reported, want.steps, want.reported, out);
	return 0;
}
