"""Douglas–Peucker on 1,000,000 points: Yaruki's Swift (YarukiCore's Simplify, built -O) beside
the `simplification` package (Rust) and `shapely` (GEOS), on the same random walk and tolerance,
each the best of five runs. Usage: simplify.py CORE_BINARY OUT_DIR"""
import json
import subprocess
import sys
import time

import numpy as np
import shapely
from simplification.cutil import simplify_coords, simplify_coords_idx

core, out = sys.argv[1], sys.argv[2]
n, tolerance = 1_000_000, 1.0
rng = np.random.default_rng(8)
# A GPS-like random walk: steps of about a metre with a slowly turning heading.
heading = np.cumsum(rng.normal(0, 0.15, n))
coords = np.column_stack([np.cumsum(np.cos(heading)), np.cumsum(np.sin(heading))]).astype(np.float64)
path = f"{out}/walk.bin"
coords.tofile(path)


def best(fn):
    times, result = [], None
    for _ in range(5):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), result


# Like for like: YarukiCore returns the indices it keeps, and so does simplify_coords_idx.
rust_ms, rust = best(lambda: simplify_coords_idx(coords, tolerance))
rust_points_ms, _ = best(lambda: simplify_coords(coords, tolerance))
line = shapely.LineString(coords)
geos_ms, geos = best(lambda: shapely.simplify(line, tolerance, preserve_topology=False))
swift = json.loads(subprocess.run([core, "dp", path, str(tolerance)], check=True, capture_output=True, text=True).stdout)
kept = {"swift": swift["kept"], "rust": len(rust), "geos": len(geos.coords)}
print(f"Douglas–Peucker, {n:,} points, tolerance {tolerance} (best of 5)")
print(f"  {'':<34}{'ms':>10}{'points kept':>14}{'× Rust':>9}")
for name, ms, count in [("Yaruki (Swift, YarukiCore)", swift["ms"], kept["swift"]), ("simplification (Rust), indices", rust_ms, kept["rust"]),
                        ("simplification (Rust), points", rust_points_ms, kept["rust"]), ("shapely (GEOS)", geos_ms, kept["geos"])]:
    print(f"  {name:<34}{ms:>10.1f}{count:>14,}{ms / rust_ms:>9.2f}")
ratio = swift["ms"] / rust_ms
print(f"  target: within 1.5× of Rust -> {ratio:.2f}× {'met' if ratio <= 1.5 else 'MISSED'}")
json.dump({"swiftMs": swift["ms"], "rustMs": rust_ms, "geosMs": geos_ms, "kept": kept, "ratio": ratio}, open(f"{out}/dp.json", "w"))
