#!/usr/bin/env bash
# The soak (`make bench-soak` = `run.sh measure-soak.sh`, inside scripts/with-test-postgres.sh; issue 18 "Soak").
# Serves Quarry (release) over friends-seed.sql (1,000 users × 50 friends × 20 screenshots), then:
#   1. DURATION (60) seconds of wrk at CONNECTIONS (128) running soak.lua: 4 in 5 requests read the feed screen,
#      1 in 5 sends a message; beside it, one logIn per second (argon2id) from a loop of its own. The server's
#      RSS is sampled every second.
#   2. SIGTERM under load (soak-shutdown.py): as many keep-alive clients send the feed read in a loop, and
#      after 3 s the script sends SIGTERM. Every request sent before SIGTERM must be answered; later ones may be
#      answered or refused; the server must exit 0. (wrk cannot tell a request cut off from a refused
#      reconnection: both are socket errors to it.)
# Prints a Markdown table; exits non-zero when an answer was not a 200 without errors, a login failed, RSS left
# ±10% of its median after the first 10 s, or the shutdown cut a request off.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-60}
connections=${CONNECTIONS:-128}
here=Benchmarks/http
export QUARRY_DATABASE_POOL_SIZE=${QUARRY_DATABASE_POOL_SIZE:-10}
export QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false
# Every login of the soak comes from loopback, one a second: over the shipped per-address limit of 20 a minute,
# which would answer RATE_LIMITED instead of measuring logins.
export QUARRY_RATE_LIMIT_LOG_IN=120/60
source "$here/serve.sh"
graphql() { curl -sf "$url" -H 'content-type: application/json' "$@"; }
QUARRY_BENCH_TOKEN=$(graphql -d '{"query":"mutation { signUp(input: {email: \"bench@example.com\", nickname: \"bench\", password: \"correct horse battery staple 42\", acceptedTerms: true}) { token } }"}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["signUp"]["token"])')
export QUARRY_BENCH_TOKEN
psql -q -X "$QUARRY_TEST_DATABASE_URL" -f "$here/friends-seed.sql" >&2
QUARRY_SOAK_FRIENDS=$(graphql -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" -d '{"query":"{ viewer { friends(first: 50) { edges { node { id } } } } }"}' |
  python3 -c 'import json, sys; print(",".join(e["node"]["id"] for e in json.load(sys.stdin)["data"]["viewer"]["friends"]["edges"]))')
export QUARRY_SOAK_FRIENDS

(while kill -0 "$server" 2>/dev/null; do ps -o rss= -p "$server" >>"$work/rss.txt" || true; sleep 1; done) &
sampler=$!
login='{"query":"mutation { logIn(email: \"bench@example.com\", password: \"correct horse battery staple 42\") { expiresAt } }"}'
(for _ in $(seq 1 "$duration"); do
   if graphql --max-time 10 -d "$login" | grep -q expiresAt; then echo ok; else echo failed; fi
   sleep 1
 done >"$work/logins.txt") &
logins=$!
wrk -t2 -c"$connections" -d"${duration}s" --timeout 10s --latency -s "$here/soak.lua" "$url" >"$work/soak.txt"
wait "$logins"

# SIGTERM under load.
python3 "$here/soak-shutdown.py" "$url" "$server" "$connections" 3 >"$work/shutdown.txt" 2>&1 || true
status=0
wait "$server" || status=$?
kill "$sampler" 2>/dev/null || true

python3 - "$work" "$status" "$connections" "$duration" <<'PY'
import re, statistics, sys
work, exit_status, connections, duration = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
soak = open(f"{work}/soak.txt").read()
shutdown = open(f"{work}/shutdown.txt").read()
def ms(value):
    number, unit = re.match(r"([\d.]+)(us|ms|s)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
def socket_errors(text):
    found = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    return dict(zip(("connect", "read", "write", "timeout"), map(int, found.groups()))) if found else dict.fromkeys(("connect", "read", "write", "timeout"), 0)
def counts(text):
    found = re.search(r"soak reads=(\d+) writes=(\d+) failures=(\d+)", text)
    return tuple(map(int, found.groups()))
reads, writes, failures = counts(soak)
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", soak).group(1))
p50 = ms(re.search(r"^\s+50%\s+(\S+)", soak, re.M).group(1))
p99 = ms(re.search(r"^\s+99%\s+(\S+)", soak, re.M).group(1))
soak_errors = socket_errors(soak)
logins = open(f"{work}/logins.txt").read().split()
rss = [int(line) / 1024 for line in open(f"{work}/rss.txt").read().split()]
# The samples of the soak itself, after 10 s of warm-up (the sampler started with the soak).
steady = rss[10:duration]
median = statistics.median(steady)
spread = (min(steady) / median - 1, max(steady) / median - 1)
answered_before, answered_after, cut_off, refused_after, shutdown_failures = map(int, shutdown.split("\n")[0].split())
print(f"| soak ({connections} connections, {duration} s, mixed reads and messages, 1 logIn/s) | value |")
print("|---|---|")
print(f"| requests (reads / messages) | {reads + writes:,} ({reads:,} / {writes:,}) |")
print(f"| requests/s, p50, p99 | {rps:.0f}, {p50:.1f} ms, {p99:.1f} ms |")
print(f"| answers not 200-without-errors; socket errors | {failures}; {soak_errors} |")
print(f"| logIn once a second | {logins.count('ok')} ok, {logins.count('failed')} failed |")
print(f"| RSS after warm-up: median, min, max | {median:.0f} MiB, {spread[0]:+.1%}, {spread[1]:+.1%} |")
print(f"| SIGTERM under load ({connections} keep-alive clients): sent before it and answered; cut off; "
      f"sent after it and answered; refused; errors; exit status | "
      f"{answered_before}; {cut_off}; {answered_after}; {refused_after}; {shutdown_failures}; {exit_status} |")
problems = []
if failures or soak_errors["read"] or soak_errors["write"] or soak_errors["timeout"]: problems.append("soak answers")
if logins.count("failed"): problems.append("logins")
if spread[0] < -0.10 or spread[1] > 0.10: problems.append("RSS not flat")
if cut_off or shutdown_failures or exit_status: problems.append("shutdown cut requests off: " + shutdown)
if problems:
    sys.exit("soak failed: " + ", ".join(problems))
PY
