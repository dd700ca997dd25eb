/*
 * The Node addon: a thin N-API layer over libselfsize.so (selfsize.h), which it loads with
 * dlopen from the path index.js gives, so the addon builds without the library and follows
 * it wherever it is installed. JSON crosses as strings; the library's errors become JS errors
 * with `code` (the status name) and `status`. Engine handles live in externals whose finalizer
 * frees the engine (a handle freed already is reported by the library, never followed).
 */
#define NAPI_VERSION 8
#include <dlfcn.h>
#include <node_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selfsize.h"

typedef uint32_t (*abi_version_fn)(void);
typedef const char *(*version_fn)(void);
typedef const char *(*status_name_fn)(int32_t);
typedef int32_t (*engine_create_fn)(const char *, const char *const *, size_t, const char *const *, size_t,
                                    int32_t, selfsize_engine **, char **);
typedef int32_t (*engine_free_fn)(selfsize_engine *);
typedef int32_t (*engine_info_fn)(selfsize_engine *, char **, size_t *, char **);
typedef int32_t (*batch_fn)(selfsize_engine *, const char *, size_t, const char *, size_t, char **, size_t *,
                            char **);
typedef void (*free_fn)(void *);
typedef int32_t (*text_begin_fn)(selfsize_engine *, const char *, size_t, const char *, size_t, const char *, size_t,
                                 size_t, selfsize_text_stream **, char **);
typedef int32_t (*text_next_fn)(selfsize_text_stream *, selfsize_text_columns **, char **);
typedef int32_t (*text_end_fn)(selfsize_text_stream *);

static struct {
  void *library;
  abi_version_fn abi_version;
  version_fn version;
  status_name_fn status_name;
  engine_create_fn engine_create;
  engine_free_fn engine_free;
  engine_info_fn engine_info;
  batch_fn text;
  batch_fn measure;
  free_fn free;
  text_begin_fn text_begin;
  text_next_fn text_next;
  text_end_fn text_end;
} ss;

#define CHECK(call)                                                                                          \
  do {                                                                                                       \
    if ((call) != napi_ok) {                                                                                 \
      const napi_extended_error_info *info = NULL;                                                           \
      napi_get_last_error_info(env, &info);                                                                  \
      bool pending = false;                                                                                  \
      napi_is_exception_pending(env, &pending);                                                              \
      if (!pending) napi_throw_error(env, "internal", info && info->error_message ? info->error_message : #call); \
      return NULL;                                                                                           \
    }                                                                                                        \
  } while (0)

/* Throws an Error with `code` and `status`. */
static void throw_error(napi_env env, const char *code, int32_t status, const char *message) {
  napi_value error, js_message, js_code, js_status;
  napi_create_string_utf8(env, message ? message : code, NAPI_AUTO_LENGTH, &js_message);
  napi_create_string_utf8(env, code, NAPI_AUTO_LENGTH, &js_code);
  napi_create_int32(env, status, &js_status);
  napi_create_error(env, js_code, js_message, &error);
  napi_set_named_property(env, error, "status", js_status);
  napi_throw(env, error);
}

/* Throws the library's error for `status` and frees its message. */
static void throw_status(napi_env env, int32_t status, char *message) {
  throw_error(env, ss.status_name(status), status, message);
  ss.free(message);
}

static bool loaded(napi_env env) {
  if (ss.library) return true;
  throw_error(env, "libraryNotLoaded", -1, "libselfsize.so is not loaded (call load(path) first)");
  return false;
}

/* A JS string argument as a malloc'ed UTF-8 buffer (caller frees), its length in *length. */
static char *utf8_argument(napi_env env, napi_value value, size_t *length, const char *name) {
  napi_valuetype type;
  if (napi_typeof(env, value, &type) != napi_ok || type != napi_string) {
    char message[128];
    snprintf(message, sizeof message, "%s must be a string", name);
    throw_error(env, "invalidArgument", SELFSIZE_E_INVALID_ARGUMENT, message);
    return NULL;
  }
  /* Room for 3 UTF-8 bytes per UTF-16 unit, the most there can be: one pass over the string,
   * not one to count the bytes and one to write them. */
  size_t units = 0, count = 0;
  if (napi_get_value_string_utf16(env, value, NULL, 0, &units) != napi_ok) return NULL;
  char *buffer = malloc(3 * units + 1);
  if (!buffer) {
    throw_error(env, "outOfMemory", -1, "out of memory");
    return NULL;
  }
  napi_get_value_string_utf8(env, value, buffer, 3 * units + 1, &count);
  if (length) *length = count;
  return buffer;
}

/* A call's first `count` arguments into `argv`, once the library is loaded; false, with a JS
 * error thrown, when the call has fewer (`name` says which call). */
static bool call_arguments(napi_env env, napi_callback_info info, size_t count, napi_value *argv,
                           const char *name) {
  if (!loaded(env)) return false;
  size_t argc = count;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) {
    throw_error(env, "internal", SELFSIZE_E_INTERNAL, "cannot read the call's arguments");
    return false;
  }
  if (argc < count) {
    char message[128];
    snprintf(message, sizeof message, "%s needs %zu arguments", name, count);
    throw_error(env, "invalidArgument", SELFSIZE_E_INVALID_ARGUMENT, message);
    return false;
  }
  return true;
}

/* The JS string of a result the library returned (`status`, `result`, `length`, `error` as its
 * functions give them), freeing it; the library's error thrown instead when `status` says so. */
static napi_value library_string(napi_env env, int32_t status, char *result, size_t length, char *error) {
  if (status != SELFSIZE_OK) {
    throw_status(env, status, error);
    return NULL;
  }
  napi_value value;
  napi_status made = napi_create_string_utf8(env, result, length, &value);
  ss.free(result);
  CHECK(made);
  return value;
}

/* load(path): dlopen the library and check its ABI version. */
static napi_value load(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (ss.library) return NULL;
  if (argc < 1) {
    throw_error(env, "invalidArgument", SELFSIZE_E_INVALID_ARGUMENT, "load(path) needs the library's path");
    return NULL;
  }
  char *path = utf8_argument(env, argv[0], NULL, "path");
  if (!path) return NULL;
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  free(path);
  if (!library) {
    throw_error(env, "libraryNotFound", -1, dlerror());
    return NULL;
  }
#define SYMBOL(field, name)                                                                  \
  *(void **)(&ss.field) = dlsym(library, name);                                             \
  if (!ss.field) {                                                                          \
    throw_error(env, "libraryNotFound", -1, "libselfsize.so lacks " name);                 \
    dlclose(library);                                                                       \
    return NULL;                                                                            \
  }
  SYMBOL(abi_version, "selfsize_abi_version")
  SYMBOL(version, "selfsize_version")
  SYMBOL(status_name, "selfsize_status_name")
  SYMBOL(engine_create, "selfsize_engine_create")
  SYMBOL(engine_free, "selfsize_engine_free")
  SYMBOL(engine_info, "selfsize_engine_info")
  SYMBOL(text, "selfsize_text")
  SYMBOL(measure, "selfsize_measure")
  SYMBOL(free, "selfsize_free")
  SYMBOL(text_begin, "selfsize_text_begin")
  SYMBOL(text_next, "selfsize_text_next")
  SYMBOL(text_end, "selfsize_text_end")
#undef SYMBOL
  if (ss.abi_version() != SELFSIZE_ABI_VERSION) {
    throw_error(env, "abiMismatch", -1, "libselfsize.so has another ABI version than this addon");
    dlclose(library);
    return NULL;
  }
  ss.library = library;
  return NULL;
}

static napi_value version(napi_env env, napi_callback_info info) {
  (void)info;
  if (!loaded(env)) return NULL;
  napi_value result;
  CHECK(napi_create_string_utf8(env, ss.version(), NAPI_AUTO_LENGTH, &result));
  return result;
}

static void finalize_engine(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  if (ss.library && data) ss.engine_free((selfsize_engine *)data); /* INVALID_HANDLE when closed already */
}

/* Frees the strings of an array of strings. */
static void free_strings(char **strings, size_t count) {
  for (size_t i = 0; i < count; i++) free(strings[i]);
  free(strings);
}

/* A JS array of strings (or undefined / null) as malloc'ed strings. */
static bool string_array(napi_env env, napi_value value, char ***strings, size_t *count, const char *name) {
  *strings = NULL;
  *count = 0;
  napi_valuetype type;
  if (napi_typeof(env, value, &type) != napi_ok) return false;
  if (type == napi_undefined || type == napi_null) return true;
  bool is_array = false;
  napi_is_array(env, value, &is_array);
  if (!is_array) {
    char message[128];
    snprintf(message, sizeof message, "%s must be an array of strings", name);
    throw_error(env, "invalidArgument", SELFSIZE_E_INVALID_ARGUMENT, message);
    return false;
  }
  uint32_t length = 0;
  napi_get_array_length(env, value, &length);
  *strings = calloc(length ? length : 1, sizeof(char *));
  for (uint32_t i = 0; i < length; i++) {
    napi_value element;
    napi_get_element(env, value, i, &element);
    char *string = utf8_argument(env, element, NULL, name);
    if (!string) {
      free_strings(*strings, i);
      *strings = NULL;
      return false;
    }
    (*strings)[i] = string;
  }
  *count = length;
  return true;
}

/* createEngine(platform, fonts, boldFonts, systemFonts) -> external handle */
static napi_value create_engine(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!call_arguments(env, info, 4, argv, "createEngine")) return NULL;
  char *platform = NULL;
  napi_valuetype type;
  napi_typeof(env, argv[0], &type);
  if (type != napi_undefined && type != napi_null) {
    platform = utf8_argument(env, argv[0], NULL, "platform");
    if (!platform) return NULL;
  }
  char **fonts = NULL, **bold = NULL;
  size_t font_count = 0, bold_count = 0;
  if (!string_array(env, argv[1], &fonts, &font_count, "fonts")) {
    free(platform);
    return NULL;
  }
  if (!string_array(env, argv[2], &bold, &bold_count, "boldFonts")) {
    free(platform);
    free_strings(fonts, font_count);
    return NULL;
  }
  bool system_fonts = true;
  napi_get_value_bool(env, argv[3], &system_fonts);
  selfsize_engine *engine = NULL;
  char *error = NULL;
  int32_t status = ss.engine_create(platform, (const char *const *)fonts, font_count, (const char *const *)bold,
                                    bold_count, system_fonts ? 1 : 0, &engine, &error);
  free(platform);
  free_strings(fonts, font_count);
  free_strings(bold, bold_count);
  if (status != SELFSIZE_OK) {
    throw_status(env, status, error);
    return NULL;
  }
  napi_value result;
  CHECK(napi_create_external(env, engine, finalize_engine, NULL, &result));
  return result;
}

/* The pointer an external handle holds; false (with a JS error saying `what` it is not) when
   `value` is no external. */
static bool external_argument(napi_env env, napi_value value, const char *what, void **data) {
  napi_valuetype type;
  if (napi_typeof(env, value, &type) != napi_ok || type != napi_external) {
    throw_error(env, "invalidHandle", SELFSIZE_E_INVALID_HANDLE, what);
    return false;
  }
  *data = NULL;
  napi_get_value_external(env, value, data);
  return true;
}

static bool engine_argument(napi_env env, napi_value value, selfsize_engine **engine) {
  void *data = NULL;
  if (!external_argument(env, value, "not an engine handle", &data)) return false;
  *engine = data;
  return true;
}

/* freeEngine(handle) -> status (0, or SELFSIZE_E_INVALID_HANDLE when freed already) */
static napi_value free_engine(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  selfsize_engine *engine;
  if (!call_arguments(env, info, 1, argv, "freeEngine") || !engine_argument(env, argv[0], &engine)) return NULL;
  napi_value result;
  CHECK(napi_create_int32(env, ss.engine_free(engine), &result));
  return result;
}

/* engineInfo(handle) -> JSON string */
static napi_value engine_info(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  selfsize_engine *engine;
  if (!call_arguments(env, info, 1, argv, "engineInfo") || !engine_argument(env, argv[0], &engine)) return NULL;
  char *result = NULL, *error = NULL;
  size_t length = 0;
  int32_t status = ss.engine_info(engine, &result, &length, &error);
  return library_string(env, status, result, length, error);
}

/* text / measure (handle, optionsJSON, elementsJSON) -> JSON string */
static napi_value batch(napi_env env, napi_callback_info info, batch_fn function, const char *name) {
  napi_value argv[3];
  selfsize_engine *engine;
  if (!call_arguments(env, info, 3, argv, name) || !engine_argument(env, argv[0], &engine)) return NULL;
  size_t options_length = 0, elements_length = 0;
  char *options = utf8_argument(env, argv[1], &options_length, "options");
  if (!options) return NULL;
  char *elements = utf8_argument(env, argv[2], &elements_length, "records");
  if (!elements) {
    free(options);
    return NULL;
  }
  char *result = NULL, *error = NULL;
  size_t length = 0;
  int32_t status = function(engine, options, options_length, elements, elements_length, &result, &length, &error);
  free(options);
  free(elements);
  return library_string(env, status, result, length, error);
}

static napi_value text(napi_env env, napi_callback_info info) { return batch(env, info, ss.text, "text"); }
static napi_value measure(napi_env env, napi_callback_info info) {
  return batch(env, info, ss.measure, "measure");
}

static void finalize_stream(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  if (ss.library && data) ss.text_end((selfsize_text_stream *)data); /* INVALID_HANDLE when ended already */
}

/* textBegin(handle, optionsJSON, ids, texts, count) -> external stream: ids and texts are the
 * records' ids and texts joined with "\0" (selfsize_text_begin). */
static napi_value text_begin(napi_env env, napi_callback_info info) {
  napi_value argv[5];
  selfsize_engine *engine;
  if (!call_arguments(env, info, 5, argv, "textBegin") || !engine_argument(env, argv[0], &engine)) return NULL;
  int64_t count = 0;
  CHECK(napi_get_value_int64(env, argv[4], &count));
  size_t options_length = 0, ids_length = 0, texts_length = 0;
  char *options = utf8_argument(env, argv[1], &options_length, "options");
  if (!options) return NULL;
  char *ids = utf8_argument(env, argv[2], &ids_length, "ids");
  if (!ids) {
    free(options);
    return NULL;
  }
  char *texts = utf8_argument(env, argv[3], &texts_length, "texts");
  if (!texts) {
    free(options);
    free(ids);
    return NULL;
  }
  selfsize_text_stream *stream = NULL;
  char *error = NULL;
  int32_t status = ss.text_begin(engine, options, options_length, ids, ids_length, texts, texts_length,
                                 count < 0 ? 0 : (size_t)count, &stream, &error);
  free(options);
  free(ids);
  free(texts);
  if (status != SELFSIZE_OK) {
    throw_status(env, status, error);
    return NULL;
  }
  napi_value result;
  CHECK(napi_create_external(env, stream, finalize_stream, NULL, &result));
  return result;
}

static bool stream_argument(napi_env env, napi_value value, selfsize_text_stream **stream) {
  void *data = NULL;
  if (!external_argument(env, value, "not a text stream", &data)) return false;
  *stream = data;
  return true;
}

static void finalize_chunk(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  if (ss.library) ss.free(data);
}

/* Sets object[name] to a typed array over `count` elements at `at` in the chunk `buffer` views
 * (from `base`): no copy. */
static bool set_view(napi_env env, napi_value object, const char *name, napi_typedarray_type type, napi_value buffer,
                     const void *base, const void *at, size_t count) {
  napi_value array;
  if (napi_create_typedarray(env, type, count, buffer, (size_t)((const char *)at - (const char *)base), &array) !=
      napi_ok)
    return false;
  return napi_set_named_property(env, object, name, array) == napi_ok;
}

/* The end of `bytes` bytes at `at`, or `end` when that is further. */
static const char *furthest(const char *end, const void *at, size_t bytes) {
  const char *last = (const char *)at + bytes;
  return last > end ? last : end;
}

/* Sets object[name] to an Int32Array of int64 indices (a chunk's indices fit in 32 bits). */
static bool set_indices(napi_env env, napi_value object, const char *name, const int64_t *source, size_t count) {
  void *data = NULL;
  napi_value buffer, array;
  if (napi_create_arraybuffer(env, count * 4, &data, &buffer) != napi_ok) return false;
  for (size_t i = 0; i < count; i++) ((int32_t *)data)[i] = (int32_t)source[i];
  if (napi_create_typedarray(env, napi_int32_array, count, buffer, 0, &array) != napi_ok) return false;
  return napi_set_named_property(env, object, name, array) == napi_ok;
}

/* textNext(stream) -> the next chunk's columns as typed arrays and strings (lineRange only with
 * "lineRanges"), or null after the last (selfsize_text_next; blocks while the chunk is measured). */
static napi_value text_next(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  selfsize_text_stream *stream;
  if (!call_arguments(env, info, 1, argv, "textNext") || !stream_argument(env, argv[0], &stream)) return NULL;
  selfsize_text_columns *c = NULL;
  char *error = NULL;
  int32_t status = ss.text_next(stream, &c, &error);
  if (status != SELFSIZE_OK) {
    throw_status(env, status, error);
    return NULL;
  }
  napi_value result;
  if (!c) {
    CHECK(napi_get_null(env, &result));
    return result;
  }
  size_t n = c->result_count, with_lines = 0;
  for (size_t i = 0; i < n; i++) with_lines += c->line_count[i] > 0;
  size_t break_count = c->line_total - with_lines, range_count = c->line_range ? 2 * c->line_total : 0;
  /* One ArrayBuffer over the chunk (one buffer from the library, freed with the ArrayBuffer)
   * for the columns' typed arrays to view. */
  const char *end = (const char *)c;
  end = furthest(end, c->line_count, n * 4);
  end = furthest(end, c->height, n * 8);
  end = furthest(end, c->truncated, n);
  end = furthest(end, c->missing_glyphs, n * 4);
  end = furthest(end, c->line_width, c->line_total * 8);
  end = furthest(end, c->breaks, break_count * 4);
  if (c->line_range) end = furthest(end, c->line_range, range_count * 4);
  napi_value buffer;
  if (napi_create_external_arraybuffer(env, c, (size_t)(end - (const char *)c), finalize_chunk, NULL, &buffer) !=
      napi_ok) {
    ss.free(c);
    throw_error(env, "internal", SELFSIZE_E_INTERNAL, "cannot make the chunk's arrays");
    return NULL;
  }
  napi_value count, line_text, extras;
  bool made = napi_create_object(env, &result) == napi_ok &&
              napi_create_double(env, (double)n, &count) == napi_ok &&
              napi_set_named_property(env, result, "resultCount", count) == napi_ok &&
              set_view(env, result, "lineCount", napi_int32_array, buffer, c, c->line_count, n) &&
              set_view(env, result, "height", napi_float64_array, buffer, c, c->height, n) &&
              set_view(env, result, "truncated", napi_uint8_array, buffer, c, c->truncated, n) &&
              set_view(env, result, "missingGlyphs", napi_int32_array, buffer, c, c->missing_glyphs, n) &&
              set_view(env, result, "lineWidth", napi_float64_array, buffer, c, c->line_width, c->line_total) &&
              set_view(env, result, "breaks", napi_int32_array, buffer, c, c->breaks, break_count) &&
              (!c->line_range || set_view(env, result, "lineRange", napi_int32_array, buffer, c, c->line_range,
                                          range_count)) &&
              set_indices(env, result, "integralHeights", c->integral_heights, c->integral_height_count) &&
              set_indices(env, result, "integralLineWidths", c->integral_line_widths,
                          c->integral_line_width_count) &&
              napi_create_string_utf8(env, c->line_text, c->line_text_length, &line_text) == napi_ok &&
              napi_set_named_property(env, result, "lineText", line_text) == napi_ok &&
              napi_create_string_utf8(env, c->extras, c->extras_length, &extras) == napi_ok &&
              napi_set_named_property(env, result, "extras", extras) == napi_ok;
  if (!made) {
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending) throw_error(env, "internal", SELFSIZE_E_INTERNAL, "cannot make the chunk's arrays");
    return NULL;
  }
  return result;
}

/* textEnd(stream) -> status (selfsize_text_end). */
static napi_value text_end(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  selfsize_text_stream *stream;
  if (!call_arguments(env, info, 1, argv, "textEnd") || !stream_argument(env, argv[0], &stream)) return NULL;
  napi_value result;
  CHECK(napi_create_int32(env, ss.text_end(stream), &result));
  return result;
}

NAPI_MODULE_INIT() {
  napi_property_descriptor properties[] = {
      {"load", NULL, load, NULL, NULL, NULL, napi_default, NULL},
      {"version", NULL, version, NULL, NULL, NULL, napi_default, NULL},
      {"createEngine", NULL, create_engine, NULL, NULL, NULL, napi_default, NULL},
      {"freeEngine", NULL, free_engine, NULL, NULL, NULL, napi_default, NULL},
      {"engineInfo", NULL, engine_info, NULL, NULL, NULL, napi_default, NULL},
      {"text", NULL, text, NULL, NULL, NULL, napi_default, NULL},
      {"measure", NULL, measure, NULL, NULL, NULL, napi_default, NULL},
      {"textBegin", NULL, text_begin, NULL, NULL, NULL, napi_default, NULL},
      {"textNext", NULL, text_next, NULL, NULL, NULL, napi_default, NULL},
      {"textEnd", NULL, text_end, NULL, NULL, NULL, napi_default, NULL},
  };
  if (napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties) != napi_ok)
    return NULL;
  return exports;
}
