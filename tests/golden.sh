#!/bin/bash
# The golden run: for every scenario under corpus/ and tests/scenarios/, the
# SUMMARY and hashes of its --trace and report; for every preset and mode,
# 1,000 seeded random inputs (SUMMARY counts and one hash over all).  A
# behaviour-preserving change leaves this output alone.
#
#   tests/golden.sh            print the golden output
#   tests/golden.sh --check    compare with tests/golden.expected (exit 1 on a difference)
#   tests/golden.sh --update   rewrite tests/golden.expected
#   tests/golden.sh -v         also one line per random input (to find the first difference)
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2

make -s out/tests/golden
scenarios=()
for f in corpus/*/*.scn tests/scenarios/*.scn; do
	scenarios+=("$f")
done
case "${1:-}" in
--check)
	if ! diff -u tests/golden.expected <(out/tests/golden "${scenarios[@]}"); then
		echo "golden: output differs from tests/golden.expected" >&2
		exit 1
	fi
	echo "golden: same as tests/golden.expected"
	;;
--update)
	out/tests/golden "${scenarios[@]}" >tests/golden.expected
	echo "golden: wrote tests/golden.expected"
	;;
-v)
	out/tests/golden -v "${scenarios[@]}"
	;;
"")
	out/tests/golden "${scenarios[@]}"
	;;
*)
	echo "rcufuzz: $1: unknown option (--check, --update, -v)" >&2
	exit 2
	;;
esac
