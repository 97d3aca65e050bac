#!/usr/bin/env bash
# Schemathesis against the real server: every operation of /openapi.json, signed out and then
# signed in, with every check (--checks all). Any failure fails `make test`.
#   tests/api/fuzz.sh [extra schemathesis options]   (SEED=… to replay another run)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${YARUKI_BINARY:-.build/debug/yaruki}
SEED=${SEED:-20261130}
EXAMPLES=${EXAMPLES:-8}
data=$(mktemp -d /tmp/yaruki-fuzz.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
"$BIN" serve --port "$port" --data-dir "$data" --web-dir web --access-log ${ACCESS_LOG:-off} --signups-per-hour 1000000 --payments sandbox \
    >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done

config="$PWD/tests/api/schemathesis.toml"
export SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$PWD/tests/api${PYTHONPATH:+:$PYTHONPATH}"
# Requests may take 30 s (a generous ceiling: the debug build under load once took more than the
# default 10 s for an export). From a folder of its own: Schemathesis keeps a cache of earlier runs (.schemathesis/) in the
# folder it runs in and replays from it, which would make runs depend on each other.
run() {
    (cd "$data" && schemathesis --config-file "$config" run "$url/openapi.json" --checks all --max-examples "$EXAMPLES" --seed "$SEED" --workers 2 \
        --request-timeout 30 --suppress-health-check all --generation-database none --no-color "$@")
}

failed=0
echo "== Schemathesis, signed in"
# An admin of its own (so the admin operations are reached too), made with the operator's CLI;
# its password is no example in the document, so nothing generated changes it.
password="not in any example 7"
printf '%s\n' "$password" | "$BIN" user create --email fuzz@yaruki.test --name Fuzz --role admin --password-stdin --data-dir "$data" >/dev/null
token=$(curl -sf -X POST "$url/v1/auth/login" -H 'Content-Type: application/json' \
    -d "{\"email\":\"fuzz@yaruki.test\",\"password\":\"$password\"}" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])')
# Signing this very session out would leave the rest of the run signed out.
run -H "Authorization: Bearer $token" --exclude-operation-id postV1AuthLogout --exclude-operation-id deleteV1SessionsById "$@" || failed=1

echo "== Schemathesis, signed out"
run "$@" || failed=1
exit $failed
