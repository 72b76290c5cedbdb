#!/bin/sh
# The deep-bug zoo (issue 15): time to the first report of every injected bug
# (preset inject-<id>, fuzz/presets.sh) or, named finding-<name> in -b, of a
# 3.0 finding (preset finding-<name>: v3.0-patched less that finding's fix;
# the findings zoo of issue 27), per engine, over several seeds, one
# run on one core, -j runs at once from one queue (bench/zoo-run.sh; default 1,
# at most one per core; the runs go in -b's order, so name slow bugs first); from the
# shipped seed corpus (the clean scenarios, out/<target>_seed_corpus) or, with
# -E, from an empty one.  Never part of the tests.  Progress on stderr; the
# table to bench/results/.
#   bench/zoo.sh [-c CAP_SECONDS] [-s SEEDS] [-m "MODE ..."] [-b "ID ..."] [-j JOBS] [-C PINS] [-E] [-U] [-o RESULT.md]
# -U: every engine goes on past a report that the bug's base preset gives too
# (v3.0 for inject-<id>, v3.0-patched for finding-<name>): RCUFUZZ_UNLESS
# in the targets, rcusearch --unless.  Without it an inject-<id> run that
# meets one of 3.0's own findings first stops there, a miss ("N v3.0"); the
# better the search, the sooner it meets them.  Not with blind.
# With blind among the modes, a last column gives blind's median over the
# fastest guided engine's whose median is a find (below 1 where blind is
# faster; ">=" when blind's median is a miss, so the true ratio is larger;
# "-" when no guided median is a find; blind's 0.0 s taken as 0.05).
# A run counts as finding its bug when its first crash replays to a report of
# the class of corpus/zoo/<bug>.scn's expect line (its SUMMARY's first word:
# hang, rcu-guarantee, lockdep, ...) and replays clean on v3.0, without the
# injection; a crash of another class is a miss, shown as "N other" beside
# the count, and so is one that v3.0 gives too (one of 3.0's own reports
# met near the bug, such as a finding), "N v3.0".  A finding's run counts
# when its first crash replays clean on v3.0-patched, whatever its class
# (a finding has faces of several: docs/findings/); "N v3.0" then counts
# the runs whose first crash v3.0-patched gives too.  Both kinds are kept, in
# out/zoo-other/<result's name>/, and named in the progress lines.
# -C pins kernel config fields for every engine (RCUFUZZ_CONFIG, as
# rcureplay --config: "NR_CPUS=2"); -C study pins, per bug, the machine its
# study timed it on: two CPUs for the Nidhugg and CBMC bugs but FF6 (17 CPUs
# in Nidhugg, more than we have), nothing for the upstream re-injections.
# Defaults are the full protocol: -c 600 -s 5 -m "feedback edges afl blind",
# every injected bug.  A miss costs the whole cap, a find seconds: from the
# seed corpus with -j 2 the twelve bugs but 338b0f760e84 took 1 h 54 min,
# 100 min of it FF4's twenty misses (bench/results/zoo-full-2026-12-04.md); from an
# empty one, 2 h 3 min (zoo-empty-full-2026-12-05.md).  -m mutator adds the
# schedule-aware mutator (out/plain/mut/, fuzz/mutator.h), -m afl-mutator the
# same as AFL++'s custom mutator library (out/afl/rcufuzz-mutator.so), -m nostate our
# feedback without its RCU-state features (RCUFUZZ_RCU_STATE=0), -m mutator-stage
# the mutator with its exploration stage (RCUFUZZ_EXPLORE_STAGE=1, fuzz/neighbour.h),
# -m mutator-nowaypoints the mutator without its waypoint features (RCUFUZZ_WAYPOINTS=0),
# -m mutator-noexplore the mutator without its harness exploration
# (RCUFUZZ_HARNESS_EXPLORE=0, fuzz/harness_explore.h), -m mutator-cuts the
# mutator with the milestone's cut units (RCUFUZZ_MILESTONE_CUTS=1).
set -eu
cd "$(dirname "$0")/.." || exit 2
cap=600
seeds=5
modes="feedback edges afl blind"
bugs=$(sh fuzz/presets.sh | sed -n 's/^inject-//p')
empty=0
unless=0
jobs=1
pins=
res=
command="bench/zoo.sh $*"
usage() {
	echo "rcufuzz: zoo: $1 (usage: bench/zoo.sh [-c CAP] [-s SEEDS] [-m MODES] [-b IDS] [-j JOBS] [-C PINS] [-E] [-U] [-o FILE])" >&2
	exit 2
}
while getopts c:s:m:b:j:C:EUo:h opt; do
	case $opt in
	c) cap=$OPTARG ;;
	s) seeds=$OPTARG ;;
	m) modes=$OPTARG ;;
	b) bugs=$OPTARG ;;
	j) jobs=$OPTARG ;;
	C) pins=$OPTARG ;;
	E) empty=1 ;;
	U) unless=1 ;;
	o) res=$OPTARG ;;
	*) usage "bad flag" ;;
	esac
done
case $cap$seeds$jobs in
*[!0-9]* | '') usage "cap, seeds and jobs are numbers" ;;
esac
[ "$jobs" -ge 1 ] || usage "jobs: at least 1"
# $modes and $bugs are lists: split on purpose.
for m in $modes; do
	case $m in
	feedback | nostate | edges | mutator | mutator-nostate | mutator-stage | mutator-nowaypoints | mutator-noexplore | mutator-cuts | afl | afl-mutator | blind | search) ;;
	*) usage "$m: modes are feedback, nostate, edges, mutator, mutator-nostate, mutator-stage, mutator-nowaypoints, mutator-noexplore, mutator-cuts, afl, afl-mutator, blind, search" ;;
	esac
	[ "$unless" = 0 ] || [ "$m" != blind ] || usage "-U: blind random has no way past a report"
done
targets="out/rcureplay out/bench/blind out/rcusearch"
# zoo_preset, zoo_scenario; run() once $tmp and $cap are set.
. bench/ttf.sh
for b in $bugs; do
	p=$(zoo_preset "$b")
	t=$(echo "$p" | tr .+ __)_fuzzer
	sh fuzz/presets.sh | grep -qx "$p" || usage "$b: no preset $p"
	for m in $modes; do
		case $m in
		feedback | nostate | edges) targets="$targets out/plain/$t" ;;
		mutator | mutator-nostate | mutator-stage | mutator-nowaypoints | mutator-noexplore | mutator-cuts) targets="$targets out/plain/mut/$t" ;;
		afl) targets="$targets out/afl/$t" ;;
		afl-mutator) targets="$targets out/afl/$t out/afl/rcufuzz-mutator.so" ;;
		esac
	done
	targets="$targets out/${t}_seed_corpus"
done
# shellcheck disable=SC2086 # a list of make targets
make -s $targets >/dev/null
# The ratio column (blind random's median over the fastest guided engine's)
# when blind and at least one guided engine run.
ratio_col=
case " $modes " in
*" blind "*)
	for m in $modes; do
		# rcusearch samples without feedback: not a guided engine.
		[ "$m" = blind ] || [ "$m" = search ] || ratio_col=1
	done
	;;
esac
# blind median $1 (censored: $2 = 1, blind's median is the cap), guided $3:
# "12.3x", ">= 17.2x" when blind's median is a miss, "-" without a guided time.
ratio() {
	awk -v b="$1" -v c="$2" -v g="$3" 'BEGIN {
		if (g == "" || g + 0 <= 0) { print "-"; exit }
		r = (b + 0 < 0.05 ? 0.05 : b) / g
		printf "%s%.2gx\n", c == 1 ? ">= " : "", r }'
}
# The pins of bug $1's runs.
pins_of() {
	if [ "$pins" = study ]; then
		case $1 in
		ff1 | ff2 | ff3 | ff4 | ff5 | lc1 | lc2 | lc3 | gpend) echo NR_CPUS=2 ;;
		esac
	else
		echo "$pins"
	fi
}
if [ -n "$pins" ] && [ "$pins" != study ]; then
	out/rcureplay --config "$pins" --list-presets >/dev/null || usage "-C $pins: not a config pin"
fi
mkdir -p bench/results
date=$(date +%Y-%m-%d)
res=${res:-bench/results/zoo-$date.md}
# The first report of each run whose report does not count (another class, or v3.0's too).
keep=out/zoo-other/$(basename "$res" .md)
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

{
	echo "# The deep-bug zoo, $date"
	echo
	echo "Command: $command"
	echo "Machine: $machine; $jobs run(s) at a time, one core each; cap ${cap}s; $seeds seeds;" \
		"$([ -n "$pins" ] && echo "config pinned: $pins (see the pins column);")" \
		"$([ "$empty" = 1 ] && echo 'empty starting corpus' || echo 'shipped seed corpus (corpus/clean, corpus/harness)')." \
		"$([ "$unless" = 1 ] && echo 'Each engine went on past the reports of the bug'"'"'s base preset (-U: RCUFUZZ_UNLESS, rcusearch --unless).')"
	echo "Median over the seeds, a run that found nothing counting as the cap; (found/seeds)."
	echo
	printf '| bug | report (corpus/zoo/<bug>.scn, corpus/findings/<name>.scn) | pins |'
	for m in $modes; do
		printf ' %s median s (found) |' "$m"
	done
	[ -z "$ratio_col" ] || printf ' blind / fastest guided |'
	echo
	printf '|---|---|---|'
	for m in $modes; do
		printf -- '---|'
	done
	[ -z "$ratio_col" ] || printf -- '---|'
	echo
} >"$res"
# Every (bug, mode, seed) run through one queue of $jobs runs at once
# (bench/zoo-run.sh), in the order of -b: put the slow bugs first.
for b in $bugs; do
	bug_pins=$(pins_of "$b")
	for m in $modes; do
		for s in $(seq 1 "$seeds"); do
			echo "$b $m $s ${bug_pins:--}"
		done
	done
done >"$tmp/jobs"
ZOO_TMP=$tmp ZOO_CAP=$cap ZOO_EMPTY=$empty ZOO_UNLESS=$unless ZOO_TOTAL=$(wc -l <"$tmp/jobs") ZOO_KEEP=$keep \
	xargs -P "$jobs" -L 1 sh bench/zoo-run.sh <"$tmp/jobs"
for b in $bugs; do
	bug_pins=$(pins_of "$b")
	line="| $b | $(sed -n 's/^expect //p' "$(zoo_scenario "$b")") | ${bug_pins:--} |"
	best=
	for m in $modes; do
		found=0
		other=0
		v30=0
		: >"$tmp/times"
		for s in $(seq 1 "$seeds"); do
			t=$(cat "$tmp/$b-$m-$s.t")
			case $t in
			-) t=$cap ;;
			o)
				t=$cap
				other=$((other + 1))
				;;
			v)
				t=$cap
				v30=$((v30 + 1))
				;;
			*) found=$((found + 1)) ;;
			esac
			echo "$t" >>"$tmp/times"
		done
		med=$(median <"$tmp/times")
		line="$line $med ($found/$seeds$([ "$other" = 0 ] || echo ", $other other")$([ "$v30" = 0 ] || echo ", $v30 v3.0")) |"
		# For the ratio: blind's median and whether it is censored (a
		# miss in the median), the fastest guided median.
		if [ "$m" = blind ]; then
			blind_med=$med
			blind_censored=$([ $((found * 2)) -gt "$seeds" ] && echo 0 || echo 1)
		elif [ "$m" != search ] && [ $((found * 2)) -gt "$seeds" ] &&
			{ [ -z "$best" ] || [ "$(echo "$med < $best" | bc)" = 1 ]; }; then
			best=$med
		fi
	done
	if [ -n "$ratio_col" ]; then
		line="$line $(ratio "$blind_med" "$blind_censored" "$best") |"
	fi
	echo "$line" >>"$res"
done
echo "== $res" >&2
cat "$res"
