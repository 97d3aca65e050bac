"""Realtime to many subscribers: Yaruki's event stream beside PocketBase's realtime SSE, in one
run, with the same audience rule: N people in one group, each with a stream open, and one of
them changes something every member may see.
  - Yaruki: N accounts in one training group, each on GET /v1/events; the owner sets their weekly
    quota (PUT /v1/me/quota), and every member's stream gets `standings`.
  - PocketBase: N users, a `teams` record listing them as members, and a `progress` collection
    whose list rule is "the team's members" (`team.members.id ?= @request.auth.id`); each user
    subscribes to `progress` on GET /api/realtime, and the owner creates a progress record.
For each write: from the moment its request is sent to the moment each subscriber has the event,
read by one client process on one clock (epoll, every socket non-blocking). The same client reads
both, so its own time per event is in both figures alike. Writes go one at a time, the next once
every subscriber has the last one (a write not delivered to all within 10 s fails the run); rounds
alternate between the two servers.
Usage: realtime.py YARUKI_URL POCKETBASE_URL SUPERUSER_EMAIL SUPERUSER_PASSWORD SUBSCRIBERS WRITES ROUNDS"""
import concurrent.futures
import json
import resource
import selectors
import socket
import sys
import time
import urllib.parse

from calls import call

yaruki, pb, su_email, su_password = sys.argv[1:5]
subscribers, writes, rounds = int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
PASSWORD = "correct horse battery staple"
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * subscribers + 256)), hard))


def in_parallel(work, items):
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        return list(pool.map(work, items))


def seed_yaruki():
    def sign_up(i):
        return call("POST", f"{yaruki}/v1/auth/signup", {"email": f"rt{i}@bench.example", "password": PASSWORD, "displayName": f"Member {i}"})["accessToken"]
    tokens = in_parallel(sign_up, range(subscribers))
    group = call("POST", f"{yaruki}/v1/groups", {"name": "Realtime"}, "Bearer " + tokens[0])
    in_parallel(lambda t: call("POST", f"{yaruki}/v1/groups/join", {"code": group["inviteCode"]}, "Bearer " + t), tokens[1:])
    return tokens


def seed_pocketbase():
    su = call("POST", f"{pb}/api/collections/_superusers/auth-with-password", {"identity": su_email, "password": su_password})["token"]
    call("POST", f"{pb}/api/collections", {
        "name": "teams", "type": "base",
        "fields": [{"name": "name", "type": "text"},
                   {"name": "members", "type": "relation", "collectionId": "_pb_users_auth_", "maxSelect": subscribers + 1}],
        "listRule": "members.id ?= @request.auth.id", "viewRule": "members.id ?= @request.auth.id"}, su)
    teams = call("GET", f"{pb}/api/collections/teams", token=su)["id"]
    members = "team.members.id ?= @request.auth.id"
    call("POST", f"{pb}/api/collections", {
        "name": "progress", "type": "base",
        "fields": [{"name": "team", "type": "relation", "required": True, "collectionId": teams, "maxSelect": 1},
                   {"name": "owner", "type": "relation", "required": True, "collectionId": "_pb_users_auth_", "maxSelect": 1},
                   {"name": "days", "type": "number"}],
        "listRule": members, "viewRule": members,
        "createRule": f"@request.auth.id != '' && @request.body.owner = @request.auth.id && {members}"}, su)

    def user(i):
        made = call("POST", f"{pb}/api/collections/users/records", {"email": f"rt{i}@bench.example", "password": PASSWORD,
                                                                    "passwordConfirm": PASSWORD, "name": f"Member {i}"}, su)
        # A token without a second password check (the superuser's impersonation), as a sign-in would give.
        token = call("POST", f"{pb}/api/collections/users/impersonate/{made['id']}", {"duration": 7200}, su)["token"]
        return made["id"], token
    users = in_parallel(user, range(subscribers))
    team = call("POST", f"{pb}/api/collections/teams/records", {"name": "Realtime", "members": [u for u, _ in users]}, su)
    return users, team["id"]


def connect(url):
    parts = urllib.parse.urlsplit(url)
    s = socket.create_connection((parts.hostname, parts.port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_until(s, marker, limit=10):
    """Reads a blocking socket until `marker` is in what came; returns it all."""
    s.settimeout(limit)
    got = b""
    while marker not in got:
        chunk = s.recv(65536)
        if not chunk:
            raise RuntimeError(f"closed before {marker!r}: {got[-300:]!r}")
        got += chunk
    return got


def request_bytes(method, url, body=None, token=None):
    parts = urllib.parse.urlsplit(url)
    data = json.dumps(body).encode() if body is not None else b""
    head = f"{method} {parts.path}{'?' + parts.query if parts.query else ''} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
    if token:
        head += f"Authorization: {token}\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    return (head + "\r\n").encode() + data


class Run:
    """Subscribers' sockets on one epoll; `fire` sends one write on its own keep-alive socket and
    waits until every subscriber has one more `marker`, noting when each did."""

    def __init__(self, streams, marker, writer):
        self.streams, self.marker, self.writer = streams, marker, writer
        self.selector = selectors.EpollSelector()
        self.seen = [0] * len(streams)
        self.tails = [b""] * len(streams)
        for i, s in enumerate(streams):
            s.setblocking(False)
            self.selector.register(s, selectors.EVENT_READ, i)

    def fire(self, payload, expected_status):
        target = self.seen[:]
        done, delays = 0, []
        writer = self.writer
        writer.setblocking(True)
        sent = time.monotonic()
        writer.sendall(payload)
        reply = read_until(writer, b"\r\n\r\n")
        answered = time.monotonic() - sent
        status = int(reply.split(b" ", 2)[1])
        assert status == expected_status, reply[:500]
        length = next((int(line.split(b":")[1]) for line in reply.split(b"\r\n") if line.lower().startswith(b"content-length:")), 0)
        body = reply.split(b"\r\n\r\n", 1)[1]
        while len(body) < length:
            body += writer.recv(65536)
        deadline = sent + 10
        pending = set(range(len(self.streams)))
        while pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{len(pending)} of {len(self.streams)} subscribers did not get the event within 10 s")
            for key, _ in self.selector.select(left):
                i = key.data
                chunk = key.fileobj.recv(65536)
                now = time.monotonic()
                if not chunk:
                    raise AssertionError(f"subscriber {i}'s stream closed")
                text = self.tails[i] + chunk
                self.seen[i] += text.count(self.marker) - self.tails[i].count(self.marker)
                self.tails[i] = text[-len(self.marker):]
                if i in pending and self.seen[i] > target[i]:
                    pending.discard(i)
                    delays.append(now - sent)
        return delays, answered


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


started = time.monotonic()
ytokens = seed_yaruki()
pusers, team = seed_pocketbase()
print(f"seeded {subscribers} members on each in {time.monotonic() - started:.0f} s", flush=True)

# Yaruki: every member's stream, open once it says ready.
ystreams = []
for token in ytokens:
    s = connect(yaruki)
    s.sendall(f"GET /v1/events?access_token={token} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    read_until(s, b"event: ready")
    ystreams.append(s)
ywriter = connect(yaruki)
yrun = Run(ystreams, b"event: standings", ywriter)

# PocketBase: every user's stream, its client id subscribed to `progress` with the user's token.
pstreams = []
for _, token in pusers:
    s = connect(pb)
    s.sendall(b"GET /api/realtime HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
    got = read_until(s, b"}\n")
    client = json.loads(got.split(b"data:", 1)[1].split(b"\n", 1)[0])["clientId"]
    call("POST", f"{pb}/api/realtime", {"clientId": client, "subscriptions": ["progress"]}, token)
    pstreams.append(s)
pwriter = connect(pb)
prun = Run(pstreams, b"event:progress", pwriter)
owner, owner_token = pusers[0]

samples = {"yaruki": [], "pocketbase": []}
answers = {"yaruki": [], "pocketbase": []}
for r in range(rounds):
    for name in ("pocketbase", "yaruki"):
        # A fresh socket for each series of writes: one left idle through the other server's
        # series (and, before the first, through the subscribers' setup) may have been closed.
        run, base = (yrun, yaruki) if name == "yaruki" else (prun, pb)
        run.writer.close()
        run.writer = connect(base)
        for k in range(writes):
            if name == "yaruki":
                payload = request_bytes("PUT", f"{yaruki}/v1/me/quota", {"days": 3 + (r * writes + k) % 2}, "Bearer " + ytokens[0])
                delays, answered = yrun.fire(payload, 200)
            else:
                payload = request_bytes("POST", f"{pb}/api/collections/progress/records", {"team": team, "owner": owner, "days": k}, owner_token)
                delays, answered = prun.fire(payload, 200)
            if k > 0:  # the first write of a round warms up
                samples[name] += delays
                answers[name].append(answered)
            time.sleep(0.05)
    ms = lambda v: f"{1000 * v:.1f}"
    print(f"round {r + 1}: " + "  ".join(f"{n} p50 {ms(percentile(samples[n], 50))} p99 {ms(percentile(samples[n], 99))} ms" for n in samples), flush=True)

for name in ("pocketbase", "yaruki"):
    values = samples[name]
    print(f"{name:10s} {len(values)} deliveries: p50 {1000 * percentile(values, 50):.1f} ms, p99 {1000 * percentile(values, 99):.1f} ms, "
          f"max {1000 * max(values):.1f} ms; the write answered in p50 {1000 * percentile(answers[name], 50):.1f} ms")
ratio = percentile(samples["pocketbase"], 99) / percentile(samples["yaruki"], 99)
print(f"RESULT realtime_p99_ms yaruki={1000 * percentile(samples['yaruki'], 99):.1f} pocketbase={1000 * percentile(samples['pocketbase'], 99):.1f} "
      f"pocketbase_over_yaruki={ratio:.2f} (target: Yaruki's p99 at most PocketBase's, ratio >= 1)")
