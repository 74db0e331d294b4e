#!/usr/bin/env bash
# Manages one throwaway PostgreSQL cluster for tests (settings tuned for tests, never
# for real data). Used by with-test-postgres.sh and by tests that stop and restart
# a server of their own.
#   test-pg-cluster.sh init  DIR        create DIR/data (DIR must not exist yet)
#   test-pg-cluster.sh start DIR PORT [durable]
#                                       start it on 127.0.0.1:PORT, socket in DIR; `durable` keeps
#                                       PostgreSQL's own fsync, synchronous_commit and full_page_writes
#                                       (a crash test needs a commit acknowledged to be on disk)
#   test-pg-cluster.sh stop  DIR [fast|immediate]
#   test-pg-cluster.sh owner            the database superuser name the cluster gets
#   test-pg-cluster.sh port             a free TCP port on 127.0.0.1
set -euo pipefail
bin=${QUARRY_TEST_PG_BIN:-/usr/lib/postgresql/15/bin}
as_root() { [ "$(id -u)" -eq 0 ]; }
run() { if as_root; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }
owner() { if as_root; then echo postgres; else id -un; fi; }

case "${1:-}" in
  owner)
    owner ;;
  port)
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' ;;
  init)
    dir=$2
    mkdir -p "$dir"
    chmod 755 "$dir"
    if as_root; then chown postgres "$dir"; fi
    run "$bin/initdb" -D "$dir/data" -U "$(owner)" -A trust -E UTF8 --locale=C.UTF-8 >/dev/null ;;
  start)
    dir=$2 port=$3
    fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    if [ "${4:-}" = durable ]; then fast=; fi
    run "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $fast -c max_connections=200" \
      start >/dev/null ;;
  stop)
    dir=$2
    run "$bin/pg_ctl" -D "$dir/data" -m "${3:-fast}" -w stop >/dev/null ;;
  *)
    echo "usage: $0 init DIR | start DIR PORT [durable] | stop DIR [fast|immediate] | owner | port" >&2
    exit 2 ;;
esac
