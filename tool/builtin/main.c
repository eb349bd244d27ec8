// SPDX-License-Identifier: GPL-2.0-only
/* zerotax: find the stack auto-init and cache-line taxes on driver hot paths. */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "commands.h"

/*
 * A guarded run stopped by SIGINT, SIGTERM, SIGHUP, SIGPIPE (or SIGQUIT,
 * SIGUSR1/2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ; exit code
 * 128 + N, guard.h) ends by that signal once everything is said, as git and
 * make do: a shell still sees 128 + N, and a shell loop stops at Ctrl-C
 * (bash goes on after a child that exits 130 by itself).
 */
static void end_by_signal(int code)
{
	static const int stop_signals[] = { SIGHUP,  SIGINT,  SIGTERM,	SIGPIPE, SIGQUIT, SIGUSR1,
					    SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ };
	sigset_t set;

	for (size_t i = 0; i < ARRAY_SIZE(stop_signals); i++) {
		if (code != 128 + stop_signals[i])
			continue;
		signal(stop_signals[i], SIG_DFL);
		sigemptyset(&set);
		sigaddset(&set, stop_signals[i]);
		raise(stop_signals[i]);
		sigprocmask(SIG_UNBLOCK, &set, NULL);	/* the guard's, blocked until now */
	}
}

int main(int argc, char **argv)
{
	struct zt_ctx ctx = {
		.argv0 = argv[0],
		.out = stdout,
		.err = stderr,
		.jobs = 1,
		.cli = true,
	};
	int ret;

	zt_tmpdir_absolute();
	ret = zt_main(&ctx, argc, argv);

	/* git-style: a write error on stdout (a full disk, a closed pipe) is an error. */
	if (fflush(stdout) || ferror(stdout)) {
		error("cannot write to stdout: %s", strerror(errno));
		return ZT_EXIT_INTERNAL;
	}
	fflush(stderr);
	end_by_signal(ret);
	return ret;
}
