#!/bin/sh
# One run of the deep-bug zoo: bench/zoo.sh hands each (bug, mode, seed) to
# this script through xargs -P, so that its -j runs at once share one queue
# (a find of a second does not leave a core idle beside a 600 s miss).
#   bench/zoo-run.sh BUG MODE SEED PINS   (PINS "-" for none)
# Environment from bench/zoo.sh: ZOO_TMP (scratch), ZOO_CAP (seconds),
# ZOO_EMPTY (1: empty starting corpus), ZOO_TOTAL (runs, for the progress),
# ZOO_KEEP (where the reports that do not count are kept), ZOO_UNLESS (1: the
# engine goes on past a report the bug's base preset gives too).
# Writes $ZOO_TMP/BUG-MODE-SEED.t: the seconds to a report of the bug's class
# (the first word of corpus/zoo/BUG.scn's expect SUMMARY: hang,
# rcu-guarantee, lockdep, ...), "-" for none within the cap, "o" for a first
# report of another class, "v" for one that v3.0 gives without the
# injection; and .k, that report's SUMMARY.  The first report of an "o" or
# "v" run is kept as $ZOO_KEEP/BUG-MODE-SEED.  Progress on stderr.
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
preset=$(zoo_preset "$b")
base_preset=$(zoo_base_preset "$b")
if [ "${ZOO_UNLESS:-0}" = 1 ]; then
	export RCUFUZZ_UNLESS="$base_preset"
fi
if [ "$ZOO_EMPTY" = 1 ]; then
	t=$(run "$m" "$preset" "$seed")
else
	t=$(run "$m" "$preset" "$seed" "out/$(echo "$preset" | tr .+ __)_fuzzer_seed_corpus")
fi
# The SUMMARY of input $2 replayed under preset $1 (empty: clean).
replay_summary() {
	out/rcureplay --preset "$1" ${RCUFUZZ_CONFIG:+--config "$RCUFUZZ_CONFIG"} "$2" 2>&1 |
		sed -n 's/^SUMMARY: rcufuzz: //p'
}
kind=
base=
if [ "$t" != - ]; then
	first="$tmp/$m-$preset-$seed/first"
	# A report of another class than the bug's is not the bug: a miss.  The
	# class, not the rest: an early grace period shows in whichever request
	# it ends, a stuck one as a blocked task or a stalled grace period.  A
	# finding's faces differ in class (a hang, or a use-after-free when the
	# task has exited): for it, the clean replay below decides alone.
	kind=$(replay_summary "$preset" "$first")
	case $b in
	finding-*) ;;
	*)
		summary=$(sed -n 's/^expect //p' "$(zoo_scenario "$b")")
		[ "${kind%% *}" = "${summary%% *}" ] || t=o
		;;
	esac
	# Nor is a report that the preset without the bug gives (inject-<id> is
	# v3.0 plus one, finding-<name> v3.0-patched less one fix): one of 3.0's
	# own, such as a finding (docs/findings/), met near the bug.  A miss too.
	base=$(replay_summary "$base_preset" "$first")
	[ -z "$base" ] || t=v
fi
# A report that is not the bug's is kept, not thrown away with the run: it
# is another face of the injected bug, or a report the model gives without
# it (a candidate finding or a model bug, to be explained).
kept=
case $t in
o | v)
	mkdir -p "$ZOO_KEEP"
	kept="$ZOO_KEEP/$b-$m-$seed"
	cp "$first" "$kept"
	;;
esac
echo "$kind" >"$tmp/$b-$m-$seed.k"
echo "$t" >"$tmp/$b-$m-$seed.t"
# The work directory of a finished run is not needed any more (AFL++'s
# queues add up over hundreds of runs).
rm -rf "$tmp/$m-$preset-$seed"
# This run's place in the progress: the first free number, claimed with an
# exclusive create (noclobber), so two runs that end at once never both
# print the same count.
done_runs=1
while ! (set -C && : >"$tmp/done.$done_runs") 2>/dev/null; do
	done_runs=$((done_runs + 1))
done
case $t in
-) shown=miss ;;
o) shown="miss, another class, clean on v3.0, kept as $kept" ;;
v) shown="miss, $base_preset gives it too ($base), kept as $kept" ;;
*) shown=$(printf '%.1fs' "$t") ;;
esac
echo "zoo: [$done_runs/$ZOO_TOTAL] $b $m seed $seed: $shown${kind:+ ($kind)}" >&2
