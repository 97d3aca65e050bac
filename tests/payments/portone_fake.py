#!/usr/bin/env python3
"""A local server that speaks PortOne's V2 REST API as documented, for the tests of Yaruki's
PortOne client (the real api.portone.io cannot be reached from here). It answers:

  GET  /payments/{paymentId}          the payment (PaidPayment, FailedPayment, CancelledPayment…)
  POST /payments/{paymentId}/cancel   a full or partial cancel: {"cancellation": {...}}

with `Authorization: PortOne <secret>` required, and PortOne's error bodies ({"type": …,
"message": …}: UNAUTHORIZED, PAYMENT_NOT_FOUND, PAYMENT_ALREADY_CANCELLED). Tests script it:

  PUT  /_test/payments/{id}   {"status": "PAID"|"FAILED"|"CANCELLED"|"PARTIAL_CANCELLED"|"READY", "total": 15000, "currency": "KRW",
                               "cancelled": 5000}   (cancelled: what was given back already, 0 when left out)
  POST /_test/outage/{id}     {"count": 2}: the next two calls for that payment answer 503
  GET  /_test/requests        every API request seen: method, path, query, authorization, body

portone_server_sdk (PyPI, PortOne's own client) reads every answer it gives: tests/payments/test_portone_fake.py.

Usage: portone_fake.py PORT SECRET [STORE_ID]   (prints "ready" when listening)
"""
import json
import os
import sys
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlparse

port, secret = int(sys.argv[1]), sys.argv[2]
store_id = sys.argv[3] if len(sys.argv) > 3 else "store-00000000-0000-0000-0000-000000000000"
lock = threading.Lock()
payments = {}   # id -> {"status", "total", "currency", "cancelled"}
outages = {}    # id -> count of 503s still to give
requests = []


def now():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def payment_body(pid, p):
    """A payment in the shape the V2 API documents for its status."""
    stamp = now()
    cancelled = p.get("cancelled", 0)
    body = {
        "status": p["status"], "id": pid, "transactionId": f"tx-{pid}", "merchantId": "merchant-test", "storeId": store_id,
        "channel": {"type": "TEST", "id": "channel-test", "key": "channel-key-test", "name": "test", "pgProvider": "TOSSPAYMENTS",
                    "pgMerchantId": "tosspayments-test"},
        "version": "V2", "requestedAt": stamp, "updatedAt": stamp, "statusChangedAt": stamp, "orderName": p.get("orderName", "Yaruki class"),
        "amount": {"total": p["total"], "taxFree": 0, "vat": 0, "supply": p["total"], "discount": 0, "paid": p["total"] if p["status"] != "FAILED" else 0,
                   "cancelled": cancelled, "cancelledTaxFree": 0},
        "currency": p["currency"], "customer": {"id": "customer-test"},
        "origin": {"platformType": "PC", "ipAddress": "127.0.0.1"},
    }
    if p["status"] in ("PAID", "PARTIAL_CANCELLED", "CANCELLED"):
        body["paidAt"] = stamp
        body["disputes"] = []
    if p["status"] == "FAILED":
        body["failedAt"] = stamp
        body["failure"] = {"reason": "card declined", "pgCode": "DECLINED", "pgMessage": "The card was declined"}
    if p["status"] in ("PARTIAL_CANCELLED", "CANCELLED"):
        body["cancellations"] = p.get("cancellations", [])
        body["cancelledAt"] = stamp
    if p["status"] == "READY":
        for key in ("channel",):
            body.pop(key, None)
    return body


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def handle_any(self, method):
        url = urlparse(self.path)
        parts = [unquote(p) for p in url.path.split("/") if p]
        raw = self.read_body()
        if parts[:1] == ["_test"]:
            return self.control(method, parts[1:], raw)
        with lock:
            requests.append({"method": method, "path": url.path, "query": parse_qs(url.query), "authorization": self.headers.get("Authorization"),
                             "body": json.loads(raw) if raw else None})
        if self.headers.get("Authorization") != f"PortOne {secret}":
            return self.reply(401, {"type": "UNAUTHORIZED", "message": "The API secret is not valid."})
        if len(parts) < 2 or parts[0] != "payments":
            return self.reply(404, {"type": "NOT_FOUND", "message": "No such endpoint."})
        pid = parts[1]
        with lock:
            if outages.get(pid, 0) > 0:
                outages[pid] -= 1
                return self.reply(503, {"type": "SERVICE_UNAVAILABLE", "message": "Try again later."})
            payment = payments.get(pid)
            if payment is None:
                return self.reply(404, {"type": "PAYMENT_NOT_FOUND", "message": "No such payment."})
            if method == "GET" and len(parts) == 2:
                return self.reply(200, payment_body(pid, payment))
            if method == "POST" and parts[2:] == ["cancel"]:
                if payment["status"] == "CANCELLED":
                    return self.reply(409, {"type": "PAYMENT_ALREADY_CANCELLED", "message": "The payment is already cancelled."})
                if payment["status"] not in ("PAID", "PARTIAL_CANCELLED"):
                    return self.reply(409, {"type": "PAYMENT_NOT_PAID", "message": "The payment is not paid."})
                request = json.loads(raw or b"{}")
                amount = request.get("amount") or (payment["total"] - payment.get("cancelled", 0))
                payment["cancelled"] = payment.get("cancelled", 0) + amount
                payment["status"] = "CANCELLED" if payment["cancelled"] >= payment["total"] else "PARTIAL_CANCELLED"
                cancellation = {"status": "SUCCEEDED", "id": f"cancel-{pid}-{len(payment.setdefault('cancellations', []))}", "totalAmount": amount,
                                "taxFreeAmount": 0, "vatAmount": 0, "reason": request.get("reason", ""), "requestedAt": now(), "cancelledAt": now()}
                payment["cancellations"].append(cancellation)
                return self.reply(200, {"cancellation": cancellation})
        return self.reply(404, {"type": "NOT_FOUND", "message": "No such endpoint."})

    def control(self, method, parts, raw):
        with lock:
            if method == "PUT" and parts[:1] == ["payments"]:
                given = json.loads(raw)
                payments[parts[1]] = {"status": given["status"], "total": given["total"], "currency": given["currency"],
                                      "cancelled": given.get("cancelled", 0)}
                return self.reply(200, {})
            if method == "POST" and parts[:1] == ["outage"]:
                outages[parts[1]] = json.loads(raw).get("count", 1)
                return self.reply(200, {})
            if method == "GET" and parts == ["requests"]:
                return self.reply(200, {"requests": requests})
        return self.reply(404, {})

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")


def orphaned_watch(parent):
    """Ends the server when the test process that started it is gone, however it ended."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
threading.Thread(target=orphaned_watch, args=(os.getppid(),), daemon=True).start()
print("ready", flush=True)
server.serve_forever()
