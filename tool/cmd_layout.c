// SPDX-License-Identifier: GPL-2.0-only
/* zerotax layout: not built yet (issue 5). */
#include "commands.h"

const char layout_help[] =
	"usage: zerotax layout [options]\n"
	"\n"
	"Not built yet (issue 5).\n";

int do_layout(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_not_built("layout", "issue 5");
}
