#!/usr/bin/env bash
# The hostile probes of Tests/scnTests/HostileLimitsTests.swift against a release build, as
# they were first run: each in a process of its own under 256 MiB of data (`ulimit -d`) and
# 2 GiB of address space (`ulimit -v`), and each must end within 3 s (SCN_PROBE_SECONDS).
# `.ci/run` has built and run the test suite (debug) already: this builds only the `scn`
# product in release and runs that one suite again against it (SCN_TEST_BINARY), reusing
# the test build.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product scn
SCN_TEST_BINARY="$PWD/.build/release/scn" SCN_PROBE_SECONDS=3 swift test --skip-build --filter HostileLimitsTests
