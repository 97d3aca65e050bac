#!/usr/bin/env bash
# Schemathesis against the real server: every operation of /openapi.json with every check (all
# are on by default; `--checks all` is not passed, since a check named on the command line
# overrides the per-operation exceptions in schemathesis.toml), as an admin, a coach, a member and signed out. Each operation may answer only
# the statuses it documents (tests/api/documented.py). The signed-in runs sign in again every
# five minutes through tests/api/hooks.py (an access token lasts fifteen), so no run quietly
# turns into a signed-out one. Any failure fails `make test`.
#   tests/api/fuzz.sh [extra schemathesis options]   (SEED=… to replay another run)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${YARUKI_BINARY:-.build/debug/yaruki}
SEED=${SEED:-20261130}
EXAMPLES=${EXAMPLES:-8}
# The coach and the member meet the same operations with other rights: fewer examples each, and
# no coverage phase (its boundary values are the same for every role; the admin's run has them).
ROLE_EXAMPLES=${ROLE_EXAMPLES:-2}
data=$(mktemp -d /tmp/yaruki-fuzz.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
"$BIN" serve --port "$port" --data-dir "$data" --web-dir web --access-log ${ACCESS_LOG:-off} --signups-per-hour 1000000 --payments sandbox \
    >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done

config="$data/schemathesis.toml"
cp tests/api/schemathesis.toml "$config"
python3 tests/api/documented.py "$url/openapi.json" "$config"
export SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$PWD/tests/api${PYTHONPATH:+:$PYTHONPATH}"
# Requests may take 30 s (a generous ceiling: the debug build under load once took more than the
# default 10 s for an export). From a folder of its own: Schemathesis keeps a cache of earlier runs (.schemathesis/) in the
# folder it runs in and replays from it, which would make runs depend on each other.
run() {
    local examples=$1
    shift
    (cd "$data" && schemathesis --config-file "$config" run "$url/openapi.json" --max-examples "$examples" --seed "$SEED" --workers 2 \
        --request-timeout 30 --suppress-health-check all --generation-database none --no-color "$@")
}

# People of each role, made with the operator's CLI; their passwords are no example in the
# document, so nothing generated changes them. Signing a run's own session out would leave the
# rest of it signed out: those two operations are left out of the signed-in runs.
password="not in any example 7"
signed_in() {
    local role=$1 examples=$2
    shift 2
    printf '%s\n' "$password" | "$BIN" user create --email "fuzz-$role@yaruki.test" --name "Fuzz $role" --role "$role" --password-stdin \
        --data-dir "$data" >/dev/null
    echo "== Schemathesis, signed in as $role"
    YARUKI_FUZZ_URL="$url" YARUKI_FUZZ_EMAIL="fuzz-$role@yaruki.test" YARUKI_FUZZ_PASSWORD="$password" \
        run "$examples" --exclude-operation-id postV1AuthLogout --exclude-operation-id deleteV1SessionsById "$@"
}

failed=0
signed_in admin "$EXAMPLES" "$@" || failed=1
signed_in coach "$ROLE_EXAMPLES" --phases examples,fuzzing,stateful "$@" || failed=1
signed_in member "$ROLE_EXAMPLES" --phases examples,fuzzing,stateful "$@" || failed=1
echo "== Schemathesis, signed out"
run "$EXAMPLES" "$@" || failed=1
exit $failed
