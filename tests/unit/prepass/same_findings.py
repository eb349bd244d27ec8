#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""same_findings.py A.json B.json [MIN_SKIPPED]: check's JSON with and without
the pre-pass must be the same, byte for byte, except run.prefilter (how many
TUs were parsed and why) and run.hot.parsed_not_hot (the parsed TUs that hold
no hot code): the two members that say which TUs were parsed, the one thing
the pre-pass changes. Exit 1 with the first differing line otherwise; prints
what the pre-pass did."""
import json
import sys


def without_prefilter(text):
    """The document's text with the run.prefilter member cut out."""
    key = text.find('"prefilter": {')
    if key < 0:
        sys.exit("no run.prefilter")
    depth, end = 0, key
    for end in range(text.index("{", key), len(text)):
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        if not depth:
            break
    start = text.rindex(",", 0, key)  # the comma before the member
    return text[:start] + text[end + 1:], json.loads(text[text.index("{", key):end + 1])


def without_parsed_not_hot(text):
    """The document's text with run.hot.parsed_not_hot (an array of strings) cut out."""
    key = text.find('"parsed_not_hot": [')
    if key < 0:
        return text
    end = text.index("]", key)
    start = text.rindex(",", 0, key)
    return text[:start] + text[end + 1:]


def main():
    texts = [open(p).read() for p in sys.argv[1:3]]
    cut = [without_prefilter(without_parsed_not_hot(t)) for t in texts]
    on = cut[0][1] if cut[0][1].get("enabled") else cut[1][1]
    n = len(json.loads(texts[0]).get("findings", []))
    print("pre-pass: %d of %d TUs parsed, %d skipped, %s round(s); %d finding(s)"
          % (on["parsed"], on["translation_units"], on["skipped"], on.get("rounds"), n))
    if cut[0][0] != cut[1][0]:
        for i, (x, y) in enumerate(zip(cut[0][0].splitlines(), cut[1][0].splitlines())):
            if x != y:
                sys.exit("differ at line %d:\n  %s\n  %s" % (i + 1, x, y))
        sys.exit("differ in length")
    if len(sys.argv) > 3 and on["skipped"] < int(sys.argv[3]):
        sys.exit("the pre-pass skipped %d TUs, expected at least %s" % (on["skipped"], sys.argv[3]))
    print("byte-identical but for run.prefilter")


main()
