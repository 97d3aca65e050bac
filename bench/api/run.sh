#!/usr/bin/env bash
# The routes people use, each against nginx returning the very same bytes (from a file), driven
# by wrk in the same run: GET /v1/me, GET /v1/exercises, a Done feed page of 20 posts with photos
# and likes, a page of 20 workouts, a lifelog day of 100 records, and a month of health days from
# two sources, on SQLite. Rounds alternate
# nginx and Yaruki; access logs off on both. Prints each round and the median ratio per route, and
# the route's rate when every request asks something new (its reply made, not kept).
# Targets: every route >= 0.5x nginx, /v1/me >= 0.7x.
# Usage: bench/api/run.sh [seconds per round] [rounds]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-5}
rounds=${2:-3}
connections=${CONNECTIONS:-64}
out=bench/out/api
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
data=$(mktemp -d /tmp/yaruki-bench-api.XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  [ -f "$out/nginx.conf" ] && nginx -c "$PWD/$out/nginx.conf" -s stop 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

yport=$(free_port); nport=$(free_port)
.build/release/yaruki serve --port "$yport" --data-dir "$data" --access-log off --signups-per-hour 1000 >"$out/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$yport/healthz" >/dev/null && break; sleep 0.1; done
ffmpeg -loglevel error -y -f lavfi -i testsrc=size=1280x960 -frames:v 1 "$data/photo.jpg"
echo "== seeding through the API"
python3 bench/api/seed.py "http://127.0.0.1:$yport" "$data/photo.jpg" >"$out/credentials.json"

token() {
  curl -sf -H 'Content-Type: application/json' --data @"$out/credentials.json" "http://127.0.0.1:$yport/v1/auth/login" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])'
}

routes=("/v1/me" "/v1/exercises" "/v1/posts?board=done&limit=20" "/v1/workouts?limit=20" "/v1/lifelog/timeline?range=day&date=2026-11-28"
        "/v1/health/days?from=2026-11-01&to=2026-11-30")
names=("me" "exercises" "feed" "workouts" "lifelog-day" "health-month")
tok=$(token)
locations=""
for i in "${!routes[@]}"; do
  curl -sf -H "Authorization: Bearer $tok" "http://127.0.0.1:$yport${routes[$i]}" >"$out/${names[$i]}.json"
  locations+="    location = /${names[$i]} { default_type application/json; alias $PWD/$out/${names[$i]}.json; }
"
done
cat >"$out/nginx.conf" <<CONF
worker_processes 2;
pid $PWD/$out/nginx.pid;
error_log $PWD/$out/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  etag off;
  # Served as a tuned nginx serves files: sendfile, and the files' descriptors kept open.
  sendfile on;
  tcp_nopush on;
  open_file_cache max=64 inactive=60s;
  server {
    listen 127.0.0.1:$nport;
$locations  }
}
CONF
nginx -c "$PWD/$out/nginx.conf"
sleep 0.3

. bench/wrk.sh
rps() { wrk_rps "$1" -t2 -c"$connections" -d"${seconds}s" "${@:2}"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "== wrk -t2 -c$connections -d${seconds}s, $rounds rounds per route alternating; 2 cores shared by server and wrk; SQLite"
summary=()
for i in "${!routes[@]}"; do
  name=${names[$i]}
  tok=$(token)  # access tokens last 15 minutes
  # The bytes again, now: signed photo links in a reply change on the hour.
  curl -sf -H "Authorization: Bearer $tok" "http://127.0.0.1:$yport${routes[$i]}" >"$out/$name.json"
  cmp -s <(curl -sf "http://127.0.0.1:$nport/$name") <(curl -sf -H "Authorization: Bearer $tok" "http://127.0.0.1:$yport${routes[$i]}") ||
    { echo "nginx and yaruki differ on ${routes[$i]}"; exit 1; }
  ratios=(); ys=(); ns=()
  for r in $(seq "$rounds"); do
    n=$(rps "http://127.0.0.1:$nport/$name")
    y=$(rps "http://127.0.0.1:$yport${routes[$i]}" -H "Authorization: Bearer $tok")
    ratios+=("$(echo "$y / $n" | bc -l)"); ys+=("$y"); ns+=("$n")
    printf '%-12s round %d: nginx %8.0f req/s   yaruki %8.0f req/s   ratio %.2f\n' "$name" "$r" "$n" "$y" "${ratios[-1]}"
  done
  # The same route with a new query string every time: no kept reply answers, the reply is made
  # (what PostgreSQL, which keeps none, serves). The catalog is kept by what it reads (q and
  # category), so an extra parameter still finds it.
  made=$(rps "http://127.0.0.1:$yport${routes[$i]}$( [[ ${routes[$i]} == *\?* ]] || echo '?')" -s bench/api/made-each-time.lua \
    -H "Authorization: Bearer $tok")
  summary+=("$(printf '%-52s %6d B  nginx %8.0f  yaruki %8.0f  ratio %.2f   made each time %7.0f' "${routes[$i]}" "$(wc -c <"$out/$name.json")" \
    "$(printf '%s\n' "${ns[@]}" | median)" "$(printf '%s\n' "${ys[@]}" | median)" "$(printf '%s\n' "${ratios[@]}" | median)" "$made")")
done
echo "== medians (targets: every route >= 0.50, /v1/me >= 0.70)"
printf '%s\n' "${summary[@]}"
