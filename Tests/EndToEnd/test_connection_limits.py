"""Issue 18, "Abuse limits": what one connection may cost. Each limit is exceeded over a raw socket (or a
WebSocket) against `quarry serve`: request headers past QUARRY_HTTP_MAX_HEADER_BYTES, headers sent a byte
at a time (slowloris) and an idle keep-alive connection past QUARRY_HTTP_IDLE_TIMEOUT_SECONDS, a WebSocket
message past QUARRY_WEBSOCKET_MAX_MESSAGE_BYTES; just under each limit still works."""
import json
import socket
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from conftest import QuarryProcess


def exchange(port, request, timeout=10):
    """Sends `request` and reads until the server closes or answers; (status line or None, closed)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        try:
            while b"\r\n\r\n" not in data:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
        except ConnectionResetError:
            pass
        status = data.split(b"\r\n", 1)[0].decode() if data else None
        return status


def get(path, *headers):
    return (f"GET {path} HTTP/1.1\r\nHost: quarry.test\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n").encode()


def wait_closed(sock, within):
    """Seconds until the server closes `sock` (reading whatever it sends), failing after `within`."""
    started = time.monotonic()
    sock.settimeout(within)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    except socket.timeout:
        raise AssertionError(f"the server kept the connection open for {within} s")
    return time.monotonic() - started


@pytest.fixture(scope="module")
def shipped():
    quarry = QuarryProcess()
    yield quarry
    quarry.stop()


def test_request_headers_over_the_limit_are_refused(shipped):
    # Shipped limit: 32,768 bytes for the whole head.
    assert exchange(shipped.port, get("/healthz", "X-Padding: " + "a" * 30_000)).endswith("200 OK")
    assert exchange(shipped.port, get("/healthz", "X-Padding: " + "a" * 40_000)).endswith("431 Request Header Fields Too Large")
    many = [f"X-Padding-{i}: " + "a" * 1_000 for i in range(40)]
    assert exchange(shipped.port, get("/healthz", *many)).endswith("431 Request Header Fields Too Large")
    # The server is unharmed.
    assert exchange(shipped.port, get("/healthz")).endswith("200 OK")


def test_later_request_headers_over_the_limit_end_the_connection(shipped):
    with socket.create_connection(("127.0.0.1", shipped.port), timeout=10) as sock:
        sock.sendall(get("/healthz"))
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        sock.sendall(get("/healthz", "X-Padding: " + "a" * 40_000))
        answer = b""
        sock.settimeout(10)
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
        except socket.timeout:
            raise AssertionError("a second request with oversized headers left the connection hanging")
        assert not answer.startswith(b"HTTP/1.1 200"), answer[:100]


def test_websocket_message_over_the_limit_closes_with_1009(shipped):
    # Shipped limit: 1,048,576 bytes.
    with connect(f"ws://127.0.0.1:{shipped.port}/graphql", subprotocols=["graphql-transport-ws"],
                 open_timeout=10, close_timeout=5, max_size=None) as ws:
        ws.send(json.dumps({"type": "connection_init"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "connection_ack"
        ws.send(json.dumps({"type": "ping", "payload": {"pad": "a" * 1_000_000}}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"
        # The server may close while the client is still writing the message: the close then
        # surfaces from send rather than recv, with the same received code.
        with pytest.raises(ConnectionClosed) as closed:
            ws.send(json.dumps({"type": "ping", "payload": {"pad": "a" * 1_100_000}}))
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009, closed.value


@pytest.fixture(scope="module")
def quick_idle():
    # The shipped idle timeout is 30 s; 2 s keeps the test short while showing the same mechanism.
    quarry = QuarryProcess(QUARRY_HTTP_IDLE_TIMEOUT_SECONDS="2")
    yield quarry
    quarry.stop()


def test_slowloris_first_request_is_cut_off(quick_idle):
    with socket.create_connection(("127.0.0.1", quick_idle.port), timeout=10) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: quarry.test\r\n")
        started = time.monotonic()
        closed = False
        # A header byte every 0.25 s: never idle, never done.
        while time.monotonic() - started < 8:
            try:
                sock.sendall(b"X")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            sock.settimeout(0.25)
            try:
                if sock.recv(65536) == b"":
                    closed = True
                    break
            except socket.timeout:
                pass
            except ConnectionResetError:
                closed = True
                break
        elapsed = time.monotonic() - started
    assert closed, "a request head dribbled for 8 s was never cut off"
    assert 1.5 < elapsed < 5, elapsed


def test_slowloris_later_request_is_cut_off(quick_idle):
    with socket.create_connection(("127.0.0.1", quick_idle.port), timeout=10) as sock:
        sock.sendall(get("/healthz"))
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: quarry.test\r\n")
        assert 1.5 < wait_closed(sock, within=8) < 5


def test_idle_keep_alive_connection_is_closed(quick_idle):
    with socket.create_connection(("127.0.0.1", quick_idle.port), timeout=10) as sock:
        assert 1.5 < wait_closed(sock, within=8) < 5
    with socket.create_connection(("127.0.0.1", quick_idle.port), timeout=10) as sock:
        sock.sendall(get("/healthz"))
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        assert 1.5 < wait_closed(sock, within=8) < 5


def test_requests_inside_the_timeout_are_served(quick_idle):
    with socket.create_connection(("127.0.0.1", quick_idle.port), timeout=10) as sock:
        for _ in range(4):
            time.sleep(1)
            sock.sendall(get("/healthz"))
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")
