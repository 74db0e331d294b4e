"""Issue 13, "Error reports" (Foodstabook 2.3.1: "System crash - generate error report of crash on system reboot").
A running `quarry serve` keeps `running.marker` in its reports folder (QUARRY_ERROR_REPORTS_DIR, by default
`$QUARRY_DATA_DIR/error-reports`); killed with SIGKILL it cannot remove it, so the next start writes a CRASH
report — a `CRASH-<timestamp>.txt` file and a row — and an ERROR event naming the crashed run. A clean
shutdown (SIGTERM) removes the marker, and the start after it reports nothing. A server that cannot start (a
migration fails, the HTTP port is taken) leaves an ERROR event (Foodstabook 2.2.3) saying which step failed."""
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from conftest import ROOT, QuarryProcess, psql_rows


def sql(query):
    """Rows of `query` on the shared test database, as lists of text fields."""
    return psql_rows(os.environ["QUARRY_TEST_DATABASE_URL"], query)


def crash_files(reports):
    return sorted(reports.glob("CRASH-*.txt"))


def test_a_killed_server_is_a_crash_report_at_the_next_start_and_a_clean_stop_is_not():
    first = QuarryProcess()
    data = first.data
    reports = Path(data) / "error-reports"
    marker = reports / "running.marker"
    killed_pid = first.process.pid
    try:
        assert marker.exists(), list(reports.glob("*"))
        assert f"pid={killed_pid}" in marker.read_text()
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(timeout=10)
    finally:
        first.stop()
    assert marker.exists(), "SIGKILL cannot remove the marker"

    second = QuarryProcess(QUARRY_DATA_DIR=data)
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not crash_files(reports):
            time.sleep(0.1)
        files = crash_files(reports)
        assert len(files) == 1, list(reports.glob("*"))
        assert files[0].name[len("CRASH-"):] [:8].isdigit()
        text = files[0].read_text()
        assert "code: CRASH" in text and f"pid {killed_pid}" in text, text
        assert "version: " in text and "database pool: size 10" in text, text
        # The row, findable through `errorReports`, names the same file; the event log has the ERROR event.
        deadline = time.monotonic() + 15
        rows = []
        while time.monotonic() < deadline and not rows:
            rows = sql(f"SELECT file_name FROM error_reports WHERE code = 'CRASH' AND message LIKE '%pid {killed_pid},%'")
            time.sleep(0.1)
        assert rows == [[files[0].name]]
        events = sql(f"SELECT details->>'failure' FROM event_log WHERE type = 'ERROR' AND details->>'pid' = '{killed_pid}'")
        assert events == [["crash"]]
        assert f"pid={second.process.pid}" in marker.read_text()
    finally:
        second.stop()
    assert second.process.returncode == 0, Path(second.log_path).read_text()
    assert not marker.exists(), "a clean shutdown removes the marker"

    third = QuarryProcess(QUARRY_DATA_DIR=data)
    try:
        time.sleep(1)
        assert len(crash_files(reports)) == 1, "a clean stop is no crash"
    finally:
        third.stop()


def run_failing(**settings):
    """Runs `quarry serve` with the e2e settings and `settings` until it exits; its exit status and log."""
    database = os.environ["QUARRY_TEST_DATABASE_URL"]
    data = tempfile.mkdtemp(prefix="quarry-e2e-")
    environment = dict(
        QUARRY_DATABASE_URL=database, QUARRY_HTTP_HOST="127.0.0.1", QUARRY_DATA_DIR=data, QUARRY_LOG_LEVEL="warning",
        QUARRY_SCHEMA_DIR=str(ROOT / "schema"), QUARRY_MIGRATIONS_DIR=str(ROOT / "db/migrations"),
        QUARRY_TERMS_FILE=str(ROOT / "web/terms.html"), QUARRY_PRIVACY_FILE=str(ROOT / "web/privacy.html"),
    )
    environment.update(settings)
    inherited = {key: value for key, value in os.environ.items() if not key.startswith("QUARRY_")}
    done = subprocess.run([str(ROOT / ".build/debug/quarry"), "serve"], env={**inherited, **environment},
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout + done.stderr


def test_a_failed_migration_or_a_taken_port_stops_the_server_with_an_error_event():
    # A migration that fails (its own folder: the real ones plus one broken file, rolled back, never recorded).
    migrations = Path(tempfile.mkdtemp(prefix="quarry-e2e-migrations-"))
    for file in (ROOT / "db/migrations").glob("*.sql"):
        shutil.copy(file, migrations)
    marker = uuid.uuid4().hex
    (migrations / "9999_broken.sql").write_text(f"SELECT * FROM no_such_table_{marker};\n")
    status, log = run_failing(QUARRY_MIGRATIONS_DIR=str(migrations), QUARRY_HTTP_PORT="0")
    assert status != 0, log
    events = sql(f"SELECT details->>'step' FROM event_log WHERE type = 'ERROR' AND details->>'failure' = 'start-up' "
                 f"AND details->>'error' LIKE '%no_such_table_{marker}%'")
    assert events == [["migrations"]], log

    # The HTTP port is taken: the HTTP service fails and stops the server.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        before = sql("SELECT count(*) FROM event_log WHERE type = 'ERROR' AND details->>'step' = 'services'")[0][0]
        status, log = run_failing(QUARRY_HTTP_PORT=str(port))
    assert status != 0, log
    after = sql("SELECT count(*) FROM event_log WHERE type = 'ERROR' AND details->>'step' = 'services'")[0][0]
    assert int(after) == int(before) + 1, log
