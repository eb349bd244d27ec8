#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The house's layering, checked: every stage of tool/ includes only what it may use.

    scripts/check-stages.py [--tool DIR] [--doc FILE] [--readme FILE] [--libs DIR]
    scripts/check-stages.py --derive      # print what the code includes, per stage

tool/stages.cmake is the one table (tool/CMakeLists.txt builds a static library
per stage from it). Checked against it:
  - every #include "x.h" of tool/S/*.c names a header of S or of a stage S uses
    (PUBLIC or PRIVATE), and every one of tool/S/*.h a header of S or of a
    PUBLIC one: what a header includes, its includers see (a stage's internal
    header, NAME_int.h, counts as its .c files and no other stage may include it);
  - <clang-c/...>, <llvm-c/...> and <jansson.h> the same way, against the
    external libraries a stage declares (libclang, llvm, jansson);
  - every declared dependency is used, PUBLIC ones by a header, and the graph
    has no cycle;
  - with --libs (the build's tool/ directory): every symbol a stage's library
    takes from another stage's library comes from one it declares, so a
    prototype written by hand does not get around the rule;
  - docs/architecture.md's "may use" column says the same (its parenthesized
    remarks aside), and docs/README lists architecture.md.
Exit 1 and one line per break when anything disagrees.
"""
import argparse
import os
import re
import subprocess
import sys

# The libraries a stage may be limited to; libc and threads everyone has.
EXTERNALS = {"libclang": ("clang-c/",), "llvm": ("llvm-c/",), "jansson": ("jansson.h",)}
QUOTE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
ANGLE = re.compile(r'^\s*#\s*include\s*<([^>]+)>', re.M)


def parse_stages(path):
    """zt_stage(NAME [PUBLIC dep...] [PRIVATE dep...]) calls, in order."""
    text = re.sub(r"#[^\n]*", "", open(path).read())
    stages = {}
    for m in re.finditer(r"\bzt_stage\s*\(([^)]*)\)", text):
        words = m.group(1).split()
        name, deps, vis = words[0], {"PUBLIC": [], "PRIVATE": []}, None
        for w in words[1:]:
            if w in deps:
                vis = w
            elif vis is None:
                sys.exit("%s: zt_stage(%s): '%s' before PUBLIC/PRIVATE" % (path, name, w))
            else:
                deps[vis].append(w)
        if name in stages:
            sys.exit("%s: stage %s twice" % (path, name))
        stages[name] = deps
    if not stages:
        sys.exit("%s: no zt_stage() calls" % path)
    return stages


def sources(tool, stage):
    d = os.path.join(tool, stage)
    return sorted(f for f in os.listdir(d) if f.endswith((".c", ".h")))


def uses(tool, stages):
    """(stage, file) -> [(line number, what it includes, the stage or library that owns it)]."""
    owner = {}
    for s in stages:
        for f in sources(tool, s):
            if f.endswith(".h"):
                owner[f] = s
    out = {}
    for s in stages:
        for f in sources(tool, s):
            text = open(os.path.join(tool, s, f)).read()
            found = []
            for m in QUOTE.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                inc = m.group(1)
                found.append((line, '"%s"' % inc, owner.get(os.path.basename(inc))))
            for m in ANGLE.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                for lib, prefixes in EXTERNALS.items():
                    if m.group(1).startswith(prefixes):
                        found.append((line, "<%s>" % m.group(1), lib))
            out[(s, f)] = found
    return out


def check_code(tool, stages, errors):
    dirs = sorted(d for d in os.listdir(tool) if os.path.isdir(os.path.join(tool, d)))
    for d in dirs:
        if d not in stages:
            errors.append("tool/%s/: a folder that is no stage of tool/stages.cmake" % d)
    for s, deps in stages.items():
        if s not in dirs:
            errors.append("tool/stages.cmake: stage %s has no folder tool/%s/" % (s, s))
        for d in deps["PUBLIC"] + deps["PRIVATE"]:
            if d not in stages and d not in EXTERNALS:
                errors.append("tool/stages.cmake: %s uses %s, no stage or library" % (s, d))
    if errors:
        return
    used = {s: {"h": set(), "c": set()} for s in stages}
    for (s, f), found in uses(tool, stages).items():
        pub = set(stages[s]["PUBLIC"])
        may = pub | set(stages[s]["PRIVATE"])
        # a stage's internal header (NAME_int.h) is part of its .c files
        kind = "h" if f.endswith(".h") and not f.endswith("_int.h") else "c"
        for line, inc, t in found:
            if t is None:
                errors.append("tool/%s/%s:%d: %s is no header of tool/" % (s, f, line, inc))
            elif t == s:
                continue
            elif inc.strip("\"<>").endswith("_int.h"):
                errors.append("tool/%s/%s:%d: %s is internal to %s" % (s, f, line, inc, t))
            elif t not in may:
                errors.append("tool/%s/%s:%d: %s is %s's; %s may not use %s" %
                              (s, f, line, inc, t, s, t))
            elif kind == "h" and t not in pub:
                errors.append("tool/%s/%s:%d: %s in a header: %s must be PUBLIC to %s" %
                              (s, f, line, inc, t, s))
            if t:
                used[s][kind].add(t)
    for s, deps in stages.items():
        for d in deps["PUBLIC"]:
            if d not in used[s]["h"]:
                errors.append("tool/stages.cmake: %s: PUBLIC %s, but no header of %s "
                              "includes %s's%s" % (s, d, s, d,
                                                   " (PRIVATE, then)" if d in used[s]["c"]
                                                   else ""))
        for d in deps["PRIVATE"]:
            if d not in used[s]["c"] | used[s]["h"]:
                errors.append("tool/stages.cmake: %s: PRIVATE %s, never included" % (s, d))
    # A cycle: some stage reaches itself through its dependencies.
    state = {}

    def visit(s, path):
        if state.get(s) == 1:
            errors.append("tool/stages.cmake: a cycle: %s" % " -> ".join(path + [s]))
            return
        if state.get(s) == 2:
            return
        state[s] = 1
        for d in stages[s]["PUBLIC"] + stages[s]["PRIVATE"]:
            if d in stages:
                visit(d, path + [s])
        state[s] = 2

    for s in stages:
        visit(s, [])


def check_libs(libdir, stages, errors):
    """Symbols: who defines what, who needs what, per static library."""
    defined, needed = {}, {}
    for s in stages:
        path = os.path.join(libdir, "libzt_%s.a" % s)
        if not os.path.exists(path):
            errors.append("%s: missing (build the stage libraries first)" % path)
            continue
        nm = subprocess.run(["nm", path], check=True, capture_output=True, text=True).stdout
        member = "?"
        needed[s] = []
        for line in nm.splitlines():
            p = line.split()
            if line.endswith(":") and len(p) == 1:
                member = p[0][:-1]
            elif len(p) == 2 and p[0] == "U":
                needed[s].append((member, p[1]))
            elif len(p) == 3 and p[1] in "TDRBCGSVW":
                defined[p[2]] = s
    for s, syms in needed.items():
        may = set(stages[s]["PUBLIC"] + stages[s]["PRIVATE"])
        for member, sym in syms:
            t = defined.get(sym)
            if t and t != s and t not in may:
                errors.append("libzt_%s.a(%s): %s is %s's; %s may not use %s" %
                              (s, member, sym, t, s, t))


def check_doc(doc, readme, stages, errors):
    text = open(doc).read()
    at = text.find("## Which folder owns what")
    if at < 0:
        errors.append("%s: no '## Which folder owns what' section" % doc)
        return
    rows = {}
    for line in text[at:].split("\n## ", 1)[0].splitlines():
        m = re.match(r"\|\s*`([a-z]+)/`\s*\|.*\|([^|]*)\|\s*$", line)
        if m:
            say = re.sub(r"\([^)]*\)", "", m.group(2)).replace("`", "")
            rows[m.group(1)] = {w.strip() for w in say.split(",") if w.strip()} - {"libc"}
    for s, deps in stages.items():
        want = set(deps["PUBLIC"] + deps["PRIVATE"])
        if s not in rows:
            errors.append("%s: no row for %s/ in the folder table" % (doc, s))
        elif rows[s] != want:
            errors.append("%s: %s/ may use '%s'; tool/stages.cmake says '%s'" %
                          (doc, s, ", ".join(sorted(rows[s])), ", ".join(order(stages, want))))
    for s in rows:
        if s not in stages:
            errors.append("%s: a row for %s/, no stage" % (doc, s))
    if not re.search(r"^architecture\.md\s", open(readme).read(), re.M):
        errors.append("%s: does not list architecture.md" % readme)


def order(stages, names):
    """Stages in table order, then libraries."""
    return [s for s in stages if s in names] + sorted(n for n in names if n not in stages)


def derive(tool, stages):
    seen = {s: {"h": set(), "c": set()} for s in stages}
    for (s, f), found in uses(tool, stages).items():
        for _, _, t in found:
            if t and t != s:
                seen[s]["h" if f.endswith(".h") else "c"].add(t)
    for s in stages:
        pub = seen[s]["h"]
        print("zt_stage(%s PUBLIC %s PRIVATE %s)" % (s, " ".join(order(stages, pub)),
                                                     " ".join(order(stages, seen[s]["c"] - pub))))


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", default=os.path.join(root, "tool"))
    ap.add_argument("--doc", default=os.path.join(root, "docs", "architecture.md"))
    ap.add_argument("--readme", default=os.path.join(root, "docs", "README"))
    ap.add_argument("--libs", help="the build's tool/ directory: check the libraries' symbols")
    ap.add_argument("--derive", action="store_true")
    a = ap.parse_args()
    stages = parse_stages(os.path.join(a.tool, "stages.cmake"))
    if a.derive:
        derive(a.tool, stages)
        return 0
    errors = []
    check_code(a.tool, stages, errors)
    if a.libs:
        check_libs(a.libs, stages, errors)
    check_doc(a.doc, a.readme, stages, errors)
    for e in errors:
        print(e)
    if errors:
        return 1
    print("stages: %d, each including only what it may use" % len(stages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
