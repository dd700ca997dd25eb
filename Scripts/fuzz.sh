#!/usr/bin/env bash
# Builds one libFuzzer target of the nested Fuzz/ package (release, -sanitize=fuzzer,address) and
# runs it for SECONDS on a scratch copy of its seed corpus, so runs never grow Fuzz/Corpus.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   TARGET: json-record | template | text | attributed | baseline | layout | collection-view | font
#
# Scratch folder: $FUZZ_WORK (default /tmp/selfsize-fuzz)/TARGET/ holds the growing corpus and
# any crash-*, timeout-* or oom-* inputs libFuzzer writes. Per-input timeout: $FUZZ_TIMEOUT
# seconds (default 10). Ends with the executions, exec/s and coverage of the run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ $# -lt 2 ]; then
  echo "usage: Scripts/fuzz.sh json-record|template|text|attributed|baseline|layout|collection-view|font SECONDS [libFuzzer options...]" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2
case "$target" in
  json-record) product=FuzzJSONRecord max_len=4096 ;;
  template) product=FuzzTemplate max_len=4096 ;;
  text) product=FuzzText max_len=4096 ;;
  attributed) product=FuzzAttributed max_len=4096 ;;
  baseline) product=FuzzBaseline max_len=8192 ;;
  layout) product=FuzzLayout max_len=256 ;;
  collection-view) product=FuzzCollectionView max_len=256 ;;
  font) product=FuzzFont max_len=32768 ;;
  *)
    echo "unknown target '$target': use json-record, template, text, attributed, baseline, layout, collection-view or font" >&2
    exit 2
    ;;
esac

flags=(-c release --package-path Fuzz --build-path Fuzz/.build -Xswiftc -sanitize=fuzzer,address
  -Xswiftc -parse-as-library)
swift build "${flags[@]}" --product "$product" >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/$product"

work="${FUZZ_WORK:-/tmp/selfsize-fuzz}/$target"
mkdir -p "$work/corpus"
cp -n "$root/Fuzz/Corpus/$target/"* "$work/corpus/" 2>/dev/null || true

export SELFSIZE_FONTS_DIR="$root/Sources/SelfSizingResources/Fonts"
export SELFSIZE_EXAMPLES_DIR="$root/Sources/SelfSizingResources/Examples"
export TMPDIR="$work"
# Swift's own crash backtracer reads the stack in a way AddressSanitizer reports; libFuzzer prints
# the stack instead.
export SWIFT_BACKTRACE=enable=no
log="$work/last-run.log"
echo "fuzzing $target for ${seconds}s; progress: tail -f $log" >&2
set +e
"$binary" "$work/corpus" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" \
  -max_len="$max_len" -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$work/" "$@" >"$log" 2>&1
status=$?
set -e
grep -E "^(==[0-9]+==|SUMMARY|artifact_prefix|Fatal error|.*invariant broken)" "$log" >&2 || true

# The last status line carries cov (edges) and ft (features); the final stats carry the rest.
last=$(grep -E "^#[0-9]+" "$log" | tail -1 || true)
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corpus=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
echo "fuzz $target: ${runs:-?} executions in ${seconds}s, ${speed:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}," \
  "corpus ${corpus:-?}, peak RSS ${rss:-?} MB, exit $status (log: $log)"
ls "$work" | grep -E "^(crash|timeout|oom|leak|slow-unit)-" | sed "s|^|finding: $work/|" || true
exit "$status"
