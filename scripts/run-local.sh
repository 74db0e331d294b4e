#!/usr/bin/env bash
# `make run`: a serving Quarry on http://127.0.0.1:${QUARRY_HTTP_PORT:-8080}.
# Uses QUARRY_DATABASE_URL when set; otherwise starts (and on first use creates) the local
# cluster under $QUARRY_DATA_DIR/postgres. Builds in release mode, then `quarry serve`
# migrates and serves until Ctrl-C. `make stop-db` stops the local cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${QUARRY_DATABASE_URL:-}" ]; then
  scripts/local-postgres.sh start
  QUARRY_DATABASE_URL=$(scripts/local-postgres.sh url)
  export QUARRY_DATABASE_URL
fi
swift build -c release --product quarry
exec .build/release/quarry serve
