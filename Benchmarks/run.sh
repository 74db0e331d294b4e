#!/usr/bin/env bash
# Engine benchmark W0-W4 over the repository's workloads (Benchmarks/workloads):
# builds Quarry's bench in release and, when the peer engines are present, the
# GraphQLSwift peer; then runs Quarry, GraphQLSwift and graphql-core interleaved,
# ROUNDS times (default 5), and prints the medians of the per-run medians with
# ratios (wall and CPU). Without the peers it measures Quarry alone.
#
#   Benchmarks/run.sh [--only W1a,W3] [any other quarry-bench/peer option]
#
# Environment: BENCH_DIR (the shared bench folder whose peers/ holds the peer
# engines; default: the one beside the repository, if any), ROUNDS (default 5),
# OUT (results folder, default Benchmarks/results/DATE).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
rounds="${ROUNDS:-5}"
out="${OUT:-$here/results/$(date -u +%Y%m%dT%H%M%SZ)}"
workloads="$here/workloads"
# The only place the repository looks outside itself: the peers are optional.
peers="${BENCH_DIR:-$repo/../shared/bench}/peers"
mkdir -p "$out"

# data.json is generated, not committed (workloads/README.md).
[ -f "$workloads/data.json" ] || python3 "$workloads/gen_data.py"

echo "# building Quarry's bench (release, engine only)"
QUARRY_ENGINE_ONLY=1 swift build -c release --package-path "$here" 2>&1 | tail -1
quarry="$here/.build/release/quarry-bench"
peer="$peers/swift-graphqlswift/.build/release/peer-bench"
if [ -d "$peers" ]; then
  echo "# building the GraphQLSwift peer (release)"
  swift build -c release --package-path "$peers/swift-graphqlswift" 2>&1 | tail -1
  python3 -c 'import graphql, sys; sys.exit(graphql.__version__ != "3.2.8")' \
    || { echo "graphql-core 3.2.8 is needed: python3 -m pip install graphql-core==3.2.8" >&2; exit 1; }
else
  echo "# no peer engines in $peers: Quarry alone"
  peers=
fi

{
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/machine.txt"

for round in $(seq 1 "$rounds"); do
  echo "# round $round/$rounds: Quarry"
  "$quarry" --workloads "$workloads" --json "$out/quarry-$round.json" "$@"
  [ -n "$peers" ] || continue
  echo "# round $round/$rounds: GraphQLSwift"
  "$peer" --workloads "$workloads" --json "$out/graphqlswift-$round.json" "$@"
  echo "# round $round/$rounds: graphql-core"
  python3 "$peers/python-graphql-core/bench.py" --workloads "$workloads" \
    --json "$out/graphql-core-$round.json" "$@"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/machine.txt"
python3 "$here/summarize.py" "$out" | tee "$out/summary.md"
