#!/bin/bash
# What a corpus reached, so that "the fuzzer found nothing" means something:
# replay every input of DIR... under PRESET and MODE and print, as Markdown,
#   - the model's points (POINT()s) written in FILES, and how many inputs
#     stood at each (rcureplay --trace; a point's row names its label);
#   - the lock nestings the runs took: "A -> B" when B was taken while A was
#     the lock taken last before it, from the held-lock column of --trace
#     (the task's held-lock stack, interrupt frames included: a pair across
#     an interrupt is a nesting but not a lockdep dependency), with how many
#     inputs took it;
#   - the source coverage of FILES (clang's -fprofile-instr-generate build,
#     out/rcureplay-cov, and llvm-cov): per-function lines and branches.
#   fuzz/coverage.sh [-p PRESET] [-m MODE] [-f FILE]... DIR...
#   (default: -p tiny-v3.0 -m strict -f target/rcu/tiny.c -f target/rcu/tiny_plugin.h)
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
preset=tiny-v3.0
mode=strict
files=()
die() {
	echo "rcufuzz: coverage: $1" >&2
	exit 2
}
usage() {
	die "usage: fuzz/coverage.sh [-p PRESET] [-m strict|misuse|test] [-f FILE]... DIR..."
}
while getopts p:m:f:h opt; do
	case $opt in
	p) preset=$OPTARG ;;
	m) mode=$OPTARG ;;
	f) files+=("$OPTARG") ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
[ ${#files[@]} -gt 0 ] || files=(target/rcu/tiny.c target/rcu/tiny_plugin.h)
for d in "$@"; do
	[ -d "$d" ] || die "$d: not a directory"
done
for f in "${files[@]}"; do
	[ -f "$f" ] || die "$f: no such source file"
done
make -s out/rcureplay out/rcureplay-cov >/dev/null
out/rcureplay --preset "$preset" --mode "$mode" /dev/null >/dev/null 2>&1 ||
	die "$preset/$mode: rcureplay refuses it (see out/rcureplay --list-presets)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "$@" -maxdepth 1 -type f | sort >"$work/inputs"
ninputs=$(wc -l <"$work/inputs")

# The points written in FILES: "FUNC:LABEL<TAB>LABEL<TAB>FILE:LINE".
out/rcureplay --points | while IFS= read -r line; do
	for f in "${files[@]}"; do
		where=$(grep -o "$f:[0-9]*" <<<"$line" || true)
		[ -n "$where" ] || continue
		name=$(sed 's/  *target\/.*$//' <<<"$line")
		printf '%s\t%s\t%s\n' "$name" "${name#*:}" "$where"
	done
done >"$work/points"

# One pass of --trace per input: its point labels and its lock pairs, each
# once per input.
while IFS= read -r input; do
	out/rcureplay --preset "$preset" --mode "$mode" --trace "$input" 2>/dev/null |
		awk -v labels="$work/labels" -v pairs="$work/pairs" '
			/^---- end of trace/ { exit }
			/^ *[0-9]+ / && / @ / {
				i = index($0, " @ ")
				label = substr($0, i + 3)
				n = split(substr($0, 1, i - 1), f, " ")
				seen_label[label] = 1
				k = split(f[n], held, ",")
				for (j = 2; j <= k; j++)
					seen_pair[held[j - 1] " -> " held[j]] = 1
			}
			END {
				for (l in seen_label) print l >> labels
				for (p in seen_pair) print p >> pairs
			}' || true
	LLVM_PROFILE_FILE="$work/cov-%m.profraw" out/rcureplay-cov --preset "$preset" \
		--mode "$mode" "$input" >/dev/null 2>&1 || true
done <"$work/inputs"
touch "$work/labels" "$work/pairs"

echo "## Corpus: $ninputs inputs (${*}), preset $preset, mode $mode"
echo
echo "### Points in ${files[*]}"
echo
echo "| point | where | inputs that stood there |"
echo "|---|---|---|"
reached=0
while IFS=$'\t' read -r name label where; do
	n=$(grep -cxF -- "$label" "$work/labels" || true)
	[ "$n" -gt 0 ] && reached=$((reached + 1))
	echo "| \`$name\` | $where | $n |"
done <"$work/points"
echo
echo "$reached of $(wc -l <"$work/points") points reached."
echo
echo "### Lock nestings (held -> taken next; across an interrupt too), by how many inputs took them"
echo
echo "| order | inputs |"
echo "|---|---|"
sort "$work/pairs" | uniq -c | sort -k1,1nr -k2 | awk '{ n = $1; $1 = ""; sub(/^ /, ""); printf "| `%s` | %d |\n", $0, n }'
echo
echo "### Source coverage of ${files[*]} (llvm-cov)"
echo
llvm-profdata merge -o "$work/all.profdata" "$work"/cov-*.profraw
echo '```'
llvm-cov report out/rcureplay-cov -instr-profile="$work/all.profdata" "${files[@]}"
echo
echo "Functions not executed:"
llvm-cov report -show-functions out/rcureplay-cov -instr-profile="$work/all.profdata" "${files[@]}" |
	awk '$1 !~ /^(Name|---|File|TOTAL)/ && NF >= 4 && $3 == $2 && $2 > 0 { print "  " $1 }'
echo
echo "Lines never executed (file:line: source):"
for f in "${files[@]}"; do
	llvm-cov show out/rcureplay-cov -instr-profile="$work/all.profdata" "$f" |
		awk -F'|' -v f="$f" '$2 ~ /^ *0$/ { sub(/^ */, "", $1); sub(/^ */, "", $3); print "  " f ":" $1 ": " $3 }'
done
echo '```'
