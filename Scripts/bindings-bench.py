#!/usr/bin/env python3
"""The bindings' `text` against `selfsize text` on the same 100,000 texts with one measuring
thread each, in one run (release builds): the figure issue #40 asks for (each binding within
1.5x of the CLI).

    swift build -c release --product selfsize --product SelfSizeC   # or Scripts/bindings.sh
    python3 Scripts/bindings-bench.py [--count 100000] [--widths 150,343 343] [--repeat 3]

The texts cycle through Tests/Fixtures/corpus/feed-visible.jsonl with unique ids. The CLI's time
is its process's wall time (start-up included) writing to /dev/null; with `--jobs 1` it runs a
reader thread, one measuring thread and its main thread writing, so its CPU time is printed too.
A binding's time is the `text(records, ...)` call on a warm engine (records already dicts /
objects, results returned as dicts / objects), after one untimed warm-up call on the first 1,024
texts, as the CLI warms its own cache in the run. Two paths are timed: the packed stream
(`selfsize_text_begin`, what `text` uses for records with string ids and texts) and the JSON path
(`selfsize_text`, what `text` used before, and still uses for a JSON string or bytes; timed here
with the records' serialization included); Python's packed path also without its accelerator
(selfsize/_columns.c) when that is built. Node is timed when `node` and the addon are there.
Each figure is the best of --repeat runs, the runs of the CLI and of each binding interleaved (the
Node process runs the CLI in its own loop, and its ratios are against those runs).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

NODE_SCRIPT = r"""
const { Engine } = require(process.argv[1]);
const fs = require('fs');
const { spawnSync } = require('child_process');
const [path, widthSets, repeat, cli] = [process.argv[2], JSON.parse(process.argv[3]), Number(process.argv[4]),
  process.argv[5]];
const records = fs.readFileSync(path, 'utf8').split('\n').filter(Boolean).map(JSON.parse);
const engine = new Engine({ platform: 'web' });
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const times = {};
for (const widths of widthSets) {
  engine.text(records.slice(0, 1024), { widths, jobs: 1 });
  const best = { cli: Infinity, packed: Infinity, json: Infinity };
  const command = ['text', '--jobs', '1', '-i', path, ...widths.flatMap((w) => ['-w', String(w)])];
  for (let i = 0; i < repeat; i++) {
    let start = process.hrtime.bigint();
    if (spawnSync(cli, command, { stdio: 'ignore' }).status !== 0) throw new Error('cli');
    best.cli = Math.min(best.cli, seconds(start));
    for (const path of ['packed', 'json']) {
      start = process.hrtime.bigint();
      const results = path === 'packed' ? engine.text(records, { widths, jobs: 1 })
        : engine.text(JSON.stringify(records), { widths, jobs: 1 });
      best[path] = Math.min(best[path], seconds(start));
      if (results.length !== records.length * widths.length) throw new Error('count');
    }
  }
  times[widths.join(',')] = best;
}
console.log(JSON.stringify(times));
"""


def cli_run(command):
    """Wall and CPU (user + system) seconds of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--widths", nargs="+", default=["150,343", "343"],
                        help="width sets, each comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--no-node", action="store_true")
    args = parser.parse_args()
    width_sets = [[float(w) if "." in w else int(w) for w in spec.split(",")] for spec in args.widths]
    cli = os.path.join(args.build, "selfsize")
    library = os.path.join(args.build, "libSelfSizeC.so")
    os.environ["SELFSIZE_LIBRARY"] = library
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import selfsize

    with open(os.path.join(ROOT, "Tests", "Fixtures", "corpus", "feed-visible.jsonl"), encoding="utf-8") as f:
        corpus = [json.loads(line)["text"] for line in f if line.strip()]
    records = [{"id": f"t{i:06d}", "text": corpus[i % len(corpus)]} for i in range(args.count)]
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
        path = f.name
    figures = {}
    try:
        engine = selfsize.Engine(platform="web")
        for widths in width_sets:
            command = [cli, "text", "--jobs", "1", "-i", path] + [a for w in widths for a in ("-w", str(w))]
            engine.text(records[:1024], widths=widths, jobs=1)
            cli_times, packed_times, pure_times, json_times = [], [], [], []
            for _ in range(args.repeat):
                cli_times.append(cli_run(command))
                cpu = time.process_time()
                start = time.perf_counter()
                results = engine.text(records, widths=widths, jobs=1)
                packed_times.append((time.perf_counter() - start, time.process_time() - cpu))
                assert len(results) == len(records) * len(widths)
                del results
                if selfsize._columns is not None:
                    selfsize._PURE_PYTHON = True
                    start = time.perf_counter()
                    results = engine.text(records, widths=widths, jobs=1)
                    pure_times.append(time.perf_counter() - start)
                    selfsize._PURE_PYTHON = False
                    del results
                start = time.perf_counter()
                results = engine.text(selfsize._encode(records), widths=widths, jobs=1)
                json_times.append(time.perf_counter() - start)
                del results
            figures[",".join(map(str, widths))] = {
                "cli": min(cli_times), "python": min(packed_times)[0], "python-cpu": min(packed_times)[1],
                "python-json": min(json_times)}
            if pure_times:
                figures[",".join(map(str, widths))]["python-pure"] = min(pure_times)

        addon = os.path.join(ROOT, "bindings", "node", "build", "selfsize.node")
        if not args.no_node and os.path.exists(addon):
            done = subprocess.run(
                ["node", "-e", NODE_SCRIPT, os.path.join(ROOT, "bindings", "node"), path,
                 json.dumps(width_sets), str(args.repeat), cli], capture_output=True, text=True)
            if done.returncode == 0:
                for key, best in json.loads(done.stdout).items():
                    figures[key]["node-cli"] = best["cli"]
                    figures[key]["node"] = best["packed"]
                    figures[key]["node-json"] = best["json"]
            else:
                print(done.stderr, file=sys.stderr)
    finally:
        os.unlink(path)

    print(f"{args.count:,} texts, jobs 1, best of {args.repeat} (wall seconds; x = the CLI's best wall time in the"
          " same loop)")
    for key, figure in figures.items():
        cli_wall, cli_cpu = figure["cli"]
        print(f"widths {key}:")
        print(f"  selfsize text --jobs 1            {cli_wall:7.3f} s   (CPU {cli_cpu:.3f} s on 3 threads)")
        for name, label in [("python", "python text (packed)"), ("python-pure", "python text (packed, no _columns)"),
                            ("python-json", "python text (JSON path)")]:
            if name in figure:
                cpu = f"   (CPU {figure['python-cpu']:.3f} s on 2 threads)" if name == "python" else ""
                print(f"  {label:<33} {figure[name]:7.3f} s   {figure[name] / cli_wall:.2f}x{cpu}")
        if "node" in figure:
            node_cli = figure["node-cli"]
            print(f"  selfsize text --jobs 1 (node loop) {node_cli:6.3f} s")
            for name, label in [("node", "node text (packed)"), ("node-json", "node text (JSON path)")]:
                print(f"  {label:<33} {figure[name]:7.3f} s   {figure[name] / node_cli:.2f}x")


if __name__ == "__main__":
    main()
