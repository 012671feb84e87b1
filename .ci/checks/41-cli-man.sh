#!/usr/bin/env bash
# The man page: `scn help --man` is read by man-db (`man -l`) and groff without a warning,
# and names every subcommand and every option that `--help` lists.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null || exit 1
scn="$(swift build --show-bin-path)/scn"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$scn" help --man > "$work/scn.1" || exit 1
status=0
warnings=$(groff -man -Tutf8 -ww -z "$work/scn.1" 2>&1)
if [ -n "$warnings" ]; then
    echo "error: groff warns about the man page:" >&2
    echo "$warnings" >&2
    status=1
fi
MANWIDTH=100 MAN_KEEP_FORMATTING= man -l "$work/scn.1" 2>"$work/man.err" | col -b > "$work/page.txt"
if [ -s "$work/man.err" ] || [ ! -s "$work/page.txt" ]; then
    echo "error: man -l cannot show the page:" >&2
    cat "$work/man.err" >&2
    status=1
fi
for heading in NAME SYNOPSIS COMMANDS "EXIT CODES" "SCENARIO COMMANDS" EXAMPLES; do
    grep -q "^$heading" "$work/page.txt" || { echo "error: the man page has no $heading section" >&2; status=1; }
done
# Every subcommand and each of its options, as --help lists them.
commands=$("$scn" --help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && $1 !~ /^-/ && NF { print $1 }')
for command in $commands; do
    grep -q "^ *scn $command" "$work/page.txt" || { echo "error: the man page lacks 'scn $command'" >&2; status=1; }
    for option in $("$scn" "$command" --help | grep -oE '^  (-[a-z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
        grep -q -- "$option" "$work/page.txt" || { echo "error: the man page lacks $command $option" >&2; status=1; }
    done
done
[ $status -eq 0 ] && echo "ok: man -l shows the page: $(echo $commands | wc -w) commands, no groff warning"
exit $status
