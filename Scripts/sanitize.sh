#!/usr/bin/env bash
# Sanitizers: the whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer, and the
# concurrency tests (batch --jobs, serve under parallel requests, the shared caches and font
# fallback from many threads) under ThreadSanitizer. Each sanitizer builds in a folder of its
# own (.build-asan, .build-tsan), so the normal debug build is left alone.
#
#   Scripts/sanitize.sh          # both
#   Scripts/sanitize.sh asan     # AddressSanitizer + UndefinedBehaviorSanitizer only
#   Scripts/sanitize.sh tsan     # ThreadSanitizer only
#
# The CLI tests run the sanitized `selfsize` from the same build folder, so the command line is
# checked too. Any finding stops the process that made it (halt_on_error) and fails its test.
# Exit status: 0 clean, non-zero when a build failed or a test failed or a sanitizer reported.
# The first build of each takes long (every dependency is rebuilt instrumented): ~15–30 min on
# two shared cores; later runs only rebuild what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
suppressions="$(pwd)/Scripts/sanitizers"

# The concurrency tests, as a `swift test --filter` pattern.
tsan_filter='ConcurrencyTests|LRUCacheTests|StreamingTests|concurrent|Concurrent|parallel|Parallel'

status=0
if [[ "$which" == all || "$which" == asan ]]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer: the whole suite (.build-asan)"
  # LeakSanitizer is off: the Swift runtime keeps its metadata caches and the suite's shared
  # measurers for the life of the process on purpose, and Swift has no leak-free exit.
  export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=0"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$suppressions/ubsan.supp"
  # swiftc has no UndefinedBehaviorSanitizer on Linux (Swift checks overflow and bounds itself);
  # the C targets (our ICU shims and the C of the dependencies) get it through clang, and its
  # handlers come with the AddressSanitizer runtime.
  flags=(--sanitize address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined --build-path .build-asan)
  swift build --build-tests "${flags[@]}"
  swift test --skip-build --disable-xctest "${flags[@]}" || status=1
  unset ASAN_OPTIONS UBSAN_OPTIONS
fi
if [[ "$which" == all || "$which" == tsan ]]; then
  echo "== ThreadSanitizer: the concurrency tests (.build-tsan)"
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$suppressions/tsan.supp"
  # SELFSIZE_THREAD_SANITIZER: `Locked` uses a pthread mutex, which ThreadSanitizer intercepts,
  # instead of Synchronization.Mutex, whose contended hand-over it cannot see (SelfSizingCore/Locked.swift).
  flags=(--sanitize thread --build-path .build-tsan -Xswiftc -DSELFSIZE_THREAD_SANITIZER)
  swift build --build-tests "${flags[@]}"
  swift test --skip-build --disable-xctest "${flags[@]}" --filter "$tsan_filter" || status=1
fi
exit $status
