#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scripts/check-stages.py fails on each planted break, and only on it.

    tests/house/planted.py SRC BUILD_TOOL_DIR

Each case copies tool/ and docs/ into a scratch directory, plants one break and
expects exit 1 with the line that names it; the unplanted copy must pass, so a
failure is the plant's, not the tree's. The libraries' symbols (slow: nm) are
read only where the case needs them.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

src, libs = sys.argv[1], sys.argv[2]
checker = os.path.join(src, "scripts", "check-stages.py")


def edit(path, old, new):
    text = open(path).read()
    if old not in text:
        sys.exit("planted: %s has no %r (the case needs updating)" % (path, old))
    open(path, "w").write(text.replace(old, new, 1))


def append(path, line):
    with open(path, "a") as f:
        f.write(line + "\n")


# name, plant(root), expected exit, a regular expression the output must match
CASES = [
    ("unplanted", lambda r: None, 0, r"^stages: \d+, each including only what it may use$"),
    ("c-file", lambda r: append(r + "/tool/ast/compdb.c", '#include "finding.h"'), 1,
     r'^tool/ast/compdb\.c:\d+: "finding\.h" is findings\'s; ast may not use findings$'),
    ("header-private", lambda r: edit(r + "/tool/ast/compdb.h", "#define ZT_COMPDB_H\n",
                                      "#define ZT_COMPDB_H\n#include <clang-c/Index.h>\n"), 1,
     r"^tool/ast/compdb\.h:\d+: <clang-c/Index\.h> in a header: libclang must be PUBLIC to ast$"),
    ("internal", lambda r: append(r + "/tool/hot/callgraph.c", '#include "facts_int.h"'), 1,
     r'^tool/hot/callgraph\.c:\d+: "facts_int\.h" is internal to ast$'),
    ("library", lambda r: append(r + "/tool/findings/checks.c", "#include <clang-c/Index.h>"), 1,
     r"^tool/findings/checks\.c:\d+: <clang-c/Index\.h> is libclang's; "
     r"findings may not use libclang$"),
    ("unused", lambda r: edit(r + "/tool/stages.cmake", "zt_stage(findings PUBLIC lib jansson)",
                              "zt_stage(findings PUBLIC lib jansson PRIVATE ast)"), 1,
     r"^tool/stages\.cmake: findings: PRIVATE ast, never included$"),
    ("cycle", lambda r: edit(r + "/tool/stages.cmake", "zt_stage(lib PUBLIC jansson)",
                             "zt_stage(lib PUBLIC jansson PRIVATE builtin)"), 1,
     r"^tool/stages\.cmake: a cycle: .*builtin -> lib"),
    ("symbol", lambda r: edit(r + "/tool/stages.cmake", "PRIVATE ast findings fix)",
                              "PRIVATE ast findings)"), 1,
     r"^libzt_prove\.a\(\S+\): zt_fix_\w+ is fix's; prove may not use fix$"),
    ("doc", lambda r: edit(r + "/docs/architecture.md", "| lib, libclang |", "| lib |"), 1,
     r"architecture\.md: ast/ may use 'lib'; tool/stages\.cmake says 'lib, libclang'$"),
    ("readme", lambda r: edit(r + "/docs/README", "architecture.md ", "house.md "), 1,
     r"README: does not list architecture\.md$"),
]

failed = 0
for name, plant, want_rc, want in CASES:
    with tempfile.TemporaryDirectory(prefix="zerotax-planted-") as root:
        shutil.copytree(os.path.join(src, "tool"), root + "/tool")
        shutil.copytree(os.path.join(src, "docs"), root + "/docs")
        plant(root)
        r = subprocess.run([sys.executable, checker, "--tool", root + "/tool",
                            "--doc", root + "/docs/architecture.md",
                            "--readme", root + "/docs/README"] +
                           (["--libs", libs] if name in ("unplanted", "symbol") else []),
                           capture_output=True, text=True)
        out = r.stdout.replace(root + "/", "")
        ok = r.returncode == want_rc and re.search(want, out, re.M)
        print("%s: %s (exit %d)" % ("ok" if ok else "FAILED", name, r.returncode))
        if not ok:
            print(out + r.stderr)
            failed = 1
sys.exit(failed)
