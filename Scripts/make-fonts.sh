#!/usr/bin/env bash
# Reproducibly build the bundled default font chain from Debian's Noto packages.
#
#   Scripts/make-fonts.sh OUTDIR
#
# Writes into OUTDIR (created if missing):
#   NotoSansCJKsc-Regular.otf, NotoSansCJKsc-Bold.otf   subsets of Noto Sans CJK SC (TTC face 2)
#   NotoSans-{Regular,Bold}.ttf, NotoSansArabic-{Regular,Bold}.ttf, NotoSansHebrew-{Regular,Bold}.ttf,
#   NotoSansThai-{Regular,Bold}.ttf, NotoSansDevanagari-{Regular,Bold}.ttf
#                                                       byte-identical copies of the Debian files
#   NotoColorEmoji.ttf                                  byte-identical copy (shared by both chains)
#   cjk-unicodes.txt                                    the code points kept in the CJK subsets
#
# Chain order (primary first): CJK SC, Noto Sans, Arabic, Hebrew, Thai, Devanagari, Color Emoji.
#
# Needs (pinned; the script refuses other versions unless ALLOW_OTHER_VERSIONS=1):
#   fonts-noto-cjk 1:20220127+repack1-1, fonts-noto-core 20201225-1,
#   fonts-noto-color-emoji 2.042-0+deb12u1, python3 with fontTools 4.68.0 (pyftsubset).
# FEED_CORPUS / MULTI_CORPUS override the corpora whose code points the CJK subsets keep.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
OUT=$1
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")

CJK_DIR=/usr/share/fonts/opentype/noto
TTF_DIR=/usr/share/fonts/truetype/noto
FACE=2   # Noto Sans CJK SC inside the 10-face TTCs
corpus() {  # $1 = file name in the test fixtures
  for d in "$ROOT/Tests/Fixtures/corpus"; do
    [ -f "$d/$1" ] && { echo "$d/$1"; return; }
  done
  echo "error: corpus $1 not found" >&2; exit 1
}
FEED_CORPUS=${FEED_CORPUS:-$(corpus feed-visible.jsonl)}
MULTI_CORPUS=${MULTI_CORPUS:-$(corpus multiscript-visible.jsonl)}
for c in "$FEED_CORPUS" "$MULTI_CORPUS"; do [ -f "$c" ] || { echo "error: corpus '$c' not found" >&2; exit 1; }; done

declare -A PIN=(
  [fonts-noto-cjk]="1:20220127+repack1-1"
  [fonts-noto-core]="20201225-1"
  [fonts-noto-color-emoji]="2.042-0+deb12u1"
)
for p in "${!PIN[@]}"; do
  v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
  if [ "$v" != "${PIN[$p]}" ]; then
    msg="$p is '${v:-not installed}', expected ${PIN[$p]} (apt-get install $p=${PIN[$p]})"
    if [ "${ALLOW_OTHER_VERSIONS:-0}" = 1 ]; then echo "warning: $msg" >&2; else echo "error: $msg" >&2; exit 1; fi
  fi
done
ftv=$(python3 -c 'import fontTools; print(fontTools.version)')
[ "$ftv" = 4.68.0 ] || echo "warning: fontTools $ftv, the checked-in fonts were made with 4.68.0" >&2

# Faces copied whole: all their GSUB/GPOS (Vietnamese stacking marks, Arabic joining and
# Persian letters, Hebrew points, Thai marks, Devanagari conjuncts) stays intact, and they
# are small (2.4 MB for all ten).
COPIED=(NotoSans NotoSansArabic NotoSansHebrew NotoSansThai NotoSansDevanagari)
for f in "$CJK_DIR/NotoSansCJK-Regular.ttc" "$CJK_DIR/NotoSansCJK-Bold.ttc" "$TTF_DIR/NotoColorEmoji.ttf" \
         $(for n in "${COPIED[@]}"; do echo "$TTF_DIR/$n-Regular.ttf $TTF_DIR/$n-Bold.ttf"; done); do
  [ -f "$f" ] || { echo "error: $f missing (apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)" >&2; exit 1; }
done

mkdir -p "$OUT"

# 1. Code points of the CJK subsets (restricted to what the SC face maps).
python3 "$HERE/make-font-unicodes.py" "$CJK_DIR/NotoSansCJK-Regular.ttc" "$FACE" "$OUT/cjk-unicodes.txt" \
  "$FEED_CORPUS" "$MULTI_CORPUS"
python3 - "$CJK_DIR" "$FACE" <<'PY'
import sys
from fontTools.ttLib import TTFont
d, face = sys.argv[1], int(sys.argv[2])
r = set(TTFont(f"{d}/NotoSansCJK-Regular.ttc", fontNumber=face, lazy=True).getBestCmap())
b = set(TTFont(f"{d}/NotoSansCJK-Bold.ttc", fontNumber=face, lazy=True).getBestCmap())
assert r == b, "Regular and Bold SC faces map different code points"
PY

# 2. The CJK subsets: every layout feature, all name records, BASE, vhea/vmtx/VORG kept;
#    pyftsubset keeps every kept glyph's hmtx/vmtx entry and does not touch head.modified,
#    so the output is byte-for-byte reproducible.
for w in Regular Bold; do
  pyftsubset "$CJK_DIR/NotoSansCJK-$w.ttc" \
    --font-number="$FACE" \
    --unicodes-file="$OUT/cjk-unicodes.txt" \
    --layout-features='*' \
    --notdef-outline \
    --name-IDs='*' --name-languages='*' --name-legacy \
    --drop-tables-=BASE \
    --output-file="$OUT/NotoSansCJKsc-$w.otf"
done

# 3. Whole-file copies.
for n in "${COPIED[@]}"; do
  for w in Regular Bold; do cp "$TTF_DIR/$n-$w.ttf" "$OUT/$n-$w.ttf"; done
done
cp "$TTF_DIR/NotoColorEmoji.ttf" "$OUT/NotoColorEmoji.ttf"

for f in NotoSansCJKsc-Regular.otf NotoSansCJKsc-Bold.otf \
         $(for n in "${COPIED[@]}"; do echo "$n-Regular.ttf $n-Bold.ttf"; done) NotoColorEmoji.ttf cjk-unicodes.txt; do
  printf '%-30s %10d bytes\n' "$f" "$(stat -c %s "$OUT/$f")"
done
echo "total: $(cat "$OUT"/*.otf "$OUT"/*.ttf "$OUT/cjk-unicodes.txt" | wc -c) bytes"
