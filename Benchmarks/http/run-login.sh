#!/usr/bin/env bash
# The login benchmark of Benchmarks/README.md: release build, a throwaway PostgreSQL, then
# Benchmarks/http/measure-login.sh (p99 of a cheap query while logins run flat out). DURATION=5: quick run.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq --no-install-recommends wrk >/dev/null
  else echo "wrk is missing: apt-get install wrk" >&2; exit 1; fi
fi
swift build -c release --product quarry >&2
exec scripts/with-test-postgres.sh Benchmarks/http/measure-login.sh
