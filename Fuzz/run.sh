#!/usr/bin/env bash
# Fuzzes scn with libFuzzer (ASan on).
#   Fuzz/run.sh [SECONDS] [TARGET]    default 60 seconds, FuzzLanguage
# FuzzLanguage: any bytes are one scenario file (front end, formatter, runtime).
# FuzzRuntime: the bytes are a tree of files (`#file NAME` lines), run with includes and
#   payload files, seeded with hostile shapes from Seeds/runtime and guided by scn.dict.
# FuzzLanguageServer: the bytes are what an editor writes to `scn lsp` (Seeds/lsp).
# FuzzArguments: the bytes are a `scn test` command line, NUL between arguments (Seeds/arguments).
# FuzzProperties: lines of a file, `a `/`n ` lines made `always`/`never` lines (Seeds/properties).
# FuzzExplore: the bytes are the file `scn explore` searches from, depth 3 (Seeds/explore).
# FuzzRepl: each line is typed at the REPL's prompt, Tab pressed after it (Seeds/repl).
# FuzzShard: the bytes are a shard file `scn explore --merge` reads (Seeds/shard).
# Seeds come from the scenario library; findings are written to Fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
target="${2:-FuzzLanguage}"
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
corpus=".corpus/$target"
mkdir -p "$corpus" findings
extra=()
case "$target" in
    FuzzLanguageServer) cp Seeds/lsp/* "$corpus"/ ;;
    FuzzShard) cp Seeds/shard/* "$corpus"/ ;;
    FuzzArguments) cp Seeds/arguments/* "$corpus"/ ;;
    FuzzProperties | FuzzRepl)
        cp Seeds/"$(echo "${target#Fuzz}" | tr '[:upper:]' '[:lower:]')"/* "$corpus"/
        extra=(-dict=scn.dict)
        ;;
    FuzzExplore)
        cp Seeds/explore/* "$corpus"/
        find ../Scenarios/explore -name '*.scn' -exec cp {} "$corpus"/ \;
        extra=(-dict=scn.dict)
        ;;
    FuzzRuntime)
        find ../Scenarios -name '*.scn' -exec cp {} "$corpus"/ \;
        cp Seeds/runtime/* "$corpus"/
        extra=(-dict=scn.dict)
        ;;
    *) find ../Scenarios -name '*.scn' -exec cp {} "$corpus"/ \; ;;
esac
# LeakSanitizer is off: the built-in vocabulary is a process-wide constant, which it
# would report at exit.
ASAN_OPTIONS=detect_leaks=0 ".build/release/$target" "${extra[@]}" \
    -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=findings/ "$corpus"
