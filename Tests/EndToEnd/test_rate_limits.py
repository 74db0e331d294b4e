"""Issue 18, "Abuse limits": the per-address limits of signUp, logIn, requestPasswordReset and
resendVerification, with their shipped values (10/3600, 20/60, 5/3600, 5/3600), exceeded from one
address (loopback) against `quarry serve`: the call past each limit is refused before it runs with
RATE_LIMITED, over HTTP as 429 with Retry-After, over WebSocket as the operation's `error`; aliases and
fragments count each call."""
import json
import urllib.error
import urllib.request
import uuid

import pytest
from websockets.sync.client import connect

from conftest import QuarryProcess


@pytest.fixture()
def quarry():
    # A process per test: each starts with no calls counted.
    process = QuarryProcess()
    yield process
    process.stop()


def post(quarry, query, variables=None):
    """(status, headers, body) of a POST /graphql."""
    request = urllib.request.Request(
        quarry.base + "/graphql", data=json.dumps({"query": query, "variables": variables or {}}).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/graphql-response+json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.headers, json.loads(error.read())


def assert_limited(status, headers, body, window):
    assert status == 429, body
    assert "data" not in body, body
    [error] = body["errors"]
    assert error["extensions"]["code"] == "RATE_LIMITED", error
    seconds = int(headers["Retry-After"])
    assert 1 <= seconds <= window and error["extensions"]["retryAfterSeconds"] == seconds


LOG_IN = 'mutation { logIn(email: "nobody@example.com", password: "wrong") { token } }'


def test_log_in_past_twenty_a_minute(quarry):
    for _ in range(20):
        # Each runs: it fails as a field (a wrong password, then the existing lockout after 5 failures).
        status, _, body = post(quarry, LOG_IN)
        assert status == 200 and body["data"] is None and body["errors"][0]["path"] == ["logIn"], body
    assert_limited(*post(quarry, LOG_IN), window=60)
    # Other mutations and queries are not limited.
    status, _, body = post(quarry, "{ serverTime }")
    assert status == 200 and "errors" not in body


def test_aliases_and_fragments_count_each_call(quarry):
    status, _, _ = post(quarry, "mutation { " + " ".join(
        f'a{i}: logIn(email: "nobody@example.com", password: "wrong") {{ token }}' for i in range(19)) + " }")
    assert status == 200
    assert_limited(*post(quarry, 'mutation { ...F ...F a: logIn(email: "x@example.com", password: "x") { token } } '
                                'fragment F on Mutation { logIn(email: "y@example.com", password: "y") { token } }'),
                   window=60)
    status, _, body = post(quarry, LOG_IN)
    assert status == 200, body  # the refused request counted nothing: this is the 20th call


def test_sign_up_password_reset_and_resend(quarry):
    sign_up = "mutation ($input: SignUpInput!) { signUp(input: $input) { __typename } }"
    for _ in range(10):
        suffix = uuid.uuid4().hex[:10]
        status, _, body = post(quarry, sign_up, {"input": {
            "email": f"limit.{suffix}@example.com", "nickname": f"limit_{suffix}",
            "password": "correct horse battery staple 42", "acceptedTerms": True}})
        assert status == 200 and "errors" not in body, body
    assert_limited(*post(quarry, sign_up, {"input": {
        "email": "one.more@example.com", "nickname": "one_more", "password": "correct horse battery staple 42",
        "acceptedTerms": True}}), window=3600)
    for mutation in ("requestPasswordReset", "resendVerification"):
        query = f'mutation {{ {mutation}(email: "someone@example.com") }}'
        for _ in range(5):
            status, _, body = post(quarry, query)
            assert status == 200 and "data" in body, body
        assert_limited(*post(quarry, query), window=3600)


def test_websocket_mutations_share_the_limit(quarry):
    for _ in range(20):
        post(quarry, LOG_IN)
    with connect(f"ws://127.0.0.1:{quarry.port}/graphql", subprotocols=["graphql-transport-ws"],
                 open_timeout=10, close_timeout=5) as ws:
        ws.send(json.dumps({"type": "connection_init"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "connection_ack"
        ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": LOG_IN}}))
        message = json.loads(ws.recv(timeout=10))
    assert message["type"] == "error" and message["id"] == "1", message
    assert message["payload"][0]["extensions"]["code"] == "RATE_LIMITED", message
