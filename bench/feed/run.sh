#!/usr/bin/env bash
# A feed page (20 posts with like counts, comment counts, liked-by-me and photos, people the
# viewer blocked left out) on a database of 1,000,000 posts and 10,000,000 likes, on SQLite and
# PostgreSQL: p50 and p99 in ms, beside GET /healthz on the same server. Target: p99 < 10 ms.
# Usage: bench/feed/run.sh [requests]
set -euo pipefail
cd "$(dirname "$0")/../.."
requests=${1:-300}
out=bench/out/feed
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
source bench/lib.sh

# deep_cursor URL TOKEN PAGES: the cursor after walking PAGES pages.
deep_cursor() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys, urllib.request
url, token, pages = sys.argv[1], sys.argv[2], int(sys.argv[3])
cursor = None
for _ in range(pages):
    request = urllib.request.Request(url + (f"&cursor={cursor}" if cursor else ""), headers={"Authorization": f"Bearer {token}"})
    cursor = json.load(urllib.request.urlopen(request))["nextCursor"]
print(cursor)
PY
}

for engine in sqlite postgres; do
  bench_database "$engine"
  echo "== $engine: seeding (a few minutes)"
  start=$(date +%s)
  # shellcheck disable=SC2046
  python3 bench/feed/seed.py $(bench_seed_target "$engine") "$user"
  echo "   seeded in $(( $(date +%s) - start )) s"
  bench_serve "$engine"
  base="http://127.0.0.1:$port/v1/posts"
  deep=$(deep_cursor "$base?board=done&limit=20" "$token" 50)
  # Made each time (a query string of its own per request, so no kept reply answers), then kept.
  read -r board50 board99 <<<"$(latency "$base?board=done" "$token" "$requests" 10 99 made)"
  read -r all50 all99 <<<"$(latency "$base" "$token" "$requests" 10 99 made)"
  read -r deep50 deep99 <<<"$(latency "$base?board=done&cursor=$deep" "$token" "$requests" 10 99 made)"
  read -r kept50 kept99 <<<"$(latency "$base?board=done" "$token" "$requests" 10 99)"
  read -r ref50 ref99 <<<"$(latency "http://127.0.0.1:$port/healthz" "" "$requests" 10 99)"
  printf '%-8s board feed, first page:   p50 %6.2f ms, p99 %6.2f ms made each time (target p99 < 10 ms)\n' "$engine" "$board50" "$board99"
  printf '%-8s   the same, kept:         p50 %6.2f ms, p99 %6.2f ms\n' "$engine" "$kept50" "$kept99"
  printf '%-8s all boards, first page:   p50 %6.2f ms, p99 %6.2f ms\n' "$engine" "$all50" "$all99"
  printf '%-8s board feed, 1,000 deep:   p50 %6.2f ms, p99 %6.2f ms\n' "$engine" "$deep50" "$deep99"
  printf '%-8s reference GET /healthz:   p50 %6.2f ms, p99 %6.2f ms -> feed page / healthz = %.0f\n' "$engine" "$ref50" "$ref99" \
    "$(echo "$board50 / $ref50" | bc -l)"
  bench_stop_server
  rm -rf "$data"
done
