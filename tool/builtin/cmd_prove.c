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
	"  --patch FILE...      prove a patch series (unified diff or git format-patch,\n"
	"                       against reference-driver/) instead of fix's rewrite\n"
	"  --class C            must-not-change (byte-identical traces) or\n"
	"                       buffer-placement (page-pool statistics may differ)\n"
	"  --profile LIST       bench profiles (default udp64)\n"
	"  --rq TYPE            legacy or striding (default striding)\n"
	"  --page-size N        4096 or 65536 (default 4096)\n"
	"  --cache LIST         warm, cold or warm,cold (default warm)\n"
	"  --mode LIST          XDP modes: none pass drop drop-read tx (default drop,tx)\n"
	"  --auto-init AI       none, zero or pattern (default zero)\n"
	"  --prefetch-dist LIST also bench the patch at these look-ahead distances\n"
	"                       (a \"Zerotax-Prove: key=value ...\" line in a patch\n"
	"                       sets defaults; the command line wins)\n"
	"  --model-validation   print the upstream results against the reference\n"
	"                       driver's, from the last runs in BUILD\n"
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
	OPT_PATCH,
	OPT_CLASS,
	OPT_PROFILE,
	OPT_RQ,
	OPT_PAGE_SIZE,
	OPT_CACHE,
	OPT_MODE,
	OPT_AUTO_INIT,
	OPT_PREFETCH_DIST,
	OPT_MODEL_VALIDATION,
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
	{ "patch", required_argument, NULL, OPT_PATCH },
	{ "class", required_argument, NULL, OPT_CLASS },
	{ "profile", required_argument, NULL, OPT_PROFILE },
	{ "rq", required_argument, NULL, OPT_RQ },
	{ "page-size", required_argument, NULL, OPT_PAGE_SIZE },
	{ "cache", required_argument, NULL, OPT_CACHE },
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "auto-init", required_argument, NULL, OPT_AUTO_INIT },
	{ "prefetch-dist", required_argument, NULL, OPT_PREFETCH_DIST },
	{ "model-validation", no_argument, NULL, OPT_MODEL_VALIDATION },
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

static void add_patch(struct zt_prove_opts *o, const char *file)
{
	o->patch.files = xrealloc(o->patch.files, (o->patch.n_files + 1) * sizeof(char *));
	o->patch.files[o->patch.n_files++] = xstrdup(file);
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
		case OPT_PATCH:
			add_patch(&o, optarg);
			break;
		case OPT_CLASS:
			o.patch.cls = optarg;
			break;
		case OPT_PROFILE:
			o.patch.profiles = optarg;
			break;
		case OPT_RQ:
			o.patch.rq = optarg;
			break;
		case OPT_PAGE_SIZE:
			o.patch.page_size = optarg;
			break;
		case OPT_CACHE:
			o.patch.cache = optarg;
			break;
		case OPT_MODE:
			o.patch.modes = optarg;
			break;
		case OPT_AUTO_INIT:
			o.patch.autoinit = optarg;
			break;
		case OPT_PREFETCH_DIST:
			o.patch.dists = optarg;
			break;
		case OPT_MODEL_VALIDATION:
			o.model_validation = true;
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
	/* --patch A B C: the files after the options are the rest of the series */
	for (; optind < argc && o.patch.n_files; optind++)
		add_patch(&o, argv[optind]);
	if (optind < argc) {
		error("unexpected argument '%s'; see 'zerotax prove --help'", argv[optind]);
		goto out;
	}
	if (!o.patch.n_files && (o.patch.cls || o.patch.profiles || o.patch.rq ||
				 o.patch.page_size || o.patch.cache || o.patch.modes ||
				 o.patch.autoinit || o.patch.dists)) {
		error("--class, --profile, --rq, --page-size, --cache, --mode, --auto-init and "
		      "--prefetch-dist go with --patch");
		goto out;
	}
	if (o.model_validation) {
		ret = zt_prove_model_validation(ctx, o.build);
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
	for (size_t i = 0; i < o.patch.n_files; i++)
		free(o.patch.files[i]);
	free(o.patch.files);
	free(self);
	return ret;
}
