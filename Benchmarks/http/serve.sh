# Sourced by the measure scripts (inside scripts/with-test-postgres.sh): serves the release quarry on a
# free loopback port against the test cluster, with whatever QUARRY_* variables the caller exported, and
# stops it on exit. Sets `work` (a temp folder) and `url` (the /graphql endpoint), and defines `statements`. QUARRY_BENCH_BINARY names
# another build (.build/debug/quarry to try a measure script quickly; figures come from the release build).
work=$(mktemp -d /tmp/quarry-bench-http.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
QUARRY_DATABASE_URL=$QUARRY_TEST_DATABASE_URL QUARRY_HTTP_HOST=127.0.0.1 QUARRY_HTTP_PORT=$port \
  QUARRY_DATA_DIR=$work ${QUARRY_BENCH_BINARY:-.build/release/quarry} serve >"$work/server.log" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$work/server.log" >&2; exit 1; }
url="http://127.0.0.1:$port/graphql"
# The server's SQL statement counter (a summary: _sum and _count over every GraphQL request so far).
statements() {
  curl -sf "${url%/graphql}/metrics" | python3 -c '
import re, sys
text = sys.stdin.read()
total = lambda name: float(re.search(r"^quarry_graphql_sql_statements_" + name + r"\s+(\S+)", text, re.M).group(1))
print(total("sum"), total("count"))'
}
