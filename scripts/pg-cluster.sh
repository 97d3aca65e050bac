#!/usr/bin/env bash
# A throwaway PostgreSQL cluster from Debian's package, for tests.
#   pg-cluster.sh start DIR PORT [OWNER_PID] → prints the database URL; with OWNER_PID the
#                                    cluster stops by itself once that process is gone
#   pg-cluster.sh stop DIR         → stops it and removes DIR
#   pg-cluster.sh pause DIR / resume DIR   → stops / starts the server, keeping its data
#   pg-cluster.sh settings DIR     → its durability settings
#   pg-cluster.sh socket-url DIR   → its URL over the Unix socket in DIR (libpq reads a host that
#                                    is a folder, percent-encoded, as the socket's)
# PostgreSQL refuses to run as root, so as root the server runs as the postgres user.
# Tests run it without waiting for the disk (fsync and synchronous_commit off: a crash loses a
# throwaway cluster). PG_DURABLE=1 runs it as a deployment would, every commit on disk before it
# is answered; the benchmarks do (bench/lib.sh), and say so.
set -euo pipefail
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[ -x "$PGBIN/initdb" ] || { echo "pg-cluster: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "${PG_DURABLE:-0}" = 1 ]; then durability="-c fsync=on -c synchronous_commit=on"; else durability="-c fsync=off -c synchronous_commit=off"; fi
# The whole test suite runs some forty servers at once, each with its own pool (up to eight
# connections and a listener): 200 left too little room (it peaked at 173 and grows with tests).
connections=400
cmd=${1:?usage: pg-cluster.sh start|stop|pause|resume DIR [PORT]}
dir=${2:?DIR missing}
case "$cmd" in
start)
  port=${3:?PORT missing}
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  chmod 700 "$dir"
  as_pg "$PGBIN/initdb" -D "$dir/data" -U yaruki --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1
  echo "$port" >"$dir/port"
  echo "$durability" >"$dir/durability"
  [ "$(id -u)" = 0 ] && chown postgres "$dir/port"
  as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=$connections" start >/dev/null
  as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$port" -U yaruki yaruki_test
  if [ -n "${4:-}" ]; then
    owner=$4
    nohup setsid bash -c "while kill -0 $owner 2>/dev/null; do sleep 1; done; '$0' stop '$dir'" >/dev/null 2>&1 &
  fi
  echo "postgres://yaruki@127.0.0.1:$port/yaruki_test"
  ;;
settings)
  cat "$dir/durability"
  ;;
socket-url)
  echo "postgresql://yaruki@${dir//\//%2F}:$(cat "$dir/port")/yaruki_test"
  ;;
pause)
  as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  ;;
resume)
  port=$(cat "$dir/port")
  durability=$(cat "$dir/durability")
  as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=$connections" start >/dev/null
  ;;
stop)
  if [ -d "$dir/data" ]; then as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
  ;;
*) echo "pg-cluster: unknown command $cmd" >&2; exit 2 ;;
esac
