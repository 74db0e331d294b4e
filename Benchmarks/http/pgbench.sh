# Sourced by the measure scripts (inside scripts/with-test-postgres.sh): PostgreSQL's own rate for the statements
# a Quarry request runs, the limit Quarry's rate is set against. Needs `work`, `here` and `duration` (serve.sh and
# the measure script set them).

# `measure_pgbench script clients [option…]` runs the pgbench script `script` of this folder (select-now.sql: the
# statement `{ serverTime }` runs; friends-pgbench.sql: the statements of friends.lua's request) with `clients`
# clients for `duration` seconds, prepared, passing on the options (the script's `-D name=value` variables), and
# prints `transactions/s p50 p99` (ms) from pgbench's per-transaction log.
measure_pgbench() {
  local script=$1 clients=$2 threads=2
  shift 2
  [ "$clients" -eq 1 ] && threads=1
  rm -f "$work"/pgb.*
  (cd "$work" && pgbench_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/pgbench &&
    "$pgbench_bin" -n -M prepared -c "$clients" -j "$threads" -T "$duration" -l --log-prefix=pgb "$@" \
      -f "$OLDPWD/$here/$script" "$QUARRY_TEST_DATABASE_URL" >pgbench.txt 2>&1) ||
    { cat "$work/pgbench.txt" >&2; return 1; }
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

# `friends_pgbench_variables` prints friends-pgbench.sql's `-D` options, one a line, for the bench account
# (QUARRY_BENCH_TOKEN, after friends-seed.sql): its token's SHA-256, its id, and its first 50 friends, newest
# friendship first, as the friends page reads them.
friends_pgbench_variables() {
  local token_hash viewer friends
  token_hash=$(python3 -c 'import hashlib, os; print(hashlib.sha256(os.environ["QUARRY_BENCH_TOKEN"].encode()).hexdigest())')
  read -r viewer friends < <(psql -qAtX -F ' ' "$QUARRY_TEST_DATABASE_URL" -c "
    SELECT t.user_id, (SELECT array_agg(friend_id ORDER BY created_at DESC, friend_id DESC) FROM (
        SELECT friend_id, created_at FROM friendships WHERE user_id = t.user_id
        ORDER BY created_at DESC, friend_id DESC LIMIT 50) AS f)
    FROM access_tokens t WHERE t.token_hash = '\\x$token_hash'")
  [ -n "$viewer" ] || { echo "friends_pgbench_variables: no access token for QUARRY_BENCH_TOKEN" >&2; return 1; }
  printf '%s\n' -D "token_hash=\\x$token_hash" -D "viewer=$viewer" -D "viewer_array={$viewer}" -D "friends=$friends"
}

# `check_pgbench_statements script lua option…` makes sure pgbench runs the same work as Quarry: it sends wrk
# script `lua`'s request once with the test cluster logging every statement (`log_statement = all`, reset after),
# and fails, showing both, unless the request cost as many statements as pgbench script `script` has (the server's
# counter, serve.sh `statements`) and the log holds each of them with the values the `-D` options and the script's
# `\set` lines give (an array's elements in any order). The order is not compared: Quarry runs the fields of one
# level at once (a friend's screenshots and last message), so their statements come in either order. Other
# statements in the log are the server's background work.
check_pgbench_statements() {
  local script=$1 lua=$2 log start sum_before sum_after count
  shift 2
  log=$(dirname "$QUARRY_TEST_PG_DATA")/log
  psql -qAtX "$QUARRY_TEST_DATABASE_URL" -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
  sleep 1 # the postmaster passes the reload on to the backends
  start=$(($(wc -l <"$log") + 1))
  read -r sum_before count < <(statements)
  curl -sf "$url" -H 'content-type: application/json' -H "Authorization: Bearer $QUARRY_BENCH_TOKEN" \
    -d "$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" "$here/$lua")" >/dev/null
  read -r sum_after count < <(statements)
  tail -n +"$start" "$log" >"$work/statements.log"
  psql -qAtX "$QUARRY_TEST_DATABASE_URL" -c "ALTER SYSTEM RESET log_statement" -c "SELECT pg_reload_conf()" >/dev/null
  python3 - "$here/$script" "$work/statements.log" "$(python3 -c "print(round($sum_after - $sum_before))")" "$@" <<'PY'
import re, sys
script_path, log_path, cost, options = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
variables = dict(value.split("=", 1) for flag, value in zip(options[::2], options[1::2]) if flag == "-D")
lines = open(script_path).read().splitlines()
for line in lines:
    if line.startswith("\\set "):
        _, name, expression = line.split(None, 2)
        variables[name] = str(eval(re.sub(r":(\w+)", lambda m: variables[m.group(1)], expression)))
script = []  # pgbench's statements: [text with $1, $2… for its variables, their values]
for sql in filter(str.strip, "\n".join(l for l in lines if not l.startswith(("--", "\\"))).split(";")):
    values = []
    def parameter(match):
        values.append(variables[match.group(1)])
        return f"${len(values)}"
    script.append([re.sub(r"(?<!:):(\w+)", parameter, sql), values])
logged = []  # every statement in the log: [text, its parameters' values], a backend's DETAIL after its LOG
last = {}
entry = re.compile(r"^\S+ \S+ \S+ \[(\d+)\] (LOG|DETAIL):  (.*?)(?=^\S+ \S+ \S+ \[\d+\] |\Z)", re.M | re.S)
for pid, kind, message in entry.findall(open(log_path).read()):
    if kind == "LOG" and (m := re.match(r"execute [^:]+: (.*)", message, re.S)):
        last[pid] = [m.group(1), []]
        logged.append(last[pid])
    elif kind == "DETAIL" and pid in last and (m := re.match(r"parameters: (.*)", message, re.S)):
        last[pid][1] = [v.replace("''", "'") for v in re.findall(r"\$\d+ = '((?:[^']|'')*)'", m.group(1))]
words = lambda sql: " ".join(sql.split())
same = lambda a, b: sorted(a[1:-1].split(",")) == sorted(b[1:-1].split(",")) if a.startswith("{") else a == b
matches = lambda q, p: words(q[0]) == words(p[0]) and len(q[1]) == len(p[1]) and all(map(same, q[1], p[1]))
unmatched = list(logged)
def found(p):  # takes the first logged statement that is `p`
    for q in unmatched:
        if matches(q, p):
            unmatched.remove(q)
            return True
    return False
if cost != len(script) or not all(map(found, script)):
    shown = lambda rows: (f"{words(sql)}\n  {[v if len(v) < 80 else v[:76] + '…' for v in values]}" for sql, values in rows)
    print(f"The request cost {cost} statements; the log holds:", *shown(logged), f"{script_path} runs:", *shown(script),
          sep="\n", file=sys.stderr)
    sys.exit(f"{script_path} is no longer the statements Quarry runs for this request: capture them again")
PY
}
