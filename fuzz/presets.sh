#!/bin/sh
# The presets that get a fuzz target, one per line.
#
#   fuzz/presets.sh             every local target (make, benchmarks, regression):
#                               v3.0-rc7, v3.0, v3.0-patched, finding-<name> for every
#                               finding (target/config/findings.def), revert-<switch>
#                               for every FIX and REFACTOR switch, misuse+<switch> for
#                               every CURE switch (Tree RCU), tiny-v3.0 and
#                               tiny-v3.0-patched (3.0's TINY_PREEMPT_RCU), then
#                               inject-<id> for every INJECTED switch (<id>: the
#                               word after "inject_"), from target/config/switches.def
#   fuzz/presets.sh continuous  the targets shipped for continuous fuzzing
#                               (build.sh: OSS-Fuzz, ClusterFuzzLite): those whose
#                               crash would be news, v3.0-patched and
#                               tiny-v3.0-patched.  Not the cures: a misuse+<cure>
#                               preset is v3.0 plus the cure, so it holds the four
#                               findings, which its target meets within 20,000 runs
#                               from the harness seeds (docs/oss-fuzz.md)
#
# A target's name is its preset with '.' and '+' made '_', then "_fuzzer"
# (ClusterFuzz takes [a-zA-Z0-9@_.-]+ only).
set -eu
cd "$(dirname "$0")/.." || exit 2
case ${1:-all} in
continuous)
	printf '%s\n' v3.0-patched tiny-v3.0-patched
	;;
all)
	printf '%s\n' v3.0-rc7 v3.0 v3.0-patched
	awk -F'"' '/^FINDING/ { print "finding-" $2 }' target/config/findings.def
	awk -F'"' '/^SWITCH/ && ($5 ~ /^, (FIX|REFACTOR),/) { print "revert-" $2 }' target/config/switches.def
	awk -F'"' '/^SWITCH/ && ($5 ~ /^, CURE,/) { print "misuse+" $2 }' target/config/switches.def
	printf '%s\n' tiny-v3.0 tiny-v3.0-patched
	awk -F'"' '/^SWITCH/ && ($5 ~ /^, INJECTED,/) { split($2, w, "_"); print "inject-" w[2] }' target/config/switches.def
	;;
*)
	echo "rcufuzz: fuzz/presets.sh: $1: not a list (all, continuous)" >&2
	exit 2
	;;
esac
