"""Issue 13, "Error reports" (Foodstabook 2.3.1: "System crash - generate error report of crash on system reboot").
A running `quarry serve` keeps `running.marker` in its reports folder (QUARRY_ERROR_REPORTS_DIR, by default
`$QUARRY_DATA_DIR/error-reports`); killed with SIGKILL it cannot remove it, so the next start writes a CRASH
report — a `CRASH-<timestamp>.txt` file and a row — and an ERROR event naming the crashed run. A clean
shutdown (SIGTERM) removes the marker, and the start after it reports nothing."""
import os
import signal
import subprocess
import time
from pathlib import Path

from conftest import QuarryProcess


def sql(query):
    """Rows of `query` on the shared test database, as lists of text fields."""
    psql = Path(os.environ.get("QUARRY_TEST_PG_BIN", "/usr/lib/postgresql/15/bin")) / "psql"
    out = subprocess.run([str(psql), os.environ["QUARRY_TEST_DATABASE_URL"], "-AtF", "\t", "-c", query],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    return [line.split("\t") for line in out.splitlines()]


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
