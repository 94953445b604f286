#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validate roster files against data/roster/roster.schema.json.

    build-aux/check-roster.py [ROSTER.json ...]

Defaults to data/roster/cloudspire.json. Prints every schema problem with
its JSON path and exits 1 when there is any. The C loader (SpkRoster)
checks what a schema cannot: faction ids resolve, ids are unique.
"""

import json
import os
import sys

import jsonschema

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def path_of(error):
    out = ""
    for part in error.absolute_path:
        out += "[%d]" % part if isinstance(part, int) else ("." if out else "") + part
    return out or "(top level)"


def main(argv):
    with open(os.path.join(TOP, "data", "roster", "roster.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    paths = argv or [os.path.join(TOP, "data", "roster", "cloudspire.json")]
    bad = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            roster = json.load(f)
        for error in sorted(validator.iter_errors(roster), key=lambda e: list(e.absolute_path)):
            print("%s: %s: %s" % (os.path.relpath(path, TOP), path_of(error), error.message))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
