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

# Java 17 and pyspark: the Spark test (SparkMeasureTests) runs Scripts/spark-measure.py in
# local[2] mode on a small feed. pyspark 4 needs Java 17 or newer.
if ! command -v java >/dev/null 2>&1; then
  echo "setup: installing openjdk-17-jre-headless (for pyspark)" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless \
    || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless; }
fi
if ! python3 -c "import pyspark" >/dev/null 2>&1; then
  echo "setup: installing pyspark (pip)" >&2
  if ! python3 -m pip --version >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends python3-pip
  fi
  # Debian's own python3 refuses system-wide pip installs (PEP 668): install for this user then.
  python3 -m pip install --quiet "pyspark>=4,<5" \
    || python3 -m pip install --quiet --user --break-system-packages "pyspark>=4,<5"
fi

# The bindings' tests (Scripts/bindings.sh, run by Scripts/test.sh): pytest for the Python package,
# Node with its headers (/usr/include/node; Debian's nodejs, or libnode-dev where its nodejs
# ships none) for the N-API addon, and a C compiler (the Swift toolchain's clang will do).
bindings=()
python3 -c "import pytest" >/dev/null 2>&1 || bindings+=(python3-pytest)
python3 -m pip --version >/dev/null 2>&1 || bindings+=(python3-pip)
command -v node >/dev/null 2>&1 || bindings+=(nodejs)
# pip builds the package with setuptools and wheel: Debian's, so no index is needed.
for package in python3-setuptools python3-wheel; do
  python3 -c "import setuptools, wheel" >/dev/null 2>&1 \
    || dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || bindings+=("$package")
done
# Debian's nodejs keeps its headers in libnode-dev (NodeSource's ships them itself).
[ -f /usr/include/node/node_api.h ] || [ -n "${NODE_HEADERS:-}" ] || bindings+=(libnode-dev)
if [ ${#bindings[@]} -gt 0 ]; then
  echo "setup: installing ${bindings[*]} (for the bindings' tests)" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends "${bindings[@]}" \
    || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${bindings[@]}"; }
fi
# A python3 that is not Debian's (pyenv, a venv) does not see python3-pytest: install it with pip.
if ! python3 -c "import pytest" >/dev/null 2>&1; then
  python3 -m pip install --quiet pytest || python3 -m pip install --quiet --user --break-system-packages pytest
fi
