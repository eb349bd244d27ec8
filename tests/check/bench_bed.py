#!/usr/bin/env python3
# make bench-check on a kernel tree's compile database: what check costs
# against the clang-19 -fsyntax-only floor of the same TUs, by CPU, with
# recompiled evidence and with the build's own, and whether the pre-pass and
# the evidence source change any finding. Measures and compares; the only
# failure is a finding that differs between modes (or a command that fails).
#   bench_bed.py ZEROTAX CLANG DBDIR WORK CC
# CC is the compiler the tree was built with (gcc or clang): its build
# evidence is compared with the same compiler's recompiled evidence.
#
# The floor runs beside the two timed checks (one core each, started
# together: both see the same noise); the identity runs are not timed.
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_pair import run_floor  # noqa: E402


def check(zerotax, dbdir, args, out):
    return subprocess.Popen([zerotax, "check", "-p", dbdir, "--no-cache", "-j", "1",
                             "--format=json"] + args,
                            stdout=open(out, "w"), stderr=subprocess.DEVNULL).pid


def wait_all(pids):
    t0 = time.monotonic()
    res = {}
    while len(res) < len(pids):
        pid, status, ru = os.wait4(-1, 0)
        if pid in pids:
            res[pid] = (time.monotonic() - t0, ru.ru_utime + ru.ru_stime,
                        os.waitstatus_to_exitcode(status))
    for pid, (_, _, rc) in res.items():
        if rc not in (0, 1):
            sys.exit("bench-check: a command exited %d" % rc)
    return res


def load(path):
    with open(path) as f:
        return json.load(f)


def findings(doc):
    """What a finding says, without the run's own words (evidence source, notes)."""
    keys = ("rule", "file", "line", "function", "symbol", "size", "frequency")
    return sorted(json.dumps({k: f.get(k) for k in keys}, sort_keys=True)
                  for f in doc["findings"])


def main():
    zerotax, clang, dbdir, work, cc = sys.argv[1:6]
    os.makedirs(work, exist_ok=True)
    n = len(load(os.path.join(dbdir, "compile_commands.json")))
    print("bench-check: %s, %d translation units (%s tree)" % (dbdir, n, cc))

    # Untimed: every TU parsed (how many hold hot code), the pre-pass's
    # choice, and the tree compiler's recompiled evidence.
    runs = {
        "off-none": ["--evidence=none", "--prefilter=off"],
        "on-none": ["--evidence=none"],
        "on-" + cc: ["--evidence=" + cc],
    }
    for label, args in runs.items():
        wait_all([check(zerotax, dbdir, args, os.path.join(work, label + ".json"))])
    off = load(os.path.join(work, "off-none.json"))
    on = load(os.path.join(work, "on-none.json"))
    hot_tus = off["run"]["hot"]["translation_units"]
    parsed = on["run"]["prefilter"]["parsed"]
    print("  TUs holding a hot function (--prefilter=off): %d; the pre-pass parses %d"
          " (%.2fx)" % (hot_tus, parsed, parsed / max(hot_tus, 1)))
    pf = on["run"]["prefilter"]
    for what in ("field_calls", "field_stores"):
        if what in pf:
            print("  pre-pass %s: %d by the struct the tokens show, %d by name alone" %
                  (what.replace("_", " "), pf[what]["by_struct"], pf[what]["by_name"]))

    # Timed, each beside its own floor run.
    timed = {"on-both": ["--evidence=both"], "on-build": ["--evidence=build"]}
    for label, args in timed.items():
        floor = run_floor(zerotax, clang, dbdir)
        pid = check(zerotax, dbdir, args, os.path.join(work, label + ".json"))
        res = wait_all([floor, pid])
        fw, fc, _ = res[floor]
        cw, cc_cpu, _ = res[pid]
        print("  check %-18s %7.1f s CPU (%6.1f s wall) = %.2fx CPU of the floor"
              " beside it (%.1f s CPU, %.1f s wall)" %
              (" ".join(args), cc_cpu, cw, cc_cpu / fc, fc, fw))

    same = [("--prefilter=off", "off-none", "on-none"),
            ("recompiled %s evidence" % cc, "on-" + cc, "on-build")]
    bad = 0
    for what, a, b in same:
        fa = findings(load(os.path.join(work, a + ".json")))
        fb = findings(load(os.path.join(work, b + ".json")))
        ok = fa == fb
        bad += not ok
        print("  findings %s: %s and %s, %d and %d" %
              ("identical" if ok else "DIFFER", a, b, len(fa), len(fb)))
        if not ok:
            for line in sorted(set(fa) ^ set(fb)):
                print("    %s %s" % ("only " + (a if line in fa else b), line))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
