#!/usr/bin/env python3
"""Runs a selfsize measuring command as the map step of Spark: the input's partitions are
piped through `selfsize` (RDD.pipe) and the results written to one JSON Lines file, in input
order. The lines equal those of the same command run in one process.

    python3 Scripts/spark-measure.py INPUT.jsonl OUTPUT.jsonl [--master local[2]] \
        [--selfsize PATH] [--ship] -- SELFSIZE-ARGS...

    python3 Scripts/spark-measure.py feed.jsonl heights.jsonl -- \
        measure --template Examples/note-card.template.json --width 170

Without --master, Spark's own default applies (spark-submit's --master, or local[*]).
--selfsize names the binary (default: $SELFSIZE, `selfsize` on PATH, or .build/release/selfsize).
--ship sends the binary and its resource bundle to the workers with the job (SparkContext.addFile),
for clusters whose machines do not have selfsize installed.

Each worker runs `selfsize ARGS... --input - --quiet --jobs 1`: Spark gives parallelism across
partitions. Errors of bad lines go to the executors' stderr, with line numbers counted within
the partition.
"""

import argparse
import os
import shlex
import shutil
import sys


def find_selfsize(explicit):
    for candidate in (explicit, os.environ.get("SELFSIZE"), shutil.which("selfsize")):
        if candidate:
            return os.path.abspath(candidate) if os.path.exists(candidate) else candidate
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", ".build", "release", "selfsize")
    if os.path.exists(built):
        return os.path.abspath(built)
    sys.exit("spark-measure: no selfsize binary found; build it (swift build -c release) or pass --selfsize PATH")


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit("usage: spark-measure.py INPUT OUTPUT [--master M] [--selfsize PATH] [--ship] -- SELFSIZE-ARGS...")
    split = argv.index("--")
    parser = argparse.ArgumentParser(description="Run selfsize over a JSON Lines file with Spark (RDD.pipe).")
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--master", help="Spark master, e.g. local[2] or spark://host:7077")
    parser.add_argument("--selfsize", help="path of the selfsize binary")
    parser.add_argument("--ship", action="store_true", help="send the binary and its resources with the job")
    parser.add_argument("--partitions", type=int, help="minimum number of input partitions")
    options = parser.parse_args(argv[:split])
    command_args = argv[split + 1:]
    if not command_args or command_args[0] not in ("text", "measure"):
        sys.exit("spark-measure: the selfsize command must be `text` or `measure`")
    if not os.path.isfile(options.input):
        sys.exit(f"spark-measure: cannot read {options.input}: no such file")

    binary = find_selfsize(options.selfsize)
    try:
        from pyspark import SparkConf, SparkContext
    except ImportError:
        sys.exit("spark-measure: pyspark is not installed (pip install pyspark; it needs Java 17)")

    conf = SparkConf().setAppName("selfsize " + command_args[0])
    if options.master:
        conf = conf.setMaster(options.master)
    elif not conf.contains("spark.master"):
        conf = conf.setMaster("local[*]")
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    try:
        if options.ship:
            context.addFile(binary)
            bundle_dir = os.path.dirname(binary)
            for entry in os.listdir(bundle_dir):
                if entry.endswith(".resources"):
                    context.addFile(os.path.join(bundle_dir, entry), recursive=True)
            program = "./" + os.path.basename(binary)
        else:
            program = binary
        pipe = [program, *command_args, "--input", "-", "--quiet", "--jobs", "1"]
        lines = context.textFile(os.path.abspath(options.input), minPartitions=options.partitions)
        # Blank lines would be lost by the pipe's line splitting anyway; selfsize skips them too.
        results = lines.filter(lambda line: line.strip() != "").pipe(shlex.join(pipe))
        temporary = options.output + ".partial"
        with open(temporary, "w", encoding="utf-8") as output:
            for line in results.toLocalIterator():
                output.write(line + "\n")
        os.replace(temporary, options.output)
    finally:
        context.stop()


if __name__ == "__main__":
    main()
