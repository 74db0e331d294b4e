#!/usr/bin/env bash
# The friends-with-screenshots benchmark (`make bench-friends` = `run.sh measure-friends.sh`, inside
# scripts/with-test-postgres.sh; issue 5 "Tests and benchmark"). Serves Quarry (release), signs up the bench
# account, loads friends-seed.sql (1,000 users × 50 friends × 20 screenshots, two messages per friendship),
# then measures the viewer's friends list — each friend with avatar, latest 3 screenshots and last message —
# under wrk, and the SQL statements per request from the server's own counter (GET /metrics); then pgbench running
# the same statements with the same parameters (friends-pgbench.sql, checked against the statements Quarry runs
# first), as many clients as wrk's connections, and the ratio of the two rates (issue 17).
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
connections=${CONNECTIONS:-64}
here=Benchmarks/http
source "$here/serve-signed-in.sh"
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/friends-seed.sql" >&2

# One request first: the answer must hold 50 friends, each with 3 screenshots and a last message.
body=$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/friends.lua")
curl -sf "$url" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" -d "$body" |
  python3 -c '
import json, sys
answer = json.load(sys.stdin)
assert "errors" not in answer, answer["errors"]
friends = [edge["node"] for edge in answer["data"]["viewer"]["friends"]["edges"]]
assert len(friends) == 50, len(friends)
assert all(len(f["screenshots"]["edges"]) == 3 and f["lastMessage"] for f in friends)
'

# pgbench's variables for the bench account, and the check that its script is still what Quarry runs.
source "$here/pgbench.sh"
source "$here/settle.sh"
variables=$(friends_pgbench_variables)
readarray -t friends_pgbench <<<"$variables"
check_pgbench_statements friends-pgbench.sql friends.lua "${friends_pgbench[@]}"

# wrk with `script`, then `requests/s p50 p99 statements-per-request`.
measure() {
  local script=$1 sum_before count_before sum_after count_after
  settle
  read -r sum_before count_before < <(statements)
  wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/$script" "$url" >"$work/wrk.txt"
  read -r sum_after count_after < <(statements)
  echo "$(python3 "$here/wrk-summary.py" "$work/wrk.txt")" \
    "$(python3 -c "print(f'{($sum_after - $sum_before) / ($count_after - $count_before):.2f}')")"
}
# The same viewer's cheapest authenticated query first, as the baseline of this run.
read -r base_rps base_p50 base_p99 base_statements < <(measure viewer.lua)
read -r rps p50 p99 per_request < <(measure friends.lua)
settle
read -r pg_tps pg_p50 pg_p99 < <(measure_pgbench friends-pgbench.sql "$connections" "${friends_pgbench[@]}")
pg_statements=$(grep -c ';$' "$here/friends-pgbench.sql")
cat <<TABLE
| load ($connections connections, ${duration} s, loopback; 1,000 users × 50 friends × 20 screenshots) | requests/s | p50 ms | p99 ms | SQL statements per request |
|---|---|---|---|---|
| \`{ viewer { nickname } }\` (baseline: the token lookup, which reads the user's row) | $base_rps | $base_p50 | $base_p99 | $base_statements |
| viewer's 50 friends, each with avatar, latest 3 screenshots, last message | $rps | $p50 | $p99 | $per_request |
| pgbench \`-M prepared\`, the same statements with the same parameters (friends-pgbench.sql; transactions/s) | $pg_tps | $pg_p50 | $pg_p99 | $pg_statements |

Quarry / pgbench (friends): $(python3 -c "print(f'{$rps / $pg_tps:.2f}')")×
TABLE
