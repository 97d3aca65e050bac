"""Sales from Kafka, beside HTTP ingest, against a running yaruki node and a Tansu broker.

  kafka.py topic BROKER NAME PARTITIONS
      makes the topic
  kafka.py count URL BOARD TOKEN
      the board's sales now
  kafka.py produce BROKER TOPIC N
      publishes N sales (one a message, keyed by id, over the topic's partitions) before the node
      reads them, so the figure that follows is the node's, not the producer's
  kafka.py drain URL BOARD TOKEN BASE N
      waits until the board holds BASE + N sales; prints "sales_per_s seconds" from the first of
      them landed to the last (the node's joining the group is not counted)
  kafka.py delay URL BOARD TOKEN KEY BROKER TOPIC RATE COUNT
      one wall screen's stream open; COUNT single sales at RATE a second, first POSTed to
      /v1/signage/events, then produced to the topic; for each, the time from sending it to the
      screen's count including it. Prints "http_p50 http_p99 kafka_p50 kafka_p99" in ms.
"""
import http.client
import json
import statistics
import sys
import threading
import time
import uuid
from datetime import datetime, timezone

from confluent_kafka import Producer


def sale(prefix, i):
    return {"id": f"{prefix}-{i}", "amount": 500 + i % 20_000, "currency": "JPY", "channel": ["store", "online", "app"][i % 3],
            "occurredAt": datetime.now(timezone.utc).isoformat()}


def board_sales(url, board, token):
    host, port = url.split("//")[1].split(":")
    conn = http.client.HTTPConnection(host, int(port))
    conn.request("GET", f"/v1/signage/boards/{board}?token={token}")
    return json.loads(conn.getresponse().read())["sales"]


def produce(broker, topic, n):
    producer = Producer({"bootstrap.servers": broker, "linger.ms": 20, "batch.num.messages": 10_000})
    run = uuid.uuid4().hex[:8]
    for i in range(n):
        s = sale(run, i)
        while True:
            try:
                producer.produce(topic, key=s["id"], value=json.dumps(s))
                break
            except BufferError:
                producer.poll(0.05)
    assert producer.flush(120) == 0


def drain(url, board, token, base, n):
    first = None
    while True:
        count = board_sales(url, board, token)
        now = time.perf_counter()
        if count > base and first is None:
            first = (now, count)
        if count >= base + n:
            break
        time.sleep(0.01)
    elapsed = now - first[0]
    print(f"{(base + n - first[1]) / elapsed:.0f} {elapsed:.2f}")


class Screen:
    """One wall screen: the board's stream, each count it shows and when."""

    def __init__(self, url, board, token):
        host, port = url.split("//")[1].split(":")
        self.conn = http.client.HTTPConnection(host, int(port))
        self.conn.request("GET", f"/v1/signage/boards/{board}/stream?token={token}", headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        self.count = None
        self.changed = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        event = None
        for raw in self.response:
            line = raw.decode().rstrip("\n")
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:") and event in ("total", "change"):
                with self.changed:
                    self.count = json.loads(line[5:])["sales"]
                    self.changed.notify_all()

    def wait_for(self, count, timeout=10):
        with self.changed:
            return self.changed.wait_for(lambda: self.count is not None and self.count >= count, timeout)


def delay(url, board, token, key, broker, topic, rate, count):
    screen = Screen(url, board, token)
    assert screen.wait_for(0)
    host, port = url.split("//")[1].split(":")
    conn = http.client.HTTPConnection(host, int(port))
    producer = Producer({"bootstrap.servers": broker, "linger.ms": 0})
    run = uuid.uuid4().hex[:8]
    results = {}
    for way in ("http", "kafka"):
        samples = []
        for i in range(count):
            s = sale(f"{run}-{way}", i)
            expected = screen.count + 1
            start = time.perf_counter()
            if way == "http":
                conn.request("POST", "/v1/signage/events", body=json.dumps({"events": [s]}),
                             headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
                conn.getresponse().read()
            else:
                producer.produce(topic, key=s["id"], value=json.dumps(s))
                producer.poll(0)
            assert screen.wait_for(expected), f"{way}: sale {i} never reached the screen"
            samples.append((time.perf_counter() - start) * 1000)
            time.sleep(max(0.0, 1 / rate - (time.perf_counter() - start)))
        samples.sort()
        results[way] = (statistics.median(samples), samples[max(0, int(len(samples) * 0.99) - 1)])
    producer.flush(10)
    print(f"{results['http'][0]:.1f} {results['http'][1]:.1f} {results['kafka'][0]:.1f} {results['kafka'][1]:.1f}")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "topic":
        from confluent_kafka.admin import AdminClient, NewTopic
        client = AdminClient({"bootstrap.servers": args[0]})
        for future in client.create_topics([NewTopic(args[1], num_partitions=int(args[2]), replication_factor=1)]).values():
            future.result(timeout=30)
    elif command == "count":
        print(board_sales(args[0], args[1], args[2]))
    elif command == "produce":
        produce(args[0], args[1], int(args[2]))
    elif command == "drain":
        drain(args[0], args[1], args[2], int(args[3]), int(args[4]))
    elif command == "delay":
        delay(args[0], args[1], args[2], args[3], args[4], args[5], float(args[6]), int(args[7]))
