#!/usr/bin/env bash
# Sign-in latency (argon2id m=19456 KiB, t=2, p=1: OWASP's minimum) against a bare argon2id
# verification, and refresh-token rotation throughput against GET /healthz, in one run.
# Usage: bench/auth/run.sh [seconds] [logins]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
logins=${2:-200}
out=bench/out/auth
mkdir -p "$out"
scripts/setup.sh bench
swift build -c release --product yaruki >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d /tmp/yaruki-bench-auth.XXXXXX)
.build/release/yaruki serve --port "$port" --data-dir "$data" >"$out/access.log" 2>"$out/server.log" &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done

echo "== sign-in (each one runs argon2id on the server)"
python3 bench/auth/login.py 127.0.0.1 "$port" "$logins" 2

echo "== refresh rotation: wrk -t8 -c8 -d${seconds}s, each connection spending the token the last answer gave"
tokens="$out/tokens.txt"
: >"$tokens"
for i in $(seq 8); do
  curl -sf -H 'Content-Type: application/json' -d '{"email":"bench@example.com","password":"correct horse battery staple","device":"wrk '"$i"'"}' \
    "http://127.0.0.1:$port/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["refreshToken"])' >>"$tokens"
done
refresh=$(TOKENS="$tokens" wrk --latency -t8 -c8 -d"${seconds}s" -s bench/auth/refresh.lua "http://127.0.0.1:$port" | tee "$out/refresh.txt")
healthz=$(wrk -t8 -c8 -d"${seconds}s" "http://127.0.0.1:$port/healthz" | tee "$out/healthz.txt")
if grep -q "Non-2xx" <<<"$refresh"; then echo "refresh answered errors:"; grep "Non-2xx" <<<"$refresh"; exit 1; fi
r=$(awk '/Requests\/sec/ {print $2}' <<<"$refresh")
h=$(awk '/Requests\/sec/ {print $2}' <<<"$healthz")
printf 'refresh: %.0f rotations/s (p50 %s)   reference GET /healthz: %.0f req/s   ratio %.2f\n' \
  "$r" "$(awk '/50%/ {print $2}' "$out/refresh.txt" 2>/dev/null || echo "?")" "$h" "$(echo "$r / $h" | bc -l)"

