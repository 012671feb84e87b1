#!/usr/bin/env bash
# The HTML report (scn test --html) in a real browser: the pages of Tests/cli/html (a failing
# case, a known bug that reproduces and one that no longer does, a pass, a skip, a case
# name made of markup) and of Scenarios/bugs are parsed by Python's html.parser into a
# well-formed tree, then rendered by headless Chromium; the check fails if a page logs
# anything to the console (an exception, a blocked script, a resource that did not load)
# or its screenshot is blank. Tests/cli/html-render.py drives Chromium over its DevTools pipe.
# A page with a deliberate <script>undefinedFn()</script> must be caught, so the check is
# known to see console errors.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null || exit 1
scn="$(swift build --show-bin-path)/scn"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
"$scn" test Tests/cli/html --html "$work/stories.html" >/dev/null
"$scn" test Scenarios/bugs --html "$work/bugs.html" >/dev/null
for page in stories bugs; do
    python3 Tests/cli/html-structure.py "$work/$page.html" || status=1
    python3 Tests/cli/html-render.py "$work/$page.html" "$work/$page.png" || status=1
done
if ! grep -q '<svg ' "$work/stories.html"; then
    echo "error: the report of Tests/cli/html has no diagram" >&2
    status=1
fi
# The check itself: a console error and a blank page must fail it.
printf '<!DOCTYPE html><html><body><p>report</p><script>undefinedFn()</script></body></html>\n' >"$work/error.html"
printf '<!DOCTYPE html><html><body></body></html>\n' >"$work/blank.html"
for page in error blank; do
    if python3 Tests/cli/html-render.py "$work/$page.html" "$work/$page.png" 2>/dev/null; then
        echo "error: the renderer did not fail on the $page page" >&2
        status=1
    else
        echo "ok: the renderer fails on the $page page"
    fi
done
if [ -n "${SCN_HTML_SCREENSHOTS:-}" ]; then
    mkdir -p "$SCN_HTML_SCREENSHOTS" && cp "$work"/stories.png "$work"/bugs.png "$SCN_HTML_SCREENSHOTS"/
fi
exit $status
