#!/usr/bin/env bash
# GET /healthz (a JSON reply that also reads the SQLite database) against nginx returning the
# same bytes with `return 200`, both with wrk on this machine, in the same run; prints the ratio.
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
yport=$(free_port); nport=$(free_port)
data=$(mktemp -d /tmp/yaruki-bench.XXXXXX)
.build/release/yaruki serve --port "$yport" --data-dir "$data" --access-log "${ACCESS_LOG:-on}" >"$out/access.log" 2>"$out/server.log" &
ypid=$!
body=""
for _ in $(seq 100); do body=$(curl -sf "http://127.0.0.1:$yport/healthz" || true); [ -n "$body" ] && break; sleep 0.1; done
[ -n "$body" ] || { echo "yaruki did not start"; cat "$out/server.log"; exit 1; }
cat >"$out/nginx.conf" <<CONF
worker_processes 2;
pid $PWD/$out/nginx.pid;
error_log $PWD/$out/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$nport;
    location / { default_type application/json; return 200 '$body'; }
  }
}
CONF
nginx -c "$PWD/$out/nginx.conf"
cleanup() { kill "$ypid" 2>/dev/null || true; nginx -c "$PWD/$out/nginx.conf" -s stop 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
sleep 0.3
[ "$(curl -s "http://127.0.0.1:$nport/healthz")" = "$body" ] || { echo "nginx does not return the same bytes"; exit 1; }
rps() { wrk -t2 -c"$connections" -d"${seconds}s" "$1" | awk '/Requests\/sec/ {print $2}'; }
echo "bytes: $body"
echo "wrk -t2 -c$connections -d${seconds}s, $rounds rounds, alternating (2 cores shared by server and wrk)"
best_y=0; best_n=0; ratios=()
for r in $(seq "$rounds"); do
  n=$(rps "http://127.0.0.1:$nport/healthz")
  y=$(rps "http://127.0.0.1:$yport/healthz")
  ratios+=("$(echo "$y / $n" | bc -l)")
  printf 'round %d: nginx %10.0f req/s   yaruki %10.0f req/s   ratio %.2f\n' "$r" "$n" "$y" "${ratios[-1]}"
  best_y=$(echo "if ($y > $best_y) $y else $best_y" | bc -l); best_n=$(echo "if ($n > $best_n) $n else $best_n" | bc -l)
done
printf 'best: nginx %.0f req/s, yaruki %.0f req/s, yaruki/nginx = %.2f (target >= 0.80)\n' "$best_n" "$best_y" "$(echo "$best_y / $best_n" | bc -l)"
printf 'median of the round ratios: %.2f\n' "$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')"
echo "access log lines written: $(wc -l <"$out/access.log")"
