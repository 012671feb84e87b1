#!/usr/bin/env bash
# Fuzzes the language front end and the runtime with libFuzzer (ASan on).
#   Fuzz/run.sh [SECONDS]        default 60
# Seeds come from the scenario library; findings are written to Fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
mkdir -p .corpus findings
find ../Scenarios -name '*.scn' -exec cp {} .corpus/ \;
# LeakSanitizer is off: the built-in vocabulary is a process-wide constant, which it
# would report at exit.
ASAN_OPTIONS=detect_leaks=0 .build/release/FuzzLanguage \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix=findings/ .corpus
