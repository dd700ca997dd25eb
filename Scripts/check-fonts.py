#!/usr/bin/env python3
"""Check the bundled CJK subsets against the Debian source faces.

  Scripts/check-fonts.py [--corpus FILE]

1. Every glyph kept in a subset has the same hmtx advance (and lsb) and vmtx advance as the
   glyph of the same name in the source face; the subset's cmap maps each code point to a glyph
   of the same name as the source does.
2. Coverage: GB 2312, Latin-1, the corpus code points the full face covers.
3. Shaping: every corpus text shaped by hb-shape with the subset and with the full face gives
   the same advances, offsets and clusters (kerning / GPOS / GSUB kept).
Exit 1 on any difference.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = "/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc"
FACE = 2

ap = argparse.ArgumentParser()
default_corpus = os.path.join(ROOT, "..", "shared", "corpus", "feed-visible.jsonl")
if not os.path.exists(default_corpus):
    default_corpus = os.path.join(ROOT, "Tests", "Fixtures", "corpus", "feed-visible.jsonl")
ap.add_argument("--corpus", default=default_corpus)
args = ap.parse_args()

gb = set()
for hi in range(0xA1, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            gb.update(ord(c) for c in bytes([hi, lo]).decode("gb2312"))
        except UnicodeDecodeError:
            pass
texts = [json.loads(l)["text"] for l in open(args.corpus, encoding="utf-8")]
corpus_cps = {ord(c) for t in texts for c in t}

failed = False
for w in ("Regular", "Bold"):
    src = TTFont(SRC.format(w), fontNumber=FACE)
    sub = TTFont(os.path.join(ROOT, "Fonts", f"NotoSansCJKsc-{w}.otf"))
    shm, sbh = src["hmtx"].metrics, sub["hmtx"].metrics
    svm, sbv = src["vmtx"].metrics, sub["vmtx"].metrics
    bad = [g for g in sub.getGlyphOrder() if shm.get(g) != sbh[g] or svm.get(g) != sbv[g]]
    scmap, bcmap = src.getBestCmap(), sub.getBestCmap()
    badmap = [cp for cp, g in bcmap.items() if scmap.get(cp) != g]
    print(f"{w}: {len(sub.getGlyphOrder())} glyphs kept of {len(src.getGlyphOrder())}; "
          f"hmtx/vmtx differences: {len(bad)}; cmap differences: {len(badmap)}")
    for tag, attrs in (("hhea", ("ascent", "descent", "lineGap")),
                       ("OS/2", ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent",
                                 "usWinDescent", "sxHeight", "sCapHeight", "fsSelection")),
                       ("head", ("unitsPerEm",))):
        for a in attrs:
            if getattr(src[tag], a) != getattr(sub[tag], a):
                print(f"  {tag}.{a} differs: {getattr(src[tag], a)} vs {getattr(sub[tag], a)}")
                failed = True
    if bad or badmap:
        print("  first differences:", bad[:10], badmap[:10])
        failed = True
    gbk = len([c for c in gb if c in bcmap])
    l1 = [c for c in range(0x20, 0x100) if c not in range(0x7F, 0xA0)]
    cov_corpus = [c for c in corpus_cps if c in scmap]
    miss_corpus = [c for c in cov_corpus if c not in bcmap]
    print(f"  GB 2312: {gbk}/{len(gb)} = {100.0 * gbk / len(gb):.2f}%; "
          f"Latin-1 printable: {len([c for c in l1 if c in bcmap])}/{len(l1)}; "
          f"corpus code points covered by the full face: {len(cov_corpus)}/{len(corpus_cps)}, "
          f"missing from subset: {len(miss_corpus)}")
    if miss_corpus:
        failed = True
    not_in_face = sorted(corpus_cps - set(scmap))
    print("  corpus code points the full face lacks (need the emoji font or are ignorable):",
          " ".join("U+%04X" % c for c in not_in_face[:40]), "…" if len(not_in_face) > 40 else "")

    # Shaping equality through hb-shape (positions only; glyph ids differ between the files).
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as tf:
        for t in texts:
            tf.write(t.replace("\n", " ").replace("\u2028", " ").replace("\u2029", " ") + "\n")
        tname = tf.name

    def shape(path, extra):
        out = subprocess.run(["hb-shape", "--font-funcs=ot", "--output-format=json", "--no-glyph-names",
                              f"--text-file={tname}", path] + extra,
                             check=True, capture_output=True, text=True).stdout
        return [[(g["cl"], g["ax"], g["ay"], g["dx"], g["dy"]) for g in json.loads(l)]
                for l in out.splitlines()]
    a = shape(SRC.format(w), [f"--face-index={FACE}"])
    b = shape(os.path.join(ROOT, "Fonts", f"NotoSansCJKsc-{w}.otf"), [])
    os.unlink(tname)
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    print(f"  hb-shape of {len(a)} corpus texts: {len(a) - len(diff)} identical, {len(diff)} differ")
    if diff or len(a) != len(b):
        failed = True
print("FAIL" if failed else "OK: subsets keep every kept glyph's metrics and shape the corpus identically")
sys.exit(1 if failed else 0)
