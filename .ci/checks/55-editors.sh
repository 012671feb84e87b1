#!/usr/bin/env bash
# editors/: the TextMate grammar tokenized by textmate-grammar-python (a port of VS Code's
# tokenizer) and the VS Code extension folder read back; the suite is Tests/editors.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null || exit 1
export PYTHONDONTWRITEBYTECODE=1
export SCN="$(swift build --show-bin-path)/scn"
python3 -m pytest -q -p no:cacheprovider Tests/editors
status=$?
case $status in
    0) ;;
    5) echo "error: pytest found no tests in Tests/editors" >&2; exit 1 ;;
    *) echo "error: the editor files' tests failed (pytest exit $status)" >&2; exit 1 ;;
esac
