"""Issue 18, "multipart bodies": a file part is streamed to its temporary file as it arrives, not buffered
whole in memory first (the helper that wrote the crash test saw upload files appear only once a body had
arrived: that is NIO's unnamed-then-linked file creation, not buffering, and this test tells the two apart). The test sends the head of a large upload and holds the rest back: the temporary file
must already hold most of what was sent while the request is still open. Then it finishes the body and
checks that the request is answered and the temporary file is gone."""
import json
import os
import socket
import time
import uuid
from pathlib import Path

from conftest import QuarryProcess
from test_crash_consistency import Client, sign_up

FILE_BYTES = 12 * 1_048_576  # under the shipped 20 MiB upload limit
SENT_FIRST = 8 * 1_048_576


def temporary_upload_bytes(quarry):
    """Bytes in the server's upload files, named or not: NIO creates each file unnamed (O_TMPFILE) and links it
    under its name when it is complete, so the open descriptors are where a file being written shows."""
    uploads = str(Path(quarry.data) / "tmp")
    sizes = {}
    for descriptor in Path(f"/proc/{quarry.process.pid}/fd").iterdir():
        try:
            if os.readlink(descriptor).startswith(uploads):
                status = descriptor.stat()
                sizes[status.st_ino] = status.st_size
        except OSError:
            continue  # closed meanwhile
    for path in Path(uploads).rglob("upload-*"):
        if path.is_file():
            status = path.stat()
            sizes[status.st_ino] = status.st_size
    return sum(sizes.values())


def test_a_file_part_reaches_its_temporary_file_before_the_body_ends():
    # Without e-mail verification signUp answers a usable token, so the upload runs as a signed-in user.
    quarry = QuarryProcess(QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false")
    try:
        user = sign_up(Client(quarry.base), "streamer")
        boundary = uuid.uuid4().hex
        operations = json.dumps({
            "query": "mutation($f: Upload!) { uploadScreenshot(image: $f) { id } }", "variables": {"f": None}})
        head = (f'--{boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{operations}\r\n'
                f'--{boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{{"0":["variables.f"]}}\r\n'
                f'--{boundary}\r\nContent-Disposition: form-data; name="0"; filename="big.png"\r\n'
                f'Content-Type: image/png\r\n\r\n').encode()
        tail = f"\r\n--{boundary}--\r\n".encode()
        content = os.urandom(FILE_BYTES)  # not an image: the answer is a coded refusal, which is fine here
        body_length = len(head) + len(content) + len(tail)
        request_head = (f"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {body_length}\r\n"
                        f"Content-Type: multipart/form-data; boundary={boundary}\r\nGraphQL-Preflight: 1\r\n"
                        f"Authorization: Bearer {user['token']}\r\nConnection: close\r\n\r\n").encode()
        with socket.create_connection(("127.0.0.1", quarry.port), timeout=30) as connection:
            connection.sendall(request_head + head + content[:SENT_FIRST])
            # The server has not seen the end of the body, so a buffering server would have written nothing yet.
            deadline = time.monotonic() + 20
            written = 0
            while time.monotonic() < deadline:
                written = temporary_upload_bytes(quarry)
                if written >= SENT_FIRST // 2:
                    break
                time.sleep(0.05)
            assert written >= SENT_FIRST // 2, f"only {written} bytes of the file reached disk while the body was open"
            connection.sendall(content[SENT_FIRST:] + tail)
            response = b""
            while chunk := connection.recv(65536):
                response += chunk
        status_line, _, rest = response.partition(b"\r\n")
        assert status_line.startswith(b"HTTP/1.1 200"), response[:300]
        answer = json.loads(rest.partition(b"\r\n\r\n")[2])
        assert answer["errors"][0]["extensions"]["code"] == "UNSUPPORTED_MEDIA_TYPE", answer
        # The temporary file goes with the request.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and temporary_upload_bytes(quarry):
            time.sleep(0.05)
        assert temporary_upload_bytes(quarry) == 0
    finally:
        quarry.stop()
