// SPDX-License-Identifier: GPL-2.0-only
/* zerotax check: not built yet (issue 4). */
#include "commands.h"

const char check_help[] =
	"usage: zerotax check [options]\n"
	"\n"
	"Not built yet (issue 4).\n";

int do_check(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_not_built("check", "issue 4");
}
