/* SPDX-License-Identifier: MIT */
/* rcureplay's command line. */
#ifndef RCUFUZZ_REPLAY_CLI_H
#define RCUFUZZ_REPLAY_CLI_H

#include <stddef.h>
#include <stdint.h>

int rcureplay_main(int argc, char **argv);

/* Read a whole file (at most 1 MiB).  On error print one line and return NULL. */
uint8_t *read_input_file(const char *path, size_t *size);

struct scenario;
/* Read a text scenario file and compile it into @s; on error print one line and return -1. */
int load_scenario(const char *path, struct scenario *s);

/* Write @size bytes to @path; on error print one line and return -1. */
int write_file(const char *path, const uint8_t *data, size_t size);

/* "rcufuzz: <what>: <why>" on stderr. */
void cli_error(const char *what, const char *why);

#endif
