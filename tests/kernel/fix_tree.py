#!/usr/bin/env python3
# Helpers of tests/kernel/fix.cmake (JSON is clumsy in cmake):
#   db IN_DB OUT_DIR SRC OBJ NEW_SRC NEW_OBJ NAME...  the entries of NAME (file basenames),
#                                 paths moved from the fixture to the test's copies
#   findings CHECK.json           print "function" per finding of the three receive functions
#   only-rx CHECK.json            keep those findings alone, in place
#   patched PATCH                 print the files a patch changes, one a line
import json
import re
import sys

RX = ("mlx5e_skb_from_cqe_linear", "mlx5e_skb_from_cqe_nonlinear",
      "mlx5e_skb_from_cqe_mpwrq_linear")


def db(args):
    src_db, out, src, obj, nsrc, nobj, *names = args
    with open(src_db + "/compile_commands.json") as f:
        entries = json.load(f)
    keep = []
    for e in entries:
        if e["file"].rsplit("/", 1)[-1] not in names:
            continue
        for k in ("command", "directory", "file"):
            if k in e:
                e[k] = e[k].replace(src, nsrc).replace(obj, nobj)
        keep.append(e)
    with open(out + "/compile_commands.json", "w") as f:
        json.dump(keep, f, indent=1)


def findings(args):
    with open(args[0]) as f:
        d = json.load(f)
    run = d["run"]
    # "nothing reported" must mean "looked at everything": every TU parsed, evidence ran.
    if run["unparsed"] or run["evidence_failed"] or run["files"] < 2:
        sys.exit("check did not look at everything: %s" % json.dumps(run))
    for x in d["findings"]:
        if x["function"] in RX:
            print(x["function"])


def only_rx(args):
    """Keep the receive functions' findings: fix is given those alone."""
    with open(args[0]) as f:
        d = json.load(f)
    d["findings"] = [x for x in d["findings"] if x["function"] in RX]
    with open(args[0], "w") as f:
        json.dump(d, f, indent=1)


def patched(args):
    with open(args[0]) as f:
        for line in f:
            m = re.match(r"^\+\+\+ b/(\S+)", line)
            if m:
                print(m.group(1))


{"db": db, "findings": findings, "only-rx": only_rx,
 "patched": patched}[sys.argv[1]](sys.argv[2:])
