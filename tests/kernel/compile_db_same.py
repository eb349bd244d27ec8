#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Does zerotax compile-db's database hold the commands of a build's?

    compile_db_same.py OURS.json THEIRS.json [PREFIX...]

THEIRS is what a build left (Kbuild's .cmd files, through the kernel's
gen_compile_commands.py): "command" strings, split here as a shell would.
Each TU is matched by its source file; the argv must be the same word for
word once each database's own objtree (its "directory") is read as one
name: the output paths are the only thing allowed to differ. With PREFIX,
only THEIRS' sources below those paths (relative to the source tree of the
first entry's file, or absolute) are expected. Prints the counts and every
difference; exits 1 when there is one.
"""
import json
import shlex
import sys


def argv(e):
    words = e["arguments"] if "arguments" in e else shlex.split(e["command"])
    d = e["directory"].rstrip("/")
    return [w.replace(d, "<objtree>") for w in words]


def main():
    ours = {e["file"]: e for e in json.load(open(sys.argv[1]))}
    theirs = {e["file"]: e for e in json.load(open(sys.argv[2]))}
    prefixes = sys.argv[3:]
    if prefixes:
        theirs = {f: e for f, e in theirs.items()
                  if any(("/" + p.strip("/") + "/") in f or f.endswith("/" + p.strip("/"))
                         for p in prefixes)}
    missing = sorted(set(theirs) - set(ours))
    extra = sorted(set(ours) - set(theirs))
    differ = []
    for f in sorted(set(ours) & set(theirs)):
        a, b = argv(ours[f]), argv(theirs[f])
        if a != b:
            differ.append((f, a, b))
    print("compile-db: %d TUs, build: %d, same argv: %d, differ: %d, only the build's: %d, "
          "only ours: %d" % (len(ours), len(theirs),
                             len(set(ours) & set(theirs)) - len(differ), len(differ),
                             len(missing), len(extra)))
    for f in missing:
        print("  only the build's: " + f)
    for f in extra:
        print("  only compile-db's: " + f)
    for f, a, b in differ[:20]:
        sa, sb = set(a), set(b)
        print("  differ: %s\n    ours only: %s\n    build only: %s" % (
            f, [w for w in a if w not in sb], [w for w in b if w not in sa]))
        if sa == sb:
            print("    (same words, another order)")
    return 1 if missing or extra or differ else 0


if __name__ == "__main__":
    sys.exit(main())
