#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The 6.12 test bed's per-driver tables, and the per-packet cases pinned by
reading the source (tests/kernel/pins_6_12.py says where each is and why).

  bed.py check TREE CHECK.json       findings per driver by rank; the pins
  bed.py fix TREE FIX.json CHECK.json  fix's applied/refused per driver, with reasons
  bed.py layout TREE LAYOUT.json ERR structs read per driver

TREE is gcc or clang. check fails when the run did not look at everything
(a TU unparsed, an evidence compile failed), when check's answer for a
pinned case is not the one pinned as today's (so a change is seen and the pin
updated with it), or when a case pinned as never-on-the-stack is reported.
A pin whose reading check does not give is a gap: listed, counted per driver.
fix fails when less than 85% of the per-packet findings check made (those on
no marked packet's path: TC restore, sampling, timestamps) are applied by
some strategy (issue 31's bar was 90%; issue 55's soundness refuses more:
an unknown callee reads a struct's holes, igc's meta_req).
"""
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testbed import DRIVERS, driver_of, short  # noqa: E402
import pins_6_12  # noqa: E402

STACK = ("stack-autoinit", "stack-explicit-init")


def by_driver(items, path_of):
    out = defaultdict(list)
    for x in items:
        out[driver_of(path_of(x))].append(x)
    return out


def ev(f, comp):
    e = ((f.get("details") or {}).get("evidence") or {}).get(comp)
    return e.get("bytes") if e else None


def answer(f):
    """check's answer for a pinned case: its frequency, or 'conditional' for
    a finding on a path only marked packets take (details.path)."""
    if (f.get("details") or {}).get("path"):
        return "conditional"
    return f["frequency"]


def do_check(tree, path):
    doc = json.load(open(path))
    run, findings = doc["run"], doc["findings"]
    bad = []
    if run.get("unparsed"):
        bad.append("unparsed: %s" % run["unparsed"])
    if run.get("evidence_failed"):
        bad.append("evidence failed: %s" % run["evidence_failed"])
    for f in findings:
        for comp in ("gcc", "clang"):
            b = ev(f, comp)
            if b is not None and f["size"] and b > f["size"]:
                bad.append("%s %s: %s says %d bytes survive of %d" % (
                    f["function"], f["symbol"], comp, b, f["size"]))
    groups = by_driver(findings, lambda f: f["file"])
    print("bed: %s: %d TUs, %d roots, %d findings" % (
        tree, run["files"], len(run.get("roots", [])), len(findings)))
    for name, _ in DRIVERS + [("other", None)]:
        fs = groups.get(name, [])
        if not fs:
            continue
        print("bed: %s %s: %d findings" % (tree, name, len(fs)))
        for rank, f in enumerate(fs, 1):
            print("bed: %s %-10s %3d %-11s %8.2f %-17s %s:%d %s '%s' %s (%d B; gcc %s, clang %s)" % (
                tree, name, rank, answer(f), f["rank"] or 0, f["check"],
                short(f["file"]), f["line"], f["function"], f["symbol"], f["type"] or "",
                f["size"], ev(f, "gcc"), ev(f, "clang")))
    # The pins: what reading the source says, and what check says today.
    stack = [f for f in findings if f["check"] in STACK]
    gaps = defaultdict(list)
    for p in pins_6_12.PINS:
        hit = [f for f in stack if f["function"] == p.function and f["symbol"] == p.symbol]
        now = answer(hit[0]) if hit else None
        today = p.today.get(tree) if isinstance(p.today, dict) else p.today
        if now != today:
            bad.append("pin %s %s '%s' (%s): check says %s, pinned today as %s: "
                       "update tests/kernel/pins_6_12.py" % (
                           p.driver, p.function, p.symbol, p.where, now or "nothing",
                           today or "nothing"))
        reading = p.reading.get(tree) if isinstance(p.reading, dict) else p.reading
        # required: the zero is needed; removed: this tree's compiler dropped it
        right = (now is None) if reading in ("required", "removed") else (now == reading)
        if not right:
            gaps[p.driver].append(p)
        print("bed: %s pin %-10s %-26s %-13s reading %-10s check %-10s %s  %s" % (
            tree, p.driver, p.function, p.symbol, reading, now or "-",
            "ok " if right else "GAP", p.why))
    for name, _ in DRIVERS:
        pins = [p for p in pins_6_12.PINS if p.driver == name]
        if pins:
            print("bed: %s pins %-10s %d pinned, %d as reading gives, gaps: %s" % (
                tree, name, len(pins), len(pins) - len(gaps[name]),
                ", ".join("%s '%s'" % (p.function, p.symbol) for p in gaps[name]) or "none"))
    for n in pins_6_12.NEVER:
        hit = [f for f in stack if n.matches(f)]
        for f in hit:
            bad.append("%s %s '%s' reported: %s" % (n.driver, f["function"], f["symbol"], n.why))
    print("bed: %s pins: %d, %d as reading gives; %d never-on-the-stack rules" % (
        tree, len(pins_6_12.PINS), len(pins_6_12.PINS) - sum(map(len, gaps.values())),
        len(pins_6_12.NEVER)))
    for b in bad:
        print("bed: FAIL %s: %s" % (tree, b))
    return 1 if bad else 0


PER_PACKET_BAR = 0.85


def per_packet_applied(items, check_path):
    """(applied, all) of check's per-packet findings on no marked path."""
    findings = json.load(open(check_path)).get("findings", [])
    status = {(i.get("function"), i.get("symbol")): i.get("status") for i in items}
    pp = [f for f in findings if f.get("frequency") == "per-packet"
          and not (f.get("details") or {}).get("path")]
    return sum(status.get((f["function"], f["symbol"])) == "applied" for f in pp), len(pp)


def do_fix(tree, path, check_path):
    doc = json.load(open(path))
    items = doc.get("items", [])
    groups = by_driver(items, lambda i: i.get("file") or "")
    total = defaultdict(int)
    for name, _ in DRIVERS + [("other", None)]:
        its = groups.get(name, [])
        if not its:
            continue
        status = defaultdict(int)
        for i in its:
            status[i.get("status")] += 1
            total[i.get("status")] += 1
        print("bed: %s fix %-10s %s" % (tree, name, ", ".join(
            "%d %s" % (n, s) for s, n in sorted(status.items()))))
        for i in its:
            if i.get("status") != "applied":
                print("bed: %s fix %-10s   %s '%s': %s%s" % (
                    tree, name, i.get("function"), i.get("symbol"), i.get("status"),
                    ": " + i["reason"].splitlines()[0] if i.get("reason") else ""))
    print("bed: %s fix total: %s" % (tree, ", ".join(
        "%d %s" % (n, s) for s, n in sorted(total.items()))))
    applied, pp = per_packet_applied(items, check_path)
    print("bed: %s fix per-packet (no marked path): %d of %d applied" % (tree, applied, pp))
    if pp and applied < PER_PACKET_BAR * pp:
        print("bed: FAIL %s: fix applies %d of %d per-packet findings, under %d%%" % (
            tree, applied, pp, PER_PACKET_BAR * 100))
        return 1
    return 0


# Structs of the bed whose layout the simulation does not reproduce yet, and
# why: each is a gap of layout's model, listed until it is closed.
LAYOUT_KNOWN = {
    "ib_flow_attr": "a flexible array of a union: the union's alignment is not modelled",
    "orc_entry": "packed: the simulation declines packed structs",
    "ice_pfcp_hdr": "__packed __aligned(2): pahole does not say packed, the simulation pads to 20",
}


def do_layout(tree, path, err):
    """Every struct pahole printed is read (no 'skipped' warning) and the
    layout simulation reproduces its offsets and size; unions are counted."""
    run = json.load(open(path))["run"]
    skipped = [line for line in open(err) if "skipped" in line]
    per = defaultdict(lambda: [0, 0, 0])	# structs, reproduced, unions
    wrong = []
    for s in run.get("structs", []):
        p = per[driver_of(s.get("object", ""))]
        if s["kind"] != "struct":
            p[2] += 1
            continue
        p[0] += 1
        if s.get("reproduced"):
            p[1] += 1
        elif s["record"] in LAYOUT_KNOWN:
            print("bed: %s layout known gap: %s: %s" % (tree, s["record"], LAYOUT_KNOWN[s["record"]]))
        else:
            wrong.append(s)
    for name in sorted(per):
        print("bed: %s layout %-10s %5d structs read, %5d reproduced, %4d unions read" % (
            tree, name, *per[name]))
    for line in skipped[:20]:
        print("bed: %s layout skipped: %s" % (tree, line.rstrip()))
    for s in wrong[:20]:
        print("bed: %s layout not reproduced: %s (%s)" % (tree, s["record"], s.get("unverified")))
    return 1 if skipped or wrong else 0


if __name__ == "__main__":
    cmds = {"check": (do_check, 2), "fix": (do_fix, 3), "layout": (do_layout, 3)}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds or len(sys.argv) != 2 + cmds[sys.argv[1]][1]:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(cmds[sys.argv[1]][0](*sys.argv[2:]))
