"""The Python binding against the CLI: same objects for the visible feed and every example
template, bad input per item, call failures as SelfSizeError with codes, nothing on the host's
stdout or stderr, the GIL released while measuring."""

import ctypes
import json
import os
import subprocess
import threading
import time

import pytest

import selfsize

EXAMPLES = "Examples"
FEED = os.path.join(EXAMPLES, "feed.jsonl")
CORPUS = os.path.join("Tests", "Fixtures", "corpus", "feed-visible.jsonl")
# (template, items) pairs of the examples.
TEMPLATES = [
    ("note-card.template.json", "feed.jsonl"),
    ("text-post.template.json", "feed.jsonl"),
    ("comments.template.json", "comments.jsonl"),
    ("products.template.json", "products.jsonl"),
    ("tags.template.json", "tags.jsonl"),
    ("weibo.template.json", "weibo.jsonl"),
]


def read_jsonl(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def run_cli(cli, root, args):
    done = subprocess.run([cli, *args], cwd=root, capture_output=True, check=False)
    assert done.returncode in (0, 1), done.stderr.decode()
    return [json.loads(line) for line in done.stdout.decode().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def engine():
    with selfsize.Engine(platform="web") as e:
        yield e


@pytest.mark.parametrize("path,field", [(CORPUS, "text"), (FEED, "title"), (FEED, "body")])
def test_text_equals_cli(engine, cli, root, path, field):
    records = read_jsonl(root, path)
    expected = run_cli(cli, root, ["text", "-i", path, "--field", field, "-w", "150", "-w", "343", "--jobs", "2"])
    results = engine.text(records, widths=[150, 343], field=field)
    assert list(results) == expected


def test_text_spacing_trim_equals_cli(engine, cli, root, tmp_path):
    records = [{"id": "q", "text": "他说：「今天。」「明天，」『后天』（大后天）。"}] * 3
    path = str(tmp_path / "trim-records.jsonl")
    with open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    expected = run_cli(cli, root, ["text", "-i", path, "-w", "97,150", "--text-spacing-trim", "normal"])
    answers = list(engine.text(records, widths=[97, 150], text_spacing_trim="normal"))
    assert answers == expected
    assert answers != list(engine.text(records, widths=[97, 150]))
    for wrap in ["balance", "pretty"]:
        expected = run_cli(cli, root, ["text", "-i", path, "-w", "97,150", "--text-spacing-trim", "normal", "--text-wrap", wrap])
        assert list(engine.text(records, widths=[97, 150], text_spacing_trim="normal", text_wrap=wrap)) == expected
    with selfsize.Engine(platform="flutter") as e:
        with pytest.raises(selfsize.SelfSizeError) as failure:
            e.text(records, widths=[150], text_spacing_trim="normal")
        assert failure.value.code == "invalidArgument" and "text spacing trim" in failure.value.message


def test_text_options_equal_cli(cli, root):
    records = read_jsonl(root, CORPUS)[:200]
    expected = run_cli(cli, root, ["text", "-i", CORPUS, "--platform", "flutter", "--no-system-fonts", "-w", "170",
                                   "--line-height", "1.4x", "--size", "17", "--max-lines", "2"])[:200]
    with selfsize.Engine(platform="flutter", system_fonts=False) as e:
        assert list(e.text(records, widths=[170], line_height="1.4x", font_size=17, max_lines=2, jobs=1)) == expected


def test_wrap_and_android_styles_equal_cli(engine, cli, root):
    records = read_jsonl(root, CORPUS)[:200]
    expected = run_cli(cli, root, ["text", "-i", CORPUS, "-w", "170", "--text-wrap", "balance"])[:200]
    assert list(engine.text(records, widths=[170], text_wrap="balance")) == expected
    expected = run_cli(cli, root, ["text", "-i", CORPUS, "--platform", "android", "--android-style", "textview",
                                   "-w", "170"])[:200]
    with selfsize.Engine(platform="android") as e:
        assert list(e.text(records, widths=[170], android_style="textview")) == expected
        # A style the platform does not have is refused, as the CLI refuses it.
        with pytest.raises(selfsize.SelfSizeError) as failure:
            e.text(records, widths=[170], text_wrap="balance")
        assert failure.value.code == "invalidArgument" and "text wrap" in failure.value.message
    with pytest.raises(selfsize.SelfSizeError) as failure:
        engine.text(records, widths=[170], android_style="textview")
    assert "android style" in failure.value.message
    with pytest.raises(selfsize.SelfSizeError) as failure:
        engine.text(records, widths=[170], text_wrap="even")
    assert '"balance"' in failure.value.message


def test_flutter_rounding_hack_equals_cli(engine, cli, root):
    records = read_jsonl(root, CORPUS)[:200]
    expected = run_cli(cli, root, ["text", "-i", CORPUS, "--platform", "flutter", "--flutter-rounding-hack", "off",
                                   "-w", "170.5"])[:200]
    with selfsize.Engine(platform="flutter") as e:
        assert list(e.text(records, widths=[170.5], flutter_rounding_hack=False)) == expected
    with pytest.raises(selfsize.SelfSizeError) as failure:
        engine.text(records, widths=[170], flutter_rounding_hack=False)
    assert failure.value.code == "invalidArgument" and "flutter" in failure.value.message


@pytest.mark.parametrize("template,items", TEMPLATES)
def test_measure_equals_cli(engine, cli, root, template, items):
    template_path = os.path.join(root, EXAMPLES, template)
    items_path = os.path.join(EXAMPLES, items)
    expected = run_cli(cli, root, ["measure", "--template", template_path, "-i", items_path, "-w", "170", "-w", "343"])
    data = read_jsonl(root, items_path)
    assert list(engine.measure(template_path, data, widths=[170, 343])) == expected
    with open(template_path, encoding="utf-8") as f:
        assert list(engine.measure(json.load(f), data, widths=[170, 343], jobs=1)) == expected


def test_jobs_do_not_change_results(engine, root):
    records = read_jsonl(root, CORPUS)
    one = engine.text(records, widths=[150], jobs=1)
    assert list(engine.text(records, widths=[150], jobs=3)) == list(one)
    assert len(one) == len(records)


def test_bad_records_come_back_in_place(engine):
    records = [{"id": "a", "text": "Hello"}, {"id": "b"}, 7, {"id": "", "text": "x"}, {"id": "c", "text": 1}]
    results = engine.text(records, widths=[150, 343])
    assert len(results) == 10
    assert results[0]["lineCount"] == 1 and "error" not in results[0]
    assert [r["error"]["code"] for r in results[2:]] == [
        "missingField", "missingField", "notAnObject", "notAnObject", "invalidID", "invalidID", "wrongType",
        "wrongType"]
    assert results[2]["id"] == "b" and results[2]["width"] == 150
    assert results[2]["error"]["message"].startswith("records[1]: id b:")


def test_malformed_element_and_invalid_utf8_in_a_record(engine):
    body = b'[{"id":"a","text":"ok"},{"id":"b","text":"\xff\xfe"},{"id":"c" "text":"x"}]'
    results = engine.text(body, widths=[100])
    assert results[0]["height"] > 0
    assert results[1]["error"]["code"] == "invalidUTF8"
    assert results[2]["error"]["code"] == "invalidJSON"
    # A lone surrogate from Python is invalid UTF-8 too.
    results = engine.text([{"id": "s", "text": "a\udc80b"}], widths=[100])
    assert results[0]["error"]["code"] == "invalidUTF8"


def test_call_errors_have_codes(engine):
    with pytest.raises(selfsize.SelfSizeError) as error:
        engine.text(b'[{"id":"a","text":"x"}', widths=[100])
    assert error.value.code == "invalidJSON"
    with pytest.raises(selfsize.SelfSizeError) as error:
        engine.text(b'{"id":"a"}', widths=[100])
    assert error.value.code == "invalidJSON"
    with pytest.raises(selfsize.SelfSizeError) as error:
        engine.text([], widths=[])
    assert error.value.code == "invalidArgument"
    with pytest.raises(selfsize.SelfSizeError) as error:
        engine.text([], widths=[100], font_size=-1)
    assert error.value.code == "invalidArgument"
    with pytest.raises(selfsize.SelfSizeError) as error:
        engine.measure("/nonexistent/template.json", [], widths=[100])
    assert error.value.code == "invalidTemplate"
    with pytest.raises(selfsize.SelfSizeError) as error:
        engine.measure({"elements": 5}, [], widths=[100])
    assert error.value.code == "invalidTemplate"
    with pytest.raises(selfsize.SelfSizeError) as error:
        selfsize.Engine(platform="amiga")
    assert error.value.code == "invalidArgument"
    with pytest.raises(selfsize.SelfSizeError) as error:
        selfsize.Engine(fonts=["/nonexistent.ttf"])
    assert error.value.code == "fontError"
    assert engine.text([], widths=[100]) == []


def test_freed_and_foreign_handles(root):
    e = selfsize.Engine()
    handle = e._handle.value
    e.close()
    with pytest.raises(selfsize.SelfSizeError) as error:
        e.text([{"id": "a", "text": "x"}], widths=[100])
    assert error.value.code == "invalidHandle"
    lib = selfsize._library()
    result, length, message = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
    for foreign in (handle, 0x1234, id(e)):
        status = lib.selfsize_text(ctypes.c_void_p(foreign), b'{"widths":[1]}', 14, b"[]", 2, ctypes.byref(result),
                                   ctypes.byref(length), ctypes.byref(message))
        assert lib.selfsize_status_name(status) == b"invalidHandle"
        lib.selfsize_free(message)
        assert lib.selfsize_engine_free(ctypes.c_void_p(foreign)) == 2


def test_invalid_utf8_in_options_is_an_error():
    lib = selfsize._library()
    e = selfsize.Engine()
    result, length, message = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_void_p()
    options = b'{"widths":[100],"field":"\xff"}'
    status = lib.selfsize_text(e._handle, options, len(options), b"[]", 2, ctypes.byref(result), ctypes.byref(length),
                               ctypes.byref(message))
    assert lib.selfsize_status_name(status) == b"invalidUTF8"
    lib.selfsize_free(message)


def test_nothing_written_to_stdout_or_stderr(capfd, root):
    with selfsize.Engine(fonts=["Noto Sans CJK SC", "Noto Sans CJK SC"], system_fonts=False) as e:
        e.text([{"id": "a", "text": "\U000F0000 missing"}, {"id": "b"}], widths=[100])
        with pytest.raises(selfsize.SelfSizeError):
            e.text(b"[", widths=[100])
        e.measure(os.path.join(root, EXAMPLES, "note-card.template.json"), [{"id": 1}], widths=[170])
        results = e.text([{"id": "m", "text": "\U000F0000"}], widths=[100])
        assert results.warnings and results.warnings[0]["code"] == "missingGlyphs"
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_gil_released_while_measuring(engine, root):
    records = read_jsonl(root, CORPUS) * 20
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    try:
        start = time.perf_counter()
        engine.text(records, widths=[150, 170, 343], jobs=1)
        elapsed = time.perf_counter() - start
    finally:
        stop.set()
        thread.join()
    # The counting thread ran during the call (it would not while a call held the GIL).
    assert elapsed < 0.05 or len(ticks) >= 5


def test_threads_share_one_engine(engine, root):
    records = read_jsonl(root, CORPUS)[:300]
    expected = list(engine.text(records, widths=[170], jobs=1))
    answers = [None] * 4

    def run(index):
        answers[index] = list(engine.text(records, widths=[170], jobs=1))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(answer == expected for answer in answers)


def test_version_and_info(engine, cli):
    version = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert version.startswith("selfsize " + selfsize.version() + " ")
    info = engine.info()
    assert info["platform"] == "web"
    assert info["chains"]["regular"][0]["family"] == "Noto Sans CJK SC"


def _same(packed, by_json):
    """Same objects with the same types and key order, and the same warnings."""
    assert json.dumps(list(packed)) == json.dumps(list(by_json))
    assert packed.warnings == by_json.warnings


@pytest.mark.parametrize("pure_python", [False, True])
def test_packed_path_equals_the_json_path(root, monkeypatch, pure_python):
    # Records with string ids and texts go through the packed stream (selfsize_text_begin) in chunks
    # of 1,024; a JSON string goes through selfsize_text. Both must give the CLI's objects: integral
    # heights (line height 20) as ints, inf widths as null, truncated lines with "…", a missing glyph
    # warning and, when strict, its error objects in place, past the first chunk.
    monkeypatch.setattr(selfsize, "_PURE_PYTHON", pure_python)
    records = read_jsonl(root, CORPUS) * 2 + [{"id": "m", "text": "x\U000F0000 y"}, {"id": "", "text": "empty id"}]
    records += [{"id": f"n{i}", "text": text} for i, text in enumerate(["", "\n\n", "a\u2028b", "\"quoted\" \\"])]
    with selfsize.Engine(platform="web", system_fonts=False) as e:
        for options in ({"widths": [150, 343.5, float("inf")]},
                        {"widths": [120], "line_height": 20, "max_lines": 2, "jobs": 2},
                        {"widths": [170, 100], "strict": True, "jobs": 1}):
            packed = e.text(records, **options)
            by_json = e.text(selfsize._encode(records), **options)
            _same(packed, by_json)
            assert len(packed) == len(records) * len(options["widths"])
        strict = e.text(records, widths=[100], strict=True)
        assert strict[2048]["error"]["code"] == "missingGlyphs"
        assert strict[2048]["error"]["message"].startswith("records[2048]: id m:")
        assert strict[2049]["error"]["code"] == "invalidID"
        warned = e.text(records, widths=[100])
        assert [w["id"] for w in warned.warnings] == ["m"] and "records[2048]" in warned.warnings[0]["message"]
        assert any(isinstance(r["height"], int) for r in e.text(records, widths=[120], line_height=20))


def test_records_the_packed_path_cannot_carry_take_the_json_path(engine):
    # A NUL in a text, a lone surrogate, a non-string id: the whole call goes through JSON, with the
    # same results as the JSON path gives them.
    for records in ([{"id": "a", "text": "nul\0inside"}, {"id": "b", "text": "ok"}],
                    [{"id": "a", "text": "ok"}, {"id": 5, "text": "number id"}]):
        _same(engine.text(records, widths=[100]), engine.text(selfsize._encode(records), widths=[100]))
    # Any iterable of records, also one the packed path cannot carry.
    for records in ([{"id": str(i), "text": "a generator"} for i in range(3)], [{"id": 1, "text": "x"}]):
        _same(engine.text(iter(records), widths=[100]), engine.text(selfsize._encode(records), widths=[100]))


def test_text_stream_c_api_errors(engine):
    lib = selfsize._library()
    stream, message = ctypes.c_void_p(), ctypes.c_void_p()
    options = b'{"widths":[100]}'
    # Three ids but two texts.
    status = lib.selfsize_text_begin(engine._handle, options, len(options), b"a\0b\0c", 5, b"x\0y", 3, 3,
                                     ctypes.byref(stream), ctypes.byref(message))
    assert lib.selfsize_status_name(status) == b"invalidArgument" and not stream.value
    assert b"texts holds 2" in ctypes.string_at(message.value)
    lib.selfsize_free(message)
    status = lib.selfsize_text_begin(engine._handle, options, len(options), b"a\0b", 3, b"x\0y", 3, 2,
                                     ctypes.byref(stream), ctypes.byref(message))
    assert status == 0
    # Ended before taking its chunks: later calls with the handle are invalidHandle.
    assert lib.selfsize_text_end(stream) == 0
    assert lib.selfsize_text_end(stream) == 2
    columns = ctypes.POINTER(selfsize._TextColumns)()
    status = lib.selfsize_text_next(stream, ctypes.byref(columns), ctypes.byref(message))
    assert lib.selfsize_status_name(status) == b"invalidHandle" and not columns
    lib.selfsize_free(message)
