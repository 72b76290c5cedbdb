#!/bin/sh
# The presets that get a fuzz target, one per line, from target/config/switches.def:
# v3.0-rc7, v3.0, v3.0-patched, revert-<switch> for every FIX and REFACTOR switch
# and misuse+<switch> for every CURE switch (Tree RCU), then tiny-v3.0 (3.0's
# TINY_PREEMPT_RCU), then inject-<id> for every INJECTED switch (<id>: the word
# after "inject_").  A target's name is its preset with '.' and '+' made '_',
# then "_fuzzer" (ClusterFuzz takes [a-zA-Z0-9@_.-]+ only).
set -eu
cd "$(dirname "$0")/.." || exit 2
printf '%s\n' v3.0-rc7 v3.0 v3.0-patched
awk -F'"' '/^SWITCH/ && ($5 ~ /^, (FIX|REFACTOR),/) { print "revert-" $2 }' target/config/switches.def
awk -F'"' '/^SWITCH/ && ($5 ~ /^, CURE,/) { print "misuse+" $2 }' target/config/switches.def
printf '%s\n' tiny-v3.0
awk -F'"' '/^SWITCH/ && ($5 ~ /^, INJECTED,/) { split($2, w, "_"); print "inject-" w[2] }' target/config/switches.def
