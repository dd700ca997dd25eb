#include "CShims.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ubidi.h>
#include <unicode/uversion.h>

cshims_break_iterator *cshims_ubrk_open(int32_t kind, const char *locale, const uint16_t *text,
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

bool cshims_is_emoji_presentation(uint32_t code_point) {
  return u_hasBinaryProperty((UChar32)code_point, UCHAR_EMOJI_PRESENTATION);
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

void cshims_ubidi_logical_run(cshims_bidi *bidi, int32_t logical_start, int32_t *logical_limit,
                              uint8_t *level) {
  UBiDiLevel run_level = 0;
  ubidi_getLogicalRun((const UBiDi *)bidi, logical_start, logical_limit, &run_level);
  *level = run_level;
}

void cshims_ubidi_close(cshims_bidi *bidi) {
  if (bidi) ubidi_close((UBiDi *)bidi);
}
