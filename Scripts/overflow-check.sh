#!/usr/bin/env bash
# Overflow check: opens a report's HTML page in headless Chromium and prints how many labels
# need more lines (or more width) in the browser than selfsize measured.
#
#   Scripts/overflow-check.sh               # builds and writes the default report to a temp dir, checks
#                                           # its report.html and every width's waterfall page
#   Scripts/overflow-check.sh report.html   # checks an existing page
#
# The page checks itself (see ReportScene.html): for each label the browser wraps the text we
# show at the label's width and counts its lines; the result is JSON in
# <pre id="overflow-report" data-status="done">. Exit status: 0 no overflow, 1 some labels
# overflow, 2 the check could not run (no chromium, page not checked).
# Environment: CHROMIUM (default: chromium), SELFSIZE (default: swift run selfsize).
set -euo pipefail
cd "$(dirname "$0")/.."
chromium="${CHROMIUM:-chromium}"
if ! command -v "$chromium" >/dev/null 2>&1; then
  echo "overflow-check: $chromium not found (Debian: apt-get install -y chromium)" >&2
  exit 2
fi
page="${1:-}"
if [[ -z "$page" ]]; then
  dir="$(mktemp -d)"
  trap 'rm -rf "$dir"' EXIT
  if [[ -n "${SELFSIZE:-}" ]]; then
    "$SELFSIZE" report --quiet --pictures html --picture-cards 0 --output-dir "$dir" >/dev/null
  else
    swift run -c release selfsize report --quiet --pictures html --picture-cards 0 --output-dir "$dir" >/dev/null
  fi
  pages=("$dir"/*.html)
else
  pages=("$page")
fi
sandbox=()
[[ "$(id -u)" == 0 ]] && sandbox=(--no-sandbox)
status=0
for page in "${pages[@]}"; do
  [[ -f "$page" ]] || { echo "overflow-check: no such file: $page" >&2; exit 2; }
  url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
  echo "$(basename "$page"):"
  "$chromium" --headless "${sandbox[@]}" --disable-gpu --allow-file-access-from-files \
    --virtual-time-budget=30000 --dump-dom "$url" 2>/dev/null |
    python3 Scripts/overflow-check.py || { code=$?; [[ $code -gt $status ]] && status=$code; }
done
exit $status
