// Thin, un-suffixed wrappers over the ICU C API, whose symbols carry a version suffix such as
// `_72` that Swift cannot name portably. Only TextEngine's Native wrappers call these.
#ifndef SELFSIZING_CSHIMS_H
#define SELFSIZING_CSHIMS_H

#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

// MARK: ICU break iterators (UTF-16 text)

/// Opaque ICU break iterator.
typedef struct cshims_break_iterator cshims_break_iterator;

/// What a break iterator finds (ICU's UBreakIteratorType).
typedef enum __attribute__((enum_extensibility(closed))) cshims_break_kind : int32_t {
  /// Grapheme cluster boundaries.
  cshims_break_kind_character = 0,
  /// Word boundaries.
  cshims_break_kind_word = 1,
  /// Line-break opportunities (UAX #14).
  cshims_break_kind_line = 2,
  /// Sentence boundaries.
  cshims_break_kind_sentence = 3,
} cshims_break_kind;

/// Opens an iterator over `text` (which may be NULL with length 0 and set later).
/// Returns NULL and a positive *error_code (an ICU UErrorCode) on failure.
cshims_break_iterator *_Nullable cshims_ubrk_open(cshims_break_kind kind, const char *locale,
                                                  const uint16_t *_Nullable text, int32_t length,
                                                  int32_t *error_code);
/// Points the iterator at new text; the text must outlive its use.
void cshims_ubrk_set_text(cshims_break_iterator *iterator, const uint16_t *_Nullable text,
                          int32_t length, int32_t *error_code);
/// Next boundary, or -1 when done.
int32_t cshims_ubrk_next(cshims_break_iterator *iterator);
/// Rule status of the last boundary: for line iterators >= 100 means a hard (mandatory) break.
int32_t cshims_ubrk_rule_status(cshims_break_iterator *iterator);
void cshims_ubrk_close(cshims_break_iterator *_Nullable iterator);

// MARK: ICU character properties

/// ISO 15924 script code (UScriptCode) of a code point.
int32_t cshims_script_of(uint32_t code_point, int32_t *error_code);
/// Four-letter ISO 15924 short name of a UScriptCode ("Latn", "Hani", "Zyyy"...), or NULL.
const char *_Nullable cshims_script_short_name(int32_t script_code);
/// True for Default_Ignorable_Code_Point (ZWJ, variation selectors, ...).
bool cshims_is_default_ignorable(uint32_t code_point);
/// Grapheme_Cluster_Break Extend, ZWJ or SpacingMark: joins the cluster before it.
bool cshims_extends_grapheme_cluster(uint32_t code_point);
/// The code point's Script_Extensions (UScriptCode values) written to `scripts` (room for
/// `capacity`); returns how many it has (more than `capacity` when they did not all fit), or 0
/// when ICU fails.
int32_t cshims_script_extensions(uint32_t code_point, int32_t *scripts, int32_t capacity);
/// Bidi_Paired_Bracket_Type: 0 none, 1 open, 2 close.
int32_t cshims_paired_bracket_type(uint32_t code_point);
/// Bidi_Paired_Bracket (the code point itself when it has none).
uint32_t cshims_paired_bracket(uint32_t code_point);
/// True for Emoji_Presentation code points (shown as emoji without VS16).
bool cshims_is_emoji_presentation(uint32_t code_point);
/// Blink's text-spacing class of a bracket (`SetHanKerning` in Blink's
/// character_property_data_generator.cc): General_Category Ps or Pe, "wide" when in the CJK
/// Symbols and Punctuation block or East_Asian_Width Fullwidth; CSHIMS_BRACKET_NONE otherwise.
int32_t cshims_bracket_width_class(uint32_t code_point);
#define CSHIMS_BRACKET_NONE 0
#define CSHIMS_BRACKET_OPEN 1
#define CSHIMS_BRACKET_CLOSE 2
#define CSHIMS_BRACKET_OPEN_NARROW 3
#define CSHIMS_BRACKET_CLOSE_NARROW 4
/// The raw UAX #14 Line_Break value of a code point (ICU's ULineBreak, 0 = XX ... 42 = ZWJ),
/// plus flags for the facts rules LB1, LB30 and LB30b need:
/// CSHIMS_LB_EAST_ASIAN_WIDE (East_Asian_Width F, W or H), CSHIMS_LB_PICTOGRAPHIC_UNASSIGNED
/// (Extended_Pictographic and unassigned) and CSHIMS_LB_MARK (General_Category Mn or Mc).
int32_t cshims_line_break_property(uint32_t code_point);
/// Writes `cshims_line_break_property` of every code point in [start, end) to `output`
/// (end - start entries), walking ICU's property maps range by range instead of asking per
/// code point. Returns false if ICU cannot provide the maps.
bool cshims_line_break_properties(uint32_t start, uint32_t end, int32_t *output);
#define CSHIMS_LB_VALUE_MASK 0xFF
#define CSHIMS_LB_EAST_ASIAN_WIDE 0x100
#define CSHIMS_LB_PICTOGRAPHIC_UNASSIGNED 0x200
#define CSHIMS_LB_MARK 0x400
/// Writes, for every code point in [start, end), its UScriptCode (bits 0-7; 0xFF for a code
/// above 254) and flags: CSHIMS_SHAPING_ALONE (Grapheme_Cluster_Break Other, Control, CR or LF:
/// a cluster of its own unless CR LF), CSHIMS_SHAPING_IGNORABLE (Default_Ignorable_Code_Point),
/// CSHIMS_SHAPING_EMOJI (Emoji_Presentation). Walks ICU's property maps range by range.
/// Returns false if ICU cannot provide the maps.
bool cshims_shaping_properties(uint32_t start, uint32_t end, uint16_t *output);
#define CSHIMS_SHAPING_SCRIPT_MASK 0xFF
#define CSHIMS_SHAPING_ALONE 0x100
#define CSHIMS_SHAPING_IGNORABLE 0x200
#define CSHIMS_SHAPING_EMOJI 0x400
/// The BMP tables compiled into the package (unicode_tables.c, generated from ICU by
/// Scripts/make-unicode-tables.sh), expanded from their runs: 65,536 line-break entries (the
/// engine's class raw value | 0x80 for SA) and 65,536 shaping entries (as
/// cshims_shaping_properties writes them).
void cshims_compiled_line_break_table(uint8_t *output);
void cshims_compiled_shaping_table(uint16_t *output);
/// The Unicode version of the ICU the compiled tables came from ("15.0").
const char *cshims_compiled_tables_unicode_version(void);
/// The ICU version string ("72.1"), NUL-terminated and cut to `capacity` bytes.
void cshims_icu_version(char *buffer, int32_t capacity);
/// The Unicode version ICU implements ("15.0"), NUL-terminated and cut to `capacity` bytes.
void cshims_unicode_version(char *buffer, int32_t capacity);

// MARK: ICU bidi

typedef struct cshims_bidi cshims_bidi;
/// Runs the Unicode Bidirectional Algorithm over a paragraph; paragraph_level 0 = LTR,
/// 1 = RTL, 0xFE = detect from the first strong character. The text must outlive the result.
/// Returns NULL and a positive *error_code on failure.
cshims_bidi *_Nullable cshims_ubidi_open(const uint16_t *text, int32_t length,
                                         uint8_t paragraph_level, int32_t *error_code);
/// The embedding level of every UTF-16 unit (owned by bidi, valid until it is closed); NULL and
/// a positive *error_code on failure.
const uint8_t *_Nullable cshims_ubidi_levels(cshims_bidi *bidi, int32_t *error_code);
void cshims_ubidi_close(cshims_bidi *_Nullable bidi);

/// ICU's ISO 639 language codes (`uloc_getISOLanguages`), ending with NULL.
const char *_Nullable const *_Nonnull cshims_iso_languages(void);

// MARK: Memory hints

/// Asks the processor to start loading the cache line holding `address` for reading; it
/// changes no result and never faults, whatever the address.
static inline void cshims_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif
#endif
