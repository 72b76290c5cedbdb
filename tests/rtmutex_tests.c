/* SPDX-License-Identifier: MIT */
/*
 * rt_mutex priority inheritance step by step: each test runs a scenario of
 * tests/scenarios/rtmutex-*.scn and logs, after every step, each change of
 * the workload tasks' priorities, the owners and wait lists of rtm0 and
 * rtm1, and the tasks' RCU reader state; then it asserts that given changes
 * happened in a given order.
 */
#include "harness.h"

#include "../target/kernel/rtmutex.h"
#include "../target/kernel/workload.h"
#include "../target/run.h"

#include <stdlib.h>
#include <string.h>

#define WATCHED_TASKS 4
#define ITEM_LEN      64
#define NR_ITEMS      (3 * WATCHED_TASKS + 2 * NR_WORKLOAD_RT_MUTEXES)

/* The log: one line per change, "step: what". */
struct pi_log {
	FILE *f;
	char *text;
	size_t len;
	char last[NR_ITEMS][ITEM_LEN]; /* each item as last logged */
};

static void describe_lock(char (*item)[ITEM_LEN], int m)
{
	struct rt_mutex *lock = workload_rt_mutex(m);
	struct task_struct *owner = rt_mutex_owner(lock);
	size_t n;
	struct list_head *pos;

	snprintf(item[0], ITEM_LEN, "rtm%d owner %s", m, owner ? owner->comm : "none");
	n = (size_t)snprintf(item[1], ITEM_LEN, "rtm%d waiters", m);
	list_for_each(pos, &lock->wait_list.node_list) {
		struct rt_mutex_waiter *w =
			list_entry(pos, struct rt_mutex_waiter, list_entry.node_list);

		n += (size_t)snprintf(item[1] + n, ITEM_LEN - n, " %s", w->task->comm);
	}
	if (!rt_mutex_has_waiters(lock))
		snprintf(item[1] + n, ITEM_LEN - n, " none");
}

static void describe_task(char (*item)[ITEM_LEN], const struct task_struct *t)
{
	snprintf(item[0], ITEM_LEN, "%s prio %d", t->comm, t->prio);
	snprintf(item[1], ITEM_LEN, "%s %s", t->comm,
		 t->rcu_blocked_node ? "queued on blkd_tasks" : "not queued");
	snprintf(item[2], ITEM_LEN, "%s %s", t->comm,
		 t->rcu_boost_mutex ? "owns an rcu_boost_mutex" : "owns no rcu_boost_mutex");
}

static void log_step(const struct trace_row *row, void *arg)
{
	struct pi_log *l = arg;
	char now[NR_ITEMS][ITEM_LEN] = {{0}};
	int n = 0;

	for (int i = 0; i < WATCHED_TASKS; i++, n += 3) {
		struct task_struct *t = workload_task(i);

		if (t)
			describe_task(&now[n], t);
	}
	for (int m = 0; m < NR_WORKLOAD_RT_MUTEXES; m++, n += 2)
		describe_lock(&now[n], m);
	for (int i = 0; i < NR_ITEMS; i++) {
		if (strcmp(now[i], l->last[i]) == 0)
			continue;
		fprintf(l->f, "%lu: %s\n", row->step, now[i]);
		memcpy(l->last[i], now[i], ITEM_LEN);
	}
}

/*
 * Run @text, logging into @l; 0 on a clean run, else the report or the
 * error is printed.  The log lives until the next run into @l (a static:
 * a test that fails halfway leaks nothing).
 */
static int run_logged(const char *text, struct pi_log *l)
{
	struct rcufuzz_result r;

	free(l->text);
	memset(l, 0, sizeof(*l));
	l->f = open_memstream(&l->text, &l->len);
	if (l->f == NULL)
		return -1;
	if (run_scenario_watched(text, log_step, l, &r) < 0) {
		fclose(l->f);
		return -1;
	}
	fclose(l->f);
	if (r.reported) {
		printf("    %s\n", r.text);
		return -1;
	}
	return 0;
}

/* The first line at or after @from whose text after the step number is @event, or NULL. */
static const char *find_event(const char *from, const char *event)
{
	const char *const needle[] = {": ", event, NULL};
	size_t n = strlen(event);

	for (const char *line = log_find(from, needle); line; line = log_find(line + 1, needle)) {
		const char *text = strstr(line, ": ") + 2;

		if (strncmp(text, event, n) == 0 && text[n] == '\n')
			return line;
	}
	return NULL;
}

/* The first of @events (NULL-ended) that the log lacks in this order, or NULL. */
static const char *missing_in_order(const struct pi_log *l, const char *const *events)
{
	const char *line = l->text;

	for (int i = 0; events[i]; i++) {
		line = find_event(line, events[i]);
		if (line == NULL)
			return events[i];
		line = strchr(line, '\n') + 1;
	}
	return NULL;
}

/* Does @what happen after the first @after, before the next @before (or the end)? */
static int happens_between(const struct pi_log *l, const char *after, const char *what,
			   const char *before)
{
	const char *a = find_event(l->text, after), *w, *b;

	if (a == NULL)
		return 0;
	a = strchr(a, '\n') + 1;
	w = find_event(a, what);
	b = find_event(a, before);
	return w != NULL && (b == NULL || w < b);
}

#define IN_ORDER(...) ((const char *const[]){__VA_ARGS__, NULL})
#define EXPECT_ORDER(l, ...)                                                                       \
	do {                                                                                       \
		const char *miss_ = missing_in_order(l, IN_ORDER(__VA_ARGS__));                    \
		EXPECT(miss_ == NULL, "no '%s' where expected; the log:\n%s", miss_, (l)->text);   \
	} while (0)

/* The text of scenario @path (tests/scenarios/...), or NULL; valid until the next call. */
static const char *scenario_text(const char *path)
{
	static char text[16384];
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL) {
		printf("    %s: cannot open\n", path);
		return NULL;
	}
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	return text;
}

/* Run scenario file @path, logging into @l. */
static int run_file_logged(const char *path, struct pi_log *l)
{
	const char *text = scenario_text(path);

	return text ? run_logged(text, l) : -1;
}

#define WAITERS_SCN "tests/scenarios/rtmutex-waiters-by-priority.scn"

/* The wait list is sorted by priority, FIFO among equals; the top waiter gets the lock. */
int test_rt_mutex_waiters_by_priority(void)
{
	static struct pi_log l;

	EXPECT(run_file_logged(WAITERS_SCN, &l) == 0, "scenario");
	EXPECT_ORDER(&l, "rtm0 owner T0", "rtm0 waiters T1", "rtm0 waiters T2 T1",
		     "rtm0 waiters T2 T1 T3", "rtm0 owner none", "rtm0 owner T2",
		     "rtm0 waiters T1 T3", "rtm0 owner T1", "rtm0 waiters T3", "rtm0 owner T3",
		     "rtm0 owner none");
	return 0;
}

/* The owner runs at its top waiter's priority, and drops back when it unlocks. */
int test_rt_mutex_boost_follows_top_waiter(void)
{
	static struct pi_log l;

	EXPECT(run_file_logged(WAITERS_SCN, &l) == 0, "scenario");
	EXPECT_ORDER(&l, "rtm0 waiters T1", "T2 prio 89", "rtm0 waiters T2 T1", "T0 prio 89",
		     "rtm0 owner none", "T0 prio 120");
	/* T1 is no more important than T0: no boost until T2 queues. */
	EXPECT(!happens_between(&l, "rtm0 waiters T1", "T0 prio 89", "rtm0 waiters T2 T1"),
	       "T0 was boosted by T1, a waiter no more important; the log:\n%s", l.text);
	return 0;
}

/* T2 blocks on T1, which blocks on T0: both owners run at T2's priority. */
int test_rt_mutex_chain_walk(void)
{
	static struct pi_log l;

	EXPECT(run_file_logged("tests/scenarios/rtmutex-chain-walk.scn", &l) == 0, "scenario");
	EXPECT_ORDER(&l, "rtm1 owner T0", "rtm0 owner T1", "rtm1 waiters T1", "T2 prio 89",
		     "rtm0 waiters T2", "T1 prio 89", "T0 prio 89", "rtm1 owner none",
		     "T0 prio 120", "rtm1 owner T1", "rtm0 owner none", "T1 prio 120",
		     "rtm0 owner T2");
	return 0;
}

/* A reader boosted by rcub and by a PI waiter keeps the PI boost after its unlock. */
int test_rt_mutex_reader_keeps_pi_boost(void)
{
	static struct pi_log l;

	EXPECT(run_file_logged("tests/scenarios/rtmutex-reader-keeps-pi-boost.scn", &l) == 0,
	       "scenario");
	EXPECT_ORDER(&l, "rtm0 owner T0", "T0 queued on blkd_tasks", "T0 owns an rcu_boost_mutex",
		     "T0 prio 98", "rtm0 waiters T2", "T0 prio 89", "T0 not queued",
		     "T0 owns no rcu_boost_mutex", "rtm0 owner none", "T0 prio 120",
		     "rtm0 owner T2");
	/* Between the reader's exit and the unlock of rtm0, T0 stays at T2's priority. */
	EXPECT(!happens_between(&l, "T0 prio 89", "T0 prio 98", "rtm0 owner none"),
	       "T0 fell back to rcub's priority after its reader; the log:\n%s", l.text);
	EXPECT(!happens_between(&l, "T0 prio 89", "T0 prio 120", "rtm0 owner none"),
	       "T0 lost T2's boost before it unlocked rtm0; the log:\n%s", l.text);
	return 0;
}

/*
 * The owner, boosted by rcub (98) and by T2 (89), unlocks inside its reader:
 * back at 98 while running, with T2 queued at 89 on its CPU, it is
 * rescheduled (3.0's prio_changed_rt()), and T2 takes rtm0 before T0's
 * reader ends.
 */
int test_rt_mutex_deboost_yields_to_waiter(void)
{
	static struct pi_log l;

	EXPECT(run_file_logged("tests/scenarios/rtmutex-deboost-yields-to-waiter.scn", &l) == 0,
	       "scenario");
	EXPECT_ORDER(&l, "rtm0 owner T0", "T0 queued on blkd_tasks", "T0 prio 98", "T0 prio 89",
		     "rtm0 owner none", "T0 prio 98", "rtm0 owner T2", "T0 not queued",
		     "T0 prio 120");
	EXPECT(!happens_between(&l, "rtm0 owner none", "T0 not queued", "rtm0 owner T2"),
	       "T0 left its reader before T2, queued and more important, took rtm0; the log:\n%s",
	       l.text);
	return 0;
}

/* T2 blocks on rtm0 at T1's priority: the walk stops at T1, T1 stays ahead of T3 on rtm1. */
int test_rt_mutex_chain_walk_stops(void)
{
	static struct pi_log l;

	EXPECT(run_file_logged("tests/scenarios/rtmutex-chain-walk-stops.scn", &l) == 0,
	       "scenario");
	EXPECT_ORDER(&l, "rtm1 owner T0", "rtm0 owner T1", "rtm1 waiters T1", "rtm1 waiters T1 T3",
		     "rtm0 waiters T2", "rtm1 owner none", "rtm1 owner T1");
	EXPECT(!happens_between(&l, "rtm0 waiters T2", "rtm1 waiters T3 T1", "rtm1 owner T1"),
	       "the walk requeued T1 behind T3 on rtm1; the log:\n%s", l.text);
	return 0;
}
