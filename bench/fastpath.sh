#!/bin/sh
# What each cure costs on the scheduler's fast paths, in simulated steps per
# call of schedule() and try_to_wake_up() (out/bench/fastpath), in strict and
# misuse mode.  Never part of the tests.  Writes bench/results/fastpath-DATE.md.
#   bench/fastpath.sh [INPUTS]       (default 10000)
set -eu
cd "$(dirname "$0")/.." || exit 2
inputs=${1:-10000}
case $inputs in
'' | *[!0-9]*) echo "rcufuzz: fastpath.sh: $inputs: not a number of inputs" >&2 && exit 2 ;;
esac
make -s out/bench/fastpath
mkdir -p bench/results
date=$(date +%Y-%m-%d)
res=bench/results/fastpath-$date.md
{
	echo "# The cures' cost on the scheduler's fast paths, $date"
	echo
	echo "Command: \`bench/fastpath.sh $inputs\` (\`out/bench/fastpath $inputs strict\`, then \`misuse\`)."
	echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); the counts are"
	echo "simulated steps, the same on any machine (the runs are deterministic)."
	echo
	echo "A step is a CPU's resumption up to its next preemption point. Steps per call count"
	echo "those that end inside the call, not in an interrupt on top of it, not spinning on a"
	echo "lock; steps/input counts every step of a run (the drain included)."
	for mode in strict misuse; do
		echo
		echo "## $mode mode"
		echo
		out/bench/fastpath "$inputs" "$mode" | tail -n +3
	done
} >"$res"
echo "bench/fastpath.sh: wrote $res"
cat "$res"
