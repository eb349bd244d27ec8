// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax prove: check -> fix -> build -> sparse -> differential test ->
 * bench -> report on the bundled reference driver (what `make demo` runs).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "datadir.h"
#include "guard.h"
#include "parse-options.h"
#include "prove.h"
#include "strbuf.h"

static const struct zt_usage prove_usage = {
	.usage = "zerotax prove [options]",
	.about =
	"On the bundled reference driver: run check on its compile database, rewrite a\n"
	"copy of its source with fix, build baseline and transformed shared objects\n"
	"(auto-init none/zero/pattern x each compiler), run sparse on both trees, run\n"
	"the differential test (rd-trace: byte-identical traces for every profile, XDP\n"
	"mode and RQ type), bench all variants of one compiler interleaved in one\n"
	"process (rd-bench), and write the report: the table on stdout, Markdown, HTML\n"
	"and an SVG chart under BUILD/report/.\n"
	"With --patch, prove a patch series of your own (unified diff or git\n"
	"format-patch against reference-driver/) in place of fix's rewrite; a\n"
	"\"Zerotax-Prove: key=value ...\" line in a patch sets the run options'\n"
	"defaults, the command line wins.\n",
	.tail =
	"Exit codes: 0 proven; 1 the proof failed (traces differ, new sparse warning,\n"
	"nothing to fix); 2 usage; 3 input error (no driver, no build); 4 a step is not\n"
	"available or broke (the message names the step).\n"
	"See docs/prove.md.\n",
	.examples =
	"$ zerotax prove --quick\n"
	"  check, fix, build and differential test only\n"
	"$ zerotax prove --rounds 11 --packets 250000\n"
	"  what make demo runs\n"
	"$ zerotax prove --patch 0001-my-change.patch\n"
	"  prove a patch of your own against the driver\n",
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
		ZT_ALLOC_GROW(o->compilers, o->n_compilers + 1, o->alloc_compilers);
		o->compilers[o->n_compilers++] = xstrdup(tok);
	}
	free(copy);
	if (!ret && !o->n_compilers)
		ret = error("--compilers needs at least one compiler");
	return ret;
}

static int add_patch(struct zt_ctx *ctx, const struct zt_option *opt, const char *file)
{
	struct zt_prove_opts *o = opt->data;

	ZT_ALLOC_GROW(o->patch.files, o->patch.n_files + 1, o->patch.alloc_files);
	o->patch.files[o->patch.n_files++] = xstrdup(file);
	return 0;
}

/*
 * The guard's recovery: an interrupted run's build copies (BUILD/prove, which
 * every run rebuilds from nothing) go with its scratch.
 */
static int remove_work(void *arg, char **said)
{
	const struct zt_prove *p = arg;

	if (zt_remove_tree(p->work))
		*said = xasprintf("cannot remove the build copies in %s: %s", p->work,
				  strerror(errno));
	else
		*said = xasprintf("the build copies in %s removed", p->work);
	return 0;
}

/* The one place prove's outcomes become exit codes (the house rule: commands choose them). */
static int exit_code_of(enum zt_prove_outcome o)
{
	switch (o) {
	case ZT_PROVE_OK:
		return ZT_EXIT_CLEAN;
	case ZT_PROVE_FAILED:
		return ZT_EXIT_FINDINGS;
	case ZT_PROVE_USAGE:
		return ZT_EXIT_USAGE;
	case ZT_PROVE_INPUT:
		return ZT_EXIT_INPUT;
	case ZT_PROVE_BROKEN:
		break;
	}
	return ZT_EXIT_INTERNAL;
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

/*
 * With no --patch, the options that set a patch's run are an error: 0, or
 * -1 with error() said.
 */
static int patch_options_alone(const struct zt_prove_opts *o)
{
	if (o->patch.n_files ||
	    !(o->patch.cls || o->patch.profiles || o->patch.rq || o->patch.page_size ||
	      o->patch.cache || o->patch.modes || o->patch.autoinit || o->patch.dists))
		return 0;
	return error("--class, --profile, --rq, --page-size, --cache, --mode, --auto-init and "
		     "--prefetch-dist go with --patch");
}

/* 1: parsed, go on; 0: done (--help); -1: a usage error (said). */
static int parse_args(struct zt_ctx *ctx, int argc, char **argv, struct zt_prove_opts *o,
		      const char **compilers)
{
	const struct zt_option opts[] = {
		ZT_OPT_STRING(0, "source", &o->source, "DIR",
			      "the driver's source (default: reference-driver, else\n"
			      "the installed copy in the data directory)"),
		ZT_OPT_STRING(0, "build", &o->build, "DIR",
			      "the CMake build directory (default: build)"),
		ZT_OPT_BOOL(0, "quick", &o->quick,
			    "check, fix, build, differential test only (make test)"),
		ZT_OPT_BOOL(0, "no-bench", &o->no_bench, "everything but the bench"),
		ZT_OPT_UINT(0, "rounds", &o->rounds, "N", "bench rounds, 5 to 101 (default 21)", 5,
			    101,
			    "a number from 5 to 101 (a median needs rounds; rd-bench keeps 101)"),
		ZT_OPT_UINT(0, "packets", &o->packets, "N",
			    "packets per bench round (default 500000)", 1000, 1000000000UL,
			    "a number from 1000 to 1000000000"),
		ZT_OPT_UINT(0, "trace-packets", &o->trace_packets, "N",
			    "packets per differential-test trace (default 512)", 1, 10000000UL,
			    "a positive number"),
		ZT_OPT_STRING(0, "compilers", compilers, "LIST",
			      "comma-separated (default gcc-12,clang-19)"),
		ZT_OPT_SET_FALSE(0, "no-callgrind", &o->callgrind,
				 "skip instructions/packet (valgrind)"),
		ZT_OPT_JOBS(&o->jobs, "parallel make jobs (default: online CPUs)"),
		ZT_OPT_VERBOSE(&ctx->verbose, "print every command run"),
		ZT_OPT_GROUP("proving a patch"),
		ZT_OPT_CALLBACK(0, "patch", o, "FILE...",
				"prove a patch series (unified diff or git format-patch,\n"
				"against reference-driver/) instead of fix's rewrite",
				add_patch),
		ZT_OPT_STRING(0, "class", &o->patch.cls, "C",
			      "must-not-change (byte-identical traces) or\n"
			      "buffer-placement (page-pool statistics may differ)"),
		ZT_OPT_STRING(0, "profile", &o->patch.profiles, "LIST",
			      "bench profiles (default udp64)"),
		ZT_OPT_STRING(0, "rq", &o->patch.rq, "TYPE",
			      "legacy or striding (default striding)"),
		ZT_OPT_STRING(0, "page-size", &o->patch.page_size, "N",
			      "4096 or 65536 (default 4096)"),
		ZT_OPT_STRING(0, "cache", &o->patch.cache, "LIST",
			      "warm, cold or warm,cold (default warm)"),
		ZT_OPT_STRING(0, "mode", &o->patch.modes, "LIST",
			      "XDP modes: none pass drop drop-read tx (default drop,tx)"),
		ZT_OPT_STRING(0, "auto-init", &o->patch.autoinit, "AI",
			      "none, zero or pattern (default zero)"),
		ZT_OPT_STRING(0, "prefetch-dist", &o->patch.dists, "LIST",
			      "also bench the patch at these look-ahead distances"),
		ZT_OPT_BOOL(0, "model-validation", &o->model_validation,
			    "print the upstream results against the reference\n"
			    "driver's, from the last runs in BUILD"),
		ZT_OPT_END(),
	};
	int first = zt_parse_options(ctx, "prove", argc, argv, opts, &prove_usage, 0);

	if (first <= 0)
		return first ? -1 : 0;
	/* --patch A B C: the files after the options are the rest of the series */
	for (; first < argc && o->patch.n_files; first++)
		add_patch(ctx, &(struct zt_option){ .data = o }, argv[first]);
	if (first < argc) {
		error("unexpected argument '%s'; see 'zerotax prove --help'", argv[first]);
		return -1;
	}
	return patch_options_alone(o) ? -1 : 1;
}

/*
 * No --source: ./reference-driver as in a checkout, else (an installed
 * zerotax run elsewhere) the copy in its data directory (datadir.h), which
 * prove only reads. An explicit --source is taken as given. 0, or -1 (said).
 */
static int find_source(struct zt_prove_opts *o, char **data_source)
{
	if (o->source)
		return 0;
	if (!access("reference-driver", F_OK)) {
		o->source = "reference-driver";
		return 0;
	}
	*data_source = zt_data_path("reference-driver");
	if (!*data_source)
		return -1;
	o->source = *data_source;
	return 0;
}

/* Interrupted (SIGINT, SIGTERM, SIGHUP): no scratch, build copy or process left. */
static int run_guarded(struct zt_ctx *ctx, struct zt_prove *p)
{
	const struct zt_guard_opts g = { .what = "prove", .recover = remove_work, .arg = p };
	int ret;

	if (zt_cmd_begin_guard(ctx, &g, &ret))
		return ret; /* the guard, done */
	return exit_code_of(zt_prove_run(p));
}

static void release_opts(struct zt_prove_opts *o)
{
	for (size_t i = 0; i < o->n_compilers; i++)
		free(o->compilers[i]);
	free(o->compilers);
	for (size_t i = 0; i < o->patch.n_files; i++)
		free(o->patch.files[i]);
	free(o->patch.files);
}

int do_prove(struct zt_ctx *ctx, int argc, char **argv)
{
	struct zt_prove_opts o = {
		.source = NULL, /* reference-driver, else the installed copy (find_source()) */
		.build = "build",
		.rounds = 21,
		.packets = 500000,
		.trace_packets = 512,
		.callgrind = true,
	};
	const char *compilers = "gcc-12,clang-19";
	struct zt_prove p;
	char *self = NULL, *data_source = NULL;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int rc, ret = ZT_EXIT_USAGE;

	o.jobs = ncpu > 0 ? ncpu : 2;
	rc = parse_args(ctx, argc, argv, &o, &compilers);
	if (rc <= 0) {
		ret = rc ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
		goto out;
	}
	if (o.model_validation) {
		ret = exit_code_of(zt_prove_model_validation(ctx, o.build));
		goto out;
	}
	if (parse_compilers(compilers, &o))
		goto out;
	if (find_source(&o, &data_source)) {
		ret = ZT_EXIT_INPUT;
		goto out;
	}
	self = self_exe(ctx->argv0);
	o.self = self;
	ret = exit_code_of(zt_prove_init(&p, ctx, &o));
	if (ret)
		goto out;
	ret = run_guarded(ctx, &p);
	zt_prove_release(&p);
out:
	release_opts(&o);
	free(self);
	free(data_source);
	return ret;
}
