#!/usr/bin/env bash
# Installs the system libraries SelfSizing builds against (Debian/Ubuntu), only if missing.
set -euo pipefail
# fontconfig resolves family names and system fallback; the Noto packages hold the fonts the
# multi-script accuracy tests name by family. chromium: the report's browser tests
# (ReportBrowserTests) open its pages headless; they are skipped, visibly, without it (about
# 150 MB to download, ~3 min on a 2-core machine).
packages=(libfreetype-dev libharfbuzz-dev libicu-dev zlib1g-dev libfontconfig-dev pkg-config
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji chromium)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" \
    || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
fi
