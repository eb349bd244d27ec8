#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The house's sizes (issue 24): no source file of tool/ over 1,000 lines, and
no function over 80 lines unless the comment just above it says why it is
one piece (the words "one piece"). Prints every long function either way.

  check-sizes.py [SRC]      exit 1 on a breach
"""
import os
import re
import sys

MAX_FILE = 1000
MAX_FUNC = 80
# a function definition: a line at column 0 ending in ')' or ',' that opens a body later
START = re.compile(r"^[A-Za-z_][\w \*]*\b(\w+)\(")


def functions(lines):
    """(name, first line, length, comment above) of each top-level function."""
    i = 0
    while i < len(lines):
        m = START.match(lines[i])
        if not m or lines[i].rstrip().endswith(";") or lines[i].startswith(("static const", "typedef")) and "(" not in lines[i]:
            i += 1
            continue
        j = i
        while j < len(lines) and not lines[j].startswith("{") and not lines[j].rstrip().endswith(";"):
            j += 1
        if j >= len(lines) or not lines[j].startswith("{"):
            i += 1
            continue
        k = j + 1
        while k < len(lines) and not lines[k].startswith("}"):
            k += 1
        c = i - 1
        comment = []
        while c >= 0 and (lines[c].startswith((" *", "/*", "//")) or lines[c].strip() == "*/"):
            comment.insert(0, lines[c])
            c -= 1
        yield m.group(1), i + 1, k - i + 1, " ".join(comment)
        i = k + 1


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    tool = os.path.join(src, "tool")
    bad = 0
    for root, _, files in sorted(os.walk(tool)):
        for name in sorted(files):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, src)
            lines = open(path, encoding="utf-8").read().split("\n")
            if len(lines) - 1 > MAX_FILE:
                print("sizes: FAIL %s: %d lines (at most %d)" % (rel, len(lines) - 1, MAX_FILE))
                bad += 1
            for fn, line, n, comment in functions(lines):
                if n <= MAX_FUNC:
                    continue
                ok = "one piece" in re.sub(r"\s*\*\s*", " ", comment)
                print("sizes: %s %s:%d %s(): %d lines%s" % (
                    "ok  " if ok else "FAIL", rel, line, fn, n,
                    "" if ok else " without a comment saying why it is one piece"))
                bad += not ok
    print("sizes: %d breaches" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
