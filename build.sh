#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build: every fuzz target into $OUT, with its
# seed corpus zip, dictionary and options.  Follows the OSS-Fuzz contract
# ($CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $OUT $SRC, link with $CXX);
# works with SANITIZER=address|undefined and FUZZING_ENGINE=libfuzzer|afl.
# Run with no environment, it builds libFuzzer+ASan+UBSan targets into
# out/oss-fuzz/ with the local clang.
here=$(cd "$(dirname "$0")" && pwd)
: "${CC:=clang}" "${CXX:=clang++}"
: "${FUZZING_ENGINE:=libfuzzer}"
: "${SANITIZER:=address}"
: "${CFLAGS:=-O1 -fno-omit-frame-pointer -g -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link}"
: "${CXXFLAGS:=$CFLAGS}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
: "${OUT:=$here/out/oss-fuzz}"
: "${SRC:=$(dirname "$here")}"
HOST_CC=${HOST_CC:-clang}   # for the host tools, never instrumented
mkdir -p "$OUT"
cd "$here"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags="-std=c11 -D_GNU_SOURCE -Itarget"
case $FUZZING_ENGINE in
libfuzzer) flags="$flags -DRCUFUZZ_LIBFUZZER_COUNTERS" ;;
afl) flags="$flags -DRCUFUZZ_AFL" ;;
*) ;; # honggfuzz, centipede, ...: edge coverage only
esac

# The harness, compiled once with the engine's and the sanitizer's flags.
objs=
for src in target/*.c target/*/*.c; do
	o=$work/$(echo "$src" | tr / _).o
	$CC $CFLAGS $flags -c "$src" -o "$o"
	objs="$objs $o"
done

# Host tools (plain): rcureplay compiles the seed scenarios, gendict the dictionary.
hostsrc="target/*.c target/*/*.c replay/cli.c replay/minimize.c replay/scenario.c replay/trace.c replay/triage.c"
[ -f replay/html.c ] && hostsrc="$hostsrc replay/html*.c"
$HOST_CC -O1 $flags -URCUFUZZ_LIBFUZZER_COUNTERS -URCUFUZZ_AFL $hostsrc replay/main.c -o "$work/rcureplay"
$HOST_CC -O1 -std=c11 -D_GNU_SOURCE -Itarget target/*.c target/*/*.c fuzz/gendict.c -o "$work/gendict"
"$work/gendict" > "$work/rcufuzz.dict"
mkdir -p "$work/seeds"
for s in corpus/clean/*.scn; do
	"$work/rcureplay" --compile "$s" -o "$work/seeds/$(basename "$s" .scn)"
done

presets="v3.0-rc7 v3.0 $(awk -F'"' '/^SWITCH/ && ($5 ~ /FIX|REFACTOR/) { print "revert-" $2 }' target/config/switches.def)"
for preset in $presets; do
	name=$(echo "$preset" | tr . _)_fuzzer
	$CC $CFLAGS $flags "-DRCUFUZZ_PRESET=\"$preset\"" -c fuzz/target.c -o "$work/$name.o"
	$CXX $CXXFLAGS "$work/$name.o" $objs $LIB_FUZZING_ENGINE -o "$OUT/$name"
	cp "$work/rcufuzz.dict" "$OUT/$name.dict"
	printf '[libfuzzer]\ndict = %s.dict\nmax_len = 1024\nlen_control = 0\n' "$name" > "$OUT/$name.options"
	rm -f "$OUT/${name}_seed_corpus.zip"
	(cd "$work/seeds" && zip -q -j "$OUT/${name}_seed_corpus.zip" ./*)
done
echo "built $(echo $presets | wc -w) targets into $OUT ($FUZZING_ENGINE, $SANITIZER)"
