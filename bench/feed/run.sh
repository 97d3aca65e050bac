#!/usr/bin/env bash
# A feed page (20 posts with like counts, comment counts, liked-by-me and photos, people the
# viewer blocked left out) on a database of 1,000,000 posts and 10,000,000 likes, on SQLite and
# PostgreSQL: p50 and p99 in ms, beside GET /healthz on the same server. Target: p99 < 10 ms.
# Usage: bench/feed/run.sh [requests]
set -euo pipefail
cd "$(dirname "$0")/../.."
requests=${1:-300}
out=bench/out/feed
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
bin=.build/release/yaruki
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgdir=$(mktemp -d -u /tmp/yaruki-bench-pg.XXXXXX)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; scripts/pg-cluster.sh stop "$pgdir" >/dev/null 2>&1 || true; }
trap cleanup EXIT

# times URL TOKEN N: p50 and p99 in ms over N sequential requests on one connection.
times() {
  python3 - "$1" "$2" "$3" <<'PY'
import http.client, statistics, sys, time, urllib.parse
url, token, n = urllib.parse.urlparse(sys.argv[1]), sys.argv[2], int(sys.argv[3])
conn = http.client.HTTPConnection(url.hostname, url.port)
headers = {"Authorization": f"Bearer {token}"} if token else {}
path = url.path + ("?" + url.query if url.query else "")
samples = []
for i in range(n + 10):
    start = time.perf_counter()
    conn.request("GET", path, headers=headers)
    response = conn.getresponse(); response.read()
    assert response.status == 200, response.status
    if i >= 10: samples.append((time.perf_counter() - start) * 1000)
samples.sort()
print(f"{statistics.median(samples):.2f} {samples[max(0, int(len(samples) * 0.99) - 1)]:.2f}")
PY
}

# deep_cursor URL TOKEN PAGES: the cursor after walking PAGES pages.
deep_cursor() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys, urllib.request
url, token, pages = sys.argv[1], sys.argv[2], int(sys.argv[3])
cursor = None
for _ in range(pages):
    request = urllib.request.Request(url + (f"&cursor={cursor}" if cursor else ""), headers={"Authorization": f"Bearer {token}"})
    cursor = json.load(urllib.request.urlopen(request))["nextCursor"]
print(cursor)
PY
}

for engine in sqlite postgres; do
  data=$(mktemp -d /tmp/yaruki-bench-feed.XXXXXX)
  db=()
  if [ "$engine" = postgres ]; then
    url=$(scripts/pg-cluster.sh start "$pgdir" "$(free_port)")
    db=(--db "$url")
  fi
  "$bin" migrate --data-dir "$data" "${db[@]}" >/dev/null
  echo "correct horse battery staple" | "$bin" user create --email bench@example.com --name Bench --password-stdin --data-dir "$data" "${db[@]}" >"$out/user.txt"
  user=$(awk '/created/ {gsub(/[()]/, "", $4); print $4}' "$out/user.txt")
  echo "== $engine: seeding (a few minutes)"
  start=$(date +%s)
  if [ "$engine" = sqlite ]; then python3 bench/feed/seed.py sqlite "$data/yaruki.sqlite" "$user"; else python3 bench/feed/seed.py postgres "$url" "$user"; fi
  echo "   seeded in $(( $(date +%s) - start )) s"
  port=$(free_port)
  "$bin" serve --port "$port" --data-dir "$data" --access-log off "${db[@]}" >"$out/server-$engine.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  token=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"bench@example.com","password":"correct horse battery staple"}' \
    "http://127.0.0.1:$port/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')
  base="http://127.0.0.1:$port/v1/posts"
  deep=$(deep_cursor "$base?board=done&limit=20" "$token" 50)
  read -r board50 board99 <<<"$(times "$base?board=done" "$token" "$requests")"
  read -r all50 all99 <<<"$(times "$base" "$token" "$requests")"
  read -r deep50 deep99 <<<"$(times "$base?board=done&cursor=$deep" "$token" "$requests")"
  read -r ref50 ref99 <<<"$(times "http://127.0.0.1:$port/healthz" "" "$requests")"
  printf '%-8s board feed, first page:   p50 %6.2f ms, p99 %6.2f ms (target p99 < 10 ms)\n' "$engine" "$board50" "$board99"
  printf '%-8s all boards, first page:   p50 %6.2f ms, p99 %6.2f ms\n' "$engine" "$all50" "$all99"
  printf '%-8s board feed, 1,000 deep:   p50 %6.2f ms, p99 %6.2f ms\n' "$engine" "$deep50" "$deep99"
  printf '%-8s reference GET /healthz:   p50 %6.2f ms, p99 %6.2f ms -> feed page / healthz = %.0f\n' "$engine" "$ref50" "$ref99" \
    "$(echo "$board50 / $ref50" | bc -l)"
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
  rm -rf "$data"
done
