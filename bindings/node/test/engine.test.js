'use strict';
// The Node binding against the CLI: the same objects for the visible feed and every example
// template, bad input per item, call failures as SelfSizeError with codes.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const { Engine, SelfSizeError, version } = require('..');
const { ROOT, cliPath, runCLI, readJSONL } = require('./helpers');

const CORPUS = 'Tests/Fixtures/corpus/feed-visible.jsonl';
const FEED = 'Examples/feed.jsonl';
const TEMPLATES = [
  ['note-card.template.json', 'feed.jsonl'],
  ['text-post.template.json', 'feed.jsonl'],
  ['comments.template.json', 'comments.jsonl'],
  ['products.template.json', 'products.jsonl'],
  ['tags.template.json', 'tags.jsonl'],
  ['weibo.template.json', 'weibo.jsonl'],
];

const engine = new Engine({ platform: 'web' });

for (const [file, field] of [[CORPUS, 'text'], [FEED, 'title'], [FEED, 'body']]) {
  test(`text equals the CLI: ${file} ${field}`, () => {
    const expected = runCLI(['text', '-i', file, '--field', field, '-w', '150', '-w', '343']);
    assert.deepStrictEqual(engine.text(readJSONL(file), { widths: [150, 343], field }), expected);
  });
}

test('text options equal the CLI (flutter, no system fonts, 1.4x, max lines)', () => {
  const expected = runCLI(['text', '-i', CORPUS, '--platform', 'flutter', '--no-system-fonts', '-w', '170',
    '--line-height', '1.4x', '--size', '17', '--max-lines', '2']);
  const flutter = new Engine({ platform: 'flutter', systemFonts: false });
  assert.deepStrictEqual(
    flutter.text(readJSONL(CORPUS), { widths: [170], lineHeight: '1.4x', fontSize: 17, maxLines: 2, jobs: 1 }),
    expected);
  flutter.close();
});

test('text-spacing-trim normal equals the CLI and is the web platform alone', () => {
  const records = Array(3).fill({ id: 'q', text: '他说：「今天。」「明天，」『后天』（大后天）。' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selfsize-trim-'));
  const file = path.join(dir, 'records.jsonl');
  fs.writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const expected = runCLI(['text', '-i', file, '-w', '97,150', '--text-spacing-trim', 'normal']);
  const trimmed = engine.text(records, { widths: [97, 150], textSpacingTrim: 'normal' });
  assert.deepStrictEqual(trimmed, expected);
  assert.notDeepStrictEqual(trimmed, engine.text(records, { widths: [97, 150] }));
  for (const wrap of ['balance', 'pretty']) {
    assert.deepStrictEqual(
      engine.text(records, { widths: [97, 150], textSpacingTrim: 'normal', textWrap: wrap }),
      runCLI(['text', '-i', file, '-w', '97,150', '--text-spacing-trim', 'normal', '--text-wrap', wrap]));
  }
  const flutter = new Engine({ platform: 'flutter' });
  assert.throws(() => flutter.text(records, { widths: [150], textSpacingTrim: 'normal' }),
    (error) => error instanceof SelfSizeError && /text spacing trim/.test(error.message));
  flutter.close();
  fs.rmSync(dir, { recursive: true });
});

test('wrap and Android styles equal the CLI, and are refused on other platforms', () => {
  const records = readJSONL(CORPUS).slice(0, 200);
  const balance = runCLI(['text', '-i', CORPUS, '-w', '170', '--text-wrap', 'balance']).slice(0, 200);
  assert.deepStrictEqual(engine.text(records, { widths: [170], textWrap: 'balance' }), balance);
  const textview = runCLI(['text', '-i', CORPUS, '--platform', 'android', '--android-style', 'textview',
    '-w', '170']).slice(0, 200);
  const android = new Engine({ platform: 'android' });
  assert.deepStrictEqual(android.text(records, { widths: [170], androidStyle: 'textview' }), textview);
  assert.throws(() => android.text(records, { widths: [170], textWrap: 'pretty' }),
    (error) => error instanceof SelfSizeError && error.code === 'invalidArgument' && /text wrap/.test(error.message));
  android.close();
  assert.throws(() => engine.text(records, { widths: [170], androidStyle: 'textview' }), /android style/);
  assert.throws(() => engine.text(records, { widths: [170], textWrap: 'even' }), /"balance"/);
});

test('the Flutter rounding hack equals the CLI, and is refused on other platforms', () => {
  const records = readJSONL(CORPUS).slice(0, 200);
  const off = runCLI(['text', '-i', CORPUS, '--platform', 'flutter', '--flutter-rounding-hack', 'off',
    '-w', '170.5']).slice(0, 200);
  const flutter = new Engine({ platform: 'flutter' });
  assert.deepStrictEqual(flutter.text(records, { widths: [170.5], flutterRoundingHack: false }), off);
  flutter.close();
  assert.throws(() => engine.text(records, { widths: [170], flutterRoundingHack: false }), /flutter/);
});

for (const [template, items] of TEMPLATES) {
  test(`measure equals the CLI: ${template}`, () => {
    const templatePath = path.join(ROOT, 'Examples', template);
    const itemsPath = path.join('Examples', items);
    const expected = runCLI(['measure', '--template', templatePath, '-i', itemsPath, '-w', '170', '-w', '343']);
    const data = readJSONL(itemsPath);
    assert.deepStrictEqual(engine.measure(templatePath, data, { widths: [170, 343] }), expected);
    const object = JSON.parse(require('fs').readFileSync(templatePath, 'utf8'));
    assert.deepStrictEqual(engine.measure(object, data, { widths: [170, 343], jobs: 1 }), expected);
  });
}

test('bad records come back in their place', () => {
  const results = engine.text([{ id: 'a', text: 'Hello' }, { id: 'b' }, 7], { widths: [150, 343] });
  assert.equal(results.length, 6);
  assert.equal(results[0].lineCount, 1);
  assert.deepStrictEqual(results.slice(2).map((r) => r.error.code),
    ['missingField', 'missingField', 'notAnObject', 'notAnObject']);
  assert.match(results[2].error.message, /^records\[1\]: id b:/);
});

test('call failures throw SelfSizeError with codes', () => {
  const code = (body) => {
    try {
      body();
    } catch (error) {
      assert.ok(error instanceof SelfSizeError);
      return error.code;
    }
    return 'none';
  };
  assert.equal(code(() => engine.text('[{"id":"a","text":"x"}', { widths: [100] })), 'invalidJSON');
  assert.equal(code(() => engine.text([], { widths: [] })), 'invalidArgument');
  assert.equal(code(() => engine.measure('/nonexistent.json', [], { widths: [100] })), 'invalidTemplate');
  assert.equal(code(() => new Engine({ platform: 'amiga' })), 'invalidArgument');
  assert.equal(code(() => new Engine({ fonts: ['/nonexistent.ttf'] })), 'fontError');
  const closed = new Engine();
  closed.close();
  assert.equal(code(() => closed.text([{ id: 'a', text: 'x' }], { widths: [100] })), 'invalidHandle');
  assert.equal(code(() => engine.text.call({ _handle: {} }, [], { widths: [100] })), 'invalidHandle');
  assert.deepStrictEqual(engine.text([], { widths: [100] }), []);
  // The addon itself: a call with too few arguments is an error naming the call.
  const addon = require('../build/selfsize.node');
  assert.throws(() => addon.engineInfo(), (error) => error.code === 'invalidArgument' && /engineInfo needs 1/.test(error.message));
  assert.throws(() => addon.textBegin(), (error) => error.code === 'invalidArgument' && /textBegin needs 5/.test(error.message));
});

test('missing glyphs are warnings, nothing is printed', () => {
  const script = `
    const { Engine } = require(${JSON.stringify(path.resolve(__dirname, '..'))});
    const e = new Engine({ systemFonts: false });
    const r = e.text([{ id: 'm', text: '\\u{F0000}' }, { id: 'b' }], { widths: [100] });
    try { e.text('[', { widths: [100] }); } catch (error) {}
    e.close();
    if (r.warnings.length !== 1 || r.warnings[0].code !== 'missingGlyphs') process.exit(3);
  `;
  const done = spawnSync(process.execPath, ['-e', script]);
  assert.equal(done.status, 0, done.stderr.toString());
  assert.equal(done.stdout.toString(), '');
  assert.equal(done.stderr.toString(), '');
});

test('version and info', () => {
  const printed = spawnSync(cliPath(), ['--version']).stdout.toString();
  assert.ok(printed.startsWith(`selfsize ${version()} `));
  const info = engine.info();
  assert.equal(info.platform, 'web');
  assert.equal(info.chains.regular[0].family, 'Noto Sans CJK SC');
});

test('the packed path equals the JSON path (chunks, integral heights, inf, truncation, warnings, errors)', () => {
  // Records with string ids and texts go through the packed stream (selfsize_text_begin) in chunks of
  // 1,024; a JSON string goes through selfsize_text. Both give the CLI's objects.
  const records = [...readJSONL(CORPUS), ...readJSONL(CORPUS), { id: 'm', text: 'x\u{F0000} y' }, { id: '', text: 'e' },
    ...['', '\n\n', 'a\u2028b', '"quoted" \\', 'ab \u{1F600}\u{1F44D}\u{1F3FD} cd '.repeat(20)]
      .map((text, i) => ({ id: `n${i}`, text }))];
  const e = new Engine({ platform: 'web', systemFonts: false });
  for (const options of [{ widths: [150, 343.5, Infinity] }, { widths: [120], lineHeight: 20, maxLines: 2, jobs: 2 },
    { widths: [170, 100], strict: true, jobs: 1 }]) {
    const packed = e.text(records, options);
    const byJSON = e.text(JSON.stringify(records), options);
    assert.equal(JSON.stringify(packed), JSON.stringify(byJSON));
    assert.deepStrictEqual(packed, byJSON);
    assert.deepStrictEqual(packed.warnings, byJSON.warnings);
  }
  const strict = e.text(records, { widths: [100], strict: true });
  assert.equal(strict[2048].error.code, 'missingGlyphs');
  assert.match(strict[2048].error.message, /^records\[2048\]: id m:/);
  assert.equal(strict[2049].error.code, 'invalidID');
  // What the packed path cannot carry (a NUL, a lone surrogate, a number id) takes the JSON path.
  for (const odd of [[{ id: 'a', text: 'nul\0inside' }], [{ id: 'a', text: 'x\uDC80' }], [{ id: 5, text: 'x' }]]) {
    assert.deepStrictEqual(e.text(odd, { widths: [100] }), e.text(JSON.stringify(odd), { widths: [100] }));
  }
  e.close();
});

test('a large batch (built by its own copy of columns.js) equals the JSON path', () => {
  // 32,768 results and more: see LARGE_BATCH in index.js.
  const corpus = readJSONL(CORPUS);
  const records = Array.from({ length: 11 * corpus.length },
    (_, i) => ({ id: `r${i}`, text: corpus[i % corpus.length].text }));
  records[5000] = { id: 'astral', text: 'ab \u{1F600}\u{1F44D}\u{1F3FD} cd '.repeat(20) };
  const options = { widths: [150, 343.5, Infinity], maxLines: 3 };
  const packed = engine.text(records, options);
  assert.ok(packed.length >= 32768);
  assert.deepStrictEqual(packed, engine.text(JSON.stringify(records), options));
});
