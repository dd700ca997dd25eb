"""SelfSizing from Python: paragraph and card heights with real shaped text.

The engine runs in-process through SelfSizing's C ABI (``libselfsize.so``). ``Engine.text`` and
``Engine.measure`` return lists of dicts equal to the JSON objects ``selfsize text`` and
``selfsize measure`` print (same order, same numbers). A bad record comes back in its place as
``{"id", "width", "error": {"code", "message"}}`` (one per width), as the HTTP service answers;
a failure of the whole call raises ``SelfSizeError``. The GIL is released while measuring, and
one engine may be used from many threads at once.
"""

from __future__ import annotations

import ctypes
import gc
import itertools
import json
import math
import os
import threading
from typing import Any, Iterable, List, Mapping, Optional, Sequence, Union

try:  # the optional accelerator (Scripts/bindings.sh builds it); the pure-Python path otherwise
    from . import _columns
except ImportError:
    _columns = None

__all__ = ["Engine", "Results", "SelfSizeError", "library_path", "version"]

_ABI_VERSION = 3
_HERE = os.path.dirname(os.path.abspath(__file__))


class SelfSizeError(Exception):
    """A failure of a call as a whole: ``code`` names it (``"invalidHandle"``, ``"invalidJSON"``,
    ``"invalidUTF8"``, ``"invalidArgument"``, ``"fontError"``, ``"invalidTemplate"``,
    ``"resourcesNotFound"``, ``"internal"``), ``status`` is its ``SELFSIZE_E_*`` number and
    ``message`` says what went wrong."""

    def __init__(self, code: str, message: str, status: int = 0):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status


class Results(list):
    """The result objects of a call, in order; ``warnings`` lists missing glyphs as
    ``{"id", "code", "message"}``."""

    warnings: List[dict]

    def __init__(self, results: Iterable[dict] = (), warnings: Optional[List[dict]] = None):
        super().__init__(results)
        self.warnings = warnings or []


def library_path() -> str:
    """The ``libselfsize.so`` this package loads: ``$SELFSIZE_LIBRARY``, else the copy installed
    beside the package (``Scripts/bindings.sh``), else a build in the checkout it sits in."""
    override = os.environ.get("SELFSIZE_LIBRARY")
    if override:
        return override
    candidates = [os.path.join(_HERE, "_lib", "libselfsize.so")]
    root = os.path.abspath(os.path.join(_HERE, "..", "..", ".."))
    for configuration in ("release", "debug"):
        candidates.append(os.path.join(root, ".build", configuration, "libSelfSizeC.so"))
    for candidate in candidates:
        if os.path.exists(candidate):
            return candidate
    raise SelfSizeError(
        "libraryNotFound",
        "cannot find libselfsize.so; looked in " + ", ".join(candidates)
        + ". Run Scripts/bindings.sh, or set SELFSIZE_LIBRARY to the library's path",
    )


class _TextColumns(ctypes.Structure):
    """``selfsize_text_columns`` (selfsize.h): one chunk of a text stream's results."""

    _fields_ = [
        ("result_count", ctypes.c_size_t), ("line_count", ctypes.c_void_p), ("height", ctypes.c_void_p),
        ("truncated", ctypes.c_void_p), ("missing_glyphs", ctypes.c_void_p), ("line_total", ctypes.c_size_t),
        ("line_width", ctypes.c_void_p), ("breaks", ctypes.c_void_p), ("line_text_length", ctypes.c_size_t),
        ("line_text", ctypes.c_void_p), ("integral_height_count", ctypes.c_size_t),
        ("integral_heights", ctypes.c_void_p), ("integral_line_width_count", ctypes.c_size_t),
        ("integral_line_widths", ctypes.c_void_p), ("extras_length", ctypes.c_size_t), ("extras", ctypes.c_void_p),
        ("line_range", ctypes.c_void_p),
    ]


# Tests set this to check the pure-Python path against the accelerator's.
_PURE_PYTHON = bool(os.environ.get("SELFSIZE_PURE_PYTHON"))

_lib = None
_lib_lock = threading.Lock()

_char_pp = ctypes.POINTER(ctypes.c_char_p)


def _library() -> ctypes.CDLL:
    global _lib
    with _lib_lock:
        if _lib is not None:
            return _lib
        lib = ctypes.CDLL(library_path())  # CDLL: the GIL is released during every call
        lib.selfsize_abi_version.restype = ctypes.c_uint32
        lib.selfsize_abi_version.argtypes = []
        if lib.selfsize_abi_version() != _ABI_VERSION:
            raise SelfSizeError(
                "abiMismatch",
                f"{library_path()} has ABI version {lib.selfsize_abi_version()}, this package needs {_ABI_VERSION}",
            )
        lib.selfsize_version.restype = ctypes.c_char_p
        lib.selfsize_version.argtypes = []
        lib.selfsize_status_name.restype = ctypes.c_char_p
        lib.selfsize_status_name.argtypes = [ctypes.c_int32]
        lib.selfsize_engine_create.restype = ctypes.c_int32
        lib.selfsize_engine_create.argtypes = [
            ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
            ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t, ctypes.c_int32,
            ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p),
        ]
        lib.selfsize_engine_free.restype = ctypes.c_int32
        lib.selfsize_engine_free.argtypes = [ctypes.c_void_p]
        lib.selfsize_engine_info.restype = ctypes.c_int32
        lib.selfsize_engine_info.argtypes = [
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t),
            ctypes.POINTER(ctypes.c_void_p),
        ]
        for name in ("selfsize_text", "selfsize_measure"):
            function = getattr(lib, name)
            function.restype = ctypes.c_int32
            function.argtypes = [
                ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_void_p),
            ]
        lib.selfsize_text_begin.restype = ctypes.c_int32
        lib.selfsize_text_begin.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
            ctypes.c_size_t, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p),
        ]
        lib.selfsize_text_next.restype = ctypes.c_int32
        lib.selfsize_text_next.argtypes = [
            ctypes.c_void_p, ctypes.POINTER(ctypes.POINTER(_TextColumns)), ctypes.POINTER(ctypes.c_void_p)]
        lib.selfsize_text_end.restype = ctypes.c_int32
        lib.selfsize_text_end.argtypes = [ctypes.c_void_p]
        lib.selfsize_free.restype = None
        lib.selfsize_free.argtypes = [ctypes.c_void_p]
        _lib = lib
        return lib


def version() -> str:
    """The library's version (as ``selfsize --version`` prints it)."""
    return _library().selfsize_version().decode()


def _take(lib: ctypes.CDLL, pointer: ctypes.c_void_p, length: Optional[int] = None) -> bytes:
    """The bytes of a buffer the library returned, which is then freed."""
    if not pointer.value:
        return b""
    try:
        if length is None:
            return ctypes.string_at(pointer.value)
        return ctypes.string_at(pointer.value, length)
    finally:
        lib.selfsize_free(pointer)


def _check(lib: ctypes.CDLL, status: int, error: ctypes.c_void_p) -> None:
    if status != 0:
        message = _take(lib, error).decode("utf-8", "replace")
        raise SelfSizeError(lib.selfsize_status_name(status).decode(), message, status)


def _encode(value: Any) -> bytes:
    """JSON as UTF-8 (lone surrogates kept, so that the engine reports them as invalid UTF-8)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(
        "utf-8", "surrogatepass")


def _loads(data: bytes) -> Any:
    """Parses a result. The cyclic garbage collector is paused meanwhile: a result of a large
    batch is millions of new objects, none in a cycle, and the collections they would trigger
    took more time than the parsing (2.4 s against 1.5 s for 200,000 results)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return json.loads(data)
    finally:
        if enabled:
            gc.enable()


def _integer(value: float):
    """A number JSON prints without a fraction, as ``json.loads`` reads it: an int, or None
    when not finite."""
    return int(value) if math.isfinite(value) else None


def _append_columns(results: list, chunk: "_TextColumns", ids: list, widths: list, platform: str,
                    objects: list) -> None:
    """Appends the dicts of a chunk of a text stream (``selfsize_text_columns``) to ``results``:
    the objects ``selfsize text`` prints, built from the columns by bulk operations (no JSON)."""
    n = chunk.result_count
    lines_total = chunk.line_total
    line_counts = memoryview(ctypes.string_at(chunk.line_count, 4 * n)).cast("i").tolist()
    heights = memoryview(ctypes.string_at(chunk.height, 8 * n)).cast("d").tolist()
    truncated = list(map(bool, ctypes.string_at(chunk.truncated, n)))
    missing = memoryview(ctypes.string_at(chunk.missing_glyphs, 4 * n)).cast("i").tolist()
    line_widths = memoryview(ctypes.string_at(chunk.line_width, 8 * lines_total)).cast("d").tolist()
    break_total = lines_total - (n - line_counts.count(0))
    breaks = memoryview(ctypes.string_at(chunk.breaks, 4 * break_total)).cast("i").tolist()
    line_texts = ctypes.string_at(chunk.line_text, chunk.line_text_length).decode("utf-8").split("\0")
    for index in memoryview(ctypes.string_at(chunk.integral_heights, 8 * chunk.integral_height_count)).cast("q"):
        heights[index] = _integer(heights[index])
    for index in memoryview(ctypes.string_at(chunk.integral_line_widths,
                                             8 * chunk.integral_line_width_count)).cast("q"):
        line_widths[index] = _integer(line_widths[index])
    lines = [{"text": text, "width": width} for text, width in zip(line_texts, line_widths)]
    if len(widths) == 1:
        result_ids = ids
    else:
        result_ids = [i for i in ids for _ in widths]
    start = len(results)
    append = results.append
    line = 0
    brk = 0
    for id_, width, count, height, cut, glyphs in zip(result_ids, itertools.cycle(widths), line_counts, heights,
                                                      truncated, missing):
        end = line + count
        break_end = brk + count - 1 if count else brk
        append({"id": id_, "width": width, "lineCount": count, "height": height, "breaks": breaks[brk:break_end],
                "lines": lines[line:end], "truncated": cut, "missingGlyphs": glyphs, "platform": platform})
        line = end
        brk = break_end
    for index, value in objects:
        results[start + index] = value


def _widths(widths: Union[float, Sequence[float]]) -> list:
    if isinstance(widths, (int, float)):
        widths = [widths]
    return ["inf" if isinstance(w, float) and math.isinf(w) and w > 0 else w for w in widths]


def _strings(values: Optional[Sequence[str]]):
    if not values:
        return None, 0
    if isinstance(values, str):
        values = [values]
    encoded = [os.fsencode(v) if isinstance(v, os.PathLike) else str(v).encode("utf-8", "surrogatepass")
               for v in values]
    return (ctypes.c_char_p * len(encoded))(*encoded), len(encoded)


class Engine:
    """An engine: fonts, a platform and caches of shaped text, in-process.

    ``platform`` is ``"web"`` (Chromium), ``"flutter"`` (SkParagraph) or ``"ios"`` (UIKit), as
    the CLI's ``--platform``; ``fonts`` the regular chain (files, ``FILE#index`` or family names,
    primary first; None: the bundled chain), ``bold_fonts`` the bold chain (None: the bold faces
    of ``fonts``), ``system_fonts=False`` the CLI's ``--no-system-fonts``.
    """

    def __init__(self, platform: str = "web", fonts: Optional[Sequence[str]] = None,
                 system_fonts: bool = True, bold_fonts: Optional[Sequence[str]] = None):
        lib = _library()
        self._lib = lib
        self._handle = ctypes.c_void_p()
        fonts_array, fonts_count = _strings(fonts)
        bold_array, bold_count = _strings(bold_fonts)
        error = ctypes.c_void_p()
        status = lib.selfsize_engine_create(
            None if platform is None else platform.encode(), fonts_array, fonts_count, bold_array, bold_count,
            1 if system_fonts else 0, ctypes.byref(self._handle), ctypes.byref(error))
        _check(lib, status, error)
        self.platform = platform or "web"

    # Lifetime

    def close(self) -> None:
        """Frees the engine; later calls raise ``SelfSizeError`` with code ``invalidHandle``."""
        handle, self._handle = self._handle, ctypes.c_void_p()
        if handle.value:
            self._lib.selfsize_engine_free(handle)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # Calls

    def info(self) -> dict:
        """The platform and font chains (``selfsize fonts --format json`` with ``"platform"``)."""
        result, length, error = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
        status = self._lib.selfsize_engine_info(self._handle, ctypes.byref(result), ctypes.byref(length),
                                               ctypes.byref(error))
        _check(self._lib, status, error)
        return json.loads(_take(self._lib, result, length.value))

    def text(self, records: Union[Sequence[Mapping[str, Any]], bytes, str], widths: Union[float, Sequence[float]],
             line_height: Union[None, float, str] = None, font_size: float = 15, max_lines: int = 0,
             jobs: Optional[int] = None, *, weight: str = "regular", letter_spacing: float = 0,
             field: str = "text", strict: bool = False, pixel_scale: Optional[float] = None,
             text_wrap: Optional[str] = None, android_style: Optional[str] = None,
             flutter_rounding_hack: Optional[bool] = None, text_spacing_trim: Optional[str] = None) -> Results:
        """``selfsize text``: one dict per record and width, in order.

        ``records`` are ``{"id": str, "text": str}`` dicts (other keys ignored), or their JSON array
        as ``str``/``bytes``. ``line_height``: None (natural), points, or ``"1.4x"`` (a multiple of
        the font size); ``jobs`` as ``--jobs`` (None: every processor; results are the same).
        ``text_wrap`` (``"auto"``, ``"balance"``, ``"pretty"``; web) and ``android_style``
        (``"compose"``, ``"textview"``; android) as ``--text-wrap`` and ``--android-style``;
        ``flutter_rounding_hack`` (flutter) as ``--flutter-rounding-hack on|off``;
        ``text_spacing_trim`` (``"space-all"``, ``"normal"``; web) as ``--text-spacing-trim``.
        """
        options = {"widths": _widths(widths), "fontSize": font_size, "maxLines": max_lines, "weight": weight,
                   "letterSpacing": letter_spacing, "field": field, "strict": strict}
        if line_height is not None:
            options["lineHeight"] = line_height
        if pixel_scale is not None:
            options["pixelScale"] = pixel_scale
        if text_wrap is not None:
            options["textWrap"] = text_wrap
        if android_style is not None:
            options["androidStyle"] = android_style
        if flutter_rounding_hack is not None:
            options["flutterRoundingHack"] = flutter_rounding_hack
        if text_spacing_trim is not None:
            options["textSpacingTrim"] = text_spacing_trim
        if jobs is not None:
            options["jobs"] = jobs
        if not isinstance(records, (str, bytes, bytearray, memoryview)):
            if not isinstance(records, list):
                records = list(records)
            results = self._text_packed(options, records, field)
            if results is not None:
                return results
        return self._call(self._lib.selfsize_text, options, records)

    def _text_packed(self, options: dict, records: list, field: str) -> Optional[Results]:
        """``text`` through the packed stream (``selfsize_text_begin``): the ids and texts cross as
        two NUL-separated buffers and the results come back as columns, chunk by chunk, turned
        into dicts here while the library measures the next chunk. None when the records are not
        all dicts with a string id and text free of NULs and lone surrogates (then the JSON path
        reads them, and reports what is wrong with each)."""
        try:
            ids = [record["id"] for record in records]
            texts = [record[field] for record in records]
            ids_joined = "\0".join(ids)
            texts_joined = "\0".join(texts)
            separators = max(len(ids) - 1, 0)
            if ids_joined.count("\0") != separators or texts_joined.count("\0") != separators:
                return None
            ids_bytes = ids_joined.encode("utf-8")
            texts_bytes = texts_joined.encode("utf-8")
        except (KeyError, TypeError, IndexError, UnicodeEncodeError):
            return None
        try:
            options_bytes = _encode(options)
        except ValueError as error:
            raise SelfSizeError("invalidArgument", str(error), 1) from None
        lib = self._lib
        stream, error = ctypes.c_void_p(), ctypes.c_void_p()
        status = lib.selfsize_text_begin(self._handle, options_bytes, len(options_bytes), ids_bytes, len(ids_bytes),
                                         texts_bytes, len(texts_bytes), len(ids), ctypes.byref(stream),
                                         ctypes.byref(error))
        _check(lib, status, error)
        results = Results()
        enabled = gc.isenabled()
        gc.disable()  # millions of new objects, none in a cycle (see _loads)
        try:
            widths_count = len(options["widths"])
            columns = ctypes.POINTER(_TextColumns)()
            first = 0
            while True:
                status = lib.selfsize_text_next(stream, ctypes.byref(columns), ctypes.byref(error))
                _check(lib, status, error)
                if not columns:
                    break
                try:
                    chunk = columns.contents
                    count = chunk.result_count // widths_count
                    extras = json.loads(ctypes.string_at(chunk.extras, chunk.extras_length))
                    if _columns is not None and not _PURE_PYTHON:
                        start = len(results)
                        _columns.append(results, ctypes.addressof(chunk), ids, first, extras["widths"],
                                        extras["platform"])
                        for index, value in extras["objects"]:
                            results[start + index] = value
                    else:
                        _append_columns(results, chunk, ids[first:first + count], extras["widths"],
                                        extras["platform"], extras["objects"])
                    results.warnings.extend(extras["warnings"])
                    first += count
                finally:
                    lib.selfsize_free(columns)
        finally:
            lib.selfsize_text_end(stream)
            if enabled:
                gc.enable()
        return results

    def measure(self, template: Union[str, os.PathLike, Mapping[str, Any]], items: Union[Sequence[Mapping[str, Any]], bytes, str],
                widths: Union[float, Sequence[float]], jobs: Optional[int] = None, *,
                line_height: Union[None, float, str] = None, pixel_scale: Optional[float] = None,
                strict: bool = False) -> Results:
        """``selfsize measure``: one dict per item and width, in order. ``template`` is a template
        file's path or the template itself (a dict)."""
        options = {"template": os.fspath(template) if isinstance(template, (str, os.PathLike)) else template,
                   "widths": _widths(widths), "strict": strict}
        if line_height is not None:
            options["lineHeight"] = line_height
        if pixel_scale is not None:
            options["pixelScale"] = pixel_scale
        if jobs is not None:
            options["jobs"] = jobs
        return self._call(self._lib.selfsize_measure, options, items)

    def _call(self, function, options: dict, elements) -> Results:
        try:
            options_bytes = _encode(options)
        except ValueError as error:
            raise SelfSizeError("invalidArgument", str(error), 1) from None
        if isinstance(elements, str):
            body = elements.encode("utf-8", "surrogatepass")
        elif isinstance(elements, (bytes, bytearray, memoryview)):
            body = bytes(elements)
        else:
            try:
                body = _encode(elements if isinstance(elements, list) else list(elements))
            except (TypeError, ValueError) as error:
                raise SelfSizeError("invalidArgument", f"records are not JSON: {error}", 1) from None
        result, length, error = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
        status = function(self._handle, options_bytes, len(options_bytes), body, len(body), ctypes.byref(result),
                          ctypes.byref(length), ctypes.byref(error))
        _check(self._lib, status, error)
        answer = _loads(_take(self._lib, result, length.value))
        return Results(answer["results"], answer["warnings"])
