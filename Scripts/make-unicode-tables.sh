#!/usr/bin/env bash
# Remakes Sources/CShims/unicode_tables.c, the BMP line-break and shaping tables compiled into
# the package, from the installed ICU's property maps (after an ICU upgrade brings a new
# Unicode version). The tables are what the engine reads at run time; building them from ICU at
# start-up instead cost ~70 million instructions (~20 ms) before the first measurement.
# CompiledUnicodeTablesTests checks the committed tables against ICU on every test run.
set -euo pipefail
cd "$(dirname "$0")/.."
# A first version so the package builds before the table exists.
if [[ ! -f Sources/CShims/unicode_tables.c ]]; then
  echo "the committed Sources/CShims/unicode_tables.c is missing: restore it from git first" >&2
  exit 2
fi
SELFSIZE_RECORD_UNICODE_TABLES=1 swift test --disable-xctest --filter CompiledUnicodeTablesTests/record
echo "wrote Sources/CShims/unicode_tables.c; check it with: swift test --filter CompiledUnicodeTablesTests"
