#!/usr/bin/env python3
"""Write the code point list (one hex per line, U+XXXX) kept in the CJK subsets.

Usage: make-font-unicodes.py SOURCE.ttc FACE_INDEX CORPUS.jsonl OUT.txt
Only code points the source face maps in its cmap are written, so the list is
exactly the coverage of the subset.
"""
import json
import sys

from fontTools.ttLib import TTFont

src, face, corpus, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
cmap = TTFont(src, fontNumber=face, lazy=True).getBestCmap()

want = set()
# GB 2312: every valid 2-byte sequence 0xA1A1-0xF7FE.
for hi in range(0xA1, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            s = bytes([hi, lo]).decode("gb2312")
        except UnicodeDecodeError:
            continue
        want.update(ord(c) for c in s)
ranges = [
    (0x0020, 0x007E),  # Basic Latin (printable)
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A
    (0x02B0, 0x02FF),  # Spacing modifier letters (ˇ ˉ ˊ ˋ ˙ used with pinyin / GB 2312)
    (0x0300, 0x036F),  # Combining diacritics (the face has a few)
    (0x0391, 0x03C9),  # Greek (in GB 2312 anyway)
    (0x0401, 0x0451),  # Cyrillic (in GB 2312 anyway)
    (0x2000, 0x206F),  # General Punctuation
    (0x2070, 0x209F),  # Superscripts and subscripts
    (0x20A0, 0x20CF),  # Currency symbols
    (0x2100, 0x214F),  # Letterlike symbols
    (0x2150, 0x218F),  # Number forms
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical operators (GB 2312 has some)
    (0x2460, 0x24FF),  # Enclosed alphanumerics (①…)
    (0x2500, 0x257F),  # Box drawing
    (0x2580, 0x259F),  # Block elements
    (0x25A0, 0x25FF),  # Geometric shapes
    (0x2600, 0x26FF),  # Miscellaneous symbols (text forms of ☆ ♀ etc.)
    (0x2700, 0x27BF),  # Dingbats (✓ ✔ …)
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0x3200, 0x32FF),  # Enclosed CJK letters and months
    (0xFE10, 0xFE1F),  # Vertical forms
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
    (0xFFFD, 0xFFFD),  # Replacement character
]
for a, b in ranges:
    want.update(range(a, b + 1))
# Every code point of the real feed corpus, so it measures as with the full face.
with open(corpus, encoding="utf-8") as f:
    for line in f:
        want.update(ord(c) for c in json.loads(line)["text"])

kept = sorted(cp for cp in want if cp in cmap)
with open(out, "w") as f:
    for cp in kept:
        f.write("U+%04X\n" % cp)
print(f"{len(kept)} code points kept of {len(want)} wanted", file=sys.stderr)
