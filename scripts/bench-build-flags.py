#!/usr/bin/env python3
# What zerotax build-flags cost a build, measured side by side: each TU of a
# compile database compiled as the build compiles it, and again with the
# flags added, alternating (A B B A ...) so the machine's load hits both
# alike; CPU time (user + sys of the compiler and its children) per pair.
# Prints the ratio with and without the flags per round: median and spread.
#   scripts/bench-build-flags.py ZEROTAX DB_DIR [ROUNDS [MAX_TUS]]
# Objects go to a scratch directory: the tree is never written.
import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile

zerotax, db = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
max_tus = int(sys.argv[4]) if len(sys.argv) > 4 else 0
entries = json.load(open(os.path.join(db, "compile_commands.json")))
if max_tus:
    entries = entries[:max_tus]
scratch = tempfile.mkdtemp(prefix="zt-bench-flags-")


def args_of(e):
    if "arguments" in e:
        return list(e["arguments"])
    return shlex.split(e["command"])


def compiler_kind(a):
    return "clang" if "clang" in os.path.basename(a[0]) else "gcc"


def compile_cpu(e, extra, n):
    a = args_of(e)
    # the object and its side files go to scratch, not next to the tree's
    i = a.index("-o")
    a[i + 1] = os.path.join(scratch, "%d.o" % n)
    dep = [k for k, w in enumerate(a) if w.startswith("-Wp,-MMD,")]
    for k in dep:
        a[k] = "-Wp,-MMD," + os.path.join(scratch, "%d.d" % n)
    a[1:1] = extra
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(a, cwd=e["directory"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


kind = compiler_kind(args_of(entries[0]))
flags = subprocess.run([zerotax, "build-flags", "--cc", kind], check=True,
                       capture_output=True, text=True).stdout.split()
ratios = []
try:
    for r in range(rounds):
        plain = with_flags = 0.0
        for n, e in enumerate(entries):
            order = ((), flags) if (n + r) % 2 == 0 else (flags, ())
            for extra in order:
                t = compile_cpu(e, list(extra), n)
                if extra:
                    with_flags += t
                else:
                    plain += t
        ratios.append(with_flags / plain)
        print("round %d: %d TUs, %.1f s CPU plain, %.1f s with the flags: %.3fx" % (
            r + 1, len(entries), plain, with_flags, with_flags / plain))
finally:
    shutil.rmtree(scratch, ignore_errors=True)
print("build-flags (%s, %s): %.3fx the build's CPU (median of %d rounds, spread %.3f-%.3f)" % (
    kind, " ".join(flags), statistics.median(ratios), len(ratios), min(ratios), max(ratios)))
