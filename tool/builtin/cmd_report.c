// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax report RESULTS...: the program-level analysis over per-TU results
 * written by 'check --kbuild' (one line per file Kbuild checked) or by
 * 'check --shard K/N --results': the cross-TU call graph is built here, from
 * every TU's facts, so the findings are those 'check -p' prints.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "check_pipeline.h"
#include "check-options.h"

static const struct zt_usage report_usage = {
	.usage = "zerotax report [options] RESULTS...",
	.about =
	"Merge the per-file results that 'zerotax check --kbuild --results=RESULTS'\n"
	"appended during a 'make C=1' build (or that 'check --shard K/N --results'\n"
	"wrote), build the cross-TU call graph from all of them and print the findings\n"
	"exactly as 'zerotax check -p' would. A file checked twice (a rebuild) counts\n"
	"once, with its latest result.\n",
	.tail =
	"Exit codes: 0 nothing found, 1 findings, 2 usage, 3 input error.\n"
	"See docs/ci.md.\n",
	.examples =
	"$ zerotax report zerotax.jsonl\n"
	"  the findings of a Kbuild run (check --kbuild --results=zerotax.jsonl)\n",
};

/* The evidence the results were collected with (check --kbuild/--results wrote "asked"). */
static const char *asked_evidence(const struct zt_tu_result *v, size_t n)
{
	static const char *const kinds[] = { "gcc", "clang", "build", "none" };
	size_t k = 0;

	while (k + 1 < n && v[k].unreadable)
		k++;
	for (size_t i = 0; v[k].asked && i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(v[k].asked, kinds[i]))
			return kinds[i];
	return "both";
}

static int load_results(const char *command, int argc, char **argv, struct zt_tu_result **v,
			size_t *n)
{
	for (int i = 0; i < argc; i++) {
		if (zt_tu_results_load(argv[i], v, n)) {
			for (size_t k = 0; k < *n; k++)
				zt_tu_result_release(&(*v)[k]);
			free(*v);
			*v = NULL;
			*n = 0;
			return -1;
		}
	}
	if (!*n) {
		free(*v);
		*v = NULL;
		return error("%s: the results hold no translation unit", command);
	}
	return 0;
}

int zt_report_results(struct zt_ctx *ctx, int argc, char **argv, const char *command)
{
	struct zt_check_args a;
	const struct zt_option opts[] = {
		ZT_OPTS_CHECK_OUTPUT(&a),
		ZT_OPTS_HOT_PATHS(&a, "treat FUNC as a hot root (repeatable)",
				  "hot-path rules file (repeatable)"),
		ZT_OPTS_JUDGE(&a),
		ZT_OPT_EVIDENCE(&a, "judge with these compilers' evidence: gcc, clang, both,\n"
				"build (each TU's own compiler) or none (default: what\n"
				"was collected)"),
		ZT_OPT_JOBS(&ctx->jobs, "analyse N translation units at once"),
		ZT_OPT_VERBOSE(&ctx->verbose, "say what is being done"),
		ZT_OPT_GROUP("CI:"),
		ZT_OPTS_CI_FILTERS(&a),
		ZT_OPT_END(),
	};
	struct zt_hotrules rules;
	struct zt_ci_opts o = { 0 };
	struct zt_findings fs = { 0 };
	struct zt_ci_tus tus = { 0 };
	struct zt_tu_result *v = NULL;
	char cwd[PATH_MAX];
	size_t n = 0, n_unparsed = 0;
	json_t *info = NULL;
	int first, ret = ZT_EXIT_USAGE;

	zt_hotrules_init(&rules);
	zt_check_args_init(&a);
	a.out.command = command;
	first = zt_parse_options(ctx, command, argc, argv, opts, &report_usage, 0);
	if (first <= 0) {
		ret = first ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
		goto out;
	}
	if (first >= argc) {
		error("%s: no results file given", command);
		goto out;
	}
	ret = ZT_EXIT_INPUT;
	if (zt_check_args_load_rules(&a, &rules) ||
	    load_results(command, argc - first, argv + first, &v, &n))
		goto out;
	/* By default, judge with the evidence the results were collected with. */
	zt_check_args_evidence(&a, asked_evidence(v, n));
	a.out.format = a.format;
	o.so = a.so;
	o.budget = a.budget;
	o.evidence = a.evidence;
	o.build_evidence = !strcmp(a.evidence, "build");
	o.hot = a.hot.v;
	o.n_hot = a.hot.n;
	o.rules = &rules;
	o.kernel = &a.kernel;
	zt_ci_tus_from_results(v, n, &tus);
	if (ctx->verbose)
		note("%zu translation unit(s) from %d results file(s)", tus.n, argc - first);
	if (zt_ci_analyse(ctx, &tus, &o, false, &fs, &info, &n_unparsed)) {
		ret = ZT_EXIT_INTERNAL;
		goto out;
	}
	a.out.allow_dirs[0] = getcwd(cwd, sizeof(cwd));
	a.out.allow_dirs[1] = a.out.root;
	ret = zt_ci_finish(ctx, &fs, info, &a.out, n_unparsed ? ZT_EXIT_INPUT : ZT_EXIT_CLEAN);
out:
	json_decref(info);
	zt_ci_tus_release(&tus);
	zt_findings_release(&fs);
	zt_hotrules_release(&rules);
	zt_check_args_release(&a);
	return ret;
}

int do_report(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_report_results(ctx, argc, argv, "report");
}
