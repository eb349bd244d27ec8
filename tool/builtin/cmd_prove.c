// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax prove: check -> fix -> build -> sparse -> differential test ->
 * bench -> report on the bundled reference driver (what `make demo` runs).
 */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "prove.h"

const char prove_help[] =
	"usage: zerotax prove [options]\n"
	"\n"
	"On the bundled reference driver: run check on its compile database, rewrite a\n"
	"copy of its source with fix, build baseline and transformed shared objects\n"
	"(auto-init none/zero/pattern x each compiler), run sparse on both trees, run\n"
	"the differential test (rd-trace: byte-identical traces for every profile, XDP\n"
	"mode and RQ type), bench all variants of one compiler interleaved in one\n"
	"process (rd-bench), and write the report: the table on stdout, Markdown, HTML\n"
	"and an SVG chart under BUILD/report/.\n"
	"\n"
	"options:\n"
	"  --source DIR         the driver's source (default: reference-driver)\n"
	"  --build DIR          the CMake build directory (default: build)\n"
	"  --quick              check, fix, build, differential test only (make test)\n"
	"  --no-bench           everything but the bench\n"
	"  --rounds N           bench rounds, 5 to 101 (default 21)\n"
	"  --packets N          packets per bench round (default 500000)\n"
	"  --trace-packets N    packets per differential-test trace (default 512)\n"
	"  --compilers LIST     comma-separated (default gcc-12,clang-19)\n"
	"  --no-callgrind       skip instructions/packet (valgrind)\n"
	"  -j N                 parallel make jobs (default: online CPUs)\n"
	"  -v, --verbose        print every command run\n"
	"\n"
	"Exit codes: 0 proven; 1 the proof failed (traces differ, new sparse warning,\n"
	"nothing to fix); 2 usage; 3 input error (no driver, no build); 4 a step is not\n"
	"available or broke (the message names the step).\n"
	"See docs/prove.md.\n";

enum {
	OPT_SOURCE = 256,
	OPT_BUILD,
	OPT_QUICK,
	OPT_NO_BENCH,
	OPT_ROUNDS,
	OPT_PACKETS,
	OPT_TRACE_PACKETS,
	OPT_COMPILERS,
	OPT_NO_CALLGRIND,
};

static const struct option prove_options[] = {
	{ "source", required_argument, NULL, OPT_SOURCE },
	{ "build", required_argument, NULL, OPT_BUILD },
	{ "quick", no_argument, NULL, OPT_QUICK },
	{ "no-bench", no_argument, NULL, OPT_NO_BENCH },
	{ "rounds", required_argument, NULL, OPT_ROUNDS },
	{ "packets", required_argument, NULL, OPT_PACKETS },
	{ "trace-packets", required_argument, NULL, OPT_TRACE_PACKETS },
	{ "compilers", required_argument, NULL, OPT_COMPILERS },
	{ "no-callgrind", no_argument, NULL, OPT_NO_CALLGRIND },
	{ "verbose", no_argument, NULL, 'v' },
	{ NULL, 0, NULL, 0 },
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
	struct zt_prove p;
	unsigned long v;
	char *self = NULL;
	long ncpu;
	int opt, ret = ZT_EXIT_USAGE;

	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	o.jobs = ncpu > 0 ? ncpu : 2;
	optind = 0;
	while ((opt = getopt_long(argc, argv, "j:v", prove_options, NULL)) != -1) {
		switch (opt) {
		case OPT_SOURCE:
			o.source = optarg;
			break;
		case OPT_BUILD:
			o.build = optarg;
			break;
		case OPT_QUICK:
			o.quick = true;
			break;
		case OPT_NO_BENCH:
			o.no_bench = true;
			break;
		case OPT_ROUNDS:
			if (zt_parse_uint(optarg, 101, &v) || v < 5) {
				error("--rounds needs a number from 5 to 101 (a median needs "
				      "rounds; rd-bench keeps 101)");
				goto out;
			}
			o.rounds = v;
			break;
		case OPT_PACKETS:
			if (zt_parse_uint(optarg, 1000000000UL, &v) || v < 1000) {
				error("--packets needs a number from 1000 to 1000000000");
				goto out;
			}
			o.packets = v;
			break;
		case OPT_TRACE_PACKETS:
			if (zt_parse_uint(optarg, 10000000UL, &v) || !v) {
				error("--trace-packets needs a positive number");
				goto out;
			}
			o.trace_packets = v;
			break;
		case OPT_COMPILERS:
			compilers = optarg;
			break;
		case OPT_NO_CALLGRIND:
			o.callgrind = false;
			break;
		case 'j':
			if (zt_parse_uint(optarg, 256, &v) || !v) {
				error("-j needs a number from 1 to 256");
				goto out;
			}
			o.jobs = v;
			break;
		case 'v':
			ctx->verbose++;
			break;
		default:
			goto out;
		}
	}
	if (optind < argc) {
		error("unexpected argument '%s'; see 'zerotax prove --help'", argv[optind]);
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
