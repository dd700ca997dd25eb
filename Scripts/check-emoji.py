#!/usr/bin/env python3
"""Check that Fonts/NotoColorEmoji.ttf covers every fully-qualified emoji of emoji-test.txt.

  Scripts/check-emoji.py [emoji-test.txt] [font]

Each fully-qualified sequence is shaped by hb-shape (HarfBuzz OpenType funcs, batched through
--text-file). A sequence is covered when no glyph is .notdef (gid 0). It also reports how many
shape to exactly one glyph with an advance (one ligature: ZWJ sequences, flags, keycaps,
skin tones) and checks that default-ignorable code points the font does not map (U+FE0F) are
hidden by HarfBuzz (zero advance, not .notdef), as is also checked with the CJK face.
Exit 1 if any sequence is not covered.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
test = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/emoji/emoji-test.txt"
if not os.path.exists(test):
    test = os.path.join(ROOT, "Tests", "Fixtures", "unicode", "emoji-test.txt")
font = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "Fonts", "NotoColorEmoji.ttf")

version = "?"
seqs = []
for line in open(test, encoding="utf-8"):
    if line.startswith("# Version:"):
        version = line.split(":", 1)[1].strip()
    if "; fully-qualified" not in line or line.startswith("#"):
        continue
    cps = line.split(";")[0].split()
    seqs.append("".join(chr(int(c, 16)) for c in cps))


def shape(font_path, texts):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as tf:
        tf.write("\n".join(texts) + "\n")
        name = tf.name
    out = subprocess.run(["hb-shape", "--font-funcs=ot", "--output-format=json", "--no-glyph-names",
                          "--direction=ltr", f"--text-file={name}", font_path],
                         check=True, capture_output=True, text=True).stdout
    os.unlink(name)
    return [json.loads(l) for l in out.splitlines()]


res = shape(font, seqs)
assert len(res) == len(seqs), (len(res), len(seqs))
notdef = [s for s, g in zip(seqs, res) if any(x["g"] == 0 for x in g)]
single = [s for s, g in zip(seqs, res) if len([x for x in g if x["ax"] != 0]) == 1]
with_fe0f = [(s, g) for s, g in zip(seqs, res) if "\ufe0f" in s]
# Hidden FE0F: HarfBuzz replaces an unmapped default ignorable by the space glyph with zero
# advance (or deletes it); it must never appear as .notdef.
fe0f_visible = [s for s, g in with_fe0f if any(x["g"] == 0 for x in g)]
print(f"emoji-test.txt version {version}: {len(seqs)} fully-qualified sequences")
print(f"covered (no .notdef): {len(seqs) - len(notdef)}/{len(seqs)} = "
      f"{100.0 * (len(seqs) - len(notdef)) / len(seqs):.2f}%")
print(f"shaped to a single advancing glyph: {len(single)}/{len(seqs)}")
print(f"sequences with U+FE0F: {len(with_fe0f)}, with a .notdef anywhere: {len(fe0f_visible)}")
for s in notdef[:20]:
    print("  NOT COVERED:", " ".join("%04X" % ord(c) for c in s))
multi = [s for s in seqs if s not in set(single)]
for s in multi[:10]:
    print("  more than one advancing glyph:", " ".join("%04X" % ord(c) for c in s))

# HarfBuzz hides default ignorables a font lacks: FE0F / ZWJ with the CJK face too.
cjk = os.path.join(ROOT, "Fonts", "NotoSansCJKsc-Regular.otf")
probe = ["\u2764\ufe0f", "\u6c49\ufe0f\u5b57", "a\u200db", "1\ufe0f\u20e3"]
for t, g in zip(probe, shape(cjk, probe)):
    print("  CJK face:", " ".join("%04X" % ord(c) for c in t), "->",
          [(x["g"], x["cl"], x["ax"]) for x in g])
for t, g in zip(["\u2764\ufe0f", "\u2764"], shape(font, ["\u2764\ufe0f", "\u2764"])):
    print("  emoji font:", " ".join("%04X" % ord(c) for c in t), "->",
          [(x["g"], x["cl"], x["ax"]) for x in g])
sys.exit(1 if notdef else 0)
