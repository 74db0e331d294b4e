"""Issue 11: GraphiQL at GET /graphql works in a real browser as Quarry ships it, its Content-Security-Policy in
force. No CDN is reachable here, so the page's files come from the graphene-django-graphiql-static wheel (GraphiQL 2,
React 17; `make deps` installs it), served on loopback and named by QUARRY_GRAPHIQL_ASSETS_URL."""
import base64
import functools
import hashlib
import http.server
import importlib.util
import json
import re
import shutil
import threading
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import chromium, quarry_server

ASSET_NAMES = ("graphiql.min.js", "graphiql.min.css", "react.production.min.js", "react-dom.production.min.js")
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
PASSWORD = "correct horse battery staple 42"
WAIT_SECONDS = 20


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def assets_url():
    """The wheel's static folder over HTTP on a free loopback port."""
    spec = importlib.util.find_spec("graphene_django_graphiql_static")
    assert spec and spec.origin, "graphene-django-graphiql-static is not installed: run `make deps`"
    folder = Path(spec.origin).parent / "static" / "graphene_django_graphiql_static"
    assert all((folder / name).is_file() for name in ASSET_NAMES), sorted(p.name for p in folder.iterdir())
    files = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=files.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{files.server_address[1]}/"
    files.shutdown()
    files.server_close()


@pytest.fixture(scope="module")
def graphiql_server(assets_url):
    # Sign-up answers a token at once, so the test needs no mailbox.
    with quarry_server(QUARRY_GRAPHIQL_ASSETS_URL=assets_url, QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false") as base:
        yield base


@pytest.fixture(scope="module")
def browser(graphiql_server):
    """Chromium of its own, set up after this module's server and so quit before it stops: a connection on which
    Chromium has not sent a request yet (it opens spare ones) holds `quarry serve`'s graceful shutdown for the whole
    QUARRY_SHUTDOWN_TIMEOUT_SECONDS, which the session's browser, still open then, would cause."""
    with chromium() as driver:
        yield driver


def call(base, query, variables=None, token=None):
    request = urllib.request.Request(
        base + "/graphql", data=json.dumps({"query": query, "variables": variables or {}}).encode(),
        headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        result = json.loads(response.read())
    assert "errors" not in result, result
    return result["data"]


def sign_up(base, label):
    suffix = uuid.uuid4().hex[:8]
    payload = call(base, "mutation($input: SignUpInput!) { signUp(input: $input) { token user { id nickname } } }", {
        "input": {"email": f"{label}.{suffix}@example.com", "nickname": f"{label}_{suffix}", "password": PASSWORD,
                  "acceptedTerms": True},
    })["signUp"]
    return {"token": payload["token"], "id": payload["user"]["id"], "nickname": payload["user"]["nickname"]}


def befriend(base, a, b):
    request = call(base, "mutation($u: ID!) { sendFriendRequest(userId: $u) { id } }", {"u": b["id"]}, a["token"])
    call(base, "mutation($ids: [ID!]!) { acceptFriendRequests(ids: $ids) { id } }",
         {"ids": [request["sendFriendRequest"]["id"]]}, b["token"])


def wait(browser):
    return WebDriverWait(browser, WAIT_SECONDS)


def set_editor(browser, selector, text):
    """Types into one of GraphiQL's CodeMirror editors through CodeMirror's own API (what keystrokes would do)."""
    browser.execute_script("document.querySelector(arguments[0]).CodeMirror.setValue(arguments[1])", selector, text)


def run_operation(browser, text):
    editor = ".graphiql-query-editor .CodeMirror"
    set_editor(browser, editor, text)
    # GraphiQL parses the editor's text after a debounce and keeps the document on the editor; the fetcher picks
    # WebSocket for a subscription from that document, so run only once it is the new text's.
    wait(browser).until(lambda driver: driver.execute_script(
        "var ast = document.querySelector(arguments[0]).CodeMirror.documentAST;"
        "return !!ast && ast.loc.source.body === arguments[1]", editor, text))
    browser.find_element(By.CSS_SELECTOR, ".graphiql-execute-button").click()


def response_text(browser):
    return browser.find_element(By.CSS_SELECTOR, ".graphiql-response").text


def test_the_page_names_the_served_files_and_allows_its_inline_script_by_hash(graphiql_server, assets_url):
    request = urllib.request.Request(graphiql_server + "/graphql", headers={"Accept": BROWSER_ACCEPT})
    with urllib.request.urlopen(request, timeout=10) as response:
        html = response.read().decode()
        headers = response.headers
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["X-Content-Type-Options"] == "nosniff"
    for name in ASSET_NAMES:
        assert assets_url + name in html
    assert "integrity=" not in html
    script = re.search(r"<script>(.*?)</script>", html, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    origin = assets_url.rstrip("/")
    assert f"script-src {origin} 'sha256-{digest}';" in headers["Content-Security-Policy"]


def test_graphiql_runs_a_query_in_chromium(graphiql_server, browser, tmp_path):
    browser.set_window_size(1280, 800)
    browser.get(graphiql_server + "/graphql")
    wait(browser).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".graphiql-query-editor .CodeMirror"))
    run_operation(browser, "{ ping }")
    wait(browser).until(lambda driver: "pong" in response_text(driver))
    screenshot = tmp_path / "graphiql.png"
    browser.save_screenshot(str(screenshot))
    shutil.copy(screenshot, "/tmp/graphiql.png")
    problems = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not problems, problems  # a CSP violation or a script error is logged as SEVERE


def test_the_headers_editor_signs_in_and_a_subscription_arrives_over_websocket(graphiql_server, browser):
    alice, bob = sign_up(graphiql_server, "alice"), sign_up(graphiql_server, "bob")
    befriend(graphiql_server, alice, bob)
    browser.get(graphiql_server + "/graphql")
    wait(browser).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".graphiql-query-editor .CodeMirror"))
    browser.find_element(By.XPATH, "//button[normalize-space()='Headers']").click()
    set_editor(browser, ".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror",
               json.dumps({"Authorization": f"Bearer {bob['token']}"}))
    run_operation(browser, "{ viewer { nickname } }")
    wait(browser).until(lambda driver: bob["nickname"] in response_text(driver))

    run_operation(browser, "subscription { messageReceived { text } }")
    text = f"hello {uuid.uuid4().hex[:6]}"
    deadline = time.monotonic() + WAIT_SECONDS
    # A message sent before the subscription is registered is not delivered: send until one shows.
    while text not in response_text(browser):
        assert time.monotonic() < deadline, response_text(browser)
        call(graphiql_server, "mutation($to: ID!, $t: String!) { sendMessage(toUserId: $to, text: $t) { id } }",
             {"to": bob["id"], "t": text}, alice["token"])
        time.sleep(0.5)
