"""Issue 5's Messages end to end: two `quarry serve` processes on one database. A message sent through
instance A reaches a graphql-transport-ws subscriber connected to instance B (PostgreSQL LISTEN/NOTIFY), and
the seed's pull strategy works across them too (history in ascending order, `after` as the update cursor)."""
import json
import uuid

import pytest
from websockets.sync.client import connect

from conftest import QuarryProcess

PASSWORD = "correct horse battery staple 42"
SIGN_UP = "mutation($input: SignUpInput!) { signUp(input: $input) { token user { id nickname } } }"
SEND = "mutation($to: ID!, $text: String!) { sendMessage(toUserId: $to, text: $text) { id text } }"
CONVERSATION = """query($u: ID!, $after: String) {
  conversation(withUserId: $u, after: $after) { edges { node { text sender { nickname } } } pageInfo { endCursor } }
}"""
SUBSCRIPTION = "subscription { messageReceived { text sender { nickname } recipient { nickname } } }"


class Instance(QuarryProcess):
    """One `quarry serve` process with its own port, on the shared test database; sign-up hands out a token at
    once (QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false, Screen Cache's setting), so the test needs no mail."""

    def __init__(self):
        super().__init__(QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false")

    def socket(self, **headers):
        return connect(
            f"ws://127.0.0.1:{self.port}/graphql", subprotocols=["graphql-transport-ws"], additional_headers=headers,
            open_timeout=10, close_timeout=5,
        )


@pytest.fixture(scope="module")
def instances():
    # One after the other: the first applies any pending migration before the second starts.
    first = Instance()
    second = Instance()
    yield first, second
    second.stop()
    first.stop()


def sign_up(instance, label):
    suffix = uuid.uuid4().hex[:8]
    result = instance.graphql(SIGN_UP, {"input": {
        "email": f"{label}.{suffix}@example.com", "nickname": f"{label}_{suffix}", "password": PASSWORD,
        "acceptedTerms": True,
    }})
    assert "errors" not in result, result
    payload = result["data"]["signUp"]
    assert payload["token"], payload
    return {"token": payload["token"], "id": payload["user"]["id"], "nickname": payload["user"]["nickname"]}


def befriend(instance, a, b):
    """`a` asks `b` to be friends through instance `instance`, and `b` accepts."""
    request = instance.graphql("mutation($u: ID!) { sendFriendRequest(userId: $u) { id } }", {"u": b["id"]}, token=a["token"])
    assert "errors" not in request, request
    accepted = instance.graphql(
        "mutation($ids: [ID!]!) { acceptFriendRequests(ids: $ids) { id } }",
        {"ids": [request["data"]["sendFriendRequest"]["id"]]}, token=b["token"],
    )
    assert "errors" not in accepted, accepted


def receive(socket, timeout=15):
    return json.loads(socket.recv(timeout=timeout))


def open_session(instance, token=None):
    """A socket past connection_init/connection_ack, the token in the payload."""
    socket = instance.socket()
    socket.send(json.dumps({"type": "connection_init", "payload": {"authorization": f"Bearer {token}"} if token else {}}))
    assert receive(socket) == {"type": "connection_ack"}
    return socket


def subscribe(socket, operation_id, query):
    """Subscribes, then waits for a pong: messages are handled in order, so the subscription is registered."""
    socket.send(json.dumps({"id": operation_id, "type": "subscribe", "payload": {"query": query}}))
    socket.send(json.dumps({"type": "ping"}))
    answer = receive(socket)
    assert answer == {"type": "pong"}, answer


def test_a_message_sent_through_one_instance_reaches_a_subscriber_of_the_other(instances):
    a, b = instances
    alice, bob = sign_up(a, "alice"), sign_up(b, "bob")
    befriend(a, alice, bob)
    with open_session(b, bob["token"]) as socket:
        subscribe(socket, "inbox", SUBSCRIPTION)
        sent = a.graphql(SEND, {"to": bob["id"], "text": "Hello from instance A"}, token=alice["token"])
        assert "errors" not in sent, sent
        event = receive(socket)
        assert event["id"] == "inbox" and event["type"] == "next", event
        assert event["payload"] == {"data": {"messageReceived": {
            "text": "Hello from instance A", "sender": {"nickname": alice["nickname"]},
            "recipient": {"nickname": bob["nickname"]},
        }}}
        # Bob's own message to Alice is not pushed to Bob; the next one from Alice is.
        assert "errors" not in b.graphql(SEND, {"to": alice["id"], "text": "Hi Alice"}, token=bob["token"])
        assert "errors" not in a.graphql(SEND, {"to": bob["id"], "text": "Second"}, token=alice["token"])
        assert receive(socket)["payload"]["data"]["messageReceived"]["text"] == "Second"
        socket.send(json.dumps({"id": "inbox", "type": "complete"}))
        # After complete, nothing more arrives for the operation. A second subscription on the socket is the
        # witness (subscribe() waits for a pong, so the complete was handled first): "Third" reaches it, then
        # "Fourth", sent only once "Third" arrived; by then a "Third" for a still-running "inbox", sent at the
        # same moment as the witness's, would have arrived too.
        subscribe(socket, "witness", SUBSCRIPTION)
        received = []
        for text in ("Third", "Fourth"):
            assert "errors" not in a.graphql(SEND, {"to": bob["id"], "text": text}, token=alice["token"])
            while not received or received[-1] != {"id": "witness", "type": "next", "payload": {"data": {
                "messageReceived": {"text": text, "sender": {"nickname": alice["nickname"]},
                                    "recipient": {"nickname": bob["nickname"]}},
            }}}:
                received.append(receive(socket))
        assert [message for message in received if message.get("id") != "witness"] == [], received
        assert len(received) == 2, received
        # The socket still answers pings.
        socket.send(json.dumps({"type": "ping"}))
        assert receive(socket) == {"type": "pong"}


def test_the_subscriber_on_the_same_instance_and_the_other_both_receive(instances):
    a, b = instances
    alice, bob = sign_up(a, "alice"), sign_up(a, "bob")
    befriend(a, alice, bob)
    with open_session(a, bob["token"]) as on_a, open_session(b, bob["token"]) as on_b:
        subscribe(on_a, "1", SUBSCRIPTION)
        subscribe(on_b, "1", SUBSCRIPTION)
        assert "errors" not in b.graphql(SEND, {"to": bob["id"], "text": "to both"}, token=alice["token"])
        for socket in (on_a, on_b):
            assert receive(socket)["payload"]["data"]["messageReceived"]["text"] == "to both"


def test_a_guest_subscription_is_an_unauthenticated_error(instances):
    _, b = instances
    with open_session(b) as socket:
        socket.send(json.dumps({"id": "g", "type": "subscribe", "payload": {"query": SUBSCRIPTION}}))
        answer = receive(socket)
        assert answer["id"] == "g" and answer["type"] == "error", answer
        assert [error["extensions"]["code"] for error in answer["payload"]] == ["UNAUTHENTICATED"]


def test_history_is_ascending_and_the_pull_cursor_brings_what_is_new(instances):
    """Seed "view messages sent to a friend" and "send a message to a friend" (pull notification strategy)."""
    a, b = instances
    alice, bob = sign_up(a, "alice"), sign_up(a, "bob")
    befriend(a, alice, bob)
    for text, sender, recipient in [("one", alice, bob), ("two", bob, alice), ("three", alice, bob)]:
        assert "errors" not in a.graphql(SEND, {"to": recipient["id"], "text": text}, token=sender["token"])
    history = b.graphql(CONVERSATION, {"u": alice["id"]}, token=bob["token"])["data"]["conversation"]
    assert [edge["node"]["text"] for edge in history["edges"]] == ["one", "two", "three"]
    assert [edge["node"]["sender"]["nickname"] for edge in history["edges"]][-1] == alice["nickname"]
    cursor = history["pageInfo"]["endCursor"]
    assert "errors" not in a.graphql(SEND, {"to": bob["id"], "text": "four"}, token=alice["token"])
    update = b.graphql(CONVERSATION, {"u": alice["id"], "after": cursor}, token=bob["token"])["data"]["conversation"]
    assert [edge["node"]["text"] for edge in update["edges"]] == ["four"]
    stranger = sign_up(b, "stranger")
    refused = b.graphql(SEND, {"to": alice["id"], "text": "hi"}, token=stranger["token"])
    assert refused["errors"][0]["extensions"]["code"] == "NOT_FRIENDS"
