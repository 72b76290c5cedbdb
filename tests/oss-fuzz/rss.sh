#!/bin/bash
# SPDX-License-Identifier: MIT
# Memory under OSS-Fuzz's runtime options (tests/oss-fuzz/base-runner.env):
# each fuzz target runs its seed corpus over and over in one process, N
# executions (default 10,000), with base-runner's ASAN_OPTIONS, MSAN_OPTIONS
# and UBSAN_OPTIONS, and its peak RSS may grow at most 64 MB over that of one
# pass.  A simulator whose per-run memory does not return to its baseline
# fails here; the coroutines' leaked fake stacks of use-after-return
# detection (docs/oss-fuzz.md) ran a target to 2.6 GB in 10,000 executions.
#
# Usage: tests/oss-fuzz/rss.sh [-n N] [-a] TARGET...
#   TARGET  a fuzz target; its seed corpus is TARGET_seed_corpus/ or, zipped,
#           TARGET_seed_corpus.zip beside it
#   -a      the targets are AFL++'s (libAFLDriver runs each file argument once)
# Needs GNU time (/usr/bin/time).  Exit 0 pass, 1 fail, 2 usage.
set -euo pipefail
cd "$(dirname "$0")/../.." || exit 2
# shellcheck source=tests/oss-fuzz/base-runner.env
. tests/oss-fuzz/base-runner.env
execs=10000 afl=0 bound_kb=$((64 * 1024))
usage() { echo "rcufuzz: tests/oss-fuzz/rss.sh: $1 (usage: rss.sh [-n N] [-a] TARGET...)" >&2; exit 2; }
while getopts n:a opt; do
	case $opt in
	n) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || usage "-n $OPTARG: not a count"; execs=$OPTARG ;;
	a) afl=1 ;;
	*) usage "unknown flag" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage "no target"
[ -x /usr/bin/time ] || usage "no /usr/bin/time (apt-get install time)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# Peak RSS in KB of @target run over the seed files @passes times in one process.
peak_kb() { # target passes files...
	local target=$1 passes=$2 status=0
	local -a args=()
	shift 2
	if [ $afl = 1 ]; then
		for ((i = 0; i < passes; i++)); do args+=("$@"); done
	else
		args=(-rss_limit_mb=2560 -runs="$passes" "$@")
	fi
	env ASAN_OPTIONS="$runner_ASAN_OPTIONS" MSAN_OPTIONS="$runner_MSAN_OPTIONS" UBSAN_OPTIONS="$runner_UBSAN_OPTIONS" \
		/usr/bin/time -f %M -o "$tmp/peak" "$target" "${args[@]}" >"$tmp/log" 2>&1 || status=$?
	if [ $status -ne 0 ]; then
		echo "FAIL: rss: ${target##*/}: exit $status after $passes passes:" >&2
		grep -E 'ERROR|SUMMARY' "$tmp/log" | head -3 >&2
		return 1
	fi
	tail -1 "$tmp/peak"
}

for target in "$@"; do
	[ -x "$target" ] || usage "$target: not an executable"
	rm -rf "$tmp/seeds" && mkdir "$tmp/seeds"
	if [ -d "${target}_seed_corpus" ]; then
		cp "${target}_seed_corpus"/* "$tmp/seeds/"
	else
		unzip -q -d "$tmp/seeds" "${target}_seed_corpus.zip" || usage "$target: no seed corpus"
	fi
	files=("$tmp"/seeds/*)
	passes=$(((execs + ${#files[@]} - 1) / ${#files[@]}))
	if ! one=$(peak_kb "$target" 1 "${files[@]}") || ! all=$(peak_kb "$target" "$passes" "${files[@]}"); then
		failures=$((failures + 1))
		continue
	fi
	growth=$((all - one))
	if [ $growth -gt $bound_kb ]; then
		echo "FAIL: rss: ${target##*/}: peak RSS grew $((growth / 1024)) MB over $((passes * ${#files[@]})) executions (one pass: $((one / 1024)) MB; bound 64 MB)"
		failures=$((failures + 1))
	else
		echo "ok: rss: ${target##*/}: $((passes * ${#files[@]})) executions, peak RSS $((one / 1024)) -> $((all / 1024)) MB"
	fi
done
[ $failures -eq 0 ]
