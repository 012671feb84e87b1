#!/usr/bin/env bash
# macOS: the package must compile with Darwin as well as Glibc, and only CI on Linux runs.
# So the C library is reached through one file per module, Platform.swift (the module's
# folder, e.g. Sources/ScenarioTool/Platform.swift), which has a Darwin branch beside the
# Glibc one; and Foundation is imported as FoundationEssentials only where that exists
# (macOS has no FoundationEssentials module). Fails, naming file and line, when
#   - a Swift file other than a module's Platform.swift names Glibc, Darwin or Musl (an
#     import, a `Glibc.write` call, a `canImport(Glibc)`); comment lines and string
#     literals are not read;
#   - a Platform.swift that names Glibc has no `canImport(Darwin)` branch, or the reverse;
#   - `import FoundationEssentials` is not directly under `#if canImport(FoundationEssentials)`;
#   - the cryptography library is imported outside its own file: libcrypto (`import CCrypto`)
#     only in a Libcrypto.swift, Apple's CryptoKit only in a CryptoKit.swift (Linux builds
#     the first, a Mac the second: NotificationCore/Crypto/), each under its `#if`.
# Usage: 30-platform.sh [ROOT] (default: the repository); Tests/scnTests/PlatformCheckTests
# runs it on trees made to fail.
set -euo pipefail
root="${1:-$(dirname "$0")/../..}"
cd "$root"

folders=()
for folder in Sources Tests Plugins Examples/Sources Examples/Tests Examples/Plugins; do
    [ -d "$folder" ] && folders+=("$folder")
done
[ ${#folders[@]} -gt 0 ] || { echo "error: no Sources or Tests folder in '$root'" >&2; exit 1; }

find "${folders[@]}" -name '*.swift' -type f -print0 | sort -z | xargs -0 awk '
    function report(message) { printf "%s:%d: %s\n", FILENAME, FNR, message; failed = 1 }
    function finish(   name) {
        if (file == "" || !platform) return
        if (glibc && !darwin) { printf "%s: has a Glibc branch and no canImport(Darwin) branch\n", file; failed = 1 }
        if (darwin && !glibc) { printf "%s: has a Darwin branch and no canImport(Glibc) branch\n", file; failed = 1 }
    }
    FNR == 1 {
        finish()
        file = FILENAME; glibc = 0; darwin = 0; previous = ""; text = 0
        # A module'"'"'s platform file: <folder>/<Module>/Platform.swift.
        platform = FILENAME ~ /^(Examples\/)?(Sources|Tests|Plugins)\/[^\/]+\/Platform\.swift$/
    }
    {
        line = $0
        sub(/^[ \t]+/, "", line)
        # Inside a multi-line string literal, until its closing quotes.
        if (text) { if (line ~ /"""/) text = 0; next }
        if (line ~ /"""/) { text = 1; next }
        if (line ~ /^\/\//) next
        gsub(/"([^"\\]|\\.)*"/, "\"\"", line)
        if (platform) {
            if (line ~ /canImport\(Glibc\)/) glibc = 1
            if (line ~ /canImport\(Darwin\)/) darwin = 1
        } else if (line ~ /(^|[^A-Za-z0-9_])(Glibc|Darwin|Musl)([^A-Za-z0-9_]|$)/) {
            report("the C library is named outside Platform.swift (move the call into the module'"'"'s Platform.swift): " line)
        }
        if (line ~ /(^|[ \t])import[ \t]+CCrypto([ \t]|$)/ && FILENAME !~ /(^|\/)Libcrypto\.swift$/) {
            report("libcrypto is imported outside Libcrypto.swift (a Mac builds with CryptoKit instead): " line)
        }
        if (line ~ /(^|[ \t])import[ \t]+CryptoKit([ \t]|$)/ && FILENAME !~ /(^|\/)CryptoKit\.swift$/) {
            report("CryptoKit is imported outside CryptoKit.swift (Linux builds with libcrypto instead): " line)
        }
        if (line ~ /^import[ \t]+(CCrypto|CryptoKit)([ \t]|$)/ && previous !~ /^#if .*canImport\((CCrypto|CryptoKit)\)/ && previous !~ /^import /) {
            report("the cryptography library is imported outside its #if canImport(...) branch: " line)
        }
        if (line ~ /^import[ \t]+FoundationEssentials/ && previous !~ /^#if canImport\(FoundationEssentials\)/) {
            report("import FoundationEssentials needs #if canImport(FoundationEssentials), #else import Foundation (macOS has no FoundationEssentials)")
        }
        if (line != "") previous = line
    }
    END { finish(); exit failed }
' || { echo "error: platform check failed: the rules are at the top of .ci/checks/30-platform.sh (README: macOS)" >&2; exit 1; }
echo "platform: the C library only in Platform.swift files, each with Darwin and Glibc branches; libcrypto and CryptoKit each only in its own file"
