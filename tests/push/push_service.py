"""A push service of our own that speaks RFC 8030 as a browser's push service does, for the
tests (Mozilla's and Google's cannot be reached from here). POST /push/{name} takes a message:

  201 Created, Location: /message/{n}   a message it keeps (the default)
  404 Not Found / 410 Gone              for names starting "missing" / "gone": no such subscription
  429 Too Many Requests, Retry-After: 1 for names starting "busy", the first time each; 201 after

Each message is checked as a push service checks it: `Content-Encoding: aes128gcm`, a `TTL`,
and `Authorization: vapid t=…,k=…` that verifies (py-vapid) for this origin and has not expired.
Tests read what arrived with `messages(name)` and decrypt it with the subscription's keys."""
import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import py_vapid


class PushService:
    def __init__(self, verify=True):
        """`verify=False` checks nothing as requests come (bench/push, where checking each in
        Python would be what is measured); `problems_of` checks a message afterwards."""
        self.lock = threading.Lock()
        self.received = []   # every request: name, status, headers, body, vapid claims, at
        self.busy_seen = set()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                arrived = time.time()  # when the request's head came, before any check (bench/push reads it)
                name = self.path.rsplit("/", 1)[-1]
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                problems = service.check(self.headers, self.server.server_address[1]) if verify else []
                status, extra = 201, {}
                if problems:
                    status = 400
                elif name.startswith("missing"):
                    status = 404
                elif name.startswith("gone"):
                    status = 410
                elif name.startswith("busy") and name not in service.busy_seen:
                    service.busy_seen.add(name)
                    status, extra = 429, {"Retry-After": "1"}
                with service.lock:
                    number = len(service.received)
                    service.received.append({"name": name, "status": status, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body,
                                             "problems": problems, "at": time.monotonic(), "wall": arrived})
                self.send_response(status)
                if status == 201:
                    self.send_header("Location", f"/message/{number}")
                for key, value in extra.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def endpoint(self, name):
        return f"http://127.0.0.1:{self.port}/push/{name}"

    @staticmethod
    def check(headers, port):
        """What a push service would refuse in a request (empty: nothing)."""
        problems = []
        if headers.get("Content-Encoding") != "aes128gcm":
            problems.append("Content-Encoding is not aes128gcm")
        if not (headers.get("TTL") or "").isdigit():
            problems.append("no TTL")
        auth = headers.get("Authorization") or ""
        try:
            if not py_vapid.Vapid02.verify(auth):
                problems.append("the VAPID token does not verify")
            token = auth.split("t=", 1)[1].split(",", 1)[0]
            claims = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))
            if claims.get("aud") != f"http://127.0.0.1:{port}":
                problems.append(f"the token is for {claims.get('aud')}")
            if not claims.get("exp", 0) > time.time():
                problems.append("the token has expired")
        except Exception as error:  # noqa: BLE001 (a malformed header is a refusal, whatever broke)
            problems.append(f"no VAPID token: {error}")
        return problems

    def problems_of(self, message):
        class Headers(dict):  # as kept, lower-case names
            def get(self, key, default=None):
                return super().get(key.lower(), default)
        return self.check(Headers(message["headers"]), self.port)

    def messages(self, name):
        with self.lock:
            return [m for m in self.received if m["name"] == name]

    def stop(self):
        self.server.shutdown()
