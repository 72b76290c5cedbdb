/* SPDX-License-Identifier: MIT */
/*
 * rcureplay: run one input (bytes, or a text scenario named *.scn) exactly
 * as a fuzz target would and print the report.  Exit 0 clean, 1 report (on stderr; with --trace on stdout, after
 * the rows), 2 bad usage or unreadable file.
 */
#include "cli.h"

int main(int argc, char **argv)
{
	return rcureplay_main(argc, argv);
}
