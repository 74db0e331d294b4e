#!/usr/bin/env bash
# Runs inside scripts/with-test-postgres.sh; see run-login.sh. Serves Quarry (release, default argon2id
# cost), creates one account, then measures the p99 latency of `{ ping }` at 4 connections alone, and again
# while 64 connections run logIn flat out: hashing runs on the hasher's own threads, so the cheap query
# must stay fast.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
here=Benchmarks/http
work=$(mktemp -d /tmp/quarry-bench-login.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
QUARRY_DATABASE_URL=$QUARRY_TEST_DATABASE_URL QUARRY_HTTP_HOST=127.0.0.1 QUARRY_HTTP_PORT=$port \
  QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false QUARRY_AUTH_MAX_FAILED_LOGINS=1000 \
  QUARRY_LOG_LEVEL=warning QUARRY_DATA_DIR=$work .build/release/quarry serve >"$work/server.log" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$work/server.log" >&2; exit 1; }
curl -sf "http://127.0.0.1:$port/graphql" -H 'content-type: application/json' -d '{"query":"mutation { signUp(input: {email: \"bench@example.com\", nickname: \"bench\", password: \"correct horse battery staple 42\", acceptedTerms: true}) { token } }"}' >/dev/null

# wrk: requests/s, p50, p99 (ms) from its --latency report, checking every answer was a 2xx.
summarize() {
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(v):
    n, unit = re.match(r"([\d.]+)(us|ms|s)", v).groups()
    return float(n) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p50 = ms(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1))
p99 = ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if errors: sys.exit(f"wrk saw {errors.group(1)} error responses")
print(f"{rps:.0f} {p50:.2f} {p99:.2f}")
PY
}
url="http://127.0.0.1:$port/graphql"
wrk -t1 -c4 -d"${duration}s" --latency -s "$here/ping.lua" "$url" >"$work/alone.txt"
read -r alone_rps alone_p50 alone_p99 < <(summarize "$work/alone.txt")
wrk -t1 -c64 -d"$((duration + 2))s" --latency --timeout 10s -s "$here/login.lua" "$url" >"$work/login.txt" &
logins=$!
sleep 1
wrk -t1 -c4 -d"${duration}s" --latency -s "$here/ping.lua" "$url" >"$work/loaded.txt"
wait "$logins"
read -r loaded_rps loaded_p50 loaded_p99 < <(summarize "$work/loaded.txt")
read -r login_rps login_p50 login_p99 < <(summarize "$work/login.txt")
cat <<TABLE
| load (${duration} s, loopback, argon2id m=19456 KiB t=2 p=1, 2 hashing threads) | requests/s | p50 ms | p99 ms |
|---|---|---|---|
| \`{ ping }\` at 4 connections, alone | $alone_rps | $alone_p50 | $alone_p99 |
| \`logIn\` at 64 connections, flat out | $login_rps | $login_p50 | $login_p99 |
| \`{ ping }\` at 4 connections, during the logins | $loaded_rps | $loaded_p50 | $loaded_p99 |
TABLE
