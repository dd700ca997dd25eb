'use strict';
// Pretext's API (https://github.com/chenglou/pretext) over SelfSizing's `web` platform, for
// server-side rendering: `prepare(text, font)` with a CSS font shorthand, `layout(prepared,
// maxWidth, lineHeight)` -> {height, lineCount}, `prepareWithSegments` / `layoutWithLines` ->
// lines with text and width, `measureLineStats`, `measureNaturalWidth`, `clearCache`,
// `setLocale`. Results are those of `selfsize text --platform web --font FAMILY --size PX
// --line-height LINEHEIGHT` for the same text (after CSS `white-space: normal` collapsing; pass
// {whiteSpace: 'pre-wrap'} to keep spaces and newlines).
//
// Families are resolved through the engine's fonts (fontconfig, then the bundled fonts); a
// family neither installed nor bundled is skipped as CSS skips it, and a generic family
// (sans-serif, system-ui, ...) or no named family means the bundled chain (Noto Sans CJK SC
// first). Weights of 600 and above use the bold chain; italic is not modelled.

const { Engine, SelfSizeError } = require('..');

const GENERIC_FAMILIES = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif',
  'ui-monospace', 'ui-rounded', 'emoji', 'math', 'fangsong', '-apple-system', 'blinkmacsystemfont',
]);
const SIZE = /^(\d*\.?\d+(?:e[+-]?\d+)?)(px|pt|em|rem|%)$/i;

/** Parses a CSS font shorthand ('italic 600 15px/1.4 "Noto Sans CJK SC", sans-serif'). */
function parseFont(font) {
  if (typeof font !== 'string') throw new SelfSizeError('invalidArgument', 'font must be a CSS font string', 1);
  const trimmed = font.trim();
  let index = 0;
  let weight = 400;
  let size = null;
  // Keywords and the weight before the size.
  while (index < trimmed.length) {
    const rest = trimmed.slice(index);
    const token = rest.match(/^\S+/)[0];
    const sizePart = token.split('/')[0];
    const sizeMatch = sizePart.match(SIZE);
    if (sizeMatch) {
      const value = Number(sizeMatch[1]);
      const unit = sizeMatch[2].toLowerCase();
      size = unit === 'px' ? value : unit === 'pt' ? (value * 4) / 3 : unit === '%' ? (value * 16) / 100 : value * 16;
      index += token.length;
      // A line height after the size ('15px / 1.4' with spaces too) is not the layout's: skip it.
      const after = trimmed.slice(index).match(/^\s*\/\s*\S+/);
      if (!token.includes('/') && after) index += after[0].length;
      break;
    }
    const lower = token.toLowerCase();
    if (lower === 'bold' || lower === 'bolder') weight = 700;
    else if (lower === 'lighter') weight = 300;
    else if (/^\d+$/.test(lower)) weight = Number(lower);
    else if (!['normal', 'italic', 'oblique', 'small-caps'].includes(lower) && !lower.endsWith('condensed')
      && !lower.endsWith('expanded')) {
      throw new SelfSizeError('invalidArgument', `font "${font}": "${token}" is not a font style, weight or size`, 1);
    }
    index += token.length;
    index += trimmed.slice(index).match(/^\s*/)[0].length;
  }
  if (size === null || !(size > 0)) {
    throw new SelfSizeError('invalidArgument', `font "${font}" has no size (such as 15px)`, 1);
  }
  const families = [];
  const list = trimmed.slice(index);
  const pattern = /\s*(?:"([^"]*)"|'([^']*)'|([^,]+?))\s*(?:,|$)/g;
  let match;
  while ((match = pattern.exec(list)) !== null && match[0] !== '') {
    const family = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (family) families.push(family);
  }
  if (families.length === 0) throw new SelfSizeError('invalidArgument', `font "${font}" names no family`, 1);
  return { size, bold: weight >= 600, families };
}

const engines = new Map(); // families key -> Engine
const familyFound = new Map(); // family -> boolean
let locale = undefined;

/** The engine of a family list: the named families up to the first generic one that resolve. */
function engineFor(families) {
  const named = [];
  for (const family of families) {
    if (GENERIC_FAMILIES.has(family.toLowerCase())) break;
    if (!familyFound.has(family)) {
      let found = true;
      try {
        new Engine({ platform: 'web', fonts: [family] }).close();
      } catch (error) {
        if (error.code !== 'fontError') throw error;
        found = false;
      }
      familyFound.set(family, found);
    }
    if (familyFound.get(family)) named.push(family);
  }
  const key = JSON.stringify(named);
  let engine = engines.get(key);
  if (!engine) {
    engine = new Engine({ platform: 'web', fonts: named.length ? named : null });
    engines.set(key, engine);
  }
  return engine;
}

function normalize(text, whiteSpace) {
  if (whiteSpace === 'pre-wrap') return text;
  if (whiteSpace !== undefined && whiteSpace !== 'normal') {
    throw new SelfSizeError('invalidArgument', `whiteSpace must be 'normal' or 'pre-wrap', got ${whiteSpace}`, 1);
  }
  // CSS white-space: normal: runs of spaces, tabs and newlines are one space; none at the ends.
  return text.replace(/[ \t\n\r\f]+/g, ' ').trim();
}

function prepareText(text, font, options = {}) {
  if (typeof text !== 'string') throw new SelfSizeError('invalidArgument', 'text must be a string', 1);
  if (options.wordBreak !== undefined && options.wordBreak !== 'normal') {
    throw new SelfSizeError('invalidArgument', `wordBreak '${options.wordBreak}' is not supported (only 'normal')`, 1);
  }
  const parsed = parseFont(font);
  return {
    text: normalize(text, options.whiteSpace),
    font,
    engine: engineFor(parsed.families),
    fontSize: parsed.size,
    weight: parsed.bold ? 'bold' : 'regular',
    letterSpacing: options.letterSpacing || 0,
    layouts: new Map(),
  };
}

/** The `selfsize text` object of a prepared text at a width and line height (cached). */
function measured(prepared, maxWidth, lineHeight) {
  if (!prepared || !(prepared.layouts instanceof Map)) {
    throw new SelfSizeError('invalidArgument', 'not a prepared text (use prepare or prepareWithSegments)', 1);
  }
  const key = `${maxWidth}/${lineHeight}`;
  let result = prepared.layouts.get(key);
  if (!result) {
    const options = {
      widths: [maxWidth], fontSize: prepared.fontSize, weight: prepared.weight,
      letterSpacing: prepared.letterSpacing, jobs: 1,
    };
    if (lineHeight !== undefined) options.lineHeight = lineHeight;
    [result] = prepared.engine.text([{ id: 'p', text: prepared.text }], options);
    if (result.error) throw new SelfSizeError(result.error.code, result.error.message);
    prepared.layouts.set(key, result);
  }
  return result;
}

/** One-time work for a text in a CSS font; returns an opaque value for `layout`. */
function prepare(text, font, options) {
  return prepareText(text, font, options);
}

/** Like `prepare`, for `layoutWithLines` and the line APIs. */
function prepareWithSegments(text, font, options) {
  const prepared = prepareText(text, font, options);
  prepared.segments = true;
  return prepared;
}

/** {height, lineCount} at `maxWidth` with CSS `line-height: lineHeight` px. */
function layout(prepared, maxWidth, lineHeight) {
  if (prepared && prepared.text === '') return { height: 0, lineCount: 0 };
  const result = measured(prepared, maxWidth, lineHeight);
  return { height: result.height, lineCount: result.lineCount };
}

/** {height, lineCount, lines: [{text, width}]} at `maxWidth` and `lineHeight`. */
function layoutWithLines(prepared, maxWidth, lineHeight) {
  if (prepared && prepared.text === '') return { height: 0, lineCount: 0, lines: [] };
  const result = measured(prepared, maxWidth, lineHeight);
  return {
    height: result.height, lineCount: result.lineCount,
    lines: result.lines.map((line) => ({ text: line.text, width: line.width })),
  };
}

/** {lineCount, maxLineWidth} at `maxWidth`. */
function measureLineStats(prepared, maxWidth) {
  if (prepared && prepared.text === '') return { lineCount: 0, maxLineWidth: 0 };
  const result = measured(prepared, maxWidth, undefined);
  return { lineCount: result.lineCount, maxLineWidth: Math.max(0, ...result.lines.map((line) => line.width)) };
}

/** The widest line when only hard breaks wrap. */
function measureNaturalWidth(prepared) {
  return measureLineStats(prepared, Infinity).maxLineWidth;
}

/** Frees the engines (their shaping caches); prepared texts keep working. */
function clearCache() {
  for (const engine of engines.values()) engine.close();
  engines.clear();
  familyFound.clear();
}

/** Pretext's locale for future prepares; kept for compatibility (breaking follows UAX #14 and
 *  Chromium's rules whatever the locale). */
function setLocale(value) {
  locale = value;
  clearCache();
}

module.exports = {
  prepare, prepareWithSegments, layout, layoutWithLines, measureLineStats, measureNaturalWidth, clearCache,
  setLocale, parseFont, get locale() { return locale; },
};
