"""From a rest's end to the push service: COUNT people each rest in a session on a running server
(its push endpoints open to this machine), every rest ending at the same instant, each person
with one device at the push service stand-in (tests/push/push_service.py). Measured: the time
from the rests' end to each push arriving, p50 and p99, and how many arrived. The reference, in
the same run: pywebpush sending the same number of messages to the same stand-in from a timer
that fires at an instant, eight at a time.
Usage: rest_end.py URL COUNT   (prints JSON)"""
import concurrent.futures
import datetime
import json
import os
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "push"))
from push_service import PushService  # noqa: E402
from py_vapid import Vapid02  # noqa: E402
from pywebpush import webpush  # noqa: E402
from test_push import Browser  # noqa: E402

url, count = sys.argv[1], int(sys.argv[2])
push = PushService(verify=False)  # checked afterwards, a sample: checking each in Python would be the bottleneck
device = Browser()  # every person's device shares the keys: encryption is the same work either way


def call(method, path, body=None, token=None, headers=None):
    head = {"Content-Type": "application/json", **(headers or {})}
    if token:
        head["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(), method=method, headers=head)
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, json.loads(reply.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def iso(instant):
    return datetime.datetime.fromtimestamp(instant, datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def person(i):
    status, body = call("POST", "/v1/auth/signup", {"email": f"rest{i}-{os.urandom(3).hex()}@example.com", "password": "correct horse battery",
                                                     "displayName": f"Lifter {i}", "timeZone": "Asia/Tokyo", "locale": "en"})
    assert status == 201, (status, body)
    token = body["accessToken"]
    status, body = call("POST", "/v1/me/push-subscriptions", {"endpoint": push.endpoint(f"rest-{i}"), "keys": device.keys}, token)
    assert status == 201, (status, body)
    status, session = call("POST", "/v1/training/session", {"defaultRest": 60}, token)
    assert status == 201, (status, session)
    return token, session


setup_started = time.time()
with concurrent.futures.ThreadPoolExecutor(8) as pool:
    people = list(pool.map(person, range(count)))
setup_seconds = time.time() - setup_started

# Every rest ends at `end`: started a minute before it, saved by the phone a few seconds before it.
end = time.time() + 5 + count * 0.004


def rest(i):
    token, session = people[i]
    session.update({"phase": "rest", "restStartedAt": iso(end - 60), "restLength": 60, "restFinished": False, "exercises": [
        {"exerciseId": "squat", "restSeconds": 60, "sets": [{"reps": 5, "weightKg": 60, "done": True, "completedAt": iso(end - 60)},
                                                            {"reps": 5, "weightKg": 60, "done": False}]}]})
    return call("PUT", "/v1/training/session", session, token, {"If-Match": '"v1"'})[0]


with concurrent.futures.ThreadPoolExecutor(8) as pool:
    statuses = list(pool.map(rest, range(count)))
saved_by = time.time()
failures = sum(1 for s in statuses if s != 200)


def arrivals(prefix, n, deadline):
    while time.time() < deadline:
        with push.lock:
            got = {m["name"]: m["wall"] for m in push.received if m["name"].startswith(prefix) and m["status"] == 201}
        if len(got) >= n:
            return got
        time.sleep(0.05)
    return got


got = arrivals("rest-", count - failures, end + 60)
late = sorted(at - end for at in got.values())

# The reference: pywebpush from a timer firing at one instant, eight senders at a time.
vapid = Vapid02()
vapid.generate_keys()
message = json.dumps({"title": "Yaruki", "body": "Rest is over. Next: Squat, set 2", "url": "/#/session", "tag": "restEnd"})
fire = time.time() + 2


def send(i):
    return webpush({"endpoint": push.endpoint(f"ref-{i}"), "keys": device.keys}, message, vapid_private_key=vapid,
                   vapid_claims={"sub": "mailto:ops@yaruki.example"}, content_encoding="aes128gcm", ttl=60,
                   headers={"Urgency": "high"}).status_code


time.sleep(max(0, fire - time.time()))
with concurrent.futures.ThreadPoolExecutor(8) as pool:
    codes = list(pool.map(send, range(count)))
ref = arrivals("ref-", sum(1 for c in codes if c == 201), fire + 60)
ref_late = sorted(at - fire for at in ref.values())
push.stop()


def pct(values, p):
    return values[min(len(values) - 1, max(0, int(len(values) * p / 100 + 0.5) - 1))] if values else None


# A sample of each sender's messages checked as a push service checks them, and opened with the device's keys.
sample = [m for m in push.received if m["name"].startswith("rest-")][:25] + [m for m in push.received if m["name"].startswith("ref-")][:25]
bad = sum(1 for m in sample if push.problems_of(m) or device.read(m["body"])["tag"] != "restEnd")
print(json.dumps({"count": count, "setupSeconds": setup_seconds, "savedBeforeEnd": end - saved_by, "putFailures": failures,
                  "arrived": len(got), "sampleRefused": bad, "p50": pct(late, 50), "p99": pct(late, 99), "max": late[-1] if late else None,
                  "reference": {"arrived": len(ref), "p50": pct(ref_late, 50), "p99": pct(ref_late, 99), "max": ref_late[-1] if ref_late else None}}))
