/*
 * selfsize._columns: the optional accelerator of the Python binding. It turns a chunk of a text
 * stream (a `selfsize_text_columns` of selfsize.h, read at the address ctypes got from
 * selfsize_text_next) into the dicts `selfsize text` prints, with CPython's C API instead of
 * Python bytecode: the same objects as selfsize/__init__.py's `_append_columns`, several times
 * faster. Scripts/bindings.sh builds it with the C compiler against the running python3's
 * headers; without it the package uses the pure-Python path. It never calls the library: it
 * only reads the chunk, which the caller frees.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "selfsize.h"

static PyObject *key_id, *key_width, *key_line_count, *key_height, *key_breaks, *key_lines, *key_truncated,
    *key_missing_glyphs, *key_platform, *key_text;

/* A number as json.loads reads what JSON prints for it: an int when `integral` (None when not
 * finite), else a float. */
static PyObject *number(double value, int integral) {
  if (!integral) return PyFloat_FromDouble(value);
  if (!isfinite(value)) Py_RETURN_NONE;
  return PyLong_FromDouble(value);
}

/* Sets dict[key] = value and drops the reference to value; 0 on success. */
static int set_item(PyObject *dict, PyObject *key, PyObject *value) {
  if (!value) return -1;
  int failed = PyDict_SetItem(dict, key, value);
  Py_DECREF(value);
  return failed;
}

/* append(results, address, ids, first, widths, platform): appends to the list `results` one
 * dict per result of the chunk at `address`; `ids` are the records' ids (the chunk's first
 * record is ids[first]), `widths` the widths as the results print them. Results given as JSON
 * objects (extras "objects") get placeholder dicts, replaced by the caller. */
static PyObject *append(PyObject *self, PyObject *args) {
  (void)self;
  PyObject *results, *ids, *widths, *platform;
  unsigned long long address;
  Py_ssize_t first;
  if (!PyArg_ParseTuple(args, "O!KO!nO!U", &PyList_Type, &results, &address, &PyList_Type, &ids, &first,
                        &PyList_Type, &widths, &platform))
    return NULL;
  const selfsize_text_columns *c = (const selfsize_text_columns *)(uintptr_t)address;
  if (!c) {
    PyErr_SetString(PyExc_ValueError, "no columns");
    return NULL;
  }
  Py_ssize_t width_count = PyList_GET_SIZE(widths);
  if (width_count == 0 || (Py_ssize_t)(c->result_count % (size_t)width_count) != 0 ||
      first + (Py_ssize_t)(c->result_count / (size_t)width_count) > PyList_GET_SIZE(ids)) {
    PyErr_SetString(PyExc_ValueError, "the chunk does not match the ids and widths");
    return NULL;
  }
  const char *text = c->line_text;
  const char *text_end = c->line_text + c->line_text_length;
  size_t line = 0, brk = 0, next_integral_height = 0, next_integral_width = 0;
  for (size_t r = 0; r < c->result_count; r++) {
    int32_t count = c->line_count[r];
    if (count < 0 || line + (size_t)count > c->line_total) {
      PyErr_SetString(PyExc_ValueError, "line counts beyond the chunk's lines");
      return NULL;
    }
    PyObject *dict = PyDict_New();
    if (!dict) return NULL;
    if (PyList_Append(results, dict) < 0) {
      Py_DECREF(dict);
      return NULL;
    }
    Py_DECREF(dict); /* results holds it */
    int integral_height = next_integral_height < c->integral_height_count &&
                          (size_t)c->integral_heights[next_integral_height] == r;
    next_integral_height += integral_height;
    PyObject *id = PyList_GET_ITEM(ids, first + (Py_ssize_t)(r / (size_t)width_count));
    PyObject *width = PyList_GET_ITEM(widths, (Py_ssize_t)(r % (size_t)width_count));
    Py_INCREF(id);
    Py_INCREF(width);
    if (set_item(dict, key_id, id) || set_item(dict, key_width, width) ||
        set_item(dict, key_line_count, PyLong_FromLong(count)) ||
        set_item(dict, key_height, number(c->height[r], integral_height)))
      return NULL;
    Py_ssize_t break_count = count > 0 ? count - 1 : 0;
    PyObject *breaks = PyList_New(break_count);
    if (!breaks) return NULL;
    for (Py_ssize_t b = 0; b < break_count; b++) {
      PyObject *value = PyLong_FromLong(c->breaks[brk + (size_t)b]);
      if (!value) {
        Py_DECREF(breaks);
        return NULL;
      }
      PyList_SET_ITEM(breaks, b, value);
    }
    brk += (size_t)break_count;
    if (set_item(dict, key_breaks, breaks)) return NULL;
    PyObject *lines = PyList_New(count);
    if (!lines) return NULL;
    if (set_item(dict, key_lines, (Py_INCREF(lines), lines))) {
      Py_DECREF(lines);
      return NULL;
    }
    for (int32_t l = 0; l < count; l++, line++) {
      const char *end = memchr(text, 0, (size_t)(text_end - text));
      if (!end) {
        Py_DECREF(lines);
        PyErr_SetString(PyExc_ValueError, "line texts end early");
        return NULL;
      }
      int integral_width = next_integral_width < c->integral_line_width_count &&
                           (size_t)c->integral_line_widths[next_integral_width] == line;
      next_integral_width += integral_width;
      PyObject *entry = PyDict_New();
      if (!entry) {
        Py_DECREF(lines);
        return NULL;
      }
      PyList_SET_ITEM(lines, l, entry);
      if (set_item(entry, key_text, PyUnicode_DecodeUTF8(text, end - text, "strict")) ||
          set_item(entry, key_width, number(c->line_width[line], integral_width))) {
        Py_DECREF(lines);
        return NULL;
      }
      text = end + 1;
    }
    Py_DECREF(lines);
    Py_INCREF(c->truncated[r] ? Py_True : Py_False);
    Py_INCREF(platform);
    if (set_item(dict, key_truncated, c->truncated[r] ? Py_True : Py_False) ||
        set_item(dict, key_missing_glyphs, PyLong_FromLong(c->missing_glyphs[r])) ||
        set_item(dict, key_platform, platform))
      return NULL;
  }
  Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"append", append, METH_VARARGS, "append(results, address, ids, first, widths, platform)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_columns", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__columns(void) {
  struct {
    PyObject **key;
    const char *name;
  } keys[] = {
      {&key_id, "id"},         {&key_width, "width"},       {&key_line_count, "lineCount"},
      {&key_height, "height"}, {&key_breaks, "breaks"},     {&key_lines, "lines"},
      {&key_truncated, "truncated"}, {&key_missing_glyphs, "missingGlyphs"}, {&key_platform, "platform"},
      {&key_text, "text"},
  };
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    *keys[i].key = PyUnicode_InternFromString(keys[i].name);
    if (!*keys[i].key) return NULL;
  }
  return PyModule_Create(&module);
}
