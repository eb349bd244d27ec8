#!/usr/bin/env python3
# Side by side, on a shared and noisy machine: the clang-19 -fsyntax-only floor
# over every TU of a compile database (in turn, one core) and one zerotax check
# command (-j 1, the other core), started together so both see the same noise.
# Prints wall and CPU seconds of each and their ratio; measures, never asserts.
#   bench_pair.py CLANG DBDIR LABEL -- ZEROTAX ARGS...
#   bench_pair.py CLANG DBDIR LABEL --floor-of ZEROTAX SUBDIR
# The second form measures the floor over SUBDIR's database (a part of DBDIR's)
# against the whole floor: what parsing only those TUs can cost at the least.
import json
import os
import subprocess
import sys
import time

def floor_commands(zerotax, clang, dbdir):
    """clang -fsyntax-only on the command lines check gives libclang."""
    out = subprocess.run([zerotax, "compile-args", "-p", dbdir], check=True,
                         capture_output=True, text=True).stdout
    for e in json.loads(out):
        yield e["directory"], [clang, "-fsyntax-only"] + e["arguments"][1:]


def run_floor(zerotax, clang, dbdir):
    """The floor as one child process, so its rusage is its own."""
    commands = list(floor_commands(zerotax, clang, dbdir))
    pid = os.fork()
    if pid == 0:
        rc = 0
        for cwd, argv in commands:
            rc |= subprocess.call(argv, cwd=cwd, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        os._exit(1 if rc else 0)
    return pid


def main():
    clang, dbdir, label = sys.argv[1:4]
    t0 = time.monotonic()
    if "--floor-of" in sys.argv:
        zerotax, subdir = sys.argv[sys.argv.index("--floor-of") + 1:][:2]
        floor = run_floor(zerotax, clang, dbdir)
        check = run_floor(zerotax, clang, subdir)
    else:
        cmd = sys.argv[sys.argv.index("--") + 1:]
        floor = run_floor(cmd[0], clang, dbdir)
        check = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL).pid
    res = {}
    while len(res) < 2:
        pid, status, ru = os.wait4(-1, 0)
        if pid in (floor, check):
            res[pid] = (time.monotonic() - t0, ru.ru_utime + ru.ru_stime,
                        os.waitstatus_to_exitcode(status))
    fw, fc, frc = res[floor]
    cw, cc, crc = res[check]
    if frc != 0 or crc not in (0, 1):
        sys.exit("bench_pair: floor exit %d, check exit %d" % (frc, crc))
    print("  %-34s %7.1f s wall %7.1f s CPU" % ("clang-19 -fsyntax-only (floor)", fw, fc))
    print("  %-34s %7.1f s wall %7.1f s CPU  = %.2fx wall, %.2fx CPU of the floor" %
          (label, cw, cc, cw / fw, cc / fc))


if __name__ == "__main__":
    main()
