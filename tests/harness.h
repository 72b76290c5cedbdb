/* SPDX-License-Identifier: MIT */
/*
 * The unit-test harness: each test is a function returning 0 (pass) or -1
 * after printing why.  tests/unit.c lists and runs them and ends with the
 * line "N passed, N failed".
 */
#ifndef RCUFUZZ_TESTS_HARNESS_H
#define RCUFUZZ_TESTS_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../replay/scenario.h"
#include "../target/rcufuzz.h"

struct task_struct;

#define EXPECT(cond, ...)                                                                          \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			printf("    %s:%d: %s: ", __FILE__, __LINE__, #cond);                      \
			printf(__VA_ARGS__);                                                       \
			printf("\n");                                                              \
			return -1;                                                                 \
		}                                                                                  \
	} while (0)

/* A run's --trace rows, one line each: "step event ... task context pc=0x.. @ func:label". */
struct traced_run {
	struct rcufuzz_result result;
	char *log; /* malloc'd, NUL-terminated */
	size_t len;
};

/* Compile @text (a scenario) into @s and its own options @o; -1, said why, if it does not. */
int scenario_text_options(const char *text, struct scenario *s, struct rcufuzz_options *o);
/* Compile @text (a scenario) and run it under its own options, recording the trace. */
int run_scenario_text(const char *text, struct traced_run *out);
/* The same, calling @watch(row, @arg) after every step instead of recording. */
int run_scenario_watched(const char *text, void (*watch)(const struct trace_row *, void *),
			 void *arg, struct rcufuzz_result *result);
/* @a and @b (scenarios) compile to the same bytes; -1, said why, if not. */
int same_bytes(const char *a, const char *b);
/* The task of the run in progress (or just ended) whose comm is @comm, or NULL. */
struct task_struct *task_named(const char *comm);
void traced_run_free(struct traced_run *r);
/* The first line of @log at or after @from that contains every one of @needles (NULL-ended). */
const char *log_find(const char *from, const char *const *needles);
#define NEEDLES(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Scenario lines: every CPU of four runs eight points, ten times over. */
#define ROUNDS_4CPU "step cpu1 x8\nstep cpu2 x8\nstep cpu3 x8\nstep cpu0 x8\n"
#define TEN_ROUNDS                                                                                 \
	ROUNDS_4CPU ROUNDS_4CPU ROUNDS_4CPU ROUNDS_4CPU ROUNDS_4CPU ROUNDS_4CPU ROUNDS_4CPU        \
		ROUNDS_4CPU ROUNDS_4CPU ROUNDS_4CPU

/* rcureplay's command line, in process. */
#define TMP	  "out/tests/cli-tmp"
#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})
/* Run rcureplay with its stdout in @out and stderr in @err (NULL: thrown away); its exit status. */
int replay_to(const char *out, const char *err, const char *const *args);
int replay(const char *const *args);
/* What shell command @cmd writes on stdout, into @out (at most @len - 1 bytes): its exit status. */
int command_output(const char *cmd, char *out, size_t len);
/* A whole (small) file as a string; "" if it cannot be read. */
const char *read_text(const char *path, char *buf, size_t size);
int write_bytes(const char *path, const void *data, size_t n);

/* A deterministic pseudo-random generator for the tests. */
uint64_t test_rand(uint64_t *state);
void random_input(uint64_t *state, uint8_t *buf, size_t *size, size_t max);

/* Every test. */
#define UNIT_TEST(name) int name(void);
#include "tests.def"
#undef UNIT_TEST

#endif
