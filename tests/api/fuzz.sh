#!/usr/bin/env bash
# Schemathesis against the real server: every operation of /openapi.json with every check (all
# are on by default; `--checks all` is not passed, since a check named on the command line
# overrides the per-operation exceptions in schemathesis.toml), as an admin, a coach, a member and signed out. Each operation may answer only
# the statuses it documents (tests/api/documented.py). The signed-in runs sign in again every
# five minutes through tests/api/hooks.py (an access token lasts fifteen), so no run quietly
# turns into a signed-out one. Any failure fails `make test`.
#
# The runs go at once, each against a server of its own (its own data folder and port), so no
# run sees what another made or deleted: a run is one Python process that keeps about one core
# busy, so one after another they left a core idle. Each run's output is shown whole once it
# ends, in the order below.
#   tests/api/fuzz.sh [extra schemathesis options]   (SEED=… to replay another run)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${YARUKI_BINARY:-.build/debug/yaruki}
SEED=${SEED:-20261130}
EXAMPLES=${EXAMPLES:-8}
# The coach and the member meet the same operations with other rights: fewer examples each, and
# no coverage phase (its boundary values are the same for every role; the admin's run has them).
ROLE_EXAMPLES=${ROLE_EXAMPLES:-2}
logs=$(mktemp -d "${TMPDIR:-/tmp}/yaruki-fuzz-logs.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$logs"' EXIT
export SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$PWD/tests/api${PYTHONPATH:+:$PYTHONPATH}"
# People of each role are made with the operator's CLI; their passwords are no example in the
# document, so nothing generated changes them.
password="not in any example 7"

# One run: `role` (admin, coach, member, or none for signed out) against a fresh server.
fuzz() (
    local role=$1 examples=$2
    shift 2
    local data port url server
    data=$(mktemp -d "${TMPDIR:-/tmp}/yaruki-fuzz.XXXXXX")
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    url="http://127.0.0.1:$port"
    "$BIN" serve --port "$port" --data-dir "$data" --web-dir web --access-log ${ACCESS_LOG:-off} --signups-per-hour 1000000 --payments sandbox \
        >"$data/server.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$data"' EXIT
    for _ in $(seq 1 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done
    local config="$data/schemathesis.toml"
    cp tests/api/schemathesis.toml "$config"
    python3 tests/api/documented.py "$url/openapi.json" "$config"
    local signed=()
    if [ "$role" != none ]; then
        printf '%s\n' "$password" | "$BIN" user create --email "fuzz-$role@yaruki.test" --name "Fuzz $role" --role "$role" --password-stdin \
            --data-dir "$data" >/dev/null
        export YARUKI_FUZZ_URL="$url" YARUKI_FUZZ_EMAIL="fuzz-$role@yaruki.test" YARUKI_FUZZ_PASSWORD="$password"
        # Signing a run's own session out would leave the rest of it signed out.
        signed=(--exclude-operation-id postV1AuthLogout --exclude-operation-id deleteV1SessionsById)
    fi
    # Requests may take 30 s (a generous ceiling: the debug build under load once took more than
    # the default 10 s for an export). From a folder of its own: Schemathesis keeps a cache of
    # earlier runs (.schemathesis/) in the folder it runs in and replays from it, which would make
    # runs depend on each other.
    local status=0
    cd "$data" && schemathesis --config-file "$config" run "$url/openapi.json" --max-examples "$examples" --seed "$SEED" --workers 2 \
        --request-timeout 30 --suppress-health-check all --generation-database none --no-color "${signed[@]}" "$@" || status=$?
    # A failed run says how its server ended and what it wrote last: once a run's sign-in failed
    # from its start and its server "stopped responding" under the full suite's load, and the
    # server's log had gone with its folder.
    if [ "$status" -ne 0 ]; then
        if kill -0 "$server" 2>/dev/null; then
            echo "(its server is still running; healthz: $(curl -s -m 10 -o /dev/null -w '%{http_code} in %{time_total} s' "$url/healthz" || true))"
        else
            local ended=0
            wait "$server" || ended=$?
            echo "(its server had exited, status $ended)"
        fi
        echo "(the last lines of its log:)"
        tail -n 40 "$data/server.log"
    fi
    return "$status"
)

# The admin's run meets every operation with every right and is the longest by far: its
# operations are split in two runs (paths /v1/a… to /v1/l…, and the rest), and the walks along
# the document's links (the stateful phase) are a third, over every operation.
runs=(
    "admin, operations /v1/a… to /v1/l…|admin|$EXAMPLES|--phases|examples,coverage,fuzzing|--include-path-regex|^/v1/[a-l]"
    "admin, the other operations|admin|$EXAMPLES|--phases|examples,coverage,fuzzing|--exclude-path-regex|^/v1/[a-l]"
    "admin, along the links|admin|$EXAMPLES|--phases|stateful"
    "coach|coach|$ROLE_EXAMPLES|--phases|examples,fuzzing,stateful"
    "member|member|$ROLE_EXAMPLES|--phases|examples,fuzzing,stateful"
    "signed out|none|$EXAMPLES"
)
pids=()
for i in "${!runs[@]}"; do
    IFS='|' read -r -a run <<<"${runs[$i]}"
    fuzz "${run[@]:1}" "$@" >"$logs/$i" 2>&1 &
    pids+=($!)
done

failed=0
for i in "${!runs[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    echo "== Schemathesis, ${runs[$i]%%|*}"
    cat "$logs/$i"
    [ "$status" -eq 0 ] || { echo "(this run failed: exit status $status)"; failed=1; }
done
exit $failed
