/* SPDX-License-Identifier: MIT */
/*
 * What --trace prints for a person writing a schedule: the rcu_node tree
 * where it changes (--nodes) and where a scenario asks (`show nodes`).
 */
#include "harness.h"

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
