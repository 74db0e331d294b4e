#!/usr/bin/env bash
# The HTTP benchmark of Benchmarks/README.md. Builds Quarry in release mode, starts a throwaway
# PostgreSQL (scripts/with-test-postgres.sh), serves on a free loopback port and measures with wrk
# (64 connections, 2 threads, 20 s, --latency):
#   1. `{ ping }`        — the trivial query (no SQL);
#   2. `{ serverTime }`  — one SQL statement (SELECT now());
# then pgbench running that same SELECT now() directly (64 clients, 2 threads, 20 s, prepared
# statements): the physical limit of the database round trip. Prints a Markdown table.
# DURATION=5 makes a quick run. `run.sh measure-login.sh` runs the login benchmark instead (make bench-login).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq --no-install-recommends wrk >/dev/null
  else echo "wrk is missing: apt-get install wrk" >&2; exit 1; fi
fi
swift build -c release --product quarry >&2
exec scripts/with-test-postgres.sh "Benchmarks/http/${1:-measure.sh}"
