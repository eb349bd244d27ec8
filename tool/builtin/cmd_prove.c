// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax prove: check -> fix -> build -> sparse -> differential test ->
 * bench -> report on the bundled reference driver (what `make demo` runs).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "parse-options.h"
#include "prove.h"

static const struct zt_usage prove_usage = {
	.usage = "zerotax prove [options]",
	.about =
	"On the bundled reference driver: run check on its compile database, rewrite a\n"
	"copy of its source with fix, build baseline and transformed shared objects\n"
	"(auto-init none/zero/pattern x each compiler), run sparse on both trees, run\n"
	"the differential test (rd-trace: byte-identical traces for every profile, XDP\n"
	"mode and RQ type), bench all variants of one compiler interleaved in one\n"
	"process (rd-bench), and write the report: the table on stdout, Markdown, HTML\n"
	"and an SVG chart under BUILD/report/.\n",
	.tail =
	"Exit codes: 0 proven; 1 the proof failed (traces differ, new sparse warning,\n"
	"nothing to fix); 2 usage; 3 input error (no driver, no build); 4 a step is not\n"
	"available or broke (the message names the step).\n"
	"See docs/prove.md.\n",
};

/* Only the compilers the variant build knows. */
static int parse_compilers(const char *list, struct zt_prove_opts *o)
{
	char *copy = xstrdup(list), *save = NULL, *tok;
	int ret = 0;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (strcmp(tok, "gcc-12") && strcmp(tok, "clang-19")) {
			ret = error("unknown compiler '%s' (gcc-12, clang-19)", tok);
			break;
		}
		o->compilers = xrealloc(o->compilers, (o->n_compilers + 1) * sizeof(char *));
		o->compilers[o->n_compilers++] = xstrdup(tok);
	}
	free(copy);
	if (!ret && !o->n_compilers)
		ret = error("--compilers needs at least one compiler");
	return ret;
}

static char *self_exe(const char *argv0)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n <= 0)
		return xstrdup(argv0);
	buf[n] = '\0';
	return xstrdup(buf);
}

int do_prove(struct zt_ctx *ctx, int argc, char **argv)
{
	struct zt_prove_opts o = {
		.source = "reference-driver",
		.build = "build",
		.rounds = 21,
		.packets = 500000,
		.trace_packets = 512,
		.callgrind = true,
	};
	const char *compilers = "gcc-12,clang-19";
	const struct zt_option opts[] = {
		ZT_OPT_STRING(0, "source", &o.source, "DIR",
			      "the driver's source (default: reference-driver)"),
		ZT_OPT_STRING(0, "build", &o.build, "DIR",
			      "the CMake build directory (default: build)"),
		ZT_OPT_BOOL(0, "quick", &o.quick,
			    "check, fix, build, differential test only (make test)"),
		ZT_OPT_BOOL(0, "no-bench", &o.no_bench, "everything but the bench"),
		ZT_OPT_UINT(0, "rounds", &o.rounds, "N", "bench rounds, 5 to 101 (default 21)", 5,
			    101, "a number from 5 to 101 (a median needs rounds; rd-bench keeps 101)"),
		ZT_OPT_UINT(0, "packets", &o.packets, "N",
			    "packets per bench round (default 500000)", 1000, 1000000000UL,
			    "a number from 1000 to 1000000000"),
		ZT_OPT_UINT(0, "trace-packets", &o.trace_packets, "N",
			    "packets per differential-test trace (default 512)", 1, 10000000UL,
			    "a positive number"),
		ZT_OPT_STRING(0, "compilers", &compilers, "LIST",
			      "comma-separated (default gcc-12,clang-19)"),
		ZT_OPT_SET_FALSE(0, "no-callgrind", &o.callgrind,
				 "skip instructions/packet (valgrind)"),
		ZT_OPT_JOBS(&o.jobs, "parallel make jobs (default: online CPUs)"),
		ZT_OPT_VERBOSE(&ctx->verbose, "print every command run"),
		ZT_OPT_END(),
	};
	struct zt_prove p;
	char *self = NULL;
	long ncpu;
	int first, ret = ZT_EXIT_USAGE;

	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	o.jobs = ncpu > 0 ? ncpu : 2;
	first = zt_parse_options(ctx, "prove", argc, argv, opts, &prove_usage, 0);
	if (first <= 0) {
		ret = first ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
		goto out;
	}
	if (first < argc) {
		error("unexpected argument '%s'; see 'zerotax prove --help'", argv[first]);
		goto out;
	}
	if (parse_compilers(compilers, &o))
		goto out;

	self = self_exe(ctx->argv0);
	o.self = self;
	ret = zt_prove_init(&p, ctx, &o);
	if (ret)
		goto out;
	ret = zt_prove_run(&p);
	zt_prove_release(&p);
out:
	for (size_t i = 0; i < o.n_compilers; i++)
		free(o.compilers[i]);
	free(o.compilers);
	free(self);
	return ret;
}
