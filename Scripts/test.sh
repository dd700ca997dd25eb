#!/usr/bin/env bash
# The test command: installs what is missing, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
./Scripts/setup.sh
# The Spark test fails, rather than skips, when setup could not install pyspark.
SELFSIZE_REQUIRE_SPARK=1 swift test --disable-xctest "$@"
