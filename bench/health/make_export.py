#!/usr/bin/env python3
"""Writes an Apple Health export.xml in the real schema (the iOS 16 DTD, a Watch and an iPhone
counting the same walks, stand hours, exercise minutes, ActivitySummary rows, and records of
kinds Yaruki skips: heart rate, sleep), of at least --size bytes. Fixed seed: the same file
every time.

    make_export.py OUT.xml --size 1G [--start 2019-01-01] [--zone +0900]
"""
import argparse
import datetime as dt
import random

DTD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutActivity ((MetadataEntry)*)>
<!ATTLIST WorkoutActivity
  uuid                  CDATA #REQUIRED
  startDate             CDATA #REQUIRED
  endDate               CDATA #IMPLIED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
>
<!ELEMENT WorkoutActivity ((MetadataEntry)*)>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
]>
<HealthData locale="ja_JP">
 <ExportDate value="2026-11-30 21:04:11 +0900"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-04-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
"""

WATCH = ('sourceName="Taro’s Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x2834a8f00&gt;, name:Apple Watch, '
         'manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1, creation date:2023-10-02 12:31:47 +0000&gt;"')
PHONE = ('sourceName="Taro’s iPhone" sourceVersion="17.1.1" device="&lt;&lt;HKDevice: 0x28349c0a0&gt;, name:iPhone, '
         'manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.1.1, creation date:2023-10-02 12:31:47 +0000&gt;"')


def stamp(t, zone):
    return t.strftime("%Y-%m-%d %H:%M:%S ") + zone


def record(kind, source, unit, start, end, value, zone):
    u = f' unit="{unit}"' if unit else ""
    return (f' <Record type="{kind}" {source}{u} creationDate="{stamp(end, zone)}" startDate="{stamp(start, zone)}" '
            f'endDate="{stamp(end, zone)}" value="{value}"/>\n')


def day_records(day, rnd, zone):
    """One day: walks counted by both devices, the Watch's energy every few minutes, stand
    hours and time, exercise, heart rate and a night's sleep."""
    out = []
    base = dt.datetime(day.year, day.month, day.day)
    for hour in range(7, 22):
        t = base + dt.timedelta(hours=hour, minutes=rnd.randint(0, 20))
        for _ in range(4):
            span = dt.timedelta(minutes=rnd.randint(3, 9))
            steps = rnd.randint(80, 900)
            out.append(record("HKQuantityTypeIdentifierStepCount", WATCH, "count", t, t + span, steps, zone))
            out.append(record("HKQuantityTypeIdentifierStepCount", PHONE, "count", t, t + span, int(steps * rnd.uniform(0.8, 1.1)), zone))
            out.append(record("HKQuantityTypeIdentifierDistanceWalkingRunning", WATCH, "km", t, t + span, round(steps * 0.00072, 5), zone))
            out.append(record("HKQuantityTypeIdentifierDistanceWalkingRunning", PHONE, "km", t, t + span, round(steps * 0.0007, 5), zone))
            t += span + dt.timedelta(minutes=rnd.randint(1, 5))
        for m in range(0, 60, 5):
            e = base + dt.timedelta(hours=hour, minutes=m)
            out.append(record("HKQuantityTypeIdentifierActiveEnergyBurned", WATCH, "kcal", e, e + dt.timedelta(minutes=5),
                              round(rnd.uniform(0.5, 9.0), 3), zone))
            out.append(record("HKQuantityTypeIdentifierHeartRate", WATCH, "count/min", e, e, rnd.randint(58, 128), zone))
        h = base + dt.timedelta(hours=hour)
        stood = rnd.random() < 0.8
        out.append(record("HKCategoryTypeIdentifierAppleStandHour", WATCH, None, h, h + dt.timedelta(hours=1),
                          "HKCategoryValueAppleStandHourStood" if stood else "HKCategoryValueAppleStandHourIdle", zone))
        if stood:
            out.append(record("HKQuantityTypeIdentifierAppleStandTime", WATCH, "min", h, h + dt.timedelta(minutes=5), rnd.randint(1, 5), zone))
        if rnd.random() < 0.3:
            out.append(record("HKQuantityTypeIdentifierAppleExerciseTime", WATCH, "min", h, h + dt.timedelta(minutes=1), 1, zone))
    night = base + dt.timedelta(hours=23, minutes=10)
    out.append(record("HKCategoryTypeIdentifierSleepAnalysis", WATCH, None, night, night + dt.timedelta(hours=7),
                      "HKCategoryValueSleepAnalysisAsleepCore", zone))
    return out


def summary(day, rnd):
    return (f' <ActivitySummary dateComponents="{day.isoformat()}" activeEnergyBurned="{rnd.uniform(250, 700):.3f}" activeEnergyBurnedGoal="500" '
            f'activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="{rnd.randint(5, 60)}" '
            f'appleExerciseTimeGoal="30" appleStandHours="{rnd.randint(6, 14)}" appleStandHoursGoal="12"/>\n')


def size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1].upper() in units else int(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--size", default="1G")
    parser.add_argument("--start", default="2012-01-01")
    parser.add_argument("--zone", default="+0900")
    args = parser.parse_args()
    target = size(args.size)
    rnd = random.Random(2026)
    day = dt.date.fromisoformat(args.start)
    written = 0
    days = []
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(DTD)
        while written < target:
            # A week at a time: records of a kind grouped by source, as exports are.
            lines = []
            for _ in range(7):
                lines += day_records(day, rnd, args.zone)
                days.append(day)
                day += dt.timedelta(days=1)
            text = "".join(lines)
            f.write(text)
            written += len(text.encode())
        f.write("".join(summary(d, rnd) for d in days))
        f.write("</HealthData>\n")
    print(f"{args.out}: {len(days)} days")


if __name__ == "__main__":
    main()
