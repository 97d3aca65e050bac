#!/usr/bin/env bash
# `make run`'s last step: serve the demo, and keep its sales board moving with the sales
# simulator (a sale every two seconds on average) until the server is stopped (Ctrl-C).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/yaruki}
DATA=${DATA:-data}
PORT=${PORT:-8080}

# The demo sells class seats through the built-in sandbox (a test checkout: no real money moves).
"$BIN" serve --data-dir "$DATA" --port "$PORT" --payments sandbox &
server=$!
simulator=""
stop() {
    trap - EXIT INT TERM
    [ -n "$simulator" ] && kill "$simulator" 2>/dev/null || true
    kill "$server" 2>/dev/null || true
    wait 2>/dev/null || true
}
trap stop EXIT INT TERM

# Wait for the port to open (bash's /dev/tcp: nothing to install).
for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then break; fi
    kill -0 "$server" 2>/dev/null || exit 1
    sleep 0.1
done

"$BIN" sales simulate --board demo --rate 30/m --data-dir "$DATA" --port "$PORT" >"$DATA/simulator.log" 2>&1 &
simulator=$!
wall=""
playlist=""
for _ in $(seq 1 50); do
    wall=$(sed -n 's/^the demo.s wall screen: //p' "$DATA/simulator.log" 2>/dev/null)
    playlist=$(sed -n 's/^the demo.s playlist screen: //p' "$DATA/simulator.log" 2>/dev/null)
    [ -n "$wall" ] && [ -n "$playlist" ] && break
    sleep 0.1
done
echo "Yaruki is at http://localhost:$PORT; the sales wall screen (sales simulated, log in $DATA/simulator.log):"
echo "  http://localhost:$PORT$wall"
[ -n "$playlist" ] && echo "  both demo boards on one screen (a playlist): http://localhost:$PORT$playlist"
if [ -z "${YARUKI_SMTP_URL:-}" ]; then
  echo "Mail (sign-up links, password resets) is not sent without --smtp-url: each one is written to $DATA/mail/ as an .eml file."
fi
wait "$server"
