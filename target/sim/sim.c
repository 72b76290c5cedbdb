/* SPDX-License-Identifier: MIT */
/* CPU stepping, points and stopping: see sim.h. */
#include "sim.h"

#include <setjmp.h>
#include <stddef.h>

int sim_running_cpu;

static struct {
	struct coro *cpu_coro[SIM_MAX_CPUS];	       /* what each CPU's next step resumes */
	const struct sim_site *cpu_site[SIM_MAX_CPUS]; /* where each CPU stands */
	unsigned long steps;			       /* steps taken this run */
	int stopped;				       /* a report ended the run */
	int in_main;				       /* main loop is running */
	jmp_buf *stop_jmp;			       /* sim_run()'s frame */
	const struct sim_hooks *hooks;		       /* the run's callbacks */
	void (*after_step)(int cpu);		       /* hooks->after_step, or what replaced it */
	int batch_left;				       /* steps sim_steps_while() may still take */
	int (*batch_go_on)(int cpu);		       /* and whether it takes the next */
	int (*next_batch)(struct sim_batch *b);	       /* sim_run_batches()' source, or NULL */
} sim;

/* FNV-1a over the function name and label: the same id in every process. */
static unsigned int site_hash(const struct sim_site *s)
{
	unsigned int h = 2166136261u;

	for (const char *p = s->func; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	h = (h ^ ':') * 16777619u;
	for (const char *p = s->label; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return h | 1;
}

void sim_site_ready(struct sim_site *s)
{
	if (s->id == 0)
		s->id = site_hash(s);
}

void sim_reset(void)
{
	static int ready;

	if (!ready) {
		const struct sim_point_entry *const *e;
		size_t n = sim_point_entries(&e);

		for (size_t i = 0; i < n; i++)
			sim_site_ready((struct sim_site *)e[i]->site);
		ready = 1;
	}
	for (int i = 0; i < SIM_MAX_CPUS; i++) {
		sim.cpu_coro[i] = NULL;
		sim.cpu_site[i] = NULL;
	}
	sim.steps = 0;
	sim.stopped = 0;
	sim.next_batch = NULL;
	sim.in_main = 1;
	sim_running_cpu = 0;
}

/*
 * A step of a sim_steps_while() batch ended at a point: what the main loop
 * would do between two sim_step() calls, here on the CPU's stack.  Whether
 * the batch takes another step.
 */
static int batch_next(int cpu)
{
	if (sim.after_step)
		sim.after_step(cpu);
	if (--sim.batch_left <= 0 || (sim.batch_go_on != NULL && !sim.batch_go_on(cpu)))
		return 0;
	sim.steps++;
	return 1;
}

/*
 * Start the next batch that takes a step, as sim_steps_while() would: its
 * CPU becomes the running one and its first step is counted.  The
 * coroutine to resume, or the main loop's when the batches are over.
 */
static struct coro *start_next_batch(void)
{
	struct sim_batch b;

	while (sim.next_batch(&b)) {
		/* A parked (offline) CPU does not run. */
		if (sim.cpu_coro[b.cpu] == NULL || b.n <= 0 ||
		    (b.go_on != NULL && !b.go_on_said_yes && !b.go_on(b.cpu)))
			continue;
		sim.batch_left = b.n;
		sim.batch_go_on = b.go_on;
		sim.steps++;
		sim_running_cpu = b.cpu;
		return sim.cpu_coro[b.cpu];
	}
	return &coro_main;
}

void sim_point(struct sim_site *site)
{
	int cpu = sim_running_cpu;

	if (site->id == 0)
		site->id = site_hash(site);
	sim.cpu_site[cpu] = site;
	sim.in_main = 1;
	if (!batch_next(cpu)) {
		struct coro *self = sim.cpu_coro[cpu];
		struct coro *to = sim.next_batch != NULL ? start_next_batch() : &coro_main;

		/* The same CPU's batch goes on in place; a new coroutine starts as a CPU. */
		if (to != self) {
			sim.in_main = 0;
			coro_switch(self, to);
		}
	}
	/* Resumed by this batch, a later one or the main loop: deliver what is pending here. */
	sim.in_main = 0;
	sim.hooks->at_point();
}

void sim_context_switch(struct coro *from, struct coro *to)
{
	sim.cpu_coro[sim_running_cpu] = to;
	coro_switch(from, to);
}

void sim_context_switch_final(struct coro *from, struct coro *to)
{
	sim.cpu_coro[sim_running_cpu] = to;
	coro_switch_final(from, to);
}

void sim_set_after_step(void (*after_step)(int cpu))
{
	sim.after_step = after_step;
}

void sim_set_cpu_coro(int cpu, struct coro *c)
{
	sim.cpu_coro[cpu] = c;
}

int sim_cpu_runnable(int cpu)
{
	return sim.cpu_coro[cpu] != NULL;
}

void sim_run(const struct sim_hooks *h)
{
	jmp_buf stop;

	sim.hooks = h;
	sim.after_step = h->after_step;
	sim.stop_jmp = &stop;
	if (setjmp(stop) == 0)
		h->body(h->arg);
	sim.stop_jmp = NULL;
	sim.hooks = NULL;
}

void sim_steps_while(int cpu, int n, int (*go_on)(int cpu))
{
	/* A parked (offline) CPU does not run. */
	if (sim.cpu_coro[cpu] == NULL || n <= 0 || (go_on != NULL && !go_on(cpu)))
		return;
	sim.batch_left = n;
	sim.batch_go_on = go_on;
	sim.steps++;
	sim_running_cpu = cpu;
	sim.in_main = 0;
	coro_switch(&coro_main, sim.cpu_coro[cpu]);
	sim.in_main = 1;
	/*
	 * The batch's last step ended at a point, which ran after_step; or in
	 * a report (sim_stop() came back here), whose step is noted now: the
	 * run is over.
	 */
	if (sim.stopped) {
		if (sim.after_step)
			sim.after_step(cpu);
		longjmp(*sim.stop_jmp, 1);
	}
}

void sim_run_batches(int (*next)(struct sim_batch *b))
{
	struct coro *to;

	sim.next_batch = next;
	to = start_next_batch();
	if (to != &coro_main) {
		sim.in_main = 0;
		coro_switch(&coro_main, to);
		sim.in_main = 1;
	}
	sim.next_batch = NULL;
	/* As in sim_steps_while(): a report ended the last batch's step. */
	if (sim.stopped) {
		if (sim.after_step)
			sim.after_step(sim_running_cpu);
		longjmp(*sim.stop_jmp, 1);
	}
}

void sim_step(int cpu)
{
	sim_steps_while(cpu, 1, NULL);
}

const struct sim_site *sim_cpu_site(int cpu)
{
	return sim.cpu_site[cpu];
}

unsigned long sim_steps(void)
{
	return sim.steps;
}

void sim_stop(void)
{
	sim.stopped = 1;
	if (!sim.in_main) {
		/* Back into sim_step() on the main loop, which ends the run. */
		sim.in_main = 1;
		coro_switch_final(sim.cpu_coro[sim_running_cpu], &coro_main);
	}
	longjmp(*sim.stop_jmp, 1);
}

int sim_in_main(void)
{
	return sim.in_main;
}

/* The section the linker gathers every POINT()'s entry pointer into (sim.h). */
DEFINE_SECTION_ENTRIES(sim_point_entries, const struct sim_point_entry, rcufuzz_points)

void sim_unhashed(const char **start, const char **end)
{
	extern char __start_rcufuzz_unhashed[] __attribute__((weak));
	extern char __stop_rcufuzz_unhashed[] __attribute__((weak));

	*start = __start_rcufuzz_unhashed;
	*end = __stop_rcufuzz_unhashed;
}
