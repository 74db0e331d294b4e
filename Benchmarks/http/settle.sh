# Sourced by the measuring scripts: `settle` waits until the machine is idle before the next load.
#
# wrk stops when its time is up, but a server goes on with the requests it had in flight: the peer's friends
# query (p50 over a second at 64 connections) kept both cores busy for 2.5 s after its wrk run ended, so the
# load measured next (Quarry's friends query in measure-peer.sh) lost a quarter of its 10 s to it (issue 17;
# measured by sampling the peer's CPU time every 0.5 s after the run). Idle: under 10% of the machine's CPU
# time busy over a quarter of a second (an idle machine here shows 0–2%); bounded at 30 s, after which it
# warns and goes on.
settle() {
  local deadline=$((SECONDS + 30)) busy_before total_before busy_after total_after
  # The machine's busy and total clock ticks so far (user, nice, system, irq, softirq; plus idle and iowait).
  ticks() { awk '/^cpu / {print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }
  while [ "$SECONDS" -lt "$deadline" ]; do
    read -r busy_before total_before < <(ticks)
    sleep 0.25
    read -r busy_after total_after < <(ticks)
    [ $(((busy_after - busy_before) * 10)) -lt $((total_after - total_before)) ] && return 0
  done
  echo "settle: the machine was still busy after 30 s; measuring anyway" >&2
}
