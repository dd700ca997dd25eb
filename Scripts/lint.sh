#!/usr/bin/env bash
# Lint: `swift format lint --strict` with the committed .swift-format over every Swift file of the
# package, its benchmarks and its fuzz targets. Fix with:
#   swift format -i -r Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks \
#     Fuzz/Package.swift Fuzz/Sources
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --recursive Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks \
  Fuzz/Package.swift Fuzz/Sources
