"""Issue 11, "Outages": while PostgreSQL is down, requests that need it fail fast with DATABASE_UNAVAILABLE
(never INTERNAL_SERVER_ERROR), requests that do not need it are answered, /readyz says 503, and service
resumes by itself once PostgreSQL is back; the outage is then one ERROR event in the event log (Foodstabook
2.2.3 "a lost connection"), not one per failed statement. The cluster stopped here is one of this test's own (under the
throwaway cluster's folder, so scripts/with-test-postgres.sh removes it even if the test crashes): the
shared one stays up for the other tests."""
import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from conftest import QuarryProcess, cluster, own_cluster, psql_rows, ready_status

@pytest.fixture(scope="module")
def outage_cluster():
    with own_cluster("e2e") as (directory, port, owner):
        yield directory, port, f"postgresql://{owner}@127.0.0.1:{port}/postgres", owner


def error_events(url):
    """The details of the own cluster's ERROR events about the database connection."""
    return [json.loads(row[0]) for row in psql_rows(
        url, "SELECT details::text FROM event_log WHERE type = 'ERROR' AND details->>'failure' = 'database connection'")]


def post(base, query, timeout=30):
    """The status, the JSON body and the seconds a POST took."""
    request = urllib.request.Request(
        base + "/graphql", data=json.dumps({"query": query}).encode(), headers={"Content-Type": "application/json"},
    )
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read()), time.monotonic() - started
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), time.monotonic() - started


def test_an_outage_is_database_unavailable_and_service_resumes(outage_cluster):
    directory, port, url, owner = outage_cluster
    quarry = QuarryProcess(QUARRY_DATABASE_URL=url)
    try:
        status, body, _ = post(quarry.base, "{ serverTime }")
        assert status == 200 and "errors" not in body, body

        # Load from four clients while PostgreSQL stops, so statements in flight are cut off too.
        outcomes, stop = [], threading.Event()

        def client():
            while not stop.is_set():
                outcomes.append(post(quarry.base, "{ serverTime }"))

        threads = [threading.Thread(target=client) for _ in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        cluster("stop", str(directory), "fast")
        down_since = len(outcomes)
        time.sleep(2)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert not any(thread.is_alive() for thread in threads)

        failed = [body for _, body, _ in outcomes if "errors" in body]
        codes = {error["extensions"]["code"] for body in failed for error in body["errors"]}
        assert failed and codes == {"DATABASE_UNAVAILABLE"}, codes
        message = failed[-1]["errors"][0]["message"]
        assert message == "The database is unavailable. Please try again shortly."
        # Fail fast: requests made after the stop come back in well under the 10 s connect timeout.
        after_stop = sorted(seconds for _, _, seconds in outcomes[down_since:])
        assert after_stop and after_stop[len(after_stop) // 2] < 2, after_stop[-5:]

        # What needs no database is still answered; readiness says the database is gone.
        assert post(quarry.base, "{ ping }")[1] == {"data": {"ping": "pong"}}
        assert ready_status(quarry.base) == 503

        cluster("start", str(directory), port)
        back, deadline = time.monotonic(), time.monotonic() + 60
        while time.monotonic() < deadline:
            status, body, _ = post(quarry.base, "{ serverTime }")
            if "errors" not in body:
                break
            time.sleep(0.05)
        assert "errors" not in body, body
        print(f"service resumed {time.monotonic() - back:.2f} s after PostgreSQL was back")
        assert ready_status(quarry.base) == 200

        # One ERROR event for the whole outage, written once the database was back.
        deadline, events = time.monotonic() + 15, []
        while time.monotonic() < deadline and not events:
            events = error_events(url)
            time.sleep(0.1)
        time.sleep(1)
        events = error_events(url)
        assert len(events) == 1, events
        assert events[0]["message"].startswith("Database connection lost at "), events
        assert events[0]["lostAt"] < events[0]["restoredAt"], events
    finally:
        quarry.stop()
