/* Tiny stand-in for hb-info (HarfBuzz >= 7; Debian 12 ships 6.0.0): prints a font's metrics as
 * HarfBuzz's OpenType functions see them, as one JSON object, at upem scale.
 *   cc -o hb-font-metrics Scripts/hb-font-metrics.c $(pkg-config --cflags --libs harfbuzz)
 *   ./hb-font-metrics FONT [FACE_INDEX]
 */
#include <hb.h>
#include <hb-ot.h>
#include <stdio.h>
#include <stdlib.h>

static hb_position_t metric(hb_font_t *font, hb_ot_metrics_tag_t tag) {
  hb_position_t v = 0;
  if (!hb_ot_metrics_get_position(font, tag, &v)) return 0;
  return v;
}

static void name(hb_face_t *face, hb_ot_name_id_t id, const char *key) {
  char buf[512];
  unsigned int len = sizeof buf;
  if (!hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &len, buf)) buf[0] = 0;
  printf("\"%s\": \"%s\", ", key, buf); /* Noto names contain no quotes or backslashes */
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s FONT [FACE_INDEX]\n", argv[0]); return 2; }
  hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
  if (!blob) { fprintf(stderr, "error: %s: cannot read\n", argv[1]); return 1; }
  hb_face_t *face = hb_face_create(blob, argc > 2 ? (unsigned) atoi(argv[2]) : 0);
  hb_font_t *font = hb_font_create(face);
  hb_ot_font_set_funcs(font);
  hb_font_extents_t ext;
  hb_font_get_h_extents(font, &ext);
  printf("{");
  name(face, HB_OT_NAME_ID_FONT_FAMILY, "familyName");
  name(face, HB_OT_NAME_ID_FONT_SUBFAMILY, "subfamilyName");
  printf("\"upem\": %u, \"glyphCount\": %u, ", hb_face_get_upem(face), hb_face_get_glyph_count(face));
  printf("\"hExtents\": {\"ascender\": %d, \"descender\": %d, \"lineGap\": %d}, ",
         ext.ascender, ext.descender, ext.line_gap);
  printf("\"hasc\": %d, \"hdsc\": %d, \"hlgp\": %d, \"hcla\": %d, \"hcld\": %d, \"xhgt\": %d, \"cpht\": %d",
         metric(font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER), metric(font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
         metric(font, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP), metric(font, HB_OT_METRICS_TAG_HORIZONTAL_CLIPPING_ASCENT),
         metric(font, HB_OT_METRICS_TAG_HORIZONTAL_CLIPPING_DESCENT), metric(font, HB_OT_METRICS_TAG_X_HEIGHT),
         metric(font, HB_OT_METRICS_TAG_CAP_HEIGHT));
  printf("}\n");
  hb_font_destroy(font);
  hb_face_destroy(face);
  hb_blob_destroy(blob);
  return 0;
}
