#!/usr/bin/env python3
# Issue 30, items 5 and 6: run by kill-signals.cmake.
# usage: kill_signals.py ZEROTAX WORK CHECK_CORPUS FIX_CORPUS FIX_JSON_IN [--namespace]
#
# item 6: SIGQUIT, SIGUSR1 and SIGALRM to the process group while check's
#   evidence compile is stopped (sigcase.py's cc1): zerotax ends by the
#   signal, nothing left in TMPDIR, no process of the run left.
# item 5: kill -9 of zerotax itself (the parent a CI runner started) while a
#   compile is stopped: no worker or compiler left, no scratch.
# --namespace (run inside `unshare -fp --mount-proc`, where this script is
#   pid 1 and adopts every orphan): `fix --in-place` killed with SIGKILL at 50
#   random points of its run; after each, every file of the tree is either
#   the original or the whole rewrite, no process but us is left, TMPDIR is
#   empty, and no journal or kept original is left.
import glob
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sigcase  # noqa: E402

zerotax, work, corpus, fix_corpus, fix_json = sys.argv[1:6]
namespace = "--namespace" in sys.argv[6:]


def gone_within(cond, limit):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def start_check(name, stop_at="zt-evidence-"):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = sigcase.make_wrapper(work, stop_at)
    sources = sorted(glob.glob(os.path.join(corpus, "*.c")))
    args = ["--evidence=gcc", "--no-cache", "--rules", os.path.join(corpus, "corpus.conf"),
            "--", *sources, f"-I{corpus}/include"]
    p = subprocess.Popen([zerotax, "check", *args], cwd=work, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    return p, env, sigcase.wait_stopped(p, env, name)


def nothing_left(name, env, pids):
    tmp = env["TMPDIR"]
    ok = gone_within(lambda: not os.listdir(tmp) and
                     not [u for u in sigcase.users_of(tmp) if u != os.getpid()] and
                     not [q for q in pids if sigcase.alive(q)], 10)
    if not ok:
        users = [sigcase.describe(u) for u in sigcase.users_of(tmp) if u != os.getpid()]
        for q in pids + sigcase.users_of(tmp):
            if q != os.getpid():
                try:
                    os.kill(q, signal.SIGKILL)
                except OSError:
                    pass
        sigcase.die(f"{name}: left: TMPDIR {os.listdir(tmp)}, processes {users}")


def group_signal(sig):
    name = f"{signal.Signals(sig).name} to the process group during check"
    p, env, pids = start_check(name)
    os.killpg(p.pid, sig)
    out, err = p.communicate(timeout=120)
    line = sigcase.guard_line(err)
    print(f"{name}: exit {sigcase.shell_status(p.returncode)}: {line}")
    if p.returncode not in (-sig, 128 + sig):
        sigcase.die(f"{name}: returncode {p.returncode}\n{err}")
    nothing_left(name, env, pids)


def kill_parent_check():
    name = "kill -9 of zerotax during check's evidence compile"
    p, env, pids = start_check(name)
    os.kill(p.pid, signal.SIGKILL)
    p.communicate(timeout=120)
    print(f"{name}: exit {sigcase.shell_status(p.returncode)}")
    nothing_left(name, env, pids)
    print(f"{name}: no worker, compiler or scratch left")


def tree_sum(root):
    h = hashlib.sha256()
    for dirpath, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            h.update(os.path.relpath(path, root).encode() + b"\0")
            with open(path, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


def fix_setup():
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "src"))
    os.makedirs(os.path.join(work, "tmp"))
    shutil.copytree(fix_corpus, os.path.join(work, "src", "safe"))
    with open(fix_json) as f:
        text = f.read().replace("@CORPUS@", os.path.join(work, "src"))
    with open(os.path.join(work, "safe.json"), "w") as f:
        f.write(text)
    env = dict(os.environ, TMPDIR=os.path.join(work, "tmp"),
               XDG_STATE_HOME=os.path.join(work, "state"))
    return env


def reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def others():
    reap()
    me = os.getpid()
    return [int(p) for p in filter(str.isdigit, os.listdir("/proc"))
            if int(p) != me and sigcase.alive(int(p))]


FIX = ["fix", "-i", "safe.json", "-s", "src/safe", "--in-place"]


def random_kills(n=50):
    env = fix_setup()
    before = tree_sum(os.path.join(work, "src", "safe"))
    t0 = time.monotonic()
    r = subprocess.run([zerotax, *FIX], cwd=work, env=env, capture_output=True, text=True)
    took = time.monotonic() - t0
    if r.returncode != 0:
        sigcase.die(f"the healthy fix --in-place failed ({r.returncode}):\n{r.stderr}")
    rewritten = tree_sum(os.path.join(work, "src", "safe"))
    if rewritten == before:
        sigcase.die("the healthy fix --in-place changed nothing")
    seed = int(os.environ.get("ZT_KILL_SEED", time.time_ns() % 100000))
    rng = random.Random(seed)
    print(f"fix --in-place takes {took:.2f} s; {n} kills at random points (seed {seed})")
    seen = {"original": 0, "rewritten": 0}
    for i in range(n):
        env = fix_setup()
        at = rng.uniform(0, took * 1.05)
        p = subprocess.Popen([zerotax, *FIX], cwd=work, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(at)
        p.kill()
        p.wait()
        if not gone_within(lambda: not others(), 20):
            left = [sigcase.describe(q) for q in others()]
            for q in others():
                os.kill(q, signal.SIGKILL)
            sigcase.die(f"kill {i} at {at:.3f} s: processes left: {left}")
        now = tree_sum(os.path.join(work, "src", "safe"))
        state = "original" if now == before else "rewritten" if now == rewritten else None
        left = os.listdir(env["TMPDIR"])
        leftovers = glob.glob(os.path.join(work, "src", "**", "*.zerotax-*"), recursive=True) + \
            glob.glob(os.path.join(work, "src", "**", ".zerotax-*"), recursive=True)
        if state is None:
            sigcase.die(f"kill {i} at {at:.3f} s: the tree is half rewritten")
        if left or leftovers:
            sigcase.die(f"kill {i} at {at:.3f} s: left: TMPDIR {left}, tree {leftovers}")
        seen[state] += 1
    print(f"{n} kills of the parent: {seen['original']} left the original tree, "
          f"{seen['rewritten']} the whole rewrite; never a worker, scratch or journal left")


if namespace:
    if os.getpid() != 1:
        sigcase.die("--namespace: not pid 1 of a PID namespace")
    random_kills()
else:
    for s in (signal.SIGQUIT, signal.SIGUSR1, signal.SIGALRM):
        group_signal(s)
    kill_parent_check()
