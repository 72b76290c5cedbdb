#!/bin/sh
# Every shell script git tracks (*.sh, and .ci/run) is shellcheck clean, at
# every severity, following what each sources.  A missing shellcheck is a failure, not a skip
# (apt-get install shellcheck).  Exit 0 pass, 1 fail.
set -eu
cd "$(dirname "$0")/.." || exit 2
fail() {
	echo "FAIL: shellcheck: $*"
	exit 1
}
command -v shellcheck >/dev/null || fail "not installed (apt-get install shellcheck)"
n=$(git ls-files '*.sh' .ci/run | wc -l)
[ "$n" -gt 0 ] || fail "git lists no scripts (not a git checkout?)"
git ls-files -z '*.sh' .ci/run | xargs -0 shellcheck -x || fail "the findings above"
echo "ok: shellcheck: $n scripts clean"
