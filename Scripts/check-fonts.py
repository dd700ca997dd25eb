#!/usr/bin/env python3
"""Check the bundled default font chain in FONTDIR against the Debian sources.

  Scripts/check-fonts.py FONTDIR [--corpus FILE ...] [--no-shape]

1. Copies: every whole-file copy is byte-identical to its Debian file (SHA-256).
2. CJK subsets (NotoSansCJKsc-{Regular,Bold}.otf vs face 2 of NotoSansCJK-{Regular,Bold}.ttc):
   every kept glyph has the same hmtx advance and lsb and the same vmtx entry as the glyph of
   the same name in the source face; every mapped code point maps to a glyph of the same name
   and the same advance; unitsPerEm / hhea / vhea / OS/2 metrics equal; the GSUB / GPOS feature
   tags and script/language systems equal the source's; the cmap equals cjk-unicodes.txt;
   coverage of GB 2312, JIS X 0208, kana, Hangul; hb-shape of every corpus text gives the same
   glyphs (by name), advances, offsets and clusters with the subset as with the full face, with
   the language unset and set to zh-Hans, ja, ko, zh-Hant (locl picks other glyph forms).
3. Fallback over the chain, per code point (the figure the target is ZERO for): a text counts as
   missing if one of its code points is mapped by no font of the chain. Ignored: controls (Cc),
   spaces and separators (Zs/Zl/Zp), ZWNJ/ZWJ, variation selectors (incl. U+FE0F).
   Also reported: the same per grapheme cluster (first font that maps every non-ignored code point
   of the cluster), then each run shaped with its font through hb-shape, counting .notdef glyphs;
   and how many texts switch fonts inside a word (informational).
Exit 1 on any failure.
"""
import argparse
import collections
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata

from fontTools.ttLib import TTFont

try:
    import regex  # for \X (extended grapheme clusters)
except ImportError:
    regex = None

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CJK_SRC = "/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc"
TTF_DIR = "/usr/share/fonts/truetype/noto"
FACE = 2
COPIED = ["NotoSans", "NotoSansArabic", "NotoSansHebrew", "NotoSansThai", "NotoSansDevanagari"]
WEIGHTS = ("Regular", "Bold")
LANGS = ("", "zh-Hans", "ja", "ko", "zh-Hant")  # hb-shape --language for the subset-vs-face comparison


def chain(weight):
    """The fallback chain for a weight, primary first: (label, file name)."""
    return ([("CJK SC", f"NotoSansCJKsc-{weight}.otf")]
            + [(n, f"{n}-{weight}.ttf") for n in COPIED]
            + [("Emoji", "NotoColorEmoji.ttf")])


def default_corpora():
    out = []
    for name in ("multiscript-visible.jsonl", "feed-visible.jsonl"):
        for d in (os.path.join(ROOT, "..", "shared", "corpus"), os.path.join(ROOT, "Tests", "Fixtures", "corpus")):
            p = os.path.normpath(os.path.join(d, name))
            if os.path.exists(p):
                out.append(p)
                break
    return out


ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("fontdir")
ap.add_argument("--corpus", action="append", help="JSONL with a 'text' field (repeatable); "
                "default: multiscript-visible.jsonl and feed-visible.jsonl")
ap.add_argument("--no-shape", action="store_true", help="skip the hb-shape comparisons")
args = ap.parse_args()
corpora = args.corpus or default_corpora()
HB = None if args.no_shape else shutil.which("hb-shape")
if not args.no_shape and not HB:
    print("note: hb-shape not found (apt-get install libharfbuzz-bin); shaping checks skipped")

failed = False


def fail(msg):
    global failed
    failed = True
    print("  FAIL: " + msg)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def is_ignored(cp):
    if cp in (0x200C, 0x200D):
        return True
    if 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF or 0x180B <= cp <= 0x180D or cp == 0x180F:
        return True
    return unicodedata.category(chr(cp)) in ("Cc", "Zs", "Zl", "Zp")


def fmt(cps, n=30):
    cps = sorted(cps)
    s = " ".join("U+%04X" % c for c in cps[:n])
    return s + (" …" if len(cps) > n else "")


texts = {}  # corpus name -> list of (id, lang, text)
for path in corpora:
    rows = [json.loads(l) for l in open(path, encoding="utf-8")]
    texts[os.path.basename(path)] = [(r.get("id"), r.get("lang") or r.get("kind") or "?", r["text"]) for r in rows]


def hb_shape(font, lines, extra=()):
    """Shape each line (no newlines inside); returns per line [(gid, cl, ax, ay, dx, dy)]."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as tf:
        for t in lines:
            tf.write(t + "\n")
        name = tf.name
    try:
        out = subprocess.run([HB, "--font-funcs=ot", "--output-format=json", "--no-glyph-names",
                              f"--text-file={name}", font, *extra],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(name)
    res = [[(g["g"], g["cl"], g["ax"], g["ay"], g["dx"], g["dy"]) for g in json.loads(l)] for l in out.splitlines()]
    assert len(res) == len(lines), (font, len(res), len(lines))
    return res


def one_line(t):
    return "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in t)


# ---------------------------------------------------------------- 1. whole-file copies
print("== Whole-file copies (SHA-256 against the Debian files)")
copies = [(f"{n}-{w}.ttf", f"{TTF_DIR}/{n}-{w}.ttf") for n in COPIED for w in WEIGHTS]
copies.append(("NotoColorEmoji.ttf", f"{TTF_DIR}/NotoColorEmoji.ttf"))
for name, src in copies:
    p = os.path.join(args.fontdir, name)
    if not os.path.exists(p):
        fail(f"{name} missing")
        continue
    a, b = sha256(p), sha256(src) if os.path.exists(src) else "(source missing)"
    print(f"  {name}: {os.path.getsize(p)} bytes, sha256 {a[:16]}…, {'identical' if a == b else 'DIFFERENT'}")
    if a != b:
        fail(f"{name} differs from {src}")

# ---------------------------------------------------------------- 2. CJK subsets
gb2312, jis0208 = set(), set()
for codec, leads, dst in (("gb2312", range(0xA1, 0xF8), gb2312), ("euc_jp", range(0xA1, 0xFF), jis0208)):
    for hi in leads:
        for lo in range(0xA1, 0xFF):
            try:
                dst.update(ord(c) for c in bytes([hi, lo]).decode(codec))
            except UnicodeDecodeError:
                pass
coverage_sets = [
    ("GB 2312", gb2312),
    ("JIS X 0208", jis0208),
    ("Hiragana U+3041-309F", set(range(0x3041, 0x30A0))),
    ("Katakana U+30A0-30FF", set(range(0x30A0, 0x3100))),
    ("small kana U+31F0-31FF", set(range(0x31F0, 0x3200))),
    ("halfwidth katakana U+FF65-FF9F", set(range(0xFF65, 0xFFA0))),
    ("Hangul syllables", set(range(0xAC00, 0xD7A4))),
    ("Hangul Jamo U+1100-11FF", set(range(0x1100, 0x1200))),
    ("Hangul compatibility jamo", set(range(0x3131, 0x318F))),
    ("CJK Symbols and Punctuation", set(range(0x3000, 0x3040))),
    ("Halfwidth and Fullwidth Forms", set(range(0xFF01, 0xFFEF))),
    ("Vietnamese U+1EA0-1EF9", set(range(0x1EA0, 0x1EFA))),
] + [(f"corpus {k}", {ord(c) for _, _, t in v for c in t}) for k, v in texts.items()]

listed = None
lp = os.path.join(args.fontdir, "cjk-unicodes.txt")
if os.path.exists(lp):
    listed = {int(l.strip()[2:], 16) for l in open(lp) if l.strip()}


def layout_systems(font, tag):
    """{(script, lang): [(feature tag, lookup indices), ...]} of a GSUB/GPOS table ('dflt' = default)."""
    if tag not in font:
        return None
    t = font[tag].table
    fl = t.FeatureList.FeatureRecord if t.FeatureList else []
    out = {}
    for sr in (t.ScriptList.ScriptRecord if t.ScriptList else []):
        langs = [("dflt", sr.Script.DefaultLangSys)] if sr.Script.DefaultLangSys else []
        langs += [(lr.LangSysTag, lr.LangSys) for lr in sr.Script.LangSysRecord]
        for lang, ls in langs:
            idx = list(ls.FeatureIndex)
            if ls.ReqFeatureIndex != 0xFFFF:
                idx.append(ls.ReqFeatureIndex)
            out[(sr.ScriptTag, lang)] = sorted((fl[i].FeatureTag, tuple(fl[i].Feature.LookupListIndex)) for i in idx)
    return out


def check_layout(src, sub, tag):
    """Same feature tags for every script/language system as the source, where a system the
    subset dropped resolves (as HarfBuzz does) to its script's default system; such a drop is
    only accepted when the source's system was identical to that default."""
    a, b = layout_systems(src, tag), layout_systems(sub, tag)
    if a is None:
        return
    if b is None:
        fail(f"{tag} missing")
        return
    all_tags = sorted({f for v in a.values() for f, _ in v})
    kept_tags = sorted({f for v in b.values() for f, _ in v})
    dropped_same, problems = [], []
    for (script, lang), feats in a.items():
        if (script, lang) in b:
            eff = b[(script, lang)]
        elif (script, "dflt") in b and a.get((script, "dflt")) == feats:
            eff = b[(script, "dflt")]
            dropped_same.append(f"{script}/{lang.strip()}")
        else:
            problems.append(f"{script}/{lang.strip()} dropped")
            continue
        if sorted({f for f, _ in eff}) != sorted({f for f, _ in feats}):
            problems.append(f"{script}/{lang.strip()} features {sorted({f for f, _ in eff})} "
                            f"vs {sorted({f for f, _ in feats})}")
    print(f"  {tag}: {len(kept_tags)}/{len(all_tags)} feature tags kept ({' '.join(kept_tags)}); "
          f"{len(b)}/{len(a)} script/language systems kept"
          + (f", {len(dropped_same)} dropped that were identical to their script's default "
             f"({' '.join(dropped_same)})" if dropped_same else "")
          + f"; every system resolves to the same feature tags: {'yes' if not problems else 'NO'}")
    if set(all_tags) - set(kept_tags) or problems:
        fail(f"{tag}: lost feature tags {sorted(set(all_tags) - set(kept_tags))}; {problems[:5]}")


for w in WEIGHTS:
    subp = os.path.join(args.fontdir, f"NotoSansCJKsc-{w}.otf")
    print(f"== NotoSansCJKsc-{w}.otf vs face {FACE} of {CJK_SRC.format(w)}")
    if not os.path.exists(subp):
        fail(f"{subp} missing")
        continue
    src, sub = TTFont(CJK_SRC.format(w), fontNumber=FACE), TTFont(subp)
    shm, sbh = src["hmtx"].metrics, sub["hmtx"].metrics
    svm, sbv = src["vmtx"].metrics, sub["vmtx"].metrics
    order = sub.getGlyphOrder()
    bad_h = [g for g in order if shm.get(g) != sbh[g]]
    bad_v = [g for g in order if svm.get(g) != sbv[g]]
    scmap, bcmap = src.getBestCmap(), sub.getBestCmap()
    bad_map = [cp for cp, g in bcmap.items() if scmap.get(cp) != g]
    bad_adv = [cp for cp, g in bcmap.items() if shm[scmap[cp]][0] != sbh[g][0]] if not bad_map else []
    print(f"  {len(order)} glyphs kept of {len(src.getGlyphOrder())}, {len(bcmap)} code points; "
          f"advance/lsb differences by glyph name: hmtx {len(bad_h)}, vmtx {len(bad_v)}; "
          f"by code point: glyph {len(bad_map)}, advance {len(bad_adv)}")
    if bad_h or bad_v or bad_map or bad_adv:
        fail(f"metric differences, first: {bad_h[:5]} {bad_v[:5]} {fmt(bad_map, 5)} {fmt(bad_adv, 5)}")
    for tag, attrs in (("head", ("unitsPerEm",)),
                       ("hhea", ("ascent", "descent", "lineGap")),
                       ("vhea", ("ascent", "descent", "lineGap")),
                       ("OS/2", ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent",
                                 "usWinDescent", "sxHeight", "sCapHeight", "fsSelection", "usWeightClass"))):
        for a in attrs:
            if getattr(src[tag], a) != getattr(sub[tag], a):
                fail(f"{tag}.{a} differs: {getattr(src[tag], a)} vs {getattr(sub[tag], a)}")
    for tag in ("GSUB", "GPOS", "GDEF", "BASE", "VORG", "vmtx"):
        if (tag in src) != (tag in sub):
            fail(f"table {tag}: source {'has' if tag in src else 'lacks'} it, subset {'has' if tag in sub else 'lacks'} it")
    for tag in ("GSUB", "GPOS"):
        check_layout(src, sub, tag)
    if listed is not None:
        if set(bcmap) != listed:
            fail(f"cmap differs from cjk-unicodes.txt: only in font {fmt(set(bcmap) - listed, 5)}, "
                 f"only in list {fmt(listed - set(bcmap), 5)}")
        else:
            print(f"  cmap == cjk-unicodes.txt ({len(listed)} code points)")
    for name, cps in coverage_sets:
        if not name.startswith("corpus"):  # count assigned characters only
            cps = {c for c in cps if unicodedata.category(chr(c)) != "Cn"}
        in_face = {c for c in cps if c in scmap}
        lost = in_face - set(bcmap)
        print(f"  {name}: {len(in_face) - len(lost)}/{len(cps)} in subset "
              f"({len(in_face)} in the full face, {len(lost)} of those missing from the subset)")
        if lost:
            fail(f"{name}: subset lacks {fmt(lost)}")

    if HB:
        sname = {i: g for i, g in enumerate(src.getGlyphOrder())}
        bname = {i: g for i, g in enumerate(order)}
        # Language systems matter (locl: JAN/KOR/ZHT glyph forms), so shape under each.
        for cname, rows in texts.items():
            lines = [one_line(t) for _, _, t in rows]
            for lang in LANGS:
                extra = [f"--language={lang}"] if lang else []
                a = hb_shape(CJK_SRC.format(w), lines, [f"--face-index={FACE}"] + extra)
                b = hb_shape(subp, lines, extra)
                diff = [i for i, (x, y) in enumerate(zip(a, b))
                        if [(sname[g[0]],) + g[1:] for g in x] != [(bname[g[0]],) + g[1:] for g in y]]
                print(f"  hb-shape {cname} (language {lang or 'unset'}): {len(a) - len(diff)}/{len(a)} texts "
                      f"identical to the full face (glyph names, advances, offsets, clusters)")
                if diff:
                    fail(f"{len(diff)} texts of {cname} shape differently, first ids: "
                         f"{[rows[i][0] for i in diff[:5]]}")

# ---------------------------------------------------------------- 3. fallback over the chain
for w in WEIGHTS:
    print(f"== {w} chain: " + " → ".join(f for _, f in chain(w)))
    fonts = []
    for label, fname in chain(w):
        p = os.path.join(args.fontdir, fname)
        if not os.path.exists(p):
            fail(f"{fname} missing")
            continue
        fonts.append((label, p, set(TTFont(p, lazy=True).getBestCmap())))
    # Bold faces mapping other code points than the Regular ones (informational).
    if w == "Bold":
        for label, fname in chain("Regular"):
            bfname = dict(chain("Bold"))[label]
            r = set(TTFont(os.path.join(args.fontdir, fname), lazy=True).getBestCmap())
            b = set(TTFont(os.path.join(args.fontdir, bfname), lazy=True).getBestCmap())
            if r != b:
                print(f"  note: {bfname} maps {len(b)} code points, {fname} {len(r)}; "
                      f"only Regular: {fmt(r - b, 8)}; only Bold: {fmt(b - r, 8)}")

    def font_of(cp):
        for i, (_, _, cm) in enumerate(fonts):
            if cp in cm:
                return i
        return None

    for cname, rows in texts.items():
        missing_texts, missing_cps = [], collections.Counter()
        use = collections.Counter()
        for tid, lang, t in rows:
            miss = set()
            for ch in t:
                cp = ord(ch)
                if is_ignored(cp):
                    continue
                i = font_of(cp)
                if i is None:
                    miss.add(cp)
                else:
                    use[fonts[i][0]] += 1
            if miss:
                missing_texts.append(tid)
                missing_cps.update(miss)
        print(f"  {cname}: {len(missing_texts)}/{len(rows)} texts with a code point no font of the chain maps"
              + (f"; code points: {fmt(missing_cps)}; texts: {missing_texts[:10]}" if missing_texts else ""))
        print("    code points by font: " + ", ".join(f"{k} {v}" for k, v in use.most_common()))
        if missing_texts:
            fail(f"{cname}: {len(missing_texts)} texts not covered by the {w} chain")

        if regex is None:
            continue
        # Per grapheme cluster: the first font that maps every non-ignored code point of the cluster.
        runs_by_font = collections.defaultdict(list)  # font index -> [(text index, run)]
        bad_clusters = collections.Counter()
        mixed = collections.Counter()
        per_lang = collections.Counter()
        for k, (tid, lang, t) in enumerate(rows):
            per_lang[lang] += 1
            runs, cur, cur_font = [], "", None
            word_fonts, text_mixed = set(), False
            for cl in regex.findall(r"\X", t):
                need = [ord(c) for c in cl if not is_ignored(ord(c))]
                if not need:
                    f = cur_font if cur_font is not None else 0
                else:
                    f = next((i for i, (_, _, cm) in enumerate(fonts) if all(c in cm for c in need)), None)
                    if f is None:
                        bad_clusters[cl] += 1
                        f = cur_font if cur_font is not None else 0
                # Font switches inside a word (letters/marks/digits only).
                if need and all(unicodedata.category(chr(c))[0] in "LMN" for c in need):
                    word_fonts.add(f)
                    if len(word_fonts) > 1:
                        text_mixed = True
                else:
                    word_fonts = set()
                if f != cur_font and cur:
                    runs.append((cur_font, cur))
                    cur = ""
                cur_font = f
                cur += cl
            if cur:
                runs.append((cur_font, cur))
            for f, r in runs:
                runs_by_font[f].append((k, one_line(r)))
            if text_mixed:
                mixed[lang] += 1
        print(f"    per grapheme cluster: {sum(bad_clusters.values())} clusters no single font covers"
              + (f": {[c for c in bad_clusters][:10]}" if bad_clusters else ""))
        if mixed:
            print("    texts that switch fonts inside a word (informational): "
                  + ", ".join(f"{l} {mixed[l]}/{per_lang[l]}" for l in sorted(mixed)))
        if HB:
            notdef = collections.Counter()
            nd_texts = set()
            for f, items in sorted(runs_by_font.items()):
                shaped = hb_shape(fonts[f][1], [r for _, r in items])
                for (k, _), glyphs in zip(items, shaped):
                    n = sum(1 for g in glyphs if g[0] == 0)
                    if n:
                        notdef[fonts[f][0]] += n
                        nd_texts.add(rows[k][0])
            total_runs = sum(len(v) for v in runs_by_font.values())
            print(f"    hb-shape of {total_runs} font runs: {sum(notdef.values())} .notdef glyphs in "
                  f"{len(nd_texts)} texts" + (f" ({dict(notdef)}; {sorted(nd_texts)[:10]})" if nd_texts else ""))
            if nd_texts:
                fail(f"{cname}: .notdef glyphs when shaping with the {w} chain")

sizes = {f: os.path.getsize(os.path.join(args.fontdir, f)) for f in sorted(os.listdir(args.fontdir))
         if f.endswith((".otf", ".ttf"))}
print(f"== Font files: {len(sizes)}, total {sum(sizes.values())} bytes")
print("FAIL" if failed else "OK")
sys.exit(1 if failed else 0)
