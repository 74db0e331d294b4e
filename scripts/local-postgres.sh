#!/usr/bin/env bash
# The local PostgreSQL cluster of `make run`. `start` creates it on first use under
# $QUARRY_DATA_DIR/postgres (default ./.quarry) and starts it; `stop` stops it.
# The cluster listens on 127.0.0.1 only, on a port chosen free when it was created, and asks
# for a password generated then. Its URL (with that password) is written to
# $QUARRY_DATA_DIR/postgres/url, readable by its owner only: `quarry` reads it when
# QUARRY_DATABASE_URL is unset. Data survives between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
data_root=${QUARRY_DATA_DIR:-./.quarry}
mkdir -p "$data_root"
data_root=$(cd "$data_root" && pwd)
pg=$data_root/postgres
bin=${QUARRY_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}

as_owner() { if [ "$(id -u)" -eq 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }

# As root the cluster belongs to the `postgres` user, which must be able to reach its folder.
make_traversable() {
  local dir=$1
  while [ "$dir" != "/" ]; do
    if ! runuser -u postgres -- test -x "$dir" 2>/dev/null; then
      echo "Making $dir traversable (o+x) so that the postgres user can reach $pg"
      chmod o+x "$dir"
    fi
    dir=$(dirname "$dir")
  done
}

create() {
  echo "Creating the local PostgreSQL cluster in $pg/data"
  local port password
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  password=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
  as_owner mkdir -p "$pg/data" "$pg/run"
  as_owner chmod 700 "$pg/data" "$pg/run"
  local pwfile=$pg/run/initdb-password
  (umask 077; printf '%s\n' "$password" > "$pwfile")
  [ "$(id -u)" -eq 0 ] && chown postgres "$pwfile"
  as_owner "$bin/initdb" -D "$pg/data" -U quarry --pwfile="$pwfile" --auth-local=scram-sha-256 \
    --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  as_owner sh -c "printf \"listen_addresses = '127.0.0.1'\nport = %s\nunix_socket_directories = '%s'\n\" '$port' '$pg/run' >> '$pg/data/postgresql.conf'"
  (umask 077; printf 'postgresql://quarry:%s@127.0.0.1:%s/quarry\n' "$password" "$port" > "$pg/url.tmp")
  mv "$pg/url.tmp" "$pg/url"
}

start() {
  [ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found (run scripts/install-deps.sh)" >&2; exit 1; }
  mkdir -p "$pg"
  if [ "$(id -u)" -eq 0 ]; then make_traversable "$pg"; chown postgres "$pg"; fi
  [ -f "$pg/data/PG_VERSION" ] || create
  if as_owner "$bin/pg_ctl" -D "$pg/data" status >/dev/null 2>&1; then
    echo "Local PostgreSQL already running ($pg/data)"
  else
    as_owner "$bin/pg_ctl" -D "$pg/data" -w -l "$pg/postgresql.log" start >/dev/null \
      || { echo "PostgreSQL did not start; see $pg/postgresql.log" >&2; tail -n 5 "$pg/postgresql.log" >&2; exit 1; }
    echo "Local PostgreSQL started ($pg/data, log $pg/postgresql.log)"
  fi
  local url
  url=$(cat "$pg/url")
  if [ -z "$("$bin/psql" "${url%/quarry}/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname = 'quarry'")" ]; then
    "$bin/psql" "${url%/quarry}/postgres" -qc "CREATE DATABASE quarry"
  fi
}

stop() {
  if [ -f "$pg/data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$pg/data" status >/dev/null 2>&1; then
    as_owner "$bin/pg_ctl" -D "$pg/data" -m fast -w stop >/dev/null
    echo "Local PostgreSQL stopped ($pg/data)"
  else
    echo "Local PostgreSQL is not running ($pg/data)"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
