#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: a temp folder, a free port,
# settings tuned for tests (never for real data), stopped even when the command fails.
# The command sees QUARRY_TEST_DATABASE_URL.
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
dir=$(mktemp -d /tmp/quarry-test-pg.XXXXXX)
chmod 755 "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
owner=$(id -un)
run() { if [ "$(id -u)" -eq 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }
if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; owner=postgres; fi
cleanup() { run "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
run "$bin/initdb" -D "$dir/data" -U "$owner" -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
run "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
run "$bin/createdb" -h 127.0.0.1 -p "$port" -U "$owner" quarry_test
export QUARRY_TEST_DATABASE_URL="postgresql://$owner@127.0.0.1:$port/quarry_test"
export QUARRY_TEST_PG_DATA="$dir/data" QUARRY_TEST_PG_BIN="$bin" QUARRY_TEST_PG_PORT="$port" QUARRY_TEST_PG_SOCKET_DIR="$dir"
"$@"
