#!/usr/bin/env python3
"""Writes a hostile Apple Health export.zip: a valid export whose records all fall on one day.
With --same (the default) every record is the same row, so the zip compresses about 400:1 (a
7.6 MB upload holds 12 million records); with --distinct each record moves a second on, so
nothing repeats and every one must be counted. What an importer must survive with bounded
memory, whatever an upload holds.

    make_hostile.py OUT.zip --records 12000000 [--distinct] [--day 2026-11-20]
"""
import argparse
import zipfile

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record)*)>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-11-30 09:00:00 +0900"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--records", type=int, default=12_000_000)
    parser.add_argument("--distinct", action="store_true", help="each record a second later than the one before")
    parser.add_argument("--day", default="2026-11-20")
    args = parser.parse_args()
    row = (' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Mina\'s iPhone" unit="count" '
           'startDate="{day} 08:{m:02d}:{s:02d} +0900" endDate="{day} 08:{m:02d}:{s:02d} +0900" value="12"/>\n')
    with zipfile.ZipFile(args.out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("apple_health_export/export.xml", "w", force_zip64=True) as xml:
            xml.write(HEAD.encode())
            same = row.format(day=args.day, m=0, s=0).encode()
            batch = 10_000
            written = 0
            while written < args.records:
                n = min(batch, args.records - written)
                if args.distinct:
                    chunk = "".join(row.format(day=args.day, m=((written + i) // 60) % 60, s=(written + i) % 60)
                                    .replace('value="12"', f'value="{written + i + 1}"') for i in range(n)).encode()
                else:
                    chunk = same * n
                xml.write(chunk)
                written += n
            xml.write(b"</HealthData>\n")


if __name__ == "__main__":
    main()
