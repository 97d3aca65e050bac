"""bench/sync's references, over plain HTTP on one kept-alive connection (what a client without the
sync protocol would do): COUNT records PUT one request each, the same number read back by paging
the changes feed without keeping anything (its bytes are what a first sync receives), 100 PUTs,
and, last, COUNT more records sent as sync pushes of 500 with their bodies made beforehand: the
server's side of a first sync alone, without a device's engine around it.
Usage: reference.py URL TOKEN COUNT   (prints JSON)"""
import http.client
import json
import sys
import time
import os
import urllib.parse
import uuid

url, token, count = urllib.parse.urlparse(sys.argv[1]), sys.argv[2], int(sys.argv[3])
conn = http.client.HTTPConnection(url.hostname, url.port)
headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}


def record_id():
    """A new record's id in time order (RFC 9562 version 7), as the SDK and the browser app make them."""
    b = bytearray((time.time_ns() // 1_000_000).to_bytes(6, "big") + os.urandom(10))
    b[6] = 0x70 | (b[6] & 0x0F)
    b[8] = 0x80 | (b[8] & 0x3F)
    return str(uuid.UUID(bytes=bytes(b)))


def put(i):
    body = json.dumps({"kind": "memo", "occurredAt": "2026-11-30T08:15:00+09:00", "text": f"Memo number {i}, written offline on the phone",
                       "source": "phone"})
    conn.request("PUT", f"/v1/lifelog/records/{record_id()}", body=body, headers=headers)
    response = conn.getresponse()
    response.read()
    assert response.status == 201, response.status
    return len(body)


start = time.perf_counter()
sent = sum(put(i) for i in range(count))
puts = time.perf_counter() - start

start = time.perf_counter()
received, records, since = 0, 0, None
while True:
    query = "limit=1000" + (f"&since={since}" if since else "")
    conn.request("GET", f"/v1/sync/lifelog/changes?{query}", headers=headers)
    response = conn.getresponse()
    data = response.read()
    assert response.status == 200, response.status
    received += len(data)
    page = json.loads(data)
    records += len(page["changes"])
    since = page["token"]
    if not page["moreComing"]:
        break
pages = time.perf_counter() - start

start = time.perf_counter()
for i in range(100):
    put(i)
hundred = time.perf_counter() - start
bodies = []
for start in range(0, count, 500):
    bodies.append(json.dumps({"records": [
        {"id": record_id(), "type": "lifelogRecord", "changeId": str(uuid.uuid4()), "device": "phone",
         "fields": {"kind": "memo", "occurredAt": "2026-11-30T08:15:00+09:00", "text": f"Memo number {i}, written offline on the phone", "source": "phone"}}
        for i in range(start, min(start + 500, count))]}))
start = time.perf_counter()
for body in bodies:
    conn.request("POST", "/v1/sync/lifelog/push", body=body, headers=headers)
    response = conn.getresponse()
    results = json.loads(response.read())["results"]
    assert response.status == 200 and all(r["status"] == "saved" for r in results), response.status
pushes = time.perf_counter() - start
print(json.dumps({"rawPushSeconds": pushes, "putSeconds": puts, "putBytes": sent, "pageSeconds": pages, "pageBytes": received, "pageRecords": records, "hundredPutSeconds": hundred}))
