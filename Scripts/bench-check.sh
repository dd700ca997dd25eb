#!/usr/bin/env bash
# Regression guard for the text engine's hot paths: counts instructions (valgrind's callgrind,
# repeatable under load, unlike times) per corpus text for each kind of work PrepareProfile
# runs, and heap allocations per text (valgrind's memcheck: one round's total, the difference
# between a two-round and a one-round run) for the engine's own modes, and fails when one
# exceeds its stored figure in Benchmarks/Thresholds/instructions.txt (the regression guard, the
# web profile's figures) by more than 10%. Each mode is also shown against its target in
# Benchmarks/Thresholds/targets.txt (issue #36: the engine's figures before the platform profiles).
#
#   Scripts/bench-check.sh            check (exit 1 on a regression)
#   Scripts/bench-check.sh --targets  check, and exit 1 also when a mode is past its target
#   Scripts/bench-check.sh --update   measure and store the current figures as the thresholds
#                                     (the targets are never written)
#
# Needs valgrind (apt-get install valgrind) and a release build of PrepareProfile, which this
# script makes (in Benchmarks/.build; the first build takes several minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
thresholds=Benchmarks/Thresholds/instructions.txt
targets=Benchmarks/Thresholds/targets.txt
tolerance=${BENCH_TOLERANCE:-10}   # percent
modes=(prepare cold cold-kept measure batch paired-batch layout breaks text floor-shape floor-cold floor-warm floor-layout floor-text)
update=false
enforce_targets=false
case "${1:-}" in
  --update) update=true ;;
  --targets) enforce_targets=true ;;
  "") ;;
  *) echo "bench-check: unknown option '$1' (choose --update or --targets)" >&2; exit 2 ;;
esac

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

declare -A stored=() target=()
read_figures() {  # FILE ARRAY-NAME: "mode value" lines, # comments
  local -n into=$2
  [[ -f "$1" ]] || return 0
  while read -r mode value _; do
    [[ -z "$mode" || "$mode" == \#* ]] && continue
    into[$mode]=$value
  done < "$1"
}
read_figures "$thresholds" stored
read_figures "$targets" target

failed=0
past_targets=()
results=()
# What a mode's figure is against its target (issue #36), and whether it is past it.
against_target() {  # MODE-KEY VALUE → "+12.3%", or "-" without a target
  local goal=${target[$1]:-}
  if [[ -z "$goal" ]]; then
    echo "-"
    return
  fi
  awk -v v="$2" -v l="$goal" 'BEGIN { printf "%+.1f%%", (v - l) * 100 / (l > 0 ? l : 1) }'
}
past_target() {  # MODE-KEY VALUE SLACK: true when VALUE is past the target with the tolerance
  local goal=${target[$1]:-}
  [[ -n "$goal" ]] && (( $2 * 100 > goal * (100 + tolerance) + $3 ))
}

printf '%-14s %14s %14s %8s %14s %9s\n' mode "instr/text" threshold change target "vs target"
for mode in "${modes[@]}"; do
  value=$(measure "$mode")
  results+=("$mode $value")
  past_target "$mode" "$value" 0 && past_targets+=("$mode")
  limit=${stored[$mode]:-}
  if [[ -z "$limit" ]]; then
    printf '%-14s %14s %14s %8s %14s %9s\n' "$mode" "$value" "-" "new" "${target[$mode]:--}" \
      "$(against_target "$mode" "$value")"
    continue
  fi
  change=$(awk -v v="$value" -v l="$limit" 'BEGIN { printf "%+.1f%%", (v - l) * 100 / l }')
  verdict=""
  if ! $update && (( value * 100 > limit * (100 + tolerance) )); then
    verdict="  REGRESSION (> +${tolerance}%)"
    failed=1
  fi
  printf '%-14s %14s %14s %8s %14s %9s%s\n' "$mode" "$value" "$limit" "$change" "${target[$mode]:--}" \
    "$(against_target "$mode" "$value")" "$verdict"
done

printf '\n%-14s %14s %14s %8s %14s\n' mode "allocs/text" threshold change target
per_text() { awk -v v="$1" 'BEGIN { printf "%.2f", v / 100 }'; }
for mode in "${allocation_modes[@]}"; do
  key="allocations:$mode"
  value=$(allocations "$mode")  # per 100 texts
  results+=("$key $value")
  past_target "$key" "$value" 100 && past_targets+=("$key")
  shown=$(per_text "$value")
  goal=${target[$key]:-}
  [[ -n "$goal" ]] && goal=$(per_text "$goal") || goal="-"
  limit=${stored[$key]:-}
  if [[ -z "$limit" ]]; then
    printf '%-14s %14s %14s %8s %14s\n' "$mode" "$shown" "-" "new" "$goal"
    continue
  fi
  verdict=""
  # 10% over the stored figure, and at least one allocation per 100 texts (so 0 stays 0).
  if ! $update && (( value * 100 > limit * (100 + tolerance) + 100 )); then
    verdict="  REGRESSION (> +${tolerance}%)"
    failed=1
  fi
  printf '%-14s %14s %14s %8s %14s%s\n' "$mode" "$shown" "$(per_text "$limit")" "$(( value - limit ))/100" \
    "$goal" "$verdict"
done

if ((${#past_targets[@]} > 0)); then
  echo
  echo "past their targets (Benchmarks/Thresholds/targets.txt, issue #36, +${tolerance}%): ${past_targets[*]}"
  if $enforce_targets; then failed=1; fi
fi

if $update; then
  {
    echo "# The regression guard: instructions per corpus text (callgrind, PrepareProfile, the web profile),"
    echo "# written by Scripts/bench-check.sh --update; allocations:MODE is heap allocations per 100 texts in"
    echo "# one round (memcheck). bench-check fails when a mode exceeds its figure by more than ${tolerance}%."
    echo "# Issue #36's targets (the engine before the platform profiles) are in targets.txt."
    printf '%s\n' "${results[@]}"
  } > "$thresholds"
  echo "bench-check: thresholds written to $thresholds"
fi
exit $failed
