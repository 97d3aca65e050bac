#!/usr/bin/env bash
# Training import: ten years of a daily lifter (about 400,000 sets) as Strong's CSV
# (bench/training/make_strong.py), imported by `yaruki import strong` (both passes: every row
# checked, then every workout landed in SQLite), with its time and peak memory, beside Python's
# csv module merely reading the same file in the same run (the floor of any Python importer).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=bench/out/training
mkdir -p "$out"
swift build -c release --product yaruki >/dev/null
file=$out/strong-10y.csv
[ -s "$file" ] || python3 bench/training/make_strong.py "$file"
data=$(mktemp -d /tmp/yaruki-bench-import.XXXXXX)
trap 'rm -rf "$data"' EXIT
.build/release/yaruki user create --email lifter@example.com --data-dir "$data" >/dev/null
cat "$file" >/dev/null
# First a look only (--dry-run: every row read and checked, the names mapped, nothing landed),
# the like-for-like figure beside Python's reading; then the whole import.
/usr/bin/time -f "%e %M" -o "$out/look.time" .build/release/yaruki import strong "$file" --user lifter@example.com --data-dir "$data" \
  --dry-run >"$out/look.log"
/usr/bin/time -f "%e %M" -o "$out/import.time" .build/release/yaruki import strong "$file" --user lifter@example.com --data-dir "$data" \
  --create-missing >"$out/import.log"
python3 - "$file" "$out" <<'PY'
import csv, os, re, sys, time
path, out = sys.argv[1], sys.argv[2]
started = time.perf_counter()
with open(path, newline="", encoding="utf-8") as f:
    rows = sum(1 for _ in csv.reader(f)) - 1
python_s = time.perf_counter() - started
# A Python importer's floor: csv.DictReader plus the same reading of each row (numbers, the set
# order, a workout's date parsed when it begins, rows grouped into workouts), nothing stored.
import datetime
started = time.perf_counter()
workouts, sets, last = 0, 0, None
with open(path, newline="", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        key = (row["Date"], row["Workout Name"])
        if key != last:
            last = key
            workouts += 1
            datetime.datetime.strptime(row["Date"].replace("\u202f", " "), "%Y-%m-%d %I:%M:%S %p")
        order = row["Set Order"]
        if order == "Rest Timer":
            continue
        float(row["Weight"] or 0); int(row["Reps"] or 0); float(row["Distance"] or 0); int(row["Seconds"] or 0)
        float(row["RPE"]) if row["RPE"] else None
        sets += 1
typed_s = time.perf_counter() - started
seconds, kb = open(f"{out}/import.time").read().split()
ys, rss = float(seconds), int(kb) / 1024
seconds, kb = open(f"{out}/look.time").read().split()
ls, lrss = float(seconds), int(kb) / 1024
log = open(f"{out}/import.log").read().strip()
workouts = int(re.search(r"imported (\d+) workouts", log).group(1))
sets = int(re.search(r"\((\d+) sets in the file", log).group(1))
print(f"Strong CSV import: {os.path.getsize(path) / 1e6:.1f} MB, {workouts:,} workouts, {sets:,} sets ({log})")
print(f"  yaruki import strong, whole (read twice, landed)   {sets / ys:10,.0f} sets/s  {ys:6.1f} s  peak RSS {rss:6.1f} MB")
print(f"  yaruki import strong --dry-run (read and checked)  {sets / ls:10,.0f} sets/s  {ls:6.1f} s  peak RSS {lrss:6.1f} MB")
print(f"  Python csv.reader, only splitting the rows          {rows / python_s:10,.0f} rows/s  {python_s:6.1f} s")
print(f"  Python csv.DictReader reading each row's values      {sets / typed_s:10,.0f} sets/s  {typed_s:6.1f} s")
print(f"  ratios: reading and checking {(sets / ls) / (rows / python_s):.2f}× Python's csv module splitting alone, "
      f"{(sets / ls) / (sets / typed_s):.2f}× Python reading the values; the whole import (landed too) "
      f"{(sets / ys) / (sets / typed_s):.2f}× Python only reading them")
PY
