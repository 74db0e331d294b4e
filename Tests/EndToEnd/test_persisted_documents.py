"""Issue 11's persisted documents end to end, as real clients use them against the shipped binary: Apollo
Client's automatic persisted queries (hash first, the text once after PersistedQueryNotFound, then GET by
hash for CDNs), and a trusted-documents manifest written by `quarry graphql hash` served with
QUARRY_TRUSTED_DOCUMENTS=only (documents by `documentId`, anything else refused, introspection still works)."""
import hashlib
import json
import os
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from conftest import ROOT, free_port


def post(base, body):
    request = urllib.request.Request(
        base + "/graphql", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, dict(response.headers), json.loads(response.read())


def get(base, **parameters):
    url = base + "/graphql?" + urllib.parse.urlencode(parameters)
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, json.loads(response.read())


def code(body):
    return body["errors"][0]["extensions"]["code"]


def test_automatic_persisted_queries(server):
    query = "query PersistedPing%s { ping }" % os.getpid()
    digest = hashlib.sha256(query.encode()).hexdigest()
    extensions = {"persistedQuery": {"version": 1, "sha256Hash": digest}}
    status, headers, body = post(server, {"extensions": extensions})
    assert status == 200 and code(body) == "PERSISTED_QUERY_NOT_FOUND"
    assert body["errors"][0]["message"] == "PersistedQueryNotFound"
    assert headers["Cache-Control"] == "private, no-cache, must-revalidate"
    assert post(server, {"query": query, "extensions": extensions})[2] == {"data": {"ping": "pong"}}
    assert get(server, extensions=json.dumps(extensions, separators=(",", ":")), variables="{}") == (
        200, {"data": {"ping": "pong"}}
    )
    wrong = {"persistedQuery": {"version": 1, "sha256Hash": hashlib.sha256(b"{ ping }").hexdigest()}}
    assert code(post(server, {"query": query, "extensions": wrong})[2]) == "PERSISTED_QUERY_HASH_MISMATCH"


def test_trusted_documents_only(tmp_path):
    document = tmp_path / "ping.graphql"
    document.write_text("query TrustedPing { ping }\n")
    hashed = subprocess.run(
        [str(ROOT / ".build/debug/quarry"), "graphql", "hash", str(document)], capture_output=True, text=True,
        timeout=60, check=True,
    )
    manifest = tmp_path / "manifest.json"
    manifest.write_text(hashed.stdout)
    digest = hashlib.sha256(document.read_bytes()).hexdigest()
    assert json.loads(hashed.stdout) == {digest: "query TrustedPing { ping }\n"}

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data = tempfile.mkdtemp(prefix="quarry-e2e-trusted-")
    env = dict(
        os.environ,
        QUARRY_DATABASE_URL=os.environ["QUARRY_TEST_DATABASE_URL"], QUARRY_HTTP_HOST="127.0.0.1",
        QUARRY_HTTP_PORT=str(port), QUARRY_DATA_DIR=data, QUARRY_LOG_LEVEL="warning",
        QUARRY_SCHEMA_DIR=str(ROOT / "schema"), QUARRY_MIGRATIONS_DIR=str(ROOT / "db/migrations"),
        QUARRY_TRUSTED_DOCUMENTS="only", QUARRY_TRUSTED_DOCUMENTS_MANIFEST=str(manifest),
    )
    log_path = Path(data) / "server.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen([str(ROOT / ".build/debug/quarry"), "serve"], env=env, stdout=log, stderr=log)
        try:
            for _ in range(300):
                try:
                    with urllib.request.urlopen(base + "/readyz", timeout=1) as response:
                        if response.status == 200:
                            break
                except OSError:
                    time.sleep(0.1)
            else:
                raise AssertionError("quarry did not become ready: " + log_path.read_text())
            assert get(base, documentId="sha256:" + digest) == (200, {"data": {"ping": "pong"}})
            assert post(base, {"documentId": digest})[2] == {"data": {"ping": "pong"}}
            assert code(post(base, {"query": "{ ping }"})[2]) == "PERSISTED_QUERY_NOT_ALLOWED"
            introspection = post(base, {"query": "{ __schema { queryType { name } } }"})[2]
            assert introspection == {"data": {"__schema": {"queryType": {"name": "Query"}}}}
        finally:
            process.terminate()
            process.wait(timeout=30)
