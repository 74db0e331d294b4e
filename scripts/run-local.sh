#!/usr/bin/env bash
# `make run`: a serving Quarry on http://127.0.0.1:${QUARRY_HTTP_PORT:-8080}.
# Uses QUARRY_DATABASE_URL when set; otherwise starts (and on first use creates) the local
# cluster under $QUARRY_DATA_DIR/postgres, whose URL quarry reads from there. Builds in
# release mode; `quarry serve` migrates, then serves until Ctrl-C. `make stop-db` stops the
# local cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${QUARRY_DATABASE_URL:-}" ] || scripts/local-postgres.sh start
swift build -c release --product quarry
exec .build/release/quarry serve
