// SPDX-License-Identifier: GPL-2.0-only
/* The options check and report share; see check-options.h. */
#include <string.h>

#include "check-options.h"

void zt_check_args_init(struct zt_check_args *a)
{
	*a = (struct zt_check_args){ .so.min_size = -1 };
	zt_check_set_defaults(&a->so.checks);
}

void zt_check_args_release(struct zt_check_args *a)
{
	zt_strvec_clear(&a->hot);
	zt_strvec_clear(&a->rules_files);
	zt_kernel_rules_release(&a->kernel);
}

int zt_check_args_load_rules(struct zt_check_args *a, struct zt_hotrules *rules)
{
	if (zt_kernel_rules_load(NULL, &a->kernel))
		return -1;
	for (size_t i = 0; i < a->rules_files.n; i++)
		if (zt_hotrules_load(a->rules_files.v[i], rules))
			return -1;
	if (a->so.min_size < 0)
		a->so.min_size = rules->min_size >= 0 ? rules->min_size : ZT_DEFAULT_MIN_SIZE;
	return 0;
}

void zt_check_args_evidence(struct zt_check_args *a, const char *dflt)
{
	if (!a->evidence)
		a->evidence = dflt;
	/* build: each TU's own compiler, whichever it is */
	a->so.want_gcc = !strcmp(a->evidence, "gcc") || !strcmp(a->evidence, "both") ||
			 !strcmp(a->evidence, "build");
	a->so.want_clang = !strcmp(a->evidence, "clang") || !strcmp(a->evidence, "both") ||
			   !strcmp(a->evidence, "build");
}

int zt_opt_evidence(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	static const char *const kinds[] = { "gcc", "clang", "both", "build", "none" };

	(void)ctx;
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (!strcmp(arg, kinds[i])) {
			*(const char **)opt->data = kinds[i];
			return 0;
		}
	}
	return error("--evidence wants gcc, clang, both, build or none, not '%s'", arg);
}

/* --mode=report: the lines, without changing what errors look like (as --format does) */
int zt_opt_mode(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	(void)ctx;
	if (strcmp(arg, "report"))
		return error("--mode wants report (coccicheck's line format), not '%s'", arg);
	*(enum zt_format *)opt->data = ZT_FORMAT_REPORT;
	return 0;
}
