#!/usr/bin/env python3
"""Writes the small hostile font fixtures under Tests/Fixtures/fonts (fontTools' FontBuilder).

Each font maps "a" and "b" to plain square glyphs; what makes it hostile is one field:
- wide-advance.ttf: advances of 32,768 design units (UPM 2048), hhea.advanceWidthMax honest;
- wide-advance-lying-hhea.ttf: the same advances with hhea.advanceWidthMax claiming 1,000;
- inverted-hhea.ttf: hhea ascender -800 and descender 200 (the line box upside down);
- inverted-typo.ttf: USE_TYPO_METRICS set with OS/2 sTypoAscender 258 and sTypoDescender 28706
  (the line box Skia takes upside down; found by the font fuzz target);
- plain.ttf: the same font with sane values, to show the others fail for their field alone;
- chws-feature.ttf: the plain font with U+300C and a `chws` feature (contextual half-width
  spacing), which `text-spacing-trim: normal` refuses as not modelled.

Run from the repository root: python3 Scripts/make-hostile-fonts.py (needs `pip install fonttools`).
(Each run stamps new creation times: commit only the files whose font you meant to change.)
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "fonts")


def square():
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0))
    pen.lineTo((100, 700))
    pen.lineTo((600, 700))
    pen.lineTo((600, 0))
    pen.closePath()
    return pen.glyph()


def build(name, advance, ascent=1800, descent=-400, advance_width_max=None, typo=(1500, -500), use_typo=False,
          features=None):
    builder = FontBuilder(2048, isTTF=True)
    order = [".notdef", "a", "b"] + (["uni300C"] if features else [])
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({ord("a"): "a", ord("b"): "b", **({0x300C: "uni300C"} if features else {})})
    builder.setupGlyf({glyph: square() for glyph in order})
    builder.setupHorizontalMetrics({glyph: (advance, 100) for glyph in order})
    builder.setupHorizontalHeader(ascent=ascent, descent=descent)
    builder.setupNameTable({"familyName": "Hostile " + name, "styleName": "Regular"})
    typo_fields = {"version": 4, "fsSelection": 0x40 | 0x80} if use_typo else {}
    builder.setupOS2(
        sTypoAscender=typo[0], sTypoDescender=typo[1], usWinAscent=1800, usWinDescent=400,
        xAvgCharWidth=min(advance, 32767), **typo_fields)
    builder.setupPost()
    if features:
        builder.addOpenTypeFeatures(features)
    font = builder.font
    path = os.path.join(OUT, name + ".ttf")
    if advance_width_max is not None:
        font.recalcBBoxes = False
        font["hhea"].advanceWidthMax = advance_width_max
    font.save(path)
    print(path, os.path.getsize(path), "bytes")


os.makedirs(OUT, exist_ok=True)
build("plain", 1200)
build("wide-advance", 32768)
build("wide-advance-lying-hhea", 32768, advance_width_max=1000)
build("inverted-hhea", 1200, ascent=-800, descent=200)
build("inverted-typo", 1200, typo=(258, 28706), use_typo=True)
build("chws-feature", 1200, features="feature chws { pos uni300C <-600 0 -600 0>; } chws;")
