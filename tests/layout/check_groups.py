#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Issue 27's must-show over a layout JSON: no suggestion places a field one path
writes per packet in a cache line with a read-mostly field another path reads,
unless the report says so (suggestion.shared_lines, or no_room).

Recomputed here from the JSON alone (the suggestion's order and offsets, each hot
field's reads and writes), by paths: stricter than zerotax's own count, which
allows two paths under one root (one CPU). Members whose hot bytes are a part of
them (big arrays, embedded structs) are left out: the JSON does not say which part.
"""
import json
import sys


def main():
    doc = json.load(open(sys.argv[1]))
    bad, checked, shared = [], 0, 0
    for f in doc["findings"]:
        d = f.get("details") or {}
        sug = d.get("suggestion")
        if not sug or "offsets" not in sug:
            continue
        checked += 1
        off = dict(zip(sug["order"], sug["offsets"]))
        lines = {}
        for h in d["hot_fields"]:
            name = h["field"]
            if name not in off or h["hot_bytes"] != h["size"] or not h["size"]:
                continue
            w, r = set(h["writes"]) - {"control"}, set(h["reads"]) - {"control"}
            if not w and not r:
                continue
            first, last = off[name] // 64, (off[name] + h["size"] - 1) // 64
            for ln in range(first, last + 1):
                lines.setdefault(ln, []).append((name, w, r))
        said = {s["line"] for s in sug.get("shared_lines", [])}
        shared += len(said)
        for ln, ms in sorted(lines.items()):
            for a, wa, _ in ms:
                if not wa:
                    continue
                for b, wb, rb in ms:
                    if b != a and not wb and rb - wa and ln not in said and not sug["no_room"]:
                        bad.append("%s: suggested line %d: '%s' written on %s, '%s' read-mostly "
                                   "on %s, not reported" % (f["symbol"], ln, a, ",".join(sorted(wa)),
                                                            b, ",".join(sorted(rb))))
    print("%d suggestions checked, %d shared lines reported, %d unreported" %
          (checked, shared, len(bad)))
    if bad:
        sys.exit("\n".join(bad))


main()
