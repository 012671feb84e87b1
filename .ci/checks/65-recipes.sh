#!/usr/bin/env bash
# The CI recipes of docs/TESTING.md and docs/EXPLORE.md, executed: their scn steps run against
# this build, shard by shard, artifacts passed between jobs; the explore recipe must also fail
# when its shards stop before its depth (65-recipes.py says what is substituted).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product scn >/dev/null
python3 .ci/checks/65-recipes.py "$(swift build --show-bin-path)/scn"
