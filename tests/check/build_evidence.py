#!/usr/bin/env python3
# check --evidence=build on the corpus: each file compiled by gcc-12 and
# clang-19 as a build would (-O2, auto-init zeroing, zerotax build-flags in
# the flags), then check reads what the build left and must report exactly
# what --evidence=<that compiler> reports by recompiling. Then what goes wrong
# in a real build: a file missing, a stale one, a build that zeroes nothing:
# each is said for its TU and the others go on.
#   build_evidence.py ZEROTAX CORPUS WORK GCC CLANG
import json
import os
import shutil
import subprocess
import sys

zerotax, corpus, work, gcc, clang = sys.argv[1:6]
corpus, work = os.path.abspath(corpus), os.path.abspath(work)
sources = sorted(f for f in os.listdir(corpus) if f.endswith(".c"))
failed = []


def fail(msg):
    print("build-evidence: FAIL: " + msg)
    failed.append(msg)


def check(db, evidence):
    p = subprocess.run([zerotax, "check", "-p", db, "--no-cache", "-j", "2",
                        "--evidence=" + evidence, "--format=json",
                        "--rules", os.path.join(corpus, "corpus.conf")],
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        fail("check --evidence=%s on %s: exit %d\n%s" % (evidence, db, p.returncode, p.stderr))
        return None, p.stderr
    return json.loads(p.stdout), p.stderr


def build(cc, name, zero=True):
    d = os.path.join(work, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "obj"))
    kind = "clang" if "clang" in os.path.basename(cc) else "gcc"
    flags = subprocess.run([zerotax, "build-flags", "--cc", kind], check=True,
                           capture_output=True, text=True).stdout.split()
    entries = []
    for src in sources:
        args = [cc, "-O2", "-g", "-I" + os.path.join(corpus, "include")]
        args += ["-ftrivial-auto-var-init=zero"] if zero else []
        args += flags + ["-c", "-o", "obj/" + src[:-2] + ".o", os.path.join(corpus, src)]
        subprocess.run(args, cwd=d, check=True)
        entries.append({"directory": d, "file": os.path.join(corpus, src), "arguments": args})
    json.dump(entries, open(os.path.join(d, "compile_commands.json"), "w"), indent=1)
    return d, kind


for cc in (gcc, clang):
    d, kind = build(cc, os.path.basename(cc))
    a, _ = check(d, "build")
    b, _ = check(d, kind)
    if a is None or b is None:
        continue
    if a["findings"] != b["findings"]:
        fa = {(f["file"], f["function"], f["symbol"], f.get("size")) for f in a["findings"]}
        fb = {(f["file"], f["function"], f["symbol"], f.get("size")) for f in b["findings"]}
        fail("%s: build evidence and recompiled evidence differ: only build: %s; only "
             "recompiled: %s" % (kind, sorted(fa - fb), sorted(fb - fa)))
    if a["run"].get("evidence_failed"):
        fail("%s: evidence failed: %s" % (kind, a["run"]["evidence_failed"]))
    print("build-evidence: %s: %d findings from the build's files, %d recompiled: %s" % (
        kind, len(a["findings"]), len(b["findings"]),
        "same" if a["findings"] == b["findings"] else "DIFFERENT"))

    # A missing record, a stale frame-size file: said for that TU alone.
    victim, stale = "ring_loop", "batch"
    for f in os.listdir(os.path.join(d, "obj")):
        if f.startswith(victim + ".") and (f.endswith(".optimized") or f.endswith(".opt.yaml")):
            os.unlink(os.path.join(d, "obj", f))
    os.utime(os.path.join(d, "obj", stale + ".su"), (0, 0))
    c, err = check(d, "build")
    if c is not None:
        bad = sorted(os.path.basename(e["file"]) if isinstance(e, dict) else str(e)
                     for e in c["run"].get("evidence_failed", []))
        for name, why in ((victim, "next to its object"), (stale, "older than the object")):
            if not any(name in line and why in line for line in err.splitlines()):
                fail("%s: no '%s' error for %s.c in:\n%s" % (kind, why, name, err))
        others = [f for f in c["findings"] if os.path.basename(f["file"]) not in
                  (victim + ".c", stale + ".c")]
        same = [f for f in a["findings"] if os.path.basename(f["file"]) not in
                (victim + ".c", stale + ".c")]
        if others != same:
            fail("%s: the other TUs' findings changed when two TUs lost their evidence" % kind)
        print("build-evidence: %s: with %s's record gone and %s's .su stale: %d evidence "
              "failures reported, the other files' findings unchanged" % (kind, victim, stale,
                                                                          len(bad)))

# A build without auto-init zeroing says nothing of it: an error, never a clean run.
d, kind = build(gcc, "no-zero", zero=False)
c, err = check(d, "build")
if c is not None and "does not zero stack variables" not in err:
    fail("a build without -ftrivial-auto-var-init=zero was not refused:\n" + err)
elif c is not None:
    print("build-evidence: a build without -ftrivial-auto-var-init=zero: refused per TU")
sys.exit(1 if failed else 0)
