#!/usr/bin/env python3
"""Write Tests/Fixtures/font-metrics.json: the vertical metrics of the bundled fonts, read from the
font files with fontTools, cross-checked with HarfBuzz's own OpenType functions.

  python3 Scripts/make-font-fixtures.py

hb-info (HarfBuzz >= 7) is not in Debian 12's libharfbuzz-bin 6.0.0, so the cross-check compiles
Scripts/hb-font-metrics.c (a minimal hb-info) against the system HarfBuzz when a C compiler and
pkg-config harfbuzz are available; otherwise the "harfbuzz" entries are null. The script fails if
HarfBuzz and fontTools disagree.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import fontTools
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = [("NotoSansCJKsc-Regular.otf", 0), ("NotoSansCJKsc-Bold.otf", 0), ("NotoColorEmoji.ttf", 0)]
OUT = os.path.join(ROOT, "Tests", "Fixtures", "font-metrics.json")


def build_hb_tool(tmp):
    if not shutil.which("cc") or subprocess.run(["pkg-config", "--exists", "harfbuzz"]).returncode != 0:
        return None, None
    exe = os.path.join(tmp, "hb-font-metrics")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "harfbuzz"], capture_output=True,
                           text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O1", "-o", exe, os.path.join(ROOT, "Scripts", "hb-font-metrics.c")] + flags,
                   check=True)
    version = subprocess.run(["pkg-config", "--modversion", "harfbuzz"], capture_output=True, text=True,
                             check=True).stdout.strip()
    return exe, version


def main():
    with tempfile.TemporaryDirectory() as tmp:
        hb_tool, hb_version = build_hb_tool(tmp)
        fonts = []
        problems = []
        for file, index in FONTS:
            path = os.path.join(ROOT, "Fonts", file)
            tt = TTFont(path, fontNumber=index)
            os2, hhea, name = tt["OS/2"], tt["hhea"], tt["name"]
            entry = {
                "file": file,
                "faceIndex": index,
                "familyName": name.getDebugName(1),
                "subfamilyName": name.getDebugName(2),
                "postScriptName": name.getDebugName(6),
                "version": name.getDebugName(5),
                "unitsPerEm": tt["head"].unitsPerEm,
                "numGlyphs": tt["maxp"].numGlyphs,
                "hhea": {"ascender": hhea.ascent, "descender": hhea.descent, "lineGap": hhea.lineGap},
                "os2": {
                    "sTypoAscender": os2.sTypoAscender,
                    "sTypoDescender": os2.sTypoDescender,
                    "sTypoLineGap": os2.sTypoLineGap,
                    "usWinAscent": os2.usWinAscent,
                    "usWinDescent": os2.usWinDescent,
                    "sxHeight": getattr(os2, "sxHeight", None),
                    "sCapHeight": getattr(os2, "sCapHeight", None),
                    "fsSelection": os2.fsSelection,
                    "useTypoMetrics": bool(os2.fsSelection & (1 << 7)),
                },
                "harfbuzz": None,
            }
            if hb_tool:
                hb = json.loads(subprocess.run([hb_tool, path, str(index)], capture_output=True, text=True,
                                               check=True).stdout)
                entry["harfbuzz"] = hb
                # What HarfBuzz must agree on with the tables read by fontTools.
                asc, desc, gap = ((os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap)
                                  if entry["os2"]["useTypoMetrics"] else (hhea.ascent, hhea.descent, hhea.lineGap))
                expect = {
                    "upem": entry["unitsPerEm"], "glyphCount": entry["numGlyphs"],
                    "familyName": entry["familyName"], "subfamilyName": entry["subfamilyName"],
                    "hasc": asc, "hdsc": desc, "hlgp": gap,
                    "hcla": os2.usWinAscent, "hcld": os2.usWinDescent,
                }
                if entry["os2"]["sCapHeight"]:
                    expect["cpht"] = entry["os2"]["sCapHeight"]
                if entry["os2"]["sxHeight"]:
                    expect["xhgt"] = entry["os2"]["sxHeight"]
                for k, v in expect.items():
                    if hb[k] != v:
                        problems.append(f"{file}: HarfBuzz {k}={hb[k]} but fontTools says {v}")
                if (hb["hExtents"]["ascender"], hb["hExtents"]["descender"], hb["hExtents"]["lineGap"]) != (asc, desc, gap):
                    problems.append(f"{file}: hb_font_get_h_extents {hb['hExtents']} != {(asc, desc, gap)}")
            fonts.append(entry)

    doc = {
        "generatedBy": "python3 Scripts/make-font-fixtures.py",
        "tools": {"fontTools": fontTools.version, "harfbuzz": hb_version,
                  "harfbuzzCrossCheck": ("Scripts/hb-font-metrics.c: hb_face_get_upem, hb_face_get_glyph_count, "
                                         "hb_font_get_h_extents and hb_ot_metrics_get_position "
                                         "(hasc/hdsc/hlgp/hcla/hcld/xhgt/cpht) with hb_ot_font_set_funcs, "
                                         "values in font units")
                                        if hb_tool else "not available (no cc or harfbuzz pkg-config)"},
        "notes": ("Values in font units, straight from the tables (fontTools). hhea.descender and "
                  "OS/2.sTypoDescender are negative, usWinDescent positive. useTypoMetrics is fsSelection bit 7. "
                  "faceIndex is the index inside the bundled file (the CJK subsets came from face 2 of the "
                  "Debian TTCs). 'harfbuzz' is the same font seen by HarfBuzz: its ascender/descender/lineGap "
                  "(hasc/hdsc/hlgp and hExtents) follow USE_TYPO_METRICS (typo if set, else hhea)."),
        "fonts": fonts,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=2)
        f.write("\n")
    print(f"wrote {os.path.relpath(OUT, ROOT)} ({len(fonts)} fonts)")
    if problems:
        print("\n".join("MISMATCH: " + p for p in problems), file=sys.stderr)
        sys.exit(1)
    if hb_tool:
        print("HarfBuzz cross-check: all values agree with fontTools")


if __name__ == "__main__":
    main()
