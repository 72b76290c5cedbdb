#!/bin/sh
# rcureplay --html, rendered in headless Chromium: the page of a seed crash
# has one lane per CPU, step blocks, and the highlighted step that fired the
# report, all laid out by the browser (the page's own script writes what it
# sees into data-rendered); a clean run's page has lanes and no highlight;
# the same input gives the same page, byte for byte; an unwritable OUT is
# a one-line error, exit 2.  Exit 0 pass, 1 fail.
set -eu
cd "$(dirname "$0")/../.." || exit 2
fail() { echo "FAIL: html: $*"; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
	fail "no chromium (apt-get install chromium)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rendered() { # page -> the data-rendered attribute after load
	"$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
		--dump-dom "file://$1" 2>/dev/null | grep -o 'data-rendered="[^"]*"' | head -1
}

./out/rcureplay --compile corpus/seeds/trainwreck-v3.0-rc7.scn -o "$tmp/crash" || fail "compile"
rc=0
./out/rcureplay --preset v3.0-rc7 --html "$tmp/crash.html" "$tmp/crash" >/dev/null 2>&1 || rc=$?
[ $rc -eq 1 ] || fail "the trainwreck did not report"
got=$(rendered "$tmp/crash.html")
case $got in
'data-rendered="lanes=4 steps='[1-9]*' highlighted=1"') ;;
*) fail "crash page: want 4 lanes, steps, highlighted=1; chromium saw: ${got:-nothing}" ;;
esac
grep -q 'SUMMARY: rcufuzz: lockdep circular-dependency' "$tmp/crash.html" || fail "no report on the page"
./out/rcureplay --preset v3.0-rc7 --html "$tmp/again.html" "$tmp/crash" >/dev/null 2>&1 || true
cmp -s "$tmp/crash.html" "$tmp/again.html" || fail "two renderings of one input differ"

./out/rcureplay --compile corpus/clean/hotplug.scn -o "$tmp/clean" || fail "compile"
./out/rcureplay --html "$tmp/clean.html" "$tmp/clean" >/dev/null 2>&1 || fail "clean run reported"
got=$(rendered "$tmp/clean.html")
case $got in
'data-rendered="lanes=4 steps='[1-9]*' highlighted=0"') ;;
*) fail "clean page: want 4 lanes, steps, highlighted=0; chromium saw: ${got:-nothing}" ;;
esac

rc=0
err=$(./out/rcureplay --html "$tmp/no/such/dir/x.html" "$tmp/clean" 2>&1 >/dev/null) || rc=$?
{ [ $rc -eq 2 ] && [ "$(echo "$err" | wc -l)" -eq 1 ]; } || fail "bad OUT: exit $rc, '$err'"
echo "ok: html pages render in $("$browser" --version 2>/dev/null | head -1)"
