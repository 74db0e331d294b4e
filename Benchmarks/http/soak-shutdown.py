"""The soak's SIGTERM under load (measure-soak.sh; issue 18 "Soak"): CONNECTIONS keep-alive clients send the
soak's feed read in a loop; after WARMUP seconds this script sends SIGTERM to the server itself, so it knows
which requests were sent before it. Every request whose bytes were all sent before SIGTERM must be answered
(200, no errors); a request sent after it may be answered or find its connection closed or refused (the
clean refusal). Prints `answered_before answered_after cut_off refused_after failed` and exits non-zero when a
request sent before SIGTERM was cut off or an answer was not a 200 without errors.

usage: soak-shutdown.py URL PID CONNECTIONS WARMUP (QUARRY_BENCH_TOKEN in the environment)"""
import http.client
import json
import os
import signal
import sys
import threading
import time
import urllib.parse

url, pid, connections, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
target = urllib.parse.urlsplit(url)
body = json.dumps({"query": "{ viewer { friends(first: 20) { edges { node { nickname avatarUrl "
                            "screenshots(first: 3) { edges { node { imageUrl annotation createdAt } } } "
                            "lastMessage { text createdAt } } } } } }"}).encode()
headers = {"Content-Type": "application/json", "Authorization": "Bearer " + os.environ["QUARRY_BENCH_TOKEN"]}
sigterm_at = None  # time.monotonic() when SIGTERM was sent
lock = threading.Lock()
counts = dict(answered_before=0, answered_after=0, cut_off=0, refused_after=0, failed=0)
first_problem = []


def count(name, detail=None):
    with lock:
        counts[name] += 1
        if detail and not first_problem:
            first_problem.append(detail)


def client():
    connection = None
    while True:
        try:
            if connection is None:
                connection = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
            connection.request("POST", target.path, body=body, headers=headers)
            sent = time.monotonic()
        except OSError:
            if sigterm_at is None:
                count("failed", "a request could not be sent before SIGTERM")
                return
            count("refused_after")
            return
        before = sigterm_at is None or sent < sigterm_at
        try:
            response = connection.getresponse()
            answer = response.read()
            closing = response.getheader("Connection", "").lower() == "close"
        except (OSError, http.client.HTTPException) as error:
            if before:
                count("cut_off", f"a request sent before SIGTERM got no answer: {error!r}")
            else:
                count("refused_after")
            return
        if response.status != 200 or b'"errors"' in answer:
            count("failed", f"{response.status} {answer[:300]!r}")
        else:
            count("answered_before" if before else "answered_after")
        if closing:
            connection.close()
            connection = None
            if sigterm_at is not None:
                return


threads = [threading.Thread(target=client, daemon=True) for _ in range(connections)]
for thread in threads:
    thread.start()
time.sleep(warmup)
sigterm_at = time.monotonic()
os.kill(pid, signal.SIGTERM)
for thread in threads:
    thread.join(timeout=60)
print(counts["answered_before"], counts["answered_after"], counts["cut_off"], counts["refused_after"], counts["failed"])
if first_problem:
    print(first_problem[0], file=sys.stderr)
sys.exit(1 if counts["cut_off"] or counts["failed"] or any(thread.is_alive() for thread in threads) else 0)
