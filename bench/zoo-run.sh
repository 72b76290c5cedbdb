#!/bin/sh
# One run of the deep-bug zoo: bench/zoo.sh hands each (bug, mode, seed) to
# this script through xargs -P, so that its -j runs at once share one queue
# (a find of a second does not leave a core idle beside a 600 s miss).
#   bench/zoo-run.sh BUG MODE SEED PINS   (PINS "-" for none)
# Environment from bench/zoo.sh: ZOO_TMP (scratch), ZOO_CAP (seconds),
# ZOO_EMPTY (1: empty starting corpus), ZOO_TOTAL (runs, for the progress).
# Writes $ZOO_TMP/BUG-MODE-SEED.t: the seconds to a report of the bug's class
# (the first word of corpus/zoo/BUG.scn's expect SUMMARY: hang,
# rcu-guarantee, lockdep, ...), "-" for none within the cap, "o" for a first
# report of another class; and .k, that report's SUMMARY.  Progress on stderr.
set -eu
cd "$(dirname "$0")/.." || exit 2
[ $# = 4 ] || {
	echo "rcufuzz: zoo-run: want BUG MODE SEED PINS" >&2
	exit 2
}
b=$1
m=$2
seed=$3
if [ "$4" = - ]; then
	unset RCUFUZZ_CONFIG
else
	export RCUFUZZ_CONFIG="$4"
fi
tmp=$ZOO_TMP
# shellcheck disable=SC2034 # bench/ttf.sh's run() reads it
cap=$ZOO_CAP
. bench/ttf.sh
if [ "$ZOO_EMPTY" = 1 ]; then
	t=$(run "$m" "inject-$b" "$seed")
else
	t=$(run "$m" "inject-$b" "$seed" "out/inject-${b}_fuzzer_seed_corpus")
fi
kind=
if [ "$t" != - ]; then
	# A report of another class than the bug's is not the bug: a miss.  The
	# class, not the rest: an early grace period shows in whichever request
	# it ends, a stuck one as a blocked task or a stalled grace period.
	summary=$(sed -n 's/^expect //p' "corpus/zoo/$b.scn")
	kind=$(out/rcureplay --preset "inject-$b" ${RCUFUZZ_CONFIG:+--config "$RCUFUZZ_CONFIG"} \
		"$tmp/$m-inject-$b-$seed/first" 2>&1 | sed -n 's/^SUMMARY: rcufuzz: //p')
	[ "${kind%% *}" = "${summary%% *}" ] || t=o
fi
echo "$kind" >"$tmp/$b-$m-$seed.k"
echo "$t" >"$tmp/$b-$m-$seed.t"
# The work directory of a finished run is not needed any more (AFL++'s
# queues add up over hundreds of runs).
rm -rf "$tmp/$m-inject-$b-$seed"
done_runs=$(find "$tmp" -name '*.t' | wc -l)
case $t in
-) shown=miss ;;
o) shown="miss, another class" ;;
*) shown=$(printf '%.1fs' "$t") ;;
esac
echo "zoo: [$done_runs/$ZOO_TOTAL] $b $m seed $seed: $shown${kind:+ ($kind)}" >&2
