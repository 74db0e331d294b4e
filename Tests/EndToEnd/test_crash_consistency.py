"""Issue 18, "Writes that survive a crash". A write load (messages between friends, screenshot uploads,
annotation edits, from several users at once) runs while PostgreSQL is killed (`pg_ctl stop -m immediate`)
and restarted; then every mutation answered with success is in the database, nothing half-written is (no
screenshot without its media row, no media row without its file, no upload left in the temporary folder; a
file without its row is the upload whose transaction the crash cut off, left for the orphaned files' sweep),
the server recovered by itself and /readyz told the truth throughout. And a server
killed (SIGKILL) in the middle of an upload leaves a temporary file that the next start deletes.

The cluster killed here is this test's own, started with PostgreSQL's durable settings (the shared test
cluster runs with synchronous_commit=off, under which an acknowledged commit may be lost in a crash)."""
import base64
import json
import os
import random
import signal
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request
import uuid
import zlib
from pathlib import Path

import pytest

from conftest import QuarryProcess, cluster, own_cluster, psql_rows, ready_status

PASSWORD = "correct horse battery staple 42"


@pytest.fixture(scope="module")
def durable_cluster():
    with own_cluster("crash", "durable") as cluster_parts:
        yield cluster_parts


def sql(port, owner, query):
    """Rows of `query` on the durable cluster, as lists of text fields."""
    return psql_rows(f"postgresql://{owner}@127.0.0.1:{port}/postgres", query)


def png(seed):
    """A distinct 8 × 8 RGB PNG for each seed."""
    rng = random.Random(seed)
    rows = b"".join(b"\x00" + bytes(rng.randrange(256) for _ in range(8 * 3)) for _ in range(8))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def uuid_of(global_id):
    return base64.urlsafe_b64decode(global_id + "=" * (-len(global_id) % 4)).decode().split(":", 1)[1]


class Client:
    def __init__(self, base):
        self.base = base

    def post(self, body, content_type, token=None, timeout=30):
        """(status, JSON body) of POST /graphql; a connection failure is (None, None)."""
        headers = {"Content-Type": content_type, "GraphQL-Preflight": "1"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(self.base + "/graphql", data=body, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
        except OSError:
            return None, None

    def graphql(self, query, variables=None, token=None):
        return self.post(json.dumps({"query": query, "variables": variables or {}}).encode(), "application/json", token)

    def upload(self, image, annotation, token):
        boundary = uuid.uuid4().hex
        operations = json.dumps({
            "query": "mutation($f: Upload!, $a: String) { uploadScreenshot(image: $f, annotation: $a) { id } }",
            "variables": {"f": None, "a": annotation}})
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{operations}\r\n'.encode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{{"0":["variables.f"]}}\r\n'.encode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="0"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n'
            .encode() + image + f"\r\n--{boundary}--\r\n".encode(),
        ]
        return self.post(b"".join(parts), f"multipart/form-data; boundary={boundary}", token)


def ok(status, body, field):
    return status == 200 and body is not None and not body.get("errors") and body["data"][field] is not None


def sign_up(client, label):
    suffix = uuid.uuid4().hex[:8]
    status, body = client.graphql(
        "mutation($input: SignUpInput!) { signUp(input: $input) { token user { id } } }",
        {"input": {"email": f"{label}.{suffix}@example.com", "nickname": f"{label}_{suffix}", "password": PASSWORD,
                   "acceptedTerms": True}})
    assert ok(status, body, "signUp"), body
    return {"token": body["data"]["signUp"]["token"], "id": body["data"]["signUp"]["user"]["id"]}


def befriend(client, a, b):
    status, body = client.graphql("mutation($u: ID!) { sendFriendRequest(userId: $u) { id } }", {"u": b["id"]}, a["token"])
    assert ok(status, body, "sendFriendRequest"), body
    status, body = client.graphql("mutation($ids: [ID!]!) { acceptFriendRequests(ids: $ids) { id } }",
                                  {"ids": [body["data"]["sendFriendRequest"]["id"]]}, b["token"])
    assert ok(status, body, "acceptFriendRequests"), body


def test_acknowledged_writes_survive_a_postgresql_crash(durable_cluster):
    directory, port, owner = durable_cluster
    # Sign-up hands out a token at once, so the test needs no mail.
    quarry = QuarryProcess(QUARRY_DATABASE_URL=f"postgresql://{owner}@127.0.0.1:{port}/postgres",
                           QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false")
    client = Client(quarry.base)
    try:
        users = [sign_up(client, f"crash{i}") for i in range(6)]
        for i in range(6):
            befriend(client, users[i], users[(i + 1) % 6])
        status, body = client.upload(png("annotated"), "v0", users[5]["token"])
        assert ok(status, body, "uploadScreenshot"), body
        annotated = body["data"]["uploadScreenshot"]["id"]

        lock, stop = threading.Lock(), threading.Event()
        messages, screenshots, annotations, errors, readiness = [], [], [], [], []

        def record_error(body):
            with lock:
                errors.extend(e.get("extensions", {}).get("code") for e in (body or {}).get("errors", []))

        def send_messages(i):
            k = 0
            while not stop.is_set():
                text = f"crash {i} {k}"
                status, body = client.graphql("mutation($to: ID!, $t: String!) { sendMessage(toUserId: $to, text: $t) { id } }",
                                              {"to": users[(i + 1) % 6]["id"], "t": text}, users[i]["token"])
                if ok(status, body, "sendMessage"):
                    with lock:
                        messages.append((uuid_of(body["data"]["sendMessage"]["id"]), text))
                else:
                    record_error(body)
                    time.sleep(0.05)
                k += 1

        def upload(i):
            k = 0
            while not stop.is_set():
                annotation = f"shot {i} {k}"
                status, body = client.upload(png(annotation), annotation, users[i]["token"])
                if ok(status, body, "uploadScreenshot"):
                    with lock:
                        screenshots.append((uuid_of(body["data"]["uploadScreenshot"]["id"]), annotation))
                else:
                    record_error(body)
                    time.sleep(0.05)
                k += 1

        def annotate():
            k = 1
            while not stop.is_set():
                status, body = client.graphql("mutation($id: ID!, $a: String!) { updateScreenshotAnnotation(id: $id, annotation: $a) { id } }",
                                              {"id": annotated, "a": f"v{k}"}, users[5]["token"])
                if ok(status, body, "updateScreenshotAnnotation"):
                    with lock:
                        annotations.append(k)
                else:
                    record_error(body)
                    time.sleep(0.05)
                k += 1

        def poll_readiness():
            while not stop.is_set():
                started = time.monotonic()
                status = ready_status(quarry.base)
                readiness.append((started, time.monotonic(), status))
                time.sleep(0.05)

        threads = ([threading.Thread(target=send_messages, args=(i,)) for i in range(4)]
                   + [threading.Thread(target=upload, args=(i,)) for i in (4, 5)]
                   + [threading.Thread(target=annotate), threading.Thread(target=poll_readiness)])
        for thread in threads:
            thread.start()
        time.sleep(2)
        before = (len(messages), len(screenshots), len(annotations))
        stopping = time.monotonic()
        cluster("stop", str(directory), "immediate")
        stopped = time.monotonic()
        time.sleep(2)
        restarting = time.monotonic()
        cluster("start", str(directory), port, "durable")
        started = time.monotonic()
        deadline, recovered = started + 60, None
        while time.monotonic() < deadline and recovered is None:
            with lock:
                count = len(messages)
            time.sleep(0.1)
            with lock:
                if len(messages) > count:
                    recovered = time.monotonic()
        time.sleep(1)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert not any(thread.is_alive() for thread in threads)
        assert recovered is not None, "no message was sent within 60 s of PostgreSQL's restart"
        print(f"writes resumed {recovered - started:.2f} s after PostgreSQL was back; acknowledged: "
              f"{len(messages)} messages, {len(screenshots)} screenshots, {len(annotations)} annotations "
              f"({before} before the crash); refused: {len(errors)}")
        assert all(count > 0 for count in before), before
        assert set(errors) <= {"DATABASE_UNAVAILABLE"}, set(errors)

        # Every acknowledged write is there; nothing else but what was attempted.
        stored = dict(sql(port, owner, "SELECT id, text FROM messages"))
        assert all(stored.get(id) == text for id, text in messages), "an acknowledged message is missing"
        assert all(text.startswith("crash ") for text in stored.values())
        shots = {row[0]: row[1:] for row in sql(port, owner, "SELECT s.id, s.annotation, m.sha256 FROM screenshots s JOIN media m ON m.id = s.media_id")}
        assert all(id in shots and shots[id][0] == annotation for id, annotation in screenshots), \
            "an acknowledged screenshot is missing"
        [[final]] = sql(port, owner, f"SELECT annotation FROM screenshots WHERE id = '{uuid_of(annotated)}'")
        last = annotations[-1]
        assert final in (f"v{last}", f"v{last + 1}"), (final, last)

        # Nothing half-written: every screenshot has its medium (a join above), every medium its file (the
        # file is stored before the row commits, Sources/AppCore/Media/MediaIngest.swift), no partial file in
        # the store, no upload left in the temporary folder. A file without its medium is an upload whose
        # transaction the crash cut off: the orphaned files' sweep removes it after its grace period.
        media = {row[0] for row in sql(port, owner, "SELECT sha256 FROM media")}
        assert len(sql(port, owner, "SELECT id FROM screenshots")) == len(shots)
        store = Path(quarry.data) / "media"
        files = {path.name for path in store.rglob("*") if path.is_file()}
        assert not [name for name in files if ".partial-" in name], files
        assert media <= files, f"media rows without their file: {len(media - files)}"
        if files - media:
            print(f"files without their media row, left for the sweep (uploads cut off by the crash): {len(files - media)}")
        assert not [path for path in (Path(quarry.data) / "tmp").rglob("upload-*")]

        # /readyz: ready before the crash, not ready while PostgreSQL was down, ready again after.
        assert all(status == 200 for begun, ended, status in readiness if ended < stopping), readiness[:5]
        down = [status for begun, ended, status in readiness if begun > stopped + 0.5 and ended < restarting]
        assert down and all(status == 503 for status in down), down
        after = [status for begun, ended, status in readiness if begun > recovered + 0.5]
        assert after and all(status == 200 for status in after), after
        assert ready_status(quarry.base) == 200
    finally:
        quarry.stop()


def test_an_upload_cut_off_by_sigkill_leaves_no_temporary_file_after_the_next_start(durable_cluster):
    directory, port, owner = durable_cluster
    url = f"postgresql://{owner}@127.0.0.1:{port}/postgres"
    # Sign-up hands out a token at once, so the test needs no mail.
    first = QuarryProcess(QUARRY_DATABASE_URL=url, QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false")
    data, tmp = first.data, Path(first.data) / "tmp"
    psql = Path(os.environ.get("QUARRY_TEST_PG_BIN", "/usr/lib/postgresql/15/bin")) / "psql"
    locker = None
    try:
        client = Client(first.base)
        user = sign_up(client, "killed")
        # Another session holds the media table, so the upload waits at its INSERT with its file in the
        # temporary folder: the moment to kill the server.
        locker = subprocess.Popen([str(psql), "-h", "127.0.0.1", "-p", port, "-U", owner, "-d", "postgres"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        locker.stdin.write("BEGIN;\nLOCK TABLE media IN ACCESS EXCLUSIVE MODE;\n")
        locker.stdin.flush()
        assert locker.stdout.readline().strip() == "BEGIN" and locker.stdout.readline().strip() == "LOCK TABLE"
        upload = threading.Thread(target=client.upload, args=(png("killed"), "killed mid-upload", user["token"]), daemon=True)
        upload.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not list(tmp.rglob("upload-*")):
            time.sleep(0.05)
        assert list(tmp.rglob("upload-*")), "the upload never reached the temporary folder"
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(timeout=10)
        assert list(tmp.rglob("upload-*")), "SIGKILL left no file behind: the test would show nothing"
    finally:
        if locker:
            locker.stdin.close()
            locker.wait(timeout=30)
        first.stop()
    second = QuarryProcess(QUARRY_DATABASE_URL=url, QUARRY_DATA_DIR=data)
    try:
        assert not list(tmp.rglob("upload-*")), list(tmp.rglob("*"))
        assert not [path for path in (Path(data) / "media").rglob("*") if ".partial-" in path.name]
        assert sql(port, owner, "SELECT count(*) FROM screenshots WHERE annotation = 'killed mid-upload'") == [["0"]]
    finally:
        second.stop()
