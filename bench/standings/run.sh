#!/usr/bin/env bash
# The group page (standings of 1,000 members, with streaks) on a database of 10,000 people with
# 52 weeks of proofs, on SQLite and on PostgreSQL; ms per request beside GET /healthz on the same
# server. Target: < 20 ms for the group page.
# Usage: bench/standings/run.sh [requests]
set -euo pipefail
cd "$(dirname "$0")/../.."
requests=${1:-40}
out=bench/out/standings
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
bin=.build/release/yaruki
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgdir=$(mktemp -d -u /tmp/yaruki-bench-pg.XXXXXX)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; scripts/pg-cluster.sh stop "$pgdir" >/dev/null 2>&1 || true; }
trap cleanup EXIT

# time_get URL TOKEN N: p50 and p95 in ms over N sequential requests on one connection.
time_get() {
  python3 - "$1" "$2" "$3" <<'PY'
import http.client, statistics, sys, time, urllib.parse
url, token, n = urllib.parse.urlparse(sys.argv[1]), sys.argv[2], int(sys.argv[3])
conn = http.client.HTTPConnection(url.hostname, url.port)
headers = {"Authorization": f"Bearer {token}"} if token else {}
path = url.path + ("?" + url.query if url.query else "")
times = []
for i in range(n + 3):
    start = time.perf_counter()
    conn.request("GET", path, headers=headers)
    response = conn.getresponse(); response.read()
    assert response.status == 200, response.status
    if i >= 3: times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"{statistics.median(times):.2f} {times[int(len(times) * 0.95) - 1]:.2f}")
PY
}

for engine in sqlite postgres; do
  data=$(mktemp -d /tmp/yaruki-bench-standings.XXXXXX)
  db=()
  if [ "$engine" = postgres ]; then
    url=$(scripts/pg-cluster.sh start "$pgdir" "$(free_port)")
    db=(--db "$url")
  fi
  "$bin" migrate --data-dir "$data" "${db[@]}" >/dev/null
  echo "correct horse battery staple" | "$bin" user create --email bench@example.com --name Bench --password-stdin --data-dir "$data" "${db[@]}" >"$out/user.txt"
  user=$(awk '/created/ {gsub(/[()]/, "", $4); print $4}' "$out/user.txt")
  echo "== $engine: seeding"
  if [ "$engine" = sqlite ]; then seeded=$(python3 bench/standings/seed.py sqlite "$data/yaruki.sqlite" "$user"); else seeded=$(python3 bench/standings/seed.py postgres "$url" "$user"); fi
  echo "$seeded"
  group=$(awk '{print $NF}' <<<"$seeded")
  port=$(free_port)
  "$bin" serve --port "$port" --data-dir "$data" --access-log off "${db[@]}" >"$out/server-$engine.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  token=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"bench@example.com","password":"correct horse battery staple"}' \
    "http://127.0.0.1:$port/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')
  read -r page50 page95 <<<"$(time_get "http://127.0.0.1:$port/v1/groups/$group/standings" "$token" "$requests")"
  read -r past50 past95 <<<"$(time_get "http://127.0.0.1:$port/v1/groups/$group/standings?date=2026-03-11" "$token" "$requests")"
  read -r ref50 ref95 <<<"$(time_get "http://127.0.0.1:$port/healthz" "" "$requests")"
  printf '%-8s group page (1,000 members, streaks): p50 %6.2f ms, p95 %6.2f ms (target < 20 ms)\n' "$engine" "$page50" "$page95"
  printf '%-8s a week in March:                   p50 %6.2f ms, p95 %6.2f ms\n' "$engine" "$past50" "$past95"
  printf '%-8s reference GET /healthz:            p50 %6.2f ms  -> group page / healthz = %.0f\n' "$engine" "$ref50" "$(echo "$page50 / $ref50" | bc -l)"
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
done
