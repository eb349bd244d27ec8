#!/usr/bin/env python3
# SIGINT, SIGTERM and SIGHUP during `zerotax fix` (issue 17): run by
# fix-signals.cmake. usage: fix_signals.py ZEROTAX WORK CORPUS_TREE FIXTURE_IN
#
# Two points per signal:
#   running:    the rewrite is under way: a program we run (spatch, a
#               compiler) works in the scratch tree in TMPDIR;
#               the signal goes to the process group (SIGINT, as a terminal's
#               Ctrl-C does) or to zerotax alone (SIGTERM, SIGHUP)
#   write-back: strace delivers the signal to the worker at its 3rd rename of
#               --in-place (the journal's, then one file replaced)
# a crash (SIGABRT at the 3rd rename), and SIGTERM during the --output
# copy (the unfinished copy is removed too); each time: 128 + the signal as
# a shell sees it (a stop signal: zerotax ends by it; a crash: exit 134),
# the first line of stderr, nothing of ours left in TMPDIR, no process left
# that works in the scratch, and the
# tree byte-identical to before (SHA-256 of every file). With --format=json
# (SIGINT while running, the crash during write-back) stdout is also the JSON
# error object: the same line, the command, the exit code.
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sigcase  # noqa: E402

zerotax, work, corpus, fixture_in = sys.argv[1:5]


def die(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def tree_sum(top):
    out = []
    for d, _, files in sorted(os.walk(top)):
        for f in sorted(files):
            p = os.path.join(d, f)
            with open(p, "rb") as fh:
                out.append((os.path.relpath(p, top), hashlib.sha256(fh.read()).hexdigest()))
    return out


def setup():
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "src"))
    os.makedirs(os.path.join(work, "tmp"))
    shutil.copytree(corpus, os.path.join(work, "src", "safe"))
    with open(fixture_in) as f:
        text = f.read().replace("@CORPUS@", os.path.join(work, "src"))
    with open(os.path.join(work, "safe.json"), "w") as f:
        f.write(text)


def env():
    e = dict(os.environ, TMPDIR=os.path.join(work, "tmp"))
    e["ASAN_OPTIONS"] = "detect_leaks=0"  # LeakSanitizer cannot run under ptrace
    return e


def scratch_tree():
    tmp = os.path.join(work, "tmp")
    for run in os.listdir(tmp):
        d = os.path.join(tmp, run)
        for sub in os.listdir(d) if os.path.isdir(d) else []:
            if sub.startswith("zerotax-fix-") and os.path.isdir(os.path.join(d, sub, "tree")):
                return d
    return None


def check_json(name, rc, out, first):
    """stdout is one JSON document: the error object of the line said on stderr."""
    try:
        doc = json.loads(out)
    except ValueError as e:
        die(f"{name}: stdout is not one JSON document ({e}):\n{out}")
    want = first.split(": ", 2)[2]
    status = sigcase.shell_status(rc)
    if doc.get("command") != "fix" or doc.get("exit_code") != status or doc.get("error") != want:
        die(f"{name}: JSON error object {doc}, expected exit_code {status}, error '{want}'")
    print(f"  JSON: {json.dumps(doc)}")


def check_after(name, sig, rc, err, before, run_dir, out=None):
    first = err.splitlines()[0] if err else ""
    print(f"{name}: exit {sigcase.shell_status(rc)}{' (by the signal)' if rc < 0 else ''}: "
          f"{first}")
    if out is not None:
        check_json(name, rc, out, first)
    if rc != sigcase.expected_rc(sig):
        die(f"{name}: returncode {rc}, expected {sigcase.expected_rc(sig)}\n{err}")
    if "scratch removed" not in first:
        die(f"{name}: first line '{first}'")
    # an interruption is the user's doing, a crash is ours
    severity = "error" if sig == signal.SIGABRT else "warning"
    if not first.startswith(f"zerotax: {severity}: "):
        die(f"{name}: first line '{first}', expected a {severity}")
    left = os.listdir(os.path.join(work, "tmp"))
    if left:
        die(f"{name}: left in TMPDIR: {left}")
    if run_dir and sigcase.users_of(run_dir):
        die(f"{name}: processes still use {run_dir}: {sigcase.users_of(run_dir)}")
    junk = [f for _, _, fs in os.walk(os.path.join(work, "src")) for f in fs
            if ".zerotax-" in f]
    if junk:
        die(f"{name}: left in the tree: {junk}")
    if tree_sum(os.path.join(work, "src", "safe")) != before:
        die(f"{name}: the tree is not byte-identical to before")


def while_running(sig, json_mode=False):
    setup()
    before = tree_sum(os.path.join(work, "src", "safe"))
    fmt = ["--format=json"] if json_mode else []
    p = subprocess.Popen([zerotax, "fix", "-i", "safe.json", "-s", "src/safe", "--in-place",
                          *fmt], cwd=work, env=env(),
                         stdout=subprocess.PIPE if json_mode else subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    run_dir = None
    # the point: a program of ours (spatch, a compiler) works in the scratch
    while p.poll() is None and time.monotonic() < deadline:
        run_dir = scratch_tree()
        if run_dir and sigcase.users_of(run_dir):
            break
        time.sleep(0.005)
    if not run_dir or not sigcase.users_of(run_dir):
        die(f"{signal.Signals(sig).name}: no program ran in the scratch (exit {p.poll()})")
    kids = [open(f"/proc/{k}/cmdline", "rb").read().split(b"\0")[0].decode()
            for k in sigcase.users_of(run_dir)]
    if sig == signal.SIGINT:
        os.killpg(p.pid, sig)  # the terminal signals the whole foreground group
    else:
        os.kill(p.pid, sig)
    out, err = p.communicate(timeout=120)
    print(f"  (signalled while {', '.join(os.path.basename(k) for k in kids)} ran)")
    check_after(f"{signal.Signals(sig).name} while running{' (JSON)' if json_mode else ''}",
                sig, p.returncode, err, before, run_dir, out if json_mode else None)


def during_write_back(sig, strace, json_mode=False):
    setup()
    before = tree_sum(os.path.join(work, "src", "safe"))
    name = signal.Signals(sig).name
    fmt = ["--format=json"] if json_mode else []
    p = subprocess.run([strace, "-f", "-o", "/dev/null", "-e", "trace=rename", "-e",
                        f"inject=rename:signal={name}:when=3",
                        zerotax, "fix", "-i", "safe.json", "-s", "src/safe", "--in-place", *fmt],
                       cwd=work, env=env(),
                       stdout=subprocess.PIPE if json_mode else subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, timeout=240)
    # strace ends as its tracee did: by the signal, or exit 128 + a crash's
    check_after(f"{name} during write-back{' (JSON)' if json_mode else ''}", sig, p.returncode,
                p.stderr, before, None, p.stdout if json_mode else None)
    if "rolled back an interrupted write-back" not in p.stderr:
        die(f"{name} during write-back: no rollback said:\n{p.stderr}")


def during_output_copy(strace):
    """SIGTERM as the --output copy writes types.h: the unfinished copy goes too."""
    setup()
    before = tree_sum(os.path.join(work, "src", "safe"))
    out = os.path.join(work, "out")
    p = subprocess.run([strace, "-f", "-o", "/dev/null", "-P", os.path.join(out, "types.h"),
                        "-e", "trace=openat", "-e", "inject=openat:signal=SIGTERM:when=1",
                        zerotax, "fix", "-i", "safe.json", "-s", "src/safe", "--output", out,
                        "--diff"],
                       cwd=work, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, timeout=240)
    check_after("SIGTERM during the --output copy", signal.SIGTERM, p.returncode, p.stderr,
                before, None)
    if os.path.exists(out) or "unfinished --output" not in p.stderr:
        die(f"the unfinished --output copy is left:\n{p.stderr}")


strace = shutil.which("strace")
if not strace:
    die("strace is needed (Debian package strace)")
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    while_running(s)
    during_write_back(s, strace)
# a worker that crashes half-way (SIGABRT: the sanitizers leave it alone) is
# recovered the same way
during_write_back(signal.SIGABRT, strace)
during_output_copy(strace)
# JSON mode: the same, and the error object on stdout
while_running(signal.SIGINT, json_mode=True)
during_write_back(signal.SIGABRT, strace, json_mode=True)
