#!/usr/bin/env bash
# Where a request's CPU time goes (issue 17's "before and after" profiles; `make bench-profile` =
# `run.sh measure-profile.sh`, inside scripts/with-test-postgres.sh). Serves the release Quarry (serve.sh, the
# shipped settings), then for each wrk script in PROFILE_SCRIPTS (default ping.lua and server-time.lua) runs
# wrk -t2 -c64 for DURATION s (default 10) while `perf record -e cpu-clock -g` samples the server, and prints
# the rate and the top entries by self time (`perf report --no-children`), with the server's CPU time per request.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-10}
here=Benchmarks/http
command -v perf >/dev/null || { echo "perf is missing: apt-get install linux-perf" >&2; exit 1; }
source "$here/serve.sh"
for script in ${PROFILE_SCRIPTS:-ping.lua server-time.lua}; do
  # Warm-up: prepared statements, pool connections and the document cache, outside the sample.
  wrk -t2 -c64 -d2s -s "$here/$script" "$url" >/dev/null
  ticks_before=$(awk '{print $14 + $15}' "/proc/$server/stat")
  perf record -q -e cpu-clock -F 499 -g -p "$server" -o "$work/perf.data" -- sleep "$duration" 2>/dev/null &
  recorder=$!
  wrk -t2 -c64 -d"${duration}s" -s "$here/$script" "$url" >"$work/wrk.txt"
  wait "$recorder"
  ticks_after=$(awk '{print $14 + $15}' "/proc/$server/stat")
  rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\)/\1/p' "$work/wrk.txt")
  requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$work/wrk.txt")
  hz=$(getconf CLK_TCK)
  echo "## $script: $rate requests/s; server CPU $(python3 -c "print(f'{($ticks_after - $ticks_before) / $hz / $requests * 1e6:.0f}')") µs a request"
  perf report -i "$work/perf.data" --no-children --sort symbol --percent-limit 1.5 --stdio 2>/dev/null |
    grep -E '^ +[0-9.]+%' | head -n "${PROFILE_TOP:-25}"
done
