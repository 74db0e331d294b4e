"""SMTP sinks for MailTests: real aiosmtpd servers on loopback ports, on demand.

Usage: python3 smtp_sink.py CONTROL_DIR PARENT_PID

The test process starts this once and never forks again (a child's exit would deliver
SIGCHLD to the test process). It then asks for servers by writing NAME.cmd files (JSON)
into CONTROL_DIR; each is answered with NAME.reply (JSON). Commands:

  {"action": "free-port"}                            -> {"port": N}  (nothing listens there)
  {"action": "start", "port": N|0, "dir": PATH,
   "auth": {"user": U, "password": P} | null,
   "delay": SECONDS | null}                          -> {"port": N}  (delay: before accepting DATA)
  {"action": "stop", "port": N}                      -> {}

Every message a server accepts is parsed with Python's email package and written to
its folder as NNNNNN.json: envelope, decoded headers, text and HTML parts, raw bytes.
The process exits when its parent (the test process) is gone.
"""

import os
import sys

if __name__ == "__main__":
    # First of all, drop every descriptor inherited from the test process (posix_spawn
    # passes them all on): a copy held here of, say, the write end of another test's
    # pipe would keep its reader from ever seeing end-of-file, and hang that test.
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    os.close(quiet)
    # Then stderr to the log, so a failing import (aiosmtpd missing) is reported there.
    log = os.open(os.path.join(sys.argv[1], "sink.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log, 2)
    os.close(log)

import asyncio
import email
import email.policy
import json
import socket
import threading
import time
import traceback

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class FolderHandler:
    def __init__(self, folder, delay):
        self.folder = folder
        self.delay = delay
        self.lock = threading.Lock()
        self.count = 0
        os.makedirs(folder, exist_ok=True)

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        text = message.get_body(preferencelist=("plain",))
        html = message.get_body(preferencelist=("html",))
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": list(envelope.rcpt_tos),
            "headers": [[name, str(value)] for name, value in message.items()],
            "text": text.get_content() if text is not None else None,
            "html": html.get_content() if html is not None else None,
            "raw": raw.decode("ascii", errors="replace"),
        }
        with self.lock:
            self.count += 1
            name = "%06d.json" % self.count
        path = os.path.join(self.folder, name)
        with open(path + ".tmp", "w", encoding="utf-8") as out:
            json.dump(record, out)
        os.rename(path + ".tmp", path)
        return "250 Message accepted for delivery"


def authenticator_for(credentials):
    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode() == credentials["user"]
            and auth_data.password.decode() == credentials["password"]
        )
        return AuthResult(success=ok, handled=False)

    return authenticate


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    control, parent = sys.argv[1], int(sys.argv[2])
    servers = {}
    while os.getppid() == parent:
        for entry in sorted(os.listdir(control)):
            if not entry.endswith(".cmd"):
                continue
            path = os.path.join(control, entry)
            reply = {}
            try:
                with open(path, encoding="utf-8") as source:
                    command = json.load(source)
                action = command["action"]
                if action == "free-port":
                    reply["port"] = free_port()
                elif action == "start":
                    port = command.get("port") or free_port()
                    kwargs = {}
                    if command.get("auth"):
                        kwargs = {
                            "authenticator": authenticator_for(command["auth"]),
                            "auth_require_tls": False,
                        }
                    controller = Controller(
                        FolderHandler(command["dir"], command.get("delay")), hostname="127.0.0.1", port=port, ready_timeout=20, **kwargs
                    )
                    controller.start()
                    servers[port] = controller
                    reply["port"] = port
                elif action == "stop":
                    controller = servers.pop(command["port"], None)
                    if controller is not None:
                        controller.stop()
                else:
                    reply["error"] = "unknown action %r" % action
            except Exception as error:  # reported to the test, which fails with it
                traceback.print_exc()
                reply["error"] = "%s: %s" % (type(error).__name__, error)
            os.remove(path)
            answer = path[: -len(".cmd")] + ".reply"
            with open(answer + ".tmp", "w", encoding="utf-8") as out:
                json.dump(reply, out)
            os.rename(answer + ".tmp", answer)
        time.sleep(0.02)
    for controller in servers.values():
        controller.stop()


if __name__ == "__main__":
    main()
