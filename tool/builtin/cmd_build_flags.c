// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax build-flags [--cc gcc|clang]: the flags that make a normal build
 * leave the compiler's auto-init evidence next to each object, for
 * check --evidence=build (make KCFLAGS="$(zerotax build-flags --cc gcc)").
 */
#include <string.h>

#include "commands.h"
#include "evidence.h"
#include "parse-options.h"

static const struct zt_usage build_flags_usage = {
	.usage = "zerotax build-flags [--cc gcc|clang]",
	.about =
	"Print, on one line, the compiler flags that make a build leave what check\n"
	"--evidence=build reads next to each object x.o: the frame sizes (x.su) and\n"
	"the auto-init zeroing that survived optimization (gcc: x.c.NNNt.optimized;\n"
	"clang: x.opt.yaml). They add files, never change the code generated. Use\n"
	"them with a kernel built with CONFIG_INIT_STACK_ALL_ZERO:\n"
	"  make KCFLAGS=\"$(zerotax build-flags --cc gcc)\" drivers/net/...\n"
	"clang's records carry source locations only with debug info (-g, as\n"
	"CONFIG_DEBUG_INFO gives).\n",
	.tail = "Exit status: 0, or 2 for a compiler other than gcc or clang.\n",
	.examples =
	"$ make KCFLAGS=\"$(zerotax build-flags --cc gcc)\"\n"
	"  a build that keeps check's evidence next to each object\n",
};

static int opt_cc(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	(void)ctx;
	if (!strcmp(arg, "gcc"))
		*(enum zt_compiler *)opt->data = ZT_CC_GCC;
	else if (!strcmp(arg, "clang"))
		*(enum zt_compiler *)opt->data = ZT_CC_CLANG;
	else
		return error("--cc wants gcc or clang, not '%s'", arg);
	return 0;
}

int do_build_flags(struct zt_ctx *ctx, int argc, char **argv)
{
	/* Kbuild's default compiler */
	enum zt_compiler cc = ZT_CC_GCC;
	const struct zt_option opts[] = {
		ZT_OPT_CALLBACK(0, "cc", &cc, "COMPILER",
				"the build's compiler: gcc (default, as Kbuild's) or clang",
				opt_cc),
		ZT_OPT_END(),
	};
	const char *const *flags;
	int first;

	first = zt_parse_options(ctx, "build-flags", argc, argv, opts, &build_flags_usage, 0);
	if (first <= 0)
		return first ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
	if (first < argc) {
		error("build-flags: unexpected argument '%s'", argv[first]);
		return ZT_EXIT_USAGE;
	}
	flags = zt_evidence_build_flags(cc);
	for (size_t i = 0; flags[i]; i++)
		fprintf(ctx->out, "%s%s", i ? " " : "", flags[i]);
	fputc('\n', ctx->out);
	return ZT_EXIT_CLEAN;
}
