#include "text_floor.h"

#include <hb.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

typedef struct {
  double content;
  double total;
  int32_t hard;
} floor_segment;

typedef struct {
  uint64_t hash;
  int32_t key_start;
  int32_t key_length;
  double content;
  double total;
} cache_entry;

struct text_floor {
  hb_blob_t *blob;
  hb_face_t *face;
  hb_font_t *font;
  hb_buffer_t *buffer;
  UBreakIterator *lines;
  double scale;  // points per design unit

  // UTF-16 scratch for the paragraph being prepared.
  UChar *utf16;
  int32_t utf16_capacity;

  // Segment width cache: open addressing over `slots` (indices into `entries`, -1 empty).
  int32_t *slots;
  int32_t slot_mask;
  cache_entry *entries;
  int32_t entry_count;
  int32_t entry_capacity;
  UChar *keys;
  int32_t key_count;
  int32_t key_capacity;

  // Prepared paragraphs: segments in one array, paragraph p = segments[starts[p] ..< starts[p+1]].
  floor_segment *segments;
  int32_t segment_count;
  int32_t segment_capacity;
  int32_t *starts;
  int32_t paragraph_count;
  int32_t paragraph_capacity;
};

enum { CACHE_CAPACITY = 1 << 16 };

static void *grow(void *pointer, int32_t *capacity, int32_t needed, size_t element) {
  if (needed <= *capacity) return pointer;
  int32_t next = *capacity ? *capacity : 64;
  while (next < needed) next *= 2;
  void *grown = realloc(pointer, (size_t)next * element);
  if (!grown) abort();
  *capacity = next;
  return grown;
}

text_floor *text_floor_create(const char *path, uint32_t face_index, double font_size) {
  hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
  if (!blob) return NULL;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *lines = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
  if (U_FAILURE(status)) {
    hb_blob_destroy(blob);
    return NULL;
  }
  text_floor *floor = calloc(1, sizeof(text_floor));
  floor->blob = blob;
  floor->face = hb_face_create(blob, face_index);
  floor->font = hb_font_create(floor->face);
  unsigned upem = hb_face_get_upem(floor->face);
  hb_font_set_scale(floor->font, (int)upem, (int)upem);
  floor->buffer = hb_buffer_create();
  floor->lines = lines;
  floor->scale = font_size / (double)upem;
  floor->slot_mask = CACHE_CAPACITY * 2 - 1;
  floor->slots = malloc(sizeof(int32_t) * (size_t)(CACHE_CAPACITY * 2));
  memset(floor->slots, 0xFF, sizeof(int32_t) * (size_t)(CACHE_CAPACITY * 2));
  floor->paragraph_capacity = 64;
  floor->starts = malloc(sizeof(int32_t) * 65);
  floor->starts[0] = 0;
  return floor;
}

void text_floor_destroy(text_floor *floor) {
  if (!floor) return;
  ubrk_close(floor->lines);
  hb_buffer_destroy(floor->buffer);
  hb_font_destroy(floor->font);
  hb_face_destroy(floor->face);
  hb_blob_destroy(floor->blob);
  free(floor->utf16);
  free(floor->slots);
  free(floor->entries);
  free(floor->keys);
  free(floor->segments);
  free(floor->starts);
  free(floor);
}

double text_floor_shape_paragraph(text_floor *floor, const char *utf8, int32_t length) {
  hb_buffer_t *buffer = floor->buffer;
  hb_buffer_clear_contents(buffer);
  hb_buffer_add_utf8(buffer, utf8, length, 0, length);
  hb_buffer_guess_segment_properties(buffer);
  hb_shape(floor->font, buffer, NULL, 0);
  unsigned count = 0;
  hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
  int64_t advance = 0;
  for (unsigned i = 0; i < count; i++) advance += positions[i].x_advance;
  return (double)advance * floor->scale;
}

void text_floor_clear_cache(text_floor *floor) {
  memset(floor->slots, 0xFF, sizeof(int32_t) * (size_t)(floor->slot_mask + 1));
  floor->entry_count = 0;
  floor->key_count = 0;
}

int32_t text_floor_cached_segments(const text_floor *floor) { return floor->entry_count; }

static inline int is_hanging_space(UChar c) { return c == 0x20 || c == 0x09 || c == 0x3000; }
static inline int is_hard_break(UChar c) {
  return c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D || c == 0x85 || c == 0x2028 || c == 0x2029;
}

// Shapes text[start ..< start + length] (the paragraph as context) and splits its advance into
// content and hanging trailing whitespace.
static void shape_segment(text_floor *floor, const UChar *text, int32_t text_length, int32_t start,
                          int32_t length, double *content, double *total) {
  int32_t content_end = start + length;
  while (content_end > start && (is_hanging_space(text[content_end - 1]) || is_hard_break(text[content_end - 1])))
    content_end--;
  hb_buffer_t *buffer = floor->buffer;
  hb_buffer_clear_contents(buffer);
  hb_buffer_add_utf16(buffer, (const uint16_t *)text, text_length, (unsigned)start, length);
  hb_buffer_guess_segment_properties(buffer);
  hb_shape(floor->font, buffer, NULL, 0);
  unsigned count = 0;
  hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
  hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
  int64_t content_units = 0, total_units = 0;
  for (unsigned i = 0; i < count; i++) {
    UChar c = text[infos[i].cluster];
    int32_t advance = is_hard_break(c) ? 0 : positions[i].x_advance;
    total_units += advance;
    if ((int32_t)infos[i].cluster < content_end) content_units += advance;
  }
  *content = (double)content_units * floor->scale;
  *total = (double)total_units * floor->scale;
}

static inline uint64_t hash_units(const UChar *units, int32_t length) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (int32_t i = 0; i < length; i++) hash = (hash ^ units[i]) * 0x100000001b3ULL;
  hash ^= hash >> 33;
  hash *= 0xff51afd7ed558ccdULL;
  hash ^= hash >> 33;
  return hash;
}

static void segment_widths(text_floor *floor, int32_t text_length, int32_t start, int32_t length,
                           double *content, double *total) {
  const UChar *units = floor->utf16 + start;
  uint64_t hash = hash_units(units, length);
  int32_t slot = (int32_t)(hash & (uint64_t)floor->slot_mask);
  for (;;) {
    int32_t index = floor->slots[slot];
    if (index < 0) break;
    cache_entry *entry = &floor->entries[index];
    if (entry->hash == hash && entry->key_length == length &&
        memcmp(floor->keys + entry->key_start, units, sizeof(UChar) * (size_t)length) == 0) {
      *content = entry->content;
      *total = entry->total;
      return;
    }
    slot = (slot + 1) & floor->slot_mask;
  }
  shape_segment(floor, floor->utf16, text_length, start, length, content, total);
  if (floor->entry_count >= CACHE_CAPACITY) {
    text_floor_clear_cache(floor);
    slot = (int32_t)(hash & (uint64_t)floor->slot_mask);
  }
  floor->entries = grow(floor->entries, &floor->entry_capacity, floor->entry_count + 1, sizeof(cache_entry));
  floor->keys = grow(floor->keys, &floor->key_capacity, floor->key_count + length, sizeof(UChar));
  memcpy(floor->keys + floor->key_count, units, sizeof(UChar) * (size_t)length);
  floor->entries[floor->entry_count] =
      (cache_entry){hash, floor->key_count, length, *content, *total};
  floor->slots[slot] = floor->entry_count;
  floor->entry_count++;
  floor->key_count += length;
}

int32_t text_floor_prepare(text_floor *floor, const char *utf8, int32_t length) {
  UErrorCode status = U_ZERO_ERROR;
  floor->utf16 = grow(floor->utf16, &floor->utf16_capacity, length + 1, sizeof(UChar));
  int32_t utf16_length = 0;
  u_strFromUTF8(floor->utf16, floor->utf16_capacity, &utf16_length, utf8, length, &status);
  if (U_FAILURE(status)) return -1;
  ubrk_setText(floor->lines, floor->utf16, utf16_length, &status);
  if (U_FAILURE(status)) return -1;
  int32_t start = 0;
  for (int32_t end = ubrk_next(floor->lines); end != UBRK_DONE; end = ubrk_next(floor->lines)) {
    floor->segments =
        grow(floor->segments, &floor->segment_capacity, floor->segment_count + 1, sizeof(floor_segment));
    floor_segment *segment = &floor->segments[floor->segment_count++];
    segment_widths(floor, utf16_length, start, end - start, &segment->content, &segment->total);
    segment->hard = ubrk_getRuleStatus(floor->lines) >= UBRK_LINE_HARD && is_hard_break(floor->utf16[end - 1]);
    start = end;
  }
  int32_t paragraph = floor->paragraph_count;
  if (paragraph + 1 >= floor->paragraph_capacity) {
    floor->paragraph_capacity *= 2;
    floor->starts = realloc(floor->starts, sizeof(int32_t) * (size_t)(floor->paragraph_capacity + 1));
    if (!floor->starts) abort();
  }
  floor->starts[paragraph + 1] = floor->segment_count;
  floor->paragraph_count++;
  return paragraph;
}

void text_floor_clear_paragraphs(text_floor *floor) {
  floor->segment_count = 0;
  floor->paragraph_count = 0;
}

int32_t text_floor_paragraph_count(const text_floor *floor) { return floor->paragraph_count; }

int32_t text_floor_segment_count(const text_floor *floor, int32_t paragraph) {
  return floor->starts[paragraph + 1] - floor->starts[paragraph];
}

int32_t text_floor_line_count(const text_floor *floor, int32_t paragraph, double width) {
  const floor_segment *segment = floor->segments + floor->starts[paragraph];
  const floor_segment *end = floor->segments + floor->starts[paragraph + 1];
  if (segment == end) return 0;
  double limit = width + 1.0 / 256;
  int32_t lines = 1;
  double line = 0;
  int32_t empty = 1;
  for (; segment < end; segment++) {
    if (!empty && line + segment->content > limit) {
      lines++;
      line = 0;
    }
    line += segment->total;
    empty = 0;
    if (segment->hard) {
      lines++;
      line = 0;
      empty = 1;
    }
  }
  return lines;
}

int64_t text_floor_prepare_and_layout(text_floor *floor, const char *const *texts,
                                      const int32_t *lengths, int32_t count, double width,
                                      int32_t *line_counts) {
  text_floor_clear_paragraphs(floor);
  int64_t total = 0;
  for (int32_t i = 0; i < count; i++) {
    int32_t paragraph = text_floor_prepare(floor, texts[i], lengths[i]);
    if (paragraph < 0) return -1;
    int32_t lines = text_floor_line_count(floor, paragraph, width);
    if (line_counts) line_counts[i] = lines;
    total += lines;
  }
  return total;
}
