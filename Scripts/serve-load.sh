#!/usr/bin/env bash
# Load run of `selfsize serve` on loopback with wrk: 20-item POST /v1/measure requests (one
# width), bounded in time. Prints wrk's report (latency percentiles, errors), items per second
# and the server's RSS before, after a warm-up and at the end.
#
#   Scripts/serve-load.sh                 # 30 s, 16 connections, 2 wrk threads
#   DURATION=10 CONNECTIONS=8 Scripts/serve-load.sh
#   SELFSIZE=.build/release/selfsize SERVE_ARGS="--jobs 2" Scripts/serve-load.sh
#
# Installs wrk (Debian package) when it is missing. Only 127.0.0.1 is ever contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v wrk >/dev/null; then
  echo "serve-load: installing wrk (Debian package)" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends wrk \
    || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends wrk; }
fi
duration="${DURATION:-30}"
connections="${CONNECTIONS:-16}"
threads="${THREADS:-2}"
if [[ -z "${SELFSIZE:-}" ]]; then
  swift build -c release --static-swift-stdlib --product selfsize >&2
  SELFSIZE=.build/release/selfsize
fi
work="$(mktemp -d)"
server=""
cleanup() {
  [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# Twelve request bodies, each 20 items of the sample feed at width 170.
python3 - "$work" <<'PY'
import json, sys, os
work = sys.argv[1]
feed = os.environ.get("FEED") or None
lines = open(feed or "Sources/SelfSizingResources/Examples/feed.jsonl", encoding="utf-8").read().splitlines()
for n in range(12):
    items = [json.loads(line) for line in lines[n * 20:(n + 1) * 20]]
    with open(f"{work}/body{n}.json", "w", encoding="utf-8") as f:
        json.dump({"template": "note-card", "items": items, "widths": [170]}, f, ensure_ascii=False)
PY
cat > "$work/measure.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = {}
for n = 0, 11 do
  local f = assert(io.open("$work/body" .. n .. ".json", "rb"))
  bodies[n + 1] = f:read("*a")
  f:close()
end
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format(nil, "/v1/measure", nil, bodies[i])
end
LUA

"$SELFSIZE" serve --port 0 ${SERVE_ARGS:-} >"$work/stdout" 2>"$work/log" &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$work/stdout" 2>/dev/null && break; sleep 0.1; done
port="$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/stdout" | head -n 1)"
[[ -n "$port" ]] || { echo "serve-load: the server did not start" >&2; cat "$work/log" >&2; exit 1; }
rss() { ps -o rss= -p "$server" | tr -d ' '; }
echo "server pid $server on 127.0.0.1:$port"
echo "rss at start: $(rss) KiB"
wrk -t "$threads" -c "$connections" -d 5s -s "$work/measure.lua" "http://127.0.0.1:$port" >/dev/null
echo "rss after 5 s warm-up: $(rss) KiB"
wrk -t "$threads" -c "$connections" -d "${duration}s" --latency -s "$work/measure.lua" \
  "http://127.0.0.1:$port" | tee "$work/wrk.txt"
echo "rss at end: $(rss) KiB"
requests="$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$work/wrk.txt")"
echo "items/s: $(python3 -c "print(round($requests * 20))")"
grep -E "Non-2xx|Socket errors" "$work/wrk.txt" || echo "errors: 0 (no non-2xx responses, no socket errors)"
curl -s "http://127.0.0.1:$port/metrics" 2>/dev/null | grep -E '^selfsize_(cache_entries|cache_bytes|http_requests_total)' || true
