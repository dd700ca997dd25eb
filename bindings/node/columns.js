'use strict';
// Result objects from a chunk of a packed text stream (selfsize_text_columns). index.js loads this
// module twice, for small and for large batches: see there.

/** A number JSON prints without a fraction, as JSON.parse reads it (null when not finite). */
function integral(value) {
  // `| 0` makes a small integer V8 stores unboxed (and turns -0 into 0, as JSON prints it).
  if (value === (value | 0)) return value | 0;
  return Number.isFinite(value) ? value + 0 : null;
}

/** Appends the objects of a chunk of a text stream (selfsize_text_columns with line ranges) to
 *  `results`; the chunk starts at record `first` of `input`. */
function appendColumns(results, chunk, input, first, extras) {
  const n = chunk.resultCount;
  const { widths, platform } = extras;
  const widthCount = widths.length;
  const { ids, texts } = input;
  const lineCounts = chunk.lineCount;
  const heights = chunk.height;
  const truncated = chunk.truncated;
  const missing = chunk.missingGlyphs;
  const lineWidths = chunk.lineWidth;
  const breaks = chunk.breaks;
  const ranges = chunk.lineRange;
  // The heights and line widths JSON prints as integers, by ascending index: the next of each.
  const integralHeights = chunk.integralHeights;
  const integralWidths = chunk.integralLineWidths;
  let h = 0;
  let w = 0;
  let nextHeight = integralHeights.length > 0 ? integralHeights[0] : -1;
  let nextWidth = integralWidths.length > 0 ? integralWidths[0] : -1;
  const start = results.length;
  let line = 0;
  let brk = 0;
  let r = 0;
  for (let record = first; r < n; record++) {
    const id = ids[record];
    const text = texts[record];
    for (let k = 0; k < widthCount; k++, r++) {
      const count = lineCounts[r];
      const breakCount = count > 0 ? count - 1 : 0;
      const resultBreaks = new Array(breakCount);
      for (let b = 0; b < breakCount; b++) resultBreaks[b] = breaks[brk++];
      const lines = new Array(count);
      for (let l = 0; l < count; l++, line++) {
        let width = lineWidths[line];
        if (line === nextWidth) {
          width = integral(width);
          nextWidth = ++w < integralWidths.length ? integralWidths[w] : -1;
        }
        // Slices of the record's text (the library gives UTF-16 ranges): no decoding, and a
        // line that is the whole text is the text itself.
        const from = ranges[2 * line];
        const to = ranges[2 * line + 1];
        lines[l] = { text: to >= 0 ? text.slice(from, to) : `${text.slice(from, -1 - to)}\u2026`, width };
      }
      let height = heights[r];
      if (r === nextHeight) {
        height = integral(height);
        nextHeight = ++h < integralHeights.length ? integralHeights[h] : -1;
      }
      results.push({
        id, width: widths[k], lineCount: count, height, breaks: resultBreaks, lines, truncated: truncated[r] === 1,
        missingGlyphs: missing[r], platform,
      });
    }
  }
  for (const [i, object] of extras.objects) results[start + i] = object;
}

module.exports = appendColumns;
