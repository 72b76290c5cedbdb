#!/bin/sh
# The verdict on a cure (docs/experiments.md): fuzz preset misuse+CURE (v3.0
# with the CURE switch, misuse mode: the two restrictions' ops) with the
# plain build, libFuzzer -fork=1 -ignore_crashes=1 at nice 10, until the
# first report or the time cap; then minimize the report and print it as a
# scenario to keep in corpus/experiments/CURE.scn.
#   fuzz/verdict.sh [-t SECONDS] [-a] CURE     (default 3600 s: one CPU-hour)
#   -a   go on past reports for the whole time, then group them (triage)
# Exit 0: a report (the cure falls); 1: none in the time (the verdict holds
# for that long); 2: bad usage.
set -eu
cd "$(dirname "$0")/.." || exit 2
seconds=3600
all=
die() {
	echo "rcufuzz: verdict: $1" >&2
	exit 2
}
while getopts t:ah opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	a) all=1 ;;
	*) die "usage: fuzz/verdict.sh [-t SECONDS] [-a] CURE" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || die "usage: fuzz/verdict.sh [-t SECONDS] [-a] CURE"
case $seconds in
'' | *[!0-9]*) die "$seconds: not a number of seconds" ;;
esac
cure=$1
preset=misuse+$cure
name=$(echo "$preset" | tr .+ __)_fuzzer
make -s out/rcureplay >/dev/null
out/rcureplay --list-presets | grep -q "^$preset " || die "$cure: no CURE switch of that name (see out/rcureplay --list-switches)"
make -s "out/plain/$name" "out/$name.dict" "out/${name}_seed_corpus"

work=fuzz/work/verdict-$cure
rm -rf "$work"
mkdir -p "$work/corpus" "$work/crashes"
cp "out/${name}_seed_corpus/"* "$work/corpus/" 2>/dev/null || true
echo "== $preset: fuzzing for at most ${seconds}s (plain build, -fork=1 -ignore_crashes=1, nice 10)"
start=$(date +%s)
nice -n 10 "out/plain/$name" -fork=1 -ignore_crashes=1 -dict="out/$name.dict" -max_len=1024 \
	-len_control=0 -max_total_time="$seconds" -artifact_prefix="$work/crashes/" "$work/corpus" \
	>"$work/libfuzzer.log" 2>&1 &
pid=$!
# the oldest report libFuzzer wrote
first() {
	# shellcheck disable=SC2012 # names are libFuzzer's crash-<sha1>
	ls -tr "$work"/crashes 2>/dev/null | sed -n "1s|^|$work/crashes/|p"
}
stop() {
	# the fork-mode parent and the child it runs, by their ids
	for p in $(pgrep -P "$pid" || true) "$pid"; do
		kill "$p" 2>/dev/null || true
	done
}
trap 'stop' INT TERM
while kill -0 "$pid" 2>/dev/null; do
	sleep 10
	line=$(grep -E '^#[0-9]+' "$work/libfuzzer.log" | tail -1 || true)
	echo "   $(($(date +%s) - start))s  ${line:-starting}"
	if [ -z "$all" ] && [ -n "$(first)" ]; then
		stop
	fi
done
wait "$pid" 2>/dev/null || true
took=$(($(date +%s) - start))
# the CPU time of the fuzzer and its fork-mode children: the second line of
# `times`, run in this shell (in a $(...) subshell it would see no children)
times >"$work/times"
cpu=$(sed -n 2p "$work/times")
execs=$(grep -E '^#[0-9]+' "$work/libfuzzer.log" | tail -1 | sed 's/^#\([0-9]*\).*/\1/')
crash=$(first)
if [ -z "$crash" ]; then
	echo "== $preset: no report in ${took}s (${execs:-0} execs; CPU user/sys $cpu): the verdict holds for that long"
	exit 1
fi
summary=$(out/rcureplay --preset "$preset" --mode misuse "$crash" 2>&1 | sed -n 's/^SUMMARY: //p')
if [ -n "$all" ]; then
	echo "== $preset: reports in ${took}s (${execs:-?} execs; CPU user/sys $cpu), first: $summary"
	out/rcureplay --preset "$preset" --mode misuse --triage "$work/crashes" >"$work/triage.txt" || true
	sed -n '1,/^$/p;/^ count/,/^$/p' "$work/triage.txt"
	# Each kind of report, its smallest input minimized: which restriction's op it needs.
	n=0
	awk '/^ count/ { t = 1; next } t && NF == 0 { exit } t { print $3 }' "$work/triage.txt" >"$work/kinds"
	while read -r f; do
		n=$((n + 1))
		out/rcureplay --preset "$preset" --mode misuse --minimize "$f" -o "$work/kind-$n.min" >"$work/kind-$n.txt"
		echo "== kind $n ($work/kind-$n.min): $(out/rcureplay --preset "$preset" --mode misuse "$work/kind-$n.min" 2>&1 | sed -n 's/^SUMMARY: //p')"
		grep -v '^#' "$work/kind-$n.txt"
	done <"$work/kinds"
else
	echo "== $preset: first report after at most ${took}s (${execs:-?} execs; CPU user/sys $cpu): $summary"
fi
out/rcureplay --preset "$preset" --mode misuse --minimize "$crash" -o "$work/first.min" >"$work/first.min.txt"
echo "== minimized ($work/first.min): keep it as corpus/experiments/$cure.scn with its expect line"
cat "$work/first.min.txt"
echo "== replay: out/rcureplay --preset $preset --mode misuse $work/first.min"
echo "== page:   out/rcureplay --preset $preset --mode misuse --html $work/first.html $work/first.min"
