#!/usr/bin/env python3
# SIGINT and SIGTERM during `zerotax prove`'s build step (issue 17): run by
# prove-signals.cmake. usage: prove_signals.py ZEROTAX WORK SRC BUILD
#
# prove --quick on the bundled reference driver, with a build directory of
# its own (WORK/build, whose reference-driver/ is the real build's): check
# and fix run, then the variant build's compiler stops at its first object
# in BUILD/prove/obj/ and says so with a marker; the signal goes to the
# process group (SIGINT, a terminal's Ctrl-C) or to zerotax alone (SIGTERM).
# Each time: zerotax ends by the signal (a shell sees 128 + N), the
# guard's line, BUILD/prove (the build copies) gone, nothing left in TMPDIR,
# no process left.
import os
import re
import shutil
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sigcase  # noqa: E402

zerotax, work, src, build = sys.argv[1:5]
LINE = (r"zerotax: warning: prove interrupted by {sig}: scratch removed; "
        r"the build copies in {prove} removed")


def run_case(sig):
    name = f"{signal.Signals(sig).name} during prove's build"
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "build"))
    os.symlink(os.path.join(build, "reference-driver"),
               os.path.join(work, "build", "reference-driver"))
    env = sigcase.make_wrapper(work, "/prove/obj/")
    prove_dir = os.path.join(os.path.realpath(work), "build", "prove")
    p = subprocess.Popen([zerotax, "prove", "--quick", "--compilers", "gcc-12", "-j", "2",
                          "--source", os.path.join(src, "reference-driver"),
                          "--build", os.path.join(work, "build")],
                         cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    pids = sigcase.wait_stopped(p, env, name)
    if not os.path.isdir(os.path.join(prove_dir, "obj")):
        p.kill()
        sigcase.die(f"{name}: stopped, but {prove_dir}/obj is not there")
    sigcase.signal_it(p, sig)
    out, err = p.communicate(timeout=120)
    sigcase.check_after(name, sig, p.returncode, out, err, env, pids,
                        LINE.format(sig=signal.Signals(sig).name, prove=re.escape(prove_dir)))
    if os.path.exists(prove_dir):
        sigcase.die(f"{name}: the build copies are left: {os.listdir(prove_dir)}")


for s in (signal.SIGINT, signal.SIGTERM):
    run_case(s)
