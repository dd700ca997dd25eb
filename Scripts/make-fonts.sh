#!/usr/bin/env bash
# Reproducibly build the bundled fonts in Fonts/ from Debian's packages.
#
#   Scripts/make-fonts.sh            # writes Fonts/*.otf, Fonts/NotoColorEmoji.ttf, Fonts/cjk-unicodes.txt
#
# Needs: fonts-noto-cjk (1:20220127+repack1-1), fonts-noto-color-emoji (2.042-0+deb12u1),
# python3 with fontTools (pyftsubset). Set CORPUS to use another corpus for the extra code points.
set -euo pipefail
cd "$(dirname "$0")/.."

CJK_DIR=/usr/share/fonts/opentype/noto
EMOJI=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
FACE=2   # Noto Sans CJK SC inside the 10-face TTCs
CORPUS=${CORPUS:-../shared/corpus/feed-visible.jsonl}
[ -f "$CORPUS" ] || CORPUS=Tests/Fixtures/corpus/feed-visible.jsonl

for f in "$CJK_DIR/NotoSansCJK-Regular.ttc" "$CJK_DIR/NotoSansCJK-Bold.ttc" "$EMOJI"; do
  [ -f "$f" ] || { echo "error: $f missing (apt-get install fonts-noto-cjk fonts-noto-color-emoji)" >&2; exit 1; }
done

mkdir -p Fonts
# Code points: GB 2312 + Latin/punctuation/symbol blocks + kana + every corpus code point,
# restricted to what the SC face maps (Regular and Bold map the same set; checked below).
python3 Scripts/make-font-unicodes.py "$CJK_DIR/NotoSansCJK-Regular.ttc" "$FACE" "$CORPUS" Fonts/cjk-unicodes.txt
python3 - "$CJK_DIR" "$FACE" <<'PY'
import sys
from fontTools.ttLib import TTFont
d, face = sys.argv[1], int(sys.argv[2])
r = set(TTFont(f"{d}/NotoSansCJK-Regular.ttc", fontNumber=face, lazy=True).getBestCmap())
b = set(TTFont(f"{d}/NotoSansCJK-Bold.ttc", fontNumber=face, lazy=True).getBestCmap())
assert r == b, "Regular and Bold SC faces map different code points"
PY

for w in Regular Bold; do
  pyftsubset "$CJK_DIR/NotoSansCJK-$w.ttc" \
    --font-number="$FACE" \
    --unicodes-file=Fonts/cjk-unicodes.txt \
    --layout-features='*' \
    --notdef-outline \
    --name-IDs='*' --name-languages='*' --name-legacy \
    --drop-tables-=BASE \
    --output-file="Fonts/NotoSansCJKsc-$w.otf"
  echo "Fonts/NotoSansCJKsc-$w.otf: $(stat -c %s "Fonts/NotoSansCJKsc-$w.otf") bytes"
done

cp "$EMOJI" Fonts/NotoColorEmoji.ttf
echo "Fonts/NotoColorEmoji.ttf: $(stat -c %s Fonts/NotoColorEmoji.ttf) bytes"
