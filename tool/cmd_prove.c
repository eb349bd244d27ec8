// SPDX-License-Identifier: GPL-2.0-only
/* zerotax prove: not built yet (issue 6). */
#include "commands.h"

const char prove_help[] =
	"usage: zerotax prove [options]\n"
	"\n"
	"Not built yet (issue 6).\n";

int do_prove(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_not_built("prove", "issue 6");
}
