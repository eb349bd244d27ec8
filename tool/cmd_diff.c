// SPDX-License-Identifier: GPL-2.0-only
/* zerotax diff: not built yet (issue 7). */
#include "commands.h"

const char diff_help[] =
	"usage: zerotax diff [options]\n"
	"\n"
	"Not built yet (issue 7).\n";

int do_diff(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_not_built("diff", "issue 7");
}
