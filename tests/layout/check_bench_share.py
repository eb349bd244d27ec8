#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""rd-bench-share's struct ring_grouped against layout's suggestion for struct
ring_shared: the same members at the same offsets (pahole's /* offset size */
comments), each writer's group starting its own line, no 'no room'."""
import json
import re
import sys


def main():
    doc = json.load(open(sys.argv[1]))
    sug = [f["details"]["suggestion"] for f in doc["findings"]
           if f["symbol"] == "ring_shared" and (f.get("details") or {}).get("suggestion")]
    if len(sug) != 1:
        sys.exit("want one suggestion for struct ring_shared, got %d" % len(sug))
    sug = sug[0]
    want = dict(zip(sug["order"], sug["offsets"]))
    got = {}
    for line in open(sys.argv[2]):
        m = re.match(r"\s+\S.*?\b(\w+)(\[\d+\])?( __attribute__.*)?;\s+/\*\s+(\d+)\s+\d+\s+\*/",
                     line)
        if m:
            got[m.group(1)] = int(m.group(4))
    if got != want:
        sys.exit("struct ring_grouped %s\nlayout suggests %s" % (sorted(got.items(), key=lambda x: x[1]),
                                                             sorted(want.items(), key=lambda x: x[1])))
    if sug["no_room"]:
        sys.exit("layout says no room")
    starts = [g["name"] for g in sug["groups"] if g["line_start"]]
    if sorted(starts) != ["completion_write", "rx_write"]:
        sys.exit("groups starting a line: %s" % starts)
    print("struct ring_grouped is layout's suggestion: %d members, groups %s" %
          (len(got), ", ".join("%s at %d" % (g["name"], g["offset"]) for g in sug["groups"])))


main()
