#!/usr/bin/env bash
# The language server end to end: pytest-lsp (a client this project did not write) starts
# `scn lsp` and talks to it as an editor does; the suite is Tests/lsp.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null || exit 1
export PYTHONDONTWRITEBYTECODE=1
export SCN="$(swift build --show-bin-path)/scn"
python3 -m pytest -q -p no:cacheprovider Tests/lsp
status=$?
case $status in
    0) ;;
    5) echo "error: pytest found no tests in Tests/lsp" >&2; exit 1 ;;
    *) echo "error: the language server's end-to-end tests failed (pytest exit $status)" >&2; exit 1 ;;
esac
