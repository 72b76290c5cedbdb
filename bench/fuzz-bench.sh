#!/bin/sh
# Time to first crash, from an empty corpus (one empty input; one zero byte
# for AFL++, which refuses empty files), per preset and
# mode, over several seeds; and exec/s per target build on 256-byte inputs.
# Never part of the tests.  Writes a markdown table to bench/results/.
#   bench/fuzz-bench.sh [-c CAP_SECONDS] [-s SEEDS] [-p "PRESET ..."] [-m "MODE ..."]
#                       [-E] [-o RESULT.md]
# -E: the exec/s table only.
# Modes: feedback (libFuzzer, interleaving feedback), edges (libFuzzer, edge
# coverage only), afl (AFL++), blind (random inputs, no feedback).
set -eu
cd "$(dirname "$0")/.." || exit 2
cap=60
seeds=5
modes="feedback edges afl blind"
ttf=1
res=
presets="v3.0-rc7 revert-sched_fully_active revert-exp_unlock_before_wake revert-boosted_field revert-unlock_nesting_guard revert-ipi_irq_enter revert-softirq_exclusion revert-sighand_irq_order"
usage() {
	echo "rcufuzz: fuzz-bench: $1 (usage: bench/fuzz-bench.sh [-c CAP] [-s SEEDS] [-p PRESETS] [-m MODES] [-E] [-o FILE])" >&2
	exit 2
}
while getopts c:s:p:m:Eo:h opt; do
	case $opt in
	c) cap=$OPTARG ;;
	s) seeds=$OPTARG ;;
	p) presets=$OPTARG ;;
	m) modes=$OPTARG ;;
	E) ttf=0 ;;
	o) res=$OPTARG ;;
	*) usage "bad flag" ;;
	esac
done
case $cap$seeds in
*[!0-9]* | '') usage "cap and seeds are numbers" ;;
esac
make -s fuzzers fuzzers-plain afl out/bench/blind >/dev/null
mkdir -p bench/results
date=$(date +%Y-%m-%d)
res=${res:-bench/results/fuzz-$date.md}
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. bench/ttf.sh

if [ "$ttf" = 0 ]; then
	printf "# Fuzz targets, exec/s, %s\n\nMachine: %s.\n" "$date" "$machine" >"$res"
else
	{
		echo "# Time to first crash, $date"
		echo
		echo "Machine: $machine; one core per run; cap ${cap}s; $seeds seeds; empty starting corpus."
		echo "A run that finds nothing within the cap counts as the cap for the median (so a median equal to the cap means fewer than half found)."
		echo
		printf '| preset |'
		for m in $modes; do
			printf ' %s median s (found) |' "$m"
		done
		echo
		printf '|---|'
		for m in $modes; do
			printf -- '---|'
		done
		echo
	} >"$res"
	# $presets and $modes are lists: split on purpose.
	for p in $presets; do
		line="| $p |"
		for m in $modes; do
			found=0
			: >"$tmp/times"
			for s in $(seq 1 "$seeds"); do
				t=$(run "$m" "$p" "$s")
				if [ "$t" = - ]; then
					t=$cap
				else
					found=$((found + 1))
				fi
				echo "$t" >>"$tmp/times"
			done
			line="$line $(median <"$tmp/times") ($found/$seeds) |"
		done
		echo "$line" | tee -a "$res"
	done
fi
{
	echo
	echo "## exec/s, inputs up to 256 bytes"
	echo
	echo "Start: 200 random 256-byte inputs, those that run clean on the preset. libFuzzer: 20,000 runs"
	echo "(-max_len=256 -len_control=0, seed 1), executions over wall time; \\* = the run stopped at a crash"
	echo "after that many executions (the rate then includes start-up). AFL++: afl-fuzz's execs_per_sec after 10 s."
	echo
	echo '| target | plain libFuzzer | libFuzzer+ASan+UBSan | AFL++ |'
	echo '|---|---|---|---|'
} >>"$res"
mkdir -p "$tmp/r"
i=0
while [ "$i" -lt 200 ]; do
	head -c 256 /dev/urandom >"$tmp/r/$i"
	i=$((i + 1))
done
# libFuzzer's executions a second on a corpus: binary, corpus.  libFuzzer
# writes into its corpus, so each run gets a fresh copy.
lf_rate() {
	rm -rf "$tmp/lf"
	cp -r "$2" "$tmp/lf"
	s=$(date +%s.%N)
	n=$("$1" -runs=20000 -max_len=256 -len_control=0 -seed=1 -print_final_stats=1 \
		-artifact_prefix="$tmp/" "$tmp/lf" 2>&1 | awk '/number_of_executed_units/ { print $2 }')
	e=$(date +%s.%N)
	rate=$(echo "${n:-0} / ($e - $s)" | bc)
	if [ "${n:-0}" -lt 20000 ]; then
		echo "$rate \\* ${n:-0}"
	else
		echo "$rate"
	fi
}
# AFL++'s own execs_per_sec after 10 s: binary, corpus.
afl_rate() {
	AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
		timeout 30 afl-fuzz -s 1 -i "$2" -o "$tmp/afl-rate" -V 10 -- "$1" >/dev/null 2>&1 || true
	awk -F: '/^execs_per_sec/ { printf "%d\n", $2 }' "$tmp/afl-rate/default/fuzzer_stats"
	rm -rf "$tmp/afl-rate"
}
seen=
for p in v3.0-rc7 v3.0 $presets; do
	case " $seen " in
	*" $p "*) continue ;;
	esac
	seen="$seen $p"
	name=$(echo "$p" | tr .+ __)_fuzzer
	rm -rf "$tmp/clean"
	mkdir -p "$tmp/clean"
	for f in "$tmp"/r/*; do
		if "out/plain/$name" "$f" >/dev/null 2>&1; then
			cp "$f" "$tmp/clean/"
		fi
	done
	echo "| $name | $(lf_rate "out/plain/$name" "$tmp/clean") | $(lf_rate "out/$name" "$tmp/clean") | $(afl_rate "out/afl/$name" "$tmp/clean") |" >>"$res"
done
echo "== $res"
cat "$res"
