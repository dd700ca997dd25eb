/*
 * selfsize.h: the C ABI of SelfSizing (libselfsize.so).
 *
 * One engine measures paragraphs and template cards with real shaped text, exactly as the
 * `selfsize` CLI does: `selfsize_text` and `selfsize_measure` take a batch as JSON and return
 * JSON whose result objects are the very bytes `selfsize text` / `selfsize measure` print as
 * JSON Lines for the same input.
 *
 * Conventions
 * - Every function returns a status (SELFSIZE_OK = 0, or a SELFSIZE_E_* code below); on an
 *   error, `*error` (when `error` is not NULL) receives a UTF-8 message. Nothing is ever
 *   written to stdout or stderr.
 * - Ownership: every `char *` the library hands out (`*error`, `*result`) is allocated by the
 *   library, NUL-terminated, owned by the caller from then on, and freed with `selfsize_free`
 *   (exactly once); so is every `selfsize_text_columns *` (one buffer holding the arrays it
 *   points to). Strings passed in are borrowed for the duration of the call only.
 *   `selfsize_version` and `selfsize_status_name` return static strings: never free them.
 * - Engines are thread-safe: any number of threads may call `selfsize_text` and
 *   `selfsize_measure` on one engine at once (its caches are shared under locks).
 *   `selfsize_engine_free` may run while other threads use the engine: their calls finish,
 *   later calls with the handle fail with SELFSIZE_E_INVALID_HANDLE.
 * - A handle is an identifier, never dereferenced: a freed, foreign or NULL handle is reported
 *   as SELFSIZE_E_INVALID_HANDLE, never a crash. Handles are not reused.
 * - All text is UTF-8; lengths are in bytes. Offsets in results count Unicode scalars.
 * - The fonts and resources bundle (`SelfSizing_SelfSizingResources.resources`) is found as the
 *   CLI finds it: $SELFSIZE_FONTS_DIR / $SELFSIZE_EXAMPLES_DIR, beside the executable, then
 *   beside this library.
 */
#ifndef SELFSIZE_H
#define SELFSIZE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header's ABI; `selfsize_abi_version()` returns the library's. */
#define SELFSIZE_ABI_VERSION 3

/* Statuses. */
#define SELFSIZE_OK 0
/* A bad argument: a NULL pointer where one is needed, an unknown platform, a bad option. */
#define SELFSIZE_E_INVALID_ARGUMENT 1
/* The engine handle is NULL, freed, or was never returned by selfsize_engine_create. */
#define SELFSIZE_E_INVALID_HANDLE 2
/* Options, records or a template are not valid UTF-8. */
#define SELFSIZE_E_INVALID_UTF8 3
/* Options, the records array or a template are not valid JSON (a bad record inside a valid
 * array is that record's error object instead, see selfsize_text). */
#define SELFSIZE_E_INVALID_JSON 4
/* A font file cannot be loaded, a family is not installed or bundled. */
#define SELFSIZE_E_FONT 5
/* The template cannot be read or is not a valid template. */
#define SELFSIZE_E_TEMPLATE 6
/* The bundled fonts cannot be found (see the resources bundle above). */
#define SELFSIZE_E_RESOURCES 7
/* A bug: please report it with the message. */
#define SELFSIZE_E_INTERNAL 99

/* An engine: fonts, a platform, and caches of shaped text. Opaque. */
typedef struct selfsize_engine selfsize_engine;

/* The ABI version of the loaded library (SELFSIZE_ABI_VERSION it was built with). */
uint32_t selfsize_abi_version(void);

/* The library's version, e.g. "1.0.0". Static: do not free. */
const char *selfsize_version(void);

/* The name of a status, e.g. "invalidHandle" for SELFSIZE_E_INVALID_HANDLE ("ok" for 0,
 * "unknown" for a value not listed above). Static: do not free. */
const char *selfsize_status_name(int32_t status);

/*
 * Creates an engine.
 * - platform: "web", "flutter", "android", "ios" (the CLI's --platform); NULL for the default ("web").
 * - fonts / font_count: the regular chain, primary first (the CLI's --font: a FILE,
 *   FILE#faceIndex, or a family name resolved through fontconfig); NULL / 0 for the bundled
 *   chain.
 * - bold_fonts / bold_font_count: the bold chain (--bold-font); NULL / 0: the bold faces of
 *   `fonts` (or the bundled bold chain).
 * - system_fonts: nonzero to fall back to installed fonts for characters the chain lacks
 *   (0 is the CLI's --no-system-fonts).
 * - *engine receives the handle, freed with selfsize_engine_free.
 */
int32_t selfsize_engine_create(const char *platform, const char *const *fonts, size_t font_count,
                               const char *const *bold_fonts, size_t bold_font_count,
                               int32_t system_fonts, selfsize_engine **engine, char **error);

/* Frees an engine. SELFSIZE_E_INVALID_HANDLE when it was already freed or is not an engine. */
int32_t selfsize_engine_free(selfsize_engine *engine);

/*
 * What an engine is: a JSON object {"platform", "systemFonts", "fonts": the chains as
 * `selfsize fonts --format json` reports them, "warnings": [...]}. Free *result with
 * selfsize_free.
 */
int32_t selfsize_engine_info(selfsize_engine *engine, char **result, size_t *result_length,
                             char **error);

/*
 * Measures paragraphs: `selfsize text`.
 * - options: a JSON object (NULL or empty for all defaults): "widths" (required, an array of
 *   numbers in points or "inf"), "fontSize" (15), "weight" ("regular" | "bold"), "lineHeight"
 *   (null or "natural", points, or a multiple of the font size as "1.4x"), "letterSpacing" (0),
 *   "maxLines" (0 = unlimited), "pixelScale" (ios only), "textWrap" ("auto" | "balance" |
 *   "pretty"; web only), "androidStyle" ("compose" | "textview"; android only),
 *   "flutterRoundingHack" (true | false; flutter only), "field" ("text"), "strict" (false:
 *   missing glyphs are warnings; true: errors), "jobs" (threads; default: the processors).
 * - records: a JSON array of records {"id": "...", "text": "..."} (other keys ignored).
 * - *result receives {"results": [...], "warnings": [...]}: one object per record and width in
 *   order, each exactly the `selfsize text` JSON Lines object; a bad record gives, for each
 *   width in its place, {"id", "width", "error": {"code", "message"}} with the CLI's error code
 *   and message ("records[INDEX]: id X: what"); "warnings" lists missing glyphs as
 *   {"id", "code", "message"}. Free *result with selfsize_free.
 */
int32_t selfsize_text(selfsize_engine *engine, const char *options, size_t options_length,
                      const char *records, size_t records_length, char **result,
                      size_t *result_length, char **error);

/*
 * Measures template cards: `selfsize measure`.
 * - options: a JSON object: "template" (required: a template file's path, or the template
 *   object itself), "widths" (required), "lineHeight" (overrides every style's, as the CLI's
 *   --line-height), "pixelScale", "strict", "jobs".
 * - items: a JSON array of items (the CLI's JSON Lines items).
 * - *result: {"results": [...], "warnings": [...]} as for selfsize_text, each result exactly
 *   the `selfsize measure` object ("items[INDEX]: ..." in error messages).
 */
int32_t selfsize_measure(selfsize_engine *engine, const char *options, size_t options_length,
                         const char *items, size_t items_length, char **result,
                         size_t *result_length, char **error);

/*
 * Packed text batches: `selfsize text` without JSON on either side, for bindings that build
 * their own objects. The texts go in as one buffer, the results come back as columns, chunk by
 * chunk, measured on the library's threads (`jobs` of them) while the caller takes the chunks
 * before: the caller turns one chunk into its objects while the next is measured, as the CLI
 * writes one batch while measuring the next. The results are those of selfsize_text for the
 * records {"id": ids[i], FIELD: texts[i]} in the same order.
 */

/* A text stream: a packed batch being measured. Opaque. */
typedef struct selfsize_text_stream selfsize_text_stream;

/*
 * The results of consecutive records of a stream, as columns. Results run record-major (every
 * width of a record in the order of "widths", then the next record's), numbered from 0 in the
 * chunk; the objects they stand for are those of selfsize_text:
 *   {"id": the record's id, "width": the width (null for "inf"), "lineCount": line_count[r],
 *    "height": height[r], "breaks": r's line_count[r] - 1 breaks (none when 0 lines),
 *    "lines": [{"text", "width": line_width[l]}, ...], "truncated": truncated[r] != 0,
 *    "missingGlyphs": missing_glyphs[r], "platform": the engine's platform}.
 * `breaks`, `line_width` and the NUL-terminated line texts of `line_text` run through every
 * result's lines in order. With the option "lineRanges": "utf16" (selfsize_text_begin),
 * `line_text` is empty and `line_range` gives each line as the start and end of its text in
 * its record's text in UTF-16 code units, for bindings whose strings are UTF-16 to slice; a
 * truncated line, whose text is that range and "…", has its end stored as -1 - end.
 * JSON prints a number without a fraction as an integer: the indices
 * in `integral_heights` / `integral_line_widths` name the values that JSON text would hold as
 * integers (or null when not finite); every other value is a number with a fraction.
 * Some results are given as their JSON object instead (their columns are 0 and they have no
 * lines): a failed record's error objects, one per width, and any record that was read through
 * the JSON path (an empty id, bytes that are not UTF-8). `extras` is the JSON object
 * {"widths": [the widths as the results print them], "platform": "web", "objects": [[r, object],
 * ...], "warnings": [{"id", "code", "message"}, ...]}.
 * The whole chunk is one buffer from the library: free it (only the chunk) with selfsize_free.
 */
typedef struct selfsize_text_columns {
  size_t result_count;
  const int32_t *line_count;       /* [result_count] */
  const double *height;            /* [result_count] */
  const uint8_t *truncated;        /* [result_count], 0 or 1 */
  const int32_t *missing_glyphs;   /* [result_count] */
  size_t line_total;               /* the sum of line_count */
  const double *line_width;        /* [line_total] */
  const int32_t *breaks;           /* [line_total - the results with at least one line] */
  size_t line_text_length;         /* bytes */
  const char *line_text;           /* line_total UTF-8 texts, each followed by a NUL */
  size_t integral_height_count;
  const int64_t *integral_heights; /* indices into height */
  size_t integral_line_width_count;
  const int64_t *integral_line_widths; /* indices into line_width */
  size_t extras_length;            /* bytes, without the NUL */
  const char *extras;              /* JSON, NUL-terminated */
  const int32_t *line_range;       /* [2 * line_total] with "lineRanges": "utf16", else NULL */
} selfsize_text_columns;

/*
 * Starts measuring packed texts: `selfsize text` over `count` records.
 * - options: as selfsize_text ("jobs": the threads measuring; default: the processors), and
 *   "lineRanges": "utf16" for line ranges instead of line texts (see selfsize_text_columns).
 * - ids / ids_length: the records' ids as UTF-8, separated by NUL bytes (count parts, no NUL
 *   after the last); texts / texts_length: their texts the same way (so neither may hold a NUL
 *   itself: such records go through selfsize_text). Both are copied before the call returns.
 * - *stream receives the stream; take its chunks with selfsize_text_next and end it with
 *   selfsize_text_end (always, also after an error).
 * SELFSIZE_E_INVALID_ARGUMENT when ids or texts do not hold `count` parts. Measuring runs on
 * the library's threads from now on; the engine may be freed meanwhile.
 */
int32_t selfsize_text_begin(selfsize_engine *engine, const char *options, size_t options_length,
                            const char *ids, size_t ids_length, const char *texts, size_t texts_length,
                            size_t count, selfsize_text_stream **stream, char **error);

/*
 * The next chunk of a stream's results, in input order; waits while it is being measured.
 * *columns receives the chunk (free it with selfsize_free), or NULL after the last chunk.
 * One thread at a time may take a stream's chunks.
 */
int32_t selfsize_text_next(selfsize_text_stream *stream, selfsize_text_columns **columns, char **error);

/* Ends a stream: stops measuring (after the chunks being measured) and frees it and the chunks
 * not taken. SELFSIZE_E_INVALID_HANDLE when it was already ended or is not a stream. */
int32_t selfsize_text_end(selfsize_text_stream *stream);

/* Frees a buffer this library returned (a result or an error message). NULL is ignored. */
void selfsize_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif /* SELFSIZE_H */
