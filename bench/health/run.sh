#!/usr/bin/env bash
# Apple Health import: an export.xml of at least 1 GB in the real schema (bench/health/make_export.py,
# a Watch and an iPhone over ten years), imported by `yaruki import health` and by
# healthkit-to-sqlite (PyPI, the usual way people load an export) in the same run. Prints MB/s,
# records/s and peak RSS for both, and the ratios. Target: at least 10× healthkit-to-sqlite's
# throughput, with peak RSS under 100 MB. The two do not do the same work (healthkit-to-sqlite
# stores every record as a row; yaruki keeps the kinds it charts as day totals), so it says so and
# adds a like-for-like figure: healthkit-to-sqlite given only the records yaruki keeps. Then a hostile export (bench/health/make_hostile.py: 12
# million copies of one record on one day, an 8 MB zip): its peak RSS beside the 1 GB import's
# (target: under 150 MB), and the same day as distinct samples, refused with an error.
# Usage: bench/health/run.sh [SIZE]   (SIZE like 1G, the default; 200M for a quick look)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=bench/out/health
mkdir -p "$out"
size=${1:-1G}
swift build -c release --product yaruki >/dev/null
export_xml=$out/export-$size.xml
[ -s "$export_xml" ] || python3 bench/health/make_export.py "$export_xml" --size "$size"
data=$(mktemp -d /tmp/yaruki-bench-health.XXXXXX)
trap 'rm -rf "$data"' EXIT
.build/release/yaruki user create --email bench@example.com --data-dir "$data" >/dev/null

# Peak RSS and wall time from GNU time; both tools read the same file from the page cache.
cat "$export_xml" >/dev/null
/usr/bin/time -f "%e %M" -o "$out/yaruki.time" .build/release/yaruki import health "$export_xml" --user bench@example.com --data-dir "$data" \
  >"$out/yaruki.log"
/usr/bin/time -f "%e %M" -o "$out/hk.time" healthkit-to-sqlite --xml -s "$export_xml" "$data/healthkit.db" >"$out/hk.log" 2>&1
# Like for like: healthkit-to-sqlite given only the records of the kinds yaruki keeps (a copy of
# the export without the other kinds' records: heart rate, sleep; each record is one line), so
# both keep the same records, one a row each, the other as day totals; yaruki's time is still its
# whole-export run, which also parses the records it skips.
kept_xml=$out/export-$size-kept.xml
kinds='HKQuantityTypeIdentifierStepCount|HKQuantityTypeIdentifierDistanceWalkingRunning|HKQuantityTypeIdentifierActiveEnergyBurned|HKQuantityTypeIdentifierAppleStandTime|HKCategoryTypeIdentifierAppleStandHour|HKQuantityTypeIdentifierAppleExerciseTime'
[ -s "$kept_xml" ] && [ "$kept_xml" -nt "$export_xml" ] || grep -P -v "^\s*<Record type=\"(?!($kinds)\")" "$export_xml" >"$kept_xml"
cat "$kept_xml" >/dev/null
/usr/bin/time -f "%e %M" -o "$out/hk-kept.time" healthkit-to-sqlite --xml -s "$kept_xml" "$data/healthkit-kept.db" >"$out/hk-kept.log" 2>&1
python3 - "$export_xml" "$kept_xml" "$out" "$data" <<'PY'
import os, re, sqlite3, sys
path, kept_path, out, data = sys.argv[1:5]
size = os.path.getsize(path)
def timing(name):
    seconds, kb = open(f"{out}/{name}.time").read().split()
    return float(seconds), int(kb) / 1024
def rows(db):
    db = sqlite3.connect(db)
    return sum(db.execute(f"select count(*) from [{t}]").fetchone()[0]
               for (t,) in db.execute("select name from sqlite_master where type='table' and name like 'r%'"))
ys, yrss = timing("yaruki")
hs, hrss = timing("hk")
ks, krss = timing("hk-kept")
log = open(f"{out}/yaruki.log").read()
records = int(re.search(r"from (\d+) records", log).group(1))
used = int(re.search(r"\((\d+) used", log).group(1))
days = int(re.search(r"imported (\d+) days", log).group(1))
hk_records, kept_rows = rows(f"{data}/healthkit.db"), rows(f"{data}/healthkit-kept.db")
print(f"Apple Health import of {size / 1e6:,.0f} MB ({records:,} records)")
print(f"  yaruki import health   {size / 1e6 / ys:8.1f} MB/s  {records / ys:12,.0f} records/s  peak RSS {yrss:6.1f} MB  ({ys:.1f} s)")
print(f"  healthkit-to-sqlite    {size / 1e6 / hs:8.1f} MB/s  {hk_records / hs:12,.0f} records/s  peak RSS {hrss:6.1f} MB  ({hs:.1f} s)")
print(f"  throughput ratio {hs / ys:.1f}× (target ≥ 10×), yaruki peak RSS {yrss:.0f} MB (target < 100 MB)")
# Not the same work: said beside the figures, with a figure for the same records kept by both.
print(f"  what each does: both read and parse all {records:,} records; healthkit-to-sqlite stores each one as a row ({hk_records:,} rows),")
print(f"  yaruki keeps the {used:,} of the kinds it charts ({used / records:.0%}) as {days:,} day totals and skips the rest")
print("  " + log.strip())
print(f"Like for like: the records of the kinds yaruki keeps")
print(f"  healthkit-to-sqlite on a copy holding only them ({os.path.getsize(kept_path) / 1e6:,.0f} MB): {kept_rows:,} rows in {ks:.1f} s, "
      f"{kept_rows / ks:,.0f} records/s, peak RSS {krss:.1f} MB")
print(f"  yaruki on the whole export (every record parsed, those kept): {used:,} in {ys:.1f} s, {used / ys:,.0f} records kept/s")
print(f"  time ratio {ks / ys:.1f}× (healthkit-to-sqlite's time on the kept records over yaruki's on the whole export)")
PY

# The hostile export: millions of records on one day, in a small zip.
hostile=$out/hostile-12m.zip
[ -s "$hostile" ] || python3 bench/health/make_hostile.py "$hostile" --records 12000000
/usr/bin/time -f "%e %M" -o "$out/hostile.time" .build/release/yaruki import health "$hostile" --user bench@example.com --data-dir "$data" \
  >"$out/hostile.log" 2>&1 || true
python3 - "$hostile" "$out" <<'PY'
import os, sys
path, out = sys.argv[1], sys.argv[2]
seconds, kb = open(f"{out}/hostile.time").read().split()
_, benign_kb = open(f"{out}/yaruki.time").read().split()
print(f"Hostile export: {os.path.getsize(path) / 1e6:.1f} MB zip, 12,000,000 records on one day")
print(f"  yaruki import health   peak RSS {int(kb) / 1024:6.1f} MB in {float(seconds):.1f} s  ({int(kb) / int(benign_kb):.2f}× the 1 GB import's; target < 150 MB)")
print("  " + open(f"{out}/hostile.log").read().strip())
PY
