#!/bin/sh
# Minimizer benchmark: for each buggy preset, libFuzzer (plain build, seed 1)
# fuzzes from an empty corpus to its first crash; then rcureplay --minimize
# and libFuzzer's own -minimize_crash=1 (given the same time cap) shrink that
# crash.  Events left (input records, as rcureplay --text counts them), time
# taken, and whether the SUMMARY line stayed the same.  Never part of the
# tests.  Writes a markdown table to bench/results/.
#   bench/minimize-bench.sh [-c FUZZ_CAP_SECONDS] [-m LIBFUZZER_MINIMIZE_SECONDS] [-p "PRESET ..."]
set -eu
cd "$(dirname "$0")/.." || exit 2
cap=60
mincap=30
presets="v3.0-rc7 revert-sched_fully_active revert-exp_unlock_before_wake revert-boosted_field revert-unlock_nesting_guard revert-ipi_irq_enter revert-softirq_exclusion revert-sighand_irq_order"
usage() {
	echo "rcufuzz: minimize-bench: $1 (usage: bench/minimize-bench.sh [-c CAP] [-m SECONDS] [-p PRESETS])" >&2
	exit 2
}
while getopts c:m:p:h opt; do
	case $opt in
	c) cap=$OPTARG ;;
	m) mincap=$OPTARG ;;
	p) presets=$OPTARG ;;
	*) usage "bad flag" ;;
	esac
done
case $cap$mincap in
*[!0-9]* | '') usage "caps are numbers of seconds" ;;
esac
make -s fuzzers-plain out/rcureplay >/dev/null
mkdir -p bench/results
res=bench/results/minimize-$(date +%Y-%m-%d).md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Input records in a file (the text scenario's lines but the topology).
events() {
	./out/rcureplay --text "$1" | grep -vc '^topology'
}
# The SUMMARY of a run: preset, file.
summary() {
	./out/rcureplay --preset "$1" "$2" 2>&1 | sed -n 's/^SUMMARY: //p'
}
# Seconds from $1 to $2 (date +%s.%N), one decimal.
secs() {
	echo "$2 - $1" | bc | awk '{ printf "%.1f", $1 }'
}
# "same" if file $2 under preset $1 has the SUMMARY $want, else "CHANGED".
same() {
	if [ "$(summary "$1" "$2")" = "$want" ]; then
		echo same
	else
		echo CHANGED
	fi
}
{
	echo "# Minimizer: rcureplay --minimize against libFuzzer -minimize_crash, $(date +%Y-%m-%d)"
	echo
	echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')."
	echo "The crash: libFuzzer's first, from an empty corpus (seed 1, cap ${cap}s). libFuzzer -minimize_crash=1 gets ${mincap}s."
	echo "Events: input records left (\`rcureplay --text\`, topology line not counted). Same: the SUMMARY line is unchanged."
	echo
	echo "| preset | crash events | rcureplay --minimize events (s, same) | libFuzzer -minimize_crash events (s, same) |"
	echo "|---|---|---|---|"
} > "$res"
# $presets is a list: split on purpose.
for p in $presets; do
	name=$(echo "$p" | tr .+ __)_fuzzer
	d=$tmp/$p
	mkdir -p "$d/c" "$d/x"
	"out/plain/$name" -seed=1 -max_len=1024 -len_control=0 -max_total_time="$cap" \
		-artifact_prefix="$d/x/" "$d/c" >/dev/null 2>&1 || true
	crash=
	for f in "$d"/x/crash-*; do
		if [ -e "$f" ]; then
			crash=$f
			break
		fi
	done
	if [ -z "$crash" ]; then
		echo "| $p | no crash in ${cap}s | | |" | tee -a "$res"
		continue
	fi
	want=$(summary "$p" "$crash")
	s=$(date +%s.%N)
	./out/rcureplay --preset "$p" --minimize "$crash" -o "$d/ours" >/dev/null 2>&1 || true
	e=$(date +%s.%N)
	ours="$(events "$d/ours") ($(secs "$s" "$e") s, $(same "$p" "$d/ours"))"
	s=$(date +%s.%N)
	"out/plain/$name" -minimize_crash=1 -max_total_time="$mincap" -exact_artifact_path="$d/lf" \
		"$crash" >/dev/null 2>&1 || true
	e=$(date +%s.%N)
	if [ -s "$d/lf" ]; then
		lf="$(events "$d/lf") ($(secs "$s" "$e") s, $(same "$p" "$d/lf"))"
	else
		lf="no output"
	fi
	echo "| $p | $(events "$crash") | $ours | $lf |" | tee -a "$res"
done
echo "== $res"
