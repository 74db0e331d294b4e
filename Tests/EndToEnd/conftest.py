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
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class QuarryProcess:
    """One `quarry serve` (the debug build) on a free loopback port against the throwaway cluster, with the
    shipped settings: no QUARRY_* variable is inherited, only those below and the ones a test passes (each
    test says why). Argon2 runs at its smallest cost so that sign-ups do not dominate the suite's time."""

    def __init__(self, *arguments, **settings):
        """`arguments` follow `serve` (e.g. `--no-migrate`); `QUARRY_DATA_DIR` may name an earlier process's folder."""
        database = os.environ.get("QUARRY_TEST_DATABASE_URL")
        assert database, "QUARRY_TEST_DATABASE_URL is not set: run with scripts/with-test-postgres.sh (make test)"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data = settings.pop("QUARRY_DATA_DIR", None) or tempfile.mkdtemp(prefix="quarry-e2e-")
        self.environment = dict(
            QUARRY_DATABASE_URL=settings.pop("QUARRY_DATABASE_URL", database), QUARRY_HTTP_HOST="127.0.0.1",
            QUARRY_HTTP_PORT=str(self.port),
            QUARRY_PUBLIC_URL=self.base, QUARRY_DATA_DIR=self.data, QUARRY_AUTH_ARGON2_MEMORY_KIB="1024",
            QUARRY_AUTH_ARGON2_ITERATIONS="1", QUARRY_LOG_LEVEL="warning",
            QUARRY_SCHEMA_DIR=str(ROOT / "schema"), QUARRY_MIGRATIONS_DIR=str(ROOT / "db/migrations"),
            QUARRY_TERMS_FILE=str(ROOT / "web/terms.html"), QUARRY_PRIVACY_FILE=str(ROOT / "web/privacy.html"),
            **settings,
        )
        inherited = {key: value for key, value in os.environ.items() if not key.startswith("QUARRY_")}
        self.log_path = Path(self.data) / "server.log"
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [str(ROOT / ".build/debug/quarry"), "serve", *arguments], env={**inherited, **self.environment},
            stdout=self.log, stderr=self.log,
        )
        for _ in range(300):
            try:
                with urllib.request.urlopen(self.base + "/readyz", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError("quarry did not become ready: " + self.log_path.read_text())

    def graphql(self, query, variables=None, token=None):
        """POSTs an operation and returns the JSON response, whatever its status."""
        request = urllib.request.Request(
            self.base + "/graphql", data=json.dumps({"query": query, "variables": variables or {}}).encode(),
            headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            return json.loads(error.read())

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.log.close()


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


CLUSTER = ROOT / "scripts" / "test-pg-cluster.sh"


def cluster(*arguments):
    """Runs scripts/test-pg-cluster.sh (init, start, stop, port, owner) and returns its output."""
    return subprocess.run([str(CLUSTER), *arguments], capture_output=True, text=True, check=True, timeout=120).stdout


@contextlib.contextmanager
def own_cluster(name, *start_options):
    """A PostgreSQL cluster of a test's own, for tests that stop or crash it (the shared one stays up for the
    others): under the throwaway cluster's folder, so scripts/with-test-postgres.sh removes it even if the test
    process dies. Yields (directory, port, owner); `start_options` go to test-pg-cluster.sh start (`durable`)."""
    directory = Path(os.environ["QUARRY_TEST_PG_SOCKET_DIR"]) / f"restart_{name}_{os.getpid()}"
    port = cluster("port").strip()
    owner = cluster("owner").strip()
    cluster("init", str(directory))
    cluster("start", str(directory), port, *start_options)
    try:
        yield directory, port, owner
    finally:
        subprocess.run([str(CLUSTER), "stop", str(directory), "immediate"], capture_output=True, timeout=120)


def psql_rows(database, query):
    """Rows of `query` on `database` (a URL), as lists of text fields."""
    psql = Path(os.environ.get("QUARRY_TEST_PG_BIN", "/usr/lib/postgresql/15/bin")) / "psql"
    out = subprocess.run([str(psql), database, "-AtF", "\t", "-c", query],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    return [line.split("\t") for line in out.splitlines()]


def ready_status(base):
    """The status of GET /readyz; None when the server does not answer."""
    try:
        with urllib.request.urlopen(base + "/readyz", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


@contextlib.contextmanager
def quarry_server(**settings):
    """A ``QuarryProcess`` with `settings` for a `with` block: yields its base URL, stops it after."""
    process = QuarryProcess(**settings)
    try:
        yield process.base
    finally:
        process.stop()


@pytest.fixture(scope="session")
def server(mailbox):
    _, smtp_port = mailbox
    with quarry_server(
        QUARRY_SMTP_URL=f"smtp://127.0.0.1:{smtp_port}", QUARRY_MAIL_FROM="Quarry <no-reply@quarry.test>",
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
