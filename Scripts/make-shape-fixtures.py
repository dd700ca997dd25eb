#!/usr/bin/env python3
"""Write Tests/Fixtures/hb-shape.json: reference shaping of the bundled fonts by the hb-shape CLI.

  python3 Scripts/make-shape-fixtures.py

Each case is shaped with explicit direction, script and language, as the engine does:

  hb-shape --font-funcs=ot --output-format=json --no-glyph-names --direction=ltr \
           --script=S --language=L --features=F Fonts/FONT TEXT

at the default scale (font size = upem, so positions are font units, no rounding), then converted
to points at fontSize 15 (points = units * 15 / upem). Clusters are code-point (Unicode scalar)
indices into "text" (hb-shape's default, without --utf8-clusters).
"""
import json
import os
import shlex
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "hb-shape.json")
SIZE = 15
REG, BOLD, EMOJI = "NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf", "NotoColorEmoji.ttf"

# name, font, text, script (ISO 15924), language (BCP 47)[, direction (default ltr)]
CASES = [
    ("latin-kerning-avatar", REG, "AVATAR Type", "Latn", "en"),
    ("latin-kerning-to-way", REG, "To Way. WAVE", "Latn", "en"),
    ("latin-hello", REG, "Hello, world!", "Latn", "en"),
    ("latin1-accents", REG, "Crème brûlée à la façon", "Latn", "en"),
    ("cjk-sentence", REG, "今天天气很好，我们去公园吧。", "Hani", "zh-Hans"),
    ("cjk-fullwidth-punctuation", REG, "「你好」！？（测试）", "Hani", "zh-Hans"),
    ("mixed-cjk-latin", REG, "用 Swift 写一个 iOS 瀑布流", "Hani", "zh-Hans"),
    ("mixed-run-latin-swift", REG, "Swift", "Latn", "zh-Hans"),
    ("mixed-run-latin-ios", REG, "iOS", "Latn", "zh-Hans"),
    ("digits", REG, "2026-11-21 12:34", "Latn", "en"),
    ("bold-latin-kerning-avatar", BOLD, "AVATAR Type", "Latn", "en"),
    ("bold-cjk-sentence", BOLD, "今天天气很好，我们去公园吧。", "Hani", "zh-Hans"),
    ("emoji-single", EMOJI, "\U0001F600", "Zyyy", "en"),
    ("emoji-zwj-family", EMOJI, "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466", "Zyyy", "en"),
    ("emoji-skin-tone", EMOJI, "\U0001F44D\U0001F3FD", "Zyyy", "en"),
    ("emoji-flag-cn", EMOJI, "\U0001F1E8\U0001F1F3", "Zyyy", "en"),
    ("emoji-keycap-1", EMOJI, "1\uFE0F\u20E3", "Zyyy", "en"),
    ("emoji-heart-vs16", EMOJI, "\u2764\uFE0F", "Zyyy", "en"),
    ("emoji-rainbow-flag", EMOJI, "\U0001F3F3\uFE0F\u200D\U0001F308", "Zyyy", "en"),
    # Runs of soft hyphens longer than NativeFont.maximumSoftHyphenRun (8), which the engine
    # shapes with one soft hyphen in their place: hidden glyphs, kerning across the run.
    ("soft-hyphen-long-run-kerning", REG, "A" + "\u00AD" * 40 + "VATAR", "Latn", "en"),
    ("soft-hyphen-runs-of-8-and-9", REG, "T" + "\u00AD" * 9 + "o W" + "\u00AD" * 8 + "ay", "Latn", "en"),
    ("soft-hyphen-long-run-rtl", "NotoSansArabic-Regular.ttf",
     "\u0633\u0644\u0627\u0645" + "\u00AD" * 12 + "\u0639\u0644\u064A\u0643\u0645", "Arab", "ar", "rtl"),
]
FEATURES = ""  # HarfBuzz defaults (kern, liga, … on); no extra features


def upem(font):
    from fontTools.ttLib import TTFont
    return TTFont(os.path.join(ROOT, "Fonts", font), lazy=True)["head"].unitsPerEm


def pt(units, em):
    return round(units * SIZE / em, 6)


def main():
    version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True,
                             check=True).stdout.splitlines()[0]
    cases = []
    for name, font, text, script, lang, *rest in CASES:
        direction = rest[0] if rest else "ltr"
        cmd = ["hb-shape", "--font-funcs=ot", "--output-format=json", "--no-glyph-names",
               f"--direction={direction}", f"--script={script}", f"--language={lang}", f"--features={FEATURES}",
               f"Fonts/{font}", text]
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
        em = upem(font)
        glyphs = []
        for g in json.loads(out):
            glyphs.append({
                "gid": g["g"], "cluster": g["cl"],
                "xAdvanceUnits": g["ax"], "xAdvance": pt(g["ax"], em),
                "xOffsetUnits": g["dx"], "xOffset": pt(g["dx"], em),
                "yOffsetUnits": g["dy"], "yOffset": pt(g["dy"], em),
            })
        total = sum(g["xAdvanceUnits"] for g in glyphs)
        cases.append({
            "name": name, "font": font, "text": text,
            "codePoints": ["U+%04X" % ord(c) for c in text],
            "fontSize": SIZE, "features": FEATURES,
            "direction": direction, "script": script, "language": lang,
            "unitsPerEm": em,
            "command": shlex.join(cmd),
            "glyphs": glyphs,
            "notdefCount": sum(1 for g in glyphs if g["gid"] == 0),
            "totalAdvanceUnits": total,
            "totalAdvance": pt(total, em),
        })
    doc = {
        "generatedBy": "python3 Scripts/make-shape-fixtures.py",
        "hbShape": version,
        "notes": ("Shaped at the default scale (upem), positions in font units; points = units * fontSize / "
                  "unitsPerEm, rounded to 6 decimals. Clusters are code-point indices into text. "
                  "Commands run from the repository root. Default-ignorables a font lacks (U+FE0F, U+200D) "
                  "are hidden by HarfBuzz as a zero-advance space glyph; in the emoji font the sequences "
                  "ligate to one glyph. mixed-cjk-latin is shaped as one Hani run; its Latin words shaped as Latn "
                  "runs (mixed-run-latin-*) give the same advances with these fonts."),
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")
    for c in cases:
        print(f"{c['name']:28} {len(c['glyphs']):3} glyphs  {c['totalAdvance']:9.4f} pt  notdef {c['notdefCount']}")


if __name__ == "__main__":
    main()
