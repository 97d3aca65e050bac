"""Three Yaruki nodes on one PostgreSQL database and one shared data folder, behind nginx with
deploy/nginx/yaruki.conf (its upstream pointed at the three nodes), all on loopback. What a chain
of gyms relies on: any node serves any request, a stream on one node hears writes made through
the others in order, a wall counts every node's sales, a screen whose node dies resumes on another
with Last-Event-ID and misses nothing, a node killed under writes loses no acknowledged one, and
background jobs run exactly once while nodes stop and start, and every node keeps its replies yet
answers a write made through another at once."""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
import uuid

import pytest
import requests

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "debug", "yaruki")
PG_URL = os.environ.get("YARUKI_TEST_POSTGRES_URL", "")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(url, process=None):
    for _ in range(300):
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{url} exited: {process.stderr.read().decode()[-2000:]}")
        try:
            if requests.get(url + "/healthz", timeout=1).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{url} did not come up")


class Cluster:
    def __init__(self):
        assert PG_URL, "scripts/test.sh exports YARUKI_TEST_POSTGRES_URL"
        assert shutil.which("nginx"), "scripts/setup.sh test installs nginx-light"
        self.folder = tempfile.mkdtemp(prefix="yaruki-cluster-")
        name = "cluster_" + uuid.uuid4().hex[:12]
        subprocess.run(["psql", PG_URL, "-q", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        self.db = PG_URL.rsplit("/", 1)[0] + "/" + name
        self.data = os.path.join(self.folder, "shared")
        self.nodes = {}
        for name in "abc":
            self.start(name)
        self.nginx_port = free_port()
        self.plain_port = free_port()
        self.nginx()
        self.url = f"https://127.0.0.1:{self.nginx_port}"
        wait_up(self.url)

    def start(self, name, port=None):
        port = port or free_port()
        log = open(os.path.join(self.folder, f"node-{name}.log"), "ab")
        process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--db", self.db, "--data-dir", self.data,
                                    "--web-dir", os.path.join(ROOT, "web"), "--access-log", "off", "--signups-per-hour", "100000"],
                                   stdout=log, stderr=subprocess.PIPE)
        url = f"http://127.0.0.1:{port}"
        wait_up(url, process)
        self.nodes[name] = (process, port, url)
        return url

    def revive(self):
        """Starts again, on its own port, any node an earlier test killed (even one that failed before restarting it)."""
        for name, (process, port, _) in list(self.nodes.items()):
            if process.poll() is not None:
                self.start(name, port)

    def node(self, name):
        return self.nodes[name][2]

    def kill(self, name):
        process = self.nodes[name][0]
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def nginx(self):
        """deploy/nginx/yaruki.conf as shipped, its upstream pointed at the three nodes, its ports at free ones and its
        certificate at one made here for 127.0.0.1 (requests trust it through REQUESTS_CA_BUNDLE)."""
        self.certificate = os.path.join(self.folder, "tls.pem")
        key = os.path.join(self.folder, "tls.key")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                        "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", self.certificate], check=True, capture_output=True)
        os.environ["REQUESTS_CA_BUNDLE"] = self.certificate
        conf = open(os.path.join(ROOT, "deploy", "nginx", "yaruki.conf")).read()
        servers = "".join(f"    server 127.0.0.1:{port} max_fails=2 fail_timeout=5s;\n" for _, port, _ in self.nodes.values())
        conf = re.sub(r"(?m)^    server 127\.0\.0\.1:808\d[^\n]*\n", "", conf)
        conf = conf.replace("    least_conn;\n", "    least_conn;\n" + servers, 1)
        for shipped, here in (("listen 80;", f"listen 127.0.0.1:{self.plain_port};"), ("listen 443 ssl http2;", f"listen 127.0.0.1:{self.nginx_port} ssl http2;"),
                              ("/etc/letsencrypt/live/yaruki.example.com/fullchain.pem", self.certificate),
                              ("/etc/letsencrypt/live/yaruki.example.com/privkey.pem", key)):
            assert shipped in conf, shipped
            conf = conf.replace(shipped, here)
        site = os.path.join(self.folder, "yaruki.conf")
        open(site, "w").write(conf)
        main = os.path.join(self.folder, "nginx.conf")
        open(main, "w").write(f"""worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.folder}/nginx-body;
    proxy_temp_path {self.folder}/nginx-proxy;
    include {site};
}}
""")
        check = subprocess.run(["nginx", "-t", "-c", main, "-p", self.folder], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proxy = subprocess.Popen(["nginx", "-c", main, "-p", self.folder, "-g", "daemon off;"], stderr=subprocess.PIPE)

    def stop(self):
        for process, _, _ in self.nodes.values():
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
        self.proxy.terminate()
        self.proxy.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster():
    c = Cluster()
    yield c
    c.stop()


def sign_up(base, email, name):
    reply = requests.post(base + "/v1/auth/signup", json={"email": email, "password": "a long password 1", "displayName": name}, timeout=30)
    assert reply.status_code == 201, reply.text
    return reply.json()


class Stream:
    """An SSE client on a thread of its own: every event as (id, name, data). A wall's ids are
    `version.milestones`: the version is kept."""

    def __init__(self, url, headers=None):
        self.events = []
        self.lock = threading.RLock()
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        self.connection.request("GET", parts.path + "?" + parts.query, headers={"Accept": "text/event-stream", **(headers or {})})
        self.socket = self.connection.sock  # getresponse lets go of it when the server says it will close
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.read()
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        event = {}
        try:
            while True:
                raw = self.response.readline()
                if not raw:
                    return
                line = raw.decode().rstrip("\r\n")
                if line == "":
                    if "event" in event:
                        with self.lock:
                            self.events.append((int(event.get("id", "0").split(".")[0]), event["event"], event.get("data", "")))
                    event = {}
                elif not line.startswith(":") and ":" in line:
                    key, value = line.split(":", 1)
                    event[key] = value[1:] if value.startswith(" ") else value
        except (OSError, ValueError, http.client.HTTPException):
            pass

    def wait(self, predicate, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            with self.lock:
                found = [e for e in self.events if predicate(e)]
            if found:
                return found
            time.sleep(0.05)
        with self.lock:
            raise AssertionError(f"not seen in {seconds} s; events: {self.events[-10:]}")

    def named(self, name):
        with self.lock:
            return [e for e in self.events if e[1] == name]

    def close(self):
        """Hangs up at once: shutting the socket wakes the reader, where a plain close would wait for its next read."""
        self.socket.shutdown(socket.SHUT_RDWR)
        self.thread.join(timeout=10)
        self.connection.close()


def test_the_front_door_is_https_only_and_hides_the_metrics(cluster):
    """nginx as shipped: plain HTTP only redirects, HTTPS says HSTS, the refresh cookie it passes
    on is Secure (the nodes see X-Forwarded-Proto: https), and /metrics is not routed, whatever
    the visitor claims to be."""
    plain = requests.get(f"http://127.0.0.1:{cluster.plain_port}/v1/me", allow_redirects=False, timeout=30)
    assert plain.status_code == 301 and plain.headers["Location"].startswith("https://"), plain.headers
    email = f"door-{uuid.uuid4().hex[:6]}@example.com"
    reply = requests.post(cluster.url + "/v1/auth/signup", json={"email": email, "password": "a long password 1", "displayName": "Door", "useCookie": True}, timeout=30)
    assert reply.status_code == 201, reply.text
    assert reply.headers["Strict-Transport-Security"].startswith("max-age=63072000")
    cookie = reply.headers["Set-Cookie"]
    assert "yaruki_refresh=" in cookie and "Secure" in cookie and "HttpOnly" in cookie, cookie
    for headers in ({}, {"X-Forwarded-For": "127.0.0.1"}):
        assert requests.get(cluster.url + "/metrics", headers=headers, timeout=30).status_code == 404
    # On the node itself, a request that came through the proxy for someone else is refused too.
    assert requests.get(cluster.node("a") + "/metrics", headers={"X-Forwarded-For": "203.0.113.5"}, timeout=30).status_code == 403
    assert requests.get(cluster.node("a") + "/metrics", timeout=30).status_code == 200


def test_any_node_serves_any_request_and_streams_hear_every_node(cluster):
    a, b, c = cluster.node("a"), cluster.node("b"), cluster.node("c")
    # Sign-up through A, refresh through B, the new token good on C and through nginx.
    aki = sign_up(a, f"aki-{uuid.uuid4().hex[:6]}@example.com", "Aki")
    refreshed = requests.post(b + "/v1/auth/refresh", json={"refreshToken": aki["refreshToken"]}, timeout=30)
    assert refreshed.status_code == 200, refreshed.text
    token = refreshed.json()["accessToken"]
    assert requests.get(c + "/v1/me", headers={"Authorization": f"Bearer {token}"}, timeout=30).json()["displayName"] == "Aki"
    assert requests.get(cluster.url + "/v1/me", headers={"Authorization": f"Bearer {token}"}, timeout=30).status_code == 200

    bo = sign_up(b, f"bo-{uuid.uuid4().hex[:6]}@example.com", "Bo")
    auth_aki, auth_bo = {"Authorization": f"Bearer {token}"}, {"Authorization": f"Bearer {bo['accessToken']}"}
    made = requests.post(a + "/v1/groups", json={"name": "Crew"}, headers=auth_aki, timeout=30).json()
    code, bo_group = made["inviteCode"], made["id"]
    assert requests.post(b + "/v1/groups/join", json={"code": code}, headers=auth_bo, timeout=30).status_code == 200

    # Bo's screen on C; Aki changes the quota through A, then B, then A…: six standings events, in order.
    watching = Stream(c + "/v1/events?access_token=" + bo["accessToken"])
    ready = watching.wait(lambda e: e[1] == "ready")[0][0]
    for i in range(6):
        node = a if i % 2 == 0 else b
        assert requests.put(node + "/v1/me/quota", json={"days": 1 + i}, headers=auth_aki, timeout=30).status_code == 200
    watching.wait(lambda e: e[1] == "standings" and e[0] > ready and len([x for x in watching.named("standings") if x[0] > ready]) >= 6)
    ids = [e[0] for e in watching.named("standings") if e[0] > ready]
    assert ids == sorted(ids) and len(set(ids)) == len(ids), ids

    # C dies. Meanwhile three more changes; the screen comes back through A with the last id it had.
    # Whatever the first screen had not yet heard (a change can still be on its way when C dies) must
    # come on the second, and nothing twice: together they hold every standings event the log has.
    with watching.lock:
        last = watching.events[-1][0]
        heard = [e[0] for e in watching.events if e[1] == "standings" and ready < e[0] <= last]
    watching.close()
    cluster.kill("c")
    for i in range(3):
        assert requests.put((a if i % 2 == 0 else b) + "/v1/me/quota", json={"days": 7 - i}, headers=auth_aki, timeout=30).status_code == 200
    resumed = Stream(a + "/v1/events?access_token=" + bo["accessToken"], headers={"Last-Event-ID": str(last)})
    resumed.wait(lambda e: e[1] == "ready")
    def logged():
        query = f"SELECT id FROM events WHERE name = 'standings' AND id > {ready} AND data ILIKE '%{bo_group}%' ORDER BY id"
        return [int(i) for i in subprocess.run(["psql", cluster.db, "-At", "-c", query], check=True, capture_output=True, text=True).stdout.split()]

    deadline = time.time() + 30
    while time.time() < deadline and not (len(logged()) >= 9 and set(logged()) <= set(heard + [e[0] for e in resumed.named("standings")])):
        time.sleep(0.1)
    missed = [e[0] for e in resumed.named("standings")]
    assert missed == sorted(missed) and missed[0] > last and len(missed) >= 3, resumed.events
    assert heard + missed == logged(), (heard, missed, logged())
    resumed.close()


def test_a_write_through_one_node_is_read_at_once_through_every_other(cluster):
    """Each node keeps its replies; a thousand times, a write through one node (or nginx) is read
    straight after through the two others and through nginx, and no read gives what was there
    before: a kept reply is given only while the versions of its data in the database are the
    ones it was made from."""
    cluster.revive()
    nodes = {name: requests.Session() for name in ("a", "b", "c", "nginx")}
    base = {name: (cluster.url if name == "nginx" else cluster.node(name)) for name in nodes}
    person = sign_up(cluster.node("a"), f"ryw-{uuid.uuid4().hex[:6]}@example.com", "Ryw")
    auth = {"Authorization": f"Bearer {person['accessToken']}"}
    page = "/v1/workouts?from=2026-01-01&to=2026-12-31&limit=100"

    def get(name, path):
        reply = nodes[name].get(base[name] + path, headers=auth, timeout=30)
        assert reply.status_code == 200, reply.text
        return reply.json()

    hits_before = sum(kept_hits(cluster.node(n)) for n in "abc")
    workouts = 0
    for i in range(1000):
        writer = list(nodes)[i % 4]
        readers = [n for n in nodes if n != writer]
        if i % 10 == 9:
            workout = {"startedAt": "2026-03-01T08:00:00Z", "notes": f"w{i}", "exercises": [{"exerciseId": "squat", "sets": [{"reps": 5}]}]}
            assert nodes[writer].post(base[writer] + "/v1/workouts", json=workout, headers=auth, timeout=30).status_code == 201
            workouts += 1
            for reader in readers:
                assert len(get(reader, page)["items"]) == workouts, f"write {i} through {writer}, read through {reader}"
        else:
            reply = nodes[writer].patch(base[writer] + "/v1/me", json={"displayName": f"Ryw {i}"}, headers=auth, timeout=30)
            assert reply.status_code == 200, reply.text
            for reader in readers:
                assert get(reader, "/v1/me")["displayName"] == f"Ryw {i}", f"write {i} through {writer}, read through {reader}"
        # Read again where nothing changed since: answered from what that node kept, and the same.
        if i % 10 == 9:
            assert len(get(readers[0], page)["items"]) == workouts
        else:
            assert get(readers[0], "/v1/me")["displayName"] == f"Ryw {i}"
    hits = sum(kept_hits(cluster.node(n)) for n in "abc") - hits_before
    assert hits >= 900, f"the nodes kept replies: {hits} reads answered from what they kept"


def kept_hits(node):
    metrics = requests.get(node + "/metrics", timeout=30).text
    found = re.search(r'^yaruki_kept_replies\{kind="hits"\} (\d+(?:\.\d+)?)', metrics, re.M)
    assert found, "the node reports its kept replies' hits"
    return int(float(found.group(1)))


def test_a_wall_counts_sales_posted_to_every_node(cluster):
    cluster.revive()
    a, b, c = cluster.node("a"), cluster.node("b"), cluster.node("c")
    email = f"admin-{uuid.uuid4().hex[:6]}@example.com"
    subprocess.run([BINARY, "user", "create", "--email", email, "--name", "Admin", "--role", "admin", "--password-stdin",
                    "--db", cluster.db, "--data-dir", cluster.data], input=b"admin password 1\n", check=True, capture_output=True)
    admin = {"Authorization": "Bearer " + requests.post(b + "/v1/auth/login", json={"email": email, "password": "admin password 1"},
                                                          timeout=30).json()["accessToken"]}
    key = requests.post(a + "/v1/admin/api-keys", json={"name": "till", "scopes": ["signage:write"]}, headers=admin, timeout=30).json()["key"]
    reply = requests.post(b + "/v1/signage/boards", headers=admin, timeout=30, json={
        "title": "Winter", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00", "endsAt": "2026-12-05T00:00:00+09:00"})
    assert reply.status_code == 201, reply.text
    made = reply.json()
    board, wall_token = made["board"]["id"], made["wallURL"].split("token=")[1]
    wall = Stream(f"{c}/v1/signage/boards/{board}/stream?token={wall_token}")
    wall.wait(lambda e: e[1] == "total")
    till = {"Authorization": f"Bearer {key}"}
    total = 0
    for i in range(20):
        amount = 100 * (i + 1)
        total += amount
        sale = {"id": f"sale-{uuid.uuid4().hex}", "amount": amount, "currency": "JPY", "occurredAt": "2026-12-01T10:00:00+09:00", "channel": "store"}
        node = [a, b, cluster.url][i % 3]
        assert requests.post(node + "/v1/signage/events", json={"events": [sale]}, headers=till, timeout=30).status_code == 200
    wall.wait(lambda e: json.loads(e[2]).get("total") == total)
    wall.close()


def test_killing_a_node_under_writes_loses_no_acknowledged_write(cluster):
    cluster.revive()
    a = cluster.node("a")
    person = sign_up(a, f"writer-{uuid.uuid4().hex[:6]}@example.com", "Writer")
    auth = {"Authorization": f"Bearer {person['accessToken']}"}
    acknowledged, stop = [], threading.Event()

    def write(base):
        session = requests.Session()
        n = 0
        while not stop.is_set():
            n += 1
            notes = f"{base[-5:]}-{n}-{uuid.uuid4().hex[:8]}"
            try:
                reply = session.post(base + "/v1/workouts", headers=auth, timeout=10, json={
                    "startedAt": "2026-11-30T07:00:00Z", "notes": notes, "exercises": [{"exerciseId": "squat", "sets": [{"reps": 5}]}]})
            except requests.RequestException:
                continue  # not acknowledged: may or may not have landed
            if reply.status_code == 201:
                acknowledged.append(reply.json()["id"])

    writers = [threading.Thread(target=write, args=(base,)) for base in (a, a, cluster.url)]
    for w in writers:
        w.start()
    time.sleep(2)
    cluster.kill("a")
    time.sleep(2)
    stop.set()
    for w in writers:
        w.join(timeout=30)
    assert len(acknowledged) > 20, f"too few writes to tell: {len(acknowledged)}"
    stored = subprocess.run(["psql", cluster.db, "-At", "-c", "SELECT id FROM workouts"], check=True, capture_output=True, text=True).stdout.split()
    missing = set(i.lower() for i in acknowledged) - set(i.lower() for i in stored)
    assert not missing, f"{len(missing)} acknowledged workouts are gone"


def test_every_job_runs_exactly_once_while_nodes_stop_and_start(cluster):
    """Each sign-up queues its welcome mail as a job (the mail folder is shared). While people sign
    up through nginx, B and then C stop in an orderly way and start again: every mail is still
    delivered exactly once, each job claimed once, and the work spread over the nodes."""
    cluster.revive()
    acknowledged, stop = [], threading.Event()
    since = int(time.time() * 1000) - 1000  # jobs.created_at is in milliseconds

    def sign_ups():
        n = 0
        while not stop.is_set():
            n += 1
            email = f"job-{n}-{uuid.uuid4().hex[:6]}@example.com"
            try:
                reply = requests.post(cluster.url + "/v1/auth/signup", json={"email": email, "password": "a long password 1", "displayName": "J"}, timeout=10)
            except requests.RequestException:
                continue
            if reply.status_code == 201:
                acknowledged.append(email)

    writer = threading.Thread(target=sign_ups)
    writer.start()
    for name in "bc":
        time.sleep(1)
        process = cluster.nodes[name][0]
        process.terminate()
        process.wait(timeout=30)
        time.sleep(0.5)
        cluster.revive()
    time.sleep(1)
    stop.set()
    writer.join(timeout=30)
    assert len(acknowledged) >= 10, f"too few sign-ups to tell: {len(acknowledged)}"

    def jobs():
        out = subprocess.run(["psql", cluster.db, "-At", "-F", "|", "-c", f"SELECT state, attempts, locked_by FROM jobs WHERE kind = 'mail.deliver' AND created_at >= {since}"],
                             check=True, capture_output=True, text=True).stdout
        return [line.split("|") for line in out.splitlines() if line]

    deadline = time.time() + 60
    while time.time() < deadline and any(state in ("queued", "running") for state, _, _ in jobs()):
        time.sleep(0.2)
    rows = jobs()
    assert rows and all(state == "done" and attempts == "1" for state, attempts, _ in rows), [r for r in rows if r[:2] != ["done", "1"]]
    assert len({node for _, _, node in rows}) >= 2, "the work spread over the nodes"
    folder = os.path.join(cluster.data, "mail")
    sent = {}
    for name in os.listdir(folder):
        if name.endswith(".eml"):
            text = open(os.path.join(folder, name), encoding="utf-8", errors="replace").read()
            to = re.search(r"(?m)^To: .*?<?([^<>\s]+@[^<>\s]+)>?\s*$", text).group(1)
            sent[to] = sent.get(to, 0) + 1
    twice = {email: sent.get(email, 0) for email in acknowledged if sent.get(email, 0) != 1}
    assert not twice, f"mails not delivered exactly once: {twice}"
