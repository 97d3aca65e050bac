#!/usr/bin/env bash
# The group page (standings of 1,000 members, with streaks) on a database of 10,000 people with
# 52 weeks of proofs, on SQLite and on PostgreSQL; ms per request beside GET /healthz on the same
# server. Each engine twice: without breaks, then with a tenth of the group resting this week and
# on a three-week break in the spring (their streaks pass over both), a challenge all of them
# joined, and the crew's feed of their last four weeks (its first page and one 200 items deep,
# made each time). Target: < 20 ms for the group page.
# Usage: bench/standings/run.sh [requests]
set -euo pipefail
cd "$(dirname "$0")/../.."
requests=${1:-40}
out=bench/out/standings
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
source bench/lib.sh

for engine in sqlite postgres; do
 for breaks in none pauses; do
  bench_database "$engine"
  echo "== $engine, breaks: $breaks: seeding"
  # shellcheck disable=SC2046
  seeded=$(python3 bench/standings/seed.py $(bench_seed_target "$engine") "$user" "$breaks")
  echo "$seeded"
  group=$(awk '{print $NF}' <<<"$seeded")
  bench_serve "$engine"
  read -r page50 page95 <<<"$(latency "http://127.0.0.1:$port/v1/groups/$group/standings" "$token" "$requests" 3 95)"
  read -r past50 past95 <<<"$(latency "http://127.0.0.1:$port/v1/groups/$group/standings?date=2026-03-11" "$token" "$requests" 3 95)"
  read -r ref50 ref95 <<<"$(latency "http://127.0.0.1:$port/healthz" "" "$requests" 3 95)"
  if [ "$breaks" = pauses ]; then
    cursor=$(python3 - "http://127.0.0.1:$port/v1/groups/$group/feed" "$token" <<'PY'
import json, sys, urllib.request
url, token, cursor = sys.argv[1], sys.argv[2], None
for _ in range(4):  # four pages of 50: the cursor 200 items deep
    request = urllib.request.Request(url + "?limit=50" + (f"&cursor={cursor}" if cursor else ""), headers={"Authorization": f"Bearer {token}"})
    cursor = json.load(urllib.request.urlopen(request))["nextCursor"]
print(cursor)
PY
)
    read -r feed50 feed95 <<<"$(latency "http://127.0.0.1:$port/v1/groups/$group/feed" "$token" "$requests" 3 95 made)"
    read -r deep50 deep95 <<<"$(latency "http://127.0.0.1:$port/v1/groups/$group/feed?cursor=$cursor" "$token" "$requests" 3 95 made)"
  fi
  printf '%-8s %-6s group page (1,000 members, streaks): p50 %6.2f ms, p95 %6.2f ms (target < 20 ms)\n' "$engine" "$breaks" "$page50" "$page95"
  printf '%-8s %-6s a week in March:                   p50 %6.2f ms, p95 %6.2f ms\n' "$engine" "$breaks" "$past50" "$past95"
  if [ "$breaks" = pauses ]; then
    printf '%-8s %-6s crew feed, first page of 20:        p50 %6.2f ms, p95 %6.2f ms  -> / healthz = %.0f\n' "$engine" "$breaks" "$feed50" "$feed95" \
      "$(echo "$feed50 / $ref50" | bc -l)"
    printf '%-8s %-6s crew feed, 20 from 200 deep:        p50 %6.2f ms, p95 %6.2f ms\n' "$engine" "$breaks" "$deep50" "$deep95"
  fi
  printf '%-8s %-6s reference GET /healthz:            p50 %6.2f ms  -> group page / healthz = %.0f\n' "$engine" "$breaks" "$ref50" \
    "$(echo "$page50 / $ref50" | bc -l)"
  bench_stop_server
  [ "$engine" = postgres ] && scripts/pg-cluster.sh stop "$pgdir" >/dev/null
  rm -rf "$data"
 done
done
