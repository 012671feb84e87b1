#!/usr/bin/env bash
# Hostile probes under the limits the hostile suite promises (docs/RELIABILITY.md), in a
# release build: each must end within 3 s of wall time with 256 MiB of data and 2 GiB of
# address space, with the exit code and the text it names. These are the inputs that once
# hung or blew up: the language server's completion, hover, outline and a deep JSON value,
# configuration lists, a repeated option, long names and payloads in reports.
#
# A probe that takes longer than 3 s is run once more before it fails, so that a machine
# busy with something else does not fail CI; a hang or a quadratic path fails both times.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product scn >/dev/null || exit 1
scn="$(swift build -c release --show-bin-path)/scn"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# probe NAME STATUS NEEDLE [INPUT] -- ARGS...: runs scn ARGS in $work (standard input from
# INPUT, else empty) under the limits.
probe() {
    local name=$1 status=$2 needle=$3 input=/dev/null
    shift 3
    if [ "$1" != "--" ]; then input=$1; shift; fi
    shift
    local try got
    for try in 1 2; do
        (cd "$work" && ulimit -d 262144 -v 2097152 && exec timeout -s KILL 3 "$scn" "$@") \
            <"$input" >"$work/out" 2>&1
        got=$?
        [ $got -ne 137 ] && break
    done
    if [ $got -ne "$status" ] || ! grep -qF -- "$needle" "$work/out"; then
        echo "FAIL $name: exit $got (expected $status), looking for: $needle" >&2
        head -c 600 "$work/out" >&2
        echo >&2
        failures=$((failures + 1))
    else
        echo "ok   $name"
    fi
}

lsp() { python3 Tests/probes/lsp.py "$1" >"$work/$1.lsp"; }

for p in defs long-line hovers long-line-hovers symbols deep-json; do lsp $p; done
probe "lsp: completion among 20,000 defs" 0 '"isIncomplete":true' "$work/defs.lsp" -- lsp
probe "lsp: completion at the end of a 1.1 MB line" 0 '"label":"badge"' "$work/long-line.lsp" -- lsp
probe "lsp: 1,000 hovers and 1,000 definitions" 0 '"id":2000' "$work/hovers.lsp" -- lsp
probe "lsp: 1,000 hovers at the end of a 1 MB line" 0 '"id":1000' "$work/long-line-hovers.lsp" -- lsp
probe "lsp: the outline of 250,000 lines" 0 '"id":1,"jsonrpc":"2.0","result":[{' "$work/symbols.lsp" -- lsp
probe "lsp: a deep JSON value that is not a request" 0 '"code":-32600' "$work/deep-json.lsp" -- lsp

python3 - "$work" <<'PY'
import sys
w = sys.argv[1]
def put(name, text):
    open(w + "/" + name, "w").write(text)
put("categories.scn", "sdk none\n" + "".join("category c%d actions a%d\naction a%d foreground\n" % (i, i, i) for i in range(20000)) + "launch background\n")
put("apps.scn", "sdk none\n" + "".join("app-group g%d both\n" % i for i in range(50000)) + "launch background\n")
put("option.scn", "sdk kindly\nlaunch background\npush kindly visible" + " title \"a\"" * 50000 + "\n")
put("topic.scn", "sdk none\nprovider topic \"%s\"\nlaunch background\nrepeat 300 { push app visible title \"a\" }\n" % ("t" * 1000000))
put("cert.scn", "sdk none\nprovider auth cert \"%s\"\nlaunch background\n" % ("t" * 1000000))
put("payload.scn", "sdk kindly\nlaunch background\nlet p = \"%s\"\nrepeat 3000 { push raw {\"aps\": {\"alert\": $p}} }\n" % ("x" * 60000))
PY
probe "20,000 category and action lines" 2 "too many categories: an app declares at most 1000" -- run categories.scn
probe "50,000 app-group lines" 2 "too many app groups" -- check apps.scn
probe "one option given 50,000 times" 2 "too many errors: stopped after 100" -- check option.scn
probe "a 1 MB provider topic (run)" 2 "an apns-topic longer than 255 bytes" -- run topic.scn
probe "a 1 MB provider topic (run --json)" 2 "an apns-topic longer than 255 bytes" -- run --json topic.scn
probe "a 1 MB provider topic (repro)" 2 "an apns-topic longer than 255 bytes" -- repro topic.scn
probe "a 1 MB certificate topic" 2 "a certificate's topic longer than 255 bytes" -- check cert.scn
probe "3,000 pushes of 60 KB (run --json)" 0 "bytes)" -- run --json payload.scn
probe "3,000 pushes of 60 KB (repro)" 0 "sequenceDiagram" -- repro payload.scn

if [ $failures -ne 0 ]; then
    echo "error: $failures hostile probe(s) failed under 3 s, 256 MiB, 2 GiB" >&2
    exit 1
fi
