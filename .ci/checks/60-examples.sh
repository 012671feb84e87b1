#!/usr/bin/env bash
# Examples/: a host package that embeds scn with a command and an expectation of its own.
# Built; its one-call string runner run; its own tool (ScenarioTool.main with its
# vocabulary) checking, testing and serving LSP with the host's commands; its scenarios run
# as Swift Testing cases; and scn's own tool run through scn's SwiftPM command plugin
# (`swift package scn …`), with nothing installed.
set -euo pipefail
cd "$(dirname "$0")/../../Examples"
start=$(date +%s)
swift build
bin="$(swift build --show-bin-path)"

out=$("$bin/run-string")
if [ "$out" != "ok scenario" ]; then
    echo "error: run-string printed '$out', expected 'ok scenario'" >&2
    exit 1
fi

"$bin/badge-scn" check Scenarios
"$bin/badge-scn" test Scenarios
"$bin/badge-scn" help unread | grep -q "set the host's unread count"
# An SDK of the host's own (Acme): its scenarios check and pass, and its REPL runs it.
"$bin/badge-scn" check AcmeScenarios
"$bin/badge-scn" test AcmeScenarios
repl=$(printf 'sdk acme\nlaunch background\npush acme "Hi"\nexpect acme unread 2\n' | "$bin/badge-scn" 2>&1 || true)
grep -q "actual:   unread 1" <<<"$repl" || { echo "error: the host's REPL did not run Acme: $repl" >&2; exit 1; }
# The host's language server knows the host's command: a wrong argument is its diagnostic.
python3 - "$bin/badge-scn" <<'PY'
import json, subprocess, sys
def frame(m):
    b = json.dumps(m).encode()
    return b"Content-Length: %d\r\n\r\n" % len(b) + b
doc = {"uri": "file:///tmp/badge.scn", "languageId": "scn", "version": 1, "text": "sdk kindly\nunread lots\npush acme \"Hi\"\n"}
data = b"".join(frame(m) for m in [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": doc}},
    {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
])
done = subprocess.run([sys.argv[1], "lsp"], input=data, capture_output=True, timeout=60)
assert done.returncode == 0, done
assert b"expected a whole number, got 'lots'" in done.stdout, done.stdout
assert b"'push acme' is Acme's, but the app integrates Kindly" in done.stdout, done.stdout
PY

swift test
# One case of the Swift Testing bridge, chosen as scn test --filter chooses (SCN_FILTER).
out=$(SCN_FILTER='badge\.scn › the host clears' swift test --filter scenario 2>&1)
cases=$(grep -c "Test case passing 1 argument" <<< "$out" || true)
if [ "$cases" != 1 ] || ! grep -q "the host clears its unread count" <<< "$out"; then
    echo "error: SCN_FILTER did not select one case ($cases):" >&2; echo "$out" | tail -20 >&2; exit 1
fi

# The plugin: `swift package scn ARGS` runs the dependency's scn with ARGS in the package's
# folder, and fails when the tool does; `--tool PRODUCT` first runs the package's own tool
# instead (the host's commands). The plugin declares that it writes in the package (reports,
# --out), so SwiftPM asks in a terminal and, here, is told: --allow-writing-to-package-directory.
plugin() {
    local out
    out=$(swift package --allow-writing-to-package-directory scn "$@" 2>&1 </dev/null) || { echo "error: swift package scn $* failed:" >&2; echo "$out" >&2; return 1; }
    echo "$out"
}
# With no arguments: its usage, then the tool's, exit 0.
out=$(plugin)
grep -q "^usage: swift package \[--allow-writing-to-package-directory\] scn" <<< "$out" || { echo "error: swift package scn printed no usage: $out" >&2; exit 1; }
grep -q "^commands:" <<< "$out" || { echo "error: swift package scn did not print the tool's commands: $out" >&2; exit 1; }
# Without the permission, SwiftPM refuses before the plugin runs, naming the flag.
if out=$(swift package scn test Standard 2>&1 </dev/null); then
    echo "error: the plugin ran without being allowed to write: $out" >&2; exit 1
fi
grep -q "allow-writing-to-package-directory" <<< "$out" || { echo "error: SwiftPM did not name the flag: $out" >&2; exit 1; }
out=$(plugin test Standard)
grep -q "^1 passed, 0 failed" <<< "$out" || { echo "error: swift package scn test Standard: $out" >&2; exit 1; }
out=$(plugin --tool badge-scn test Scenarios)
grep -q "^2 passed, 0 failed" <<< "$out" || { echo "error: swift package scn --tool badge-scn test Scenarios: $out" >&2; exit 1; }
plugin test Standard --junit .build/plugin-junit.xml >/dev/null
grep -q '<testsuite ' .build/plugin-junit.xml || { echo "error: the plugin's scn test wrote no JUnit report" >&2; exit 1; }
printf 'sdk kindly\nlaunch background\nexpect banners 1\n' > .build/plugin-fails.scn
if swift package --allow-writing-to-package-directory scn run .build/plugin-fails.scn >/dev/null 2>&1 </dev/null; then
    echo "error: swift package scn run of a failing scenario exited 0" >&2
    exit 1
fi
echo "Examples: built and run in $(( $(date +%s) - start )) s"
