#!/usr/bin/env python3
# Helpers of the signal cases (check_signals.py, prove_signals.py,
# fix_signals.py): a compiler that stops where the test wants it and says so
# with a marker file (no sleep-and-hope), and what must hold afterwards.
import json
import os
import shutil
import signal
import subprocess
import sys
import time

# The stopping compiler: gcc-12's compiler proper (cc1) found first through
# COMPILER_PATH (zerotax runs gcc-12 by its absolute path, gcc looks there
# for its subprograms). It runs the real cc1, except for a compile whose
# arguments contain $ZT_STOP_AT: there it writes its pid to a marker in
# $ZT_MARKERS (atomically: written, then renamed) and waits to be killed.
WRAPPER = """#!/bin/sh
case " $* " in
*"$ZT_STOP_AT"*)
	echo $$ > "$ZT_MARKERS/$$.tmp" && mv "$ZT_MARKERS/$$.tmp" "$ZT_MARKERS/$$"
	exec sleep 3600 ;;
esac
exec {real} "$@"
"""


# Stopped by one of these, zerotax ends by the signal itself once it has
# cleaned up and said so (a shell loop then stops at Ctrl-C); a crash or a
# SIGKILL of the worker is an exit with 128 + N. A shell sees 128 + N either way.
STOP_SIGNALS = (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE)


def expected_rc(sig):
    """What Popen.returncode is: -N for a death by signal N."""
    return -sig if sig in STOP_SIGNALS else 128 + sig


def shell_status(rc):
    """$? in a shell: 128 + N for a death by signal N."""
    return 128 - rc if rc < 0 else rc


def die(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def make_wrapper(work, stop_at):
    """WORK/libexec/cc1 (the stopping compiler) and WORK/markers; the env to run with."""
    gcc = shutil.which("gcc-12")
    if not gcc:
        die("gcc-12 is needed")
    real = subprocess.run([gcc, "-print-prog-name=cc1"], capture_output=True, text=True,
                          check=True).stdout.strip()
    libexec = os.path.join(work, "libexec")
    markers = os.path.join(work, "markers")
    os.makedirs(libexec, exist_ok=True)
    shutil.rmtree(markers, ignore_errors=True)
    os.makedirs(markers)
    path = os.path.join(libexec, "cc1")
    with open(path, "w") as f:
        f.write(WRAPPER.format(real=real))
    os.chmod(path, 0o755)
    os.makedirs(os.path.join(work, "tmp"), exist_ok=True)
    env = dict(os.environ, COMPILER_PATH=libexec, ZT_STOP_AT=stop_at, ZT_MARKERS=markers,
               TMPDIR=os.path.join(work, "tmp"))
    return env


def stopped_pids(env):
    d = env["ZT_MARKERS"]
    return [int(open(os.path.join(d, m)).read()) for m in os.listdir(d)
            if not m.endswith(".tmp")]


def wait_stopped(p, env, name, limit=600):
    """Block until a compiler is stopped at the point (its marker is there).

    The limit is a hang guard only: the run fails when zerotax ends first or
    never gets there, it never signals at a guessed time."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        pids = stopped_pids(env)
        if pids:
            return pids
        if p.poll() is not None:
            out, err = p.communicate()
            die(f"{name}: zerotax ended (exit {p.returncode}) before a compiler "
                f"stopped:\n{err}")
        time.sleep(0.01)
    p.kill()
    die(f"{name}: no compiler reached {env['ZT_STOP_AT']}")


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def users_of(path):
    """Processes whose command line names @path."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if path.encode() in f.read():
                    found.append(int(pid))
        except OSError:
            pass
    return found


def describe(pid):
    """pid, parent, state and command line of a process, for a failure message."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        return f"{pid} (parent {fields[1]}, state {fields[0]}): {cmd}"
    except OSError:
        return f"{pid} (gone)"


def signal_it(p, sig):
    """SIGINT as a terminal's Ctrl-C: to the whole group; the others to zerotax alone."""
    if sig == signal.SIGINT:
        os.killpg(p.pid, sig)
    else:
        os.kill(p.pid, sig)


def guard_line(err):
    """The guard's one line (prove prints progress lines before it)."""
    lines = [ln for ln in err.splitlines() if ln.startswith("zerotax: ")]
    return lines[-1] if lines else ""


def check_after(name, sig, rc, out, err, env, pids, line_re, json_mode=False, command=None):
    """128 + sig, the line, TMPDIR empty, the stopped compilers and all users gone."""
    import re

    line = guard_line(err)
    print(f"{name}: exit {shell_status(rc)}{' (by the signal)' if rc < 0 else ''}: {line}")
    leftover = [p for p in pids if alive(p)]
    for p in leftover:
        os.kill(p, signal.SIGKILL)  # do not leave them to the next test
    if rc != expected_rc(sig):
        die(f"{name}: returncode {rc}, expected {expected_rc(sig)}\n{err}")
    if not re.fullmatch(line_re, line):
        die(f"{name}: line '{line}' does not match '{line_re}'\n{err}")
    if leftover:
        die(f"{name}: stopped compiler(s) still running: {leftover}")
    tmp = env["TMPDIR"]
    left = os.listdir(tmp)
    if left:
        die(f"{name}: left in TMPDIR: {left}")
    users = [u for u in users_of(tmp) if u != os.getpid()]
    if users:
        said = [describe(u) for u in users]
        for u in users:
            os.kill(u, signal.SIGKILL)  # do not leave them to the next test
        die(f"{name}: processes still use {tmp}: {said}")
    if json_mode:
        try:
            doc = json.loads(out)
        except ValueError as e:
            die(f"{name}: stdout is not one JSON document ({e}):\n{out}")
        want = line.split(": ", 2)[2]
        if doc.get("command") != command or doc.get("exit_code") != shell_status(rc) or \
                doc.get("error") != want:
            die(f"{name}: JSON error object {doc}, expected command {command}, "
                f"exit_code {shell_status(rc)}, error '{want}'")
        print(f"  JSON: {json.dumps(doc)}")
