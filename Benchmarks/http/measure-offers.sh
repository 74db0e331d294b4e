#!/usr/bin/env bash
# The offers benchmark (`make bench-offers` = `run.sh measure-offers.sh`, inside scripts/with-test-postgres.sh;
# issue 15 "offers by place"). Serves Quarry (release; QUARRY_BENCH_BINARY=.build/debug/quarry to try it), signs
# up the bench account, loads offers-seed.sql (10,000 stores and 100,000 offers around Paris, 90 % valid now),
# checks one page (20 offers, nearest first, all within 25 km), then measures under wrk
#   `offers(near: Paris centre, first: 20) { … }`
# with the SQL statements per request, from PostgreSQL's own count of committed transactions (every statement
# of this read is one). Prints a Markdown table, then the EXPLAIN (ANALYZE, BUFFERS) of the page's statement.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
connections=${CONNECTIONS:-64}
here=Benchmarks/http
source "$here/serve-signed-in.sh"
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/offers-seed.sql" >&2

body=$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/offers-graphql.lua")
curl -sf "$url" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" -d "$body" -o "$work/offers.json"
python3 - "$work" <<'PY'
import json, sys
page = json.load(open(sys.argv[1] + "/offers.json"))["data"]["offers"]
distances = [e["node"]["distanceMeters"] for e in page["edges"]]
assert len(distances) == 20 and page["pageInfo"]["hasNextPage"], page
assert distances == sorted(distances) and distances[-1] <= 25000, distances
PY

transactions() {
  psql -qtAX "$QUARRY_TEST_DATABASE_URL" -c "SELECT pg_stat_force_next_flush(); SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()" | tail -1
}
sleep 1
before=$(transactions)
wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/offers-graphql.lua" "${url%/graphql}" >"$work/wrk.txt"
sleep 2
after=$(transactions)
requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$work/wrk.txt")
read -r rps p50 p99 < <(python3 "$here/wrk-summary.py" "$work/wrk.txt")
statements=$(python3 -c "print(f'{($after - $before - 2) / $requests:.2f}')")
cat <<TABLE
| load ($connections connections, ${duration} s, loopback; 100,000 offers, ~51,000 valid within 25 km of the point) | requests/s | p50 ms | p99 ms | SQL statements per request |
|---|---|---|---|---|
| GraphQL \`offers(near: Paris centre, first: 20)\` | $rps | $p50 | $p99 | $statements |
TABLE

# The plan of the page's statement as OfferQueries.page writes it (prepared, as the server runs it), run once
# before so PostGIS is loaded and the pages are cached, as in the server's pooled sessions.
echo
psql -qX "$QUARRY_TEST_DATABASE_URL" <<'SQL'
PREPARE page(float8, float8, float8) AS
SELECT n.id, n.details, n.thumbnail_media_id, n.valid_from, n.valid_to, n.distance, s.name AS store_name,
       i.id AS issuer_id, i.name AS issuer_name, i.logo_url AS issuer_logo_url, i.website AS issuer_website
FROM (SELECT n.* FROM (
    SELECT o.id, o.store_id, o.issuer_id, o.details, o.thumbnail_media_id, o.valid_from, o.valid_to,
           o.location <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS distance
    FROM offers o WHERE TRUE AND o.valid_from <= now() AND o.valid_to > now()
      AND o.location && _ST_Expand(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3)
      AND o.location <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography <= $3
    ORDER BY distance FETCH FIRST 21 ROWS WITH TIES
) n ORDER BY n.distance, n.id LIMIT 21) n JOIN stores s ON s.id = n.store_id JOIN issuers i ON i.id = n.issuer_id
ORDER BY n.distance, n.id;
\o /dev/null
EXECUTE page(2.3522, 48.8566, 25000);
\o
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE page(2.3522, 48.8566, 25000);
SQL
