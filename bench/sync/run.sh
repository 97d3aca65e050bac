#!/usr/bin/env bash
# Offline-first sync, each figure beside a reference measured in the same run:
#   The first sync of COUNT (default 100,000) records: sent from one device (seconds, MB sent) and
#     received by another (seconds), beside the same records PUT one request each and read back by
#     paging the changes feed without keeping them; and the server's side alone: the same number
#     sent as pushes of 500 by a plain HTTP client with their bodies made beforehand.
#   An incremental sync of 100 changes, beside 100 PUTs.
#   The delay from a push on one device to the record on another that pulled when its event
#     stream nudged it, beside a pull with nothing new.
# Usage: bench/sync/run.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-100000}
out=bench/out/sync
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
swift build -c release --product yaruki-sync-bench >/dev/null
. bench/lib.sh
bench_database sqlite
bench_serve sqlite
url="http://127.0.0.1:$port"
folder=$(mktemp -d /tmp/yaruki-bench-sync.XXXXXX)
engine=$(.build/release/yaruki-sync-bench "$url" bench@example.com "correct horse battery staple" "$count" "$folder")
echo "correct horse battery staple" | "$bin" user create --email reference@example.com --name Reference --password-stdin --data-dir "$data" >/dev/null
reference_token=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"reference@example.com","password":"correct horse battery staple"}' \
  "$url/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accessToken"])')
reference=$(python3 bench/sync/reference.py "$url" "$reference_token" "$count")
echo "$engine" >"$out/engine.json"
echo "$reference" >"$out/reference.json"
python3 - "$engine" "$reference" <<'PY'
import json, sys
e, r = json.loads(sys.argv[1]), json.loads(sys.argv[2])
assert "error" not in e, e
n = e["count"]
print(f"Offline-first sync, {n:,} lifelog records (SQLite, one server, loopback)")
print(f"  first sync, sent by the phone   {e['firstPushSeconds']:7.2f} s  {e['firstPushBytes'] / 1e6:6.1f} MB sent   "
      f"({n / e['firstPushSeconds']:8,.0f} records/s)")
print(f"    reference: {n:,} PUTs          {r['putSeconds']:7.2f} s  {r['putBytes'] / 1e6:6.1f} MB of bodies  "
      f"sync/PUTs {e['firstPushSeconds'] / r['putSeconds']:.2f}x the time")
print(f"    the server alone: the same pushes from a plain HTTP client {r['rawPushSeconds']:7.2f} s ({n / r['rawPushSeconds']:8,.0f} records/s): "
      f"the engine takes {e['firstPushSeconds'] / r['rawPushSeconds']:.1f}x that")
print(f"  first sync, received by a watch {e['firstPullSeconds']:7.2f} s  {r['pageBytes'] / 1e6:6.1f} MB received "
      f"({e['firstPullReceived']:,} records kept)")
print(f"    reference: paging the feed     {r['pageSeconds']:7.2f} s  (nothing kept)  engine/raw {e['firstPullSeconds'] / r['pageSeconds']:.1f}x")
print(f"  incremental, 100 changes sent   {e['incrementalPushSeconds'] * 1000:7.0f} ms, received {e['incrementalPullSeconds'] * 1000:.0f} ms")
print(f"    reference: 100 PUTs            {r['hundredPutSeconds'] * 1000:7.0f} ms  sync/PUTs {e['incrementalPushSeconds'] / r['hundredPutSeconds']:.2f}x")
print(f"  push on the phone -> on the watch after the nudge: p50 {e['nudgeP50Ms']:.1f} ms, p95 {e['nudgeP95Ms']:.1f} ms ({e['nudges']} rounds)")
print(f"    reference: a pull with nothing new, p50 {e['idlePullP50Ms']:.1f} ms  nudge/idle pull {e['nudgeP50Ms'] / e['idlePullP50Ms']:.1f}x")
PY
rm -rf "$folder"
