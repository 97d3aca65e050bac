#!/usr/bin/env python3
"""A real SMTP server for the mail tests (aiosmtpd), writing every message it accepts into a
folder as an .eml file. Prints "ready PORT" once it listens, and serves until it is stopped
(SIGTERM) or the process that started it is gone.

  smtp_server.py FOLDER [--port N] [--auth USER:PASSWORD] [--tls CERT KEY] [--reject ADDRESS]

With --tls it offers STARTTLS and takes AUTH only after it; --reject answers 550 for one
recipient (a mailbox that does not exist), so a test sees a delivery fail and be retried.
"""
import argparse
import os
import signal
import socket
import ssl
import sys
import time
import uuid

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Folder:
    def __init__(self, folder, reject):
        self.folder = folder
        self.reject = reject

    async def handle_RCPT(self, server, session, envelope, address, options):
        if self.reject and address.lower() == self.reject.lower():
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        name = f"{time.time():.6f}-{uuid.uuid4().hex}.eml"
        data = envelope.original_content or envelope.content
        with open(os.path.join(self.folder, name + ".part"), "wb") as f:
            f.write(f"X-Envelope-From: {envelope.mail_from}\r\n".encode())
            f.write(f"X-Envelope-To: {', '.join(envelope.rcpt_tos)}\r\n".encode())
            f.write(f"X-Authenticated: {session.authenticated}\r\n".encode())
            f.write(f"X-TLS: {session.ssl is not None}\r\n".encode())
            f.write(data if isinstance(data, bytes) else data.encode())
        os.rename(os.path.join(self.folder, name + ".part"), os.path.join(self.folder, name))
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--auth")
    parser.add_argument("--tls", nargs=2)
    parser.add_argument("--reject")
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    port = args.port
    if not port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    options = {}
    if args.tls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls[0], args.tls[1])
        options.update(tls_context=context, require_starttls=True)
    if args.auth:
        user, password = args.auth.split(":", 1)

        def authenticate(server, session, envelope, mechanism, auth_data):
            ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user and auth_data.password.decode() == password
            return AuthResult(success=ok)

        options.update(authenticator=authenticate, auth_required=True, auth_require_tls=bool(args.tls))
    # aiosmtpd gives itself 5 s to come up, which a machine with both cores busy can miss; the test
    # waits 20 s for the line below. A start that fails says why on that line.
    controller = Controller(Folder(args.folder, args.reject), hostname="127.0.0.1", port=port, ready_timeout=15, **options)
    try:
        controller.start()
    except Exception as error:
        print(f"failed to start: {type(error).__name__}: {error}", flush=True)
        sys.exit(1)
    print(f"ready {port}", flush=True)
    parent = os.getppid()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while os.getppid() == parent:
            time.sleep(0.5)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
