// The C floor: what a plain C program pays to measure paragraphs with HarfBuzz and ICU, the
// reference the Swift engine is compared with in the same benchmark run.
//
// Per paragraph: UTF-8 to UTF-16, ICU line segmentation, each segment's width from a cache
// keyed by its UTF-16 text (shaped with hb_shape on a miss, trailing spaces hanging), then a
// greedy loop over the cached widths. One font, no fallback, no grapheme breaking of over-long
// segments: the least work a correct engine has to do on the common path.
#ifndef SELFSIZING_TEXT_FLOOR_H
#define SELFSIZING_TEXT_FLOOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

typedef struct text_floor text_floor;

/// Opens face `face_index` of the font file at `path` for measuring at `font_size` points.
/// Returns NULL if the font or ICU's line iterator cannot be opened.
text_floor *_Nullable text_floor_create(const char *path, uint32_t face_index, double font_size);
void text_floor_destroy(text_floor *_Nullable floor);

/// The advance of the whole paragraph shaped by one hb_shape call, in points.
double text_floor_shape_paragraph(text_floor *floor, const char *utf8, int32_t length);

/// Empties the segment width cache.
void text_floor_clear_cache(text_floor *floor);
/// Segments currently cached.
int32_t text_floor_cached_segments(const text_floor *floor);

/// Prepares a paragraph (segments and their widths) and keeps it in the floor's store.
/// Returns its index in the store, or -1 when ICU fails.
int32_t text_floor_prepare(text_floor *floor, const char *utf8, int32_t length);
/// Drops every prepared paragraph (the cache stays).
void text_floor_clear_paragraphs(text_floor *floor);
/// Prepared paragraphs in the store.
int32_t text_floor_paragraph_count(const text_floor *floor);
/// Segments of a prepared paragraph.
int32_t text_floor_segment_count(const text_floor *floor, int32_t paragraph);

/// Greedy line count of a prepared paragraph at `width` points (fit tolerance 1/256 pt, trailing
/// spaces hang, hard breaks end lines).
int32_t text_floor_line_count(const text_floor *floor, int32_t paragraph, double width);

/// End to end in memory: prepares `count` paragraphs (UTF-8, `lengths[i]` bytes each) and lays
/// each out at `width`, writing line counts to `line_counts` (may be NULL). The store is cleared
/// first; the cache is kept. Returns the total line count, or -1 when ICU fails.
int64_t text_floor_prepare_and_layout(text_floor *floor, const char *_Nonnull const *_Nonnull texts,
                                      const int32_t *lengths, int32_t count, double width,
                                      int32_t *_Nullable line_counts);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif
#endif
