#!/usr/bin/env bash
# Builds the C library (libselfsize.so, the SelfSizeC product) and both bindings from a clone, and
# installs the Python package into the current python3:
#   Scripts/bindings.sh            # release build (for use)
#   Scripts/bindings.sh debug      # debug build (./Scripts/test.sh: shares the tests' build)
# Python: bindings/python/selfsize/_lib/ gets the library and its resource bundle (fonts), the
# package its optional accelerator (_columns.c, built against python3's headers when it has them), then
# `pip install bindings/python`. Node: bindings/node/build/ gets the addon (selfsize.node, built
# with the C compiler against Node's headers, /usr/include/node), the library and the bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${1:-release}
case "$configuration" in release | debug) ;; *)
  echo "usage: Scripts/bindings.sh [release|debug]" >&2
  exit 2
  ;;
esac

swift build -c "$configuration" --product SelfSizeC
swift build -c "$configuration" --product selfsize
bin=$(swift build -c "$configuration" --show-bin-path)
library="$bin/libSelfSizeC.so"
bundle="$bin/SelfSizing_SelfSizingResources.resources"

# The library and the bundle it finds beside itself.
install_library() {
  rm -rf "$1/libselfsize.so" "$1/SelfSizing_SelfSizingResources.resources"
  mkdir -p "$1"
  cp "$library" "$1/libselfsize.so"
  cp -R "$bundle" "$1/"
}

compiler=${CC:-}
if [ -z "$compiler" ]; then
  if command -v cc >/dev/null 2>&1; then compiler=cc; else compiler=clang; fi
fi

# Python
install_library bindings/python/selfsize/_lib
# The optional accelerator (selfsize/_columns.c: the packed results turned into dicts in C), built
# against this python3's headers; without them the package turns them into dicts in Python.
rm -f bindings/python/selfsize/_columns.*.so
python_include=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
python_suffix=$(python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
if [ -f "$python_include/Python.h" ]; then
  "$compiler" -std=c11 -O2 -Wall -Wextra -fPIC -shared -I"$python_include" -ISources/SelfSizeC/include \
    -o "bindings/python/selfsize/_columns$python_suffix" bindings/python/selfsize/_columns.c
else
  echo "bindings: no $python_include/Python.h: the Python package turns results into dicts in Python (slower)" >&2
fi
pip_install() {
  python3 -m pip install --quiet --no-deps --force-reinstall "$@" ./bindings/python
}
if python3 -c "import setuptools, wheel" >/dev/null 2>&1; then
  # setuptools and wheel are here: build without fetching them.
  pip_install --no-build-isolation || pip_install --no-build-isolation --user --break-system-packages
else
  pip_install || pip_install --user --break-system-packages
fi
rm -rf bindings/python/build bindings/python/selfsize.egg-info
echo "bindings: python3 -c 'import selfsize' -> $(cd / && python3 -c 'import selfsize; print(selfsize.library_path())')"

# Node
headers=${NODE_HEADERS:-/usr/include/node}
[ -f "$headers/node_api.h" ] || {
  echo "bindings: no $headers/node_api.h (install nodejs / libnode-dev, or set NODE_HEADERS)" >&2
  exit 1
}
install_library bindings/node/build
"$compiler" -std=c11 -O2 -Wall -Wextra -fPIC -shared -D_GNU_SOURCE -I"$headers" -ISources/SelfSizeC/include \
  -o bindings/node/build/selfsize.node bindings/node/src/selfsize_node.c -ldl
echo "bindings: node addon -> bindings/node/build/selfsize.node"
