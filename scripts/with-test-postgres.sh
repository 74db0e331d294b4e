#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: a temp folder, a free port,
# settings tuned for tests (never for real data), stopped even when the command fails.
# The command sees QUARRY_TEST_DATABASE_URL, and QUARRY_TEST_PG_DATA/_BIN/_PORT/_SOCKET_DIR
# for tests that manage servers themselves (see scripts/test-pg-cluster.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cluster="$here/test-pg-cluster.sh"
export QUARRY_TEST_PG_BIN=${QUARRY_TEST_PG_BIN:-/usr/lib/postgresql/15/bin}
dir=$(mktemp -d /tmp/quarry-test-pg.XXXXXX)
port=$("$cluster" port)
owner=$("$cluster" owner)
cleanup() { "$cluster" stop "$dir" immediate >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
"$cluster" init "$dir"
"$cluster" start "$dir" "$port"
(cd / && if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$QUARRY_TEST_PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U "$owner" quarry_test; \
  else "$QUARRY_TEST_PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U "$owner" quarry_test; fi)
export QUARRY_TEST_DATABASE_URL="postgresql://$owner@127.0.0.1:$port/quarry_test"
export QUARRY_TEST_PG_DATA="$dir/data" QUARRY_TEST_PG_PORT="$port" QUARRY_TEST_PG_SOCKET_DIR="$dir"
"$@"
