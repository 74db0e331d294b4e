# Sourced by the measure scripts: `measure_pgbench clients` runs select-now.sql (the statement `{ serverTime }`
# runs) with `clients` clients for `duration` seconds, prepared, and prints `transactions/s p50 p99` (ms) from
# pgbench's per-transaction log. Needs `work`, `here` and `duration` (serve.sh and the measure script set them).
measure_pgbench() {
  local clients=$1 threads=2
  [ "$clients" -eq 1 ] && threads=1
  rm -f "$work"/pgb.*
  (cd "$work" && pgbench_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/pgbench &&
    "$pgbench_bin" -n -M prepared -c "$clients" -j "$threads" -T "$duration" -l --log-prefix=pgb \
      -f "$OLDPWD/$here/select-now.sql" "$QUARRY_TEST_DATABASE_URL" >pgbench.txt 2>&1)
  python3 - "$work" <<'PY'
import glob, re, sys
work = sys.argv[1]
text = open(f"{work}/pgbench.txt").read()
tps = float(re.search(r"tps = ([\d.]+)", text).group(1))
lat = sorted(int(line.split()[2]) for f in glob.glob(f"{work}/pgb.*") for line in open(f))
pick = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] / 1000
print(f"{tps:.0f} {pick(0.50):.3f} {pick(0.99):.3f}")
PY
}
