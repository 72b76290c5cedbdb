#!/bin/sh
# The deep-bug zoo (issue 15): time to the first report of every injected bug
# (preset inject-<id>, fuzz/presets.sh), per engine, over several seeds, one
# run at a time on one core; from the shipped seed corpus (the clean
# scenarios, out/<target>_seed_corpus) or, with -E, from an empty one.
# Never part of the tests.  Progress on stderr; the table to bench/results/.
#   bench/zoo.sh [-c CAP_SECONDS] [-s SEEDS] [-m "MODE ..."] [-b "ID ..."] [-E] [-o RESULT.md]
# Defaults are the full protocol: -c 600 -s 5 -m "feedback edges afl blind",
# every injected bug; that is days of CPU on two cores.  -m mutator adds the
# schedule-aware mutator (out/plain/mut/, fuzz/mutator.h).
set -eu
cd "$(dirname "$0")/.." || exit 2
cap=600
seeds=5
modes="feedback edges afl blind"
bugs=$(sh fuzz/presets.sh | sed -n 's/^inject-//p')
empty=0
res=
command="bench/zoo.sh $*"
usage() {
	echo "rcufuzz: zoo: $1 (usage: bench/zoo.sh [-c CAP] [-s SEEDS] [-m MODES] [-b IDS] [-E] [-o FILE])" >&2
	exit 2
}
while getopts c:s:m:b:Eo:h opt; do
	case $opt in
	c) cap=$OPTARG ;;
	s) seeds=$OPTARG ;;
	m) modes=$OPTARG ;;
	b) bugs=$OPTARG ;;
	E) empty=1 ;;
	o) res=$OPTARG ;;
	*) usage "bad flag" ;;
	esac
done
case $cap$seeds in
*[!0-9]* | '') usage "cap and seeds are numbers" ;;
esac
# $modes and $bugs are lists: split on purpose.
for m in $modes; do
	case $m in
	feedback | edges | mutator | afl | blind) ;;
	*) usage "$m: modes are feedback, edges, mutator, afl, blind" ;;
	esac
done
targets=out/bench/blind
for b in $bugs; do
	sh fuzz/presets.sh | grep -qx "inject-$b" || usage "$b: no preset inject-$b"
	for m in $modes; do
		case $m in
		feedback | edges) targets="$targets out/plain/inject-${b}_fuzzer" ;;
		mutator) targets="$targets out/plain/mut/inject-${b}_fuzzer" ;;
		afl) targets="$targets out/afl/inject-${b}_fuzzer" ;;
		esac
	done
	targets="$targets out/inject-${b}_fuzzer_seed_corpus"
done
# shellcheck disable=SC2086 # a list of make targets
make -s $targets >/dev/null
mkdir -p bench/results
date=$(date +%Y-%m-%d)
res=${res:-bench/results/zoo-$date.md}
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. bench/ttf.sh

{
	echo "# The deep-bug zoo, $date"
	echo
	echo "Command: $command"
	echo "Machine: $machine; one run at a time; cap ${cap}s; $seeds seeds;" \
		"$([ "$empty" = 1 ] && echo 'empty starting corpus' || echo 'shipped seed corpus (corpus/clean)')."
	echo "Median over the seeds, a run that found nothing counting as the cap; (found/seeds)."
	echo
	printf '| bug | report (corpus/zoo/<bug>.scn) |'
	for m in $modes; do
		printf ' %s median s (found) |' "$m"
	done
	echo
	printf '|---|---|'
	for m in $modes; do
		printf -- '---|'
	done
	echo
} >"$res"
total=0
for b in $bugs; do
	for m in $modes; do
		total=$((total + seeds))
	done
done
n=0
for b in $bugs; do
	summary=$(sed -n 's/^expect //p' "corpus/zoo/$b.scn" 2>/dev/null || true)
	line="| $b | ${summary:--} |"
	for m in $modes; do
		found=0
		: >"$tmp/times"
		for s in $(seq 1 "$seeds"); do
			n=$((n + 1))
			if [ "$empty" = 1 ]; then
				t=$(run "$m" "inject-$b" "$s")
			else
				t=$(run "$m" "inject-$b" "$s" "out/inject-${b}_fuzzer_seed_corpus")
			fi
			echo "zoo: [$n/$total] $b $m seed $s: ${t}s" >&2
			if [ "$t" = - ]; then
				t=$cap
			else
				found=$((found + 1))
			fi
			echo "$t" >>"$tmp/times"
		done
		line="$line $(median <"$tmp/times") ($found/$seeds) |"
	done
	echo "$line" >>"$res"
done
echo "== $res" >&2
cat "$res"
