#!/usr/bin/env bash
# Regions of any size, measured at 1×, 50× and 200× the central Helsinki extract (synth.py tiles
# it side by side with new ids, keeping its road mix):
#   the build (`yaruki map build`): seconds and peak memory;
#   opening the map file in place; the serving process's memory after start and after use;
#   routing p50/p99 for 1,000 random walking legs (300 m – 3 km, joined by roads);
#   the nearest places to 1,000 random spots: in process, and over HTTP (`GET /v1/map/places`),
#     p99 target 20 ms at 200×;
# and, on Helsinki, the router beside networkx's shortest paths over the same arcs: equal
# lengths, and each one's time. Usage: bench/map/run.sh [COPIES…] (default 1 50 200)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=bench/out/map
mkdir -p "$out"
source bench/lib.sh
swift build -c release --product yaruki >/dev/null
tool=.build/bench-map
core=(Sources/YarukiCore/Lifelog/MapFile.swift Sources/YarukiCore/Lifelog/RoadGraph.swift Sources/YarukiCore/Lifelog/NamedPlaces.swift
      Sources/YarukiCore/Lifelog/Geometry.swift bench/map/main.swift)
if [ ! -x "$tool" ] || [ -n "$(find "${core[@]}" -newer "$tool")" ]; then swiftc -O -wmo -module-name MapBench "${core[@]}" -o "$tool"; fi
scripts/setup.sh bench >/dev/null

copies=("${@:-1 50 200}")
[ $# -gt 0 ] || copies=(1 50 200)
results="$out/results.jsonl"
: >"$results"
for n in "${copies[@]}"; do
  extract="$out/helsinki-${n}x.osm.pbf"
  if [ "$n" = 1 ]; then
    cp vendor/osm/helsinki.osm.pbf "$extract"
  elif [ ! -f "$extract" ] || [ bench/map/synth.py -nt "$extract" ]; then
    python3 bench/map/synth.py vendor/osm/helsinki.osm.pbf "$n" "$extract"
  fi
  map="$out/helsinki-${n}x.yrkmap"
  /usr/bin/time -f "%e %M" -o "$out/build-time.txt" "$bin" map build "$extract" -o "$map" >"$out/build-$n.txt"
  read -r build_seconds build_kb <"$out/build-time.txt"
  open=$("$tool" open "$map")
  route=$("$tool" route "$map" 1000 7)
  places=$("$tool" places "$map" 1000 11)
  # Served: a fresh database, the map given to serve, a person asking for places.
  bench_database sqlite
  started=$(date +%s.%N)
  bench_serve "map-$n" --map "$map"
  ready=$(python3 -c "import sys; print((float('$(date +%s.%N)') - float('$started')) * 1000)")
  pid=${pids[-1]}
  rss() { awk '/^RssAnon|^RssFile/ {printf "%s ", $2}' "/proc/$pid/status"; }
  before=$(rss)
  http=$(python3 - "$port" "$token" "$map" <<'PY'
import http.client, json, random, statistics, sys, time
port, token = int(sys.argv[1]), sys.argv[2]
random.seed(5)
c = http.client.HTTPConnection("127.0.0.1", port)
c.request("GET", "/v1/map"); b = json.loads(c.getresponse().read())["bounds"]
times, answered = [], 0
for _ in range(1000):
    lat, lon = random.uniform(b[0], b[2]), random.uniform(b[1], b[3])
    start = time.perf_counter()
    c.request("GET", f"/v1/map/places?latitude={lat:.6f}&longitude={lon:.6f}&limit=5", headers={"Authorization": f"Bearer {token}"})
    r = c.getresponse(); body = r.read()
    times.append((time.perf_counter() - start) * 1000)
    assert r.status == 200, (r.status, body[:200])
    answered += bool(json.loads(body)["items"])
times.sort()
print(json.dumps({"p50": times[499], "p99": times[989], "answered": answered}))
PY
)
  after=$(rss)
  kill "$pid"; wait "$pid" 2>/dev/null || true
  python3 - "$n" "$build_seconds" "$build_kb" "$open" "$route" "$places" "$http" "$ready" "$before" "$after" "$(stat -c %s "$extract")" >>"$results" <<'PY'
import json, sys
n, seconds, kb, open_, route, places, http, ready, before, after, pbf = sys.argv[1:]
print(json.dumps({"copies": int(n), "buildSeconds": float(seconds), "buildPeakMB": int(kb) / 1024, "open": json.loads(open_), "route": json.loads(route),
                  "places": json.loads(places), "http": json.loads(http), "readyMs": float(ready),
                  "rssAfterStartMB": [int(x) / 1024 for x in before.split()], "rssAfterUseMB": [int(x) / 1024 for x in after.split()],
                  "extractMB": int(pbf) / 1e6}))
PY
  echo "== ${n}×: $(cat "$out/build-$n.txt")"
done

"$tool" pairs "$out/helsinki-1x.yrkmap" 1000 3 "$out/helsinki" >/dev/null
python3 bench/map/reference.py "$out/helsinki" >"$out/reference.json"

python3 - "$results" "$out/reference.json" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
ref = json.load(open(sys.argv[2]))
one = next((r for r in rows if r["copies"] == 1), rows[0])
print()
print("Regions (central Helsinki tiled; 1,000 walking legs of 300 m – 3 km; 1,000 place lookups at random spots)")
print(f"{'':>6} {'extract':>9} {'map file':>9} {'vertices':>10} {'build':>8} {'build peak':>11} {'open':>8} {'serve ready':>12} "
      f"{'served anon/file':>17} {'route p50/p99':>15} {'places p99':>11} {'HTTP places p50/p99':>20}")
for r in rows:
    print(f"{str(r['copies']) + '×':>6} {r['extractMB']:7.1f}MB {r['open']['bytes'] / 1e6:7.1f}MB {r['route']['vertices']:>10,} "
          f"{r['buildSeconds']:6.1f} s {r['buildPeakMB']:8.0f} MB {r['open']['openMs']:5.2f} ms {r['readyMs']:9.0f} ms "
          f"{r['rssAfterUseMB'][0]:7.0f}/{r['rssAfterUseMB'][1]:<4.0f} MB {r['route']['p50']:6.2f}/{r['route']['p99']:<6.2f}ms "
          f"{r['places']['p99']:7.2f} ms {r['http']['p50']:8.2f}/{r['http']['p99']:<6.2f} ms")
    assert r["route"]["found"] == r["route"]["legs"], r["route"]
for r in rows:
    if r is not one:
        print(f"  {r['copies']}× ÷ 1×: route p50 {r['route']['p50'] / one['route']['p50']:.2f}×, p99 {r['route']['p99'] / one['route']['p99']:.2f}×; "
              f"HTTP places p99 {r['http']['p99'] / one['http']['p99']:.2f}× (target: under 20 ms at 200×: "
              f"{'met' if r['http']['p99'] < 20 else 'MISSED'})")
print()
print(f"Router beside networkx 3 (Python) on Helsinki: {ref['pairs']} vertex pairs, lengths equal (worst difference {ref['worstDifference']:.6f} m)")
print(f"  YarukiCore A* p50 {ref['oursP50']:.0f} µs; networkx bidirectional Dijkstra p50 {ref['bidirectionalP50']:.0f} µs "
      f"({ref['bidirectionalP50'] / ref['oursP50']:.1f}× ours), Dijkstra p50 {ref['dijkstraP50']:.0f} µs ({ref['dijkstraP50'] / ref['oursP50']:.1f}×)")
PY
