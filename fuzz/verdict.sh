#!/bin/sh
# A verdict in CPU time: fuzz one target with the default engine (the plain
# build with the schedule-aware mutator, out/plain/mut/), libFuzzer
# -fork=1 -ignore_crashes=1 at nice 10, until the first report or until the
# fuzzer and its fork-mode children have used SECONDS of CPU (sampled from
# /proc every 10 s: on a shared machine wall time says little); then
# minimize the report.
#   fuzz/verdict.sh [-t SECONDS] [-a] CURE          preset misuse+CURE
#   fuzz/verdict.sh [-t SECONDS] [-a] -p PRESET [-m strict|misuse]
# (default 3600 s: one CPU-hour).  A cure (docs/experiments.md) runs in misuse
# mode, its report kept as corpus/experiments/CURE.scn; -p fuzzes any preset,
# in misuse mode only those `make fuzzers-misuse` builds (v3.0, tiny-v3.0).
#   -a   go on past reports for the whole time, then group them (triage) and
#        minimize the smallest input of each group
# The target, its dictionary and seeds are copied into the work directory
# first, so rebuilding the tree cannot change a campaign under way.
# Exit 0: a report; 1: none in the time (the verdict holds for that long);
# 2: bad usage.
set -eu
cd "$(dirname "$0")/.." || exit 2
seconds=3600
all=
preset=
mode=
usage="usage: fuzz/verdict.sh [-t SECONDS] [-a] CURE | [-t SECONDS] [-a] -p PRESET [-m strict|misuse]"
die() {
	echo "rcufuzz: verdict: $1" >&2
	exit 2
}
while getopts t:ap:m:h opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	a) all=1 ;;
	p) preset=$OPTARG ;;
	m) mode=$OPTARG ;;
	*) die "$usage" ;;
	esac
done
shift $((OPTIND - 1))
case $seconds in
'' | *[!0-9]*) die "$seconds: not a number of seconds" ;;
esac
make -s out/rcureplay >/dev/null
if [ -z "$preset" ]; then
	if [ $# -ne 1 ] || [ -n "$mode" ]; then die "$usage"; fi
	cure=$1
	preset=misuse+$cure
	mode=misuse
	out/rcureplay --list-presets | grep -q "^$preset " || die "$cure: no CURE switch of that name (see out/rcureplay --list-switches)"
	label=$cure
else
	[ $# -eq 0 ] || die "$usage"
	cure=
	mode=${mode:-strict}
	out/rcureplay --list-presets | grep -q "^$preset " || die "$preset: no such preset (see out/rcureplay --list-presets)"
	label=$preset
	[ "$mode" = strict ] || label=$preset-$mode
fi
name=$(echo "$preset" | tr .+ __)_fuzzer
case $mode in
strict) bin=out/plain/mut/$name dict=out/$name.dict ;; # the default engine: the mutator
misuse)
	case $preset in
	misuse+*) bin=out/plain/mut/$name dict=out/$name.dict ;;
	v3.0 | tiny-v3.0) bin=out/plain/misuse/$name dict=out/rcufuzz-misuse.dict ;;
	*) die "$preset: no misuse-mode build (fuzz/fuzz.mk MISUSE_MODE_PRESETS)" ;;
	esac
	;;
*) die "$mode: not strict or misuse" ;;
esac
make -s "$bin" "$dict" "out/${name}_seed_corpus"

work=fuzz/work/verdict-$label
rm -rf "$work"
mkdir -p "$work/corpus" "$work/crashes"
cp "$bin" "$work/fuzzer"
cp "$dict" "$work/fuzzer.dict"
cp "out/${name}_seed_corpus/"* "$work/corpus/" 2>/dev/null || true
replay() {
	out/rcureplay --preset "$preset" --mode "$mode" "$@"
}
echo "== $preset ($mode mode): fuzzing for at most ${seconds} CPU-seconds (the default engine: plain build with the mutator, -fork=1 -ignore_crashes=1, nice 10)"
start=$(date +%s)
# the wall-time cap is only a backstop: the CPU cap below ends the run;
# -symbolize=0: our report is the text, llvm-symbolizer per crash only costs
nice -n 10 "$work/fuzzer" -fork=1 -ignore_crashes=1 -symbolize=0 -dict="$work/fuzzer.dict" -max_len=1024 \
	-len_control=0 -max_total_time=$((seconds * 20)) -artifact_prefix="$work/crashes/" "$work/corpus" \
	>"$work/libfuzzer.log" 2>&1 &
pid=$!
hz=$(getconf CLK_TCK)
# The fuzzer and every process under it (fork mode runs each job as
# `sh -c fuzzer ...`), by their ids.
tree() {
	echo "$1"
	for c in $(pgrep -P "$1" || true); do
		tree "$c"
	done
}
# CPU seconds of the fuzzer's tree: /proc/PID/stat fields 14-17 (utime stime
# cutime cstime) of each, the reaped children's in their parent's
cpu_now() {
	for p in $(tree "$pid"); do
		# the command name (field 2) may hold spaces: cut after its ')'
		sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null || true
	done | awk -v hz="$hz" '{ t += $12 + $13 + $14 + $15 } END { printf "%d\n", t / hz }'
}
# the oldest report libFuzzer wrote
first() {
	# shellcheck disable=SC2012 # names are libFuzzer's crash-<sha1>
	ls -tr "$work"/crashes 2>/dev/null | sed -n "1s|^|$work/crashes/|p"
}
stop() {
	# shellcheck disable=SC2046 # one id per word
	kill $(tree "$pid") 2>/dev/null || true
}
trap 'stop' INT TERM
cpu=0
while kill -0 "$pid" 2>/dev/null; do
	sleep 10
	c=$(cpu_now)
	[ "$c" -lt "$cpu" ] || cpu=$c
	line=$(grep -E '^#[0-9]+' "$work/libfuzzer.log" | tail -1 || true)
	echo "   $(($(date +%s) - start))s wall, ${cpu}s CPU  ${line:-starting}"
	if [ "$cpu" -ge "$seconds" ] || { [ -z "$all" ] && [ -n "$(first)" ]; }; then
		stop
		break
	fi
done
wait "$pid" 2>/dev/null || true
took=$(($(date +%s) - start))
echo "$cpu" >"$work/cpu-seconds"
execs=$(grep -E '^#[0-9]+' "$work/libfuzzer.log" | tail -1 | sed 's/^#\([0-9]*\).*/\1/')
crash=$(first)
if [ -z "$crash" ]; then
	echo "== $preset ($mode): no report in ${cpu} CPU-seconds, ${took}s wall (${execs:-0} execs): the verdict holds for that long"
	exit 1
fi
summary=$(replay "$crash" 2>&1 | sed -n 's/^SUMMARY: //p')
if [ -n "$all" ]; then
	echo "== $preset ($mode): reports in ${cpu} CPU-seconds, ${took}s wall (${execs:-?} execs), first: $summary"
	replay --triage "$work/crashes" >"$work/triage.txt" || true
	sed -n '1,/^$/p;/^ count/,/^$/p' "$work/triage.txt"
	# Each kind of report, its smallest input minimized.
	n=0
	awk '/^ count/ { t = 1; next } t && NF == 0 { exit } t { print $3 }' "$work/triage.txt" >"$work/kinds"
	while read -r f; do
		n=$((n + 1))
		replay --minimize "$f" -o "$work/kind-$n.min" >"$work/kind-$n.txt"
		echo "== kind $n ($work/kind-$n.min): $(replay "$work/kind-$n.min" 2>&1 | sed -n 's/^SUMMARY: //p')"
		grep -v '^#' "$work/kind-$n.txt"
	done <"$work/kinds"
else
	echo "== $preset ($mode): first report after at most ${cpu} CPU-seconds, ${took}s wall (${execs:-?} execs): $summary"
fi
replay --minimize "$crash" -o "$work/first.min" >"$work/first.min.txt"
if [ -n "$cure" ]; then
	echo "== minimized ($work/first.min): keep it as corpus/experiments/$cure.scn with its expect line"
else
	echo "== minimized ($work/first.min): a model bug (a regression scenario) or a finding (corpus/findings/)"
fi
cat "$work/first.min.txt"
echo "== replay: out/rcureplay --preset $preset --mode $mode $work/first.min"
echo "== page:   out/rcureplay --preset $preset --mode $mode --html $work/first.html $work/first.min"
