#!/usr/bin/env bash
# The routes people use, on each engine, against nginx returning the very same bytes (from a file,
# with sendfile and open_file_cache), driven by wrk in the same run: GET /v1/me, GET /v1/exercises,
# a Done feed page of 20 posts with photos and likes, a page of 20 workouts of 12 sets, a lifelog
# day of 100 records, and a month of health days from two sources. Access logs off on both.
#
# Each route is measured three ways, rounds alternating: nginx; Yaruki asked the same URL again
# (kept: a kept reply answers, where the engine keeps any); and Yaruki asked a new query string
# every time (made: no kept reply answers, the reply is made, as after every write and on every
# first read). PostgreSQL runs with durable settings (fsync and synchronous_commit on); its kept
# replies read their data's versions from the database on every request. Then writes: POST /v1/workouts (a workout of two sets) from 16 connections,
# on SQLite also with synchronous=FULL (each commit on disk before it is answered, as PostgreSQL's).
# Any reply that is not 2xx fails the run. On PostgreSQL, pgbench also reads one account by id
# from as many connections as the server's pool: the engine's own rate for a read alone.
# PostgreSQL runs on this machine, so the server reaches it as a deployment on one host would,
# over its Unix socket; the made replies and the writes are then measured again over TCP
# (loopback), as from another node. Every made run and every write run counts the CPU it took, per reply: the
# server's, PostgreSQL's (the postmaster and every process under it), and the rest (wrk, the
# kernel's network work outside both): on two shared cores that says how far each engine can go.
#
# Targets (issue 35): made, SQLite: /v1/me >= 0.8x nginx; feed, workouts, health month >= 0.3x;
# lifelog day >= 0.1x. PostgreSQL made >= 0.7x SQLite made; PostgreSQL writes >= 0.5x SQLite's.
# Usage: bench/api/run.sh [seconds per round] [rounds]    (ENGINES="sqlite postgres" by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-5}
rounds=${2:-3}
connections=${CONNECTIONS:-64}
engines=${ENGINES:-"sqlite postgres"}
out=bench/out/api
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
. bench/lib.sh
. bench/wrk.sh
pid=""
stop_all() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  [ -f "$out/nginx.conf" ] && nginx -c "$PWD/$out/nginx.conf" -s stop 2>/dev/null || true
  bench_cleanup
}
trap stop_all EXIT
ffmpeg -loglevel error -y -f lavfi -i testsrc=size=1280x960 -frames:v 1 "$out/photo.jpg"

routes=("/v1/me" "/v1/exercises" "/v1/posts?board=done&limit=20" "/v1/workouts?limit=20" "/v1/lifelog/timeline?range=day&date=2026-11-28"
        "/v1/health/days?from=2026-11-01&to=2026-11-30")
names=("me" "exercises" "feed" "workouts" "lifelog-day" "health-month")
rps() { wrk_rps "$1" -t2 -c"$connections" -d"${seconds}s" "${@:2}"; }
# CPU used so far, in clock ticks (user and system): ticks PID…; busy: the whole machine's.
hz=$(getconf CLK_TCK)
ticks() { local t=0 p; for p in "$@"; do [ -r "/proc/$p/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
busy() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8}' /proc/stat; }
# The cluster's processes while it runs: the postmaster and every backend and worker under it.
pg_pids() { [ -f "$pgdir/data/postmaster.pid" ] || return 0; local pm; pm=$(head -1 "$pgdir/data/postmaster.pid"); echo "$pm" $(pgrep -P "$pm"); }
# counted COMMAND…: runs COMMAND (which prints a rate a second, for $seconds) with the CPU it took
# added to cpu (server, postgres, busy, replies); its rate goes to $counted_rate (a subshell would
# lose the sums).
counted() {
  local s0 g0 b0
  s0=$(ticks "$pid"); g0=$(ticks $(pg_pids)); b0=$(busy)
  counted_rate=$("$@")
  cpu[server]=$((cpu[server] + $(ticks "$pid") - s0)); cpu[postgres]=$((cpu[postgres] + $(ticks $(pg_pids)) - g0))
  cpu[busy]=$((cpu[busy] + $(busy) - b0)); cpu[replies]=$(echo "${cpu[replies]} + $counted_rate * $seconds" | bc)
}
# µs of CPU per reply (or write) since cpu was emptied: per_reply KEY.
per_reply() { echo "${cpu[$1]} * 1000000 / $hz / ${cpu[replies]}" | bc -l; }
# The route asked with a new query string every time (bench/api/made-each-time.lua appends to it).
made_url() { echo "http://127.0.0.1:$yport$1$( [[ $1 == *\?* ]] || echo '?')"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# The bench person's access token from the server now serving ($yport); they last 15 minutes.
token() {
  curl -sf -H 'Content-Type: application/json' --data @"$out/credentials.json" "http://127.0.0.1:$yport/v1/auth/login" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])'
}
# serve LOG DB-FLAGS…: Yaruki on $yport over $data; sets pid once it answers.
serve() {
  .build/release/yaruki serve --port "$yport" --data-dir "$data" "${@:2}" --access-log off --signups-per-hour 1000 >"$out/server-$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$yport/healthz" >/dev/null && break; sleep 0.1; done
}
# writes KEY LABEL: a workout of two sets, a new one each request, from 16 connections.
writes() {
  local tok; tok=$(token)
  cpu=([server]=0 [postgres]=0 [busy]=0 [replies]=0)
  counted wrk_rps "http://127.0.0.1:$yport/v1/workouts" -t2 -c16 -d"${seconds}s" -s bench/api/write.lua -H "Authorization: Bearer $tok"
  write_rate[$1]=$counted_rate
  cpu_record "$1/writes"
  summary+=("$(printf '%-8s %-48s          POST, 16 connections%-18s %7.0f writes/s' "$engine" "/v1/workouts" "$2" "$counted_rate")")
}
declare -A made_rate write_rate cpu_all cpu_pg cpu_line
declare -A cpu
summary=()

# cpu_record KEY: what the made runs since cpu was emptied cost per reply, to cpu_all, cpu_pg, cpu_line.
cpu_record() {
  local server; server=$(per_reply server)
  cpu_all[$1]=$(per_reply busy); cpu_pg[$1]=$(per_reply postgres)
  cpu_line[$1]=$(printf 'server %4.0f µs  PostgreSQL %4.0f µs  the rest (wrk, kernel) %4.0f µs  all %4.0f µs' "$server" "${cpu_pg[$1]}" \
    "$(echo "${cpu_all[$1]} - $server - ${cpu_pg[$1]}" | bc -l)" "${cpu_all[$1]}")
}
# made_rounds KEY URL: the made replies' rounds of one route alone, their median to made_rate[KEY].
made_rounds() {
  local ms=()
  cpu=([server]=0 [postgres]=0 [busy]=0 [replies]=0)
  for _ in $(seq "$rounds"); do
    counted rps "$2" -s bench/api/made-each-time.lua -H "Authorization: Bearer $tok"
    ms+=("$counted_rate")
  done
  made_rate[$1]=$(printf '%s\n' "${ms[@]}" | median)
  cpu_record "$1"
}

for engine in $engines; do
  data=$(mktemp -d /tmp/yaruki-bench-api.XXXXXX)
  db=()
  setting="SQLite (WAL, synchronous=NORMAL)"
  if [ "$engine" = postgres ]; then
    url=$(PG_DURABLE=1 scripts/pg-cluster.sh start "$pgdir" "$(free_port)")
    socket_url=$(scripts/pg-cluster.sh socket-url "$pgdir")
    db=(--db "$socket_url")
    setting="PostgreSQL over its Unix socket, durable: $(scripts/pg-cluster.sh settings "$pgdir" | sed 's/-c //g')"
  fi
  yport=$(free_port); nport=$(free_port)
  serve "$engine" "${db[@]}"
  echo "== $engine: seeding through the API"
  python3 bench/api/seed.py "http://127.0.0.1:$yport" "$out/photo.jpg" >"$out/credentials.json"
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

  echo "== $engine: $setting; wrk -t2 -c$connections -d${seconds}s, $rounds rounds per route alternating; 2 cores shared by server and wrk"
  for i in "${!routes[@]}"; do
    name=${names[$i]}
    tok=$(token)  # access tokens last 15 minutes
    # The bytes again, now: signed photo links in a reply change on the hour.
    curl -sf -H "Authorization: Bearer $tok" "http://127.0.0.1:$yport${routes[$i]}" >"$out/$name.json"
    cmp -s <(curl -sf "http://127.0.0.1:$nport/$name") <(curl -sf -H "Authorization: Bearer $tok" "http://127.0.0.1:$yport${routes[$i]}") ||
      { echo "nginx and yaruki differ on ${routes[$i]}"; exit 1; }
    # A new query string on every request: no kept reply answers. The catalog is kept by what it
    # reads (q and category), so an extra parameter still finds it.
    madeurl=$(made_url "${routes[$i]}")
    ns=(); ks=(); ms=()
    cpu=([server]=0 [postgres]=0 [busy]=0 [replies]=0)
    for r in $(seq "$rounds"); do
      n=$(rps "http://127.0.0.1:$nport/$name")
      k=$(rps "http://127.0.0.1:$yport${routes[$i]}" -H "Authorization: Bearer $tok")
      counted rps "$madeurl" -s bench/api/made-each-time.lua -H "Authorization: Bearer $tok"; m=$counted_rate
      ns+=("$n"); ks+=("$k"); ms+=("$m")
      printf '%-8s %-12s round %d: nginx %8.0f   kept %8.0f (%.2f)   made %8.0f (%.2f)\n' "$engine" "$name" "$r" "$n" "$k" "$(echo "$k / $n" | bc -l)" \
        "$m" "$(echo "$m / $n" | bc -l)"
    done
    n=$(printf '%s\n' "${ns[@]}" | median); k=$(printf '%s\n' "${ks[@]}" | median); m=$(printf '%s\n' "${ms[@]}" | median)
    made_rate[$engine/$name]=$m
    cpu_record "$engine/$name"
    summary+=("$(printf '%-8s %-48s %6d B  nginx %7.0f  kept %7.0f (%.2f×)  made %7.0f (%.2f×)' "$engine" "${routes[$i]}" "$(wc -c <"$out/$name.json")" \
      "$n" "$k" "$(echo "$k / $n" | bc -l)" "$m" "$(echo "$m / $n" | bc -l)")")
  done
  if [ "$engine" = postgres ]; then
    # The reads asked together (Database.readTogether: the workouts and board pages, the health
    # month, the lifelog day) in all the rounds above, and how many went in each round trip.
    together=$(curl -sf "http://127.0.0.1:$yport/metrics" | awk '
      /^yaruki_db_reads_asked_together\{kind="rounds"\}/ {r = $2} /^yaruki_db_reads_asked_together\{kind="reads"\}/ {n = $2}
      END {if (r > 0) printf "%d reads in %d round trips (%.1f a round trip)", n, r, n / r; else print "none"}')
    summary+=("$(printf '%-8s %-48s %s' "$engine" "reads asked together, all rounds" "$together")")
    # PostgreSQL's own rate for a read of one account by id, from as many connections as the
    # server's pool holds (8), prepared, driven by pgbench on the same two cores and the same
    # socket: what the engine allows a request that reads alone. The server reads the accounts of
    # the requests asking at once in one statement (KnownAccounts.read), so /v1/me made can pass it.
    pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    user=$(psql "$url" -Atc "SELECT id FROM users WHERE email_key = 'bench0@bench.example'")
    echo "SELECT id, email, display_name, password_hash, time_zone, locale, week_start, role, email_verified_at, created_at, weight_unit FROM users WHERE id = '$user';" >"$out/account.sql"
    ps=()
    for r in $(seq "$rounds"); do
      ps+=("$("$pgbin/pgbench" "$socket_url" -n -M prepared -c 8 -j 2 -T "$seconds" -f "$out/account.sql" | awk '/^tps/ {print $3}')")
    done
    p=$(printf '%s\n' "${ps[@]}" | median)
    summary+=("$(printf '%-8s %-48s %s  pgbench %7.0f statements/s; /v1/me made %7.0f (%.2f× of it)' "$engine" "the account read alone" \
      "(8 connections)" "$p" "${made_rate[postgres/me]}" "$(echo "${made_rate[postgres/me]} / $p" | bc -l)")")
  fi
  writes "$engine" ""
  nginx -c "$PWD/$out/nginx.conf" -s stop; sleep 0.3
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  if [ "$engine" = sqlite ]; then
    # The same writes with every commit on disk before it is answered, as PostgreSQL's here.
    serve sqlite-full --db "sqlite:$data/yaruki.sqlite?synchronous=full"
    writes sqlite-full ", synchronous=FULL"
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  else
    # The same cluster over TCP, as a node on another machine reaches it: the made replies and the writes.
    echo "== postgres over TCP (loopback): made replies, $rounds rounds per route"
    serve postgres-tcp --db "$url"
    tok=$(token)
    for i in "${!routes[@]}"; do
      made_rounds "postgres-tcp/${names[$i]}" "$(made_url "${routes[$i]}")"
      printf 'postgres %-12s over TCP: made %8.0f\n' "${names[$i]}" "${made_rate[postgres-tcp/${names[$i]}]}"
    done
    engine=postgres-tcp writes postgres-tcp ", over TCP"
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  fi
  [ "$engine" = postgres ] && scripts/pg-cluster.sh stop "$pgdir" >/dev/null
  rm -rf "$data"
done

echo "== medians: rate and ratio to nginx (targets, made on SQLite: /v1/me >= 0.8, feed, workouts and health >= 0.3, lifelog day >= 0.1)"
printf '%s\n' "${summary[@]}"
echo "== CPU per made reply, all rounds, and per write (two cores: a rate of R a second leaves 2,000,000 / R µs of CPU for each)"
for key in $(printf '%s\n' "${!cpu_line[@]}" | sort); do printf '%-26s %s\n' "$key" "${cpu_line[$key]}"; done
if [[ $engines == *sqlite* && $engines == *postgres* ]]; then
  echo "== PostgreSQL (durable) over SQLite, made each time (target >= 0.7) and writes (target >= 0.5)"
  echo "   (\"PostgreSQL's CPU on SQLite's\": SQLite's whole made reply with PostgreSQL's own CPU for the route added, over SQLite's alone:"
  echo "    what these two shared cores leave if the server spent on PostgreSQL no more than it spends on SQLite)"
  for name in "${names[@]}"; do
    printf '%-12s Unix socket %.2f×   TCP %.2f×   PostgreSQL'"'"'s CPU on SQLite'"'"'s %.2f×\n' "$name" \
      "$(echo "${made_rate[postgres/$name]} / ${made_rate[sqlite/$name]}" | bc -l)" \
      "$(echo "${made_rate[postgres-tcp/$name]} / ${made_rate[sqlite/$name]}" | bc -l)" \
      "$(echo "${cpu_all[sqlite/$name]} / (${cpu_all[sqlite/$name]} + ${cpu_pg[postgres/$name]})" | bc -l)"
  done
  printf '%-12s Unix socket %.2f×   TCP %.2f×   PostgreSQL'"'"'s CPU on SQLite'"'"'s %.2f×  (over SQLite with synchronous=FULL, each commit on disk as PostgreSQL'"'"'s: %.2f× and %.2f×)\n' "writes" \
    "$(echo "${write_rate[postgres]} / ${write_rate[sqlite]}" | bc -l)" "$(echo "${write_rate[postgres-tcp]} / ${write_rate[sqlite]}" | bc -l)" \
    "$(echo "${cpu_all[sqlite/writes]} / (${cpu_all[sqlite/writes]} + ${cpu_pg[postgres/writes]})" | bc -l)" \
    "$(echo "${write_rate[postgres]} / ${write_rate[sqlite-full]}" | bc -l)" "$(echo "${write_rate[postgres-tcp]} / ${write_rate[sqlite-full]}" | bc -l)"
fi
