#!/usr/bin/env python3
"""Generate the sample feeds of the card examples (Weibo-style post, comment card, product card,
tag card) from real texts.

  python3 Scripts/make-card-feeds.py [--count 120] [--seed 20261123] [-o Examples]

Deterministic (seeded random.Random, standard library only). Texts come from the feed corpus
(Tests/Fixtures/corpus/feed-visible.jsonl: reviews, proverbs and poems, fortunes, UI strings,
changelogs, emoji) and authors from the sample feed (Examples/feed.jsonl); product titles are
real review sentences cut at punctuation, tags are real short UI strings and words of those
texts. Numbers (prices, counts, image sizes, durations) are drawn at random.

Left out, so that the report's Chromium overflow check compares like with like: texts with a
'/' inside a word (URL paths: Chromium never breaks after '/', UAX #14 does) and, for chips and
the emoji-only kind, runs of colour emoji (Chromium takes their advance from the bitmap strike,
18.719 px at 15 px, HarfBuzz from the advance table, 18.677 px, so tight lines differ).

Writes Examples/{weibo,comments,products,tags}.jsonl; each line's fields match the template of
the same name (Examples/*.template.json).
"""
import argparse
import json
import os
import random
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Tests", "Fixtures", "corpus", "feed-visible.jsonl")
SAMPLE = os.path.join(ROOT, "Sources", "SelfSizingResources", "Examples", "feed.jsonl")

SIZES = [(1200, 900), (900, 1200), (1080, 1080), (1920, 1080), (1080, 1920), (800, 3000), (3000, 800)]


def load():
    corpus = [json.loads(line) for line in open(CORPUS, encoding="utf-8")]
    sample = [json.loads(line) for line in open(SAMPLE, encoding="utf-8")]
    by_kind = {}
    for row in corpus:
        if re.search(r"\S/\S", row["text"]):
            continue
        by_kind.setdefault(row["kind"], []).append(row["text"])
    authors = sorted({row["author"] for row in sample})
    return by_kind, authors


def pick_text(rng, by_kind, kinds):
    kind = rng.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
    return rng.choice(by_kind[kind])


def short_phrases(by_kind):
    """Short real strings for tags: UI strings and clauses of reviews, 2-8 characters."""
    phrases = set()
    for kind in ("zh-ui", "zh-ui+emoji", "zh-review", "zh"):
        for text in by_kind.get(kind, []):
            for part in re.split(r"[，。！？、；：,.!?;:\s()（）“”\"'/]+", text):
                part = part.strip()
                if 2 <= len(part) <= 8 and not re.search(r"[0-9A-Za-z@#]", part) and all(
                        ord(c) < 0x2000 or 0x3000 <= ord(c) < 0xFF00 for c in part):
                    phrases.add(part)
    for text in by_kind.get("en", []):
        for word in re.findall(r"[A-Za-z]{4,10}", text):
            phrases.add(word.lower())
    return sorted(phrases)


def count(rng):
    return rng.choice([0, rng.randint(1, 99), rng.randint(100, 9999), rng.randint(10000, 999999)])


def weibo(rng, by_kind, authors, phrases, n):
    kinds = [("zh-review", 30), ("zh-review+emoji", 14), ("zh", 10), ("zh-poem", 6), ("zh+en", 4),
             ("en", 14), ("en+emoji", 6), ("en-changelog", 4)]
    for i in range(n):
        images = []
        k = rng.choice([0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 12])
        for j in range(k):
            w, h = rng.choice(SIZES)
            images.append({"url": f"https://img.example/{i}/{j}.jpg", "width": w, "height": h})
        item = {"id": f"post-{i + 1:04d}", "author": rng.choice(authors),
                "time": rng.choice(["刚刚", f"{rng.randint(1, 59)} 分钟前", f"{rng.randint(1, 23)} 小时前",
                                    f"{rng.randint(1, 12)}月{rng.randint(1, 28)}日"]),
                "body": pick_text(rng, by_kind, kinds)}
        if rng.random() < 0.35:
            item["mention"] = rng.choice(authors)
        if rng.random() < 0.45:
            item["topic"] = rng.choice(phrases)
        if images:
            item["images"] = images
            if rng.random() < 0.25:
                item["duration"] = f"{rng.randint(0, 12):02d}:{rng.randint(0, 59):02d}"
        item.update(reposts=count(rng), comments=count(rng), likes=count(rng))
        yield item


def comments(rng, by_kind, authors, n):
    kinds = [("zh-review", 40), ("zh-review+emoji", 15), ("zh", 10), ("en", 15), ("en+emoji", 8),
             ("zh-ui+emoji", 4), ("emoji-only", 3)]
    for i in range(n):
        item = {"id": f"comment-{i + 1:04d}", "author": rng.choice(authors),
                "time": f"{rng.randint(1, 23)} 小时前", "text": pick_text(rng, by_kind, kinds),
                "likes": rng.randint(0, 5000)}
        if rng.random() < 0.4:
            item["replyTo"] = rng.choice(authors)
        if rng.random() < 0.6:
            item["quoteAuthor"] = rng.choice(authors)
            item["quote"] = pick_text(rng, by_kind, kinds)
        yield item


def products(rng, by_kind, authors, n):
    titles = []
    for text in by_kind["zh-review"] + by_kind.get("zh", []):
        for part in re.split(r"[。！？!?]", text):
            if 8 <= len(part) <= 60:
                titles.append(part.strip())
    badges = ["新品", "包邮", "限时", "热卖", "HOT", None, None, None]
    for i in range(n):
        price = rng.choice([rng.randint(5, 99), rng.randint(100, 999), rng.randint(1000, 19999)])
        w, h = rng.choice(SIZES)
        item = {"id": f"product-{i + 1:04d}", "title": rng.choice(titles), "currency": "¥",
                "price": str(price), "sales": f"{rng.randint(1, 9999)}人付款",
                "shop": rng.choice(authors) + " 的小店", "imageWidth": w, "imageHeight": h}
        if rng.random() < 0.6:
            item["oldPrice"] = str(int(price * rng.choice([1.2, 1.5, 2, 3])))
        badge = rng.choice(badges)
        if badge:
            item["badge"] = badge
        yield item


def tags(rng, by_kind, phrases, n):
    kinds = [("zh-review", 40), ("zh-review+emoji", 10), ("zh", 15), ("en", 20), ("zh-ui", 10)]
    for i in range(n):
        yield {"id": f"tags-{i + 1:04d}", "title": pick_text(rng, by_kind, kinds)[:40],
               "tags": rng.sample(phrases, rng.choice([0, 1, 2, 3, 5, 8, 12, 16, 24]))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("-o", "--output", default=os.path.join(ROOT, "Sources", "SelfSizingResources", "Examples"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    by_kind, authors = load()
    phrases = short_phrases(by_kind)
    feeds = {
        "weibo": weibo(rng, by_kind, authors, phrases, args.count),
        "comments": comments(rng, by_kind, authors, args.count),
        "products": products(rng, by_kind, authors, args.count),
        "tags": tags(rng, by_kind, phrases, args.count),
    }
    for name, items in feeds.items():
        with open(os.path.join(args.output, f"{name}.jsonl"), "w", encoding="utf-8") as out:
            for item in items:
                out.write(json.dumps(item, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
