'use strict';
// Pretext's API against `selfsize text --platform web` with the same font and line height.
const test = require('node:test');
const assert = require('node:assert/strict');

const pretext = require('../pretext');
const { runCLI, readJSONL } = require('./helpers');

const texts = readJSONL('Tests/Fixtures/corpus/feed-visible.jsonl').slice(0, 300);
const normal = (text) => text.replace(/[ \t\n\r\f]+/g, ' ').trim();

test('parseFont reads the CSS font shorthand', () => {
  assert.deepStrictEqual(pretext.parseFont('15px "Noto Sans CJK SC"'),
    { size: 15, bold: false, families: ['Noto Sans CJK SC'] });
  assert.deepStrictEqual(pretext.parseFont("italic 600 12pt/1.4 'Noto Sans', sans-serif"),
    { size: 16, bold: true, families: ['Noto Sans', 'sans-serif'] });
  assert.deepStrictEqual(pretext.parseFont('bold 1.5em Inter , system-ui'),
    { size: 24, bold: true, families: ['Inter', 'system-ui'] });
  assert.throws(() => pretext.parseFont('Inter'), /not a font style, weight or size/);
  assert.throws(() => pretext.parseFont('bold'), /no size/);
});

for (const [font, args] of [
  ['15px "Noto Sans CJK SC"', ['--font', 'Noto Sans CJK SC', '--size', '15']],
  ['bold 17px sans-serif', ['--size', '17', '--weight', 'bold']],
]) {
  test(`layout and layoutWithLines equal the CLI: ${font}`, () => {
    const input = texts.map((r) => JSON.stringify({ id: r.id, text: normal(r.text) })).join('\n') + '\n';
    for (const [width, lineHeight] of [[150, 21], [343, 26]]) {
      const expected = runCLI(['text', '--platform', 'web', ...args, '-w', String(width), '--line-height',
        String(lineHeight)], input);
      texts.forEach((record, index) => {
        const prepared = pretext.prepare(record.text, font);
        assert.deepStrictEqual(pretext.layout(prepared, width, lineHeight),
          { height: expected[index].height, lineCount: expected[index].lineCount }, record.id);
        const withLines = pretext.layoutWithLines(pretext.prepareWithSegments(record.text, font), width, lineHeight);
        assert.deepStrictEqual(withLines.lines, expected[index].lines, record.id);
      });
    }
  });
}

test('pre-wrap keeps newlines; empty text has no lines', () => {
  const prepared = pretext.prepare('a\nb', '15px sans-serif', { whiteSpace: 'pre-wrap' });
  assert.equal(pretext.layout(prepared, 300, 20).lineCount, 2);
  assert.equal(pretext.layout(pretext.prepare('a\n b', '15px sans-serif'), 300, 20).lineCount, 1);
  assert.deepStrictEqual(pretext.layout(pretext.prepare('', '15px sans-serif'), 300, 20), { height: 0, lineCount: 0 });
  const stats = pretext.measureLineStats(pretext.prepareWithSegments('Hello world', '15px sans-serif'), 1000);
  assert.equal(stats.lineCount, 1);
  assert.ok(stats.maxLineWidth > 0);
  assert.equal(pretext.measureNaturalWidth(pretext.prepareWithSegments('Hello world', '15px sans-serif')),
    stats.maxLineWidth);
});

test('an unknown family is skipped as CSS skips it', () => {
  const a = pretext.layoutWithLines(pretext.prepare('Hello world', '15px "No Such Family 123", sans-serif'), 300, 20);
  const b = pretext.layoutWithLines(pretext.prepare('Hello world', '15px sans-serif'), 300, 20);
  assert.deepStrictEqual(a, b);
  pretext.clearCache();
});
