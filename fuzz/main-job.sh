#!/bin/sh
# The main job (`make fuzz`): fuzz one preset from its seed corpus until the
# first crash (or a time cap), minimize the crash, print the report, the text
# schedule and the command that replays it.
#   fuzz/main-job.sh [PRESET [SECONDS]]        (default v3.0-rc7, 300)
set -eu
cd "$(dirname "$0")/.." || exit 2
preset=${1:-v3.0-rc7}
cap=${2:-300}
name=$(echo "$preset" | tr .+ __)_fuzzer
bin=out/$name
die() {
	echo "rcufuzz: $1" >&2
	exit 2
}
case $cap in
'' | *[!0-9]*) die "$cap: not a number of seconds" ;;
esac
[ -x "$bin" ] || die "$bin: not built (run make)"

work=fuzz/work/$preset
rm -rf "$work"
mkdir -p "$work/corpus" "$work/crashes"
cp "out/${name}_seed_corpus/"* "$work/corpus/" 2>/dev/null || true

echo "== fuzzing $preset for at most ${cap}s (libFuzzer + ASan + UBSan, interleaving feedback, the schedule-aware mutator)"
start=$(date +%s)
# libFuzzer stops at the first crash; its status lines show execs, coverage, corpus.
"$bin" -dict="out/$name.dict" -max_len=1024 -len_control=0 -max_total_time="$cap" -seed=1 \
	-print_final_stats=1 -artifact_prefix="$work/crashes/" "$work/corpus" \
	>"$work/libfuzzer.log" 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
	sleep 2
	line=$(grep -E '^#[0-9]+' "$work/libfuzzer.log" | tail -1 || true)
	if [ -n "$line" ]; then
		echo "   $(($(date +%s) - start))s  $line"
	fi
done
wait "$pid" || true
crash=
for f in "$work"/crashes/crash-*; do
	if [ -e "$f" ]; then
		crash=$f
		break
	fi
done
if [ -z "$crash" ]; then
	echo "== no crash in ${cap}s; libFuzzer's log: $work/libfuzzer.log"
	exit 1
fi
found=$(($(date +%s) - start))
summary=$(out/rcureplay --preset "$preset" "$crash" 2>&1 | sed -n 's/^SUMMARY: //p')
echo "== found in ${found}s: $summary"
echo "== minimizing $crash"
out/rcureplay --preset "$preset" --minimize "$crash" -o "$work/crash.min" >"$work/crash.min.txt"
head -1 "$work/crash.min.txt"
echo
echo "== the report"
out/rcureplay --preset "$preset" "$work/crash.min" 2>&1 || true
echo
echo "== the schedule (text scenario; rcureplay --compile turns it back into bytes)"
tail -n +2 "$work/crash.min.txt"
echo
echo "== replay it with:"
echo "   out/rcureplay --preset $preset $work/crash.min"
echo "   out/rcureplay --preset $preset --trace $work/crash.min    # step by step"
echo "   out/rcureplay --preset $preset --html $work/crash.html $work/crash.min    # as a page"
