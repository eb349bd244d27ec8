#!/usr/bin/env python3
# Two zerotax JSON results hold the same findings and the same run facts.
#   same_findings.py A.json B.json [RESULTS.jsonl DIR]
# With a Kbuild results file, the TUs it holds outside DIR (what make checks on
# its way, e.g. scripts/mod/empty.c while preparing modpost) are listed and
# allowed in A's run.files; B, a compile database of DIR, cannot have them.
import json
import sys

a, b = (json.load(open(p)) for p in sys.argv[1:3])
ok = True
extra = 0
if len(sys.argv) > 4:
    for line in open(sys.argv[3]):
        f = json.loads(line)["cmd"]["file"]
        if not f.startswith(sys.argv[4].rstrip("/") + "/"):
            print("same_findings: make also checked %s" % f)
            extra += 1
    a["run"]["files"] -= extra
if a["findings"] != b["findings"]:
    fa = {(f["file"], f["function"], f["symbol"]) for f in a["findings"]}
    fb = {(f["file"], f["function"], f["symbol"]) for f in b["findings"]}
    print("findings differ: only in %s: %s; only in %s: %s" % (
        sys.argv[1], sorted(fa - fb), sys.argv[2], sorted(fb - fa)), file=sys.stderr)
    ok = False
# run.prefilter says what check's token pre-pass skipped; Kbuild mode sees one
# TU at a time and never uses it, and the findings are the same either way;
# so run.hot.parsed_not_hot (what was parsed for nothing) differs too.
for r in (a["run"], b["run"]):
    if isinstance(r.get("hot"), dict):
        r["hot"].pop("parsed_not_hot", None)
for key in sorted((set(a["run"]) | set(b["run"])) - {"prefilter"}):
    if a["run"].get(key) != b["run"].get(key):
        print("run.%s differs: %r vs %r" % (key, a["run"].get(key), b["run"].get(key)), file=sys.stderr)
        ok = False
print("same_findings: %d findings, run %s" % (len(a["findings"]), "equal" if ok else "differs"))
sys.exit(0 if ok else 1)
