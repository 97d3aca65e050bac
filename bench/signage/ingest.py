"""Ingest throughput: BATCHES batches of SIZE sales POSTed to /v1/signage/events by THREADS
senders on keep-alive connections; the bodies are made before the clock starts. Prints
"events_per_s seconds". With --sql FILE it writes the same rows as plain INSERTs of SIZE rows
a transaction instead (the database alone, for the reference), into a table with the same
indexes as the server's (the id, and the time a board's day of sales is listed by).
--order scattered (the default): every batch's sales spread over the board's four days, each
  batch touching most quarter hours and every part of the time index.
--order time: sales in the order they happened, as tills send them, the run spread over the four
  days.
Usage: ingest.py URL KEY BATCHES SIZE THREADS [--order scattered|time] [--sql FILE DIALECT]"""
import http.client, json, sys, threading, time, urllib.parse, uuid

url, key, batches, size, threads = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
run = uuid.uuid4().hex[:8]
channels = ["store", "online", "app", "classes"]


order = sys.argv[sys.argv.index("--order") + 1] if "--order" in sys.argv else "scattered"
assert order in ("scattered", "time"), order


def sale(b, i):
    n = b * size + i
    # Over the four days of the board, so the sales fall into many quarter hours.
    minute = n * 7 % (4 * 24 * 60) if order == "scattered" else n * (4 * 24 * 60) // (batches * size)
    return {"id": f"{run}-{b}-{i}", "amount": 500 + (b * 31 + i * 17) % 20_000, "currency": "JPY",
            "occurredAt": f"2026-12-0{1 + minute // 1440}T{minute % 1440 // 60:02d}:{minute % 60:02d}:00+09:00",
            "channel": channels[(b + i) % 4], "campaign": "bench"}


if "--sql" in sys.argv:
    path, dialect = sys.argv[sys.argv.index("--sql") + 1], sys.argv[sys.argv.index("--sql") + 2]
    with open(path, "w") as out:
        out.write("CREATE TABLE plain_sales (id TEXT PRIMARY KEY, amount BIGINT, currency TEXT, occurred_at TEXT, channel TEXT, campaign TEXT);\n")
        out.write("CREATE INDEX plain_sales_by_time ON plain_sales (currency, occurred_at, id);\n")
        for b in range(batches):
            rows = ",".join(f"('{s['id']}',{s['amount']},'JPY','{s['occurredAt']}','{s['channel']}','bench')" for s in (sale(b, i) for i in range(size)))
            out.write(f"BEGIN;\nINSERT INTO plain_sales VALUES {rows};\nCOMMIT;\n")
    sys.exit(0)

bodies = [json.dumps({"events": [sale(b, i) for i in range(size)]}).encode() for b in range(batches)]
target = urllib.parse.urlparse(url)
failures = []


def sender(part):
    conn = http.client.HTTPConnection(target.hostname, target.port)
    for body in bodies[part::threads]:
        conn.request("POST", "/v1/signage/events", body=body, headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        response = conn.getresponse()
        reply = response.read()
        if response.status != 200 or json.loads(reply)["accepted"] != size:
            failures.append((response.status, reply[:200]))


start = time.perf_counter()
workers = [threading.Thread(target=sender, args=(t,)) for t in range(threads)]
for w in workers: w.start()
for w in workers: w.join()
elapsed = time.perf_counter() - start
assert not failures, failures[:3]
print(f"{batches * size / elapsed:.0f} {elapsed:.2f}")
