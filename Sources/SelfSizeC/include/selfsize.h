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
 *   (exactly once). Strings passed in are borrowed for the duration of the call only.
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
#define SELFSIZE_ABI_VERSION 1

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
 * - platform: "web", "flutter", "ios" (the CLI's --platform); NULL for the default ("web").
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
 *   "maxLines" (0 = unlimited), "pixelScale" (ios only), "field" ("text"), "strict" (false:
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

/* Frees a buffer this library returned (a result or an error message). NULL is ignored. */
void selfsize_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif /* SELFSIZE_H */
