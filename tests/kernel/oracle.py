#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The compiler's own call graph as the oracle of check's hot paths.

  oracle.py DB GAPS ROOTS.json JUDGED.json [--min-size N] [--driver NAME]...

DB is a compile database of the gcc tree, built with -fcallgraph-info=su and
-fdump-tree-optimized-lineno (scripts/kernel-tree.sh does it for 6.12): next
to each object, gcc wrote its call graph after inlining (x.ci) and the
optimized trees, where every zeroing that survived is a .DEFERRED_INIT call
at the variable's declaration (x.c.*t.optimized).

From the NAPI polls and other roots ROOTS.json (a check JSON) names in
run.roots, the oracle walks gcc's direct calls. Every function it reaches
whose zeroing of a local of at least --min-size bytes survived is a case
check must either report in JUDGED.json (a check JSON of the same tree, any
rules) or name in GAPS with a reason. GAPS lines are

  DRIVER FUNCTION SYMBOL CLASS REASON...

FUNCTION is the source function, the function gcc inlined it into, or the
declaration's FILE:LINE (file base name) where a name is not enough.

CLASS is 'cold' (a path check is right not to call hot: error handling,
WARN, rate-limited logging, a rule), 'miss' (a per-packet case check misses
today: it counts against recall) or 'indirect' (for the reverse table). A
GAPS line that matches nothing is stale and an error, so the table stays true.

It prints, per driver: the reached cases, reported or explained, recall
against the oracle, and the reverse: functions check calls hot that gcc's
graph does not reach from the same roots, with the call in check's chain
that gcc does not see (an indirect call, as a rule). Exit 0 when every
reached case is reported or explained, 1 otherwise (the unexplained ones
are listed), 2 on bad input.
"""
import glob
import json
import os
import re
import shlex
import sys
from collections import defaultdict, deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testbed import DRIVERS, driver_of  # noqa: E402

# gcc names the clones it makes after the function: foo.constprop.0,
# foo.isra.0, foo.part.0, foo.cold. The source knows only foo.
CLONE = re.compile(r"\.(constprop|isra|part|cold|lto_priv|localalias)(\.\d+)?")
NODE = re.compile(r'^node: \{ title: "([^"]*)" label: "([^"]*)"(.*)\}\s*$')
EDGE = re.compile(r'^edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
FUNC = re.compile(r"^;; Function (\S+) \((\S+),")
LOC = re.compile(r"\[([^\]:]+):(\d+):(\d+)(?: discrim \d+)?\]")
DEFERRED = re.compile(r'\.DEFERRED_INIT \((\d+), \d+, (?:\[[^\]]*\] )?&"([^"]+)"\[0\]\)')


def base(name):
    """A .ci title as the source names it: gcc writes a static function as
    FILE:NAME (so two TUs' statics differ) and a clone with its suffix."""
    name = name.rsplit(":", 1)[-1]
    return CLONE.split(name, 1)[0] if CLONE.search(name) else name


def object_of(entry):
    """The object a compile command writes, absolute."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    for i, a in enumerate(args):
        if a == "-o" and i + 1 < len(args):
            return os.path.normpath(os.path.join(entry["directory"], args[i + 1]))
    return None


class Graph:
    """gcc's call graph over every TU of a database, after inlining.

    A node is (tu, function); static functions of two TUs stay apart. An
    edge to a function the TU does not define goes to every TU that defines
    it (a global; a name defined twice is a static of each, and over-linking
    it only makes the oracle stricter)."""

    def __init__(self):
        self.defined = defaultdict(set)	# function -> TUs
        self.calls = defaultdict(set)	# (tu, f) -> callee names
        self.sites = {}			# (tu, f) -> 'file:line' of its definition
        self.local = {}			# tu -> the functions it defines
        self.missing = []

    def read(self, tu, path):
        try:
            text = open(path).read()
        except OSError as e:
            self.missing.append("%s: %s" % (tu, e.strerror))
            return
        local = set()
        for line in text.splitlines():
            m = NODE.match(line)
            if m:
                title, label, rest = m.groups()
                if "ellipse" not in rest:
                    f = base(title)
                    local.add(f)
                    self.defined[f].add(tu)
                    self.sites[(tu, f)] = label.split("\\n")[1] if "\\n" in label else ""
                continue
            m = EDGE.match(line)
            if m:
                self.calls[(tu, base(m.group(1)))].add(base(m.group(2)))
        self.local[tu] = local

    def callees(self, node):
        tu, f = node
        for g in self.calls.get(node, ()):
            if g == f:
                continue
            if g in self.local.get(tu, ()):
                yield (tu, g)
            else:
                for other in self.defined.get(g, ()):
                    yield (other, g)

    def walk(self, roots):
        """Every node reached from @roots, with the node it was reached from."""
        parent = {}
        queue = deque()
        for r in roots:
            for tu in self.defined.get(r, ()):
                if (tu, r) not in parent:
                    parent[(tu, r)] = None
                    queue.append((tu, r))
        while queue:
            n = queue.popleft()
            for c in self.callees(n):
                if c not in parent:
                    parent[c] = n
                    queue.append(c)
        return parent


def chain(parent, node):
    out = []
    while node is not None:
        out.append(node[1])
        node = parent[node]
    return " -> ".join(reversed(out))


def read_dump(tu, directory, path, cases):
    """The surviving zeroing of one TU: (tu, function) -> [(file, line, var, bytes)]."""
    func = None
    with open(path, errors="replace") as f:
        for line in f:
            m = FUNC.match(line)
            if m:
                func = base(m.group(1))
                continue
            if ".DEFERRED_INIT (" not in line or func is None:
                continue
            d = DEFERRED.search(line)
            loc = LOC.search(line)
            if not d or not loc:
                continue	# a VLA: its size is not a constant
            file = os.path.normpath(os.path.join(directory, loc.group(1)))
            cases[(tu, func)].append((file, int(loc.group(2)),
                                      d.group(2), int(d.group(1))))


def load_gaps(path):
    gaps = {}
    for n, line in enumerate(open(path), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split(None, 4)
        if len(parts) < 5 or parts[3] not in ("cold", "miss", "indirect"):
            sys.exit("oracle: %s:%d: want 'DRIVER FUNCTION SYMBOL cold|miss|indirect REASON'"
                     % (path, n))
        gaps[tuple(parts[:3])] = (parts[3], parts[4], "%s:%d" % (path, n))
    return gaps


def main(argv):
    min_size, only, rest = 32, [], []
    i = 0
    while i < len(argv):
        if argv[i] == "--min-size":
            min_size = int(argv[i + 1])
            i += 2
        elif argv[i] == "--driver":
            only.append(argv[i + 1])
            i += 2
        else:
            rest.append(argv[i])
            i += 1
    if len(rest) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    db_dir, gaps_path, roots_path, judged_path = rest
    db = json.load(open(os.path.join(db_dir, "compile_commands.json")))
    gaps = load_gaps(gaps_path)
    roots = [r["function"] for r in json.load(open(roots_path))["run"].get("roots", [])]
    judged = json.load(open(judged_path))
    if not roots:
        print("oracle: %s names no roots" % roots_path, file=sys.stderr)
        return 2

    graph, cases, no_dump = Graph(), defaultdict(list), []
    for e in db:
        obj = object_of(e)
        if not obj:
            graph.missing.append("%s: no -o in its command" % e["file"])
            continue
        tu = os.path.normpath(os.path.join(e["directory"], e["file"]))
        graph.read(tu, obj[:-2] + ".ci")
        dumps = glob.glob(glob.escape(obj[:-2]) + ".c.*t.optimized")
        if not dumps and not graph.local.get(tu):
            continue	# a TU that defines no function (all of it #ifdef'd out)
        if len(dumps) != 1:
            no_dump.append(tu)
            continue
        read_dump(tu, e["directory"], dumps[0], cases)
    if graph.missing or no_dump:
        for m in graph.missing:
            print("oracle: no call graph: %s" % m, file=sys.stderr)
        for t in no_dump:
            print("oracle: no single optimized dump for %s" % t, file=sys.stderr)
        return 2

    parent = graph.walk(roots)
    reported = {}
    for f in judged["findings"]:
        if f["check"] in ("stack-autoinit", "stack-explicit-init") and f["line"]:
            reported[(os.path.normpath(f["file"]), f["line"], f["symbol"])] = f

    rows, used, seen = [], set(), set()
    for node in sorted(parent):
        for file, line, var, size in cases.get(node, ()):
            # a local inlined into two reached callers is one case
            if size < min_size or (file, line, var) in seen:
                continue
            seen.add((file, line, var))
            drv = driver_of(node[0])
            if only and drv not in only:
                continue
            f = reported.get((file, line, var))
            # the source function: gcc names the one the code ended up in
            src_fn = f["function"] if f else node[1]
            why = None
            at = "%s:%d" % (os.path.basename(file), line)
            for key in ((drv, src_fn, var), (drv, node[1], var), (drv, at, var)):
                if key in gaps:
                    why = gaps[key]
                    used.add(key)
            rows.append((drv, node, file, line, var, size, f, why))

    # The reverse: what check calls hot that gcc's graph does not reach.
    reached_names = {n[1] for n in parent}
    reverse = []
    for f in judged["findings"]:
        if f["check"] not in ("stack-autoinit", "stack-explicit-init"):
            continue
        ev = ((f.get("details") or {}).get("evidence") or {}).get("gcc") or {}
        home = base(ev.get("function") or f["function"] or "")
        if home in reached_names or f["function"] in reached_names:
            continue
        # The first call of check's chain to a function gcc has a node for
        # but does not reach; a function inlined everywhere has no node.
        links = f.get("chain") or []
        cut = next(("%s -> %s" % (a, b) for a, b in zip(links, links[1:])
                    if b in graph.defined and b not in reached_names), None)
        if cut is None and links and links[0] not in reached_names:
            cut = "(root %s)" % links[0]
        if cut is None:
            continue	# every hop gcc names is reached: inlined into the path
        drv = driver_of(f["file"])
        if only and drv not in only:
            continue
        key = (drv, f["function"], f["symbol"])
        why = gaps.get(key)
        if why:
            used.add(key)
        reverse.append((drv, f, home, cut, why))

    bad = []
    print("oracle: %d roots, %d functions reached in gcc's call graph of %d TUs" % (
        len(roots), len(parent), len(db)))
    per = defaultdict(lambda: [0, 0, 0, 0])	# reached, reported, cold, miss
    for drv, node, file, line, var, size, f, why in rows:
        p = per[drv]
        p[0] += 1
        if f:
            p[1] += 1
            state = "reported (%s, rank %.1f)" % (f["frequency"], f["rank"] or 0)
        elif why and why[0] == "cold":
            p[2] += 1
            state = "cold: " + why[1]
        elif why and why[0] == "miss":
            p[3] += 1
            state = "MISSED: " + why[1]
        else:
            state = "UNEXPLAINED"
            bad.append("%s: %s '%s' (%d bytes, %s:%d) reached as %s" % (
                drv, node[1], var, size, file, line, chain(parent, node)))
        print("oracle: %-10s %-32s %-14s %4d B %-26s %s" % (
            drv, node[1][:32], var[:14], size, "%s:%d" % (os.path.basename(file), line), state))
    print("oracle: recall per driver (reported / reached; cold = explained as not per packet)")
    names = [d for d, _ in DRIVERS if not only or d in only]
    names += sorted(d for d in per if d not in names)
    total = [0, 0, 0, 0]
    for drv in names + ["all"]:
        if drv == "all":
            reached, rep, cold, miss = total
        else:
            reached, rep, cold, miss = per[drv]
            total = [a + b for a, b in zip(total, per[drv])]
        hot = reached - cold
        print("oracle: recall %-10s %3d reached, %3d reported, %3d cold, %3d missed: %s" % (
            drv, reached, rep, cold, miss,
            "%5.1f%% of the hot ones" % (100.0 * rep / hot) if hot else "nothing hot reached"))
    for drv, f, home, cut, why in reverse:
        print("oracle: check-only %-10s %s '%s' (%s): gcc's graph does not see %s%s" % (
            drv, f["function"], f["symbol"], f["frequency"], cut,
            "; " + why[1] if why else " (an indirect call)"))
    for key, (cls, reason, where) in sorted(gaps.items()):
        if key not in used and (not only or key[0] in only):
            bad.append("%s: stale gap %s %s %s: nothing matches it" % (where, *key))
    for b in bad:
        print("oracle: FAIL " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
