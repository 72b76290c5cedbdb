# shellcheck shell=sh disable=SC2154
# Time to first crash, one run at a time: sourced by bench/fuzz-bench.sh,
# bench/zoo.sh and bench/zoo-run.sh, which set $tmp (a scratch directory) and
# $cap (seconds) before calling run().
# Modes: feedback (libFuzzer, interleaving feedback), nostate (the same
# without its RCU-state features, RCUFUZZ_RCU_STATE=0), edges (libFuzzer, edge
# coverage only), mutator (feedback with the schedule-aware mutator,
# fuzz/mutator.h), mutator-nostate (that without the RCU-state features),
# mutator-stage (that with the exploration stage, RCUFUZZ_EXPLORE_STAGE=1),
# mutator-nowaypoints (that without its waypoint features, RCUFUZZ_WAYPOINTS=0),
# mutator-noexplore (that without its harness exploration,
# RCUFUZZ_HARNESS_EXPLORE=0, fuzz/harness_explore.h), mutator-cuts (that
# with the milestone's cut units, RCUFUZZ_MILESTONE_CUTS=1), afl
# (AFL++), afl-mutator (AFL++ with the same mutator as a custom mutator
# library), blind (random inputs, no feedback, no corpus), search (the
# directed search, out/rcusearch over corpus/harness/*.scn: sampled
# schedules of fixed workloads, no feedback, no corpus; docs/searching.md).
# With RCUFUZZ_UNLESS=Q set, every mode but blind goes on past a report that
# preset Q gives too (the targets read it, rcusearch takes it as --unless).

# Seconds from $1 to $2 (date +%s.%N), or "-" if no crash: no file of the
# glob $3... (given already expanded) exists; the first crash is kept as
# $d/first (run()'s directory) for its SUMMARY.  A crash after the cap is a
# miss too: an engine can overrun its -max_total_time or -V by what one
# mutation takes (a harness exploration unit: up to 15 s), and a find
# there is time the other engines did not get.
elapsed_if_crash() {
	s=$1
	e=$2
	shift 2
	for f in "$@"; do
		if [ -e "$f" ]; then
			cp "$f" "$d/first"
			echo "$e - $s" | bc | awk -v cap="$cap" '{ print ($1 + 0 > cap + 0 ? "-" : $1) }'
			return
		fi
	done
	echo -
}
# One run: prints the seconds to the first crash, or "-" if none within the cap;
# the crash is then $tmp/<mode>-<preset>-<seed>/first.
# The starting corpus: the files of directory $4 if given, else one empty input.
run() { # mode preset seed [corpus]
	name=$(echo "$2" | tr .+ __)_fuzzer
	d=$tmp/$1-$2-$3
	rm -rf "$d"
	mkdir -p "$d/c" "$d/x"
	if [ $# -ge 4 ]; then
		cp "$4"/* "$d/c/"
	else
		printf '' >"$d/c/empty"
	fi
	case $1 in
	feedback | nostate | edges | mutator | mutator-nostate | mutator-stage | mutator-nowaypoints | mutator-noexplore | mutator-cuts)
		fb=1
		st=1
		wp=1
		stage=0
		hx=1
		cuts=0
		bin=out/plain/$name
		case $1 in
		mutator*) bin=out/plain/mut/$name ;;
		esac
		case $1 in
		edges) fb=0 ;;
		nostate | mutator-nostate) st=0 ;;
		mutator-stage) stage=1 ;;
		mutator-nowaypoints) wp=0 ;;
		mutator-noexplore) hx=0 ;;
		mutator-cuts) cuts=1 ;;
		esac
		s=$(date +%s.%N)
		RCUFUZZ_FEEDBACK=$fb RCUFUZZ_RCU_STATE=$st RCUFUZZ_WAYPOINTS=$wp RCUFUZZ_EXPLORE_STAGE=$stage RCUFUZZ_HARNESS_EXPLORE=$hx RCUFUZZ_MILESTONE_CUTS=$cuts \
			"$bin" -seed="$3" -max_len=1024 -len_control=0 -max_total_time="$cap" \
			-artifact_prefix="$d/x/" "$d/c" >/dev/null 2>&1 || true
		elapsed_if_crash "$s" "$(date +%s.%N)" "$d"/x/crash-*
		;;
	afl | afl-mutator)
		# afl-mutator: AFL++ with the schedule-aware mutator library beside its havoc.
		# run() runs in a subshell ($(run ...) or run ... &): the export stays here.
		# The library explores the harnesses under the target's preset (fuzz/afl_mutator.c).
		if [ "$1" = afl-mutator ]; then
			export AFL_CUSTOM_MUTATOR_LIBRARY="$PWD/out/afl/rcufuzz-mutator.so" RCUFUZZ_PRESET="$2"
		else
			unset AFL_CUSTOM_MUTATOR_LIBRARY RCUFUZZ_PRESET
		fi
		# afl-fuzz refuses an empty file: its "empty corpus" is one zero byte.
		if [ $# -lt 4 ]; then
			printf '\0' >"$d/c/empty"
		fi
		s=$(date +%s.%N)
		AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_BENCH_UNTIL_CRASH=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
			timeout $((cap + 5)) afl-fuzz -s "$3" -i "$d/c" -o "$d/a" -V "$cap" -- "out/afl/$name" >/dev/null 2>&1 || true
		elapsed_if_crash "$s" "$(date +%s.%N)" "$d"/a/default/crashes/id:*
		;;
	blind)
		out/bench/blind "$2" "$3" "$cap" "$d/first" | awk '$1 == "found" { print $2; exit } { print "-" }'
		;;
	search)
		out/rcusearch --preset "$2" ${RCUFUZZ_UNLESS:+--unless "$RCUFUZZ_UNLESS"} --seed "$3" --seconds "$cap" -o "$d/x" corpus/harness/*.scn >"$d/log" || true
		for f in "$d"/x/crash-*; do
			case $f in *.min | *'*') continue ;; esac
			cp "$f" "$d/first"
		done
		sed -n 's/^rcusearch: .*: found after [0-9]* runs, \([0-9.]*\) s: .*/\1/p' "$d/log" | grep . || echo -
		;;
	esac
}
# The median of the numbers on stdin, one a line.
median() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) printf "%.1f", v[(NR + 1) / 2]; else printf "%.1f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# The zoo's bugs (bench/zoo.sh, bench/zoo-run.sh): an injected bug <id> runs under
# inject-<id>, v3.0 plus the bug, its scenario corpus/zoo/<id>.scn; a finding
# finding-<name> under its own preset, v3.0-patched less its fix, its scenario
# corpus/findings/<name>.scn.  The base is the preset without the bug.
zoo_preset() { case $1 in finding-*) echo "$1" ;; *) echo "inject-$1" ;; esac; }
zoo_base_preset() { case $1 in finding-*) echo v3.0-patched ;; *) echo v3.0 ;; esac; }
zoo_scenario() { case $1 in finding-*) echo "corpus/findings/${1#finding-}.scn" ;; *) echo "corpus/zoo/$1.scn" ;; esac; }
