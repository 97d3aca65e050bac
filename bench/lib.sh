# Shared by the database benchmarks (standings, feed): a throwaway data folder and, for
# PostgreSQL, a cluster; the bench person; the server; and latency over one connection.
# Source it from the repository root after setting `out` (a folder under bench/out).
bin=.build/release/yaruki
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgdir=$(mktemp -d -u /tmp/yaruki-bench-pg.XXXXXX)
pids=()
bench_cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; scripts/pg-cluster.sh stop "$pgdir" >/dev/null 2>&1 || true; }
trap bench_cleanup EXIT

# bench_database ENGINE: a migrated database with the bench person; sets data, db (flags), url, user.
bench_database() {
  data=$(mktemp -d "/tmp/yaruki-bench-$(basename "$out").XXXXXX")
  db=()
  url=""
  if [ "$1" = postgres ]; then
    # Durable, as a deployment runs it: every commit on disk before it is answered.
    url=$(PG_DURABLE=${PG_DURABLE:-1} scripts/pg-cluster.sh start "$pgdir" "$(free_port)")
    echo "== PostgreSQL $(scripts/pg-cluster.sh settings "$pgdir" | sed 's/-c //g') ($([ "${PG_DURABLE:-1}" = 1 ] && echo durable || echo 'NOT durable: figures below are not a deployment'"'"'s'))" >&2
    db=(--db "$url")
  fi
  "$bin" migrate --data-dir "$data" "${db[@]}" >/dev/null
  echo "correct horse battery staple" | "$bin" user create --email bench@example.com --name Bench --password-stdin --data-dir "$data" "${db[@]}" >"$out/user.txt"
  user=$(awk '/created/ {gsub(/[()]/, "", $4); print $4}' "$out/user.txt")
}

# bench_seed_target ENGINE: what a seed script is given: the SQLite file or the PostgreSQL URL.
bench_seed_target() { if [ "$1" = sqlite ]; then echo "sqlite $data/yaruki.sqlite"; else echo "postgres $url"; fi; }

# bench_serve ENGINE [OPTIONS…]: serves the database (with any more serve options); sets port and
# token (the bench person signed in).
bench_serve() {
  port=$(free_port)
  "$bin" serve --port "$port" --data-dir "$data" --access-log off "${db[@]}" "${@:2}" >"$out/server-$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  token=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"bench@example.com","password":"correct horse battery staple"}' \
    "http://127.0.0.1:$port/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')
}

bench_stop_server() { kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true; }

# latency URL TOKEN N WARMUP PERCENTILE [made]: p50 and the percentile in ms over N sequential
# requests on one connection, after WARMUP that are not counted. With `made`, every request
# carries a query string of its own, so no kept reply answers and each reply is made.
latency() {
  python3 - "$@" <<'PY'
import http.client, statistics, sys, time, urllib.parse
url, token, n, warmup, pct = urllib.parse.urlparse(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
made = len(sys.argv) > 6 and sys.argv[6] == "made"
conn = http.client.HTTPConnection(url.hostname, url.port)
headers = {"Authorization": f"Bearer {token}"} if token else {}
path = url.path + ("?" + url.query if url.query else "")
samples = []
for i in range(n + warmup):
    start = time.perf_counter()
    conn.request("GET", path + (("&" if "?" in path else "?") + f"made={i}" if made else ""), headers=headers)
    response = conn.getresponse(); response.read()
    assert response.status == 200, response.status
    if i >= warmup: samples.append((time.perf_counter() - start) * 1000)
samples.sort()
print(f"{statistics.median(samples):.2f} {samples[max(0, int(len(samples) * pct / 100) - 1)]:.2f}")
PY
}

# bench_watch_tool: builds the wall-screen load tool (bench/signage/Watch.swift) when it changed; sets watch.
bench_watch_tool() {
  watch=.build/bench-signage-watch
  if [ ! -x "$watch" ] || [ bench/signage/Watch.swift -nt "$watch" ]; then
    swiftc -O -import-objc-header bench/signage/epoll.h bench/signage/Watch.swift -o "$watch" 2>"$out/watch-build.log"
  fi
}

# signage_setup: an admin, an API key and a four-day board; sets key, board, wall_token.
signage_setup() {
  echo "correct horse battery staple" | "$bin" user create --email admin@example.com --role admin --password-stdin --data-dir "$data" "${db[@]}" >/dev/null
  local admin
  admin=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"admin@example.com","password":"correct horse battery staple"}' \
    "http://127.0.0.1:$port/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')
  key=$(curl -sf -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' -d '{"name":"bench","scopes":["signage:write"]}' \
    "http://127.0.0.1:$port/v1/admin/api-keys" | python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')
  local now start end made
  now=$(date +%s)
  start=$(date -u -d "@$(( now / 3600 * 3600 - 86400 ))" +%Y-%m-%dT%H:%M:%SZ)
  end=$(date -u -d "@$(( now / 3600 * 3600 + 3 * 86400 ))" +%Y-%m-%dT%H:%M:%SZ)
  made=$(curl -sf -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
    -d "{\"title\":\"Bench\",\"currency\":\"JPY\",\"startsAt\":\"$start\",\"endsAt\":\"$end\",\"goal\":100000000}" "http://127.0.0.1:$port/v1/signage/boards")
  board=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["board"]["id"])' "$made")
  wall_token=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["wallURL"].split("token=")[1])' "$made")
}
