/* SPDX-License-Identifier: MIT */
/*
 * rcureplay given bad files and bad flags: every byte string is a valid
 * run (exit 0 or 1); a missing, unreadable or oversized file, or a bad flag,
 * is one line on stderr and exit 2.  Never a crash of the tool itself.
 */
#include "harness.h"

#include "../replay/cli.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TMP "out/tests/cli-tmp"

/* Run rcureplay with its output thrown away; returns its exit status. */
static int replay(const char *const *args)
{
	char *argv[16];
	int argc = 0, out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY), rc;

	argv[argc++] = "rcureplay";
	for (int i = 0; args[i] && argc < 15; i++)
		argv[argc++] = (char *)args[i];
	argv[argc] = NULL;
	fflush(stdout);
	dup2(null, 1);
	dup2(null, 2);
	rc = rcureplay_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(out, 1);
	dup2(err, 2);
	close(null);
	close(out);
	close(err);
	return rc;
}

static int write_bytes(const char *path, const void *data, size_t n)
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

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

int test_cli_bad_inputs(void)
{
	static uint8_t big[(1 << 20) + 1];
	static const char text[] = "topology cpus=2\nwork T0 read_lock\nstep cpu0 x3\n";
	int rc;

	EXPECT(replay(ARGS(TMP "/does-not-exist")) == 2, "missing file");
	EXPECT(write_bytes(TMP "-empty", "", 0) == 0, "write");
	EXPECT(replay(ARGS(TMP "-empty")) == 0, "empty input must be a clean run");
	EXPECT(write_bytes(TMP "-trunc", "\x03\x01\x03", 3) == 0, "write");
	EXPECT(replay(ARGS(TMP "-trunc")) == 0, "a record cut short is ignored");
	EXPECT(write_bytes(TMP "-text", text, sizeof(text) - 1) == 0, "write");
	rc = replay(ARGS(TMP "-text"));
	EXPECT(rc == 0 || rc == 1, "text where bytes are expected: a run, got %d", rc);
	EXPECT(write_bytes(TMP "-big", big, sizeof(big)) == 0, "write");
	EXPECT(replay(ARGS(TMP "-big")) == 2, "over 1 MiB");
	EXPECT(replay(ARGS("--no-such-flag", TMP "-empty")) == 2, "bad flag");
	EXPECT(replay(ARGS("--preset", "v2.6", TMP "-empty")) == 2, "unknown preset");
	EXPECT(replay(ARGS("--switch", "nonsense", TMP "-empty")) == 2, "bad switch");
	EXPECT(replay(ARGS("--preset")) == 2, "flag without its argument");
	EXPECT(replay(ARGS(TMP "-empty", TMP "-trunc")) == 2, "two files");
	EXPECT(replay(ARGS("--compile", TMP "-big", "-o", TMP "-out")) == 2, "compile of bytes");
	EXPECT(replay(ARGS("--compile", TMP "-text")) == 2, "compile without -o");
	EXPECT(replay(ARGS("--compile", TMP "-text", "-o", TMP "-out")) == 0, "compile");
	EXPECT(replay(ARGS("--minimize", TMP "-empty", "-o", TMP "-min")) == 2,
	       "minimize of a clean run");
	EXPECT(replay(ARGS("--check", TMP "-text")) == 1, "check without expect line fails");
	EXPECT(replay(ARGS("--text", TMP "-big")) == 2, "text of an oversized file");
	EXPECT(replay(ARGS("--text", TMP "-trunc")) == 0, "text of a truncated input");
	return 0;
}

/* The minimizer keeps the SUMMARY and shrinks the trainwreck. */
int test_minimize_keeps_summary(void)
{
	EXPECT(replay(ARGS("--compile", "corpus/seeds/trainwreck-v3.0-rc7.scn", "-o",
			   TMP "-tw")) == 0, "compile the trainwreck");
	EXPECT(replay(ARGS("--preset", "v3.0-rc7", "--minimize", TMP "-tw", "-o", TMP "-tw-min")) ==
		       0,
	       "minimize");
	EXPECT(replay(ARGS("--preset", "v3.0-rc7", TMP "-tw-min")) == 1,
	       "the minimized input no longer reports");
	EXPECT(replay(ARGS("--preset", "v3.0", TMP "-tw-min")) == 0, "v3.0 reports it");
	return 0;
}
