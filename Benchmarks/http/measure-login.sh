#!/usr/bin/env bash
# The login benchmark (`make bench-login` = `run.sh measure-login.sh`, inside scripts/with-test-postgres.sh).
# Serves Quarry (release, default argon2id cost), creates one account, then measures the p99 latency of
# `{ ping }` at 4 connections alone, and again while 64 connections run logIn flat out: hashing runs on the
# hasher's own threads, so the cheap query must stay fast.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${DURATION:-20}
here=Benchmarks/http
export QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false QUARRY_AUTH_MAX_FAILED_LOGINS=1000
source "$here/serve.sh"
curl -sf "$url" -H 'content-type: application/json' -d '{"query":"mutation { signUp(input: {email: \"bench@example.com\", nickname: \"bench\", password: \"correct horse battery staple 42\", acceptedTerms: true}) { token } }"}' >/dev/null

summarize() { python3 "$here/wrk-summary.py" "$1"; }
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
