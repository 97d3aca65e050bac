#!/usr/bin/env bash
# GET /healthz (a JSON reply that also reads the SQLite database) against nginx returning the
# same bytes with `return 200`, both driven by wrk on this machine in the same run, like for like:
# first with both access logs off, then with both on (one JSON line per request, written in
# batches by each). Prints every round, the best figures and the median ratio of each.
# Usage: bench/http/run.sh [seconds per round] [rounds]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
rounds=${2:-3}
connections=${CONNECTIONS:-64}
out=bench/out/http
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for conf in "$out"/nginx-*.conf; do [ -f "$conf" ] && nginx -c "$PWD/$conf" -s stop 2>/dev/null || true; done
  rm -rf /tmp/yaruki-bench.*.http
}
trap cleanup EXIT

# start_pair LOG: a Yaruki server and an nginx with access logs LOG (on|off); sets yport, nport.
start_pair() {
  local log=$1 data body
  yport=$(free_port); nport=$(free_port)
  data=$(mktemp -d /tmp/yaruki-bench.XXXXXX.http)
  .build/release/yaruki serve --port "$yport" --data-dir "$data" --access-log "$log" >"$out/access-$log.log" 2>"$out/server-$log.log" &
  pids+=($!)
  body=""
  for _ in $(seq 100); do body=$(curl -sf "http://127.0.0.1:$yport/healthz" || true); [ -n "$body" ] && break; sleep 0.1; done
  [ -n "$body" ] || { echo "yaruki did not start"; cat "$out/server-$log.log"; exit 1; }
  local access="access_log off;"
  if [ "$log" = on ]; then
    access="log_format json escape=json '{\"time\":\"\$time_iso8601\",\"method\":\"\$request_method\",\"path\":\"\$uri\",\"status\":\$status,\"durationMs\":\$request_time,\"bytes\":\$body_bytes_sent,\"requestId\":\"\$request_id\",\"remote\":\"\$remote_addr\"}';
  access_log $PWD/$out/nginx-access.log json buffer=64k flush=250ms;"
  fi
  cat >"$out/nginx-$log.conf" <<CONF
worker_processes 2;
pid $PWD/$out/nginx-$log.pid;
error_log $PWD/$out/nginx-error.log;
events { worker_connections 4096; }
http {
  $access
  server {
    listen 127.0.0.1:$nport;
    location / { default_type application/json; return 200 '$body'; }
  }
}
CONF
  nginx -c "$PWD/$out/nginx-$log.conf"
  sleep 0.3
  [ "$(curl -s "http://127.0.0.1:$nport/healthz")" = "$body" ] || { echo "nginx does not return the same bytes"; exit 1; }
  echo "bytes: $body"
}

. bench/wrk.sh
rps() { wrk_rps "$1" -t2 -c"$connections" -d"${seconds}s"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

for log in off on; do
  start_pair "$log"
  echo "== access logs $log (both); wrk -t2 -c$connections -d${seconds}s, $rounds rounds, alternating; 2 cores shared by server and wrk"
  best_y=0; best_n=0; ratios=()
  for r in $(seq "$rounds"); do
    n=$(rps "http://127.0.0.1:$nport/healthz")
    y=$(rps "http://127.0.0.1:$yport/healthz")
    ratios+=("$(echo "$y / $n" | bc -l)")
    printf 'round %d: nginx %10.0f req/s   yaruki %10.0f req/s   ratio %.2f\n' "$r" "$n" "$y" "${ratios[-1]}"
    best_y=$(echo "if ($y > $best_y) $y else $best_y" | bc -l); best_n=$(echo "if ($n > $best_n) $n else $best_n" | bc -l)
  done
  printf 'access logs %s: best nginx %.0f req/s, best yaruki %.0f req/s (%.2f); median of the round ratios %.2f (target >= 0.80)\n' \
    "$log" "$best_n" "$best_y" "$(echo "$best_y / $best_n" | bc -l)" "$(printf '%s\n' "${ratios[@]}" | median)"
  nginx -c "$PWD/$out/nginx-$log.conf" -s stop
  sleep 0.3
done
echo "access log lines written: yaruki $(wc -l <"$out/access-on.log"), nginx $(wc -l <"$out/nginx-access.log" 2>/dev/null || echo 0)"
