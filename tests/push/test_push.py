"""Web Push from the real server to a push service of our own (tests/push/push_service.py, RFC
8030): a cheer reaches a groupmate's device encrypted for its keys (decrypted here by http-ece)
with a VAPID token that verifies (py-vapid), in the receiver's language; pywebpush, a reference
sender, is accepted by the same stand-in; a subscription the service says is gone (404, 410) is
dropped; 429 with Retry-After is tried again after it."""
import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import webpush

from push_service import PushService

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("YARUKI_BINARY", os.path.join(ROOT, ".build", "debug", "yaruki"))


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.fixture(scope="module")
def push():
    service = PushService()
    yield service
    service.stop()


@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="yaruki-push-")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data-dir", data, "--access-log", "off", "--signups-per-hour", "100000",
                                "--push-endpoints", "any"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.05)
    else:
        process.kill()
        raise RuntimeError(process.stderr.read().decode())
    yield url
    process.terminate()
    process.wait(timeout=15)
    shutil.rmtree(data, ignore_errors=True)


def call(server, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json", "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(server + path, data=None if body is None else json.dumps(body).encode(), method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            text = reply.read()
            return reply.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def person(server, name, locale):
    email = f"{name.lower()}-{os.urandom(4).hex()}@example.com"
    status, body = call(server, "POST", "/v1/auth/signup", {"email": email, "password": "correct horse battery", "displayName": name,
                                                           "timeZone": "Asia/Seoul", "locale": locale})
    assert status == 201, body
    return body["accessToken"], body["user"]["id"]


class Browser:
    """A browser's side of a subscription: its P-256 key pair and auth secret."""

    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.keys = {"p256dh": b64(point), "auth": b64(self.auth)}

    def read(self, body):
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def wait_for(check, seconds=20):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("it never came")


def test_a_cheer_reaches_a_closed_app_encrypted_signed_and_in_korean(server, push):
    status, key = call(server, "GET", "/v1/push/key")
    assert status == 200 and len(unb64(key["publicKey"])) == 65 and unb64(key["publicKey"])[0] == 4
    mina, _ = person(server, "Mina", "ja")
    jiwoo, jiwoo_id = person(server, "Jiwoo", "ko")
    phone = Browser()
    status, device = call(server, "POST", "/v1/me/push-subscriptions", {"endpoint": push.endpoint("jiwoo-phone"), "keys": phone.keys}, jiwoo)
    assert status == 201 and device["device"] == "Chrome, Android" and device["service"] == "127.0.0.1", device
    assert [d["id"] for d in call(server, "GET", "/v1/me/push-subscriptions", token=jiwoo)[1]["items"]] == [device["id"]]
    assert call(server, "GET", "/v1/me/push-subscriptions", token=mina)[1]["items"] == [], "each person sees their own devices"

    status, group = call(server, "POST", "/v1/groups", {"name": "Morning crew"}, mina)
    assert status == 201
    assert call(server, "POST", "/v1/groups/join", {"code": group["inviteCode"]}, jiwoo)[0] == 200
    assert call(server, "POST", f"/v1/groups/{group['id']}/members/{jiwoo_id}/cheers", {"kind": "cheer"}, mina)[0] in (200, 201)

    [message] = wait_for(lambda: push.messages("jiwoo-phone"))
    assert message["status"] == 201 and message["problems"] == [], message["problems"]
    shown = phone.read(message["body"])
    assert shown["body"] == "Mina님이 응원했어요" and shown["title"] == "Yaruki" and shown["url"] == "/#/accountability", shown  # a cheer opens the group
    headers = message["headers"]
    assert headers["ttl"] == "86400" and headers["urgency"] == "normal" and 0 < len(headers["topic"]) <= 32
    assert headers["content-type"] == "application/octet-stream" and headers["authorization"].startswith("vapid t=")
    assert b"Mina" not in message["body"], "the push service sees only ciphertext"
    wait_for(lambda: call(server, "GET", "/v1/me/push-subscriptions", token=jiwoo)[1]["items"][0]["lastPushedAt"])


def test_the_stand_in_takes_pywebpush_as_it_takes_yaruki(push):
    browser = Browser()
    vapid = Vapid02()
    vapid.generate_keys()
    reply = webpush({"endpoint": push.endpoint("reference"), "keys": browser.keys}, json.dumps({"title": "Yaruki", "body": "reference"}),
                    vapid_private_key=vapid, vapid_claims={"sub": "mailto:ops@yaruki.example"}, content_encoding="aes128gcm")
    assert reply.status_code == 201
    [message] = push.messages("reference")
    assert message["problems"] == [] and browser.read(message["body"])["body"] == "reference"


def test_gone_subscriptions_are_dropped_and_a_busy_service_is_asked_again_later(server, push):
    mina, _ = person(server, "Mina", "en")
    sora, sora_id = person(server, "Sora", "ja")
    ren, _ = person(server, "Ren", "en")
    devices = {name: Browser() for name in ("sora-phone", "gone-tablet", "missing-laptop", "busy-watch")}
    for name, browser in devices.items():
        assert call(server, "POST", "/v1/me/push-subscriptions", {"endpoint": push.endpoint(name), "keys": browser.keys, "device": name}, sora)[0] == 201
    group = call(server, "POST", "/v1/groups", {"name": "Evening"}, mina)[1]
    for token in (sora, ren):
        assert call(server, "POST", "/v1/groups/join", {"code": group["inviteCode"]}, token)[0] == 200
    assert call(server, "POST", f"/v1/groups/{group['id']}/members/{sora_id}/cheers", {"kind": "nudge"}, mina)[0] in (200, 201)

    wait_for(lambda: [d["device"] for d in call(server, "GET", "/v1/me/push-subscriptions", token=sora)[1]["items"]] == ["sora-phone", "busy-watch"])
    assert [m["status"] for m in push.messages("gone-tablet")] == [410] and [m["status"] for m in push.messages("missing-laptop")] == [404]
    busy = wait_for(lambda: (lambda seen: seen if len(seen) == 2 else None)(push.messages("busy-watch")))
    assert [m["status"] for m in busy] == [429, 201]
    assert busy[1]["at"] - busy[0]["at"] >= 0.9, "asked again after Retry-After, not at once"
    assert devices["busy-watch"].read(busy[1]["body"])["body"] == "Minaさんから喝が入りました"

    # Ren's cheer goes only to the devices left.
    ren_token = ren
    assert call(server, "POST", f"/v1/groups/{group['id']}/members/{sora_id}/cheers", {"kind": "cheer"}, ren_token)[0] in (200, 201)
    wait_for(lambda: len(push.messages("sora-phone")) == 2)
    assert devices["sora-phone"].read(push.messages("sora-phone")[1]["body"])["body"] == "Renさんが応援しています"
    assert len(push.messages("gone-tablet")) == 1


def test_bad_subscriptions_are_refused_and_devices_are_only_their_owners(server, push):
    ana, _ = person(server, "Ana", "en")
    bo, _ = person(server, "Bo", "en")
    good = Browser().keys
    status, problem = call(server, "POST", "/v1/me/push-subscriptions", {"endpoint": "ftp://push.example/x", "keys": good}, ana)
    assert status == 400 and [e["field"] for e in problem["errors"]] == ["endpoint"]
    off_curve = unb64(good["p256dh"])[:-1] + bytes([unb64(good["p256dh"])[-1] ^ 1])
    status, problem = call(server, "POST", "/v1/me/push-subscriptions",
                           {"endpoint": push.endpoint("ana"), "keys": {"p256dh": b64(off_curve), "auth": good["auth"]}}, ana)
    assert status == 400 and [e["field"] for e in problem["errors"]] == ["keys.p256dh"], problem
    assert call(server, "POST", "/v1/me/push-subscriptions", {"endpoint": push.endpoint("ana"), "keys": good}, None)[0] == 401
    status, device = call(server, "POST", "/v1/me/push-subscriptions", {"endpoint": push.endpoint("ana"), "keys": good, "device": "Ana's Mac"}, ana)
    assert status == 201 and device["device"] == "Ana's Mac"
    assert call(server, "DELETE", f"/v1/me/push-subscriptions/{device['id']}", token=bo)[0] == 404
    assert call(server, "DELETE", f"/v1/me/push-subscriptions/{device['id']}", token=ana)[0] == 204
    assert call(server, "GET", "/v1/me/push-subscriptions", token=ana)[1]["items"] == []
