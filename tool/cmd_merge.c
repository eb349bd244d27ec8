// SPDX-License-Identifier: GPL-2.0-only
/* zerotax merge: not built yet (issue 7). */
#include "commands.h"

const char merge_help[] =
	"usage: zerotax merge [options]\n"
	"\n"
	"Not built yet (issue 7).\n";

int do_merge(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_not_built("merge", "issue 7");
}
