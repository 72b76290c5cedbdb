#!/bin/sh
# Merge and minimize a corpus: keep the inputs that add coverage.
#   fuzz/merge.sh [-e libfuzzer|afl] [-p PRESET] OUT_DIR IN_DIR...
set -eu
cd "$(dirname "$0")/.." || exit 2
engine=libfuzzer
preset=v3.0-rc7
usage() {
	echo "rcufuzz: merge: $1 (usage: fuzz/merge.sh [-e libfuzzer|afl] [-p PRESET] OUT_DIR IN_DIR...)" >&2
	exit 2
}
while getopts e:p:h opt; do
	case $opt in
	e) engine=$OPTARG ;;
	p) preset=$OPTARG ;;
	*) usage "bad flag" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage "need an output and at least one input directory"
outdir=$1
shift
for d in "$@"; do
	[ -d "$d" ] || usage "$d is not a directory"
done
name=$(echo "$preset" | tr .+ __)_fuzzer
mkdir -p "$outdir"
case $engine in
libfuzzer)
	[ -x "out/$name" ] || usage "out/$name is not built"
	"out/$name" -merge=1 -max_len=1024 "$outdir" "$@" 2>&1 | grep -E 'MERGE-OUTER: [0-9]+ new files' || true
	;;
afl)
	[ -x "out/afl/$name" ] || usage "out/afl/$name is not built (make afl)"
	# Beside OUT_DIR: afl-cmin refuses to work in /tmp.
	tmp=$(mktemp -d "$outdir.in.XXXXXX")
	for d in "$@"; do
		cp "$d"/* "$tmp"/ 2>/dev/null || true
	done
	AFL_SKIP_CPUFREQ=1 afl-cmin -i "$tmp" -o "$outdir.cmin" -- "out/afl/$name" >/dev/null 2>&1
	cp "$outdir.cmin"/* "$outdir"/
	rm -rf "$outdir.cmin" "$tmp"
	;;
*)
	usage "engine $engine is not libfuzzer or afl"
	;;
esac
n=0
for f in "$outdir"/*; do
	if [ -e "$f" ]; then
		n=$((n + 1))
	fi
done
echo "$outdir: $n inputs"
