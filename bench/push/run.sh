#!/usr/bin/env bash
# Web Push, each figure beside a reference measured in the same run:
#   From a rest's end to the push service: COUNT (default 1,000) people resting in a session at
#     once, every rest ending at the same instant, one device each at the push service stand-in
#     (tests/push/push_service.py); p50 and p99 of rest end → the push arriving, beside pywebpush
#     sending as many messages to the same stand-in from a timer firing at one instant.
#   The cost of encrypting one message (RFC 8291, a fresh key and salt each), beside pywebpush's.
# Usage: bench/push/run.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-1000}
out=bench/out/push
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
swift build -c release --product yaruki-push-bench >/dev/null
. bench/lib.sh
bench_database sqlite
bench_serve sqlite --push-endpoints any --signups-per-hour 1000000
rest=$(python3 bench/push/rest_end.py "http://127.0.0.1:$port" "$count")
echo "$rest" >"$out/rest-end.json"
read -r p256dh auth < <(python3 -c '
import base64, os
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
b = lambda d: base64.urlsafe_b64encode(d).rstrip(b"=").decode()
point = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
print(b(point), b(os.urandom(16)))')
ours=$(.build/release/yaruki-push-bench 20000 "$p256dh" "$auth")
theirs=$(python3 bench/push/encrypt.py 20000 "$p256dh" "$auth")
echo "{\"yaruki\": $ours, \"pywebpush\": $theirs}" >"$out/encrypt.json"
python3 - "$rest" "$ours" "$theirs" <<'PY'
import json, sys
r, ours, theirs = (json.loads(a) for a in sys.argv[1:])
assert r["putFailures"] == 0 and r["sampleRefused"] == 0, r
ref = r["reference"]
print(f"Web Push, {r['count']:,} sessions resting at once (SQLite, one server, 2 cores shared with the stand-in)")
print(f"  rest end → push service   p50 {r['p50'] * 1000:7.0f} ms   p99 {r['p99'] * 1000:7.0f} ms   arrived {r['arrived']:,}/{r['count']:,}")
print(f"    reference: pywebpush    p50 {ref['p50'] * 1000:7.0f} ms   p99 {ref['p99'] * 1000:7.0f} ms   arrived {ref['arrived']:,}   "
      f"yaruki/pywebpush p99 {r['p99'] / ref['p99']:.2f}x the time")
print(f"  encrypting one message   {ours['microsecondsPerMessage']:7.1f} µs ({ours['bodyBytes']} bytes)")
print(f"    reference: pywebpush   {theirs['microsecondsPerMessage']:7.1f} µs ({theirs['bodyBytes']} bytes)   "
      f"yaruki/pywebpush {ours['microsecondsPerMessage'] / theirs['microsecondsPerMessage']:.2f}x the time")
PY
