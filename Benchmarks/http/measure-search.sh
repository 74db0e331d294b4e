#!/usr/bin/env bash
# The post search benchmark (`make bench-search` = `run.sh measure-search.sh`, inside scripts/with-test-postgres.sh;
# issue 16 "Benchmark"). Serves Quarry (release), signs up the bench account, loads search-seed.sql (100,000 posts
# by 10,000 users, captions from 100 food words), then measures the bench account's
# `searchPosts(keywords: …, first: 20)` with each post's author under wrk:
#   1. a caption word ("pizza": 5,500 matching posts, ranked, keyed and sorted);
#   2. a nickname ("search_123": 11 users whose nickname contains it, 110 posts);
#   3. an e-mail address ("search123@example.com": one user, 10 posts);
# and the SQL statements per request, from PostgreSQL's own count of committed transactions (every statement of
# these reads is one). Prints a Markdown table. QUARRY_BENCH_BINARY=.build/debug/quarry DURATION=3 tries it on the
# debug build without building (run it inside scripts/with-test-postgres.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
connections=${CONNECTIONS:-64}
here=Benchmarks/http
source "$here/serve-signed-in.sh"
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/search-seed.sql" >&2

# One request of each first: a full page of 20, each as the ranking says it is found.
check() {
  curl -sf "$url" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" \
    -d "{\"query\":\"{ searchPosts(keywords: \\\"$1\\\", first: 20) { posts { edges { node { caption author { nickname } } } } } }\"}" |
    python3 -c '
import json, sys
edges = json.load(sys.stdin)["data"]["searchPosts"]["posts"]["edges"]
keywords, expected = sys.argv[1], int(sys.argv[2])
assert len(edges) == expected, (keywords, len(edges))
for edge in edges:
    node = edge["node"]
    assert keywords in node["caption"].split() or keywords in node["author"]["nickname"] or "@" in keywords, (keywords, node)
' "$1" "$2"
}
check pizza 20
check search_123 20
check search123@example.com 10

transactions() {
  psql -qtAX "$QUARRY_TEST_DATABASE_URL" -c "SELECT pg_stat_force_next_flush(); SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()" | tail -1
}
# wrk for `keywords`, then `requests/s p50 p99 statements-per-request`.
measure() {
  local before after requests
  sleep 1
  before=$(transactions)
  QUARRY_BENCH_KEYWORDS=$1 wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/search.lua" "${url%/graphql}" >"$work/wrk.txt"
  sleep 2
  after=$(transactions)
  requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$work/wrk.txt")
  echo "$(python3 "$here/wrk-summary.py" "$work/wrk.txt")" \
    "$(python3 -c "print(f'{($after - $before - 2) / $requests:.2f}')")"
}
read -r word_rps word_p50 word_p99 word_statements < <(measure pizza)
read -r nick_rps nick_p50 nick_p99 nick_statements < <(measure search_123)
read -r mail_rps mail_p50 mail_p99 mail_statements < <(measure search123@example.com)
cat <<TABLE
| load ($connections connections, ${duration} s, loopback; 100,000 posts by 10,000 users; first 20 with authors) | requests/s | p50 ms | p99 ms | SQL statements per request |
|---|---|---|---|---|
| caption word \`pizza\` (5,500 matches) | $word_rps | $word_p50 | $word_p99 | $word_statements |
| nickname \`search_123\` (11 users, 110 posts) | $nick_rps | $nick_p50 | $nick_p99 | $nick_statements |
| e-mail \`search123@example.com\` (10 posts) | $mail_rps | $mail_p50 | $mail_p99 | $mail_statements |
TABLE
