// SPDX-License-Identifier: GPL-2.0-only
/* zerotax report: not built yet (issue 7). */
#include "commands.h"

const char report_help[] =
	"usage: zerotax report [options]\n"
	"\n"
	"Not built yet (issue 7).\n";

int do_report(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_not_built("report", "issue 7");
}
