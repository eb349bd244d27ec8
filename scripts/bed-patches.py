#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The 6.12 test bed's patches, built and checked again (issue 31, by hand).

    scripts/bed-patches.py CHECK.json WORK [--cc gcc|clang] [--zerotax BIN]

CHECK.json is check's JSON for the bed's tree (kernel/bed-check-CC writes it,
build/tests/kernel-bed/check-CC.json). In WORK (emptied first): fix writes the
series (--format-patch --signoff), the tree's checkpatch.pl --strict reads
each patch, the patches go into a copy of the source (hard links; patch
replaces each file it changes, so the fixture is never written), the
kernel's make rebuilds the bed's drivers into a copy of the object tree, and
check reads the rebuilt copy with the build's evidence and with none. It
prints what a maintainer would ask: is checkpatch quiet, was every object
rebuilt, and does check still report any finding fix applied. Exit 1 when
one of those fails. Not in CI: the whole run takes about 10 minutes on 2 cores.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = ["drivers/net/ethernet/mellanox/mlx5/core/", "drivers/net/ethernet/mellanox/mlx4/",
           "drivers/net/ethernet/intel/ice/", "drivers/net/ethernet/intel/i40e/",
           "drivers/net/ethernet/intel/ixgbe/", "drivers/net/ethernet/intel/igc/",
           "drivers/net/ethernet/broadcom/bnxt/", "drivers/net/virtio_net.o",
           "drivers/net/veth.o", "drivers/net/tun.o"]


def fixture_env():
    out = subprocess.run([os.path.join(HERE, "kernel-tree.sh"), "env", "6.12"],
                         check=True, capture_output=True, text=True).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def run(argv, **kw):
    print("+", " ".join(argv[:4]), "...", file=sys.stderr)
    return subprocess.run(argv, **kw)


def applied_of(fix_out, src):
    """(file relative to the tree, local) of each finding fix applied, and their count."""
    got, n = set(), 0
    for line in fix_out.splitlines():
        m = re.match(r"(\S+?):\d+: applied: .* (\w+) in \w+\(\)", line)
        if m:
            got.add((os.path.relpath(m.group(1), src), m.group(2)))
            n += 1
    return got, n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("check_json")
    ap.add_argument("work")
    ap.add_argument("--cc", default="gcc", choices=["gcc", "clang"])
    ap.add_argument("--zerotax", default=os.path.join(HERE, "..", "build", "tool", "zerotax"))
    a = ap.parse_args()
    env = fixture_env()
    src, obj = env["KERNEL_SRC"], env["KERNEL_%s_OBJ" % a.cc.upper()]
    kcflags = env["KERNEL_%s_KCFLAGS" % a.cc.upper()]
    zt, w = os.path.abspath(a.zerotax), os.path.abspath(a.work)
    shutil.rmtree(w, ignore_errors=True)
    os.makedirs(w)
    fix = run([zt, "fix", "--input", a.check_json, "-p", obj + "/db/all", "-s", src, "-j", "2",
               "--no-sparse", "--format-patch", w + "/patches", "--signoff",
               "--author", "zerotax test <zerotax-test@example.org>"],
              capture_output=True, text=True)
    applied, n_applied = applied_of(fix.stdout, src)
    patches = sorted(p for p in os.listdir(w + "/patches") if not p.startswith("0000-"))
    run(["cp", "-al", src, w + "/src"], check=True)
    run(["cp", "-a", obj, w + "/obj"], check=True)
    noisy = []
    for p in patches:
        path = os.path.join(w, "patches", p)
        run(["patch", "-s", "-p1", "-d", w + "/src", "-i", path], check=True)
        cp = run(["perl", w + "/src/scripts/checkpatch.pl", "--strict", "--no-tree", "-q", path],
                 capture_output=True, text=True)
        if cp.returncode or cp.stdout.strip():
            noisy.append(p)
            print(cp.stdout, file=sys.stderr)
    stamp = time.time()
    time.sleep(1)
    cc = "gcc-12" if a.cc == "gcc" else "clang-19"
    mk = run(["make", "-s", "-C", w + "/src", "O=" + w + "/obj", "ARCH=x86_64", "CC=" + cc,
              "HOSTCC=gcc-12", "KCFLAGS=" + kcflags, "-j2"] + TARGETS,
             capture_output=True, text=True)
    objs, rebuilt = 0, 0
    for t in TARGETS:
        d = os.path.join(w, "obj", t)
        files = [d] if t.endswith(".o") else \
            [os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs
             if f.endswith(".o") and not f.endswith(".mod.o")]
        objs += len(files)
        rebuilt += sum(os.path.getmtime(f) > stamp for f in files if os.path.exists(f))
    db = w + "/db"
    os.makedirs(db)
    run(["python3", w + "/src/scripts/clang-tools/gen_compile_commands.py", "-d", w + "/obj",
         "-o", db + "/compile_commands.json", w + "/obj/drivers/net", w + "/obj/net"], check=True)
    with open(db + "/compile_commands.json") as f:
        cmds = json.load(f)
    drop = set(kcflags.split())
    for e in cmds:
        if "arguments" in e:
            e["arguments"] = [x for x in e["arguments"] if x not in drop]
        if "command" in e:
            e["command"] = " ".join(x for x in e["command"].split(" ") if x not in drop)
    with open(db + "/compile_commands.json", "w") as f:
        json.dump(cmds, f, indent=1)
    left = {}
    for ev in ("build", "none"):
        out = run([zt, "check", "-p", db, "--evidence=" + ev, "-j", "2", "--no-cache",
                   "--format=json"], capture_output=True, text=True).stdout
        found = json.loads(out)["findings"] if out.strip() else []
        left[ev] = [(os.path.relpath(f["file"], w + "/src"), f["line"], f["symbol"])
                    for f in found]
    print("fix: %d applied, %d patches (exit %d)" % (n_applied, len(patches), fix.returncode))
    print("checkpatch --strict: %s" % (", ".join(noisy) if noisy else "nothing on any patch"))
    print("make: exit %d, %d of %d objects rebuilt, %d lines of output" %
          (mk.returncode, rebuilt, objs, len((mk.stdout + mk.stderr).splitlines())))
    bad = bool(noisy) or mk.returncode != 0 or rebuilt != objs or not patches
    for ev, found in left.items():
        still = [f for f in found if (f[0], f[2]) in applied]
        print("check --evidence=%s afterwards: %d findings, %d of them applied by fix" %
              (ev, len(found), len(still)))
        for f in found:
            print("  %s:%d %s%s" % (f[0], f[1], f[2], "  <- applied" if f in still else ""))
        bad |= bool(still)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
