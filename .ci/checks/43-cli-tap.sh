#!/usr/bin/env bash
# TAP read by two consumers this project did not write: Perl's prove (TAP::Parser) and
# Python's tappy (tap.py). On the same stream — the scenario library's, and that of
# Tests/cli/reports with case names such as "flaky # TODO" — both must read every test
# point the same way, and agree with scn on whether the run failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null || exit 1
scn="$(swift build --show-bin-path)/scn"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for suite in Scenarios Tests/cli/reports; do
    name=$(basename "$suite")
    "$scn" test "$suite" --tap > "$work/$name.tap"
    scn_status=$?
    perl Tests/cli/tap-results.pl "$work/$name.tap" > "$work/$name.prove" || status=1
    python3 Tests/cli/tap-results.py "$work/$name.tap" > "$work/$name.tappy" || status=1
    if ! diff -u "$work/$name.prove" "$work/$name.tappy"; then
        echo "error: prove and tappy read $suite's TAP differently (above: prove, tappy)" >&2
        status=1
    fi
    prove --exec cat "$work/$name.tap" >/dev/null 2>&1
    prove_status=$?
    tappy "$work/$name.tap" >/dev/null 2>&1
    tappy_status=$?
    # scn: 0 passed, 1 a case failed, 2 a file did not check; both consumers fail on 1 and 2.
    expected=$([ $scn_status -eq 0 ] && echo pass || echo fail)
    for consumer in prove tappy; do
        s=${consumer}_status
        got=$([ ${!s} -eq 0 ] && echo pass || echo fail)
        if [ "$got" != "$expected" ]; then
            echo "error: $consumer says $got for $suite, scn exited $scn_status" >&2
            status=1
        fi
    done
    echo "ok: prove and tappy read $(wc -l < "$work/$name.prove") test points of $suite alike ($expected)"
done
# The case that tappy used to read as an expected failure.
if ! grep -q "^2 fail$" "$work/reports.prove" || ! grep -q "^2 fail$" "$work/reports.tappy"; then
    echo "error: the failing case 'flaky # TODO' is not a failure for both consumers" >&2
    status=1
fi
exit $status
