#!/usr/bin/env bash
# The routes people use, on each engine, against nginx returning the very same bytes (from a file,
# with sendfile and open_file_cache), driven by wrk in the same run: GET /v1/me, GET /v1/exercises,
# a Done feed page of 20 posts with photos and likes, a page of 20 workouts of 12 sets, a lifelog
# day of 100 records, and a month of health days from two sources. Access logs off on both.
#
# Each route is measured three ways: nginx; Yaruki asked the same URL again (kept: a kept reply
# answers, where the engine keeps any); and Yaruki asked a new query string every time (made: no
# kept reply answers, the reply is made, as after every write and on every first read).
# PostgreSQL runs with durable settings (fsync and synchronous_commit on); its kept replies read
# their data's versions from the database on every request. PostgreSQL runs on this machine, so
# the server reaches it as a deployment on one host would, over its Unix socket; the made replies
# are measured again over TCP (loopback), from a second node, as from another machine.
#
# Both engines are served at once and every round measures all of them one after another (nginx,
# kept and made on SQLite, then on PostgreSQL, then made over TCP), so a ratio between engines
# compares runs seconds apart, not halves of the run minutes apart: this machine's speed drifts
# by a tenth or more over minutes. Each ratio is printed as the median of the rounds' medians and
# as the median of the rounds' own ratios (paired).
#
# Then writes: POST /v1/workouts (a workout of two sets) from 16 connections, rounds alternating
# between SQLite, SQLite with synchronous=FULL (each commit on disk before it is answered, as
# PostgreSQL's), PostgreSQL over its socket and over TCP, one server running at a time, after a
# warm-up of each.
# Any reply that is not 2xx fails the run. pgbench also reads one account by id from as many
# connections as the server's pool: the engine's own rate for a read alone. Every made run and
# every write run counts the CPU it took, per reply: the server's, PostgreSQL's (the postmaster
# and every process under it), and the rest (wrk, the kernel's network work outside both): on two
# shared cores that says how far each engine can go.
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
declare -A pid_of port_of data_of tok_of db_of
stop_all() {
  for p in "${pid_of[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$out/nginx.conf" ] && nginx -c "$PWD/$out/nginx.conf" -s stop 2>/dev/null || true
  for d in "${data_of[@]}"; do rm -rf "$d"; done
  # PostgreSQL's own log of the run, kept beside the servers' (the cluster goes with bench_cleanup).
  [ -f "$pgdir/server.log" ] && cp "$pgdir/server.log" "$out/postgres.log"
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
# counted KEY PID COMMAND…: runs COMMAND (which prints a rate a second, for $seconds) with the CPU
# it took added to KEY's sums in cpu (server PID, postgres, busy, replies); its rate goes to
# $counted_rate (a subshell would lose the sums).
declare -A cpu
counted() {
  local key=$1 server=$2 s0 g0 b0 pg=()
  [[ $key == postgres* ]] && pg=($(pg_pids))
  s0=$(ticks "$server"); g0=$(ticks "${pg[@]}"); b0=$(busy)
  counted_rate=$("${@:3}")
  cpu[$key/server]=$(( ${cpu[$key/server]:-0} + $(ticks "$server") - s0 ))
  cpu[$key/postgres]=$(( ${cpu[$key/postgres]:-0} + $(ticks "${pg[@]}") - g0 ))
  cpu[$key/busy]=$(( ${cpu[$key/busy]:-0} + $(busy) - b0 ))
  cpu[$key/replies]=$(echo "${cpu[$key/replies]:-0} + $counted_rate * $seconds" | bc)
}
# µs of CPU per reply (or write) of KEY: per_reply KEY FIELD.
per_reply() { echo "${cpu[$1/$2]} * 1000000 / $hz / ${cpu[$1/replies]}" | bc -l; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# A round's figures are kept as one line, space after each: lines LIST puts one to a line.
lines() { tr ' ' '\n' <<<"$1" | grep .; }
# Each round of LIST over the same round of OVER, one to a line.
per_round() { paste -d' ' <(lines "$1") <(lines "$2") | awk '{print $1 / $2}'; }
# The bench person's access token from server KEY; they last 15 minutes.
token() {
  curl -sf -H 'Content-Type: application/json' --data @"$out/credentials.json" "http://127.0.0.1:${port_of[$1]}/v1/auth/login" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])'
}
# serve KEY DATA DB-FLAGS…: Yaruki as KEY on a free port over DATA; sets pid_of and port_of once it answers.
serve() {
  port_of[$1]=$(free_port)
  .build/release/yaruki serve --port "${port_of[$1]}" --data-dir "$2" "${@:3}" --access-log off --signups-per-hour 1000 >"$out/server-$1.log" 2>&1 &
  pid_of[$1]=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:${port_of[$1]}/healthz" >/dev/null && break; sleep 0.1; done
}
unserve() { kill "${pid_of[$1]}"; wait "${pid_of[$1]}" 2>/dev/null || true; unset "pid_of[$1]"; }
# The route asked with a new query string every time (bench/api/made-each-time.lua appends to it).
made_url() { echo "http://127.0.0.1:${port_of[$1]}$2$( [[ $2 == *\?* ]] || echo '?')"; }
declare -A made_rate kept_rate nginx_rate write_rate paired rounds_of cpu_all cpu_pg cpu_line
summary=()
# cpu_record KEY: what KEY's counted runs cost per reply, to cpu_all, cpu_pg and cpu_line.
cpu_record() {
  local server; server=$(per_reply "$1" server)
  cpu_all[$1]=$(per_reply "$1" busy); cpu_pg[$1]=$(per_reply "$1" postgres)
  cpu_line[$1]=$(printf 'server %4.0f µs  PostgreSQL %4.0f µs  the rest (wrk, kernel) %4.0f µs  all %4.0f µs' "$server" "${cpu_pg[$1]}" \
    "$(echo "${cpu_all[$1]} - $server - ${cpu_pg[$1]}" | bc -l)" "${cpu_all[$1]}")
}
ratio() { echo "$1 / $2" | bc -l; }

# Each engine served, seeded through its API; PostgreSQL also from a second node over TCP.
for engine in $engines; do
  data_of[$engine]=$(mktemp -d /tmp/yaruki-bench-api.XXXXXX)
  db_of[$engine]=""
  if [ "$engine" = postgres ]; then
    url=$(PG_DURABLE=1 scripts/pg-cluster.sh start "$pgdir" "$(free_port)")
    socket_url=$(scripts/pg-cluster.sh socket-url "$pgdir")
    db_of[postgres]="--db $socket_url"
    echo "== postgres: PostgreSQL over its Unix socket, durable: $(scripts/pg-cluster.sh settings "$pgdir" | sed 's/-c //g')"
  else
    echo "== sqlite: SQLite (WAL, synchronous=NORMAL)"
  fi
  serve "$engine" "${data_of[$engine]}" ${db_of[$engine]}
  echo "== $engine: seeding through the API"
  python3 bench/api/seed.py "http://127.0.0.1:${port_of[$engine]}" "$out/photo.jpg" >"$out/credentials.json"
  if [ "$engine" = postgres ]; then
    # The tables' statistics as autovacuum leaves them a minute later, so the first route's plans are those of the last.
    psql -q "$url" -c "VACUUM ANALYZE"
    data_of[postgres-tcp]=$(mktemp -d /tmp/yaruki-bench-api.XXXXXX)
    db_of[postgres-tcp]="--db $url"
    serve postgres-tcp "${data_of[postgres-tcp]}" ${db_of[postgres-tcp]}
  fi
done
measured=$engines
[[ $engines == *postgres* ]] && measured+=" postgres-tcp"

nport=$(free_port)
locations=""
for engine in $engines; do
  for name in "${names[@]}"; do
    locations+="    location = /$engine/$name { default_type application/json; alias $PWD/$out/$engine-$name.json; }
"
  done
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

echo "== wrk -t2 -c$connections -d${seconds}s, $rounds rounds per route, each round every engine in turn; 2 cores shared by the servers, PostgreSQL and wrk"
nginx_started=""
for i in "${!routes[@]}"; do
  name=${names[$i]}
  for engine in $engines; do
    tok_of[$engine]=$(token "$engine")  # access tokens last 15 minutes
    # The bytes again, now: signed photo links in a reply change on the hour.
    curl -sf -H "Authorization: Bearer ${tok_of[$engine]}" "http://127.0.0.1:${port_of[$engine]}${routes[$i]}" >"$out/$engine-$name.json"
  done
  [ -n "${tok_of[postgres]:-}" ] && tok_of[postgres-tcp]=$(token postgres-tcp)
  if [ -z "$nginx_started" ]; then nginx -c "$PWD/$out/nginx.conf"; nginx_started=1; sleep 0.3; fi
  for engine in $engines; do
    cmp -s <(curl -sf "http://127.0.0.1:$nport/$engine/$name") \
      <(curl -sf -H "Authorization: Bearer ${tok_of[$engine]}" "http://127.0.0.1:${port_of[$engine]}${routes[$i]}") ||
      { echo "nginx and yaruki ($engine) differ on ${routes[$i]}"; exit 1; }
  done
  declare -A ns=() ks=() ms=()
  for r in $(seq "$rounds"); do
    line=$(printf '%-12s round %d:' "$name" "$r")
    for engine in $measured; do
      files=${engine%-tcp}
      if [ "$engine" != postgres-tcp ]; then
        n=$(rps "http://127.0.0.1:$nport/$files/$name")
        k=$(rps "http://127.0.0.1:${port_of[$engine]}${routes[$i]}" -H "Authorization: Bearer ${tok_of[$engine]}")
        ns[$engine]+="$n "; ks[$engine]+="$k "
      fi
      # A new query string on every request: no kept reply answers. The catalog is kept by what it
      # reads (q and category), so an extra parameter still finds it.
      counted "$engine/$name" "${pid_of[$engine]}" rps "$(made_url "$engine" "${routes[$i]}")" -s bench/api/made-each-time.lua \
        -H "Authorization: Bearer ${tok_of[$engine]}"
      ms[$engine]+="$counted_rate "
      if [ "$engine" = postgres-tcp ]; then
        line+=$(printf '   %s made %7.0f' "$engine" "$counted_rate")
      else
        line+=$(printf '   %s nginx %7.0f kept %7.0f (%.2f) made %7.0f (%.2f)' "$engine" "$n" "$k" "$(ratio "$k" "$n")" "$counted_rate" \
          "$(ratio "$counted_rate" "$n")")
      fi
    done
    echo "$line"
  done
  for engine in $measured; do
    made_rate[$engine/$name]=$(lines "${ms[$engine]}" | median)
    rounds_of[$engine/$name]=${ms[$engine]}
    cpu_record "$engine/$name"
    [ "$engine" = postgres-tcp ] && continue
    nginx_rate[$engine/$name]=$(lines "${ns[$engine]}" | median)
    kept_rate[$engine/$name]=$(lines "${ks[$engine]}" | median)
    n=${nginx_rate[$engine/$name]}; k=${kept_rate[$engine/$name]}; m=${made_rate[$engine/$name]}
    # Each round's made over that round's nginx, as a check on the ratio of the medians.
    own=$(per_round "${ms[$engine]}" "${ns[$engine]}" | awk '{printf "%s%.2f", (NR > 1 ? ", " : ""), $1}')
    summary+=("$(printf '%-8s %-48s %6d B  nginx %7.0f  kept %7.0f (%.2f×)  made %7.0f (%.2f×; rounds %s)' "$engine" "${routes[$i]}" \
      "$(wc -c <"$out/$engine-$name.json")" "$n" "$k" "$(ratio "$k" "$n")" "$m" "$(ratio "$m" "$n")" "$own")")
  done
  # Each round's PostgreSQL made over that round's SQLite made, the median of those.
  for engine in postgres postgres-tcp; do
    [[ $measured == *"$engine"* && $measured == *sqlite* ]] || continue
    paired[$engine/$name]=$(per_round "${ms[$engine]}" "${ms[sqlite]}" | median)
  done
done

if [[ $engines == *postgres* ]]; then
  # The reads asked together (Database.readTogether: the workouts and board pages, the health
  # month, the lifelog day) in all the rounds above, and how many went in each round trip.
  together=$(curl -sf "http://127.0.0.1:${port_of[postgres]}/metrics" | awk '
    /^yaruki_db_reads_asked_together\{kind="rounds"\}/ {r = $2} /^yaruki_db_reads_asked_together\{kind="reads"\}/ {n = $2}
    END {if (r > 0) printf "%d reads in %d round trips (%.1f a round trip)", n, r, n / r; else print "none"}')
  summary+=("$(printf '%-8s %-48s %s' postgres "reads asked together, all rounds" "$together")")
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
  summary+=("$(printf '%-8s %-48s %s  pgbench %7.0f statements/s; /v1/me made %7.0f (%.2f× of it)' postgres "the account read alone" \
    "(8 connections)" "$p" "${made_rate[postgres/me]}" "$(ratio "${made_rate[postgres/me]}" "$p")")")
fi
nginx -c "$PWD/$out/nginx.conf" -s stop; sleep 0.3
for key in "${!pid_of[@]}"; do unserve "$key"; done

# Writes: a workout of two sets, a new one each request, from 16 connections; each round every
# engine in turn, one server at a time (a node writing notifies the others, which would take CPU).
writers=""
[[ $engines == *sqlite* ]] && writers+="sqlite sqlite-full "
[[ $engines == *postgres* ]] && writers+="postgres postgres-tcp"
declare -A wflags=([sqlite]="" [sqlite-full]="--db sqlite:${data_of[sqlite]:-}/yaruki.sqlite?synchronous=full"
                   [postgres]=${db_of[postgres]:-} [postgres-tcp]=${db_of[postgres-tcp]:-})
declare -A wlabel=([sqlite]="" [sqlite-full]=", synchronous=FULL" [postgres]="" [postgres-tcp]=", over TCP")
declare -A ws=()
# write_run KEY SECONDS [counted]: KEY's server alone writing for SECONDS (its rate and CPU added
# to KEY's when counted, the rate to counted_rate); then what PostgreSQL's writes leave for later
# (autovacuum, a checkpoint) is done, not in the next run's time.
write_run() {
  serve "$1" "${data_of[${1%-full}]}" ${wflags[$1]}
  local run=(wrk_rps "http://127.0.0.1:${port_of[$1]}/v1/workouts" -t2 -c16 -d"$2s" -s bench/api/write.lua -H "Authorization: Bearer $(token "$1")")
  if [ -n "${3:-}" ]; then counted "$1/writes" "${pid_of[$1]}" "${run[@]}"; else "${run[@]}" >/dev/null; fi
  unserve "$1"
  if [[ $1 == postgres* ]]; then psql -q "$url" -c "VACUUM ANALYZE" -c "CHECKPOINT"; fi
}
# A warm-up on each engine first, not counted. A PostgreSQL connection settles how it plans a
# foreign key's check while the referenced table is as it is then, and keeps that while the table
# grows, until the table is analyzed again: with the workouts table analyzed at its seeded thirty
# rows, the first counted round ran at 2,366-2,437 writes a second, the others at 6,875-8,310 (a
# probe: 2,000 checks 72 ms on a connection whose plan was settled at 30 rows, 9 ms on a new one,
# the table at 20,000 rows). The warm-up's writes, analyzed, leave the statistics of a table being
# written to. What the reads and seeding left for later is done after it too.
for key in $writers; do write_run "$key" 2; done
echo "== writes: POST /v1/workouts, 16 connections, ${seconds}s, $rounds rounds, each round every engine in turn"
for r in $(seq "$rounds"); do
  line=$(printf 'writes       round %d:' "$r")
  for key in $writers; do
    write_run "$key" "$seconds" counted
    ws[$key]+="$counted_rate "
    line+=$(printf '   %s %6.0f' "$key" "$counted_rate")
  done
  echo "$line"
done
for key in $writers; do
  write_rate[$key]=$(lines "${ws[$key]}" | median)
  rounds_of[$key/writes]=${ws[$key]}
  cpu_record "$key/writes"
  summary+=("$(printf '%-12s %-44s          POST, 16 connections%-18s %7.0f writes/s' "${key%-full}" "/v1/workouts" "${wlabel[$key]}" "${write_rate[$key]}")")
done
for key in postgres postgres-tcp; do
  for base in sqlite sqlite-full; do
    [[ $writers == *"$key"* && $writers == *"$base "* ]] || continue
    paired[$key/writes/$base]=$(per_round "${ws[$key]}" "${ws[$base]}" | median)
  done
done

echo "== medians: rate and ratio to nginx (targets, made on SQLite: /v1/me >= 0.8, feed, workouts and health >= 0.3, lifelog day >= 0.1)"
printf '%s\n' "${summary[@]}"
echo "== CPU per made reply, all rounds, and per write (two cores: a rate of R a second leaves 2,000,000 / R µs of CPU for each)"
for key in $(printf '%s\n' "${!cpu_line[@]}" | sort); do printf '%-26s %s\n' "$key" "${cpu_line[$key]}"; done
if [[ $engines == *sqlite* && $engines == *postgres* ]]; then
  echo "== PostgreSQL (durable) over SQLite, made each time (target >= 0.7) and writes (target >= 0.5)"
  echo "   (medians' ratio, and in brackets the median of each round's own ratio: the rounds of both engines ran seconds apart."
  echo "    \"PostgreSQL's CPU on SQLite's\": SQLite's whole made reply with PostgreSQL's own CPU for the route added, over SQLite's"
  echo "    alone: what these two shared cores leave if the server spent on PostgreSQL no more than it spends on SQLite)"
  for name in "${names[@]}"; do
    printf '%-12s Unix socket %.2f× (%.2f×)   TCP %.2f× (%.2f×)   PostgreSQL'"'"'s CPU on SQLite'"'"'s %.2f×\n' "$name" \
      "$(ratio "${made_rate[postgres/$name]}" "${made_rate[sqlite/$name]}")" "${paired[postgres/$name]}" \
      "$(ratio "${made_rate[postgres-tcp/$name]}" "${made_rate[sqlite/$name]}")" "${paired[postgres-tcp/$name]}" \
      "$(echo "${cpu_all[sqlite/$name]} / (${cpu_all[sqlite/$name]} + ${cpu_pg[postgres/$name]})" | bc -l)"
  done
  printf '%-12s Unix socket %.2f× (%.2f×)   TCP %.2f× (%.2f×)   PostgreSQL'"'"'s CPU on SQLite'"'"'s %.2f×\n' "writes" \
    "$(ratio "${write_rate[postgres]}" "${write_rate[sqlite]}")" "${paired[postgres/writes/sqlite]}" \
    "$(ratio "${write_rate[postgres-tcp]}" "${write_rate[sqlite]}")" "${paired[postgres-tcp/writes/sqlite]}" \
    "$(echo "${cpu_all[sqlite/writes]} / (${cpu_all[sqlite/writes]} + ${cpu_pg[postgres/writes]})" | bc -l)"
  printf '%-12s Unix socket %.2f× (%.2f×)   TCP %.2f× (%.2f×)   (over SQLite with synchronous=FULL: each commit on disk, as PostgreSQL'"'"'s)\n' "" \
    "$(ratio "${write_rate[postgres]}" "${write_rate[sqlite-full]}")" "${paired[postgres/writes/sqlite-full]}" \
    "$(ratio "${write_rate[postgres-tcp]}" "${write_rate[sqlite-full]}")" "${paired[postgres-tcp/writes/sqlite-full]}"
  echo "   rounds, made (req/s) and writes (a second):"
  for key in $(printf '%s\n' "${!rounds_of[@]}" | sort); do printf '     %-26s %s\n' "$key" "${rounds_of[$key]}"; done
fi
