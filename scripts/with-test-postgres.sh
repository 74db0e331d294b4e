#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: a temp folder, a free port,
# settings tuned for tests (never for real data), stopped even when the command fails.
# The command sees QUARRY_TEST_DATABASE_URL, and QUARRY_TEST_PG_DATA/_BIN/_PORT/_SOCKET_DIR.
#
# Tests that must stop and restart a server of their own send test-pg-cluster.sh
# commands to QUARRY_TEST_PG_CONTROL, a FIFO served by a loop of this script: one line
# "REPLY_FILE ARGS...", answered by writing "status output" to REPLY_FILE. The test
# process thus never forks, so no SIGCHLD interrupts other tests' blocking reads.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cluster="$here/test-pg-cluster.sh"
export QUARRY_TEST_PG_BIN=${QUARRY_TEST_PG_BIN:-/usr/lib/postgresql/15/bin}
dir=$(mktemp -d /tmp/quarry-test-pg.XXXXXX)
port=$("$cluster" port)
owner=$("$cluster" owner)
controller=
cleanup() {
  if [ -n "$controller" ]; then kill "$controller" 2>/dev/null || true; fi
  for own in "$dir"/restart_*; do
    if [ -d "$own/data" ]; then "$cluster" stop "$own" immediate >/dev/null 2>&1 || true; fi
  done
  "$cluster" stop "$dir" immediate >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"$cluster" init "$dir"
"$cluster" start "$dir" "$port"
as_owner() { (cd / && if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi); }
# PostGIS in template1, so each test's own database (TestDatabases.migrated) starts with it and the migration's
# CREATE EXTENSION IF NOT EXISTS is a no-op there instead of a second of work; the end-to-end tests' own
# clusters still create it through the migration.
as_owner "$QUARRY_TEST_PG_BIN/psql" -qX -h 127.0.0.1 -p "$port" -U "$owner" -d template1 -c "CREATE EXTENSION postgis"
as_owner "$QUARRY_TEST_PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U "$owner" quarry_test

control="$dir/control"
mkfifo "$control"
(
  exec 3<>"$control"
  while read -r reply args <&3; do
    # shellcheck disable=SC2086
    if output=$("$cluster" $args 2>&1); then status=0; else status=$?; fi
    printf '%s %s' "$status" "$output" > "$reply.tmp" && mv "$reply.tmp" "$reply"
  done
) &
controller=$!

export QUARRY_TEST_DATABASE_URL="postgresql://$owner@127.0.0.1:$port/quarry_test"
export QUARRY_TEST_PG_DATA="$dir/data" QUARRY_TEST_PG_PORT="$port" QUARRY_TEST_PG_SOCKET_DIR="$dir"
export QUARRY_TEST_PG_CONTROL="$control"
"$@"
