#!/bin/sh
# rcureplay --html, rendered in headless Chromium and driven with real key
# presses over the DevTools protocol (tests/html/browser.py):
#  - a seed crash's page has one lane per CPU, step blocks, labels, a normal
#    and an expedited grace period, and the highlighted step that fired the
#    report; a clean run without synchronize_rcu_expedited() has no expedited
#    band and no highlight; one with it has the band;
#  - the rcu_node panel shows what the scenario implies at a step chosen from
#    --trace (#step=N), and the arrows, Shift+arrows, Home and End move it;
#  - the layout the browser computed equals tests/html/layout.expected and the
#    screenshot has the boxes' colours where the layout puts them;
#  - 1, 8 and 16 CPUs at fanout 2 give 1, 8 and 16 lanes and 1, 7 and 15
#    rcu_nodes (one, three and four levels);
#  - the page fetches nothing; the same input gives the same page, byte for
#    byte; an unwritable OUT is a one-line error, exit 2.
# Exit 0 pass, 1 fail.  HTML_LAYOUT_UPDATE=1 rewrites layout.expected.
set -eu
cd "$(dirname "$0")/../.." || exit 2
fail() {
	echo "FAIL: html: $*"
	exit 1
}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
	fail "no chromium (apt-get install chromium)"
command -v python3 >/dev/null || fail "no python3 (tests/html/browser.py drives chromium)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# render NAME SCENARIO [PRESET]: the page in $tmp/NAME.html, rcureplay's status in $rc.
render() {
	./out/rcureplay --compile "$2" -o "$tmp/$1" || fail "compile $2"
	rc=0
	./out/rcureplay ${3:+--preset "$3"} --html "$tmp/$1.html" "$tmp/$1" >/dev/null 2>&1 || rc=$?
	! grep -Eq '(src|href)=|url\(|@import' "$tmp/$1.html" || fail "$1: the page fetches something"
}
# trace_step NAME REGEX [PRESET]: the step number of the first --trace row matching REGEX.
trace_step() {
	./out/rcureplay ${3:+--preset "$3"} --trace "$tmp/$1" 2>/dev/null |
		awk -v re="$2" '$1 ~ /^[0-9]+$/ && $0 ~ re { print $1; exit }'
}
# expect WHAT GOT PATTERN: GOT must match the shell PATTERN.
expect() {
	# shellcheck disable=SC2254 # $3 is a pattern
	case $2 in
	$3) ;;
	*) fail "$1: want $3; chromium saw: ${2:-nothing}" ;;
	esac
}

render crash corpus/seeds/trainwreck-v3.0-rc7.scn v3.0-rc7
[ "$rc" -eq 1 ] || fail "the trainwreck did not report"
grep -q 'SUMMARY: rcufuzz: lockdep circular-dependency' "$tmp/crash.html" || fail "no report on the page"
cp "$tmp/crash.html" "$tmp/first.html"
render crash corpus/seeds/trainwreck-v3.0-rc7.scn v3.0-rc7
cmp -s "$tmp/crash.html" "$tmp/first.html" || fail "two renderings of one input differ"
for page in clean:corpus/clean/hotplug.scn exp:corpus/clean/expedited-two-level.scn \
	sync:corpus/clean/readers-and-sync.scn; do
	render "${page%%:*}" "${page#*:}"
	[ "$rc" -eq 0 ] || fail "${page#*:} reported"
done
for n in 1 8 16; do
	printf '%s\n' "topology cpus=$n fanout=2 tasks=2" 'work T0 read_lock' 'resched cpu0' \
		'work T1 synchronize_rcu_expedited' "step cpu$((n - 1)) x8" >"$tmp/cpus$n.scn"
	render "cpus$n" "$tmp/cpus$n.scn"
done

# The steps to look at, found in --trace: T0 running boosted in the trainwreck
# (the expedited GP waits on it, so rcub boosted it), and T0 entering
# rcu_read_unlock_special() in the sync page.
boosted=$(trace_step crash 'T0\[[0-9]+\].*BOOSTED' v3.0-rc7)
unlock=$(trace_step sync 'T0\[[0-9]+\] task .* @ rcu_read_unlock_special:')
first=$(trace_step crash .)
last=$(./out/rcureplay --preset v3.0-rc7 --trace "$tmp/crash" 2>/dev/null |
	awk '/^---- end of trace/ { exit } $1 ~ /^[0-9]+$/ { n = $1 } END { print n }')
[ -n "$boosted" ] || fail "--trace: no step of T0 boosted"
[ -n "$unlock" ] || fail "--trace: no step of T0 in rcu_read_unlock_special()"

rendered='document.documentElement.dataset.rendered'
nodes="document.querySelectorAll('#nodes tbody tr').length"
panel="document.getElementById('stepinfo').textContent.split('\n')[0]+' | '+
[...document.querySelectorAll('#nodes tbody tr')].map(r => 'node '+r.dataset.node+': '+
[...r.cells].slice(2).map(c => c.className+'='+c.textContent).join(', ')).join(' | ')"
panel=$(printf '%s' "$panel" | tr -d '\n')
mkdir -p out/tests
python3 tests/html/browser.py "$browser" "$tmp/profile" >"$tmp/seen" <<EOF || fail "browser.py"
open file://$tmp/crash.html
eval $rendered
open file://$tmp/clean.html
eval $rendered
open file://$tmp/exp.html
eval $rendered
open file://$tmp/cpus1.html
eval $rendered + ' nodes=' + $nodes
open file://$tmp/cpus8.html
eval $rendered + ' nodes=' + $nodes
open file://$tmp/cpus16.html
eval $rendered + ' nodes=' + $nodes
open file://$tmp/sync.html#step=$unlock
eval $panel
key ArrowRight shift
eval location.hash + ' ' + $panel
open file://$tmp/crash.html#step=$boosted
eval $panel
layout tests/html/layout.expected
shot out/tests/html-layout.png
key ArrowRight
key ArrowRight
key ArrowLeft
eval location.hash
key End
eval location.hash
key Home
eval location.hash
EOF
{
	read -r crash
	read -r clean
	read -r exp
	read -r cpus1
	read -r cpus8
	read -r cpus16
	read -r sync_unlock
	read -r sync_next
	read -r crash_boosted
	read -r layout
	read -r right
	read -r end
	read -r home
} <"$tmp/seen" || fail "browser.py answered less than asked"

steps='steps=[1-9]*'
labels='labels=[1-9]*'
expect "crash page" "$crash" "\"lanes=2 $steps highlighted=1 gp=0 exp=1 $labels\""
expect "clean page" "$clean" "\"lanes=4 $steps highlighted=0 gp=* exp=0 $labels\""
expect "expedited page" "$exp" "\"lanes=4 $steps highlighted=0 gp=* exp=1 $labels\""
expect "1 CPU" "$cpus1" "\"lanes=1 $steps highlighted=0 gp=* exp=1 labels=* nodes=1\""
expect "8 CPUs" "$cpus8" "\"lanes=8 $steps highlighted=0 gp=* exp=1 labels=* nodes=7\""
expect "16 CPUs" "$cpus16" "\"lanes=16 $steps highlighted=0 gp=* exp=1 labels=* nodes=15\""

# T0 was preempted in its reader before GP 1 began: it holds up GP 1 from
# rcu_node 0's ->blkd_tasks, and CPU0, in that reader since, still owes its QS.
t0='T0\[[0-9]*\]'
expect "#step=$unlock" "$sync_unlock" "\"step $unlock, *| node 0: gpnum=1, completed=0, \
qsmask=0x1 (CPU0), qsmaskinit=0x3 (CPU0 CPU1), expmask=0, blkd_tasks=$t0, gp_tasks=$t0, \
exp_tasks=NULL, boost_tasks=NULL\""
# Shift+Right: to where the tree next changes, T0 leaving the list.
expect "Shift+Right from $unlock" "$sync_next" "\"#step=* node 0: gpnum=1, completed=0, \
qsmask=0x1 (CPU0), qsmaskinit=0x3 (CPU0 CPU1), expmask=0, blkd_tasks=, gp_tasks=NULL, *\""
# T0, preempted in its reader on CPU0, holds up the expedited GP (->exp_tasks)
# from the one rcu_node; rcub0 has boosted it.
t0b='T0\[[0-9]*\]'
expect "#step=$boosted" "$crash_boosted" "\"step $boosted, *| node 0: gpnum=*, completed=*, \
qsmask=0, qsmaskinit=0x3 (CPU0 CPU1), expmask=0, blkd_tasks=$t0b, gp_tasks=NULL, \
exp_tasks=$t0b, boost_tasks=NULL\""
expect "layout" "$layout" "ok"
expect "Right Right Left" "$right" "\"#step=$((boosted + 1))\""
expect "End" "$end" "\"#step=$last\""
expect "Home" "$home" "\"#step=$first\""

err=$(./out/rcureplay --html "$tmp/no/such/dir/x.html" "$tmp/clean" 2>&1 >/dev/null) && rc=0 || rc=$?
[ "$rc" -eq 2 ] || fail "bad OUT: exit $rc, '$err'"
[ "$(echo "$err" | wc -l)" -eq 1 ] || fail "bad OUT: more than one line: '$err'"
echo "ok: html pages render in $("$browser" --version 2>/dev/null | head -1)"
