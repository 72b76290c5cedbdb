/* SPDX-License-Identifier: MIT */
/* The unit-test runner: `make test`.  Ends with "N passed, N failed". */
#include "harness.h"

#include "../replay/cli.h"
#include "../replay/trace.h"
#include "../target/kernel/task.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct {
	const char *name;
	int (*fn)(void);
} tests[] = {
#define UNIT_TEST(name) {#name, name},
#include "tests.def"
#undef UNIT_TEST
};

int scenario_text_options(const char *text, struct scenario *s, struct rcufuzz_options *o)
{
	char err[256];

	if (scenario_compile(text, "test", s, err, sizeof(err)) < 0) {
		printf("    %s\n", err);
		return -1;
	}
	scenario_options(s, o);
	return 0;
}

int run_scenario_watched(const char *text, void (*watch)(const struct trace_row *, void *),
			 void *arg, struct rcufuzz_result *result)
{
	struct scenario s;
	struct rcufuzz_options o;

	if (scenario_text_options(text, &s, &o) < 0)
		return -1;
	o.trace = watch;
	o.trace_arg = arg;
	rcufuzz_run(s.bytes, s.size, &o, result);
	scenario_free(&s);
	return 0;
}

int run_scenario_text(const char *text, struct traced_run *out)
{
	struct trace_printer *p;
	FILE *f;
	int rc;

	memset(out, 0, sizeof(*out));
	f = open_memstream(&out->log, &out->len);
	if (f == NULL)
		return -1;
	p = trace_printer_new(f, 0);
	rc = p ? run_scenario_watched(text, trace_print_row, p, &out->result) : -1;
	trace_printer_free(p);
	fclose(f);
	return rc;
}

int same_bytes(const char *a, const char *b)
{
	struct scenario x, y;
	char err[512];
	int same;

	EXPECT(scenario_compile(a, "a", &x, err, sizeof(err)) == 0, "%s", err);
	EXPECT(scenario_compile(b, "b", &y, err, sizeof(err)) == 0, "%s", err);
	same = x.size == y.size && memcmp(x.bytes, y.bytes, x.size) == 0;
	scenario_free(&x);
	scenario_free(&y);
	EXPECT(same, "different bytes:\n%s---\n%s", a, b);
	return 0;
}

struct task_struct *task_named(const char *comm)
{
	for (int i = 1; i <= nr_tasks; i++)
		if (strcmp(task_table[i].comm, comm) == 0)
			return &task_table[i];
	return NULL;
}

void traced_run_free(struct traced_run *r)
{
	free(r->log);
	r->log = NULL;
}

const char *log_find(const char *from, const char *const *needles)
{
	for (const char *line = from; line && *line;) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		int all = 1;

		for (int i = 0; needles[i] && all; i++) {
			const char *hit = strstr(line, needles[i]);

			all = hit && hit < line + n;
		}
		if (all)
			return line;
		line = end ? end + 1 : NULL;
	}
	return NULL;
}

int replay_to(const char *out, const char *err, const char *const *args)
{
	char *argv[16];
	int argc = 0, saved_out = dup(1), saved_err = dup(2), rc;
	int out_fd = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int err_fd = open(err ? err : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	argv[argc++] = "rcureplay";
	for (int i = 0; args[i] && argc < 15; i++)
		argv[argc++] = (char *)args[i];
	argv[argc] = NULL;
	fflush(stdout);
	fflush(stderr);
	dup2(out_fd, 1);
	dup2(err_fd, 2);
	rc = rcureplay_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(out_fd);
	close(err_fd);
	close(saved_out);
	close(saved_err);
	return rc;
}

int replay(const char *const *args)
{
	return replay_to(NULL, NULL, args);
}

int command_output(const char *cmd, char *out, size_t len)
{
	FILE *p = popen(cmd, "r");
	size_t n;
	int status;

	if (p == NULL)
		return -1;
	n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

const char *read_text(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, size - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

int write_bytes(const char *path, const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL)
		return -1;
	if (n && fwrite(data, 1, n, f) != n) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

uint64_t test_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void random_input(uint64_t *state, uint8_t *buf, size_t *size, size_t max)
{
	*size = (size_t)(test_rand(state) % (max + 1));
	for (size_t i = 0; i < *size; i++)
		buf[i] = (uint8_t)test_rand(state);
}

/* @name is chosen: no NAME was given, or it contains one of @names (@n of them). */
static int chosen(const char *name, char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (strstr(name, names[i]) != NULL)
			return 1;
	return n == 0;
}

/*
 * unit [-x] [NAME...]: the tests whose name contains one of the NAMEs (every
 * test if none), in tests.def order; -x stops at the first failure (the
 * mutants of tests/mutants.sh want a verdict, not a list).
 */
int main(int argc, char **argv)
{
	int passed = 0, failed = 0, first_failure = argc > 1 && strcmp(argv[1], "-x") == 0;
	char *const *names = argv + 1 + first_failure;
	int n = argc - 1 - first_failure;

	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]) && !(first_failure && failed);
	     i++) {
		int rc;

		if (!chosen(tests[i].name, names, n))
			continue;
		printf("  %-44s ", tests[i].name);
		fflush(stdout);
		rc = tests[i].fn();
		printf("%s\n", rc == 0 ? "ok" : "FAILED");
		if (rc == 0)
			passed++;
		else
			failed++;
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
