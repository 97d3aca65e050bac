"""Playback plans over HTTP on a release server with the Helsinki extract (SQLite): a day of 20,
100 and 300 records and a month of 10,000, each cold (route cache emptied) and warm, beside the
timeline of the same range (the records read and sent, nothing planned, made each time rather than
kept) measured in the same run.
A plan here is the whole thing: the plan and every page of legs routed.
Usage: plan.py BINARY OUT_DIR"""
import json
import os
import random
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

binary, out = sys.argv[1], sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
data = tempfile.mkdtemp(prefix="yaruki-bench-playback-")
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
base = f"http://127.0.0.1:{port}"


def call(method, path, token=None, body=None):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None, method=method,
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.load(response)


server = subprocess.Popen([binary, "serve", "--port", str(port), "--data-dir", data, "--access-log", "off",
                           "--map", os.path.join(root, "vendor/osm/helsinki.osm.pbf")], stdout=subprocess.DEVNULL, stderr=open(f"{out}/server.log", "w"))
try:
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    token = call("POST", "/v1/auth/signup", body={"email": "bench@example.com", "password": "correct horse battery", "displayName": "Bench",
                                                  "timeZone": "Europe/Helsinki"})["accessToken"]
    user = call("GET", "/v1/me", token)["id"].lower()
    db = sqlite3.connect(f"{data}/yaruki.sqlite", timeout=30)

    # Records straight into the database (the server keeps no copy of them): a walk through the
    # centre, seven in ten a new place, the rest a note where the last one was.
    rng = random.Random(2026)
    def seed(day, count, minutes_apart):
        rows = []
        lat, lon = 60.1712, 24.9413
        start = time.mktime(time.strptime(day + " 06:00", "%Y-%m-%d %H:%M")) - time.timezone - 2 * 3600  # 06:00 in Helsinki (UTC+2)
        for i in range(count):
            if rng.random() < 0.7:
                lat, lon = 60.1650 + rng.random() * 0.0130, 24.9370 + rng.random() * 0.0150
            at = start + i * minutes_apart * 60
            rows.append((str(uuid.UUID(int=rng.getrandbits(128))), user, "memo", int(at * 1000), 7200, f"note {i}", None,
                         lat + rng.uniform(-0.00005, 0.00005), lon, None, 10.0, "phone", None, None, None, None, int(at * 1000), int(at * 1000)))
        db.executemany("""INSERT INTO lifelog_records (id, user_id, kind, occurred_at, utc_offset, text, place, latitude, longitude, altitude, accuracy,
                          source, photo_sha256, photo_width, photo_height, media_sha256, created_at, updated_at)
                          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", rows)
        db.commit()

    cases = [("day", "2026-10-01", 20, 30), ("day", "2026-10-02", 100, 9), ("day", "2026-10-03", 300, 3)]
    for _, day, count, apart in cases:
        seed(day, count, apart)
    month = []
    for d in range(30):
        month.append(f"2026-09-{d + 1:02d}")
        seed(month[-1], 334 if d < 28 else 330, 2.5)
    cases.append(("month", "2026-09-15", 10_000, None))

    def full_plan(range_, date):
        start = time.perf_counter()
        plan = call("GET", f"/v1/lifelog/playback?range={range_}&date={date}", token)
        first = (time.perf_counter() - start) * 1000
        next_ = plan.get("legsURL")
        while next_:
            next_ = call("GET", next_ + "&count=500", token).get("next")
        return (time.perf_counter() - start) * 1000, first, plan

    def timed(fn, n):
        return statistics.median([fn() for _ in range(n)])

    print("Playback plans (SQLite, built-in router on the Helsinki extract; median of 5 warm runs)")
    print(f"  {'records':>8}{'stops':>7}{'legs':>7}{'cold ms':>10}{'warm ms':>10}{'first legs ms':>15}{'timeline ms':>13}{'warm/timeline':>15}")
    results = []
    for range_, date, count, _ in cases:
        db.execute("DELETE FROM route_cache")
        db.commit()
        cold, _, plan = full_plan(range_, date)
        warm = timed(lambda: full_plan(range_, date)[0], 5)
        first = timed(lambda: full_plan(range_, date)[1], 5)
        asked = iter(range(1_000_000))

        def timeline():
            # Made each time: a query string of its own, so the server's kept reply never answers.
            start = time.perf_counter()
            call("GET", f"/v1/lifelog/timeline?range={range_}&date={date}&made={next(asked)}", token)
            return (time.perf_counter() - start) * 1000
        reference = timed(timeline, 5)
        results.append({"records": count, "stops": len(plan["stops"]), "legs": len(plan["legs"]), "coldMs": cold, "warmMs": warm,
                        "firstMs": first, "timelineMs": reference})
        print(f"  {count:>8,}{len(plan['stops']):>7,}{len(plan['legs']):>7,}{cold:>10.1f}{warm:>10.1f}{first:>15.1f}{reference:>13.1f}{warm / reference:>15.2f}")
    warm300 = next(r["warmMs"] for r in results if r["records"] == 300)
    print(f"  target: 300 records warm < 50 ms -> {warm300:.1f} ms {'met' if warm300 < 50 else 'MISSED'}")
    json.dump(results, open(f"{out}/plans.json", "w"))
finally:
    server.terminate()
    server.wait(timeout=15)
    shutil.rmtree(data, ignore_errors=True)
