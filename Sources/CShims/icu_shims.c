#include "CShims.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ubidi.h>
#include <unicode/uversion.h>
#include <unicode/ucpmap.h>
#include <unicode/uset.h>
#include <unicode/uloc.h>

cshims_break_iterator *cshims_ubrk_open(cshims_break_kind kind, const char *locale, const uint16_t *text,
                                        int32_t length, int32_t *error_code) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open((UBreakIteratorType)kind, locale, (const UChar *)text,
                                       length, &status);
  *error_code = (int32_t)status;
  if (U_FAILURE(status)) {
    if (iterator) ubrk_close(iterator);
    return NULL;
  }
  return (cshims_break_iterator *)iterator;
}

void cshims_ubrk_set_text(cshims_break_iterator *iterator, const uint16_t *text, int32_t length,
                          int32_t *error_code) {
  UErrorCode status = U_ZERO_ERROR;
  ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &status);
  *error_code = (int32_t)status;
}

int32_t cshims_ubrk_next(cshims_break_iterator *iterator) {
  int32_t next = ubrk_next((UBreakIterator *)iterator);
  return next == UBRK_DONE ? -1 : next;
}

int32_t cshims_ubrk_rule_status(cshims_break_iterator *iterator) {
  return ubrk_getRuleStatus((UBreakIterator *)iterator);
}

void cshims_ubrk_close(cshims_break_iterator *iterator) {
  if (iterator) ubrk_close((UBreakIterator *)iterator);
}

int32_t cshims_script_of(uint32_t code_point, int32_t *error_code) {
  UErrorCode status = U_ZERO_ERROR;
  UScriptCode code = uscript_getScript((UChar32)code_point, &status);
  *error_code = (int32_t)status;
  return (int32_t)code;
}

const char *cshims_script_short_name(int32_t script_code) {
  return uscript_getShortName((UScriptCode)script_code);
}

bool cshims_is_default_ignorable(uint32_t code_point) {
  return u_hasBinaryProperty((UChar32)code_point, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

bool cshims_extends_grapheme_cluster(uint32_t code_point) {
  int32_t value = u_getIntPropertyValue((UChar32)code_point, UCHAR_GRAPHEME_CLUSTER_BREAK);
  return value == U_GCB_EXTEND || value == U_GCB_ZWJ || value == U_GCB_SPACING_MARK;
}

int32_t cshims_script_extensions(uint32_t code_point, int32_t *scripts, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t count = uscript_getScriptExtensions((UChar32)code_point, (UScriptCode *)scripts, capacity, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) return count;
  return U_FAILURE(status) ? 0 : count;
}

int32_t cshims_paired_bracket_type(uint32_t code_point) {
  return u_getIntPropertyValue((UChar32)code_point, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}

uint32_t cshims_paired_bracket(uint32_t code_point) {
  return (uint32_t)u_getBidiPairedBracket((UChar32)code_point);
}

bool cshims_is_emoji_presentation(uint32_t code_point) {
  return u_hasBinaryProperty((UChar32)code_point, UCHAR_EMOJI_PRESENTATION);
}

int32_t cshims_bracket_width_class(uint32_t code_point) {
  UChar32 c = (UChar32)code_point;
  int8_t category = u_charType(c);
  if (category != U_START_PUNCTUATION && category != U_END_PUNCTUATION) return CSHIMS_BRACKET_NONE;
  bool wide = ublock_getCode(c) == UBLOCK_CJK_SYMBOLS_AND_PUNCTUATION ||
              u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH) == U_EA_FULLWIDTH;
  if (category == U_START_PUNCTUATION) return wide ? CSHIMS_BRACKET_OPEN : CSHIMS_BRACKET_OPEN_NARROW;
  return wide ? CSHIMS_BRACKET_CLOSE : CSHIMS_BRACKET_CLOSE_NARROW;
}

int32_t cshims_line_break_property(uint32_t code_point) {
  UChar32 c = (UChar32)code_point;
  int32_t value = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
  int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  if (width == U_EA_FULLWIDTH || width == U_EA_WIDE || width == U_EA_HALFWIDTH) {
    value |= CSHIMS_LB_EAST_ASIAN_WIDE;
  }
  int8_t category = u_charType(c);
  if (category == U_UNASSIGNED && u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) {
    value |= CSHIMS_LB_PICTOGRAPHIC_UNASSIGNED;
  }
  if (category == U_NON_SPACING_MARK || category == U_COMBINING_SPACING_MARK) {
    value |= CSHIMS_LB_MARK;
  }
  return value;
}

// A temporary mark for unassigned code points while the properties are being filled.
#define CSHIMS_LB_UNASSIGNED 0x800

/// Writes the value `map` gives each code point of [start, end) to `values`, walking the map
/// range by range. Returns false if ICU reports a bad range.
static bool cshims_map_values(const UCPMap *map, uint32_t start, uint32_t end, uint32_t *values) {
  UChar32 last = (UChar32)end - 1;
  for (UChar32 c = (UChar32)start; c <= last;) {
    uint32_t value = 0;
    UChar32 range_end = ucpmap_getRange(map, c, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &value);
    if (range_end < c) return false;
    if (range_end > last) range_end = last;
    for (UChar32 i = c; i <= range_end; i++) values[i - start] = value;
    c = range_end + 1;
  }
  return true;
}

bool cshims_line_break_properties(uint32_t start, uint32_t end, int32_t *output) {
  if (end <= start) return true;
  UErrorCode status = U_ZERO_ERROR;
  const UCPMap *line_break = u_getIntPropertyMap(UCHAR_LINE_BREAK, &status);
  const UCPMap *width = u_getIntPropertyMap(UCHAR_EAST_ASIAN_WIDTH, &status);
  const UCPMap *category = u_getIntPropertyMap(UCHAR_GENERAL_CATEGORY, &status);
  const USet *pictographic = u_getBinaryPropertySet(UCHAR_EXTENDED_PICTOGRAPHIC, &status);
  if (U_FAILURE(status) || !line_break || !width || !category || !pictographic) return false;
  uint32_t count = end - start;
  uint32_t *values = malloc((size_t)count * sizeof(uint32_t));
  if (!values) return false;
  bool read = cshims_map_values(line_break, start, end, values);
  for (uint32_t i = 0; read && i < count; i++) output[i] = (int32_t)values[i];
  read = read && cshims_map_values(width, start, end, values);
  for (uint32_t i = 0; read && i < count; i++) {
    if (values[i] == U_EA_FULLWIDTH || values[i] == U_EA_WIDE || values[i] == U_EA_HALFWIDTH) {
      output[i] |= CSHIMS_LB_EAST_ASIAN_WIDE;
    }
  }
  read = read && cshims_map_values(category, start, end, values);
  for (uint32_t i = 0; read && i < count; i++) {
    if (values[i] == U_UNASSIGNED) output[i] |= CSHIMS_LB_UNASSIGNED;
    if (values[i] == U_NON_SPACING_MARK || values[i] == U_COMBINING_SPACING_MARK) output[i] |= CSHIMS_LB_MARK;
  }
  free(values);
  if (!read) return false;
  UChar32 last = (UChar32)end - 1;
  int32_t ranges = uset_getRangeCount(pictographic);
  for (int32_t r = 0; r < ranges; r++) {
    UChar32 first = 0, final = 0;
    UErrorCode item_status = U_ZERO_ERROR;
    uset_getItem(pictographic, r, &first, &final, NULL, 0, &item_status);
    if (U_FAILURE(item_status)) return false;
    if (first < (UChar32)start) first = (UChar32)start;
    if (final > last) final = last;
    for (UChar32 i = first; i <= final; i++) {
      if (output[i - start] & CSHIMS_LB_UNASSIGNED) output[i - start] |= CSHIMS_LB_PICTOGRAPHIC_UNASSIGNED;
    }
  }
  for (uint32_t i = 0; i < count; i++) output[i] &= ~CSHIMS_LB_UNASSIGNED;
  return true;
}

static bool cshims_mark_set(const USet *set, uint32_t start, uint32_t end, uint16_t *output,
                            uint16_t flag) {
  UChar32 last = (UChar32)end - 1;
  int32_t ranges = uset_getRangeCount(set);
  for (int32_t r = 0; r < ranges; r++) {
    UChar32 first = 0, final = 0;
    UErrorCode item_status = U_ZERO_ERROR;
    uset_getItem(set, r, &first, &final, NULL, 0, &item_status);
    if (U_FAILURE(item_status)) return false;
    if (first < (UChar32)start) first = (UChar32)start;
    if (final > last) final = last;
    for (UChar32 i = first; i <= final; i++) output[i - start] |= flag;
  }
  return true;
}

bool cshims_shaping_properties(uint32_t start, uint32_t end, uint16_t *output) {
  if (end <= start) return true;
  UErrorCode status = U_ZERO_ERROR;
  const UCPMap *script = u_getIntPropertyMap(UCHAR_SCRIPT, &status);
  const UCPMap *cluster = u_getIntPropertyMap(UCHAR_GRAPHEME_CLUSTER_BREAK, &status);
  const USet *ignorable = u_getBinaryPropertySet(UCHAR_DEFAULT_IGNORABLE_CODE_POINT, &status);
  const USet *emoji = u_getBinaryPropertySet(UCHAR_EMOJI_PRESENTATION, &status);
  if (U_FAILURE(status) || !script || !cluster || !ignorable || !emoji) return false;
  uint32_t count = end - start;
  uint32_t *values = malloc((size_t)count * sizeof(uint32_t));
  if (!values) return false;
  bool read = cshims_map_values(script, start, end, values);
  for (uint32_t i = 0; read && i < count; i++) output[i] = values[i] < 0xFF ? (uint16_t)values[i] : 0xFF;
  read = read && cshims_map_values(cluster, start, end, values);
  for (uint32_t i = 0; read && i < count; i++) {
    uint32_t value = values[i];
    if (value == U_GCB_OTHER || value == U_GCB_CONTROL || value == U_GCB_CR || value == U_GCB_LF) {
      output[i] |= CSHIMS_SHAPING_ALONE;
    }
  }
  free(values);
  return read && cshims_mark_set(ignorable, start, end, output, CSHIMS_SHAPING_IGNORABLE) &&
         cshims_mark_set(emoji, start, end, output, CSHIMS_SHAPING_EMOJI);
}

void cshims_icu_version(char *buffer, int32_t capacity) {
  UVersionInfo info;
  u_getVersion(info);
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(info, text);
  strncpy(buffer, text, (size_t)capacity);
  if (capacity > 0) buffer[capacity - 1] = 0;
}

void cshims_unicode_version(char *buffer, int32_t capacity) {
  UVersionInfo info;
  u_getUnicodeVersion(info);
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(info, text);
  strncpy(buffer, text, (size_t)capacity);
  if (capacity > 0) buffer[capacity - 1] = 0;
}

cshims_bidi *cshims_ubidi_open(const uint16_t *text, int32_t length, uint8_t paragraph_level,
                               int32_t *error_code) {
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_SUCCESS(status)) {
    ubidi_setPara(bidi, (const UChar *)text, length, (UBiDiLevel)paragraph_level, NULL, &status);
  }
  *error_code = (int32_t)status;
  if (U_FAILURE(status)) {
    if (bidi) ubidi_close(bidi);
    return NULL;
  }
  return (cshims_bidi *)bidi;
}

const uint8_t *cshims_ubidi_levels(cshims_bidi *bidi, int32_t *error_code) {
  UErrorCode status = U_ZERO_ERROR;
  const UBiDiLevel *levels = ubidi_getLevels((UBiDi *)bidi, &status);
  *error_code = (int32_t)status;
  return U_FAILURE(status) ? NULL : (const uint8_t *)levels;
}

void cshims_ubidi_close(cshims_bidi *bidi) {
  if (bidi) ubidi_close((UBiDi *)bidi);
}

const char *const *cshims_iso_languages(void) { return uloc_getISOLanguages(); }
