/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The options `check` and `report` (and `merge` over per-TU results) share:
 * the hot paths, how findings are judged, the output and the CI filters. One
 * struct holds them; the ZT_OPTS_* groups below put them in a table.
 */
#ifndef ZT_CHECK_OPTIONS_H
#define ZT_CHECK_OPTIONS_H

#include "check_pipeline.h"
#include "parse-options.h"
#include "strbuf.h"

struct zt_check_args {
	struct zt_strvec hot;		/* --hot FUNC */
	struct zt_strvec rules_files;	/* --rules FILE: read after the options (input errors) */
	const char *evidence;		/* --evidence: NULL until given */
	struct zt_stack_opts so;	/* -W, --min-size (-1: the rules' or the default) */
	unsigned int budget;		/* --budget (0: the rules' or the default) */
	enum zt_format format;		/* --format, --mode=report */
	struct zt_ci_output out;	/* --baseline, --allow, --show-suppressed, --root */
	struct zt_kernel_rules kernel;	/* rules/kernel.conf */
};

void zt_check_args_init(struct zt_check_args *a);
void zt_check_args_release(struct zt_check_args *a);
/*
 * Load the rules files into @rules and rules/kernel.conf into a->kernel,
 * resolve min_size; 0 or -1 (an input error).
 */
int zt_check_args_load_rules(struct zt_check_args *a, struct zt_hotrules *rules);
/* The evidence judged with: --evidence, else @dflt; sets so.want_gcc/want_clang. */
void zt_check_args_evidence(struct zt_check_args *a, const char *dflt);

int zt_opt_evidence(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg);
int zt_opt_mode(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg);

#define ZT_OPT_EVIDENCE(a, h) \
	{ .type = ZT_OPT_CALLBACK, .long_name = "evidence", .data = &(a)->evidence, \
	  .argh = "WHICH", .help = (h), .cb = zt_opt_evidence, .flags = ZT_OPTF_EQ }

#define ZT_OPTS_CHECK_OUTPUT(a) \
	ZT_OPT_FORMAT(&(a)->format, ZT_FORMATS(ZT_FORMAT_TEXT, ZT_FORMAT_JSON, ZT_FORMAT_SARIF, \
					       ZT_FORMAT_GCC, ZT_FORMAT_REPORT), NULL), \
	{ .type = ZT_OPT_CALLBACK, .long_name = "mode", .data = &(a)->format, .argh = "report", \
	  .help = "coccicheck-style lines (same as --format=report)", .cb = zt_opt_mode, \
	  .flags = ZT_OPTF_EQ }

#define ZT_OPTS_JUDGE(a) \
	ZT_OPT_UINT(0, "min-size", &(a)->so.min_size, "N", \
		    "ignore objects smaller than N bytes (default 32)", 0, 1UL << 30, \
		    "a number of bytes"), \
	ZT_OPT_UINT(0, "budget", &(a)->budget, "N", \
		    "packets per poll, for per-poll ranking (default 64)", 1, 1UL << 20, \
		    "a positive number"), \
	ZT_OPT_CALLBACK('W', NULL, &(a)->so.checks, "CHECK", \
			"enable or disable a check (-Wall, -Wno-all, -Wno-CHECK)", zt_opt_checks)

#define ZT_OPTS_CI_FILTERS(a) \
	ZT_OPT_STRING(0, "baseline", &(a)->out.baseline, "OLD.json", \
		      "report only findings not in OLD.json (exit 1 only for new ones)"), \
	ZT_OPT_STRING(0, "allow", &(a)->out.allow, "FILE", \
		      "suppressions file (default: .zerotax-allow in the current\n" \
		      "directory, --root or BUILD_DIR, the first that exists)"), \
	ZT_OPT_BOOL(0, "show-suppressed", &(a)->out.show_suppressed, \
		    "list suppressed findings too"), \
	ZT_OPT_STRING(0, "root", &(a)->out.root, "DIR", \
		      "paths relative to DIR (SARIF URIs, text, suppressions, shards)")

#endif /* ZT_CHECK_OPTIONS_H */
