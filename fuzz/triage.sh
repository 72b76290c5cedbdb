#!/bin/sh
# Triage a crash directory: group by SUMMARY, keep the smallest per group,
# print a table and each group's text schedule.
#   fuzz/triage.sh [-p PRESET] DIR        (a thin wrapper of rcureplay --triage)
set -eu
cd "$(dirname "$0")/.." || exit 2
preset=v3.0-rc7
usage() {
	echo "rcufuzz: triage: usage: fuzz/triage.sh [-p PRESET] DIR" >&2
	exit 2
}
while getopts p:h opt; do
	case $opt in
	p) preset=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
exec out/rcureplay --preset "$preset" --triage "$1"
