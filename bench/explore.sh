#!/usr/bin/env bash
# bench/explore.sh: bounded exploration (rcureplay --explore, docs/exploring.md)
# measured: each zoo bug's injected preset explored from its harness (schedules
# and seconds to the first report, beside Nidhugg's times), Nidhugg's harness
# on v3.0 to a bound, every harness on v3.0-patched to a bound, the
# findings' presets from the harnesses of their shape, with every kind of
# preemption and with parks only.  Writes a markdown table.
#
#   bench/explore.sh [-j JOBS] [-c CAP] [-F] [-o OUT.md]
#
# -j: --jobs of every exploration (default 2); -c: seconds each exploration
# may take (default 120); -F: the findings' section only; -o: the results
# file (default
# bench/results/explore-<date>.md).  Needs out/rcureplay (make).  A report on
# v3.0-patched is news: its minimized scenario is kept beside the results
# (explore-patched-<harness>.scn) and named in the table.
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2

jobs=2
cap=120
findings_only=0
args=$*
out=bench/results/explore-$(date -u +%Y-%m-%d).md
while getopts "j:c:Fo:" opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	c) cap=$OPTARG ;;
	F) findings_only=1 ;;
	o) out=$OPTARG ;;
	*)
		echo "rcufuzz: bench/explore.sh: usage: bench/explore.sh [-j JOBS] [-c CAP] [-F] [-o OUT.md]" >&2
		exit 2
		;;
	esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# explore PRESET HARNESS BOUND [RELEASE [FLAG]]: one exploration, capped;
# sets $verdict (the verdict line, or "stopped at the cap"), $secs, $rc (0
# clean, 1 report, 124 the cap) and keeps its stdout as $tmp/last.
explore() {
	local s e
	s=$(date +%s.%N)
	rc=0
	timeout "$cap" out/rcureplay --preset "$1" --explore --preemptions "$3" --jobs "$jobs" \
		--release "${4:-early}" ${5:+"$5"} -o "$tmp/report" "$2" >"$tmp/last" \
		2>"$tmp/progress" || rc=$?
	e=$(date +%s.%N)
	secs=$(printf '%.2f' "$(echo "$e - $s" | bc)")
	if [ "$rc" = 124 ]; then
		verdict="stopped at the ${cap} s cap: $(tail -n 1 "$tmp/progress")"
	else
		verdict=$(head -n 1 "$tmp/last")
	fi
}

# A zoo scenario's workload as a harness: its lines less the schedule's.
zoo_workload() {
	grep -E '^(mode|lockdep|config|topology|work|boot_end)' "corpus/zoo/$1.scn" |
		sed 's/#.*//' >"$tmp/$1.scn"
	echo "$tmp/$1.scn"
}

{
	echo "# Bounded exploration (rcureplay --explore)"
	echo
	echo "Command: \`bench/explore.sh $args\`, $(date -u '+%Y-%m-%d %H:%M UTC'),"
	echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- || echo ' plus uncommitted changes'), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')),"
	echo "--jobs $jobs, each exploration capped at $cap s; seconds are wall-clock, minimizing"
	echo "a report included."
} >"$out"

if [ "$findings_only" = 0 ]; then
{
	echo
	echo "## Zoo bugs: the injected preset explored from its harness"
	echo
	echo "Bound 3; the first report's schedules (run or cut short) and wall seconds, with"
	echo "minimizing; Nidhugg's published time (SPIN'17 draft, Core 2 Duo) and, where known,"
	echo "measured on this machine (research/deep-bugs.md, research/search-anchors.md)."
	echo
	echo "| bug | harness | verdict | seconds | Nidhugg published | Nidhugg here |"
	echo "|---|---|---|---|---|---|"
} >>"$out"

# bug harness published here
while read -r bug harness published here; do
	case $harness in
	zoo)
		h=$(zoo_workload "$bug")
		label="corpus/zoo/$bug.scn's work lines"
		;;
	*)
		h=corpus/harness/$harness.scn
		label=$harness
		;;
	esac
	explore "inject-$bug" "$h" 3
	echo "| $bug | $label | $verdict | $secs | $published | $here |" >>"$out"
done <<'EOF'
ff1 zoo 3.52 -
ff2 reader-sync 0.55 -
ff3 reader-sync 48.9 -
ff4 callback-dyntick 2.03 1.01
ff5 reader-sync 87.27 -
ff6 reader-sync 1.66 -
lc1 reader-sync 36.22 -
lc2 reader-sync 71.00 -
lc3 reader-sync 39.33 -
gpend zoo 0.56 -
338b0f760e84 hotplug-expedited - -
a77da14ce9af zoo - -
ec2c29765a4a zoo - -
EOF

{
	echo
	echo "## Nidhugg's harness on v3.0"
	echo
	echo "Nidhugg verifies its harness on 3.0 in 333 s on this machine (385 s published)."
	echo
	echo "| harness | bound | verdict | seconds |"
	echo "|---|---|---|---|"
} >>"$out"
for b in 3 4; do
	explore v3.0 corpus/harness/reader-sync.scn "$b"
	echo "| reader-sync | $b | $verdict | $secs |" >>"$out"
done

{
	echo
	echo "## Every harness on v3.0-patched"
	echo
	echo "| harness | bound | verdict | seconds |"
	echo "|---|---|---|---|"
} >>"$out"
for h in corpus/harness/*.scn; do
	name=$(basename "$h" .scn)
	# Bound 3 where the harness is small, 2 for the three- and four-CPU hotplug ones.
	b=3
	case $name in hotplug-two-readers | hotplug-boost | hotplug-boost-expedited* | boost-two-readers | cbmc-readers-sync) b=2 ;; esac
	explore v3.0-patched "$h" "$b"
	if [ "$rc" = 1 ]; then
		cp "$tmp/last" "$(dirname "$out")/explore-patched-$name.scn.txt"
		verdict="**a report**: $verdict (explore-patched-$name.scn.txt)"
	fi
	echo "| $name | $b | $verdict | $secs |" >>"$out"
done
fi

{
	echo
	echo "## The findings' presets from the harnesses"
	echo
	echo "Bound 2; each finding from the harnesses whose shape it needs, until one reports;"
	echo "a harness written NAME@late is explored with --release late; each with every"
	echo "kind of preemption (resched, park, switch) and with --parks-only."
	echo
	echo "| finding | harness | release | preemptions | bound | verdict | seconds |"
	echo "|---|---|---|---|---|---|---|"
} >>"$out"
# finding harness[@late]...
while read -r f harnesses; do
	for kinds in any parks; do
		flag=
		[ "$kinds" = parks ] && flag=--parks-only
		for h in $harnesses; do
			name=${h%@late} release=early
			[ "$name" != "$h" ] && release=late
			explore "finding-$f" "corpus/harness/$name.scn" 2 "$release" "$flag"
			echo "| $f | $name | $release | $kinds | 2 | $verdict | $secs |" >>"$out"
			[ "$rc" = 1 ] && break
		done
	done
done <<'EOF'
offline-reverses-blocked-tasks hotplug-two-readers hotplug-gp
offline-qs-before-play-dead hotplug-late-callback hotplug-gp hotplug-online
offline-stale-boost-tasks hotplug-reader-outlives hotplug-boost hotplug-boost-expedited
boost-twice-after-offline hotplug-boost-expedited-outlives@late hotplug-boost-expedited hotplug-boost
unlock-stale-exp-report readers-expedited-tree
idle-notifier-in-dyntick-idle callback-dyntick
EOF
echo "wrote $out"
