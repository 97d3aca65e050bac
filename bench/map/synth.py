"""A synthetic region COPIES times the size of an extract: the extract tiled side by side on a
grid (each copy shifted by the extract's own span, with new ids), so it keeps the real road mix,
named places and areas. Written as .osm.pbf through pyosmium (PyPI `osmium`).

Usage: synth.py EXTRACT.osm.pbf COPIES OUT.osm.pbf"""
import math
import sys
import time

import osmium

source, copies, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
STEP = 10**11  # ids of copy i: the original + i × STEP (OSM's ids are below 2 × 10^10)


class Load(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.nodes, self.ways, self.relations = [], [], []

    def node(self, n):
        self.nodes.append((n.id, n.location.lat, n.location.lon, dict(n.tags)))

    def way(self, w):
        self.ways.append((w.id, [r.ref for r in w.nodes], dict(w.tags)))

    def relation(self, r):
        self.relations.append((r.id, [(m.type, m.ref, m.role) for m in r.members], dict(r.tags)))


started = time.monotonic()
extract = Load()
extract.apply_file(source, locations=True)
lats = [n[1] for n in extract.nodes]
lons = [n[2] for n in extract.nodes]
span_lat, span_lon = max(lats) - min(lats), max(lons) - min(lons)
columns = math.ceil(math.sqrt(copies))
shifts = [((i // columns) * span_lat, (i % columns) * span_lon) for i in range(copies)]
writer = osmium.SimpleWriter(out, overwrite=True)
try:
    for i, (dlat, dlon) in enumerate(shifts):
        for id, lat, lon, tags in extract.nodes:
            writer.add_node(osmium.osm.mutable.Node(id=id + i * STEP, location=(lon + dlon, lat + dlat), tags=tags, version=1,
                                                    timestamp="2019-04-21T09:50:14Z"))
    for i in range(copies):
        for id, refs, tags in extract.ways:
            writer.add_way(osmium.osm.mutable.Way(id=id + i * STEP, nodes=[r + i * STEP for r in refs], tags=tags, version=1,
                                                  timestamp="2019-04-21T09:50:14Z"))
    for i in range(copies):
        for id, members, tags in extract.relations:
            writer.add_relation(osmium.osm.mutable.Relation(id=id + i * STEP, members=[(t, r + i * STEP, role) for t, r, role in members],
                                                            tags=tags, version=1, timestamp="2019-04-21T09:50:14Z"))
finally:
    writer.close()
print(f"{out}: {copies}× {source.split('/')[-1]} ({len(extract.nodes) * copies:,} nodes, {len(extract.ways) * copies:,} ways) "
      f"over {columns * span_lon:.2f}° × {math.ceil(copies / columns) * span_lat:.2f}° in {time.monotonic() - started:.1f} s", file=sys.stderr)
