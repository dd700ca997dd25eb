#!/usr/bin/env bash
# Regression guard for the text engine's hot paths: counts instructions (valgrind's callgrind,
# repeatable under load, unlike times) per corpus text for each kind of work PrepareProfile
# runs, and heap allocations per text (valgrind's memcheck: one round's total, the difference
# between a two-round and a one-round run) for the engine's own modes, and fails when one
# exceeds its stored figure in Benchmarks/Thresholds/instructions.txt by more than 10%.
#
#   Scripts/bench-check.sh            check (exit 1 on a regression)
#   Scripts/bench-check.sh --update   measure and store the current figures as the thresholds
#
# Needs valgrind (apt-get install valgrind) and a release build of PrepareProfile, which this
# script makes (in Benchmarks/.build; the first build takes several minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
thresholds=Benchmarks/Thresholds/instructions.txt
tolerance=${BENCH_TOLERANCE:-10}   # percent
modes=(prepare cold cold-kept measure batch paired-batch layout breaks text floor-shape floor-cold floor-warm floor-layout floor-text)
update=false
[[ "${1:-}" == "--update" ]] && update=true

command -v valgrind >/dev/null || { echo "bench-check: valgrind is not installed" >&2; exit 2; }
swift build -c release --package-path Benchmarks --product PrepareProfile >/dev/null
built="$(swift build -c release --package-path Benchmarks --show-bin-path)/PrepareProfile"
# valgrind 3.19 cannot read the toolchain's debug info ("possibly corrupted"): keep symbols only,
# in a copy beside the original (the bundled fonts are found next to the binary).
binary="$built.stripped"
strip --strip-debug -o "$binary" "$built"
texts=$(wc -l < Tests/Fixtures/corpus/feed-visible.jsonl)

# Rounds per mode: enough work to dwarf set-up noise, little enough for callgrind's slowdown.
rounds_for() {
  case "$1" in
    cold|cold-kept|floor-cold) echo 2 ;;
    measure|layout|floor-layout) echo 50 ;;
    *) echo 5 ;;
  esac
}

measure() {  # prints instructions per text for one mode
  local mode=$1 rounds out
  rounds=$(rounds_for "$mode")
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
    --toggle-collect='*measuredRounds*' "$binary" "$rounds" "$mode" >/dev/null 2>&1
  local total
  total=$(grep -m1 '^totals:' "$out" | awk '{print $2}')
  rm -f "$out"
  echo $(( total / (rounds * texts) ))
}

# Heap allocations per 100 texts in one round of a mode: memcheck's "total heap usage" of a
# two-round run minus that of a one-round run, so set-up (fonts, corpus) cancels out.
allocation_modes=(prepare cold measure batch paired-batch layout text)
allocations() {
  local mode=$1 one two
  one=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=memcheck "$binary" 1 "$mode" 2>&1 >/dev/null \
    | awk '/total heap usage/ { gsub(",", "", $5); print $5 }')
  two=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=memcheck "$binary" 2 "$mode" 2>&1 >/dev/null \
    | awk '/total heap usage/ { gsub(",", "", $5); print $5 }')
  echo $(( (two - one) * 100 / texts ))
}

declare -A stored=()
if [[ -f "$thresholds" ]]; then
  while read -r mode value _; do
    [[ -z "$mode" || "$mode" == \#* ]] && continue
    stored[$mode]=$value
  done < "$thresholds"
fi

failed=0
results=()
printf '%-14s %14s %14s %8s\n' mode "instr/text" threshold change
for mode in "${modes[@]}"; do
  value=$(measure "$mode")
  results+=("$mode $value")
  limit=${stored[$mode]:-}
  if [[ -z "$limit" ]]; then
    printf '%-14s %14s %14s %8s\n' "$mode" "$value" "-" "new"
    continue
  fi
  change=$(awk -v v="$value" -v l="$limit" 'BEGIN { printf "%+.1f%%", (v - l) * 100 / l }')
  verdict=""
  if ! $update && (( value * 100 > limit * (100 + tolerance) )); then
    verdict="  REGRESSION (> +${tolerance}%)"
    failed=1
  fi
  printf '%-14s %14s %14s %8s%s\n' "$mode" "$value" "$limit" "$change" "$verdict"
done

printf '\n%-14s %14s %14s %8s\n' mode "allocs/text" threshold change
for mode in "${allocation_modes[@]}"; do
  key="allocations:$mode"
  value=$(allocations "$mode")  # per 100 texts
  results+=("$key $value")
  shown=$(awk -v v="$value" 'BEGIN { printf "%.2f", v / 100 }')
  limit=${stored[$key]:-}
  if [[ -z "$limit" ]]; then
    printf '%-14s %14s %14s %8s\n' "$mode" "$shown" "-" "new"
    continue
  fi
  verdict=""
  # 10% over the stored figure, and at least one allocation per 100 texts (so 0 stays 0).
  if ! $update && (( value * 100 > limit * (100 + tolerance) + 100 )); then
    verdict="  REGRESSION (> +${tolerance}%)"
    failed=1
  fi
  printf '%-14s %14s %14s %8s%s\n' "$mode" "$shown" "$(awk -v l="$limit" 'BEGIN { printf "%.2f", l / 100 }')" \
    "$(( value - limit ))/100" "$verdict"
done

if $update; then
  {
    echo "# Instructions per corpus text (callgrind, PrepareProfile), written by Scripts/bench-check.sh --update;"
    echo "# allocations:MODE is heap allocations per 100 texts in one round (memcheck)."
    echo "# bench-check fails when a mode exceeds its figure by more than ${tolerance}%."
    printf '%s\n' "${results[@]}"
  } > "$thresholds"
  echo "bench-check: thresholds written to $thresholds"
fi
exit $failed
