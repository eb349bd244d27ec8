// SPDX-License-Identifier: GPL-2.0-only
/* zerotax fix: not built yet (issue 6). */
#include "commands.h"

const char fix_help[] =
	"usage: zerotax fix [options]\n"
	"\n"
	"Not built yet (issue 6).\n";

int do_fix(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_not_built("fix", "issue 6");
}
