/* SPDX-License-Identifier: MIT */
/*
 * The kernel configuration an input's header picks (config.def): how the
 * header decodes, that an option's pin wins over it, what the text form
 * shows, and what the configurations do to the machine: 16 CPUs in a
 * four-level rcu_node tree, CONFIG_RCU_BOOST=n without RCU kthreads, the
 * stall warning at HZ=100 with a 3 s timeout.
 */
#include "harness.h"

#include "../target/check/oracle.h"
#include "../target/check/report.h"
#include "../target/input.h"
#include "../target/rcu/tree.h"

#include <stdlib.h>
#include <string.h>

/* The header bits config.def uses: h2's bits 3-5 and 7 are free. */
static const uint8_t used_bits[INPUT_HEADER_SIZE] = {0xff, 0xff, 0x47};

/* Compile @text and run it under its own options with @pin (NULL: nothing pinned). */
static int run_pinned(const char *text, const struct config *pin, struct rcufuzz_result *r)
{
	struct scenario s;
	struct rcufuzz_options o;

	if (scenario_text_options(text, &s, &o) < 0)
		return -1;
	if (pin)
		o.pin = *pin;
	rcufuzz_run(s.bytes, s.size, &o, r);
	scenario_free(&s);
	return 0;
}

int test_config_header_decodes(void)
{
	/* h0: 4 CPUs, fanout 16, threadirqs, boot; h1: 3 tasks, RCU_BOOST=n, delay 0, HZ 250;
	 * h2: no stall detector, 3 s. */
	static const uint8_t header[] = {0xf3, 0x9a, 0x03};
	struct config c, zero;
	char line[512];

	input_config(header, sizeof(header), &c);
	EXPECT(c.topo.ncpus == 4 && c.topo.fanout == 16 && c.topo.force_irqthreads && c.topo.boot &&
		       c.topo.ntasks == 3,
	       "topology %d %d %d %d %d", c.topo.ncpus, c.topo.fanout, c.topo.force_irqthreads,
	       c.topo.boot, c.topo.ntasks);
	EXPECT(c.kconfig.rcu_boost == 0 && c.kconfig.rcu_boost_delay == 0 && c.kconfig.hz == 250 &&
		       c.kconfig.rcu_cpu_stall_detector == 0 &&
		       c.kconfig.rcu_cpu_stall_timeout == 3,
	       "kconfig %d %d %d %d %d", c.kconfig.rcu_boost, c.kconfig.rcu_boost_delay,
	       c.kconfig.hz, c.kconfig.rcu_cpu_stall_detector, c.kconfig.rcu_cpu_stall_timeout);
	config_format_kernel(&c, line, sizeof(line));
	EXPECT(strcmp(line,
		      "CONFIG_NR_CPUS=4 CONFIG_RCU_FANOUT=16 CONFIG_RCU_BOOST=n "
		      "CONFIG_RCU_BOOST_DELAY=0 CONFIG_HZ=250 CONFIG_RCU_CPU_STALL_DETECTOR=n "
		      "CONFIG_RCU_CPU_STALL_TIMEOUT=3 threadirqs") == 0,
	       "%s", line);
	/* 16 CPUs, the largest delay and the smallest HZ. */
	input_config((const uint8_t[]){0x0f, 0x70, 0x00}, 3, &c);
	EXPECT(c.topo.ncpus == 16 && c.kconfig.rcu_boost_delay == 500 && c.kconfig.hz == 100,
	       "%d CPUs, %d ms, HZ %d", c.topo.ncpus, c.kconfig.rcu_boost_delay, c.kconfig.hz);
	/* No header at all: the defaults, as a header of zero bits. */
	input_config(NULL, 0, &zero);
	config_format_kernel(&zero, line, sizeof(line));
	EXPECT(strcmp(line,
		      "CONFIG_NR_CPUS=1 CONFIG_RCU_FANOUT=2 CONFIG_RCU_BOOST=y "
		      "CONFIG_RCU_BOOST_DELAY=3 CONFIG_HZ=1000 CONFIG_RCU_CPU_STALL_DETECTOR=y "
		      "CONFIG_RCU_CPU_STALL_TIMEOUT=60") == 0,
	       "%s", line);
	EXPECT(zero.topo.ntasks == 1 && !zero.topo.boot, "default topology");
	EXPECT(!zero.kconfig.rcu_torture_fqs, "rcutorture's fqs kthread on by default");
	/* h2 bit 6: rcutorture's fqs kthread, shown as its boot parameters. */
	input_config((const uint8_t[]){0x00, 0x00, 0x40}, 3, &c);
	config_format_kernel(&c, line, sizeof(line));
	EXPECT(c.kconfig.rcu_torture_fqs &&
		       strcmp(line,
			      "CONFIG_NR_CPUS=1 CONFIG_RCU_FANOUT=2 CONFIG_RCU_BOOST=y "
			      "CONFIG_RCU_BOOST_DELAY=3 CONFIG_HZ=1000 "
			      "CONFIG_RCU_CPU_STALL_DETECTOR=y CONFIG_RCU_CPU_STALL_TIMEOUT=60 "
			      "rcutorture.fqs_duration=3 rcutorture.fqs_holdoff=1") == 0,
	       "%s", line);
	return 0;
}

/*
 * Every header decodes to offered values and encodes back to its used
 * bits, so the fields neither overlap nor leave a used bit unread.
 */
int test_config_header_round_trip(void)
{
	for (uint32_t i = 0; i < 1u << 24; i += 7) {
		uint8_t h[INPUT_HEADER_SIZE] = {(uint8_t)i, (uint8_t)(i >> 8), (uint8_t)(i >> 16)};
		uint8_t back[INPUT_HEADER_SIZE];
		struct config c;

		input_config(h, sizeof(h), &c);
		for (int f = 0; f < NR_CONFIG_FIELDS; f++)
			EXPECT(config_value_index(f, config_get(&c, f)) >= 0, "header %06x: %s=%d",
			       i, config_fields[f].name, config_get(&c, f));
		input_encode_config(&c, back);
		for (int k = 0; k < INPUT_HEADER_SIZE; k++)
			EXPECT(back[k] == (h[k] & used_bits[k]), "header %06x byte %d: %02x", i, k,
			       back[k]);
	}
	return 0;
}

/* --text writes a config line only where the header differs from the defaults. */
int test_config_text_lines(void)
{
	static const struct {
		uint8_t header[INPUT_HEADER_SIZE];
		const char *text;
	} cases[] = {
		{{0x00, 0x00, 0x00}, "topology cpus=1 fanout=2 tasks=1\n"},
		{{0x4f, 0x08, 0x00},
		 "config RCU_BOOST=n\ntopology cpus=16 fanout=2 tasks=1 threadirqs\n"},
		{{0x31, 0x72, 0x02},
		 "config RCU_BOOST_DELAY=500\nconfig HZ=100\nconfig RCU_CPU_STALL_TIMEOUT=3\n"
		 "topology cpus=2 fanout=16 tasks=3\n"},
		{{0x00, 0x00, 0x08}, "topology cpus=1 fanout=2 tasks=1 [00 00 08]\n"},
		{{0x00, 0x00, 0x40},
		 "config RCU_TORTURE_FQS=y\ntopology cpus=1 fanout=2 tasks=1\n"},
		{{0x00, 0x00, 0x04}, "config TINY_PREEMPT_RCU=y\ntopology cpus=1 fanout=2 tasks=1\n"},
		/* TINY: the CPUs, fanout and stall bits read as the defaults, kept raw. */
		{{0x73, 0x01, 0x07},
		 "config TINY_PREEMPT_RCU=y\ntopology cpus=1 fanout=2 tasks=2 threadirqs "
		 "[73 01 07]\n"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *text = NULL;
		size_t len;
		FILE *f = open_memstream(&text, &len);
		struct scenario s;
		char err[256];
		int same;

		EXPECT(f != NULL, "open_memstream");
		scenario_decompile(cases[i].header, INPUT_HEADER_SIZE, MODE_STRICT, f);
		fclose(f);
		same = strcmp(text, cases[i].text) == 0;
		if (!same)
			printf("    case %zu: got\n%s", i, text);
		EXPECT(scenario_compile(text, "t", &s, err, sizeof(err)) == 0, "%s", err);
		free(text);
		EXPECT(s.size == INPUT_HEADER_SIZE &&
			       memcmp(s.bytes, cases[i].header, INPUT_HEADER_SIZE) == 0,
		       "case %zu does not compile back", i);
		scenario_free(&s);
		EXPECT(same, "case %zu: want\n%s", i, cases[i].text);
	}
	return 0;
}

/*
 * T0 stays in its reader while both CPUs tick: GP 1 cannot end.  3.0 warns
 * after CONFIG_RCU_CPU_STALL_TIMEOUT seconds of jiffies: at HZ=100 and 3 s,
 * 300 ticks, within the input; at HZ=1000, 3000, beyond it.
 */
#define HELD_READER                                                                                \
	"topology cpus=2 fanout=2 tasks=2\nwork T0 read_lock\nstep cpu0 x2\nresched cpu0\n"        \
	"step cpu0 x6\nwork T1 synchronize_rcu\nstep cpu1 x8\n"
#define TICKS "irq cpu0 tick\nstep cpu0 x8\nirq cpu1 tick\nstep cpu1 x8\n"

static char *held_reader(const char *config_lines, int ticks)
{
	size_t len = strlen(config_lines) + strlen(HELD_READER) + (size_t)ticks * strlen(TICKS);
	char *text = malloc(len + 1);

	if (text == NULL)
		return NULL;
	strcpy(text, config_lines);
	strcat(text, HELD_READER);
	for (int i = 0; i < ticks; i++)
		strcat(text, TICKS);
	return text;
}

int test_config_pin_overrides_header(void)
{
	char *fast = held_reader("config HZ=100\nconfig RCU_CPU_STALL_TIMEOUT=3\n", 320);
	char *slow = held_reader("config RCU_CPU_STALL_TIMEOUT=3\n", 320);
	char *short_run = held_reader("config HZ=100\nconfig RCU_CPU_STALL_TIMEOUT=3\n", 280);
	struct config pin;
	struct rcufuzz_result r;
	int rc = -1;

	if (fast == NULL || slow == NULL || short_run == NULL)
		goto out;
	EXPECT(run_pinned(fast, NULL, &r) == 0, "compile");
	EXPECT(r.reported && r.kind == REPORT_STALL, "no stall warning at HZ=100: %s",
	       r.reported ? r.summary : "clean");
	EXPECT(strstr(r.text, "(t=300 jiffies)") != NULL &&
		       strstr(r.text, "Config: CONFIG_NR_CPUS=2 CONFIG_RCU_FANOUT=2 "
				      "CONFIG_RCU_BOOST=y CONFIG_RCU_BOOST_DELAY=3 CONFIG_HZ=100 "
				      "CONFIG_RCU_CPU_STALL_DETECTOR=y "
				      "CONFIG_RCU_CPU_STALL_TIMEOUT=3\nSUMMARY: ") != NULL,
	       "%s", r.text);
	EXPECT(run_pinned(short_run, NULL, &r) == 0 && !r.reported,
	       "a stall warning before 300 jiffies: %s", r.summary);
	/* The header says HZ=1000: 3000 jiffies, out of reach ... */
	EXPECT(run_pinned(slow, NULL, &r) == 0 && !r.reported, "%s", r.summary);
	/* ... unless an option pins HZ=100. */
	config_unpinned(&pin);
	EXPECT(config_pin(&pin, "HZ=100", NULL, 0) == 0, "pin");
	EXPECT(run_pinned(slow, &pin, &r) == 0 && r.reported && r.kind == REPORT_STALL,
	       "the pinned HZ=100 did not win over the header: %s",
	       r.reported ? r.summary : "clean");
	/* A pinned CONFIG_RCU_CPU_STALL_DETECTOR=n silences it. */
	config_unpinned(&pin);
	EXPECT(config_pin(&pin, "RCU_CPU_STALL_DETECTOR=n", NULL, 0) == 0, "pin");
	EXPECT(run_pinned(fast, &pin, &r) == 0 && !r.reported, "%s", r.summary);
	rc = 0;
out:
	free(fast);
	free(slow);
	free(short_run);
	return rc;
}

/* 3.0's NUM_RCU_LVL_*: one level per CPU count and fanout, never more nodes than the array. */
int test_config_every_tree_fits(void)
{
	const struct rcu_state *rsp = &rcu_preempt_state;

	for (int ncpus = 1; ncpus <= NR_CPUS; ncpus++) {
		for (int fi = 0; fi < 1 << config_fields[CONFIG_FIELD_RCU_FANOUT].bits; fi++) {
			int fanout = config_fields[CONFIG_FIELD_RCU_FANOUT].values[fi];
			int span = fanout < 16 ? fanout : 16, lvls = 1, sum = 0;
			struct rcufuzz_options o;
			struct rcufuzz_result r;
			struct config c;
			uint8_t h[INPUT_HEADER_SIZE];

			config_defaults(&c);
			c.topo.ncpus = ncpus;
			c.topo.fanout = fanout;
			input_encode_config(&c, h);
			rcufuzz_default_options(&o);
			rcufuzz_run(h, sizeof(h), &o, &r);
			while (ncpus > span)
				span *= fanout, lvls++;
			for (int i = 0; i < rsp->num_lvls; i++)
				sum += rsp->levelcnt[i];
			EXPECT(rsp->num_lvls == lvls && lvls <= MAX_RCU_LVLS,
			       "%d CPUs, fanout %d: %d levels", ncpus, fanout, rsp->num_lvls);
			EXPECT(rsp->num_nodes == sum && sum <= RCU_MAX_NODES,
			       "%d CPUs, fanout %d: %d nodes", ncpus, fanout, rsp->num_nodes);
			EXPECT(!r.reported, "%d CPUs, fanout %d: %s", ncpus, fanout, r.summary);
		}
	}
	return 0;
}

/* 16 CPUs at fanout 2: 8 leaves of 2 CPUs, 4 and 2 interior nodes, the root; a GP ends. */
int test_config_sixteen_cpus_four_levels(void)
{
	const struct rcu_state *rsp = &rcu_preempt_state;
	struct rcufuzz_result r;

	EXPECT(run_pinned("topology cpus=16 fanout=2 tasks=2\n"
			  "work T0 read_lock\nstep cpu0 x2\nresched cpu0\nstep cpu0 x6\n"
			  "work T1 synchronize_rcu\nstep cpu1 x8\nwork T0 read_unlock\n"
			  "step cpu0 x8\n",
			  NULL, &r) == 0,
	       "compile");
	EXPECT(!r.reported, "%s", r.text);
	EXPECT(rsp->num_lvls == 4 && rsp->levelcnt[0] == 1 && rsp->levelcnt[1] == 2 &&
		       rsp->levelcnt[2] == 4 && rsp->levelcnt[3] == 8 && rsp->num_nodes == 15,
	       "%d levels, %d nodes", rsp->num_lvls, rsp->num_nodes);
	for (int k = 7; k < 15; k++)
		EXPECT(rsp->node[k].grplo == 2 * (k - 7) && rsp->node[k].grphi == 2 * (k - 7) + 1 &&
			       rsp->node[k].parent == &rsp->node[(k - 1) / 2],
		       "leaf %d: CPUs %d-%d", k, rsp->node[k].grplo, rsp->node[k].grphi);
	/* synchronize_rcu() returned (else a hang report): GP 1 ended through four levels. */
	EXPECT(rsp->completed + 300 >= 1, "no grace period completed");
	EXPECT(rcu_get_root((struct rcu_state *)rsp)->qsmaskinit == 0x3, "root qsmaskinit %#lx",
	       rcu_get_root((struct rcu_state *)rsp)->qsmaskinit);
	return 0;
}

static int rcu_kthreads(void)
{
	int n = 0;

	for (int i = 1; i <= nr_tasks; i++)
		n += task_table[i].kind == TASK_KIND_RCU_CPU ||
		     task_table[i].kind == TASK_KIND_RCU_NODE ||
		     task_table[i].kind == TASK_KIND_RCU_BOOST;
	return n;
}

/* CONFIG_RCU_BOOST=n: no rcuc, rcun or rcub; callbacks run in RCU_SOFTIRQ. */
int test_config_rcu_boost_n_no_kthreads(void)
{
	static const char body[] = "topology cpus=2 fanout=2 tasks=2\nwork T0 call_rcu\n"
				   "step cpu0 x8\nirq cpu0 tick\nstep cpu0 x8\nirq cpu1 tick\n"
				   "step cpu1 x8\n";
	char text[512];
	struct traced_run t;

	snprintf(text, sizeof(text), "config RCU_BOOST=n\n%s", body);
	EXPECT(run_scenario_text(text, &t) == 0, "scenario");
	EXPECT(!t.result.reported, "%s", t.result.text);
	EXPECT(rcu_kthreads() == 0, "%d RCU kthreads with CONFIG_RCU_BOOST=n", rcu_kthreads());
	EXPECT(oracle_objects_pending() == 0, "the callback never ran");
	EXPECT(log_find(t.log, NEEDLES(" softirq", "@ rcu_do_batch:next callback")) != NULL,
	       "no rcu_do_batch in softirq:\n%s", t.log);
	EXPECT(strstr(t.log, "rcuc") == NULL, "an rcuc row:\n%s", t.log);
	traced_run_free(&t);
	/* The same run with RCU_BOOST=y has them, and rcuc runs the callback. */
	EXPECT(run_scenario_text(body, &t) == 0, "scenario");
	EXPECT(!t.result.reported, "%s", t.result.text);
	EXPECT(rcu_kthreads() > 0, "no RCU kthreads with CONFIG_RCU_BOOST=y");
	EXPECT(log_find(t.log, NEEDLES("rcuc", " task", "@ rcu_do_batch:next callback")) != NULL,
	       "rcuc did not run rcu_do_batch:\n%s", t.log);
	traced_run_free(&t);
	return 0;
}

/*
 * 16-CPU machines under every preset (the cures' too) and mode: no harness
 * fault (the sanitizers), no harness limit (task table, wait queues), and
 * v3.0 strict clean.  The other header fields are random.
 */
int test_config_sixteen_cpu_random_inputs(void)
{
	static uint8_t buf[512];
	const char *presets[2 * NR_SWITCHES + 2] = {PRESET_V3_0, PRESET_V3_0_RC7};
	char names[2 * NR_SWITCHES][64];
	int npresets = 2;
	uint64_t seed = 16;
	struct rcufuzz_options o;
	struct rcufuzz_result r;
	switch_set unused;

	/* revert-<switch> and misuse+<cure>, whichever are presets. */
	for (int i = 0; i < 2 * NR_SWITCHES; i++) {
		snprintf(names[i], sizeof(names[i]), "%s%s",
			 i % 2 ? PRESET_MISUSE_PREFIX : "revert-", switch_name(i / 2));
		if (preset_lookup(names[i], &unused, NULL))
			presets[npresets++] = names[i];
	}
	rcufuzz_default_options(&o);
	for (int p = 0; p < npresets; p++) {
		for (int i = 0; i < 3 * 30; i++) {
			size_t size;

			o.mode = (enum workload_mode)(i % NR_MODES);
			preset_lookup(presets[p], &o.switches, &o.pin);
			random_input(&seed, buf, &size, sizeof(buf));
			if (size < INPUT_HEADER_SIZE)
				continue;
			buf[0] |= 0x0f; /* NR_CPUS=16 */
			rcufuzz_run(buf, size, &o, &r);
			EXPECT(!r.reported || r.kind != REPORT_LIMIT, "%s input %d: %s", presets[p],
			       i, r.summary);
			EXPECT(p != 0 || o.mode != MODE_STRICT || !r.reported,
			       "%s strict input %d:\n%s", presets[p], i, r.text);
		}
	}
	return 0;
}
