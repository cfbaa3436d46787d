#!/usr/bin/env bash
# Runs todo.sh's own test suite (tests/ of github.com/todotxt/todo.txt-cli) against the built
# `todo`, which stands in for todo.sh through a two-line wrapper. Nothing of upstream is copied
# into this repository: the suite is cloned at run time (or taken from CHECKOUT).
#
#   Scripts/upstream-tests.sh [CHECKOUT]
#
# It tests the debug build, which it builds first, or the binary TODO_BINARY names (a release
# build, for one).
#
# Prints every failing case, then "N passed, N failed". Cases listed in
# Scripts/upstream-departures.txt fail on purpose (a departure the README lists); the script exits
# 1 when any other case fails, or when a listed case starts to pass (so the list stays true).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ $# -ge 1 ]; then
    git clone -q "$1" "$work/cli"
else
    git clone -q --depth 1 https://github.com/todotxt/todo.txt-cli "$work/cli"
fi
if [ -n "${TODO_BINARY:-}" ]; then
    binary=$(cd "$(dirname "$TODO_BINARY")" && pwd)/$(basename "$TODO_BINARY")
else
    (cd "$here" && swift build --product todo >/dev/null)
    binary="$here/.build/debug/todo"
fi

# The suite fakes the clock through a `date` on PATH and TODO_TEST_TIME; `todo` reads the same
# moment through TODOTXT_NOW. `exec -a` keeps the program name todo.sh, which messages show.
cat >"$work/cli/todo.sh" <<WRAPPER
#!/usr/bin/env bash
TODOTXT_NOW="@\${TODO_TEST_TIME:-\$(date +%s)}" exec -a "\$0" "$binary" "\$@"
WRAPPER
chmod +x "$work/cli/todo.sh"

results="$work/results.txt"
: >"$results"
cd "$work/cli/tests"
for test in t[0-9]*.sh; do
    timeout 300 "./$test" >"$work/$test.log" 2>&1 || true
    sed -n -e "s|^\*   ok \([0-9]*\):.*|ok $test \1|p" -e "s|^\* FAIL \([0-9]*\):.*|FAIL $test \1|p" \
        "$work/$test.log" >>"$results"
done

expected=$(grep -v '^#' "$here/Scripts/upstream-departures.txt" | awk 'NF { print $1 " " $2 }')
status=0
while read -r verdict test number; do
    listed=no
    grep -qx "$test $number" <<<"$expected" && listed=yes
    if [ "$verdict" = FAIL ] && [ $listed = no ]; then
        echo "unexpected failure: $test case $number"
        sed -n "/^\* FAIL $number:/,/^\* \(expecting\|FAIL\|  *ok\)/p" "$work/$test.log" | head -40
        status=1
    elif [ "$verdict" = ok ] && [ $listed = yes ]; then
        echo "listed as a departure but passes now: $test case $number"
        status=1
    fi
done <"$results"
passed=$(grep -c '^ok ' "$results" || true)
failed=$(grep -c '^FAIL ' "$results" || true)
echo "upstream suite: $passed passed, $failed failed ($(wc -l <<<"$expected") failures expected)"
exit $status
