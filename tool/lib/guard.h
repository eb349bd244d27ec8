/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * guard: a command that leaves nothing behind when it is interrupted.
 *
 * zt_guard_begin() forks. The command goes on in the child (the worker), with
 * TMPDIR pointing at a private directory made under the user's $TMPDIR, so
 * every scratch file of ours and of the programs we run (spatch, compilers,
 * sparse, a nested zerotax) lands in it. The parent (the guard) does nothing
 * but wait, with SIGINT, SIGTERM and SIGHUP blocked and taken by sigwaitinfo():
 * no signal handler and no global state in either process.
 *
 * On one of those signals the guard kills the worker, then every process the
 * worker left (the guard is their subreaper: spawned programs run in process
 * groups of their own, out of reach of the terminal's signal), calls
 * @recover (fix: the write-back journal, rolled back or completed; prove: its
 * build copies), removes the private directory, says one line on stderr and
 * returns 128 + the signal's number as the exit code (main() then ends by a
 * stop signal itself, so that a shell loop stops at Ctrl-C). The line is also the
 * run's last error (zt_last_error()), so the front end's JSON error object
 * carries it in JSON mode, as for any other error.
 *
 * When the worker ends by itself the guard removes the private directory and
 * returns the worker's code, with no error recorded: the worker said
 * everything. A worker that crashed (a signal other than SIGKILL) is
 * recovered as for an interruption; a worker killed by SIGKILL (the OOM
 * killer, kill -9) is left as a kill of the whole run would leave it (fix:
 * the next zerotax command on the tree finds the journal).
 *
 * Stop signals are SIGINT, SIGTERM, SIGHUP and the others whose default
 * action ends a process (SIGQUIT, SIGUSR1/2, SIGALRM, SIGVTALRM, SIGXCPU,
 * SIGXFSZ). The worker, and every program zt_spawn() starts, has
 * PR_SET_PDEATHSIG (SIGKILL), the parent checked after setting it; a small
 * janitor child of the guard takes over when the guard itself is killed
 * (kill -9, the OOM killer): it ends every process of the run (those that
 * carry its private TMPDIR), recovers and removes the private directory.
 * The janitor is started first and makes that directory itself, so a kill
 * at any moment of the start leaves no directory without an owner.
 *
 * The guard returns with those signals still blocked: a second Ctrl-C does
 * not cut its last words short, and the process only has to exit.
 */
#ifndef ZT_GUARD_H
#define ZT_GUARD_H

#include <stdbool.h>
#include <sys/types.h>

struct zt_guard_opts {
	const char *what;	/* the command, for the message */
	/* put the tree right; *said: what was done (NULL: nothing to do). 0 or -1. */
	int (*recover)(void *arg, char **said);
	void *arg;
	/* what a SIGKILL of the worker leaves behind, for the message (NULL: nothing) */
	const char *killed;
};

/*
 * Returns 0 in the worker; 1 in the guard once everything below it has ended,
 * with the exit code in *code; -1 with error() said when the private
 * directory cannot be made or the fork fails (nothing runs).
 */
int zt_guard_begin(const struct zt_guard_opts *o, int *code);

/*
 * Is @pid a live process (not a zombie: an exit nobody has reaped yet is
 * no writer)? *start gets when it started, field 22 of /proc/PID/stat.
 */
bool zt_process_alive(pid_t pid, unsigned long long *start);

#endif /* ZT_GUARD_H */
