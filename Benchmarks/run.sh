#!/usr/bin/env bash
# Engine benchmark W0-W4: builds Quarry's bench and the GraphQLSwift peer in release,
# then runs Quarry, GraphQLSwift and graphql-core interleaved, ROUNDS times (default 5),
# and prints the medians of the per-run medians with ratios (wall and CPU).
#
#   Benchmarks/run.sh [--only W1a,W3] [any other quarry-bench/peer option]
#
# Environment: BENCH_DIR (default ../shared/bench beside the repository),
# ROUNDS (default 5), OUT (results folder, default Benchmarks/results/DATE).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
bench_dir="$(cd "${BENCH_DIR:-$repo/../shared/bench}" && pwd)"
rounds="${ROUNDS:-5}"
out="${OUT:-$here/results/$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"

echo "# building Quarry's bench (release, engine only)"
QUARRY_ENGINE_ONLY=1 swift build -c release --package-path "$here" 2>&1 | tail -1
echo "# building the GraphQLSwift peer (release)"
swift build -c release --package-path "$bench_dir/peers/swift-graphqlswift" 2>&1 | tail -1
python3 -c 'import graphql, sys; sys.exit(graphql.__version__ != "3.2.8")' \
  || { echo "graphql-core 3.2.8 is needed: python3 -m pip install graphql-core==3.2.8" >&2; exit 1; }

quarry="$here/.build/release/quarry-bench"
peer="$bench_dir/peers/swift-graphqlswift/.build/release/peer-bench"
workloads="$bench_dir/workloads"

{
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/machine.txt"

for round in $(seq 1 "$rounds"); do
  echo "# round $round/$rounds: Quarry"
  "$quarry" --workloads "$workloads" --json "$out/quarry-$round.json" "$@"
  echo "# round $round/$rounds: GraphQLSwift"
  "$peer" --workloads "$workloads" --json "$out/graphqlswift-$round.json" "$@"
  echo "# round $round/$rounds: graphql-core"
  python3 "$bench_dir/peers/python-graphql-core/bench.py" --workloads "$workloads" \
    --json "$out/graphql-core-$round.json" "$@"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/machine.txt"
python3 "$here/summarize.py" "$out" | tee "$out/summary.md"
