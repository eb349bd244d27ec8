// SPDX-License-Identifier: GPL-2.0-only
/* zerotax: find the stack auto-init and cache-line taxes on driver hot paths. */
#include <errno.h>
#include <string.h>

#include "commands.h"

int main(int argc, char **argv)
{
	struct zt_ctx ctx = {
		.argv0 = argv[0],
		.out = stdout,
		.err = stderr,
		.jobs = 1,
		.cli = true,
	};
	int ret = zt_main(&ctx, argc, argv);

	/* git-style: a write error on stdout (a full disk, a closed pipe) is an error. */
	if (fflush(stdout) || ferror(stdout)) {
		error("cannot write to stdout: %s", strerror(errno));
		return ZT_EXIT_INTERNAL;
	}
	return ret;
}
