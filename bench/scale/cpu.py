"""CPU time by program between two snapshots of /proc, for bench/scale: where the time goes.
  cpu.py snap FILE        writes every process's CPU ticks (user + system) with its name
  cpu.py diff A B N       prints yaruki, postgres, nginx and the rest (wrk, which has exited by
                          then, and everything else: the machine's busy time less the three),
                          in ms of CPU a request over N requests, then the machine's idle share"""
import json
import os
import sys


def snapshot():
    ticks = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            raw = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        name = raw[raw.index("(") + 1:raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2:].split()
        ticks[pid] = [name, int(fields[11]) + int(fields[12])]
    with open("/proc/stat") as f:
        total = [int(x) for x in f.readline().split()[1:]]
    return {"procs": ticks, "idle": total[3] + total[4], "all": sum(total[:8])}


if sys.argv[1] == "snap":
    json.dump(snapshot(), open(sys.argv[2], "w"))
else:
    a, b, n = json.load(open(sys.argv[2])), json.load(open(sys.argv[3])), int(sys.argv[4])
    groups = {}
    for pid, (name, t) in b["procs"].items():
        used = t - a["procs"][pid][1] if pid in a["procs"] else t
        if name in ("yaruki", "postgres", "nginx"):
            groups[name] = groups.get(name, 0) + used
    hz = os.sysconf("SC_CLK_TCK")
    busy = (b["all"] - a["all"]) - (b["idle"] - a["idle"])
    groups["the rest"] = max(0, busy - sum(groups.values()))
    parts = [f"{g} {groups.get(g, 0) / hz * 1000 / max(n, 1):.3f}" for g in ("yaruki", "postgres", "nginx", "the rest")]
    idle = (b["idle"] - a["idle"]) / max(1, b["all"] - a["all"])
    print("CPU ms a request: " + ", ".join(parts) + f"; machine idle {idle:.0%}")
