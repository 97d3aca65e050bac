#!/usr/bin/env python3
"""Ten years of a daily lifter as Strong's current CSV export: a workout a day, ten exercises of
eleven sets each (a warm-up first, an RPE on some), about 400,000 sets. Deterministic (seeded).
Usage: make_strong.py OUT.csv [--days 3650]"""
import argparse, datetime, random

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--days", type=int, default=3650)
args = parser.parse_args()
rng = random.Random(20261203)
exercises = ["Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)", "Bench Press (Dumbbell)",
             "Lat Pulldown (Cable)", "Seated Row (Cable)", "Lateral Raise (Dumbbell)", "Bicep Curl (Dumbbell)", "Leg Press (Machine)",
             "Hip Thrust (Barbell)", "Running, Treadmill"]
start = datetime.datetime(2016, 12, 3, 7, 0, 0)
with open(args.out, "w", newline="") as f:
    f.write("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n")
    for day in range(args.days):
        at = start + datetime.timedelta(days=day, minutes=rng.randint(0, 600))
        hour = at.hour % 12 or 12
        date = at.strftime("%Y-%m-%d ") + f"{hour}:{at.minute:02d}:{at.second:02d}\u202f" + ("PM" if at.hour >= 12 else "AM")
        title = rng.choice(["Push Day", "Pull Day", "Leg Day", "Full Body"])
        note = '"Slept 7h, felt strong"' if day % 7 == 0 else ""
        for name in rng.sample(exercises, 10):
            base = rng.choice([20, 40, 60, 80, 100])
            for s in range(11):
                order = "W" if s == 0 else str(s)
                weight = base * (0.5 if s == 0 else 1) + rng.choice([0, 2.5, 5])
                rpe = rng.choice(["", "", "8", "8.5", "9"]) if s else ""
                if name.startswith("Running"):
                    f.write(f"{date},{title},1h 5m,\"{name}\",{order},0,0,{rng.uniform(1, 10):.2f},{rng.randint(300, 3600)},,{note},\n")
                else:
                    f.write(f"{date},{title},1h 5m,{name},{order},{weight:g},{rng.randint(3, 12)},0,0,,{note},{rpe}\n")
