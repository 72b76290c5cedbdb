/* SPDX-License-Identifier: MIT */
/*
 * Every source of the model (target/) is compiled with this header first
 * (-include: the Makefile's object rule, build.sh): its static data goes to
 * two sections of its own, so that the explorer's state hash
 * (replay/state.h) reads the model's data and not the data of what is
 * linked beside it.  In a libFuzzer target or an ASan build that is most
 * of .data and .bss (libFuzzer's and the sanitizers' tables, about 10 MB
 * against the model's 0.5 MB; the unit tests' buffers, 12 MB more), and
 * libFuzzer's change with every run: hashing them made the default
 * engine's harness exploration (fuzz/harness_explore.h) sixteen times
 * slower than rcureplay's.  A variable with a section of its own
 * (NOT_MACHINE_STATE, sim.h) keeps it.  Without clang the pragma is not
 * there and the hash reads all of .data and .bss, as it did before.
 */
#ifndef RCUFUZZ_SIM_SECTIONS_H
#define RCUFUZZ_SIM_SECTIONS_H

#ifdef __clang__
#pragma clang section bss = "rcufuzz_bss" data = "rcufuzz_data"
#endif

#endif
