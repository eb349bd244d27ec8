#!/usr/bin/env python3
# A compile database for 6.12 driver directories the kernel fixture does not
# build: every .c under each DIR, with the flags the fixture's build gave
# drivers/net/tun.c (same .config, same generated headers), then only the TUs
# those flags compile (gcc -fsyntax-only: files the .config leaves out fail).
# For measuring check and fix on code no rule was written from
# (docs/testbed.md, "Drivers outside the bed"). Writes nothing in the fixture.
#   scripts/unseen-db.py FIXTURE_612 OUT_DIR DIR...
#   (FIXTURE_612: ~/.cache/zerotax/kernel/6.12-<hash>; DIR relative to its src/)
import glob
import json
import os
import shlex
import subprocess
import sys

fixture, out_dir, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
src = os.path.join(fixture, "src")
tun = [e for e in json.load(open(os.path.join(fixture, "gcc/db/tun/compile_commands.json")))
       if e["file"].endswith("/tun.c")][0]
template = tun["arguments"] if "arguments" in tun else shlex.split(tun["command"])


def argv_for(path, rel_dir):
    rel = os.path.relpath(path, src)
    base = os.path.basename(rel)[:-2]
    out = []
    for a in template:
        if a.startswith("-Wp,-MMD"):
            continue		# its directory may not exist in the fixture's O=
        if a == os.path.join(src, "drivers/net/tun.c"):
            a = path
        elif a == "drivers/net/tun.o":
            a = rel[:-2] + ".o"
        elif a == "-I" + os.path.join(src, "drivers/net"):
            a = "-I" + os.path.join(src, os.path.dirname(rel))
        elif a == "-Idrivers/net":
            a = "-I" + os.path.join(src, rel_dir)
        a = a.replace('"tun"', '"%s"' % base).replace("kmod_tun", "kmod_" + base)
        out.append(a)
    return out


entries = []
for rel_dir in dirs:
    for path in sorted(glob.glob(os.path.join(src, rel_dir, "**/*.c"), recursive=True)):
        argv = argv_for(path, rel_dir)
        probe = list(argv)
        i = probe.index("-o")
        probe[i:i + 2] = ["-fsyntax-only"]
        r = subprocess.run(probe, cwd=tun["directory"], capture_output=True)
        if r.returncode:
            print("not built by this .config:", os.path.relpath(path, src))
            continue
        entries.append({"directory": tun["directory"], "file": path, "arguments": argv})
os.makedirs(out_dir, exist_ok=True)
with open(os.path.join(out_dir, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
print(len(entries), "TUs")
