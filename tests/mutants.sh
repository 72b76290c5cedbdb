#!/bin/bash
# The mutation score of the model: N seeded mutants of the model's files, each
# built and run against the unit tests; a mutant the tests pass is a survivor,
# a place where the model could be wrong and `make test` would not say so.
# Not part of `make test` (about 10 s a mutant, longer for a survivor).
#
#   tests/mutants.sh [-n N] [-s SEED] [-t SECONDS] [-o TABLE.md] [FILE...]
#   tests/mutants.sh -l [-n N] [-s SEED] [FILE...]       list the mutants, run nothing
#   tests/mutants.sh -m ID[,ID...] [FILE...]             run these mutants, show the tests' output
#   tests/mutants.sh -k ID [FILE...]                     build mutant ID (out/rcureplay, out/tests/unit)
#                                                        in the scratch tree and leave it there
#   tests/mutants.sh -p PREVIOUS.md ...                  keep PREVIOUS.md's killed and build-failure
#                                                        verdicts (tests were only added since), run the
#                                                        rest and any listed as equivalent
#
# FILE...: the model files (default target/rcu/*.c target/kernel/*.c
# target/lockdep/*.c).  tests/mutants-sites.awk lists every place to mutate
# (a statement deleted; ==/!=, &&/||, </<=, >/>= swapped or a ! dropped in an
# if/while/for condition); SEED (default 1) picks N of them (default 20), the
# same N for the same files and seed.  Each mutant is built in a scratch copy
# of this tree ($MUTANTS_DIR, default /tmp/mutants/$USER) under nice -n 19,
# one at a time, and runs `out/tests/unit -x` on every unit test that needs
# no other program, with RCUFUZZ_RANDOM_INPUTS=20000 and a timeout of
# SECONDS (default 120; a hang counts as killed).  A survivor listed in
# tests/mutants-equivalent.txt (by its ID, with the reason) is equivalent and
# leaves the score: killed / (mutants - equivalent - build failures).
# Writes the table to TABLE.md (default: stdout).  Exit 0, or 2 on an error.
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$PWD

die() {
	echo "rcufuzz: mutants.sh: $*" >&2
	exit 2
}

args=$* start=$(date +%s)
count=20 seed=1 seconds=120 table="" list=0 only="" keep="" previous=""
while getopts n:s:t:o:lm:k:p: opt; do
	case $opt in
	n) count=$OPTARG ;;
	s) seed=$OPTARG ;;
	t) seconds=$OPTARG ;;
	o) table=$OPTARG ;;
	l) list=1 ;;
	m) only=$OPTARG ;;
	k) only=$OPTARG keep=1 ;;
	p) previous=$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG") ;;
	*) die "usage: tests/mutants.sh [-n N] [-s SEED] [-t SECONDS] [-o TABLE.md] [-p PREVIOUS.md] [-l] [-m ID,...] [-k ID] [FILE...]" ;;
	esac
done
shift $((OPTIND - 1))
for n in "$count" "$seed" "$seconds"; do
	case $n in
	'' | *[!0-9]*) die "$n: not a number" ;;
	esac
done
if [ $# -eq 0 ]; then
	set -- target/rcu/*.c target/kernel/*.c target/lockdep/*.c
fi
for f in "$@"; do
	[ -f "$f" ] || die "$f: no such file"
done
equivalent=tests/mutants-equivalent.txt
case $table in
'' | /*) ;;
*) table=$repo/$table ;;
esac

# The unit tests a mutant runs: all but those that run other programs
# (rcureplay, the fuzz targets, rcusearch), which a mutant's tree does not build.
needs_programs="test_cli_one_stream_in_order test_fuzz_targets_run test_campaign_stops_its_engines
test_cure_fuzz_target_misuse_mode test_finding_presets test_search_finds_a_finding"
tests=()
while read -r t; do
	case " $(echo "$needs_programs" | tr '\n' ' ') " in
	*" $t "*) ;;
	*) tests+=("$t") ;;
	esac
done < <(sed -n 's/^UNIT_TEST(\(.*\))$/\1/p' tests/tests.def)

# Every site, then N of them picked by a seeded partial Fisher-Yates shuffle
# (MINSTD, exact in awk's doubles, so every awk picks the same).  Each mutant's
# ID hashes its file, function, the line before and after and which copy of
# that line in the function it is, so it survives edits elsewhere in the file.
sites=$(awk -f tests/mutants-sites.awk "$@")
mutants=$(echo "$sites" | awk -F '\t' -v n="$count" -v seed="$seed" -v all="$([ -n "$only" ] && echo 1 || echo 0)" '
	{
		key = $1 "\t" $7 "\t" $4 "\t" $5 "\t" $3
		copy[NR] = ++seen[key]
		row[NR] = $0
	}
	END {
		x = seed % 2147483646 + 1
		if (all || n > NR)
			n = NR
		for (i = 1; i <= NR; i++)
			pick[i] = i
		for (i = 1; i <= n; i++) {
			x = (x * 48271) % 2147483647
			j = i + x % (NR - i + 1)
			t = pick[i]; pick[i] = pick[j]; pick[j] = t
			print row[pick[i]] "\t" copy[pick[i]]
		}
	}')
# FILE LINE COLUMN KIND FROM TO FUNCTION COPY -> the mutated line on stdout.
mutate_line() {
	awk -F '\t' -v line="$2" -v col="$3" -v kind="$4" -v from="$5" -v to="$6" '
		NR == line {
			if (kind == "del") {
				match($0, /^[ \t]*/)
				$0 = substr($0, 1, RLENGTH) "(void)0; /* mutant: deleted */"
			} else
				$0 = substr($0, 1, col - 1) (to == "-" ? "" : to) substr($0, col + length(from))
			print
		}' "$1"
}
mutant_id() { # FIELDS... -> ID
	local mutated
	mutated=$(mutate_line "$1" "$2" "$3" "$4" "$5" "$6")
	printf '%s\n%s\n%s\n%s\n%s\n' "$1" "$7" "$8" "$(sed -n "$2p" "$1")" "$mutated" |
		sha1sum | cut -c1-8
}
describe() { # FIELDS... -> "`before` -> `after`"
	local before after
	before=$(sed -n "$2p" "$1" | sed 's/^[[:space:]]*//')
	after=$(mutate_line "$1" "$2" "$3" "$4" "$5" "$6" | sed 's/^[[:space:]]*//')
	if [ "$4" = del ]; then
		echo "delete \`$before\`"
	else
		echo "\`$before\` -> \`$after\`"
	fi
}

if [ "$list" = 1 ]; then
	while IFS=$'\t' read -r file line col kind from to fn copy; do
		echo "$(mutant_id "$file" "$line" "$col" "$kind" "$from" "$to" "$fn" "$copy") $file:$line $fn: $(describe "$file" "$line" "$col" "$kind" "$from" "$to")"
	done <<<"$mutants"
	exit 0
fi

# The scratch tree: this tree's files (committed or not, as they are now),
# built once; a mutant changes one file, rebuilds and puts it back.
scratch=${MUTANTS_DIR:-/tmp/mutants/${USER:-$(id -un)}}/tree
rm -rf "$scratch"
mkdir -p "$scratch"
git ls-files -z -co --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$scratch"
cd "$scratch" || exit 2
build() { nice -n 19 timeout 600 make -j1 out/tests/unit >out/build.log 2>&1; }
run_tests() { # -> the tests' exit status; their output in out/unit.log
	local rc=0
	RCUFUZZ_RANDOM_INPUTS=20000 nice -n 19 timeout "$seconds" ./out/tests/unit -x "${tests[@]}" \
		>out/unit.log 2>&1 || rc=$?
	return "$rc"
}
mkdir -p out
build || die "the unmutated tree does not build (see $scratch/out/build.log)"
[ -n "$keep" ] || run_tests || die "the unmutated tree fails its tests (see $scratch/out/unit.log)"

results=()
killed=0 survived=0 equiv=0 broken=0 i=0
while IFS=$'\t' read -r file line col kind from to fn copy; do
	[ -n "$file" ] || continue
	id=$(mutant_id "$file" "$line" "$col" "$kind" "$from" "$to" "$fn" "$copy")
	case ",${only:-$id}," in
	*",$id,"*) ;;
	*) continue ;;
	esac
	i=$((i + 1))
	what=$(describe "$file" "$line" "$col" "$kind" "$from" "$to")
	# A mutant now listed as equivalent runs again: killed before, it says the list is wrong
	# (or the kill was a timeout on a loaded machine).
	old=$([ -z "$previous" ] || grep -q "^$id " "$repo/$equivalent" ||
		grep -F "| \`$id\` |" "$previous" | grep -E '\| (killed|build failure)' | head -n 1 || true)
	if [ -n "$old" ]; then
		verdict=${old% |}
		verdict=${verdict##*| }
		verdict=${verdict%% (kept from*}
		case $verdict in
		build*) broken=$((broken + 1)) ;;
		*) killed=$((killed + 1)) verdict="$verdict (kept from $(basename "$previous"))" ;;
		esac
		results+=("| $i | \`$id\` | $file:$line | $fn | $what | $verdict |")
		echo "mutant $i $id $file:$line: $verdict" >&2
		continue
	fi
	cp "$file" "$file.orig"
	{
		head -n $((line - 1)) "$file.orig"
		mutate_line "$file.orig" "$line" "$col" "$kind" "$from" "$to"
		tail -n +$((line + 1)) "$file.orig"
	} >"$file"
	if [ -n "$keep" ]; then
		nice -n 19 make -j1 out/tests/unit out/rcureplay >out/build.log 2>&1 ||
			die "mutant $id does not build (see $scratch/out/build.log)"
		echo "tests/mutants.sh: mutant $id ($file:$line, $what) built in $scratch"
		exit 0
	fi
	rc=0
	if ! build; then
		verdict="build failure"
		broken=$((broken + 1))
	elif run_tests || rc=$?; [ "$rc" = 0 ]; then
		if grep -q "^$id " "$repo/$equivalent" 2>/dev/null; then
			verdict="equivalent"
			equiv=$((equiv + 1))
		else
			verdict="**survived**"
			survived=$((survived + 1))
		fi
	else
		by=$(grep -o '^  test_[a-z0-9_]*' out/unit.log | tail -n 1 | sed 's/^ *//')
		[ "$rc" = 124 ] && by="timeout in $by"
		verdict="killed ($by)"
		killed=$((killed + 1))
		if grep -q "^$id " "$repo/$equivalent" 2>/dev/null; then
			verdict="$verdict, but listed as equivalent"
		fi
	fi
	[ -z "$only" ] || cat out/unit.log
	# A new file, so make rebuilds its object for the next mutant.
	cp "$file.orig" "$file"
	rm -f "$file.orig"
	results+=("| $i | \`$id\` | $file:$line | $fn | $what | $verdict |")
	echo "mutant $i $id $file:$line: $verdict" >&2
done <<<"$mutants"
[ "$i" -gt 0 ] || die "no mutant ${only:+with ID $only }among these files"

scored=$((i - equiv - broken))
{
	echo "# The model's mutation score, $(date -u +%Y-%m-%d)"
	echo
	echo "Command: \`tests/mutants.sh $args\` ($(date -u +%H:%M) UTC, $((($(date +%s) - start) / 60)) min)."
	echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')."
	echo "Each mutant: built under nice -n 19, one at a time, then \`out/tests/unit -x\` on the"
	echo "${#tests[@]} unit tests that need no other program, RCUFUZZ_RANDOM_INPUTS=20000, timeout ${seconds} s."
	echo
	echo "| mutants | killed | survived | equivalent | build failures | score |"
	echo "|---|---|---|---|---|---|"
	echo "| $i | $killed | $survived | $equiv | $broken | $killed/$scored = $(awk -v k="$killed" -v s="$scored" 'BEGIN { printf "%.1f%%", s ? 100 * k / s : 0 }') |"
	echo
	echo "| # | ID | where | function | mutation | result |"
	echo "|---|---|---|---|---|---|"
	printf '%s\n' "${results[@]}"
} >"${table:-/dev/stdout}"
[ -z "$table" ] || echo "tests/mutants.sh: wrote $table" >&2
