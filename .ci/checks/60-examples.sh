#!/usr/bin/env bash
# Examples/: a host package that embeds scn with a command and an expectation of its own.
# Built, its one-call string runner run, its scenarios run as Swift Testing cases.
set -euo pipefail
cd "$(dirname "$0")/../../Examples"
start=$(date +%s)
swift build
out=$(swift run -q run-string)
if [ "$out" != "ok scenario" ]; then
    echo "error: run-string printed '$out', expected 'ok scenario'" >&2
    exit 1
fi
swift test
echo "Examples: built and run in $(( $(date +%s) - start )) s"
