#!/usr/bin/env bash
# The main job: installs what is missing, then runs `selfsize report` on the bundled defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
./Scripts/setup.sh
swift run -c release --static-swift-stdlib selfsize report "$@"
