"""The reference for bench/map's router: networkx shortest paths over the same walking arcs the
map file holds, for the same vertex pairs. Every length must equal the router's (the arcs'
float32 metres, summed); prints both rates.

Usage: reference.py OUT   (reads OUT.arcs and OUT.pairs written by `map-bench pairs`)"""
import json
import statistics
import sys
import time

import networkx as nx
import numpy as np

out = sys.argv[1]
graph = nx.DiGraph()
for line in open(out + ".arcs"):
    a, b, metres = line.split()
    metres = float(np.float32(metres))
    a, b = int(a), int(b)
    if not graph.has_edge(a, b) or graph[a][b]["weight"] > metres:
        graph.add_edge(a, b, weight=metres)
pairs = [line.split() for line in open(out + ".pairs")]
ours, dijkstra, bidirectional, worst = [], [], [], 0.0
for a, b, metres, micros in pairs:
    a, b = int(a), int(b)
    start = time.perf_counter()
    length = nx.dijkstra_path_length(graph, a, b, weight="weight")
    dijkstra.append((time.perf_counter() - start) * 1e6)
    start = time.perf_counter()
    length2, _ = nx.bidirectional_dijkstra(graph, a, b, weight="weight")
    bidirectional.append((time.perf_counter() - start) * 1e6)
    assert abs(length - length2) < 1e-6
    assert metres != "none", f"{a} → {b}: the router found no way, networkx {length} m"
    worst = max(worst, abs(float(metres) - length))
    ours.append(float(micros))
assert worst < 1e-3, f"lengths differ by up to {worst} m"
print(json.dumps({"pairs": len(pairs), "worstDifference": worst, "oursP50": statistics.median(ours), "dijkstraP50": statistics.median(dijkstra),
                  "bidirectionalP50": statistics.median(bidirectional), "oursMean": statistics.fmean(ours),
                  "bidirectionalMean": statistics.fmean(bidirectional), "vertices": graph.number_of_nodes(), "arcs": graph.number_of_edges()}))
