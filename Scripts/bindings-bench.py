#!/usr/bin/env python3
"""Python's `Engine.text` against `selfsize text` on the same 100,000 texts, one thread each, in
one run (release builds): the figure issue #40 asks for (the binding within 1.5x of the CLI).

    swift build -c release --product selfsize --product SelfSizeC   # or Scripts/bindings.sh
    python3 Scripts/bindings-bench.py [--count 100000] [--widths 150,343] [--repeat 3]

The texts cycle through Tests/Fixtures/corpus/feed-visible.jsonl with unique ids. The CLI's time
is its process's wall time (start-up included) writing to /dev/null; the binding's is the
`e.text(records, ...)` call on a warm engine (records already parsed into dicts; results parsed
into dicts), after one untimed warm-up call on the first 1,024 texts, as the CLI warms its own
cache in the run. Node's `engine.text` is timed the same way when `node` is on PATH. Each
figure is the best of --repeat runs.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--widths", default="150,343")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "release"))
    args = parser.parse_args()
    widths = [float(w) if "." in w else int(w) for w in args.widths.split(",")]
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
    try:
        command = [cli, "text", "--jobs", "1", "-i", path] + [a for w in widths for a in ("-w", str(w))]
        cli_times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            cli_times.append(time.perf_counter() - start)

        engine = selfsize.Engine(platform="web")
        engine.text(records[:1024], widths=widths, jobs=1)
        py_times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            results = engine.text(records, widths=widths, jobs=1)
            py_times.append(time.perf_counter() - start)
        assert len(results) == len(records) * len(widths)

        node_time = None
        if subprocess.run(["which", "node"], capture_output=True).returncode == 0:
            script = f"""
              const {{ Engine }} = require({json.dumps(os.path.join(ROOT, 'bindings', 'node'))});
              const fs = require('fs');
              const records = fs.readFileSync({json.dumps(path)}, 'utf8').split('\\n').filter(Boolean).map(JSON.parse);
              const engine = new Engine({{ platform: 'web' }});
              engine.text(records.slice(0, 1024), {{ widths: {json.dumps(widths)}, jobs: 1 }});
              let best = Infinity;
              for (let i = 0; i < {args.repeat}; i++) {{
                const start = process.hrtime.bigint();
                const results = engine.text(records, {{ widths: {json.dumps(widths)}, jobs: 1 }});
                best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
                if (results.length !== records.length * {len(widths)}) throw new Error('count');
              }}
              console.log(best);
            """
            done = subprocess.run(["node", "-e", script], capture_output=True, text=True)
            if done.returncode == 0:
                node_time = float(done.stdout.strip())
            else:
                print(done.stderr, file=sys.stderr)
    finally:
        os.unlink(path)

    cli_best, py_best = min(cli_times), min(py_times)
    print(f"{args.count:,} texts x widths {widths}, jobs 1, best of {args.repeat}")
    print(f"  selfsize text --jobs 1   {cli_best:7.3f} s")
    print(f"  python Engine.text       {py_best:7.3f} s   {py_best / cli_best:.2f}x the CLI")
    if node_time is not None:
        print(f"  node engine.text         {node_time:7.3f} s   {node_time / cli_best:.2f}x the CLI")


if __name__ == "__main__":
    main()
