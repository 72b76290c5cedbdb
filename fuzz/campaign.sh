#!/bin/sh
# Run a fuzz campaign until the first crash or a time cap, on N cores.
#   fuzz/campaign.sh [-e libfuzzer|afl] [-p PRESET] [-t SECONDS] [-j CORES] [-o DIR]
# libFuzzer: one process, or -fork=N; AFL++: one -M main and N-1 -S secondaries,
# with the schedule-aware mutator library beside its havoc (make afl builds it).
# Prints progress (execs, coverage, corpus, crashes) every few seconds; the
# crashes land in DIR/crashes.  Exit 0 with a crash, 1 without, 2 on bad usage.
set -eu
cd "$(dirname "$0")/.." || exit 2
engine=libfuzzer
preset=v3.0-rc7
seconds=60
jobs=1
dir=
usage() {
	echo "rcufuzz: campaign: $1 (usage: fuzz/campaign.sh [-e libfuzzer|afl] [-p PRESET] [-t SECONDS] [-j CORES] [-o DIR])" >&2
	exit 2
}
while getopts e:p:t:j:o:h opt; do
	case $opt in
	e) engine=$OPTARG ;;
	p) preset=$OPTARG ;;
	t) seconds=$OPTARG ;;
	j) jobs=$OPTARG ;;
	o) dir=$OPTARG ;;
	*) usage "bad flag" ;;
	esac
done
case $engine in
libfuzzer | afl) ;;
*) usage "engine $engine is not libfuzzer or afl" ;;
esac
case $seconds$jobs in
*[!0-9]* | '') usage "seconds and cores are numbers" ;;
esac
[ "$jobs" -ge 1 ] || usage "at least one core"
name=$(echo "$preset" | tr .+ __)_fuzzer
dict=out/$name.dict
dir=${dir:-fuzz/work/$engine-$preset}
if [ "$engine" = afl ]; then
	bin=out/afl/$name
	[ -f out/afl/rcufuzz-mutator.so ] || usage "out/afl/rcufuzz-mutator.so is not built (make afl)"
	# The library explores the harnesses under the target's preset (fuzz/afl_mutator.c).
	AFL_CUSTOM_MUTATOR_LIBRARY=$PWD/out/afl/rcufuzz-mutator.so RCUFUZZ_PRESET=$preset
	export AFL_CUSTOM_MUTATOR_LIBRARY RCUFUZZ_PRESET
else
	bin=out/$name
fi
[ -x "$bin" ] || usage "$bin is not built (make, or make afl)"
rm -rf "$dir"
mkdir -p "$dir/corpus" "$dir/crashes"
cp "out/${name}_seed_corpus/"* "$dir/corpus/" 2>/dev/null || true

# How many of the arguments name a file (a glob that matches nothing stays itself).
count() {
	n=0
	for f in "$@"; do
		if [ -e "$f" ]; then
			n=$((n + 1))
		fi
	done
	echo "$n"
}

start=$(date +%s)
if [ "$engine" = libfuzzer ]; then
	fork=
	if [ "$jobs" -gt 1 ]; then
		fork=-fork=$jobs
	fi
	# Each engine in its own process group (setsid), so that stopping it
	# reaches libFuzzer's -fork jobs, which are its grandchildren.
	setsid "$bin" ${fork:+"$fork"} -dict="$dict" -max_len=1024 -len_control=0 -max_total_time="$seconds" \
		-artifact_prefix="$dir/crashes/" "$dir/corpus" >"$dir/log" 2>&1 &
	pids=$!
else
	export AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_BENCH_UNTIL_CRASH=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
	mkdir -p "$dir/afl"
	setsid afl-fuzz -i "$dir/corpus" -o "$dir/afl" -x "$dict" -M main -V "$seconds" -- "$bin" >"$dir/log" 2>&1 &
	pids=$!
	i=1
	while [ "$i" -lt "$jobs" ]; do
		setsid afl-fuzz -i "$dir/corpus" -o "$dir/afl" -x "$dict" -S "s$i" -V "$seconds" -- "$bin" >"$dir/log.s$i" 2>&1 &
		pids="$pids $!"
		i=$((i + 1))
	done
fi
# The engines' process groups: on a crash found, and when this script is
# interrupted (setsid took them out of the terminal's group).
stop_engines() {
	for p in $pids; do
		kill -- "-$p" 2>/dev/null || true
	done
}
trap 'stop_engines; exit 130' INT TERM
crashes() {
	if [ "$engine" = libfuzzer ]; then
		count "$dir"/crashes/*
	else
		count "$dir"/afl/*/crashes/id:*
	fi
}
# $pids is a list of process ids: split on purpose.
running() {
	for p in $pids; do
		if kill -0 "$p" 2>/dev/null; then
			return 0
		fi
	done
	return 1
}
while running; do
	sleep 3
	t=$(($(date +%s) - start))
	if [ "$engine" = libfuzzer ]; then
		s=$(grep -E '^#[0-9]+' "$dir/log" | tail -1 | sed 's/^#\([0-9]*\).*cov: \([0-9]*\).*corp: \([0-9]*\).*exec\/s: \([0-9]*\).*/execs \1  cov \2  corpus \3  exec\/s \4/')
	else
		s=$(awk '/execs_done|edges_found|corpus_count|execs_per_sec/ {printf "%s %s  ", $1, $3}' "$dir"/afl/main/fuzzer_stats 2>/dev/null || true)
	fi
	n=$(crashes)
	echo "  ${t}s  ${s:-starting}  crashes $n"
	if [ "$n" -gt 0 ]; then
		stop_engines
	fi
done
wait 2>/dev/null || true
if [ "$engine" = afl ]; then
	cp "$dir"/afl/*/crashes/id:* "$dir/crashes/" 2>/dev/null || true
fi
n=$(count "$dir"/crashes/*)
echo "== $engine $preset: $n crash(es) in $(($(date +%s) - start))s, in $dir/crashes"
if [ "$n" -eq 0 ]; then
	exit 1
fi
out/rcureplay --preset "$preset" --triage "$dir/crashes" | sed -n '1,12p'
