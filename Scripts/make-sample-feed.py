#!/usr/bin/env python3
"""Generate Examples/feed.jsonl, the bundled sample feed of `selfsize report`.

  python3 Scripts/make-sample-feed.py [--count 240] [--seed 20261121] [-o Examples/feed.jsonl]

Deterministic (seeded random.Random, Python standard library only). Titles and bodies are real
texts from the feed corpus (Tests/Fixtures/corpus/feed-visible.jsonl: hotel reviews, Chinese
proverbs and Tang poems, fortunes, UI strings, changelogs, emoji), mixed by the corpus `kind`;
extra emoji come from Tests/Fixtures/unicode/emoji-test.txt (fully-qualified only).

Each line: {"id", "title", "body", "author", "likes"[, "imageWidth", "imageHeight"]}
- text posts (about 1 in 5) have no image fields; about 1 in 12 items has an empty body;
- image aspect ratios 3:4, 1:1, 4:3, 16:9, 9:16 (several pixel sizes each);
- titles 5–40 code points, bodies up to a few hundred.
"""
import argparse
import json
import os
import random
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Tests", "Fixtures", "corpus", "feed-visible.jsonl")
EMOJI_TEST = os.path.join(ROOT, "Tests", "Fixtures", "unicode", "emoji-test.txt")

# kind of the body text -> weight (feeds are mostly Chinese lifestyle/review posts)
KIND_WEIGHTS = [
    ("zh-review", 28), ("zh-review+emoji", 12), ("zh", 10), ("zh-poem", 5), ("zh+en", 3),
    ("zh+url", 3), ("zh-ui+emoji", 2), ("zh-ui", 1),
    ("en", 16), ("en+emoji", 6), ("en-changelog", 5), ("emoji-only", 4),
]
ASPECTS = [  # (weight, [(w, h), ...])
    (36, [(1080, 1440), (750, 1000), (1242, 1656)]),   # 3:4
    (20, [(1080, 1080), (800, 800), (1440, 1440)]),    # 1:1
    (14, [(1440, 1080), (1200, 900)]),                 # 4:3
    (14, [(1920, 1080), (1280, 720)]),                 # 16:9
    (10, [(1080, 1920), (720, 1280)]),                 # 9:16
]
ZH_NAMES = ["小鹿酱", "阿杰", "柚子不甜", "王小明", "林深见鹿", "糖糖", "旅行的猫", "陈一一", "喵了个咪", "周末去哪儿",
            "北京吃货", "上海小张", "阿芙", "南风知我意", "橙子", "李大厨", "程序员老王", "山今", "一只胖橘", "刘同学",
            "张可可", "米粒", "晚风", "赵四", "苏苏", "小太阳☀️", "咖啡续命", "阿楠", "豆豆妈", "杭州探店"]
LATIN_NAMES = ["Momo", "Lina Chen", "kevin_w", "Yuki", "Alex Zhang", "sam.codes", "Jenny", "Leo", "Mia Wang",
               "travelwithtom", "Chloe", "Ray", "Ivy Li", "dev_ann", "Noah", "Emma Liu", "jz", "Sophie", "Ben",
               "Hana"]
EMOJI_GROUPS = ("Smileys & Emotion", "Food & Drink", "Travel & Places", "Animals & Nature", "Activities")

CLAUSE_SPLIT = re.compile(r"(?<=[。！？!?；;…])|(?<=[.,，：:])\s|\n| -- ")


def load_emoji(rng):
    common, rare = [], []
    group = ""
    for line in open(EMOJI_TEST, encoding="utf-8"):
        if line.startswith("# group:"):
            group = line.split(":", 1)[1].strip()
        if line.startswith("#") or "; fully-qualified" not in line:
            continue
        seq = "".join(chr(int(c, 16)) for c in line.split(";")[0].split())
        (common if group in EMOJI_GROUPS and len(seq) <= 2 else rare).append(seq)
    return common, rare


def clauses(text):
    for part in CLAUSE_SPLIT.split(text):
        part = part.strip(" \t-—\"“”'").rstrip(",，:：;；、")
        if re.fullmatch(r"《[^》]*》", part) or part.startswith("作者") or "%" in part:
            continue  # attributions and format strings make poor titles
        if 5 <= len(part) <= 40:
            yield part


def poem_title(text):
    m = re.match(r"《([^》]{1,20})》", text)
    if not m:
        return None
    title = f"《{m.group(1)}》"
    return title if len(title) >= 5 else title + "读后感"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("-o", "--output", default=os.path.join(ROOT, "Examples", "feed.jsonl"))
    args = ap.parse_args()
    rng = random.Random(args.seed)

    by_kind = {}
    for line in open(CORPUS, encoding="utf-8"):
        row = json.loads(line)
        by_kind.setdefault(row["kind"], []).append(row["text"])
    for texts in by_kind.values():
        rng.shuffle(texts)
    zh_titles = [c for k, v in by_kind.items() if k.startswith("zh") and "url" not in k and k != "zh-ui"
                 for t in v for c in clauses(t)]
    en_titles = [c for k in ("en", "en+emoji") for t in by_kind[k] for c in clauses(t)]
    rng.shuffle(zh_titles)
    rng.shuffle(en_titles)
    common_emoji, rare_emoji = load_emoji(rng)

    kinds, weights = zip(*KIND_WEIGHTS)
    used = {k: 0 for k in kinds}
    aspects_w, aspects = zip(*ASPECTS)
    items = []
    used_titles = set()
    for n in range(1, args.count + 1):
        kind = rng.choices(kinds, weights)[0]
        pool = by_kind[kind]
        body = pool[used[kind] % len(pool)]
        used[kind] += 1
        if kind.startswith("zh") and rng.random() < 0.25:       # some posts run two paragraphs
            extra = by_kind["zh-review"][(n * 7) % len(by_kind["zh-review"])]
            body = body + "\n" + extra
        english = kind.startswith("en") or (kind == "emoji-only" and rng.random() < 0.5)
        titles = en_titles if english else zh_titles
        title = poem_title(body) if kind == "zh-poem" else None
        while not title or title in used_titles:
            title = titles[rng.randrange(len(titles))]
        if kind == "emoji-only" and rng.random() < 0.5:
            title = "".join(rng.choice(common_emoji) for _ in range(rng.randint(3, 6)))
            if len(title) < 5:
                title = title + rng.choice(["！", "!!", " yay", "～～"])
        elif rng.random() < ("emoji" in kind and 0.6 or 0.2):  # emoji in the title
            e = rng.choice(common_emoji) if rng.random() < 0.8 else rng.choice(rare_emoji)
            if len(title) + len(e) <= 40:
                title = title + e if rng.random() < 0.8 else e + " " + title
        used_titles.add(title)
        if rng.random() < 1 / 12:
            body = ""
        author = rng.choice(ZH_NAMES) if (not english and rng.random() < 0.8) or rng.random() < 0.3 \
            else rng.choice(LATIN_NAMES)
        r = rng.random()
        likes = 0 if r < 0.04 else int(10 ** rng.uniform(0.3, 5.2))
        item = {"id": f"note-{n:04d}", "title": title, "body": body, "author": author, "likes": likes}
        if rng.random() >= 0.2:   # otherwise a text post
            w, h = rng.choice(rng.choices(aspects, aspects_w)[0])
            item["imageWidth"], item["imageHeight"] = w, h
        items.append(item)

    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(f"wrote {len(items)} items to {os.path.relpath(args.output, ROOT)}")


if __name__ == "__main__":
    main()
