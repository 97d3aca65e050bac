#!/usr/bin/env python3
"""Writes Schemathesis settings that hold each operation of an OpenAPI document to the statuses it
documents: a request whose every field the document accepts may get any answer the operation
documents (a 404 for an id that is not there, a 422 where fields disagree), and nothing else. A
server that answered 422 to everything would fail every operation that does not document 422.

    documented.py URL OUT.toml   (appends to OUT.toml)
"""
import json
import sys
import urllib.request

url, out = sys.argv[1], sys.argv[2]
with urllib.request.urlopen(url) as reply:
    document = json.load(reply)
lines = []
for path, operations in sorted(document["paths"].items()):
    for method, operation in sorted(operations.items()):
        statuses = sorted(code for code in operation.get("responses", {}) if code.isdigit())
        lines.append("[[operations]]")
        lines.append(f'include-operation-id = "{operation["operationId"]}"')
        lines.append("checks.positive_data_acceptance.expected-statuses = [" + ", ".join(f'"{s}"' for s in statuses) + "]")
        lines.append("")
with open(out, "a") as file:
    file.write("\n# Each operation held to the statuses it documents (tests/api/documented.py).\n" + "\n".join(lines))
