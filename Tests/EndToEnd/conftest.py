"""Real parts for the end-to-end tests: Quarry's debug binary serving on a free loopback port against the
throwaway cluster of scripts/with-test-postgres.sh, a real SMTP server (aiosmtpd) that keeps every message
it receives, and headless Chromium driven by Selenium."""
import contextlib
import email
import email.policy
import json
import os
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mailbox:
    """aiosmtpd handler: every delivered message, parsed."""

    def __init__(self):
        self.messages = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append(message)
        return "250 OK"

    def wait_for(self, to, subject_part, timeout=20):
        """The first message to `to` whose subject contains `subject_part`, waiting for it."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                for message in self.messages:
                    if message["To"] and to in message["To"] and subject_part.lower() in message["Subject"].lower():
                        self.messages.remove(message)
                        return message
            time.sleep(0.1)
        raise AssertionError(f"no message to {to} about {subject_part!r} within {timeout}s")


@pytest.fixture(scope="session")
def mailbox():
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, controller.port
    controller.stop()


@contextlib.contextmanager
def quarry_server(**variables):
    """A debug `quarry serve` on a free loopback port against the test cluster, with its own data folder and
    `variables` added to its environment; yields its base URL once /readyz answers 200, and stops it after."""
    database = os.environ.get("QUARRY_TEST_DATABASE_URL")
    assert database, "QUARRY_TEST_DATABASE_URL is not set: run with scripts/with-test-postgres.sh (make test)"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data = tempfile.mkdtemp(prefix="quarry-e2e-")
    env = dict(
        os.environ,
        QUARRY_DATABASE_URL=database, QUARRY_HTTP_HOST="127.0.0.1", QUARRY_HTTP_PORT=str(port),
        QUARRY_PUBLIC_URL=base, QUARRY_DATA_DIR=data, QUARRY_LOG_LEVEL="warning",
        QUARRY_SCHEMA_DIR=str(ROOT / "schema"), QUARRY_MIGRATIONS_DIR=str(ROOT / "db/migrations"),
        QUARRY_TERMS_FILE=str(ROOT / "web/terms.html"), QUARRY_PRIVACY_FILE=str(ROOT / "web/privacy.html"),
    )
    env.update(variables)
    log = open(Path(data) / "server.log", "w")
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
            raise AssertionError("quarry did not become ready: " + (Path(data) / "server.log").read_text())
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


@pytest.fixture(scope="session")
def server(mailbox):
    _, smtp_port = mailbox
    with quarry_server(
        QUARRY_SMTP_URL=f"smtp://127.0.0.1:{smtp_port}", QUARRY_MAIL_FROM="Quarry <no-reply@quarry.test>",
        QUARRY_AUTH_ARGON2_MEMORY_KIB="1024", QUARRY_AUTH_ARGON2_ITERATIONS="1",
    ) as base:
        yield base


@pytest.fixture(scope="session")
def graphql(server):
    def call(query, variables=None, token=None):
        request = urllib.request.Request(
            server + "/graphql", data=json.dumps({"query": query, "variables": variables or {}}).encode(),
            headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    return call


@contextlib.contextmanager
def chromium():
    """Headless Chromium driven by Selenium (the system's chromium and chromedriver, no driver download)."""
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="quarry-chromium-"))
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="session")
def browser():
    with chromium() as driver:
        yield driver
