#!/usr/bin/env bash
# The feed benchmark (`make bench-feed` = `run.sh measure-feed.sh`, inside scripts/with-test-postgres.sh; issue 14
# "Benchmark"). Serves Quarry (release), signs up the bench account, loads friends-seed.sql (1,000 users × 50
# friends) and feed-seed.sql (5 images each), then measures the bench account's first page of 50 under wrk:
#   1. GET /feed (the seed's REST payload contract);
#   2. GET /feed with If-None-Match of the current ETag (the client's revalidation: 304, no body);
#   3. the GraphQL equivalent, `feed(first: 50) { edges { node { id description location url } } }`;
# and the SQL statements per request, from PostgreSQL's own count of committed transactions (every statement of
# these reads is one), so REST and GraphQL are counted alike. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
connections=${CONNECTIONS:-64}
here=Benchmarks/http
source "$here/serve-signed-in.sh"
base=${url%/graphql}
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/friends-seed.sql" >&2
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/feed-seed.sql" >&2

# One request of each first: 50 items, the same ids both ways, and a 304 for the current ETag.
curl -sf -D "$work/headers.txt" "$base/feed" -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" -o "$work/feed.json"
QUARRY_BENCH_ETAG=$(sed -n 's/^[Ee][Tt][Aa][Gg]: *\(.*\)\r$/\1/p' "$work/headers.txt")
body=$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/feed-graphql.lua")
curl -sf "$url" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" -d "$body" -o "$work/graphql.json"
python3 - "$work" <<'PY'
import json, sys
rest = json.load(open(sys.argv[1] + "/feed.json"))["items"]
graphql = [e["node"] for e in json.load(open(sys.argv[1] + "/graphql.json"))["data"]["feed"]["edges"]]
assert len(rest) == 50, len(rest)
assert [i["id"] for i in rest] == [n["id"] for n in graphql]
PY
status=$(curl -s -o /dev/null -w '%{http_code}' "$base/feed" -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" -H "If-None-Match: $QUARRY_BENCH_ETAG")
[ "$status" = 304 ] || { echo "If-None-Match answered $status, not 304" >&2; exit 1; }

transactions() {
  psql -qtAX "$QUARRY_TEST_DATABASE_URL" -c "SELECT pg_stat_force_next_flush(); SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()" | tail -1
}
# wrk with `script` (and the ETag when asked), then `requests/s p50 p99 statements-per-request`.
measure() {
  local script=$1 etag=${2:-} before after requests
  sleep 1
  before=$(transactions)
  QUARRY_BENCH_ETAG=$etag wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/$script" "$base" >"$work/wrk.txt"
  sleep 2
  after=$(transactions)
  requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$work/wrk.txt")
  echo "$(python3 "$here/wrk-summary.py" "$work/wrk.txt")" \
    "$(python3 -c "print(f'{($after - $before - 2) / $requests:.2f}')")"
}
read -r rest_rps rest_p50 rest_p99 rest_statements < <(measure feed-rest.lua)
read -r cached_rps cached_p50 cached_p99 cached_statements < <(measure feed-rest.lua "$QUARRY_BENCH_ETAG")
read -r graphql_rps graphql_p50 graphql_p99 graphql_statements < <(measure feed-graphql.lua)
bytes=$(wc -c <"$work/feed.json")
cat <<TABLE
| load ($connections connections, ${duration} s, loopback; the bench account's feed: 255 images, first page of 50) | requests/s | p50 ms | p99 ms | SQL statements per request |
|---|---|---|---|---|
| \`GET /feed\` ($bytes bytes) | $rest_rps | $rest_p50 | $rest_p99 | $rest_statements |
| \`GET /feed\` with \`If-None-Match\` (304) | $cached_rps | $cached_p50 | $cached_p99 | $cached_statements |
| GraphQL \`feed(first: 50) { … id description location url }\` | $graphql_rps | $graphql_p50 | $graphql_p99 | $graphql_statements |
TABLE
