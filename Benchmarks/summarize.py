#!/usr/bin/env python3
"""Summarizes a Benchmarks/run.sh results folder: for each engine and workload, the
median of the per-run medians (wall and CPU µs per op) with the min-max across runs,
then Quarry's speed-up over each peer (peer time / Quarry time; above 1 = Quarry faster).

    python3 Benchmarks/summarize.py Benchmarks/results/DATE
"""
import glob
import json
import os
import statistics
import sys

ENGINES = [("quarry", "Quarry"), ("graphqlswift", "GraphQLSwift 4.3.0"), ("graphql-core", "graphql-core 3.2.8")]


def load(folder):
    runs = {}
    for key, _ in ENGINES:
        for path in sorted(glob.glob(os.path.join(folder, f"{key}-*.json"))):
            with open(path) as f:
                report = json.load(f)
            for row in report["results"]:
                runs.setdefault(key, {}).setdefault(row["id"], []).append(row)
    return runs


def fmt(us):
    return f"{us:,.1f}" if us < 100 else f"{us:,.0f}"


def main():
    folder = sys.argv[1]
    runs = load(folder)
    ids = []
    names = {}
    for key, _ in ENGINES:
        for wid, rows in runs.get(key, {}).items():
            if wid not in ids:
                ids.append(wid)
            names.setdefault(wid, rows[0]["name"])
    order = ["W0a", "W0b", "W0c", "W1a", "W1b", "W2a", "W2b", "W3", "W3e", "W3c", "W3x", "W3j", "W4"]
    ids.sort(key=lambda w: order.index(w) if w in order else len(order))

    def stat(key, wid, field):
        rows = runs.get(key, {}).get(wid)
        if not rows:
            return None
        values = [r[field] for r in rows]
        return statistics.median(values), min(values), max(values), len(values)

    print("| workload | " + " | ".join(f"{label} wall µs (min-max) | CPU µs" for _, label in ENGINES) + " |")
    print("|---|" + "---|---|" * len(ENGINES))
    for wid in ids:
        cells = []
        for key, _ in ENGINES:
            wall, cpu = stat(key, wid, "median_us"), stat(key, wid, "cpu_median_us")
            if wall is None:
                cells += ["—", "—"]
            else:
                cells += [f"{fmt(wall[0])} ({fmt(wall[1])}-{fmt(wall[2])}, n={wall[3]})", fmt(cpu[0])]
        print(f"| {wid} {names[wid]} | " + " | ".join(cells) + " |")

    print()
    print("Quarry's speed-up (peer median / Quarry median; > 1 means Quarry is faster):")
    print()
    print("| workload | vs GraphQLSwift wall | vs GraphQLSwift CPU | vs graphql-core wall | vs graphql-core CPU |")
    print("|---|---|---|---|---|")
    for wid in ids:
        quarry_wall, quarry_cpu = stat("quarry", wid, "median_us"), stat("quarry", wid, "cpu_median_us")
        if quarry_wall is None:
            continue
        cells = []
        for key in ("graphqlswift", "graphql-core"):
            wall, cpu = stat(key, wid, "median_us"), stat(key, wid, "cpu_median_us")
            cells += ["—", "—"] if wall is None else [
                f"{wall[0] / quarry_wall[0]:.1f}×", f"{cpu[0] / quarry_cpu[0]:.1f}×"]
        print(f"| {wid} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
