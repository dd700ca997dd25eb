#!/usr/bin/env python3
"""Write the code point list (one per line, U+XXXX) kept in the Noto Sans CJK SC subsets.

Usage: make-font-unicodes.py SOURCE.ttc FACE_INDEX OUT.txt CORPUS.jsonl [CORPUS.jsonl ...]

Only code points the source face maps in its cmap are written, so the list is exactly
the coverage of the subset. Wanted (before that restriction):

  * everything the previous subset had: GB 2312, the Latin / punctuation / symbol blocks
    below, kana, Hangul compatibility jamo, every code point of the feed corpus;
  * Japanese: all of Hiragana, Katakana, Katakana Phonetic Extensions (small kana),
    halfwidth katakana (in the Halfwidth and Fullwidth Forms block), every character of
    JIS X 0208 (levels 1 and 2 kanji, kana, symbols; enumerated through Python's euc_jp
    codec and cross-checked with shift_jis), the four 2010 Joyo kanji outside JIS X 0208,
    CJK Compatibility (squared words such as U+337B), Kanbun;
  * Korean: all 11,172 Hangul syllables, Hangul Jamo, Jamo Extended-A/-B, compatibility jamo;
  * the whole Latin Extended-B / Latin Extended Additional coverage of the face (it maps
    every Vietnamese letter, so Vietnamese text does not switch fonts letter by letter);
  * every code point of each CORPUS file (the feed corpus, the multi-script corpus).
"""
import json
import sys

from fontTools.ttLib import TTFont

if len(sys.argv) < 5:
    sys.exit(__doc__)
src, face, out, corpora = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
cmap = TTFont(src, fontNumber=face, lazy=True).getBestCmap()


def double_byte(codec, leads, trails):
    """Every character that a valid 2-byte sequence of `codec` decodes to."""
    got = set()
    for hi in leads:
        for lo in trails:
            try:
                s = bytes([hi, lo]).decode(codec)
            except UnicodeDecodeError:
                continue
            got.update(ord(c) for c in s)
    return got


groups = {}  # name -> wanted code points (for the summary)

# GB 2312: every valid 2-byte EUC-CN sequence 0xA1A1-0xF7FE.
groups["GB 2312"] = double_byte("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))

# JIS X 0208 (both kanji levels + non-kanji rows): every 2-byte EUC-JP sequence
# 0xA1A1-0xFEFE (the 0x8E / 0x8F prefixed JIS X 0201 kana / JIS X 0212 are 2/3-byte
# sequences with other leads and are not enumerated here).
jis = double_byte("euc_jp", range(0xA1, 0xFF), range(0xA1, 0xFF))
sjis = double_byte("shift_jis", list(range(0x81, 0xA0)) + list(range(0xE0, 0xF0)), range(0x40, 0xFD))
assert jis == sjis, "euc_jp and shift_jis disagree on JIS X 0208"
groups["JIS X 0208"] = jis
# Joyo kanji (2010 list) that JIS X 0208 lacks: 𠮟 塡 剝 頰.
groups["Joyo outside JIS X 0208"] = {0x20B9F, 0x5861, 0x525D, 0x9830}

ranges = {
    "Basic Latin (printable)": [(0x0020, 0x007E)],
    "Latin-1 Supplement": [(0x00A0, 0x00FF)],
    "Latin Extended-A": [(0x0100, 0x017F)],
    "Latin Extended-B": [(0x0180, 0x024F)],  # Vietnamese ơ ư, pinyin ǎ ǐ ǒ ǔ ǖ …
    "Spacing modifier letters": [(0x02B0, 0x02FF)],
    "Combining diacritics": [(0x0300, 0x036F)],
    "Greek (GB 2312 letters)": [(0x0391, 0x03C9)],
    "Cyrillic (GB 2312 letters)": [(0x0401, 0x0451)],
    "Hangul Jamo": [(0x1100, 0x11FF)],
    "Latin Extended Additional": [(0x1E00, 0x1EFF)],  # Vietnamese ạ ả ấ …
    "General Punctuation": [(0x2000, 0x206F)],
    "Superscripts and subscripts": [(0x2070, 0x209F)],
    "Currency symbols": [(0x20A0, 0x20CF)],
    "Letterlike symbols": [(0x2100, 0x214F)],
    "Number forms": [(0x2150, 0x218F)],
    "Arrows": [(0x2190, 0x21FF)],
    "Mathematical operators": [(0x2200, 0x22FF)],
    "Enclosed alphanumerics": [(0x2460, 0x24FF)],
    "Box drawing": [(0x2500, 0x257F)],
    "Block elements": [(0x2580, 0x259F)],
    "Geometric shapes": [(0x25A0, 0x25FF)],
    "Miscellaneous symbols": [(0x2600, 0x26FF)],
    "Dingbats": [(0x2700, 0x27BF)],
    "CJK Symbols and Punctuation": [(0x3000, 0x303F)],
    "Hiragana": [(0x3040, 0x309F)],
    "Katakana": [(0x30A0, 0x30FF)],
    "Hangul compatibility jamo": [(0x3130, 0x318F)],
    "Kanbun": [(0x3190, 0x319F)],
    "Katakana Phonetic Extensions": [(0x31F0, 0x31FF)],
    "Enclosed CJK letters and months": [(0x3200, 0x32FF)],
    "CJK Compatibility": [(0x3300, 0x33FF)],
    "Hangul Jamo Extended-A": [(0xA960, 0xA97F)],
    "Hangul syllables": [(0xAC00, 0xD7A3)],
    "Hangul Jamo Extended-B": [(0xD7B0, 0xD7FF)],
    "Vertical forms": [(0xFE10, 0xFE1F)],
    "CJK compatibility forms": [(0xFE30, 0xFE4F)],
    "Halfwidth and Fullwidth Forms": [(0xFF00, 0xFFEF)],  # incl. halfwidth katakana and ｰ
    "Replacement character": [(0xFFFD, 0xFFFD)],
    "Kana Supplement / Extended-A / Small Kana Extension": [(0x1B000, 0x1B16F)],
}
for name, rs in ranges.items():
    groups[name] = {cp for a, b in rs for cp in range(a, b + 1)}

# Every code point of the corpora, so they measure as with the full face.
for path in corpora:
    cps = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            cps.update(ord(c) for c in json.loads(line)["text"])
    groups["corpus " + path.rsplit("/", 1)[-1]] = cps

want = set().union(*groups.values())
kept = sorted(cp for cp in want if cp in cmap)
with open(out, "w") as f:
    for cp in kept:
        f.write("U+%04X\n" % cp)
for name, cps in groups.items():
    print(f"  {name}: {len([c for c in cps if c in cmap])}/{len(cps)} mapped by the face", file=sys.stderr)
lost = sorted(c for c in groups["JIS X 0208"] if c not in cmap)
if lost:
    print("  JIS X 0208 characters the face lacks: " + " ".join("U+%04X" % c for c in lost), file=sys.stderr)
print(f"{len(kept)} code points kept of {len(want)} wanted", file=sys.stderr)
