#!/usr/bin/env bash
# Shell completion, in each shell: `scn completion bash|zsh|fish` is generated, loaded into
# bash, zsh and fish, and asked to complete every line of Tests/cli/completion-cases.txt;
# each shell must offer exactly the words listed there.
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null || exit 1
scn="$(swift build --show-bin-path)/scn"
cases="$PWD/Tests/cli/completion-cases.txt"
drivers="$PWD/Tests/cli"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
touch a.scn notes.txt
mkdir sub
grep -v '^#' "$cases" | grep . > expected
status=0
for shell in bash zsh fish; do
    if ! command -v "$shell" >/dev/null; then
        echo "error: $shell is not installed (.ci/packages/cli.apt)" >&2
        status=1
        continue
    fi
    "$scn" completion "$shell" > "script.$shell" || { status=1; continue; }
    case $shell in
    bash) bash "$drivers/complete.bash" "script.$shell" "$cases" > "offered.$shell" ;;
    zsh) zsh -f "$drivers/complete.zsh" "script.$shell" "$cases" > "offered.$shell" ;;
    fish) fish --no-config "$drivers/complete.fish" "script.$shell" "$cases" > "offered.$shell" ;;
    esac
    if diff -u expected "offered.$shell" > "diff.$shell"; then
        echo "ok: $shell completes $(wc -l < expected) command lines as expected"
    else
        echo "error: $shell's completion differs (expected, offered):" >&2
        cat "diff.$shell" >&2
        status=1
    fi
done
exit $status
