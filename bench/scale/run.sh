#!/usr/bin/env bash
# Several nodes on one PostgreSQL (one shared data folder), two figures.
# Throughput: requests/s through nginx (deploy/nginx/yaruki.conf as shipped, HTTPS with a
#   certificate made here, its upstream pointed at the nodes) to 1, 2 and 3 nodes under one mixed workload (bench/scale/mixed.lua:
#   20 people of one group, 80% reads, 20% writes), each beside 1 node through the same nginx
#   (the ratio), and 1 node without nginx (what the proxy and TLS cost).
# Fan-out: SCREENS wall screens (10,000) on one board, spread over 3 nodes, while 100 sales a
#   second arrive at the first node: p50/p99 from a sale's sending to each screen having it,
#   beside one node holding all of them (the same database, the same tool).
# Everything (PostgreSQL, the nodes, nginx, wrk, the screens) shares this machine's cores.
# Usage: bench/scale/run.sh [seconds per round] [rounds] [screens]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
rounds=${2:-2}
screens=${3:-10000}
connections=${CONNECTIONS:-64}
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "run scripts/setup.sh bench first (wrk, nginx)"; exit 1; }
out=bench/out/scale
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
source bench/lib.sh
bench_watch_tool
nginx_conf="$PWD/$out/nginx.conf"
[ -s "$out/tls.pem" ] || openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$out/tls.key" -out "$out/tls.pem" 2>/dev/null
stop_nginx() { [ -f "$out/nginx.pid" ] && nginx -c "$nginx_conf" -s stop 2>/dev/null || true; rm -f "$out/nginx.pid"; }
trap 'stop_nginx; bench_cleanup' EXIT

bench_database postgres
bench_serve postgres   # the first node; also signs the bench person in
nodes=("$port"); node_pids=("${pids[-1]}")

# start_nodes N: nodes 2..N beside the first (or stops the extra ones), then nginx in front of them.
start_nodes() {
  while [ ${#nodes[@]} -gt "$1" ]; do
    kill "${node_pids[-1]}"; wait "${node_pids[-1]}" 2>/dev/null || true
    unset 'nodes[-1]' 'node_pids[-1]'
  done
  while [ ${#nodes[@]} -lt "$1" ]; do
    local p; p=$(free_port)
    "$bin" serve --port "$p" --data-dir "$data" --access-log off "${db[@]}" >"$out/node-$p.log" 2>&1 &
    pids+=($!); node_pids+=($!); nodes+=("$p")
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$p/healthz" >/dev/null && break; sleep 0.1; done
  done
  stop_nginx
  nport=$(free_port)
  # As shipped: HTTPS (a certificate made here for 127.0.0.1), the plain port only redirecting.
  python3 - "$nport" "$(free_port)" "$PWD/$out/tls.pem" "$PWD/$out/tls.key" "${nodes[@]}" >"$out/site.conf" <<'PY'
import re, sys
port, plain, certificate, key = sys.argv[1:5]
conf = open("deploy/nginx/yaruki.conf").read()
servers = "".join(f"    server 127.0.0.1:{p} max_fails=2 fail_timeout=5s;\n" for p in sys.argv[5:])
conf = re.sub(r"(?m)^    server 127\.0\.0\.1:808\d[^\n]*\n", "", conf).replace("    least_conn;\n", "    least_conn;\n" + servers, 1)
for shipped, here in (("listen 80;", f"listen 127.0.0.1:{plain};"), ("listen 443 ssl http2;", f"listen 127.0.0.1:{port} ssl http2;"),
                      ("/etc/letsencrypt/live/yaruki.example.com/fullchain.pem", certificate),
                      ("/etc/letsencrypt/live/yaruki.example.com/privkey.pem", key)):
    assert shipped in conf, shipped
    conf = conf.replace(shipped, here)
print(conf)
PY
  cat >"$nginx_conf" <<CONF
worker_processes 2;
pid $PWD/$out/nginx.pid;
error_log $PWD/$out/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $PWD/$out/nginx-body;
  proxy_temp_path $PWD/$out/nginx-proxy;
  include $PWD/$out/site.conf;
}
CONF
  nginx -c "$nginx_conf"
  for _ in $(seq 50); do curl -sfk "https://127.0.0.1:$nport/healthz" >/dev/null && break; sleep 0.1; done
}

# Twenty people in one group, each signed in.
api="http://127.0.0.1:${nodes[0]}"
group=$(curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"name":"Bench crew"}' "$api/v1/groups")
code=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["inviteCode"])' "$group")
group=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["id"])' "$group")
tokens=$token
for i in $(seq 2 20); do
  echo "correct horse battery staple" | "$bin" user create --email "p$i@example.com" --name "P$i" --password-stdin --data-dir "$data" "${db[@]}" >/dev/null
  t=$(curl -sf -H 'Content-Type: application/json' -d "{\"email\":\"p$i@example.com\",\"password\":\"correct horse battery staple\"}" \
    "$api/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')
  curl -sf -o /dev/null -H "Authorization: Bearer $t" -H 'Content-Type: application/json' -d "{\"code\":\"$code\"}" "$api/v1/groups/join"
  tokens+=",$t"
done

# rps URL: requests/s of the mixed workload (fails on more than 1% errors); where the CPU went
# in that round goes to $out/cpu.txt.
rps() {
  local report errors total
  python3 bench/scale/cpu.py snap "$out/cpu-before.json"
  report=$(TOKENS=$tokens GROUP=$group wrk -t2 -c"$connections" -d"${seconds}s" -s "${SCALE_LUA:-bench/scale/mixed.lua}" "$1")
  python3 bench/scale/cpu.py snap "$out/cpu-after.json"
  echo "$report" >>"$out/wrk.log"
  total=$(echo "$report" | awk '/requests in/ {print $1}')
  errors=$(echo "$report" | awk '/Non-2xx/ {print $5}')
  if [ -n "$errors" ] && [ "$errors" -gt $(( total / 100 )) ]; then echo "too many errors: $errors of $total" >&2; exit 1; fi
  python3 bench/scale/cpu.py diff "$out/cpu-before.json" "$out/cpu-after.json" "$total" >"$out/cpu.txt"
  echo "$report" | awk '/Requests\/sec/ {print $2}'
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "== throughput: mixed workload (80% reads, 20% writes; 20 people of one group), wrk -t2 -c$connections -d${seconds}s, $rounds rounds"
echo "   (the configurations take turns within each round, so the tables grow alike under each, and each is compared with the"
echo "    round's one node; CPU: ms of CPU time a request, by program, and the machine's idle share)"
declare -A runs cpus ratios
for r in $(seq "$rounds"); do
  for n in 1 2 3 direct; do
    # Fresh statistics before each turn, as autovacuum keeps them on a database in service (a
    # table that grew from nothing in seconds is otherwise planned as if it were still tiny).
    psql -q -X "$url" -c ANALYZE
    if [ "$n" = direct ]; then
      start_nodes 1
      y=$(rps "http://127.0.0.1:${nodes[0]}")
    else
      start_nodes "$n"
      y=$(rps "https://127.0.0.1:$nport")
    fi
    [ "$n" = 1 ] && one=$y
    runs[$n]+="$y "
    ratios[$n]+="$(echo "$y / $one" | bc -l) "
    cpus[$n]=$(cat "$out/cpu.txt")
    printf '   round %d, %-7s %6.0f req/s (%.2fx the round'"'"'s one node through nginx); %s\n' "$r" "$n:" "$y" "$(echo "$y / $one" | bc -l)" "${cpus[$n]}"
  done
done
declare -A med ratio
for n in 1 2 3 direct; do med[$n]=$(printf '%s\n' ${runs[$n]} | median); ratio[$n]=$(printf '%s\n' ${ratios[$n]} | median); done
for n in 1 2 3; do
  printf '%d node(s) through nginx: median %6.0f req/s; median of the round ratios to one node %.2f\n' "$n" "${med[$n]}" "${ratio[$n]}"
done
printf 'one node without nginx:   median %6.0f req/s; median of the round ratios %.2f (what nginx and TLS in front cost)\n' "${med[direct]}" "${ratio[direct]}"

echo "== fan-out: $screens screens on one board, 100 sales a second arriving at the first node, ${seconds}s after connecting"
start_nodes 3
signage_setup
report() {
  declare $1
  printf '%-34s newest sale -> screen p50 %7.2f ms, p99 %7.2f ms; first -> last screen p50 %6.1f ms; %d behind, %d dropped; till POST p50 %.2f ms; %d MiB with the screens\n' \
    "$2" "$newest_p50" "$newest_p99" "$spread_p50" "$behind" "$closed" "$post_p50" $(( rss_connected_kib / 1024 ))
}
ports=$(IFS=,; echo "${nodes[*]}"); spread_pids=$(IFS=,; echo "${node_pids[*]}")
three=$("$watch" "$ports" "$board" "$wall_token" "$key" "$screens" 100 "$seconds" "$spread_pids")
echo "$three" >>"$out/fanout.log"
start_nodes 1
one=$("$watch" "${nodes[0]}" "$board" "$wall_token" "$key" "$screens" 100 "$seconds" "${node_pids[0]}")
echo "$one" >>"$out/fanout.log"
report "$three" "3 nodes, $(( screens / 3 )) screens each:"
report "$one" "1 node holding all $screens:"
p99_three=$(echo "$three" | tr ' ' '\n' | awk -F= '/^newest_p99=/ {print $2}')
p99_one=$(echo "$one" | tr ' ' '\n' | awk -F= '/^newest_p99=/ {print $2}')
printf 'p99 over 3 nodes / p99 on one node: %.2f\n' "$(echo "$p99_three / $p99_one" | bc -l)"
