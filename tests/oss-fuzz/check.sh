#!/bin/bash
# SPDX-License-Identifier: MIT
# OSS-Fuzz's and ClusterFuzzLite's path for rcufuzz, without Docker
# (docs/oss-fuzz.md says what it covers and what it cannot):
#  1. presubmit: infra/presubmit.py's checks of projects/rcufuzz/, made of
#     the top-level Dockerfile, build.sh and project.yaml;
#  2. the image: the Dockerfile's instructions replayed into a temporary $SRC
#     (OSS-Fuzz: projects/rcufuzz/ is the build context and the source is
#     `git clone`d from main_repo, which git is told to serve from this
#     checkout's HEAD; ClusterFuzzLite: .clusterfuzzlite/Dockerfile with this
#     working tree as the context);
#  3. compile: base-builder's environment and `compile`'s flags for each
#     engine and sanitizer that project.yaml (OSS-Fuzz) and the cflite_*
#     workflows (ClusterFuzzLite) name, then `bash -eux $SRC/build.sh` from
#     WORKDIR, with nothing of this shell's environment but PATH;
#  4. test_all.py: bad_build_check on every fuzz target in a moved $OUT,
#     with OSS-Fuzz's thresholds; no target may fail (test_all allows 10%).
# Flags, thresholds and commands are quoted from google/oss-fuzz at
# 955c6866c152 (2026-08-20), file by file below.
#
# Usage: tests/oss-fuzz/check.sh [LAYOUT/ENGINE/SANITIZER...]
#   e.g. tests/oss-fuzz/check.sh oss-fuzz/afl/address; no argument: all.
# Needs out/rcureplay (make), clang, libc++-14-dev, afl++, zip, unzip, file, git.
# Exit 0 pass, 1 fail.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
repo=$PWD
failures=0
bad() { echo "FAIL: $*"; failures=$((failures + 1)); }

# --- infra/base-images/base-clang/Dockerfile: ENV CFLAGS, CXXFLAGS_EXTRA
base_CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -Wno-error=incompatible-function-pointer-types -Wno-error=int-conversion -Wno-error=deprecated-declarations -Wno-error=implicit-function-declaration -Wno-error=implicit-int -Wno-error=unknown-warning-option -Wno-error=vla-cxx-extension -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
base_CXXFLAGS_EXTRA="-stdlib=libc++"
# --- infra/base-images/base-builder/Dockerfile: ENV SANITIZER_FLAGS_*, COVERAGE_FLAGS
declare -A SANITIZER_FLAGS=(
	[address]="-fsanitize=address -fsanitize-address-use-after-scope"
	[undefined]="-fsanitize=array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
	[memory]="-fsanitize=memory -fsanitize-memory-track-origins"
)
base_COVERAGE_FLAGS="-fsanitize=fuzzer-no-link"
# --- infra/build/functions/build_lib.py: ENGINE_INFO supported_sanitizers
declare -A engine_sanitizers=([libfuzzer]="address memory undefined" [afl]="address")
# --- infra/base-images/base-runner/Dockerfile: ENV (base-runner.env, also
# read by tests/oss-fuzz/rss.sh)
# shellcheck source=tests/oss-fuzz/base-runner.env
. tests/oss-fuzz/base-runner.env
# --- infra/base-images/base-runner/run_fuzzer: the afl branch's environment
afl_run_env=(
	AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CPUFREQ=1 AFL_TRY_AFFINITY=1 AFL_FAST_CAL=1
	AFL_CMPLOG_ONLY_NEW=1 AFL_FORKSRV_INIT_TMOUT=30000 AFL_IGNORE_PROBLEMS=1 AFL_IGNORE_UNKNOWN_ENVS=1
)
# --- infra/base-images/base-runner/bad_build_check
MIN_NUMBER_OF_RUNS=4
# Ours (tests/oss-fuzz/rss.sh): each libFuzzer target fuzzes this many runs
# under base-runner's options; each AFL++ target runs this many inputs in one
# process.
GROWTH_RUNS=20000
AFL_GROWTH_EXECS=2000
THRESHOLD_FOR_NUMBER_OF_EDGES=100
# calls into each runtime: at least want[r] in a build with its sanitizer,
# at most allow[r] in any other (the *_CALLS_THRESHOLD_FOR_[NON_]*_BUILD).
declare -A want=([asan]=1000 [dfsan]=100 [msan]=1000 [ubsan]=168)
declare -A allow=([asan]=0 [dfsan]=0 [msan]=3 [ubsan]=200)
declare -A runtime_of=([address]=asan [memory]=msan [undefined]=ubsan)
# --- infra/presubmit.py and infra/constants.py
license_url=http://www.apache.org/licenses/LICENSE-2.0
valid_sections=" architectures auto_ccs blackbox builds_per_day coverage_extra_args disabled disable_remediation disable_remediation_pre_review fuzzing_engines help_url homepage language labels main_repo primary_contact run_tests sanitizers selective_unpack vendor_ccs view_restrictions file_github_issue indexer base_os_version "
declare -A constants=(
	[language]=" c c++ go javascript jvm python rust swift ruby "
	[sanitizers]=" address none memory undefined thread coverage introspector hwaddress "
	[architectures]=" i386 x86_64 aarch64 "
	[fuzzing_engines]=" libfuzzer afl honggfuzz centipede none wycheproof "
)

[ -x out/rcureplay ] || { echo "FAIL: oss-fuzz: no out/rcureplay (run make first)"; exit 1; }
expected=$(fuzz/presets.sh continuous | awk '{ gsub(/[.+]/, "_", $1); print $1 "_fuzzer" }' | sort)
# ClusterFuzz's fuzzer utils (bot/fuzzers/utils.py, VALID_TARGET_NAME_REGEX)
# take a target only if its name is [a-zA-Z0-9@_.-]+: presets.sh maps '+'.
for name in $expected; do
	[[ $name =~ ^[a-zA-Z0-9@_.-]+$ ]] || bad "oss-fuzz: target name $name: ClusterFuzz takes [a-zA-Z0-9@_.-]+ only"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# project.yaml, as far as rcufuzz's file uses YAML: top-level keys with a
# scalar or a block list.
yaml_keys() { sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\):.*/\1/p' "$1"; }
yaml_value() { sed -n "s/^$2:[[:space:]]*//p" "$1" | tr -d "\"'"; }
yaml_list() {
	awk -v key="$2" '/^[^[:space:]#]/ { on = index($0, key ":") == 1; next }
		on && /^[[:space:]]+-/ { sub(/^[[:space:]]+-[[:space:]]*/, ""); gsub(/["\047]/, ""); print }' "$1"
}

# infra/presubmit.py's do_checks on the files of one projects/<name>/.
presubmit() { # dir
	local dir=$1 name=${1##*/} f key value
	for f in "$dir"/*; do
		case ${f##*/} in
		Dockerfile | *.bash | *.c | *.cc | *.cpp | *.css | *.Dockerfile | *.go | *.h | *.htm | *.html | *.java | *.js | *.proto | *.py | *.rs | *.sh | *.ts)
			grep -qF "$license_url" "$f" || bad "presubmit: Missing license header in file projects/$name/${f##*/}" ;;
		*.zip) bad "presubmit: projects/$name/${f##*/}: no seed corpora in the oss-fuzz repository" ;;
		esac
	done
	! sed 's/#.*//' "$dir/build.sh" | grep -q -- -lFuzzingEngine ||
		bad "presubmit: build.sh contains deprecated \"-lFuzzingEngine\""
	! grep -qF -e 'RUN apt install' -e 'RUN apt-get install' "$dir/Dockerfile" ||
		bad "presubmit: Dockerfile: add an \"apt-get update\" before \"apt-get install\""
	[[ $name =~ ^[a-z0-9_-]+$ && $name != *google* && $name != *g00gle* ]] ||
		bad "presubmit: project name $name"
	f=$dir/project.yaml
	grep -q '^main_repo:' "$f" || bad "presubmit: project.yaml: main_repo section is missing"
	for key in $(yaml_keys "$f"); do
		[[ $valid_sections == *" $key "* ]] || bad "presubmit: project.yaml: $key is not a valid section name"
	done
	for key in sanitizers architectures fuzzing_engines; do
		for value in $(yaml_list "$f" "$key"); do
			[[ ${constants[$key]} == *" $value "* ]] || bad "presubmit: project.yaml: $value (in $key) is not a valid constant"
		done
	done
	value=$(yaml_value "$f" language)
	[[ -n $value && ${constants[language]} == *" $value "* ]] || bad "presubmit: project.yaml: language \"$value\""
	for value in $(yaml_value "$f" primary_contact) $(yaml_list "$f" auto_ccs); do
		[[ $value == *@* && $value == *.* ]] || bad "presubmit: project.yaml: $value is an invalid email address"
	done
}

# The image: a Dockerfile's instructions replayed with $SRC=$root/src.  It
# knows FROM base-builder, WORKDIR, COPY from the context, and two RUNs:
# `git clone` (run as written; git may fetch only from this checkout, which
# stands in for main_repo) and `apt-get update && apt-get install -y P...`
# (base-builder's packages are checked for on this machine instead).
# Anything else fails: it would not be the image OSS-Fuzz builds.
build_image() { # dockerfile context root -> $SRC laid out; sets workdir
	local context=$2 instr args main_repo p words
	main_repo=$(yaml_value project.yaml main_repo)
	SRC=$3/src OUT=$3/out WORK=$3/work
	mkdir -p "$SRC" "$OUT" "$WORK"
	workdir=$SRC # base-builder's last WORKDIR
	# shellcheck disable=SC2016 # '$SRC' is the image's, expanded by Docker
	while read -r instr args; do
		args=${args//'${SRC}'/$SRC}
		args=${args//'$SRC'/$SRC}
		case $instr in
		'' | '#'*) ;;
		FROM) [[ $args =~ ^gcr.io/oss-fuzz-base/base-builder(:[a-z0-9._-]+)?$ ]] || { bad "image: FROM $args"; return 1; } ;;
		WORKDIR) [[ $args == /* ]] || args=$workdir/$args
			mkdir -p "$args" && workdir=$args ;;
		COPY) read -r -a words <<<"$args" && copy_step "$context" "${words[@]}" || return 1 ;;
		RUN)
			case $args in
			'git clone '*)
				(cd "$workdir" && env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.file://$repo.insteadOf" \
					GIT_CONFIG_VALUE_0="$main_repo" GIT_ALLOW_PROTOCOL=file sh -c "$args") 2>&1 ||
					{ bad "image: RUN $args: clones nothing but main_repo ($main_repo)"; return 1; } ;;
			'apt-get update && apt-get install -y '*)
				for p in ${args#apt-get update && apt-get install -y }; do
					dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || { bad "image: RUN apt-get: install $p here (the image would)"; return 1; }
				done ;;
			*) bad "image: RUN $args: not emulated by this check"; return 1 ;;
			esac ;;
		*) bad "image: $instr: not emulated by this check"; return 1 ;;
		esac
	done <"$1"
}
copy_step() { # context src... dest (Docker's COPY: a directory's contents, files into a dir/)
	local context=$1 dest=${!#} src
	shift
	[[ $dest == /* ]] || dest=$workdir/$dest
	[[ $dest == "$SRC"* ]] || { bad "image: COPY to $dest: only \$SRC is emulated"; return 1; }
	for src in "${@:1:$#-1}"; do
		if [ -d "$context/$src" ]; then
			mkdir -p "$dest" && cp -a "$context/$src/." "$dest/" || return 1
		elif [ ! -e "$context/$src" ]; then
			bad "image: COPY $src: not in the build context"
			return 1
		elif [[ $dest == */ || -d $dest ]]; then
			mkdir -p "$dest" && cp -a "$context/$src" "$dest/" || return 1
		else
			mkdir -p "$(dirname "$dest")" && cp -a "$context/$src" "$dest" || return 1
		fi
	done
}

# base-builder's `compile` for a C project: its flags, then build.sh.
compile() { # engine sanitizer
	local engine=$1 sanitizer=$2 cc=clang cxx=clang++ lib=-fsanitize=fuzzer
	local coverage=$base_COVERAGE_FLAGS extra=$base_CXXFLAGS_EXTRA cflags cxxflags p
	local -a engine_env=()
	case $engine in
	libfuzzer)
		# compile_libfuzzer.  Debian's libclang_rt.fuzzer is built against
		# libstdc++ (the image's against its own libc++), so -stdlib=libc++
		# cannot link it here: CXXFLAGS_EXTRA stays empty for libFuzzer.
		extra= ;;
	afl) # compile_afl; its libAFLDriver.a is the image's $LIB_FUZZING_ENGINE
		cc=afl-clang-fast cxx=afl-clang-fast++ lib=/usr/lib/afl/libAFLDriver.a coverage=
		engine_env=(AFL_QUIET=1 ASAN_OPTIONS=detect_leaks=0:symbolize=0:detect_odr_violation=0:abort_on_error=1
			AFL_IGNORE_PROBLEMS=1 AFL_IGNORE_UNKNOWN_ENVS=1)
		cp "$(command -v afl-fuzz)" "$OUT/" ;;
	esac
	# compile: "Copy latest llvm-symbolizer in $OUT for stack symbolization."
	p=$(command -v llvm-symbolizer llvm-symbolizer-14 | head -1) && cp "$p" "$OUT/llvm-symbolizer"
	cflags="$base_CFLAGS ${SANITIZER_FLAGS[$sanitizer]} $coverage"
	cxxflags="$cflags $extra"
	[ "$sanitizer" != undefined ] || cflags="$cflags -fno-sanitize=function"
	(cd "$workdir" && env -i PATH="$PATH:$OUT" HOME="$WORK" SRC="$SRC" OUT="$OUT" WORK="$WORK" \
		CC="$cc" CXX="$cxx" CCC=clang++ CFLAGS="$cflags" CXXFLAGS="$cxxflags" CXXFLAGS_EXTRA="$extra" \
		SANITIZER_FLAGS="${SANITIZER_FLAGS[$sanitizer]}" COVERAGE_FLAGS="$coverage" LIB_FUZZING_ENGINE="$lib" \
		SANITIZER="$sanitizer" FUZZING_ENGINE="$engine" ARCHITECTURE=x86_64 FUZZING_LANGUAGE="$language" \
		PROJECT_NAME=rcufuzz UBSAN_OPTIONS=silence_unsigned_overflow=1 "${engine_env[@]}" \
		bash -eux "$SRC/build.sh")
}

# base-runner: the environment every check below runs in (run_fuzzer adds
# $OUT to PATH, and unsets OUT so that a target cannot rely on it).
set_runner() {
	runner=(env -i PATH="$OUT:$PATH" HOME="$WORK" SANITIZER="$sanitizer" FUZZING_ENGINE="$engine"
		ARCHITECTURE=x86_64 FUZZING_LANGUAGE="$language" RUN_FUZZER_MODE=batch ASAN_OPTIONS="$runner_ASAN_OPTIONS"
		MSAN_OPTIONS="$runner_MSAN_OPTIONS" UBSAN_OPTIONS="$runner_UBSAN_OPTIONS"
		FUZZER_ARGS="$runner_FUZZER_ARGS" AFL_FUZZER_ARGS="$runner_AFL_FUZZER_ARGS")
}
# One section of a target's .options, as parse_options.py prints it.
options() { # file section separator prefix
	[ -f "$1" ] || return 0
	awk -v s="[$2]" -v sep="$3" -v pre="$4" '/^\[/ { on = $0 == s; next }
		on && /=/ { k = v = $0; sub(/[[:space:]]*=.*/, "", k); sub(/^[^=]*=[[:space:]]*/, "", v)
			out = out (n++ ? sep : "") pre k "=" v } END { print out }' "$1"
}
# run_fuzzer for libFuzzer: $OUT/<name> -- $FUZZER_ARGS args [corpus] <.options> [-dict=]
run_fuzzer() { # name corpus|- args...
	local name=$1 corpus=$2 cmd
	shift 2
	cmd="$OUT/$name -- \$FUZZER_ARGS $* $([ "$corpus" = - ] || echo "$corpus") $(options "$OUT/$name.options" libfuzzer ' ' -)"
	[[ $cmd == *-dict=* || ! -f $OUT/$name.dict ]] || cmd="$cmd -dict=$name.dict"
	(cd "$OUT" && "${runner[@]}" bash -c "$cmd < /dev/null")
}
# run_fuzzer for AFL++ under bad_build_check's `timeout --preserve-status -s
# INT 35s`, stopped as soon as afl-fuzz prints "All set and ready to roll".
run_afl() { # name log
	local name=$1 dict pid
	rm -rf "$scratch/afl" && mkdir -p "$scratch/afl/corpus" && echo input >"$scratch/afl/corpus/input"
	dict=$(sed -n 's/^\s*dict\s*=\s*\(.*\)/\1/p' "$OUT/$name.options" | tail -1) # get_dictionary
	[ -n "$dict" ] || [ ! -f "$OUT/$name.dict" ] || dict=$name.dict
	(cd "$OUT" && exec "${runner[@]}" "${afl_run_env[@]}" AFL_NO_UI=1 \
		ASAN_OPTIONS="$runner_ASAN_OPTIONS:abort_on_error=1:symbolize=0:detect_odr_violation=0:" \
		MSAN_OPTIONS="$runner_MSAN_OPTIONS:exit_code=86:symbolize=0" UBSAN_OPTIONS="$runner_UBSAN_OPTIONS:symbolize=0" \
		timeout --preserve-status -s INT 35s \
		bash -c "$OUT/afl-fuzz \$AFL_FUZZER_ARGS -t 5000+ -i $scratch/afl/corpus -o $scratch/afl/out ${dict:+-x $dict} -- $OUT/$name") \
		>"$2" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null && ! grep -q 'All set and ready to roll' "$2"; do sleep 0.2; done
	kill -INT "$pid" 2>/dev/null || true
	wait "$pid" || true
}

# bad_build_check's checks of one target (check_seed_corpus, off in OSS-Fuzz
# since "TODO: re-enable after introducing bug auto-filing", is on here).
# Prints what it measured: edges and calls into each sanitizer runtime.
bad_build_check() { # target
	local t=$1 name=${1##*/} edges r n rss
	local log=$scratch/$name.log
	local -A calls
	if [ "$engine" = libfuzzer ]; then
		"${runner[@]}" "$t" -- -seed=1337 -runs=$MIN_NUMBER_OF_RUNS >"$log" 2>&1 || true
		! grep -q 'ERROR: no interesting inputs were found. Is the code instrumented' "$log" ||
			{ bad "$name does not seem to have coverage instrumentation"; return; }
		edges=$(grep -Po 'INFO: Loaded [[:digit:]]+ module.*\(.*(counters|guards)\):[[:space:]]+\K[[:digit:]]+' "$log" | head -1 || true)
		[ -z "$edges" ] || [ "$edges" -ge $THRESHOLD_FOR_NUMBER_OF_EDGES ] ||
			bad "$name seems to have only partial coverage instrumentation ($edges edges)"
		run_fuzzer "$name" - -seed=1337 -runs=$MIN_NUMBER_OF_RUNS >"$log" 2>&1 || true
		grep -q "Done $MIN_NUMBER_OF_RUNS runs" "$log" || { bad "$name seems to have either startup crash or exit:"; tail -5 "$log"; }
		rm -rf "$scratch/corpus" && mkdir "$scratch/corpus"
		unzip -q -o -d "$scratch/corpus" "$OUT/${name}_seed_corpus.zip" || bad "$name: the seed corpus does not unzip"
		[ -n "$(ls "$scratch/corpus")" ] || bad "$name: empty seed corpus"
		run_fuzzer "$name" "$scratch/corpus" -runs=0 >"$log" 2>&1 || { bad "$name has a crashing input in its seed corpus:"; tail -5 "$log"; }
		# Ours: fuzzing as ClusterFuzz does, long enough to see growth
		# (base-runner's -rss_limit_mb=2560 in $FUZZER_ARGS), and the
		# seed corpus over and over, whose peak RSS must stay flat.
		run_fuzzer "$name" "$scratch/corpus" -seed=1337 -runs=$GROWTH_RUNS -print_final_stats=1 >"$log" 2>&1 ||
			{ bad "$name: $GROWTH_RUNS runs under base-runner's options failed:"; grep -E 'ERROR|SUMMARY' "$log" | head -3; }
		rss=$(sed -n 's/^stat::peak_rss_mb:[[:space:]]*//p' "$log")
		tests/oss-fuzz/rss.sh "$t" >>"$scratch/rss.log" 2>&1 || { bad "$name: peak RSS not flat:"; tail -3 "$scratch/rss.log"; }
	else
		run_afl "$name" "$log"
		grep -q 'All set and ready to roll' "$log" || { bad "fuzzing $name with afl-fuzz failed:"; tail -5 "$log"; }
		! grep -Eq 'target binary (crashed|terminated)' "$log" || bad "$name seems to have either startup crash or exit"
		edges=- rss=-
		tests/oss-fuzz/rss.sh -a -n $AFL_GROWTH_EXECS "$t" >>"$scratch/rss.log" 2>&1 || { bad "$name: peak RSS not flat:"; tail -3 "$scratch/rss.log"; }
	fi
	file "$t" | grep -q x86-64 || bad "$name is not built for architecture: x86_64"
	objdump -dC "$t" >"$scratch/dump"
	for r in asan dfsan msan ubsan; do
		n=$(grep -Ec "callq?\s+[0-9a-f]+\s+<__$r" "$scratch/dump" || true)
		calls[$r]=$n
		if [ "$r" = "${runtime_of[$sanitizer]}" ]; then
			[ "$r" = ubsan ] && [ "$engine" != libfuzzer ] && continue # check_ubsan_build: libFuzzer only
			[ "$n" -ge "${want[$r]}" ] || bad "$name does not seem to be compiled with $r ($n calls, want >= ${want[$r]})"
		else
			[ "$n" -le "${allow[$r]}" ] || bad "$sanitizer build of $name seems to be compiled with $r ($n calls, allowed ${allow[$r]})"
		fi
	done
	echo "$name edges=$edges asan=${calls[asan]} ubsan=${calls[ubsan]} msan=${calls[msan]} rss=$rss"
}

# The configurations: OSS-Fuzz builds project.yaml's engines x sanitizers
# (build_project.py's defaults if absent), each engine with the sanitizers
# it supports; ClusterFuzzLite, libFuzzer with the sanitizers of the
# cflite_* workflows' matrices.
configs=()
engines=$(yaml_list project.yaml fuzzing_engines)
sanitizers=$(yaml_list project.yaml sanitizers)
for e in ${engines:-libfuzzer afl honggfuzz centipede}; do
	[ -n "${engine_sanitizers[$e]:-}" ] || bad "project.yaml: engine $e: not emulated by this check"
	for s in ${sanitizers:-address undefined}; do
		[[ " ${engine_sanitizers[$e]:-} " != *" $s "* ]] || configs+=("oss-fuzz/$e/$s")
	done
done
for s in $(sed -n 's/^[[:space:]]*sanitizer: \[\(.*\)\]/\1/p' .github/workflows/cflite_*.yml | tr -d ' ' | tr , '\n' | sort -u); do
	configs+=("clusterfuzzlite/libfuzzer/$s")
done

# The build contexts: projects/rcufuzz/ as a maintainer submits it, and the
# checkout ClusterFuzzLite copies in (what git tracks or would add; a fresh
# CI checkout has no out/).
mkdir -p "$tmp/projects/rcufuzz" "$tmp/checkout"
cp Dockerfile build.sh project.yaml "$tmp/projects/rcufuzz/"
git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$tmp/checkout"
presubmit "$tmp/projects/rcufuzz"
# build.sh builds the tree it is run in; anywhere else it says so and stops.
status=0
msg=$(cd "$tmp" && bash "$repo/build.sh" 2>&1) || status=$?
[ "$status:$msg" = "2:rcufuzz: build.sh: no target/config/switches.def in $tmp (run it from the top of the source tree)" ] ||
	bad "build.sh run outside the source tree: exit $status, said: $msg"
[ -z "$(git status --porcelain)" ] ||
	echo "note: the OSS-Fuzz layout builds HEAD (what the clone gets); uncommitted changes go to the ClusterFuzzLite layout only"

# One configuration, start to end: the image, compile, test_all.py.
check_config() { # layout/engine/sanitizer
	local config=$1 layout engine sanitizer language root scratch start build_time t got before=$failures
	local -a targets=()
	IFS=/ read -r layout engine sanitizer <<<"$config"
	root=$tmp/${config//\//-}
	scratch=$root/scratch
	mkdir -p "$scratch"
	if [ "$layout" = oss-fuzz ]; then
		language=$(yaml_value project.yaml language)
		build_image "$tmp/projects/rcufuzz/Dockerfile" "$tmp/projects/rcufuzz" "$root" >"$scratch/image.log" ||
			{ cat "$scratch/image.log"; return; }
		[ "$workdir" != "$SRC" ] || bad "$config: WORKDIR is \$SRC (helper.py build_fuzzers cannot mount a local checkout there)"
		[ "$(git -C "$workdir" config --get remote.origin.url 2>/dev/null)" = "$(yaml_value project.yaml main_repo)" ] ||
			bad "$config: WORKDIR ${workdir#"$root"} is not a clone of main_repo; it holds:" "$(ls -A "$workdir")"
	else
		language=$(yaml_value .clusterfuzzlite/project.yaml language)
		build_image .clusterfuzzlite/Dockerfile "$tmp/checkout" "$root" >"$scratch/image.log" ||
			{ cat "$scratch/image.log"; return; }
	fi
	start=$SECONDS
	compile "$engine" "$sanitizer" >"$scratch/compile.log" 2>&1 || {
		tail -10 "$scratch/compile.log"
		bad "$config: compile failed (\`bash -eux \$SRC/build.sh\` in WORKDIR ${workdir#"$root"})"
		return
	}
	build_time=$((SECONDS - start))
	# test_all.py: the targets are checked in another $OUT, to catch hard-coded paths.
	mv "$OUT" "$root/not-out" && OUT=$root/not-out
	set_runner
	for t in "$OUT"/*; do
		case ${t##*/} in llvm-symbolizer | afl-* | jazzer_*) continue ;; esac
		[ -f "$t" ] && [ -x "$t" ] && file "$t" | grep -Eq 'ELF|shell script' && grep -q LLVMFuzzerTestOneInput "$t" &&
			targets+=("$t")
	done
	got=$(printf '%s\n' "${targets[@]##*/}" | sort)
	[ "$got" = "$expected" ] || bad "$config: targets: ${got//$'\n'/ } (want: ${expected//$'\n'/ })"
	# Ours, not OSS-Fuzz's: libFuzzer's targets carry the schedule-aware
	# mutator (build.sh), defined, not the runtime's weak reference to it
	# (grep reads all of nm's output: -q would end the pipe early, and
	# pipefail would take nm's SIGPIPE for a miss).
	if [ "$engine" = libfuzzer ]; then
		for t in "${targets[@]}"; do
			nm "$t" | grep ' T LLVMFuzzerCustomMutator$' >/dev/null ||
				bad "$config: ${t##*/} has no LLVMFuzzerCustomMutator (build.sh: -DRCUFUZZ_MUTATOR)"
		done
	fi
	for t in "${targets[@]}"; do bad_build_check "$t"; done >"$scratch/check.log"
	[ $failures -eq "$before" ] || cat "$scratch/check.log"
	awk -v c="$config" -v ok=$((failures == before)) -v n=${#targets[@]} -v b=$build_time -v r=$((SECONDS - start - build_time)) '
		/_fuzzer edges=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); if (!(kv[1] in lo) || kv[2] + 0 < lo[kv[1]]) lo[kv[1]] = kv[2] } }
		/_fuzzer edges=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "rss" && kv[2] + 0 > hi) hi = kv[2] + 0 } }
		END { printf "%s: %s: %d targets (build %ds, checks %ds); fewest edges %s, calls to asan %s, ubsan %s, msan %s; most RSS after '$GROWTH_RUNS' runs %s MB\n",
			ok ? "ok" : "FAIL", c, n, b, r, lo["edges"], lo["asan"], lo["ubsan"], lo["msan"], hi ? hi : "-" }' "$scratch/check.log"
	cat "$scratch/rss.log" 2>/dev/null || true
	rm -rf "$root"
}

# As many configurations at a time as there are cores, each into its own
# log, shown in order at the end; one passed if its log says so.
selected=()
for config in "${configs[@]}"; do
	[ $# -eq 0 ] || [[ " $* " == *" $config "* ]] || continue
	selected+=("$config")
	while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
	check_config "$config" >"$tmp/${config//\//-}.log" 2>&1 &
done
wait
for config in "${selected[@]}"; do
	log=$tmp/${config//\//-}.log
	cat "$log"
	grep -q "^ok: $config:" "$log" || failures=$((failures + 1))
done
[ $failures -eq 0 ] || { echo "FAIL: oss-fuzz: $failures failures (above)"; exit 1; }
echo "ok: oss-fuzz: every configuration builds and passes OSS-Fuzz's build checks"
