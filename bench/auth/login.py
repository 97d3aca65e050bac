"""Sign-in latency (argon2id on every login) beside the bare cost of one argon2id verification
with the same parameters, measured in the same run with argon2-cffi (the reference C library)."""
import http.client
import json
import statistics
import sys
import threading
import time

from argon2 import PasswordHasher

host, port, rounds, concurrency = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
email, password = "bench@example.com", "correct horse battery staple"


def call(connection, path, body):
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    return response.status, data


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


connection = http.client.HTTPConnection(host, port)
status, _ = call(connection, "/v1/auth/signup", {"email": email, "password": password, "displayName": "Bench"})
assert status in (201, 409), status

# The reference: argon2id alone, same parameters, in this process, interleaved with the sign-ins
# so both see the same machine (its speed drifts by a third between minutes here).
hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, hash_len=32, salt_len=16)
encoded = hasher.hash(password)

latencies, bare = [], []
lock = threading.Lock()


def worker(count, with_reference):
    conn = http.client.HTTPConnection(host, port)
    for _ in range(count):
        start = time.perf_counter()
        status, data = call(conn, "/v1/auth/login", {"email": email, "password": password, "device": "bench"})
        elapsed = time.perf_counter() - start
        assert status == 200, (status, data[:200])
        with lock:
            latencies.append(elapsed * 1000)
        if with_reference:
            start = time.perf_counter()
            hasher.verify(encoded, password)
            bare.append((time.perf_counter() - start) * 1000)


p50_login = None
for level in (1, concurrency):
    latencies.clear()
    threads = [threading.Thread(target=worker, args=(rounds // level, level == 1)) for _ in range(level)]
    started = time.perf_counter()
    for t in threads: t.start()
    for t in threads: t.join()
    wall = time.perf_counter() - started
    print(f"login, {level} client(s): {len(latencies)} sign-ins, p50 {statistics.median(latencies):.1f} ms, "
          f"p99 {percentile(latencies, 99):.1f} ms" + ("" if level == 1 else f", {len(latencies) / wall:.1f} sign-ins/s"))
    if level == 1:
        p50_login = statistics.median(latencies)

p50_bare = statistics.median(bare)
print(f"reference: one argon2id verification (argon2-cffi, m=19456 KiB, t=2, p=1) p50 {p50_bare:.1f} ms, p99 {percentile(bare, 99):.1f} ms")
print(f"sign-in p50 / bare argon2id p50 = {p50_login / p50_bare:.2f} (1.00 would mean HTTP, JSON, SQL and tokens cost nothing)")
