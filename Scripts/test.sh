#!/usr/bin/env bash
# The test command: installs what is missing, then runs every test: the Swift tests, then the
# Python and Node bindings' tests (pytest, node --test) against the debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
./Scripts/setup.sh
# The Spark test fails, rather than skips, when setup could not install pyspark.
SELFSIZE_REQUIRE_SPARK=1 swift test --disable-xctest "$@"
# The bindings: build the library and both bindings (debug, sharing the tests' build), install
# the Python package, and check both against the CLI.
./Scripts/bindings.sh debug
export SELFSIZE_CLI="$PWD/.build/debug/selfsize"
python3 -m pytest -q -p no:cacheprovider bindings/python/tests
node --test bindings/node/test/*.test.js
