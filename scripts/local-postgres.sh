#!/usr/bin/env bash
# The local PostgreSQL cluster of `make run`: `start` creates it on first use under
# $QUARRY_DATA_DIR/postgres (default ./.quarry) and starts it; `stop` stops it; `url` prints
# the URL Quarry uses for it. The cluster listens on a Unix socket only (no TCP port to
# collide with), trusts only local connections through that socket (the socket folder is
# private to its owner), and keeps its data across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
data_root=${QUARRY_DATA_DIR:-./.quarry}
mkdir -p "$data_root"
data_root=$(cd "$data_root" && pwd)
pg=$data_root/postgres
bin=${QUARRY_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
url="postgresql://quarry@/quarry?host=$pg/run"

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

start() {
  [ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found (run scripts/install-deps.sh)" >&2; exit 1; }
  if [ ${#pg} -gt 90 ]; then
    echo "QUARRY_DATA_DIR is too deep: the socket path $pg/run/.s.PGSQL.5432 must stay under 107 bytes" >&2
    exit 1
  fi
  mkdir -p "$pg"
  if [ "$(id -u)" -eq 0 ]; then make_traversable "$pg"; chown postgres "$pg"; fi
  if [ ! -f "$pg/data/PG_VERSION" ]; then
    echo "Creating the local PostgreSQL cluster in $pg/data"
    as_owner mkdir -p "$pg/run"
    as_owner chmod 700 "$pg/run"
    as_owner "$bin/initdb" -D "$pg/data" -U quarry -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
    as_owner sh -c "printf \"listen_addresses = ''\nunix_socket_directories = '%s'\n\" '$pg/run' >> '$pg/data/postgresql.conf'"
  fi
  if as_owner "$bin/pg_ctl" -D "$pg/data" status >/dev/null 2>&1; then
    echo "Local PostgreSQL already running ($pg/data)"
  else
    as_owner "$bin/pg_ctl" -D "$pg/data" -w -l "$pg/postgresql.log" start >/dev/null
    echo "Local PostgreSQL started ($pg/data, log $pg/postgresql.log)"
  fi
  if [ -z "$("$bin/psql" -h "$pg/run" -U quarry -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'quarry'")" ]; then
    "$bin/createdb" -h "$pg/run" -U quarry quarry
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
  url) echo "$url" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
