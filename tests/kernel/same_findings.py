#!/usr/bin/env python3
# Two zerotax JSON results hold the same findings and the same run facts.
#   same_findings.py A.json B.json
import json
import sys

a, b = (json.load(open(p)) for p in sys.argv[1:3])
ok = True
if a["findings"] != b["findings"]:
    fa = {(f["file"], f["function"], f["symbol"]) for f in a["findings"]}
    fb = {(f["file"], f["function"], f["symbol"]) for f in b["findings"]}
    print("findings differ: only in %s: %s; only in %s: %s" % (
        sys.argv[1], sorted(fa - fb), sys.argv[2], sorted(fb - fa)), file=sys.stderr)
    ok = False
for key in sorted(set(a["run"]) | set(b["run"])):
    if a["run"].get(key) != b["run"].get(key):
        print("run.%s differs: %r vs %r" % (key, a["run"].get(key), b["run"].get(key)), file=sys.stderr)
        ok = False
print("same_findings: %d findings, run %s" % (len(a["findings"]), "equal" if ok else "differs"))
sys.exit(0 if ok else 1)
