#!/usr/bin/env bash
# Quarry beside its peer (issue 17, "The peer, side by side"; `make bench-http` = `run.sh measure-peer.sh`, inside
# scripts/with-test-postgres.sh). Builds Benchmarks/Peer in release, serves Quarry (serve.sh), the bare Hummingbird
# handler and the peer (Graphiti + GraphQLSwift on Hummingbird 2 with PostgresNIO) on free loopback ports against the
# same test database, seeded with friends-seed.sql and the bench account. Checks that the peer answers each query
# as Quarry does, then measures, interleaved in two rounds (wrk -t2 -c64, DURATION s each, default 10):
#   { ping } against bare / peer / Quarry; { serverTime } against peer / Quarry; { viewer { nickname } } with the
#   bench account's token against peer / Quarry; pgbench -M prepared -c64 -j2
#   SELECT now() (select-now.sql); the friends query (friends.lua) against peer / Quarry; pgbench -M prepared
#   -c64 -j2 running the statements Quarry runs for it with the same parameters (friends-pgbench.sql, checked
#   against the statements Quarry runs first);
# then one client (wrk -c1, pgbench -c1) for the latencies. Prints one Markdown table and the issue's ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-10}
connections=64
here=Benchmarks/http
swift build -c release --package-path Benchmarks/Peer >&2
export QUARRY_DATABASE_POOL_SIZE=${QUARRY_DATABASE_POOL_SIZE:-10}
pool=$QUARRY_DATABASE_POOL_SIZE
export QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false
source "$here/serve.sh"
quarry=$url
QUARRY_BENCH_TOKEN=$(curl -sf "$quarry" -H 'content-type: application/json' -d '{"query":"mutation { signUp(input: {email: \"bench@example.com\", nickname: \"bench\", password: \"correct horse battery staple 42\", acceptedTerms: true}) { token } }"}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["signUp"]["token"])')
export QUARRY_BENCH_TOKEN
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/friends-seed.sql" >&2

# The bare handler and the peer, each on a free port; the peer's media URLs carry Quarry's public URL.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
bare_port=$(free_port)
PEER_PORT=$bare_port Benchmarks/Peer/.build/release/bare-handler >"$work/bare.log" 2>&1 &
bare_server=$!
peer_port=$(free_port)
PEER_PORT=$peer_port PEER_DATABASE_URL=$QUARRY_TEST_DATABASE_URL PEER_POOL_SIZE=$pool PEER_PUBLIC_URL=${quarry%/graphql} \
  Benchmarks/Peer/.build/release/peer-server >"$work/peer.log" 2>&1 &
peer_server=$!
trap 'kill -TERM $bare_server $peer_server $server 2>/dev/null || true; wait $bare_server $peer_server $server 2>/dev/null || true; rm -rf "$work"' EXIT
bare=http://127.0.0.1:$bare_port/graphql
peer=http://127.0.0.1:$peer_port/graphql
for endpoint in "$bare" "$peer"; do
  for _ in $(seq 1 100); do
    curl -sf "$endpoint" -H 'content-type: application/json' -d '{"query":"{ ping }"}' >/dev/null && break
    sleep 0.1
  done
  curl -sf "$endpoint" -H 'content-type: application/json' -d '{"query":"{ ping }"}' >/dev/null ||
    { cat "$work/bare.log" "$work/peer.log" >&2; exit 1; }
done

# The answer of `endpoint` to the body of wrk script `script`, with the bench account's token.
answer() {
  curl -sf "$1" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" \
    -d "$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/$2")"
}
# Before timing: the same JSON from each server (serverTime: the same DateTime form), 50 friends with 3
# screenshots and a last message each, the bench account's nickname.
python3 - "$(answer "$bare" ping.lua)" "$(answer "$peer" ping.lua)" "$(answer "$quarry" ping.lua)" \
  "$(answer "$peer" server-time.lua)" "$(answer "$quarry" server-time.lua)" \
  "$(answer "$peer" friends.lua)" "$(answer "$quarry" friends.lua)" \
  "$(answer "$peer" viewer.lua)" "$(answer "$quarry" viewer.lua)" <<'PY'
import json, re, sys
bare, peer_ping, quarry_ping, peer_time, quarry_time, peer_friends, quarry_friends, peer_viewer, quarry_viewer = \
    map(json.loads, sys.argv[1:])
assert peer_viewer == quarry_viewer == {"data": {"viewer": {"nickname": "bench"}}}, (peer_viewer, quarry_viewer)
assert bare == peer_ping == quarry_ping == {"data": {"ping": "pong"}}, (bare, peer_ping, quarry_ping)
for answer in (peer_time, quarry_time):
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", answer["data"]["serverTime"]), answer
assert "errors" not in quarry_friends, quarry_friends["errors"]
assert peer_friends == quarry_friends, (peer_friends, quarry_friends)
friends = [edge["node"] for edge in quarry_friends["data"]["viewer"]["friends"]["edges"]]
assert len(friends) == 50, len(friends)
assert all(len(f["screenshots"]["edges"]) == 3 and f["lastMessage"] for f in friends)
PY

# wrk against `endpoint` with `script` and `clients` connections: requests/s p50 p99 (ms).
measure_wrk() {
  local endpoint=$1 script=$2 clients=$3 threads=2
  [ "$clients" -eq 1 ] && threads=1
  wrk -t"$threads" -c"$clients" -d"${duration}s" --latency -s "$here/$script" "$endpoint" >"$work/wrk.txt"
  python3 "$here/wrk-summary.py" "$work/wrk.txt" 3
}
source "$here/pgbench.sh"
source "$here/settle.sh"
variables=$(friends_pgbench_variables)
readarray -t friends_pgbench <<<"$variables"
check_pgbench_statements friends-pgbench.sql friends.lua "${friends_pgbench[@]}"

# Results, `round load rps p50 p99` a line, in one file the summary reads: `record round load command…`, each
# on an idle machine (settle.sh: the peer's friends requests in flight outlast its wrk run by seconds).
results=$work/results.txt
record() {
  local round=$1 load=$2 measured
  shift 2
  settle
  measured=$("$@")
  echo "$round $load $measured" >>"$results"
}
for round in 1 2; do
  record "$round" bare_ping measure_wrk "$bare" ping.lua $connections
  record "$round" peer_ping measure_wrk "$peer" ping.lua $connections
  record "$round" quarry_ping measure_wrk "$quarry" ping.lua $connections
  record "$round" peer_time measure_wrk "$peer" server-time.lua $connections
  record "$round" quarry_time measure_wrk "$quarry" server-time.lua $connections
  record "$round" peer_viewer measure_wrk "$peer" viewer.lua $connections
  record "$round" quarry_viewer measure_wrk "$quarry" viewer.lua $connections
  record "$round" pgbench measure_pgbench select-now.sql $connections
  record "$round" peer_friends measure_wrk "$peer" friends.lua $connections
  record "$round" quarry_friends measure_wrk "$quarry" friends.lua $connections
  record "$round" pgbench_friends measure_pgbench friends-pgbench.sql $connections "${friends_pgbench[@]}"
done
record 1 bare_ping_c1 measure_wrk "$bare" ping.lua 1
record 1 peer_ping_c1 measure_wrk "$peer" ping.lua 1
record 1 quarry_ping_c1 measure_wrk "$quarry" ping.lua 1
record 1 peer_time_c1 measure_wrk "$peer" server-time.lua 1
record 1 quarry_time_c1 measure_wrk "$quarry" server-time.lua 1
record 1 pgbench_c1 measure_pgbench select-now.sql 1

python3 - "$results" "$connections" "$duration" "$pool" <<'PY'
import sys
from statistics import mean
path, connections, duration, pool = sys.argv[1:]
runs = {}
for line in open(path):
    round_, load, rps, p50, p99 = line.split()
    runs.setdefault(load, []).append((float(rps), float(p50), float(p99)))
rate = lambda load: mean(run[0] for run in runs[load])
both = lambda load, i, form: " / ".join(form.format(run[i]) for run in runs[load])
rows = [
    ("bare Hummingbird handler, fixed `{\"data\":{\"ping\":\"pong\"}}`", "bare_ping"),
    ("peer `{ ping }`", "peer_ping"), ("Quarry `{ ping }`", "quarry_ping"),
    ("peer `{ serverTime }` (one `SELECT now()`)", "peer_time"), ("Quarry `{ serverTime }`", "quarry_time"),
    ("peer `{ viewer { nickname } }` (bearer token)", "peer_viewer"), ("Quarry `{ viewer { nickname } }`", "quarry_viewer"),
    ("pgbench `-M prepared` `SELECT now();`", "pgbench"),
    ("peer friends query (friends.lua)", "peer_friends"), ("Quarry friends query (friends.lua)", "quarry_friends"),
    ("pgbench `-M prepared`, the friends query's statements (friends-pgbench.sql; transactions/s)", "pgbench_friends"),
]
print(f"| load ({connections} connections, {duration} s, loopback, two interleaved rounds) | requests/s | p50 ms | p99 ms |")
print("|---|---|---|---|")
for title, load in rows:
    print(f"| {title} | {both(load, 0, '{:.0f}')} | {both(load, 1, '{:.2f}')} | {both(load, 2, '{:.2f}')} |")
print()
print("| one client (wrk -c1, pgbench -c1) | p50 ms |")
print("|---|---|")
for title, load in [("bare handler", "bare_ping_c1"), ("peer `{ ping }`", "peer_ping_c1"), ("Quarry `{ ping }`", "quarry_ping_c1"),
                    ("peer `{ serverTime }`", "peer_time_c1"), ("Quarry `{ serverTime }`", "quarry_time_c1"),
                    ("pgbench `SELECT now();`", "pgbench_c1")]:
    print(f"| {title} | {runs[load][0][1]:.3f} |")
limit = 1 / (1 / rate("bare_ping") + 1 / rate("pgbench"))
single = lambda load: runs[load][0][1]
print()
print(f"Ratios (means of the two rounds; pools of {pool} connections):")
print(f"- `{{ ping }}` vs bare: Quarry {rate('quarry_ping') / rate('bare_ping'):.2f}×, peer {rate('peer_ping') / rate('bare_ping'):.2f}× (target ≥ 0.6×).")
print(f"- `{{ serverTime }}` vs the sum-of-parts limit 1/(1/bare + 1/pgbench) = {limit:.0f}/s: "
      f"Quarry {rate('quarry_time') / limit:.2f}×, peer {rate('peer_time') / limit:.2f}× (target ≥ 0.7×).")
print(f"- one client, latency `{{ serverTime }}` adds over `{{ ping }}` vs pgbench's: "
      f"Quarry {(single('quarry_time_c1') - single('quarry_ping_c1')) / single('pgbench_c1'):.2f}×, "
      f"peer {(single('peer_time_c1') - single('peer_ping_c1')) / single('pgbench_c1'):.2f}× (target ≤ 1.5×).")
print(f"- `{{ viewer {{ nickname }} }}` vs `{{ serverTime }}`: Quarry {rate('quarry_viewer') / rate('quarry_time'):.2f}×, peer {rate('peer_viewer') / rate('peer_time'):.2f}× (target ≥ 0.8×).")
print(f"- Quarry vs peer (requests/s): `{{ ping }}` {rate('quarry_ping') / rate('peer_ping'):.2f}×, "
      f"`{{ serverTime }}` {rate('quarry_time') / rate('peer_time'):.2f}×, friends {rate('quarry_friends') / rate('peer_friends'):.2f}×.")
print(f"- friends query vs pgbench running Quarry's statements for it with the same parameters: "
      f"Quarry {rate('quarry_friends') / rate('pgbench_friends'):.2f}×, peer {rate('peer_friends') / rate('pgbench_friends'):.2f}×.")
PY
