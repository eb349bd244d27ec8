#!/usr/bin/env python3
# SIGINT, SIGTERM and SIGHUP during `zerotax check` (issue 17), while its
# evidence compiles run: run by check-signals.cmake.
# usage: check_signals.py ZEROTAX WORK CORPUS
#
# gcc's compiler proper (a cc1 first in COMPILER_PATH, sigcase.py) stops at
# the evidence compile and says so with a marker; then the signal goes to the
# process group (SIGINT, as a terminal's Ctrl-C) or to zerotax alone. Each
# time: zerotax ends by the signal (a shell sees 128 + N), one line, nothing
# left in TMPDIR, the stopped compilers and every other process working in
# TMPDIR gone; in JSON mode stdout is the JSON error object. Cases: text mode
# -j 2 (SIGINT, SIGTERM), --format=json (SIGINT), --kbuild (SIGHUP, as a
# closed terminal sends to make C=1); a closed pipe (| head): 141, nothing
# said, nothing left; and Ctrl-C in a shell loop of checks stops the loop.
import glob
import os
import shutil
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sigcase  # noqa: E402

zerotax, work, corpus = sys.argv[1:4]
LINE = r"zerotax: warning: check interrupted by {sig}: scratch removed"


def run_case(name, sig, args, json_mode=False):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = sigcase.make_wrapper(work, "zt-evidence-")
    p = subprocess.Popen([zerotax, "check", *args], cwd=work, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    pids = sigcase.wait_stopped(p, env, name)
    sigcase.signal_it(p, sig)
    out, err = p.communicate(timeout=120)
    sigcase.check_after(name, sig, p.returncode, out, err, env, pids,
                        LINE.format(sig=signal.Signals(sig).name), json_mode, "check")


sources = sorted(glob.glob(os.path.join(corpus, "*.c")))
common = ["--evidence=gcc", "--no-cache", "--rules", os.path.join(corpus, "corpus.conf")]
tail = ["--", *sources, f"-I{corpus}/include"]
run_case("SIGINT during check's evidence compiles", signal.SIGINT, [*common, "-j", "2", *tail])
run_case("SIGTERM during check's evidence compiles", signal.SIGTERM, [*common, *tail])
run_case("SIGINT during check --format=json", signal.SIGINT,
         [*common, "--format=json", *tail], json_mode=True)
# Kbuild's CHECK: our options, then the compiler's arguments for one file
run_case("SIGHUP during check --kbuild", signal.SIGHUP,
         ["--kbuild", "--evidence=gcc", "--no-cache", "--results", os.path.join(work, "r.jsonl"),
          "--hot", "rx_poll", "-O2", f"-I{corpus}/include", "-c",
          os.path.join(corpus, "escape.c")])


def closed_pipe():
    """zerotax check | head: the reader is gone; exit 141 and nothing said."""
    name = "check's stdout a closed pipe"
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = sigcase.make_wrapper(work, "no compile stops here")
    r, w = os.pipe()
    os.close(r)
    p = subprocess.run([zerotax, "check", "--evidence=none", *common[1:], *tail], cwd=work,
                       env=env, stdout=w, stderr=subprocess.PIPE, text=True, timeout=240)
    os.close(w)
    print(f"{name}: exit {sigcase.shell_status(p.returncode)} (by the signal): "
          f"{sigcase.guard_line(p.stderr)}")
    if p.returncode != -signal.SIGPIPE or sigcase.guard_line(p.stderr):
        sigcase.die(f"{name}: returncode {p.returncode}, expected -SIGPIPE and nothing "
                    f"said:\n{p.stderr}")
    if os.listdir(env["TMPDIR"]):
        sigcase.die(f"{name}: left in TMPDIR: {os.listdir(env['TMPDIR'])}")


def shell_loop():
    """Ctrl-C in a shell loop of checks stops the loop, not only the check.

    bash goes on after a child that exits 130 by itself; zerotax ends by the
    signal once it has cleaned up, so the loop ends there."""
    name = "SIGINT during a shell loop of checks"
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = sigcase.make_wrapper(work, "zt-evidence-")
    loop = f"for i in 1 2; do \"$0\" \"$@\" >/dev/null; echo \"after check $i: $?\"; done"
    p = subprocess.Popen(["bash", "-c", loop, zerotax, "check", *common, *tail], cwd=work,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    pids = sigcase.wait_stopped(p, env, name)
    os.killpg(p.pid, signal.SIGINT)
    try:
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        # the loop went on to a second check, stopped at the same point
        os.killpg(p.pid, signal.SIGKILL)
        for pid in sigcase.stopped_pids(env):
            os.kill(pid, signal.SIGKILL)
        sigcase.die(f"{name}: the loop went on after the check: {p.communicate()[0]!r}")
    sigcase.check_after(name, signal.SIGINT, p.returncode, "", err, env, pids,
                        LINE.format(sig="SIGINT"))
    if out:
        sigcase.die(f"{name}: the loop went on: {out!r}")


closed_pipe()
shell_loop()
