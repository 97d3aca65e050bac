#!/usr/bin/env bash
# Everything CI runs: Swift tests (unit, real sockets, SQLite and a throwaway PostgreSQL),
# the browser modules under node, the app in a real headless Chromium, Web Push to a stand-in push service, three nodes behind nginx,
# sales read from a real Kafka-protocol broker,
# and Schemathesis fuzzing the API against its OpenAPI document.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage says how long the one before it took, and the run ends with every stage's seconds.
stage_name="" stage_start=$SECONDS timings=""
stage() {
  if [ -n "$stage_name" ]; then timings+="$(printf '%6d s  %s' $((SECONDS - stage_start)) "$stage_name")"$'\n'; fi
  stage_name=$1 stage_start=$SECONDS
  [ -z "$1" ] || echo "== $1"
}
pgdir=$(mktemp -d -u /tmp/yaruki-make-test-pg.XXXXXX)
# Every test's files (databases, uploads, data folders, media made for a test) go in one folder
# that the run removes at its end: the tests make hundreds of them, and a run left them all behind.
scratch=$(mktemp -d /tmp/yaruki-make-test.XXXXXX)
export TMPDIR=$scratch
cleanup() { scripts/pg-cluster.sh stop "$pgdir" >/dev/null 2>&1 || true; rm -rf "$scratch"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
stage "PostgreSQL: throwaway cluster on port $port"
# An assignment of its own, so a cluster that fails to start stops the run here (set -e does not
# see a failure inside `export X=$(…)`).
pg_url=$(scripts/pg-cluster.sh start "$pgdir" "$port")
export YARUKI_TEST_POSTGRES_URL=$pg_url
YARUKI_TEST_POSTGRES_SOCKET_URL=$(scripts/pg-cluster.sh socket-url "$pgdir")
export YARUKI_TEST_POSTGRES_SOCKET_URL
stage "swift build"
if ! swift build --build-tests >/tmp/yaruki-build.log 2>&1 || ! swift build --product yaruki >>/tmp/yaruki-build.log 2>&1; then
  grep -E "error:" /tmp/yaruki-build.log || tail -30 /tmp/yaruki-build.log
  exit 1
fi
# The compiler's warnings already fail the build (Package.swift); this catches SwiftPM's own.
if grep -q "warning:" /tmp/yaruki-build.log; then
  grep "warning:" /tmp/yaruki-build.log | sort -u | head -20
  echo "the build printed warnings; a clean build prints none"
  exit 1
fi
stage "swift test"
# Decided by swift test's own exit status; its failures (and the summary) are shown either way.
swift_status=0
# One test at a time. A test's synchronous HTTP calls hold a thread of Swift's cooperative pool
# (two here) while they wait, and its server's background tasks (a wall's flush and milestones,
# jobs, the event outbox) run on that pool: with four tests at once, two could hold both threads
# and stall another's server for minutes (a playlist test failed after 497 s in a full run that
# took 655 s instead of 218). One at a time leaves the server a thread: 365 s for the suite.
swift test --skip-build --experimental-maximum-parallelization-width 1 >/tmp/yaruki-swift-test.log 2>&1 || swift_status=$?
grep -E "✘|error:|recorded an issue|Test run with|Executed" /tmp/yaruki-swift-test.log | grep -v '^{"time' | head -200 || true
if [ "$swift_status" -ne 0 ]; then
  echo "swift test failed (exit status $swift_status); the whole log is /tmp/yaruki-swift-test.log"
  exit 1
fi
stage "node --test (browser modules)"
node --test web/tests/
stage "Chromium (browser app against the real server)"
# Two files at a time, each worker with its own server and browsers (a file's tests keep their order).
python3 -m pytest -q -n 2 --dist loadfile tests/browser
stage "PortOne's own SDK against the fake PortOne server the Swift tests use"
python3 -m pytest -q tests/payments
stage "Web Push to a push service of our own (http-ece, py-vapid, pywebpush)"
python3 -m pytest -q tests/push
stage "tmux (yaruki timer in a real terminal)"
python3 -m pytest -q tests/terminal
stage "Three nodes on one PostgreSQL behind nginx"
python3 -m pytest -q tests/cluster
# The Kafka tests mostly wait on the broker and Schemathesis keeps the cores busy: they run side
# by side, the Kafka tests' output shown once both have ended.
stage "Schemathesis (the API against its own document, every check), beside sales from Kafka (a real Tansu broker)"
kafka_log=$(mktemp "$TMPDIR/kafka-test.XXXXXX")
python3 -m pytest -q tests/kafka >"$kafka_log" 2>&1 &
kafka=$!
fuzz_status=0
tests/api/fuzz.sh || fuzz_status=$?
kafka_status=0
wait "$kafka" || kafka_status=$?
echo "== Sales from Kafka (a real Tansu broker)"
cat "$kafka_log"
if [ "$fuzz_status" -ne 0 ] || [ "$kafka_status" -ne 0 ]; then
  echo "failed: Schemathesis exit status $fuzz_status, Kafka tests exit status $kafka_status"
  exit 1
fi
stage ""
echo "== every stage passed, in $SECONDS s:"
printf '%s' "$timings"
