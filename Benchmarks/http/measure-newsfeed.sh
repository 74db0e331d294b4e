#!/usr/bin/env bash
# The newsfeed benchmark (`make bench-newsfeed`: inside scripts/with-test-postgres.sh; issue 16 "Benchmark").
# Serves Quarry (release; QUARRY_BENCH_BINARY=.build/debug/quarry to try it), signs up the bench account, loads
# newsfeed-seed.sql (10,000 users, 100,000 posts, friendships and follows), then measures pages of 20 of the bench
# account's newsfeed under wrk: the first page (tier 1: friends' and followed users' posts), the page across the
# tier 1 / tier 2 boundary (posts 401-420: the last 10 of tier 1, the first 10 nearby), and a page at the start of
# tier 3; with the SQL statements per request from the server's own counter (serve.sh's `statements`). Then
# prints the plan (EXPLAIN ANALYZE) of the boundary page's statement as the server sent it (read back from the
# cluster's log). Prints Markdown.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
connections=${CONNECTIONS:-64}
here=Benchmarks/http
source "$here/serve-signed-in.sh"
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/newsfeed-seed.sql" >&2

# The cursors: after post 400 (the boundary page), and after the last post of tier 2 (the cursor's tier is
# its first field; measured pages read 20 from there). Walks the feed in pages of 100.
read -r boundary tier3 < <(python3 - "$url" <<'PY'
import base64, json, sys, urllib.request, os
url, token = sys.argv[1], os.environ["QUARRY_BENCH_TOKEN"]
def page(after):
    query = "query($after: String) { newsfeed(first: 100, after: $after) { edges { cursor } pageInfo { hasNextPage } } }"
    request = urllib.request.Request(url, json.dumps({"query": query, "variables": {"after": after}}).encode(),
                                     {"content-type": "application/json", "authorization": "Bearer " + token})
    answer = json.load(urllib.request.urlopen(request))
    assert "errors" not in answer, answer["errors"]
    return [edge["cursor"] for edge in answer["data"]["newsfeed"]["edges"]]
def tier(cursor):
    text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    return int(text.split(":")[1])
cursors, after = [], None
while not cursors or tier(cursors[-1]) < 3:
    batch = page(after)
    assert batch, "the feed ended before tier 3"
    cursors += batch
    after = batch[-1]
tiers = [tier(c) for c in cursors]
assert tiers.count(1) == 410, tiers.count(1)
print(cursors[399], cursors[tiers.index(3) - 1])
PY
)

# wrk after cursor `$1` (none: the first page), then `requests/s p50 p99 statements-per-request`.
measure() {
  local sum_before count_before sum_after count_after
  read -r sum_before count_before < <(statements)
  QUARRY_BENCH_AFTER=$1 wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/newsfeed.lua" "$url" >"$work/wrk.txt"
  read -r sum_after count_after < <(statements)
  echo "$(python3 "$here/wrk-summary.py" "$work/wrk.txt")" \
    "$(python3 -c "print(f'{($sum_after - $sum_before) / ($count_after - $count_before):.2f}')")"
}
read -r first_rps first_p50 first_p99 first_statements < <(measure "")
read -r boundary_rps boundary_p50 boundary_p99 boundary_statements < <(measure "$boundary")
read -r tier3_rps tier3_p50 tier3_p99 tier3_statements < <(measure "$tier3")
cat <<TABLE
| load ($connections connections, ${duration} s, loopback; 10,000 users, 100,000 posts; a page of 20 with authors) | requests/s | p50 ms | p99 ms | SQL statements per request |
|---|---|---|---|---|
| \`newsfeed(first: 20)\`: tier 1 (410 posts of 41 authors) | $first_rps | $first_p50 | $first_p99 | $first_statements |
| the page across tiers 1 and 2 (posts 401–420) | $boundary_rps | $boundary_p50 | $boundary_p99 | $boundary_statements |
| the first page of tier 3 | $tier3_rps | $tier3_p50 | $tier3_p99 | $tier3_statements |
TABLE

# The boundary page's statement as the server sends it: logged once (log_min_duration_statement = 0 for one
# request), its parameters put back in, and explained.
log="$(dirname "$QUARRY_TEST_PG_DATA")/log"
psql -qtAX "$QUARRY_TEST_DATABASE_URL" -c "ALTER SYSTEM SET log_min_duration_statement = 0" -c "SELECT pg_reload_conf()" >/dev/null
sleep 0.5
body=$(python3 -c 'import json, sys; print(json.dumps({"query": "query($a: String) { newsfeed(first: 20, after: $a) { edges { cursor } } }", "variables": {"a": sys.argv[1]}}))' "$boundary")
curl -sf "$url" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" -d "$body" >/dev/null
psql -qtAX "$QUARRY_TEST_DATABASE_URL" -c "ALTER SYSTEM RESET log_min_duration_statement" -c "SELECT pg_reload_conf()" >/dev/null
python3 - "$log" >"$work/explain.sql" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
found = re.findall(r"execute [^:]*: (WITH authors AS .*?)\n\S.*?DETAIL:  parameters: (.*?)\n\S", text, re.S)
statement, parameters = found[-1]
values = dict(re.findall(r"\$(\d+) = ('(?:[^']|'')*'|NULL)", parameters))
statement = re.sub(r"\$(\d+)", lambda m: values[m.group(1)], statement)
print("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + statement.replace("\n\t", "\n") + ";")
PY
echo
echo '```'
psql -qtAX "$QUARRY_TEST_DATABASE_URL" -f "$work/explain.sql"
echo '```'
