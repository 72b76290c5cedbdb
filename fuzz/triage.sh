#!/bin/sh
# Triage a crash directory: group by SUMMARY, keep the smallest per group,
# print a table and each group's text schedule.
#   fuzz/triage.sh [-p PRESET] DIR        (a thin wrapper of rcureplay --triage)
set -eu
cd "$(dirname "$0")/.."
preset=v3.0-rc7
while getopts p:h opt; do
	case $opt in p) preset=$OPTARG ;; *) echo "rcufuzz: triage: usage: fuzz/triage.sh [-p PRESET] DIR" >&2; exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "rcufuzz: triage: usage: fuzz/triage.sh [-p PRESET] DIR" >&2; exit 2; }
exec out/rcureplay --preset "$preset" --triage "$1"
