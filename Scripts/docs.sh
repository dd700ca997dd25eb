#!/usr/bin/env bash
# Builds the DocC documentation of the three library products (TextEngine, CellSizing,
# CollectionLayout) with swift-docc-plugin into .build/docs/<Target>, for static hosting.
# Fails when DocC reports any warning (broken symbol links, unresolved topics) or when a
# public declaration of the three libraries has no `///` comment.
#   Scripts/docs.sh               # all three
#   Scripts/docs.sh TextEngine    # one
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(TextEngine CellSizing CollectionLayout)

python3 Scripts/check-docs.py "${targets[@]/#/Sources/}"

out=.build/docs
mkdir -p "$out"
for target in "${targets[@]}"; do
  log="$out/$target.log"
  swift package --allow-writing-to-directory "$out" generate-documentation --target "$target" \
    --output-path "$out/$target" --transform-for-static-hosting --warnings-as-errors 2>&1 | tee "$log"
  if grep -q "warning:" "$log"; then
    echo "error: DocC reported warnings for $target (see $log)" >&2
    exit 1
  fi
  echo "docs: $out/$target"
done
