"""Issue 12, "quarry commands": every command but `graphql` run as the user runs it — the debug binary as a
subprocess, against a fresh database of the throwaway cluster of scripts/with-test-postgres.sh, with the shipped
settings (conftest's QuarryProcess; the command runs below get the same environment). These are end-to-end
tests rather than Swift tests because forking from the Swift test process interrupts other suites' blocking
reads with SIGCHLD (Tests/PostgresTests/TestCluster.swift)."""
import os
import re
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
from graphql import build_schema, print_schema

from conftest import ROOT, QuarryProcess, free_port

QUARRY = str(ROOT / ".build/debug/quarry")
MIGRATIONS = sorted(path.stem for path in (ROOT / "db/migrations").glob("*.sql"))


def fresh_database():
    """The URL of a new, empty database on the throwaway cluster."""
    url = os.environ.get("QUARRY_TEST_DATABASE_URL")
    assert url, "QUARRY_TEST_DATABASE_URL is not set: run with scripts/with-test-postgres.sh (make test)"
    name = "quarry_cmd_" + uuid.uuid4().hex[:8]
    sql(url, f'CREATE DATABASE "{name}"')
    return urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(path="/" + name))


def sql(url, statement):
    """Runs one statement with psql and returns its unaligned output."""
    return subprocess.run(
        ["psql", url, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", statement], capture_output=True, text=True,
        check=True, timeout=60,
    ).stdout.strip()


def environment(database):
    """The environment QuarryProcess gives `quarry serve`, for the other commands: the shipped settings, with
    the throwaway database and Argon2 at its smallest cost (as QuarryProcess says why)."""
    inherited = {key: value for key, value in os.environ.items() if not key.startswith("QUARRY_")}
    return {
        **inherited, "QUARRY_DATABASE_URL": database, "QUARRY_SCHEMA_DIR": str(ROOT / "schema"),
        "QUARRY_MIGRATIONS_DIR": str(ROOT / "db/migrations"), "QUARRY_AUTH_ARGON2_MEMORY_KIB": "1024",
        "QUARRY_AUTH_ARGON2_ITERATIONS": "1", "QUARRY_LOG_LEVEL": "warning",
        "QUARRY_DATA_DIR": tempfile.mkdtemp(prefix="quarry-e2e-commands-"),
    }


def quarry(database, *arguments, stdin=None):
    """Runs a command to its end (at most 120 s) and returns the completed process."""
    return subprocess.run(
        [QUARRY, *arguments], env=environment(database), input=stdin, capture_output=True, text=True, timeout=120,
    )


def status(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def log_in(server, email, password):
    response = server.graphql(
        "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token user { role } } }",
        {"e": email, "p": password},
    )
    assert "errors" not in response, response
    return response["data"]["logIn"]


def test_migrate_applies_every_migration_once():
    database = fresh_database()
    first = quarry(database, "migrate")
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "Applied: " + ", ".join(MIGRATIONS)
    applied = sql(database, "SELECT name FROM quarry_migrations ORDER BY version").split("\n")
    assert applied == MIGRATIONS
    assert sql(database, "SELECT to_regclass('users') IS NOT NULL") == "t"
    again = quarry(database, "migrate")
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "No pending migrations."


def test_migrate_names_a_bad_setting_and_exits_78():
    result = subprocess.run(
        [QUARRY, "migrate"], env={**environment(fresh_database()), "QUARRY_DATABASE_URL": "mysql://nope"},
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 78
    assert "QUARRY_DATABASE_URL" in result.stderr


def test_seed_demo_is_idempotent_and_prints_the_password_that_signs_in():
    database = fresh_database()
    first = quarry(database, "seed-demo")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.strip().split("\n")
    assert lines[0].startswith("Demo accounts created: "), first.stdout
    accounts = lines[0].removeprefix("Demo accounts created: ").split(", ")
    password = re.fullmatch(r'Every demo account signs in with the password "(.+)"\.', lines[1]).group(1)
    users = int(sql(database, "SELECT count(*) FROM users"))
    assert users >= len(accounts) >= 2

    again = quarry(database, "seed-demo")
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip().split("\n") == ["Demo data already loaded.", lines[1]]
    assert int(sql(database, "SELECT count(*) FROM users")) == users

    # The printed password signs in to a demo account (seed-demo migrated the database: serve needs nothing).
    email = sql(database, "SELECT email FROM users ORDER BY email LIMIT 1")
    server = QuarryProcess("--no-migrate", QUARRY_DATABASE_URL=database)
    try:
        assert log_in(server, email, password)["token"]
    finally:
        server.stop()


def test_create_super_admin_reads_the_password_from_stdin_and_promotes_an_existing_account():
    database = fresh_database()
    created = quarry(database, "create-super-admin", "--email", "root@example.com", stdin="root password 2026 basalt\n")
    assert created.returncode == 0, created.stderr
    assert created.stdout.strip() == "Created SUPER_ADMIN root@example.com."
    # An account that exists (a demo USER) becomes SUPER_ADMIN and keeps its password.
    seeded = quarry(database, "seed-demo")
    password = re.search(r'password "(.+)"', seeded.stdout).group(1)
    user = sql(database, "SELECT email FROM users WHERE role = 'USER' ORDER BY email LIMIT 1")
    promoted = quarry(database, "create-super-admin", "--email", user, stdin="ignored for an existing account\n")
    assert promoted.returncode == 0, promoted.stderr
    assert promoted.stdout.strip() == f"{user} is now a SUPER_ADMIN."
    # No password on standard input: refused, nothing created.
    refused = quarry(database, "create-super-admin", "--email", "nobody@example.com", stdin="")
    assert refused.returncode != 0
    assert "No password on standard input." in refused.stderr
    assert sql(database, "SELECT count(*) FROM users WHERE email = 'nobody@example.com'") == "0"

    server = QuarryProcess("--no-migrate", QUARRY_DATABASE_URL=database)
    try:
        assert log_in(server, "root@example.com", "root password 2026 basalt")["user"]["role"] == "SUPER_ADMIN"
        assert log_in(server, user, password)["user"]["role"] == "SUPER_ADMIN"
    finally:
        server.stop()


def test_print_schema_prints_the_schema_files_as_graphql_core_does():
    result = subprocess.run(
        [QUARRY, "print-schema"], env=environment("postgresql://unused@127.0.0.1:1/unused"), capture_output=True,
        text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    # The oracle: graphql-core building the same SDL files (extensions across files applied) and printing them.
    sdl = "\n".join(path.read_text() for path in sorted((ROOT / "schema").glob("*.graphql")))
    assert result.stdout.rstrip("\n") == print_schema(build_schema(sdl))


def test_serve_no_migrate_leaves_the_database_alone_until_migrate():
    database = fresh_database()
    # QuarryProcess waits for /readyz, which stays 503 while migrations are pending: start this one by hand.
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [QUARRY, "serve", "--no-migrate"],
        env={**environment(database), "QUARRY_HTTP_HOST": "127.0.0.1", "QUARRY_HTTP_PORT": str(port),
             "QUARRY_PUBLIC_URL": base, "QUARRY_TERMS_FILE": str(ROOT / "web/terms.html"),
             "QUARRY_PRIVACY_FILE": str(ROOT / "web/privacy.html")},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if status(base, "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "quarry serve --no-migrate did not start"
            time.sleep(0.1)
        code, body = status(base, "/readyz")
        assert code == 503 and "migrations pending" in body, body
        assert sql(database, "SELECT to_regclass('quarry_migrations') IS NULL") == "t"
        # `quarry migrate` while it serves: the same server becomes ready.
        assert quarry(database, "migrate").returncode == 0
        assert status(base, "/readyz")[0] == 200
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0, process.stdout.read()


def test_serve_migrates_answers_and_stops_on_sigterm():
    database = fresh_database()
    server = QuarryProcess(QUARRY_DATABASE_URL=database)  # ready only once every migration is applied
    try:
        assert sql(database, "SELECT count(*) FROM quarry_migrations") == str(len(MIGRATIONS))
        assert server.graphql("{ ping }") == {"data": {"ping": "pong"}}
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=30) == 0
        assert time.monotonic() - started < 30
        with pytest.raises(OSError):
            urllib.request.urlopen(server.base + "/healthz", timeout=2)
    finally:
        server.stop()
