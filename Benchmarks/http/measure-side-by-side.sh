#!/usr/bin/env bash
# A/B of release binaries under load at the same time (issue 17): each binary serves on a database of its own
# (the friends seed and the bench account), and in each round every load runs against all of them at once, a
# wrk of its own each (one thread, CONNECTIONS connections, DURATION s). Prints each binary's requests/s, its
# CPU time a request (user + system from /proc/PID/stat around the round) and that of the PostgreSQL backends
# serving it (those of its database; the pool's connections stay open, so the same processes all along).
#
# Why: rates of one binary drift by a third within minutes on this host, so binaries measured one after
# the other (measure-ab.sh) need several rounds to show a change of 10%. Measured together, the binaries share
# the window, and their CPU time a request agrees within ~3% for two copies of one binary (Benchmarks/README.md,
# 2026-11-28, fourth session). Each binary's rate then depends on the CPU share the scheduler gives it, so
# compare the CPU time a request; and the load of each is half the usual, so batches of statements are smaller
# than under measure-peer.sh.
#
#   cp .build/release/quarry /tmp/quarry-before   # … change, swift build -c release --product quarry …
#   scripts/with-test-postgres.sh Benchmarks/http/measure-side-by-side.sh /tmp/quarry-before .build/release/quarry
#
# ROUNDS (default 3), DURATION (default 5), CONNECTIONS (each binary's, default 32), SCRIPTS (default
# "ping.lua server-time.lua viewer.lua").
set -euo pipefail
cd "$(dirname "$0")/../.."
here=Benchmarks/http
[ $# -ge 2 ] || { echo "usage: $0 BINARY BINARY [BINARY…]" >&2; exit 2; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
work=$(mktemp -d /tmp/quarry-side-by-side.XXXXXX)
servers=()
urls=()
tokens=()
trap 'kill -TERM "${servers[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
for index in $(seq 1 $#); do
  binary=${!index}
  database=quarry_side_$index
  psql -q -X "$QUARRY_TEST_DATABASE_URL" -c "CREATE DATABASE $database" >/dev/null
  database_url=${QUARRY_TEST_DATABASE_URL%/*}/$database
  port=$(free_port)
  mkdir "$work/$index"
  QUARRY_DATABASE_POOL_SIZE=10 QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false QUARRY_DATABASE_URL=$database_url \
    QUARRY_HTTP_HOST=127.0.0.1 QUARRY_HTTP_PORT=$port QUARRY_DATA_DIR=$work/$index \
    "$binary" serve >"$work/$index/server.log" 2>&1 &
  servers+=($!)
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
    sleep 0.1
  done
  urls+=("http://127.0.0.1:$port/graphql")
  tokens+=("$(curl -sf "${urls[-1]}" -H 'content-type: application/json' -d '{"query":"mutation { signUp(input: {email: \"bench@example.com\", nickname: \"bench\", password: \"correct horse battery staple 42\", acceptedTerms: true}) { token } }"}' |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["signUp"]["token"])')")
  psql -q -X "$database_url" -f "$here/friends-seed.sql" >/dev/null
done

cpu() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# The CPU ticks of the PostgreSQL backends serving binary `index` (its own database), so far.
backends_cpu() {
  local total=0 pid
  for pid in $(pgrep -f "postgres: .* quarry_side_$1 " || true); do total=$(( total + $(cpu "$pid") )); done
  echo "$total"
}
# One load against every binary at once, after a warm-up of each: a table row.
measure() {
  local script=$1 duration=$2 index loads=() before=() backends_before=() row="| $1"
  for index in "${!servers[@]}"; do
    before+=("$(cpu "${servers[$index]}")")
    backends_before+=("$(backends_cpu $((index + 1)))")
    QUARRY_BENCH_TOKEN=${tokens[$index]} wrk -t1 -c"${CONNECTIONS:-32}" -d"${duration}s" -s "$here/$script" "${urls[$index]}" \
      >"$work/wrk.$index" &
    loads+=($!)
  done
  wait "${loads[@]}"
  for index in "${!servers[@]}"; do
    local requests rate ticks backend_ticks
    requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$work/wrk.$index")
    rate=$(awk '/Requests\/sec/ {printf "%d", $2}' "$work/wrk.$index")
    ticks=$(( $(cpu "${servers[$index]}") - ${before[$index]} ))
    backend_ticks=$(( $(backends_cpu $((index + 1))) - ${backends_before[$index]} ))
    # Clock ticks are 1/100 s: ticks × 10,000 / requests is µs a request.
    row="$row | $rate | $(( ticks * 10000 / requests )) µs | $(( backend_ticks * 10000 / requests )) µs"
  done
  echo "$row |"
}
scripts=${SCRIPTS:-ping.lua server-time.lua viewer.lua}
for script in $scripts; do measure "$script" 2 >/dev/null; done
header="| load"
rule="|---"
for binary in "$@"; do
  header="$header | $binary requests/s | CPU a request | its PostgreSQL backends' CPU a request"
  rule="$rule|---|---|---"
done
echo "$header |"
echo "$rule|"
for _ in $(seq 1 "${ROUNDS:-3}"); do
  for script in $scripts; do measure "$script" "${DURATION:-5}"; done
done
