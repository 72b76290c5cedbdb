/* SPDX-License-Identifier: MIT */
/*
 * lockdep: see lockdep.h.  Fixed-size and index-based, as the kernel's:
 * classes are small integers, the dependency graph is one bitmap row per
 * class, and everything is reset per input.
 */
#include "../kernel/lockdep.h"

#include "../check/report.h"
#include "../kernel/bug.h"
#include "../kernel/cpu.h"
#include "../kernel/frame.h"
#include "../kernel/hooks.h"
#include "../kernel/preempt.h"
#include "../kernel/task.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

_Static_assert(NR_LOCK_CLASSES <= 64, "one bitmap word per class");

#define MAX_EDGES 256

/* Usage bits, as lockdep's LOCK_USED_IN_* and LOCK_ENABLED_* states. */
enum { USED_IN_HARDIRQ, USED_IN_SOFTIRQ, ENABLED_HARDIRQ, ENABLED_SOFTIRQ, NR_USAGE };

static const char *const usage_names[NR_USAGE] = {"IN-HARDIRQ-W", "IN-SOFTIRQ-W", "HARDIRQ-ON-W",
						  "SOFTIRQ-ON-W"};

/* Where a dependency or a usage was first seen. */
struct trace {
	const char *func;		/* function that took the lock */
	const struct task_struct *task; /* the task that took it (NULL: not recorded) */
};

struct edge {
	unsigned char from, to; /* from was held when to was taken */
	struct trace from_at;	/* where from was taken */
	struct trace to_at;	/* where to was taken */
};

static struct {
	int enabled;			  /* CONFIG_PROVE_LOCKING */
	uint64_t after[NR_LOCK_CLASSES];  /* after[a] has b: a -> b */
	uint64_t before[NR_LOCK_CLASSES]; /* before[b] has a: a -> b */
	unsigned int usage[NR_LOCK_CLASSES];
	struct trace usage_at[NR_LOCK_CLASSES][NR_USAGE];
	struct edge edges[MAX_EDGES];
	int nr_edges;
} ld;

void lockdep_reset(int enabled)
{
	/*
	 * All of it, the traces and edges past what this run will use too:
	 * what the last input left there is read by no one, but rcureplay
	 * --explore hashes static data as the machine's state, and a run's
	 * state must not depend on the runs before it.
	 */
	memset(&ld, 0, sizeof(ld));
	ld.enabled = enabled;
}

static void trace_here(struct trace *tr, const char *func)
{
	tr->func = func;
	tr->task = current;
}

static const char *name(int cls)
{
	return lock_class_name(cls);
}

/* Classes reachable from @cls through @graph (not including @cls unless on a cycle). */
static uint64_t closure(const uint64_t *graph, int cls)
{
	uint64_t seen = 0, todo = graph[cls];

	while (todo & ~seen) {
		int c = __builtin_ctzll(todo & ~seen);

		seen |= 1ull << c;
		todo |= graph[c];
	}
	return seen;
}

/* Shortest path from @src to @dst over ld.after, as classes; returns its length. */
static int find_path(int src, int dst, int *path, int max)
{
	int parent[NR_LOCK_CLASSES], queue[NR_LOCK_CLASSES], head = 0, tail = 0, n = 0;

	for (int i = 0; i < NR_LOCK_CLASSES; i++)
		parent[i] = -1;
	parent[src] = src;
	queue[tail++] = src;
	while (head < tail) {
		int c = queue[head++];

		if (c == dst)
			break;
		for (uint64_t m = ld.after[c]; m; m &= m - 1) {
			int d = __builtin_ctzll(m);

			if (parent[d] < 0) {
				parent[d] = c;
				queue[tail++] = d;
			}
		}
	}
	if (parent[dst] < 0)
		return 0;
	for (int c = dst; n < max; c = parent[c]) {
		path[n++] = c;
		if (c == src)
			break;
	}
	for (int i = 0; i < n / 2; i++) {
		int x = path[i];

		path[i] = path[n - 1 - i];
		path[n - 1 - i] = x;
	}
	return n;
}

static const struct edge *find_edge(int from, int to)
{
	for (int i = 0; i < ld.nr_edges; i++)
		if (ld.edges[i].from == from && ld.edges[i].to == to)
			return &ld.edges[i];
	return NULL;
}

static void print_trace(const char *what, const struct trace *tr)
{
	report_printf("   %s at: %s, by %s\n", what, tr->func, task_name(tr->task));
}

static void print_usage(int cls)
{
	report_printf("(%s){", name(cls));
	for (int u = 0; u < NR_USAGE; u++)
		report_printf("%c", (ld.usage[cls] >> u) & 1 ? "hsHS"[u] : '.');
	report_printf("}");
}

static void print_acquiring(int cls, const char *func)
{
	report_printf("%s is trying to acquire lock:\n ", task_name(current));
	print_usage(cls);
	report_printf(", at: %s\n\n", func);
}

static void print_holding(const struct held_lock *h)
{
	report_printf("but task is already holding lock:\n ");
	print_usage(h->class_idx);
	report_printf(", at: %s\n\n", h->acquired_in);
}

/* Possible recursive locking: @cls is held and taken again. */
static void report_recursive(const struct held_lock *prev, int cls, const char *func)
{
	report_begin(REPORT_LOCKDEP, "possible recursive locking detected: %s in %s", name(cls),
		     func);
	print_acquiring(cls, func);
	print_holding(prev);
	report_printf("other info that might help us debug this:\n"
		      " Possible unsafe locking scenario:\n\n"
		      "       CPU0\n"
		      "       ----\n"
		      "  lock(%s);\n"
		      "  lock(%s);\n\n"
		      " *** DEADLOCK ***\n\n",
		      name(cls), name(cls));
	report_task(current, "acquiring");
	report_end("recursive-locking", func);
}

/* A new edge @prev -> @cls closes a cycle through the existing chain @cls -> ... -> @prev. */
static void report_circular(const struct held_lock *prev, int cls, const char *func)
{
	int path[NR_LOCK_CLASSES], n = find_path(cls, prev->class_idx, path, NR_LOCK_CLASSES);

	report_begin(REPORT_LOCKDEP,
		     "possible circular locking dependency detected: %s -> %s in %s",
		     name(prev->class_idx), name(cls), func);
	print_acquiring(cls, func);
	print_holding(prev);
	report_printf("which lock already depends on the new lock.\n\n"
		      "the existing dependency chain (in reverse order) is:\n\n");
	for (int i = n - 1; i > 0; i--) {
		const struct edge *e = find_edge(path[i - 1], path[i]);

		report_printf("-> #%d (%s):\n", i, name(path[i]));
		if (e) {
			print_trace("taken", &e->to_at);
			report_printf("   while holding %s, taken at: %s\n\n", name(e->from),
				      e->from_at.func);
		}
	}
	report_printf("-> #0 (%s):\n   taken at: %s, by %s (now)\n\n", name(cls), func,
		      task_name(current));
	report_printf("other info that might help us debug this:\n\n");
	if (n > 2) {
		report_printf(" Chain exists of:\n   ");
		for (int i = 0; i < n; i++)
			report_printf("%s%s", name(path[i]), i + 1 < n ? " --> " : "\n\n");
	}
	report_printf(" Possible unsafe locking scenario:\n\n"
		      "       CPU0                    CPU1\n"
		      "       ----                    ----\n"
		      "  lock(%s);\n"
		      "                               lock(%s);\n"
		      "                               lock(%s);\n"
		      "  lock(%s);\n\n"
		      " *** DEADLOCK ***\n\n",
		      name(prev->class_idx), n > 1 ? name(path[n - 2]) : name(cls),
		      name(prev->class_idx), name(cls));
	report_task(current, "acquiring");
	report_end("circular-dependency", func);
}

/* @safe (used in irq) -> ... -> @unsafe (taken with irqs on): an irq on CPU0 deadlocks. */
static void report_safe_to_unsafe(int hard, int safe, int unsafe, int prev_cls, int cls,
				  const char *func)
{
	const char *irq = hard ? "HARDIRQ" : "SOFTIRQ";
	const struct trace *s = &ld.usage_at[safe][hard ? USED_IN_HARDIRQ : USED_IN_SOFTIRQ];
	const struct trace *u = &ld.usage_at[unsafe][hard ? ENABLED_HARDIRQ : ENABLED_SOFTIRQ];

	report_begin(REPORT_LOCKDEP, "%s-safe -> %s-unsafe lock order detected: %s -> %s in %s",
		     irq, irq, name(prev_cls), name(cls), func);
	report_printf("%s is trying to acquire:\n ", task_name(current));
	print_usage(cls);
	report_printf(", at: %s\n\nand this task is already holding:\n ", func);
	print_usage(prev_cls);
	report_printf("\nwhich would create a new lock dependency:\n (%s) -> (%s)\n\n",
		      name(prev_cls), name(cls));
	report_printf("but this new dependency connects a %s-irq-safe lock:\n ", irq);
	print_usage(safe);
	report_printf("\n... which became %s-irq-safe at:\n", irq);
	print_trace("taken in irq", s);
	report_printf("\nto a %s-irq-unsafe lock:\n ", irq);
	print_usage(unsafe);
	report_printf("\n... which became %s-irq-unsafe at:\n", irq);
	print_trace("taken with irqs on", u);
	report_printf("\nother info that might help us debug this:\n\n"
		      " Possible interrupt unsafe locking scenario:\n\n"
		      "       CPU0                    CPU1\n"
		      "       ----                    ----\n"
		      "  lock(%s);\n"
		      "                               local_irq_disable();\n"
		      "                               lock(%s);\n"
		      "                               lock(%s);\n"
		      "  <Interrupt>\n"
		      "    lock(%s);\n\n"
		      " *** DEADLOCK ***\n\n",
		      name(unsafe), name(safe), name(unsafe), name(safe));
	report_task(current, "acquiring");
	report_end(hard ? "hardirq-safe-to-unsafe" : "softirq-safe-to-unsafe", func);
}

/* One class used in irq context and taken with that irq enabled. */
static void report_inconsistent(int cls, int new_bit, int old_bit, const char *func)
{
	const struct trace *o = &ld.usage_at[cls][old_bit];
	int hard = new_bit == USED_IN_HARDIRQ || new_bit == ENABLED_HARDIRQ;

	report_begin(REPORT_LOCKDEP, "inconsistent lock state: {%s} -> {%s} usage of %s in %s",
		     usage_names[old_bit], usage_names[new_bit], name(cls), func);
	report_printf("inconsistent {%s} -> {%s} usage.\n%s takes:\n ", usage_names[old_bit],
		      usage_names[new_bit], task_name(current));
	print_usage(cls);
	report_printf(", at: %s\n{%s} state was registered at:\n", func, usage_names[old_bit]);
	print_trace("taken", o);
	report_printf("\nother info that might help us debug this:\n"
		      " Possible unsafe locking scenario:\n\n"
		      "       CPU0\n"
		      "       ----\n"
		      "  lock(%s);\n"
		      "  <%s>\n"
		      "    lock(%s);\n\n"
		      " *** DEADLOCK ***\n\n",
		      name(cls), hard ? "Interrupt" : "Softirq", name(cls));
	report_task(current, "acquiring");
	report_end("inconsistent-lock-state", func);
}

/* Checks for a class newly marked with usage @bit. */
static void mark_lock(int cls, int bit, const char *func)
{
	static const int opposite[NR_USAGE] = {ENABLED_HARDIRQ, ENABLED_SOFTIRQ, USED_IN_HARDIRQ,
					       USED_IN_SOFTIRQ};
	int other = opposite[bit];
	int hard = bit == USED_IN_HARDIRQ || bit == ENABLED_HARDIRQ;
	int used_in = bit == USED_IN_HARDIRQ || bit == USED_IN_SOFTIRQ;
	uint64_t related;

	if ((ld.usage[cls] >> bit) & 1)
		return;
	ld.usage[cls] |= 1u << bit;
	trace_here(&ld.usage_at[cls][bit], func);
	if ((ld.usage[cls] >> other) & 1) {
		report_inconsistent(cls, bit, other, func);
		return;
	}
	/* irq-safe now: nothing after it may be irq-unsafe; irq-unsafe: nothing before irq-safe. */
	related = used_in ? closure(ld.after, cls) : closure(ld.before, cls);
	for (uint64_t m = related; m; m &= m - 1) {
		int c = __builtin_ctzll(m);

		if ((ld.usage[c] >> other) & 1) {
			int safe = used_in ? cls : c, unsafe = used_in ? c : cls;

			report_safe_to_unsafe(hard, safe, unsafe, safe, unsafe, func);
			return;
		}
	}
}

static void check_irq_usage(int prev, int cls, const char *func)
{
	uint64_t back = closure(ld.before, prev) | 1ull << prev;
	uint64_t fwd = closure(ld.after, cls) | 1ull << cls;

	for (int hard = 1; hard >= 0; hard--) {
		int safe_bit = hard ? USED_IN_HARDIRQ : USED_IN_SOFTIRQ;
		int unsafe_bit = hard ? ENABLED_HARDIRQ : ENABLED_SOFTIRQ;

		for (uint64_t b = back; b; b &= b - 1) {
			int s = __builtin_ctzll(b);

			if (!((ld.usage[s] >> safe_bit) & 1))
				continue;
			for (uint64_t f = fwd; f; f &= f - 1) {
				int u = __builtin_ctzll(f);

				if ((ld.usage[u] >> unsafe_bit) & 1) {
					report_safe_to_unsafe(hard, s, u, prev, cls, func);
					return;
				}
			}
		}
	}
}

static void add_edge(const struct held_lock *prev, int cls, const char *func)
{
	int p = prev->class_idx;
	struct edge *e;

	if ((ld.after[p] >> cls) & 1)
		return;
	if (p == cls || ((closure(ld.after, cls) >> p) & 1)) {
		report_circular(prev, cls, func);
		return;
	}
	check_irq_usage(p, cls, func);
	ld.after[p] |= 1ull << cls;
	ld.before[cls] |= 1ull << p;
	if (ld.nr_edges < MAX_EDGES) {
		e = &ld.edges[ld.nr_edges++];
		e->from = (unsigned char)p;
		e->to = (unsigned char)cls;
		e->from_at.func = prev->acquired_in;
		e->from_at.task = NULL;
		trace_here(&e->to_at, func);
	}
}

static int irq_context(void)
{
	return (in_irq() ? 2 : 0) + (in_serving_softirq() ? 1 : 0);
}

void lock_acquire(int cls, const void *instance, int trylock)
{
	struct task_struct *t = current;
	const char *func = frame_top(t);
	int ctx = irq_context();
	int hardirqs_off = irqs_disabled();
	struct held_lock *h;

	if (t->lockdep_depth > 0)
		feedback_lock_order(t->held_locks[t->lockdep_depth - 1].class_idx, cls);
	if (ld.enabled) {
		if (!trylock) {
			if (ctx & 2)
				mark_lock(cls, USED_IN_HARDIRQ, func);
			if (ctx & 1)
				mark_lock(cls, USED_IN_SOFTIRQ, func);
		}
		if (!hardirqs_off) {
			mark_lock(cls, ENABLED_HARDIRQ, func);
			if (softirq_count() == 0)
				mark_lock(cls, ENABLED_SOFTIRQ, func);
		}
		if (!trylock) {
			for (int i = 0; i < t->lockdep_depth; i++) {
				if (t->held_locks[i].class_idx == cls) {
					report_recursive(&t->held_locks[i], cls, func);
					return;
				}
			}
			/*
			 * Only the nearest lock held in this irq context gets an
			 * edge: the ones below it already lead to it.
			 */
			if (t->lockdep_depth > 0 &&
			    t->held_locks[t->lockdep_depth - 1].irq_context == ctx) {
				add_edge(&t->held_locks[t->lockdep_depth - 1], cls, func);
			}
		}
	}
	if (t->lockdep_depth >= MAX_HELD_LOCKS) {
		harness_limit("lockdep held-lock stack full", func);
		return;
	}
	h = &t->held_locks[t->lockdep_depth++];
	h->instance = instance;
	h->acquired_in = func;
	h->class_idx = (unsigned char)cls;
	h->irq_context = (unsigned char)ctx;
	h->hardirqs_off = (unsigned char)hardirqs_off;
}

void lock_release(const void *instance)
{
	struct task_struct *t = current;

	for (int i = t->lockdep_depth - 1; i >= 0; i--) {
		if (t->held_locks[i].instance != instance)
			continue;
		for (int j = i; j + 1 < t->lockdep_depth; j++)
			t->held_locks[j] = t->held_locks[j + 1];
		t->lockdep_depth--;
		return;
	}
	invariant_fail(CHECK_NAME("unlock-of-unheld-lock"), "lock held by this context",
		       frame_top(t));
}

void lock_handoff(const void *instance, struct task_struct *from, struct task_struct *to)
{
	for (int i = from->lockdep_depth - 1; i >= 0; i--) {
		if (from->held_locks[i].instance != instance)
			continue;
		if (to->lockdep_depth < MAX_HELD_LOCKS)
			to->held_locks[to->lockdep_depth++] = from->held_locks[i];
		for (int j = i; j + 1 < from->lockdep_depth; j++)
			from->held_locks[j] = from->held_locks[j + 1];
		from->lockdep_depth--;
		return;
	}
}

static void mark_held_locks(int bit)
{
	struct task_struct *t = current;

	if (!ld.enabled)
		return;
	for (int i = 0; i < t->lockdep_depth; i++)
		mark_lock(t->held_locks[i].class_idx, bit, t->held_locks[i].acquired_in);
}

void lockdep_hardirqs_on(void)
{
	mark_held_locks(ENABLED_HARDIRQ);
	if (softirq_count() == 0)
		mark_held_locks(ENABLED_SOFTIRQ);
}

void lockdep_softirqs_on(void)
{
	if (!irqs_disabled())
		mark_held_locks(ENABLED_SOFTIRQ);
}

int lockdep_class_held(int cls)
{
	const struct task_struct *t = current;

	for (int i = 0; i < t->lockdep_depth; i++)
		if (t->held_locks[i].class_idx == cls)
			return 1;
	return 0;
}
