#!/bin/bash -eu
# Copyright 2026 the rcufuzz authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#
################################################################################
#
# OSS-Fuzz / ClusterFuzzLite build of rcufuzz: every fuzz target into $OUT,
# with its seed corpus zip, dictionary and options.  It builds the source
# tree in the current directory: OSS-Fuzz's `compile` runs it as
# `bash -eux $SRC/build.sh` from WORKDIR $SRC/rcufuzz; from a checkout, run
# ./build.sh in its top directory.  The OSS-Fuzz contract: $CC $CFLAGS for
# every object, linked with $CXX $CXXFLAGS $LIB_FUZZING_ENGINE; any
# SANITIZER, FUZZING_ENGINE=libfuzzer|afl (other engines: edge coverage).
# With no environment it builds libFuzzer+ASan+UBSan targets into
# out/oss-fuzz/ with the local clang.  docs/oss-fuzz.md: how it is checked.
#
# $CC, $CFLAGS, $CXX, $CXXFLAGS and $LIB_FUZZING_ENGINE are word lists by the
# contract, so they are expanded unquoted (the one shellcheck exception).
# shellcheck disable=SC2086
set -euo pipefail

[ -f target/config/switches.def ] || {
	echo "rcufuzz: build.sh: no target/config/switches.def in $PWD (run it from the top of the source tree)" >&2
	exit 2
}
: "${CC:=clang}" "${CXX:=clang++}"
: "${FUZZING_ENGINE:=libfuzzer}"
: "${SANITIZER:=address}"
: "${CFLAGS:=-O1 -fno-omit-frame-pointer -g -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link}"
: "${CXXFLAGS:=$CFLAGS}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
: "${OUT:=$PWD/out/oss-fuzz}"
HOST_CC=${HOST_CC:-clang} # for the host tools, never instrumented
mkdir -p "$OUT"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

base="-std=c11 -D_GNU_SOURCE -Itarget"
# libFuzzer's targets carry the schedule-aware mutator (fuzz/mutator.h,
# libFuzzer's custom mutator and crossover hooks): in the deep-bug zoo it is
# the one engine that finds FF4 and 338b0f760e84, and on the other bugs it is
# about as fast as libFuzzer's own mutations (docs/oss-fuzz.md names the tables).
mutator=
case $FUZZING_ENGINE in
libfuzzer)
	flags="$base -DRCUFUZZ_LIBFUZZER_COUNTERS -DRCUFUZZ_MUTATOR"
	# harnesses.c: below; the explorer's files for the harness exploration (fuzz/harness_explore.h)
	mutator="fuzz/mutator.c fuzz/sampler.c fuzz/neighbour.c fuzz/harness_explore.c $work/harnesses.c"
	mutator="$mutator replay/explore.c replay/state.c replay/minimize.c"
	;;
afl) flags="$base -DRCUFUZZ_AFL" ;;
*) flags=$base ;; # honggfuzz, centipede, ...: edge coverage only
esac

# The harness (target/) compiled into directory $1 by the compiler and flags
# that follow; prints the objects.
harness() {
	local dir=$1 src o
	shift
	mkdir -p "$dir"
	for src in target/*.c target/*/*.c; do
		o=$dir/$(echo "$src" | tr / _).o
		# sections.h: the model's static data where the explorer's state hash reads it
		"$@" -include target/sim/sections.h -c "$src" -o "$o" || return
		echo "$o"
	done
}
# Once with the engine's and the sanitizer's flags for the fuzz targets, once
# plain for the host tools: rcureplay compiles the seed scenarios, gendict
# writes the dictionary.
objs=$(harness "$work/fuzz" $CC $CFLAGS $flags)
host=$(harness "$work/host" $HOST_CC -O1 $base)
$HOST_CC -O1 $base $host replay/*.c -o "$work/rcureplay"
# The harnesses built into the mutator (fuzz/harnesses.h), then the mutator.
fuzz/genharness.sh "$work/rcureplay" "$work/harnesses.c" corpus/harness/*.scn
for src in $mutator; do
	$CC $CFLAGS $flags -c "$src" -o "$work/$(basename "$src" .c).o"
	objs="$objs $work/$(basename "$src" .c).o"
done
$HOST_CC -O1 $base $host fuzz/gendict.c -o "$work/gendict"
"$work/gendict" strict >"$work/strict.dict"
"$work/gendict" misuse >"$work/misuse.dict"
mkdir -p "$work/seeds"
for s in corpus/clean/*.scn corpus/harness/*.scn; do
	"$work/rcureplay" --compile "$s" -o "$work/seeds/$(basename "$(dirname "$s")")-$(basename "$s" .scn)"
done

presets=$(fuzz/presets.sh continuous) # docs/oss-fuzz.md: the targets whose crash is news
for preset in $presets; do
	name=$(echo "$preset" | tr .+ __)_fuzzer # fuzz/presets.sh: the names
	mode=strict
	case $preset in misuse+*) mode=misuse ;; esac # the mode fuzz/target.c runs
	$CC $CFLAGS $flags "-DRCUFUZZ_PRESET=\"$preset\"" -c fuzz/target.c -o "$work/$name.o"
	$CXX $CXXFLAGS "$work/$name.o" $objs $LIB_FUZZING_ENGINE -o "$OUT/$name"
	cp "$work/$mode.dict" "$OUT/$name.dict"
	printf '[libfuzzer]\ndict = %s.dict\nmax_len = 1024\nlen_control = 0\n' "$name" >"$OUT/$name.options"
	rm -f "$OUT/${name}_seed_corpus.zip"
	# The clean scenarios that run clean under the preset: an inject-<id>
	# preset's bug may be one of them, and a seed corpus holds no crash.
	for s in "$work"/seeds/*; do
		if "$work/rcureplay" --preset "$preset" --mode "$mode" "$s" >/dev/null 2>&1; then
			echo "$s"
		fi
	done | zip -q -j -@ "$OUT/${name}_seed_corpus.zip"
done
echo "built $(echo $presets | wc -w) targets into $OUT ($FUZZING_ENGINE, $SANITIZER)"
