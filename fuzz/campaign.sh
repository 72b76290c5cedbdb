#!/bin/sh
# Run a fuzz campaign until the first crash or a time cap, on N cores.
#   fuzz/campaign.sh [-e libfuzzer|afl] [-p PRESET] [-t SECONDS] [-j CORES] [-o DIR]
# libFuzzer: one process, or -fork=N; AFL++: one -M main and N-1 -S secondaries.
# Prints progress (execs, coverage, corpus, crashes) every few seconds; the
# crashes land in DIR/crashes.  Exit 0 with a crash, 1 without, 2 on bad usage.
set -eu
cd "$(dirname "$0")/.."
engine=libfuzzer preset=v3.0-rc7 seconds=60 jobs=1 dir=
usage() { echo "rcufuzz: campaign: $1 (usage: fuzz/campaign.sh [-e libfuzzer|afl] [-p PRESET] [-t SECONDS] [-j CORES] [-o DIR])" >&2; exit 2; }
while getopts e:p:t:j:o:h opt; do
	case $opt in
	e) engine=$OPTARG ;; p) preset=$OPTARG ;; t) seconds=$OPTARG ;;
	j) jobs=$OPTARG ;; o) dir=$OPTARG ;; *) usage "bad flag" ;;
	esac
done
case $engine in libfuzzer|afl) ;; *) usage "engine $engine is not libfuzzer or afl" ;; esac
case $seconds$jobs in *[!0-9]*|'') usage "seconds and cores are numbers" ;; esac
[ "$jobs" -ge 1 ] || usage "at least one core"
name=$(echo "$preset" | tr . _)_fuzzer
dir=${dir:-fuzz/work/$engine-$preset}
if [ $engine = afl ]; then bin=out/afl/$name; else bin=out/$name; fi
[ -x "$bin" ] || usage "$bin is not built (make, or make afl)"
rm -rf "$dir"; mkdir -p "$dir/corpus" "$dir/crashes"
cp out/${name}_seed_corpus/* "$dir/corpus/" 2>/dev/null || true
start=$(date +%s)
if [ $engine = libfuzzer ]; then
	fork=; [ "$jobs" -gt 1 ] && fork=-fork=$jobs
	"$bin" $fork -dict=out/$name.dict -max_len=1024 -len_control=0 -max_total_time="$seconds" \
		-artifact_prefix="$dir/crashes/" "$dir/corpus" >"$dir/log" 2>&1 &
	pids=$!
else
	export AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_BENCH_UNTIL_CRASH=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
	mkdir -p "$dir/afl"
	afl-fuzz -i "$dir/corpus" -o "$dir/afl" -x out/$name.dict -M main -V "$seconds" -- "$bin" >"$dir/log" 2>&1 &
	pids=$!
	i=1
	while [ $i -lt "$jobs" ]; do
		afl-fuzz -i "$dir/corpus" -o "$dir/afl" -x out/$name.dict -S s$i -V "$seconds" -- "$bin" >"$dir/log.s$i" 2>&1 &
		pids="$pids $!"; i=$((i + 1))
	done
fi
crashes() {
	if [ $engine = libfuzzer ]; then ls "$dir"/crashes/ 2>/dev/null | grep -c . || true
	else ls "$dir"/afl/*/crashes/id:* 2>/dev/null | grep -c . || true; fi
}
running() { for p in $pids; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
while running; do
	sleep 3
	t=$(( $(date +%s) - start ))
	if [ $engine = libfuzzer ]; then
		s=$(grep -E '^#[0-9]+' "$dir/log" | tail -1 | sed 's/^#\([0-9]*\).*cov: \([0-9]*\).*corp: \([0-9]*\).*exec\/s: \([0-9]*\).*/execs \1  cov \2  corpus \3  exec\/s \4/')
	else
		s=$(awk '/execs_done|edges_found|corpus_count|execs_per_sec/ {printf "%s %s  ", $1, $3}' "$dir"/afl/main/fuzzer_stats 2>/dev/null)
	fi
	echo "  ${t}s  ${s:-starting}  crashes $(crashes)"
	if [ "$(crashes)" -gt 0 ]; then
		for p in $pids; do kill "$p" 2>/dev/null || true; done
	fi
done
wait 2>/dev/null || true
[ $engine = afl ] && cp "$dir"/afl/*/crashes/id:* "$dir/crashes/" 2>/dev/null || true
n=$(ls "$dir/crashes" | grep -c . || true)
echo "== $engine $preset: $n crash(es) in $(( $(date +%s) - start ))s, in $dir/crashes"
[ "$n" -gt 0 ] && out/rcureplay --preset "$preset" --triage "$dir/crashes" | sed -n '1,12p'
[ "$n" -gt 0 ]
