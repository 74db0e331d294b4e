#!/usr/bin/env bash
# A/B of release binaries in one window, for changes smaller than the machine's drift (rates of one binary
# swing by a third within minutes here): each binary serves in turn, ROUNDS times interleaved, and each load
# reports requests/s, the server's CPU time a request (user + system from /proc/PID/stat around the wrk
# run) and the PostgreSQL cluster's (all its processes), plus the one-client p50 of { ping } and
# { serverTime }. Runs inside scripts/with-test-postgres.sh:
#
#   cp .build/release/quarry /tmp/quarry-before   # … change, swift build -c release --product quarry …
#   scripts/with-test-postgres.sh Benchmarks/http/measure-ab.sh /tmp/quarry-before .build/release/quarry
#
# ROUNDS (default 2), DURATION (seconds a load, default 5, after 2 s of warm-up), CONNECTIONS (default 64),
# SCRIPTS (the wrk scripts of the loads, default "ping.lua server-time.lua friends.lua"; viewer.lua is signed in).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=Benchmarks/http
rounds=${ROUNDS:-2}
duration=${DURATION:-5}
connections=${CONNECTIONS:-64}
[ $# -ge 1 ] || { echo "usage: $0 BINARY [BINARY…]" >&2; exit 2; }

# One binary's figures: serves it signed in, on a database of its own with the friends seed (the seed and the
# bench account's sign-up run once a database), in a subshell so serve.sh's exit trap stops the server.
measure_binary() (
  export QUARRY_BENCH_BINARY=$1
  local database=quarry_ab_$2
  psql -q -X "$QUARRY_TEST_DATABASE_URL" -c "CREATE DATABASE $database" >/dev/null
  QUARRY_TEST_DATABASE_URL=${QUARRY_TEST_DATABASE_URL%/*}/$database
  source "$here/serve-signed-in.sh"
  psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/friends-seed.sql" >/dev/null
  cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
  # The cluster's processes (postmaster, backends, background workers) together: a change to a statement shows
  # here, not in Quarry's own CPU.
  database_cpu() {
    local ticks=0 pid
    for pid in $(pgrep -u "$(stat -c %U "$QUARRY_TEST_PG_DATA")" -x postgres); do
      ticks=$((ticks + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    echo "$ticks"
  }
  for script in ${SCRIPTS:-ping.lua server-time.lua friends.lua}; do
    wrk -t2 -c"$connections" -d2s -s "$here/$script" "$url" >/dev/null
    local before after database_before database_after out requests
    before=$(cpu)
    database_before=$(database_cpu)
    out=$(wrk -t2 -c"$connections" -d"${duration}s" -s "$here/$script" "$url")
    after=$(cpu)
    database_after=$(database_cpu)
    requests=$(echo "$out" | sed -n 's/^ *\([0-9]*\) requests in.*/\1/p')
    # Clock ticks are 1/100 s: ticks × 10,000 / requests is µs a request.
    printf '| %s | %s | %s | %s µs | %s µs | %s |\n' "$1" "$script" "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" \
      "$(( (after - before) * 10000 / requests ))" "$(( (database_after - database_before) * 10000 / requests ))" \
      "$(ls "/proc/$server/task" | wc -l)"
  done
  for script in ping.lua server-time.lua; do
    printf '| %s | %s, one client | p50 %s | | | |\n' "$1" "$script" \
      "$(wrk -t1 -c1 -d4s --latency -s "$here/$script" "$url" | awk '$1 == "50%" {print $2}')"
  done
)

echo "| binary | load ($connections connections, ${duration} s) | requests/s | CPU a request | PostgreSQL CPU a request | threads |"
echo "|---|---|---|---|---|---|"
run=0
for round in $(seq 1 "$rounds"); do
  for binary in "$@"; do
    run=$((run + 1))
    measure_binary "$binary" "$run"
  done
done
