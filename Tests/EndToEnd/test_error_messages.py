"""Issue 13's error message catalogue end to end: two `quarry serve` processes on a fresh database of their own
(the test edits the catalogue, which the other end-to-end tests read with its seeded texts). An ADMIN's
`upsertErrorMessage` through instance A shows on instance B's next error with that code within seconds, through
the LISTEN that `quarry serve` runs (NOTIFY error_messages), for a GraphQL error and for the HTTP layer's own."""
import json
import time
import urllib.error
import urllib.request
import uuid

import pytest

from conftest import QuarryProcess
from test_commands import fresh_database, sql

PASSWORD = "correct horse battery staple 42"
SIGN_UP = "mutation($input: SignUpInput!) { signUp(input: $input) { token user { email } } }"
LOG_IN = "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }"
UPSERT = "mutation($c: String!, $m: String!) { upsertErrorMessage(code: $c, message: $m) { code message } }"


@pytest.fixture(scope="module")
def instances():
    database = fresh_database()
    # Sign-up hands out a token at once (Screen Cache's setting), so the test needs no mail. One after the
    # other: the first applies the migrations before the second starts.
    first = QuarryProcess(QUARRY_DATABASE_URL=database, QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false")
    second = QuarryProcess(QUARRY_DATABASE_URL=database, QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false")
    yield database, first, second
    second.stop()
    first.stop()


def sign_up(instance, label):
    email = f"{label}.{uuid.uuid4().hex[:8]}@example.com"
    result = instance.graphql(SIGN_UP, {"input": {
        "email": email, "nickname": email.split("@")[0].replace(".", "_"), "password": PASSWORD, "acceptedTerms": True,
    }})
    assert "errors" not in result, result
    return email, result["data"]["signUp"]["token"]


def malformed_authorization(instance):
    """The message of the 401 an `Authorization` header that is not a bearer token gets."""
    request = urllib.request.Request(
        instance.base + "/graphql", data=json.dumps({"query": "{ ping }"}).encode(),
        headers={"Content-Type": "application/json", "Authorization": "Basic abc"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 401
    return json.loads(refused.value.read())["errors"][0]["message"]


def eventually(read, expected, seconds=10):
    """Polls `read()` until it answers `expected`, for at most `seconds`; answers the last reading."""
    deadline = time.monotonic() + seconds
    while True:
        value = read()
        if value == expected or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


def test_an_edit_on_one_instance_shows_on_the_others_next_error(instances):
    database, first, second = instances
    admin_email, admin_token = sign_up(first, "admin")
    sql(database, f"UPDATE users SET role = 'ADMIN' WHERE email = '{admin_email}'")
    user_email, _ = sign_up(first, "member")

    def failed_log_in():
        result = second.graphql(LOG_IN, {"e": user_email, "p": "not the password"})
        assert result["errors"][0]["extensions"]["code"] == "INVALID_CREDENTIALS", result
        return result["errors"][0]["message"]

    assert failed_log_in() == "Email or password are incorrect"
    assert malformed_authorization(second) == 'The Authorization header must be "Bearer <token>".'

    changed = first.graphql(UPSERT, {"c": "INVALID_CREDENTIALS", "m": "Check your login."}, token=admin_token)
    assert changed == {"data": {"upsertErrorMessage": {"code": "INVALID_CREDENTIALS", "message": "Check your login."}}}
    assert eventually(failed_log_in, "Check your login.") == "Check your login."

    changed = first.graphql(UPSERT, {"c": "MALFORMED_AUTHORIZATION", "m": "Send a bearer token."}, token=admin_token)
    assert "errors" not in changed, changed
    assert eventually(lambda: malformed_authorization(second), "Send a bearer token.") == "Send a bearer token."

    # Anyone may look a code up, on either instance.
    looked_up = second.graphql("query($c: String!) { errorMessage(code: $c) { message } }", {"c": "INVALID_CREDENTIALS"})
    assert looked_up == {"data": {"errorMessage": {"message": "Check your login."}}}
