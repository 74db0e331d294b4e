#!/usr/bin/env bash
# `make run`: a serving Quarry on http://127.0.0.1:${QUARRY_HTTP_PORT:-8080}.
# Uses QUARRY_DATABASE_URL when set; otherwise starts (and on first use creates) the local
# cluster under $QUARRY_DATA_DIR/postgres, whose URL quarry reads from there. Builds in
# release mode; on the first start loads the demo data (`quarry seed-demo`); `quarry serve`
# migrates, then serves until Ctrl-C. `make stop-db` stops the
# local cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${QUARRY_DATABASE_URL:-}" ] || scripts/local-postgres.sh start
swift build -c release --product quarry
# Demo data on the first start only (a marker in the data folder), so deleted demo rows stay deleted.
marker="${QUARRY_DATA_DIR:-./.quarry}/demo-loaded"
if [ ! -f "$marker" ]; then
  .build/release/quarry seed-demo && mkdir -p "$(dirname "$marker")" && touch "$marker"
fi
exec .build/release/quarry serve
