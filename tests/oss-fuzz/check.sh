#!/bin/sh
# Runs build.sh the way OSS-Fuzz's `compile` does (the environment of the
# base-builder image) for libFuzzer with ASan, UBSan and MSan, and AFL++, each
# into a temporary $OUT, and checks what OSS-Fuzz's build checks check: every
# target runs (-runs=4 prints "Done 4 runs"; AFL++ targets run an input), is
# coverage-instrumented, carries its sanitizer and no other, and its seed
# corpus unzips and replays clean.  Exit 0 pass, 1 fail.
set -u
cd "$(dirname "$0")/../.."
fail() { echo "FAIL: $*"; exit 1; }
ubsan_checks=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr
common="-O1 -fno-omit-frame-pointer -gline-tables-only"
calls() { objdump -d --no-show-raw-insn "$1" | grep -E "call.*<$2" | grep -cv cfi ; }

check_build() { # engine sanitizer
	out=$(mktemp -d)
	case $1-$2 in
	libfuzzer-address)
		env SANITIZER=address FUZZING_ENGINE=libfuzzer CC=clang CXX=clang++ OUT="$out" SRC="$PWD/.." \
			CFLAGS="$common -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" \
			CXXFLAGS="$common -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" \
			LIB_FUZZING_ENGINE=-fsanitize=fuzzer ./build.sh >"$out/build.log" 2>&1 ;;
	libfuzzer-undefined)
		env SANITIZER=undefined FUZZING_ENGINE=libfuzzer CC=clang CXX=clang++ OUT="$out" SRC="$PWD/.." \
			CFLAGS="$common -fsanitize=$ubsan_checks,unsigned-integer-overflow -fno-sanitize-recover=$ubsan_checks -fsanitize=fuzzer-no-link" \
			CXXFLAGS="$common -fsanitize=$ubsan_checks,unsigned-integer-overflow -fno-sanitize-recover=$ubsan_checks -fsanitize=fuzzer-no-link" \
			LIB_FUZZING_ENGINE=-fsanitize=fuzzer ./build.sh >"$out/build.log" 2>&1 ;;
	libfuzzer-memory)
		env SANITIZER=memory FUZZING_ENGINE=libfuzzer CC=clang CXX=clang++ OUT="$out" SRC="$PWD/.." \
			CFLAGS="$common -fsanitize=memory -fsanitize-memory-track-origins -fsanitize=fuzzer-no-link" \
			CXXFLAGS="$common -fsanitize=memory -fsanitize-memory-track-origins -fsanitize=fuzzer-no-link" \
			LIB_FUZZING_ENGINE=-fsanitize=fuzzer ./build.sh >"$out/build.log" 2>&1 ;;
	afl-address)
		env SANITIZER=address FUZZING_ENGINE=afl CC=afl-clang-fast CXX=afl-clang-fast++ OUT="$out" SRC="$PWD/.." \
			AFL_QUIET=1 CFLAGS="$common -fsanitize=address -fsanitize-address-use-after-scope" \
			CXXFLAGS="$common -fsanitize=address -fsanitize-address-use-after-scope" \
			LIB_FUZZING_ENGINE=/usr/lib/afl/libAFLDriver.a ./build.sh >"$out/build.log" 2>&1 ;;
	esac || { cat "$out/build.log"; fail "build.sh failed for $1 $2"; }
	n=0
	for t in "$out"/*_fuzzer; do
		name=$(basename "$t")
		n=$((n + 1))
		for f in dict options; do [ -s "$t.$f" ] || fail "$name: no .$f"; done
		seeds=$(mktemp -d)
		unzip -q "${t}_seed_corpus.zip" -d "$seeds" || fail "$name: seed corpus does not unzip"
		[ "$(ls "$seeds" | wc -l)" -gt 0 ] || fail "$name: empty seed corpus"
		export UBSAN_OPTIONS=silence_unsigned_overflow=1 ASAN_OPTIONS=detect_leaks=1
		if [ "$1" = libfuzzer ]; then
			"$t" -runs=4 2>&1 | grep -q '^Done 4 runs' || fail "$name: -runs=4 did not print Done 4 runs"
			"$t" "$seeds"/* >"$out/run.log" 2>&1 || { tail "$out/run.log"; fail "$name: seed corpus does not replay clean"; }
			[ "$(calls "$t" __sanitizer_cov)" -gt 0 ] || grep -q __sancov_cntrs "$t" ||
				fail "$name: no coverage instrumentation"
		else
			for s in "$seeds"/*; do "$t" "$s" >/dev/null 2>&1 || fail "$name: seed $s does not replay clean"; done
			nm "$t" | grep -q __afl_area_ptr || fail "$name: no AFL++ instrumentation"
		fi
		asan=$(calls "$t" __asan_report) ubsan=$(calls "$t" __ubsan_handle) msan=$(calls "$t" __msan_warning)
		have="asan calls $asan, ubsan calls $ubsan, msan calls $msan"
		case $2 in
		address) [ "$asan" -gt 0 ] && [ "$ubsan" -eq 0 ] && [ "$msan" -eq 0 ] || fail "$name: $have (want asan only)" ;;
		undefined) [ "$ubsan" -gt 0 ] && [ "$asan" -eq 0 ] && [ "$msan" -eq 0 ] || fail "$name: $have (want ubsan only)" ;;
		memory) [ "$msan" -gt 0 ] && [ "$asan" -eq 0 ] && [ "$ubsan" -eq 0 ] || fail "$name: $have (want msan only)" ;;
		esac
		rm -rf "$seeds"
	done
	[ $n -ge 10 ] || fail "$1 $2: only $n targets"
	echo "ok: $1 + $2: $n targets"
	rm -rf "$out"
}
check_build libfuzzer address
check_build libfuzzer undefined
check_build libfuzzer memory
if command -v afl-clang-fast >/dev/null && [ -f /usr/lib/afl/libAFLDriver.a ]; then
	check_build afl address
else
	fail "afl++ is not installed (apt-get install afl++)"
fi
