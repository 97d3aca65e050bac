#!/usr/bin/env bash
# Lifelog playback, three figures, each beside a reference measured in the same run:
#   Douglas–Peucker on 1,000,000 points: YarukiCore's Swift beside the `simplification` package
#     (Rust) and `shapely` (GEOS) from PyPI. Target: within 1.5× of Rust.
#   Cursor lookups a second: YarukiCore's PlaybackCursor beside the browser's twin under node.
#   Plans: a day of 20, 100 and 300 records and a month of 10,000, cold and warm route cache,
#     beside the timeline of the same range. Target: 300 records warm < 50 ms.
# Usage: bench/playback/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=bench/out/playback
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
core=.build/bench-playback-core
if [ ! -x "$core" ] || [ bench/playback/main.swift -nt "$core" ] || [ Sources/YarukiCore/Lifelog/Geometry.swift -nt "$core" ] \
   || [ Sources/YarukiCore/Lifelog/PlaybackCursor.swift -nt "$core" ]; then
  swiftc -O -module-name PlaybackBench Sources/YarukiCore/Lifelog/Geometry.swift Sources/YarukiCore/Lifelog/PlaybackCursor.swift \
    bench/playback/main.swift -o "$core"
fi
python3 bench/playback/simplify.py "$core" "$out"
echo
swift_rate=$("$core" cursor 20000000 | python3 -c 'import json,sys; print(json.load(sys.stdin)["lookupsPerSecond"])')
node_rate=$(node bench/playback/cursor.mjs 5000000 | python3 -c 'import json,sys; print(json.load(sys.stdin)["lookupsPerSecond"])')
python3 - "$swift_rate" "$node_rate" <<'PY'
import sys
swift, node = float(sys.argv[1]), float(sys.argv[2])
print("Cursor position lookups (300 stops, 299 legs of 60 points, scattered times)")
print(f"  YarukiCore (Swift)     {swift / 1e6:8.1f} M/s")
print(f"  browser twin (node)    {node / 1e6:8.1f} M/s   Swift/node {swift / node:.1f}×")
PY
echo
python3 bench/playback/plan.py .build/release/yaruki "$out"
