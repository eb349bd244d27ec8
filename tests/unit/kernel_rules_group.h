/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For a unit test that runs the analysis: rules/kernel.conf (the registrars,
 * the ops roots, ...) read once for the whole cmocka group, as the commands
 * read it once per run. cmocka_run_group_tests(tests, load_kernel, free_kernel).
 */
#ifndef ZT_TEST_KERNEL_RULES_GROUP_H
#define ZT_TEST_KERNEL_RULES_GROUP_H

#include "kernel_rules.h"

static struct zt_kernel_rules kernel;

static int load_kernel(void **state)
{
	(void)state;
	return zt_kernel_rules_load(NULL, &kernel);
}

static int free_kernel(void **state)
{
	(void)state;
	zt_kernel_rules_release(&kernel);
	return 0;
}

#endif /* ZT_TEST_KERNEL_RULES_GROUP_H */
