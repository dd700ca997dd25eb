#!/usr/bin/env python3
"""Writes Tests/Fixtures/webcards/kitchen.jsonl: 200 items for the kitchen-sink web card template
(every element kind, hidden elements, clamped aspect ratios, 0-9 photos, chips past maxLines,
rows short of width), built from Examples/feed.jsonl with fixed random choices (seed 7).
Run from the repository root: python3 Scripts/make-webcard-items.py"""
import json, random

random.seed(7)
feed = [json.loads(line) for line in open('Examples/feed.jsonl')]
words = ['旅行', '美食', 'Swift', 'CSS', '周末去哪儿', '露营',
         'a very long tag that will not fit in one chip at all', '摄影', '#1', '咖啡', '🐶', '東京', 'Paris']
with open('Tests/Fixtures/webcards/kitchen.jsonl', 'w') as out:
    for i in range(200):
        f = feed[i % len(feed)]
        item = {'id': f'k{i:03d}', 'author': f.get('author', 'Lina'),
                'time': random.choice(['3 小时前', '昨天 12:30', '2024-01-02']),
                'title': f.get('title', '') or 'Untitled', 'qa': '回复',
                'qb': random.choice(['简单', '这是一条很长很长的引用作者名字，用来测试压缩', 'ok']),
                'l1': random.choice(['转发 12', '转发 1234567']), 'l2': random.choice(['评论 3', '评论 98765']),
                'l3': random.choice(['赞', '赞 12345678'])}
        if random.random() < 0.7: item['body'] = f.get('body', '') + ' ' + f.get('title', '')
        if random.random() < 0.5: item['who'] = random.choice(['小明', 'ZhangSan'])
        if random.random() < 0.5: item['badge'] = random.choice(['NEW', '热门', '视频 03:12'])
        r = random.random()
        if r < 0.4:
            item['w'] = random.choice([1200, 800, 300, 4000]); item['h'] = random.choice([900, 1200, 2000, 1000])
        elif r >= 0.6:
            item['pic'] = None
        n = random.choice([0, 1, 2, 3, 4, 5, 6, 7, 9])
        if n:
            item['photos'] = [{'width': random.choice([100, 300]), 'height': random.choice([100, 400])}
                              if n == 1 else 'x' for _ in range(n)]
        if random.random() < 0.7: item['tags'] = random.sample(words, random.randint(1, 9))
        if random.random() < 0.6:
            item['q'] = random.choice(['引用的内容很长很长很长很长很长很长很长很长很长很长很长很长很长很长', 'short quote'])
        out.write(json.dumps(item, ensure_ascii=False) + '\n')
