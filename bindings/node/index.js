'use strict';
// SelfSizing from Node: paragraph and card heights with real shaped text, in-process.
//
// `engine.text` and `engine.measure` return arrays of the very objects `selfsize text` and
// `selfsize measure` print (same order, same numbers); a bad record comes back in its place as
// {id, width, error: {code, message}} (one per width); a failure of the whole call throws a
// SelfSizeError with `code` and `message`. The addon (build/selfsize.node) loads libselfsize.so.

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');

/** The libselfsize.so this package loads: $SELFSIZE_LIBRARY, the copy beside the addon
 *  (Scripts/bindings.sh), else a build in the checkout. */
function libraryPath() {
  if (process.env.SELFSIZE_LIBRARY) return process.env.SELFSIZE_LIBRARY;
  const candidates = [
    path.join(__dirname, 'build', 'libselfsize.so'),
    path.join(ROOT, '.build', 'release', 'libSelfSizeC.so'),
    path.join(ROOT, '.build', 'debug', 'libSelfSizeC.so'),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new SelfSizeError('libraryNotFound',
      `cannot find libselfsize.so; looked in ${candidates.join(', ')}. Run Scripts/bindings.sh, or set SELFSIZE_LIBRARY`);
  }
  return found;
}

/** A failure of a call as a whole: `code` names it (invalidHandle, invalidJSON, invalidUTF8,
 *  invalidArgument, fontError, invalidTemplate, resourcesNotFound, internal). */
class SelfSizeError extends Error {
  constructor(code, message, status = 0) {
    super(`${code}: ${message}`);
    this.name = 'SelfSizeError';
    this.code = code;
    this.status = status;
    this.detail = message;
  }
}

let native = null;
function addon() {
  if (native) return native;
  let loaded;
  try {
    loaded = require('./build/selfsize.node');
  } catch (error) {
    throw new SelfSizeError('addonNotBuilt', `bindings/node/build/selfsize.node: ${error.message}; run Scripts/bindings.sh`);
  }
  call(() => loaded.load(libraryPath()));
  native = loaded;
  return native;
}

/** Runs a native call, turning its errors into SelfSizeErrors. */
function call(body) {
  try {
    return body();
  } catch (error) {
    if (error instanceof SelfSizeError) throw error;
    throw new SelfSizeError(error.code || 'internal', error.message, error.status || 0);
  }
}

function widthsOption(widths) {
  if (widths === undefined || widths === null) throw new SelfSizeError('invalidArgument', 'widths are required', 1);
  const list = Array.isArray(widths) ? widths : [widths];
  return list.map((width) => (width === Infinity ? 'inf' : width));
}

function body(elements, name) {
  if (typeof elements === 'string') return elements;
  if (Buffer.isBuffer(elements)) return elements.toString('utf8');
  if (!Array.isArray(elements)) throw new SelfSizeError('invalidArgument', `${name} must be an array`, 1);
  return JSON.stringify(elements);
}

function results(json) {
  const answer = JSON.parse(json);
  const list = answer.results;
  Object.defineProperty(list, 'warnings', { value: answer.warnings, enumerable: false });
  return list;
}

// The objects `text` returns are built in columns.js, loaded twice. V8 decides for each object
// literal in the source (its allocation site) whether to allocate its objects straight in the old
// generation, from how many outlive a young-generation collection. While a large batch is built
// all its results do, and collecting them young (copying each twice) took about a third of the
// call's CPU time; the results of small batches are often dropped at once, and would teach shared sites to
// allocate young for good. So large batches build with a copy of their own, whose sites see only
// them.
const appendColumns = require('./columns');
const appendLargeColumns = requireAgain('./columns');
/** Results (records x widths) from which a batch counts as large: more than V8's young generation
 *  holds (16 MB at most by default, about 600 bytes a result). */
const LARGE_BATCH = 32768;

/** A module compiled and run again (so with allocation sites of its own), not the cached one. */
function requireAgain(id) {
  const key = require.resolve(id);
  const first = require.cache[key];
  delete require.cache[key];
  try {
    return require(id);
  } finally {
    require.cache[key] = first;
  }
}

/** The ids and texts of records as two "\0"-joined strings for textBegin, or null when a
 *  record is not an object with a string id and text free of lone surrogates (then the JSON
 *  path reads them, and reports what is wrong with each; so it does for NULs, see holdsNUL). */
function packed(records, field) {
  const ids = new Array(records.length);
  const texts = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (record === null || typeof record !== 'object') return null;
    const id = record.id;
    const text = record[field];
    if (typeof id !== 'string' || typeof text !== 'string') return null;
    ids[i] = id;
    texts[i] = text;
  }
  const idsJoined = ids.join('\0');
  const textsJoined = texts.join('\0');
  if (!idsJoined.isWellFormed() || !textsJoined.isWellFormed()) return null;
  return { ids, texts, idsJoined, textsJoined };
}

/** Whether an id or text of packed input holds a NUL (then the joined strings hold more parts
 *  than records, and textBegin refuses them). */
function holdsNUL(input) {
  const separators = (string) => {
    let count = 0;
    for (let at = string.indexOf('\0'); at !== -1; at = string.indexOf('\0', at + 1)) count++;
    return count;
  };
  const expected = Math.max(input.ids.length - 1, 0);
  return separators(input.idsJoined) !== expected || separators(input.textsJoined) !== expected;
}

/** `text` through the packed stream (selfsize_text_begin): results come back as columns,
 *  chunk by chunk, turned into objects here while the library measures the next chunk; null
 *  when the JSON path must read the records. */
function textPacked(handle, options, input) {
  const binding = addon();
  let stream;
  try {
    stream = call(() => binding.textBegin(handle, JSON.stringify({ ...options, lineRanges: 'utf16' }),
      input.idsJoined, input.textsJoined, input.ids.length));
  } catch (error) {
    // Records with a NUL take the JSON path (checked only now: rare, and a pass over the texts).
    if (error.code === 'invalidArgument' && holdsNUL(input)) return null;
    throw error;
  }
  const results = [];
  const warnings = [];
  const large = input.ids.length * options.widths.length >= LARGE_BATCH;
  const append = large ? appendLargeColumns : appendColumns;
  try {
    let first = 0;
    for (;;) {
      const chunk = call(() => binding.textNext(stream));
      if (chunk === null) break;
      const extras = JSON.parse(chunk.extras);
      append(results, chunk, input, first, extras);
      for (const warning of extras.warnings) warnings.push(warning);
      first += chunk.resultCount / extras.widths.length;
    }
  } finally {
    binding.textEnd(stream);
  }
  Object.defineProperty(results, 'warnings', { value: warnings, enumerable: false });
  return results;
}

function setIf(options, key, value) {
  if (value !== undefined && value !== null) options[key] = value;
}

/** An engine: fonts, a platform and caches of shaped text. One engine may serve every request. */
class Engine {
  /**
   * @param {{platform?: string, fonts?: string[]|null, boldFonts?: string[]|null, systemFonts?: boolean}} options
   *   platform 'web' (default), 'flutter' or 'ios'; fonts the regular chain (files, FILE#index or
   *   family names; null: the bundled chain); systemFonts false is the CLI's --no-system-fonts.
   */
  constructor({ platform = 'web', fonts = null, boldFonts = null, systemFonts = true } = {}) {
    const binding = addon();
    this.platform = platform;
    this._handle = call(() => binding.createEngine(platform, fonts, boldFonts, systemFonts !== false));
  }

  /** Frees the engine now (else when it is garbage-collected); later calls throw invalidHandle. */
  close() {
    if (this._handle) addon().freeEngine(this._handle);
  }

  /** The platform and font chains (`selfsize fonts --format json` with "platform"). */
  info() {
    return JSON.parse(call(() => addon().engineInfo(this._handle)));
  }

  /**
   * `selfsize text`: one object per record and width, in order. Records are {id, text} objects
   * (or their JSON array as a string). Options: widths (required), lineHeight (points, 'natural'
   * or '1.4x'), fontSize (15), maxLines (0), weight, letterSpacing, field ('text'), strict,
   * pixelScale (ios), textWrap ('auto', 'balance', 'pretty'; web), androidStyle ('compose',
   * 'textview'; android), flutterRoundingHack (true or false; flutter), textSpacingTrim
   * ('space-all', 'normal'; web), jobs (threads; default every processor; results are the same).
   */
  text(records, { widths, lineHeight, fontSize = 15, maxLines = 0, weight = 'regular', letterSpacing = 0,
    field = 'text', strict = false, pixelScale, textWrap, androidStyle, flutterRoundingHack, textSpacingTrim,
    jobs } = {}) {
    const options = { widths: widthsOption(widths), fontSize, maxLines, weight, letterSpacing, field, strict };
    setIf(options, 'lineHeight', lineHeight);
    setIf(options, 'pixelScale', pixelScale);
    setIf(options, 'textWrap', textWrap);
    setIf(options, 'androidStyle', androidStyle);
    setIf(options, 'flutterRoundingHack', flutterRoundingHack);
    setIf(options, 'textSpacingTrim', textSpacingTrim);
    setIf(options, 'jobs', jobs);
    const fast = Array.isArray(records) ? packed(records, field) : null;
    const answer = fast && textPacked(this._handle, options, fast);
    if (answer) return answer;
    const input = body(records, 'records');
    return results(call(() => addon().text(this._handle, JSON.stringify(options), input)));
  }

  /**
   * `selfsize measure`: one object per item and width, in order. `template` is a template file's
   * path or the template object. Options: widths (required), lineHeight, pixelScale, strict, jobs.
   */
  measure(template, items, { widths, lineHeight, pixelScale, strict = false, jobs } = {}) {
    const options = { template, widths: widthsOption(widths), strict };
    setIf(options, 'lineHeight', lineHeight);
    setIf(options, 'pixelScale', pixelScale);
    setIf(options, 'jobs', jobs);
    const input = body(items, 'items');
    return results(call(() => addon().measure(this._handle, JSON.stringify(options), input)));
  }
}

/** The library's version (as `selfsize --version` prints it). */
function version() {
  return addon().version();
}

module.exports = { Engine, SelfSizeError, version, libraryPath };
