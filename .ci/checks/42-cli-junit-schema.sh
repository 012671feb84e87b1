#!/usr/bin/env bash
# JUnit XML against the schema Jenkins' xunit plugin publishes (Tests/Schemas/junit-10.xsd):
# the report of the scenario library and of Tests/cli/reports (a failure inside an included
# file, odd case names, a skip, a known bug, a file that does not check) validate with
# xmllint; --junit-locations puts the included file and line on the failing testcase.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null || exit 1
scn="$(swift build --show-bin-path)/scn"
schema=Tests/Schemas/junit-10.xsd
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
"$scn" test Scenarios --junit "$work/library.xml" >/dev/null
"$scn" test Tests/cli/reports --junit "$work/reports.xml" >/dev/null
for report in library reports; do
    if xmllint --noout --schema "$schema" "$work/$report.xml" 2>"$work/$report.err"; then
        echo "ok: the $report report validates against junit-10.xsd"
    else
        echo "error: the $report report does not validate against junit-10.xsd:" >&2
        cat "$work/$report.err" >&2
        status=1
    fi
done
"$scn" test Tests/cli/reports --junit "$work/located.xml" --junit-locations >/dev/null
where=$(xmllint --xpath 'string(//testcase[@name="flaky # TODO"]/@file)' "$work/located.xml"):$(xmllint --xpath 'string(//testcase[@name="flaky # TODO"]/@line)' "$work/located.xml")
if [ "$where" = "Tests/cli/reports/lib/helpers.scn:3" ]; then
    echo "ok: --junit-locations names the included file and line where the failure happened ($where)"
else
    echo "error: --junit-locations says $where, not Tests/cli/reports/lib/helpers.scn:3" >&2
    status=1
fi
exit $status
