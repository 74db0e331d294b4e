#!/usr/bin/env bash
# Runs inside scripts/with-test-postgres.sh (QUARRY_TEST_DATABASE_URL set); see run.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
connections=64
here=Benchmarks/http
export QUARRY_DATABASE_POOL_SIZE=${QUARRY_DATABASE_POOL_SIZE:-10}
pool=$QUARRY_DATABASE_POOL_SIZE
export QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false
source "$here/serve.sh"
# One account, whose token the authenticated measure sends.
QUARRY_BENCH_TOKEN=$(curl -sf "$url" -H 'content-type: application/json' -d '{"query":"mutation { signUp(input: {email: \"bench@example.com\", nickname: \"bench\", password: \"correct horse battery staple 42\", acceptedTerms: true}) { token } }"}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["signUp"]["token"])')
export QUARRY_BENCH_TOKEN

# wrk: requests/s, p50, p99 (in ms) from its --latency report.
measure_wrk() {
  local script=$1 out=$work/wrk.txt
  curl -sf "$url" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" \
    -d "$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/$script")" >&2
  echo >&2
  wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/$script" "$url" >"$out"
  python3 "$here/wrk-summary.py" "$out"
}

source "$here/pgbench.sh"

read -r ping_rps ping_p50 ping_p99 < <(measure_wrk ping.lua)
read -r time_rps time_p50 time_p99 < <(measure_wrk server-time.lua)
read -r viewer_rps viewer_p50 viewer_p99 < <(measure_wrk viewer.lua)
read -r pg_tps pg_p50 pg_p99 < <(measure_pgbench select-now.sql "$connections")
ratio=$(python3 -c "print(f'{$time_rps / $pg_tps:.2f}')")
cat <<TABLE
| load ($connections connections, ${duration} s, loopback) | requests/s | p50 ms | p99 ms |
|---|---|---|---|
| Quarry \`{ ping }\` (no SQL) | $ping_rps | $ping_p50 | $ping_p99 |
| Quarry \`{ serverTime }\` (one \`SELECT now()\`) | $time_rps | $time_p50 | $time_p99 |
| Quarry \`{ viewer { nickname } }\` with a bearer token (the token lookup, which reads the user's row) | $viewer_rps | $viewer_p50 | $viewer_p99 |
| pgbench \`SELECT now();\` directly (prepared) | $pg_tps | $pg_p50 | $pg_p99 |

\`{ serverTime }\` reaches $ratio× of pgbench's rate for the same statement (Quarry's pool: $pool connections).
TABLE
