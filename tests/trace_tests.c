/* SPDX-License-Identifier: MIT */
/*
 * What --trace prints for a person writing a schedule: the rcu_node tree
 * where it changes (--nodes) and where a scenario asks (`show nodes`).
 */
#include "harness.h"

#include "../replay/points.h"
#include "../replay/trace.h"
#include "../target/run.h"

#include <stdlib.h>
#include <string.h>

/* Two readers preempted on CPU2, the only CPU of leaf rcu_node 2. */
#define TWO_BLOCKED                                                                                \
	"config RCU_BOOST=n\ntopology cpus=3 fanout=2 tasks=6\n"                                   \
	"work T2 read_lock\nstep cpu2 x2\nresched cpu2\nstep cpu2\n"                               \
	"show nodes\n"                                                                             \
	"work T5 read_lock\nstep cpu2 x3\nresched cpu2\nstep cpu2\n"                               \
	"work T0 call_rcu\nstep cpu0 x3\nirq cpu0 tick\nstep cpu0 x4\nstep cpu0 x8\n"              \
	"show nodes\n"

/* The line of @text that starts with @start, or NULL. */
static const char *line_starting(const char *text, const char *start)
{
	size_t n = strlen(start);

	if (strncmp(text, start, n) == 0)
		return text;
	for (const char *l = strchr(text, '\n'); l; l = strchr(l + 1, '\n'))
		if (strncmp(l + 1, start, n) == 0)
			return l + 1;
	return NULL;
}

/* The line at @l, without its newline, into @buf. */
static const char *line_of(const char *l, char *buf, size_t len)
{
	const char *end = l ? strchr(l, '\n') : NULL;

	snprintf(buf, len, "%.*s", l ? (int)(end ? end - l : (long)strlen(l)) : 0, l ? l : "");
	return buf;
}

/*
 * --trace --nodes: after the step that queues T2 on leaf 2's ->blkd_tasks,
 * that node's row (and only the rows that changed); after the GP begins,
 * ->gp_tasks at the head of [T5 T2].  `show nodes` prints the whole tree
 * before the record after it.  --nodes alone and a bad show line: one
 * line, exit 2.
 */
int test_trace_nodes(void)
{
	static char out[1 << 20], err[1024];
	char line[512], prev[512];
	const char *l, *blocked;

	EXPECT(write_bytes(TMP "-nodes.scn", TWO_BLOCKED, strlen(TWO_BLOCKED)) == 0, "write");
	EXPECT(replay_to(TMP "-nodes.out", NULL, ARGS("--trace", "--nodes", TMP "-nodes.scn")) == 0,
	       "--trace --nodes");
	read_text(TMP "-nodes.out", out, sizeof(out));
	l = line_starting(out, "       node (parent)  cpus  gpnum completed qsmask qsmaskinit "
			       "expmask gp_tasks  exp_tasks boost_tasks blkd_tasks (head first)\n");
	EXPECT(l != NULL, "no header of the node rows:\n%.2000s", out);
	/* The first row that shows T2 blocked follows the step row that blocked it. */
	blocked = line_starting(out, "       node 2 (0)     2-2 ");
	while (blocked && !strstr(line_of(blocked, line, sizeof(line)), "NULL        T2["))
		blocked = line_starting(strchr(blocked, '\n') + 1, "       node 2 (0)     2-2 ");
	EXPECT(blocked != NULL, "no row of node 2 with T2 on ->blkd_tasks:\n%.3000s", out);
	for (l = blocked - 2; l > out && l[-1] != '\n'; l--)
		;
	line_of(l, prev, sizeof(prev));
	EXPECT(strstr(prev, " step cpu2 ") && strstr(prev, "sp=BLOCKED"),
	       "the row before '%s' is not T2's blocking step: '%s'", line, prev);
	EXPECT(strstr(line, " 0x0    0x1        0x0     NULL      NULL      NULL        T2[") ==
		       line + strlen("       node 2 (0)     2-2     300       300"),
	       "'%s'", line);
	/* At the end of the records: T5 queued at the head, [T5 T2]. */
	l = strstr(out, "---- show nodes (line 17), after the last record ----\n");
	EXPECT(l != NULL, "no second show:\n%s", out);
	l = line_starting(l, "node 2 (0)     2-2 ");
	EXPECT(l && strstr(line_of(l, line, sizeof(line)), " NULL        T5[18] T2[15]"), "'%s'",
	       line);
	l = strstr(out, "---- show nodes (line 7), before record 4 ----\n");
	EXPECT(l && line_starting(l, "node (parent)  cpus ") &&
		       line_starting(l, "rcu_state gpnum ") &&
		       line_starting(l, "node 0         0-2 ") &&
		       line_starting(l, "node 1 (0)     0-1 "),
	       "the first show is not the whole tree:\n%.1500s", l ? l : out);
	/* Without --trace, the shows alone on stdout. */
	EXPECT(replay_to(TMP "-nodes.out", NULL, ARGS(TMP "-nodes.scn")) == 0, "run");
	read_text(TMP "-nodes.out", out, sizeof(out));
	EXPECT(strncmp(out, "---- show nodes (line 7), before record 4 ----\n", 47) == 0 &&
		       strstr(out, "\n---- show nodes (line 17), after the last record ----\n") &&
		       line_starting(out, "clean: "),
	       "%s", out);
	EXPECT(replay_to(NULL, TMP "-nodes.err", ARGS("--nodes", TMP "-nodes.scn")) == 2,
	       "--nodes without --trace");
	read_text(TMP "-nodes.err", err, sizeof(err));
	EXPECT(strcmp(err, "rcufuzz: --nodes: goes with --trace\n") == 0, "%s", err);
	EXPECT(write_bytes(TMP "-nodes.scn", "topology cpus=1\nshow node\n", 26) == 0, "write");
	EXPECT(replay_to(NULL, TMP "-nodes.err", ARGS(TMP "-nodes.scn")) == 2, "show node");
	read_text(TMP "-nodes.err", err, sizeof(err));
	EXPECT(strcmp(err, "rcufuzz: " TMP "-nodes.scn:2: expected 'show nodes'\n") == 0, "%s",
	       err);
	return 0;
}

/* Every step row of a run: its record, its place in the record, and the point it prints. */
struct printed_rows {
	unsigned flags; /* the printer's */
	int n;
	struct {
		long event;
		int cpu, nth;	 /* the nth step of its record (1: the first) */
		char point[192]; /* what follows " @ " */
		char func[64];	 /* the row's own function */
		char label[128], point_func[64], site_func[64], frame_func[64];
	} row[1024];
};

static void print_one_row(const struct trace_row *row, void *arg)
{
	static char line[4096];
	struct printed_rows *p = arg;
	FILE *f = fmemopen(line, sizeof(line), "w");
	struct trace_printer *printer = f ? trace_printer_new(f, p->flags) : NULL;
	const char *at;

	if (printer == NULL || row->event < 0 || p->n == 1024) {
		trace_printer_free(printer);
		if (f)
			fclose(f);
		return;
	}
	trace_print_row(row, printer);
	trace_printer_free(printer);
	fclose(f);
	/* The header comes before the first row: take the last line. */
	at = strstr(strchr(line, '\n') + 1 < line + strlen(line) ? strchr(line, '\n') + 1 : line,
		    " @ ");
	p->row[p->n].event = row->event;
	p->row[p->n].cpu = row->cpu;
	p->row[p->n].nth =
		p->n && p->row[p->n - 1].event == row->event ? p->row[p->n - 1].nth + 1 : 1;
	snprintf(p->row[p->n].point, sizeof(p->row[0].point), "%.*s",
		 at ? (int)strcspn(at + 3, "\n") : 0, at ? at + 3 : "");
	snprintf(p->row[p->n].func, sizeof(p->row[0].func), "%s", trace_point_func(row));
	snprintf(p->row[p->n].point_func, sizeof(p->row[0].point_func), "%s", row->point_func);
	snprintf(p->row[p->n].frame_func, sizeof(p->row[0].frame_func), "%s", row->func);
	snprintf(p->row[p->n].site_func, sizeof(p->row[0].site_func), "%s",
		 row->site_func ? row->site_func : "");
	snprintf(p->row[p->n].label, sizeof(p->row[0].label), "%s", row->label);
	p->n++;
}

/* Would an until line on @func:@label stop at row @j (points.h's point_matches)? */
static int at_point(const struct printed_rows *p, int j, const char *func, const char *label)
{
	struct trace_row row = {.func = p->row[j].frame_func,
				.point_func = p->row[j].point_func,
				.site_func = p->row[j].site_func[0] ? p->row[j].site_func : NULL,
				.label = p->row[j].label};

	return point_matches(&row, func, label);
}

/*
 * The FUNC:LABEL a --trace row ends in, copied into an until line in place
 * of the steps that led to it, stops at that row: for every step row of a
 * hotplug finding's run (stop_machine, idle, irqs, long function names)
 * that is the first of its record at its point (as an until line matches
 * it: points.h), the line compiles to the same bytes as the count.  Also
 * with --compact.
 */
int test_trace_point_round_trips(void)
{
	static char text[1 << 16], lines[1 << 16], until[1 << 16], counts[1 << 16];
	static struct printed_rows rows;
	static char *record[2048];
	struct scenario s;
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	size_t head = 0;
	int nrec = 0, tried = 0, long_names = 0;
	FILE *f;

	read_text("corpus/findings/offline-reverses-blocked-tasks.scn", text, sizeof(text));
	EXPECT(scenario_text_options(text, &s, &o) == 0, "does not compile");
	EXPECT(s.nuntil == 0, "the scenario has until lines: it must be counts");
	/* The records as text, one line each after the topology line. */
	f = fmemopen(lines, sizeof(lines), "w");
	EXPECT(f != NULL, "fmemopen");
	scenario_decompile(s.bytes, s.size, s.mode, f);
	fclose(f);
	for (char *l = strtok(lines, "\n"); l; l = strtok(NULL, "\n")) {
		if (nrec == 0 && strncmp(l, "topology ", 9) != 0) {
			head += (size_t)snprintf(until + head, sizeof(until) - head, "%s\n", l);
			continue;
		}
		record[nrec++] = l;
	}
	head += (size_t)snprintf(until + head, sizeof(until) - head, "%s\n", record[0]);
	for (int compact = 0; compact < 2; compact++) {
		rows.n = 0;
		rows.flags = compact ? TRACE_COMPACT : 0;
		o.trace = print_one_row;
		o.trace_arg = &rows;
		rcufuzz_run(s.bytes, s.size, &o, &r);
		EXPECT(rows.n > 100, "%d rows", rows.n);
		for (int i = 0; i < rows.n; i++) {
			const char *ev = record[rows.row[i].event + 1];
			size_t n = head;
			int first = 1;

			/* An earlier row of the record at the point (points.h): the line stops
			 * there. */
			for (int j = i - rows.row[i].nth + 1; j < i; j++)
				first &= !at_point(&rows, j, rows.row[i].func, rows.row[i].label);
			if (!first || strncmp(ev, "step ", 5) != 0 ||
			    (r.reported && i == rows.n - 1))
				continue;
			EXPECT(strncmp(rows.row[i].point, rows.row[i].func,
				       strlen(rows.row[i].func)) == 0,
			       "row %d: '%s' is not at %s", i, rows.row[i].point, rows.row[i].func);
			for (long k = 1; k <= rows.row[i].event; k++)
				n += (size_t)snprintf(until + n, sizeof(until) - n, "%s\n",
						      record[k]);
			memcpy(counts, until, n);
			snprintf(until + n, sizeof(until) - n, "step cpu%d until %s\n",
				 rows.row[i].cpu, rows.row[i].point);
			snprintf(counts + n, sizeof(counts) - n, "step cpu%d x%d\n",
				 rows.row[i].cpu, rows.row[i].nth);
			if (same_bytes(until, counts) < 0)
				return -1;
			tried++;
			long_names += strlen(rows.row[i].func) > 14;
		}
	}
	scenario_free(&s);
/* --compact: no CPU columns, the stepping CPU once. */
#define COMPACT "topology cpus=4 tasks=4\nwork T3 read_lock\nstep cpu3 x2\n"
	EXPECT(write_bytes(TMP "-compact.scn", COMPACT, strlen(COMPACT)) == 0, "write");
	EXPECT(replay_to(TMP "-compact.out", NULL,
			 ARGS("--trace", "--compact", TMP "-compact.scn")) == 0,
	       "--trace --compact");
	read_text(TMP "-compact.out", text, sizeof(text));
	EXPECT(strncmp(text,
		       "  step event                    the stepping CPU               "
		       "preempt_count",
		       76) == 0 &&
		       strstr(text, "\n     1 step cpu3 x2             CPU3 T3[") &&
		       strstr(text, " @ run_op:read_lock\n"),
	       "%.600s", text);
	/* --text --named names runs by the same FUNC: a stopper's lock by cpu_stopper_thread. */
	EXPECT(replay_to(TMP "-named.out", NULL,
			 ARGS("--text", "--named",
			      "corpus/findings/offline-qs-before-play-dead.scn")) == 0,
	       "--text --named");
	read_text(TMP "-named.out", text, sizeof(text));
	EXPECT(strstr(text, " until cpu_stopper_thread:lock acquired\n") &&
		       !strstr(text, "do_raw_spin_lock_class"),
	       "%s", text);
	EXPECT(tried > 100 && long_names > 20, "only %d rows tried, %d long names", tried,
	       long_names);
	return 0;
}
