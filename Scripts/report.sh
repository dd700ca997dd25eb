#!/usr/bin/env bash
# The main job: installs what is missing, then runs `selfsize report` on the bundled defaults
# (a release build with the Swift runtime linked in statically, as the README installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
./Scripts/setup.sh
swift build -c release --static-swift-stdlib --product selfsize
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
"$bin/selfsize" report "$@"
