#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Rewrite the generated options sections of the doc pages from the option tables.

    scripts/options-doc.py build/tool/zerotax

Each page carries, per command, a block
    <!-- zerotax CMD --options-doc -->
    ```text
    ...what `zerotax CMD --options-doc` prints...
    ```
and tests/unit/builtin/test_frontend.c fails when one is out of step.
"""
import os
import subprocess
import sys

PAGES = {"check": "check", "layout": "layout", "fix": "fix", "prove": "prove",
         "report": "ci", "merge": "ci", "diff": "ci",
         "compile-args": "check", "compile-db": "compile-db"}

zerotax = sys.argv[1]
docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs")
for cmd, page in PAGES.items():
    path = os.path.join(docs, page + ".md")
    text = open(path).read()
    marker = "<!-- zerotax %s --options-doc -->\n```text\n" % cmd
    at = text.find(marker)
    if at < 0:
        sys.exit("%s: no '%s' block" % (path, marker.splitlines()[0]))
    end = text.index("```", at + len(marker))
    block = subprocess.run([zerotax, cmd, "--options-doc"], check=True,
                           capture_output=True, text=True).stdout
    text = text[:at + len(marker)] + block + text[end:]
    open(path, "w").write(text)
