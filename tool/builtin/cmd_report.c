// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax report RESULTS...: the program-level analysis over per-TU results
 * written by 'check --kbuild' (one line per file Kbuild checked) or by
 * 'check --shard K/N --results': the cross-TU call graph is built here, from
 * every TU's facts, so the findings are those 'check -p' prints.
 */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "check_pipeline.h"

const char report_help[] =
	"usage: zerotax report [options] RESULTS...\n"
	"\n"
	"Merge the per-file results that 'zerotax check --kbuild --results=RESULTS'\n"
	"appended during a 'make C=1' build (or that 'check --shard K/N --results'\n"
	"wrote), build the cross-TU call graph from all of them and print the findings\n"
	"exactly as 'zerotax check -p' would. A file checked twice (a rebuild) counts\n"
	"once, with its latest result.\n"
	"\n"
	"options (as for check):\n"
	"  --format=FMT          text (default), json, sarif, gcc or report\n"
	"  --mode=report         coccicheck-style lines\n"
	"  --hot FUNC, --rules FILE, --min-size N, --budget N, -W CHECK, -v\n"
	"  --evidence=WHICH      judge with these compilers' evidence (default: what was collected)\n"
	"  --baseline OLD.json   only findings not in OLD.json\n"
	"  --allow FILE          suppressions file (default ./.zerotax-allow or --root's)\n"
	"  --show-suppressed     list suppressed findings too\n"
	"  --root DIR            paths relative to DIR\n"
	"\n"
	"Exit codes: 0 nothing found, 1 findings, 2 usage, 3 input error.\n"
	"See docs/ci.md.\n";

enum {
	OPT_HOT = 256,
	OPT_RULES,
	OPT_EVIDENCE,
	OPT_FORMAT,
	OPT_MODE,
	OPT_MIN_SIZE,
	OPT_BUDGET,
	OPT_BASELINE,
	OPT_ALLOW,
	OPT_SHOW_SUPPRESSED,
	OPT_ROOT,
};

static const struct option long_opts[] = {
	{ "hot", required_argument, NULL, OPT_HOT },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "evidence", required_argument, NULL, OPT_EVIDENCE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "min-size", required_argument, NULL, OPT_MIN_SIZE },
	{ "budget", required_argument, NULL, OPT_BUDGET },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "allow", required_argument, NULL, OPT_ALLOW },
	{ "show-suppressed", no_argument, NULL, OPT_SHOW_SUPPRESSED },
	{ "root", required_argument, NULL, OPT_ROOT },
	{ NULL, 0, NULL, 0 },
};

int zt_report_results(struct zt_ctx *ctx, int argc, char **argv, const char *command)
{
	struct zt_hotrules rules;
	struct zt_ci_opts o = { 0 };
	struct zt_ci_output out = { .command = command };
	struct zt_findings fs = { 0 };
	struct zt_ci_tus tus = { 0 };
	struct zt_tu_result *v = NULL;
	char **hot = NULL, **rules_files = NULL, cwd[PATH_MAX];
	size_t n_hot = 0, n_rules = 0, n = 0, n_unparsed = 0;
	const char *evidence = NULL;
	json_t *info = NULL;
	unsigned long val;
	int c, ret = ZT_EXIT_USAGE;

	zt_hotrules_init(&rules);
	zt_check_set_defaults(&o.so.checks);
	o.so.min_size = -1;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "j:W:v", long_opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			if (zt_parse_uint(optarg, 1024, &val) || !val) {
				error("-j wants a positive number, not '%s'", optarg);
				goto out;
			}
			ctx->jobs = (int)val;
			break;
		case 'W':
			if (zt_check_set_apply(&o.so.checks, optarg)) {
				error("unknown check '%s'", optarg);
				goto out;
			}
			break;
		case 'v':
			ctx->verbose++;
			break;
		case OPT_HOT:
			hot = xrealloc(hot, (n_hot + 1) * sizeof(*hot));
			hot[n_hot++] = optarg;
			break;
		case OPT_RULES:
			rules_files = xrealloc(rules_files, (n_rules + 1) * sizeof(*rules_files));
			rules_files[n_rules++] = optarg;
			break;
		case OPT_EVIDENCE:
			if (strcmp(optarg, "gcc") && strcmp(optarg, "clang") &&
			    strcmp(optarg, "both") && strcmp(optarg, "none")) {
				error("--evidence wants gcc, clang, both or none, not '%s'", optarg);
				goto out;
			}
			evidence = optarg;
			break;
		case OPT_FORMAT:
			if (zt_ci_parse_format(optarg, &out.format)) {
				error("--format wants text, json, sarif, gcc or report, not '%s'",
				      optarg);
				goto out;
			}
			ctx->format = out.format == ZT_CI_JSON ? ZT_FORMAT_JSON :
				      out.format == ZT_CI_SARIF ? ZT_FORMAT_SARIF : ZT_FORMAT_TEXT;
			break;
		case OPT_MODE:
			if (strcmp(optarg, "report")) {
				error("--mode wants report, not '%s'", optarg);
				goto out;
			}
			out.format = ZT_CI_REPORT;
			break;
		case OPT_MIN_SIZE:
			if (zt_parse_uint(optarg, 1UL << 30, &val)) {
				error("--min-size wants a number of bytes, not '%s'", optarg);
				goto out;
			}
			o.so.min_size = (long long)val;
			break;
		case OPT_BUDGET:
			if (zt_parse_uint(optarg, 1UL << 20, &val) || !val) {
				error("--budget wants a positive number, not '%s'", optarg);
				goto out;
			}
			o.budget = (unsigned int)val;
			break;
		case OPT_BASELINE:
			out.baseline = optarg;
			break;
		case OPT_ALLOW:
			out.allow = optarg;
			break;
		case OPT_SHOW_SUPPRESSED:
			out.show_suppressed = true;
			break;
		case OPT_ROOT:
			out.root = optarg;
			break;
		default:
			error("unknown option '%s'; see 'zerotax %s --help'", argv[optind - 1],
			      command);
			goto out;
		}
	}
	if (optind >= argc) {
		error("%s: no results file given", command);
		goto out;
	}
	ret = ZT_EXIT_INPUT;
	for (size_t i = 0; i < n_rules; i++)
		if (zt_hotrules_load(rules_files[i], &rules))
			goto out;
	if (o.so.min_size < 0)
		o.so.min_size = rules.min_size >= 0 ? rules.min_size : ZT_DEFAULT_MIN_SIZE;
	for (int i = optind; i < argc; i++) {
		if (zt_tu_results_load(argv[i], &v, &n)) {
			for (size_t k = 0; k < n; k++)
				zt_tu_result_release(&v[k]);
			free(v);
			goto out;
		}
	}
	if (!n) {
		free(v);
		error("%s: the results hold no translation unit", command);
		goto out;
	}
	/* By default, judge with the evidence the results were collected with. */
	if (!evidence && v[0].asked) {
		static const char *const kinds[] = { "gcc", "clang", "none" };

		for (size_t i = 0; i < ARRAY_SIZE(kinds); i++)
			if (!strcmp(v[0].asked, kinds[i]))
				evidence = kinds[i];
	}
	if (!evidence)
		evidence = "both";
	o.so.want_gcc = !strcmp(evidence, "gcc") || !strcmp(evidence, "both");
	o.so.want_clang = !strcmp(evidence, "clang") || !strcmp(evidence, "both");
	o.evidence = evidence;
	o.hot = hot;
	o.n_hot = n_hot;
	o.rules = &rules;
	zt_ci_tus_from_results(v, n, &tus);
	if (ctx->verbose)
		note("%zu translation unit(s) from %d results file(s)", tus.n, argc - optind);
	if (zt_ci_analyse(ctx, &tus, &o, false, &fs, &info, &n_unparsed)) {
		ret = ZT_EXIT_INTERNAL;
		goto out;
	}
	out.allow_dirs[0] = getcwd(cwd, sizeof(cwd));
	out.allow_dirs[1] = out.root;
	ret = zt_ci_finish(ctx, &fs, info, &out, n_unparsed ? ZT_EXIT_INPUT : ZT_EXIT_CLEAN);
out:
	json_decref(info);
	zt_ci_tus_release(&tus);
	zt_findings_release(&fs);
	zt_hotrules_release(&rules);
	free(hot);
	free(rules_files);
	return ret;
}

int do_report(struct zt_ctx *ctx, int argc, char **argv)
{
	return zt_report_results(ctx, argc, argv, "report");
}
