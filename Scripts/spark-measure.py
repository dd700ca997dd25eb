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
--ship sends the binary, its resource bundle and the files named by --template, --font and
--bold-font to the workers with the job (SparkContext.addFile), for clusters whose machines do
not have selfsize installed; each worker runs its copies (SparkFiles) over its partitions.

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

# Options whose value is a file the workers need (shipped with --ship).
FILE_OPTIONS = ("--template", "--font", "--bold-font")


def shipped(context, binary, command_args):
    """Adds the binary, its resource bundle and the files named by FILE_OPTIONS to the job
    (SparkContext.addFile) and returns the map step that runs them on a worker: the partition
    piped through `selfsize` from the worker's copy of the files (SparkFiles), as RDD.pipe does."""
    context.addFile(binary)
    bundle_dir = os.path.dirname(binary)
    for entry in os.listdir(bundle_dir):
        if entry.endswith(".resources"):
            context.addFile(os.path.join(bundle_dir, entry), recursive=True)
    arguments = list(command_args)
    for index in range(1, len(arguments)):
        if arguments[index - 1] in FILE_OPTIONS and os.path.isfile(arguments[index]):
            context.addFile(os.path.abspath(arguments[index]))
            arguments[index] = os.path.basename(arguments[index])
    program_name = os.path.basename(binary)
    arguments += ["--input", "-", "--quiet", "--jobs", "1"]

    def run(lines):
        import stat
        import subprocess
        import threading

        from pyspark import SparkFiles

        root = SparkFiles.getRootDirectory()
        program = os.path.join(root, program_name)
        mode = os.stat(program).st_mode
        if not mode & stat.S_IXUSR:
            os.chmod(program, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        process = subprocess.Popen([program, *arguments], cwd=root, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE)

        def feed():
            try:
                for line in lines:
                    process.stdin.write((line + "\n").encode("utf-8"))
            finally:
                process.stdin.close()

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        for line in process.stdout:
            yield line.decode("utf-8").rstrip("\n")
        writer.join()
        status = process.wait()
        # 1: some lines were bad (reported on the executor's stderr), as RDD.pipe ignores it.
        if status not in (0, 1):
            raise RuntimeError(f"selfsize exited with status {status}")

    return run


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
    remote = "://" in options.input  # hdfs://, s3a://, file://: read by Spark itself
    if not remote and not os.path.isfile(options.input):
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
        lines = context.textFile(
            options.input if remote else os.path.abspath(options.input), minPartitions=options.partitions)
        # Blank lines would be lost by the pipe's line splitting anyway; selfsize skips them too.
        lines = lines.filter(lambda line: line.strip() != "")
        if options.ship:
            results = lines.mapPartitions(shipped(context, binary, command_args))
        else:
            pipe = [binary, *command_args, "--input", "-", "--quiet", "--jobs", "1"]
            results = lines.pipe(shlex.join(pipe))
        temporary = options.output + ".partial"
        with open(temporary, "w", encoding="utf-8") as output:
            for line in results.toLocalIterator():
                output.write(line + "\n")
        os.replace(temporary, options.output)
    finally:
        context.stop()


if __name__ == "__main__":
    main()
