// SPDX-License-Identifier: GPL-2.0-only
/*
 * datadir: the order of the lookup. A unit test's binary has no
 * ../share/zerotax beside it, so $ZEROTAX_DATA, then the build tree, answer;
 * the installed case is tests/install/relocated.sh's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "datadir.h"
#include "zerotax.h"

static void test_build_tree_without_env(void **state)
{
	struct zt_data_dir d;
	char *tree = realpath(ZT_SOURCE_DIR, NULL);

	unsetenv("ZEROTAX_DATA");
	assert_int_equal(zt_data_dir(&d), 0);
	assert_int_equal(d.from, ZT_DATA_BUILD_TREE);
	assert_string_equal(d.dir, tree);
	zt_data_dir_release(&d);
	free(tree);
}

static void test_env_with_rules_wins_over_the_build_tree(void **state)
{
	char tmpl[] = "/tmp/zt-datadir-XXXXXX", *rules, *path;
	struct zt_data_dir d;

	assert_non_null(mkdtemp(tmpl));
	rules = xasprintf("%s/rules", tmpl);
	assert_int_equal(mkdir(rules, 0700), 0);
	setenv("ZEROTAX_DATA", tmpl, 1);
	assert_int_equal(zt_data_dir(&d), 0);
	assert_int_equal(d.from, ZT_DATA_ENV);
	assert_string_equal(d.dir, tmpl);
	assert_string_equal(zt_data_from_name(d.from), "$ZEROTAX_DATA");
	zt_data_dir_release(&d);
	path = zt_data_path("rules/%s.cocci", "hoist-to-queue");
	assert_non_null(path);
	assert_memory_equal(path, tmpl, strlen(tmpl));
	assert_string_equal(path + strlen(tmpl), "/rules/hoist-to-queue.cocci");
	free(path);
	unsetenv("ZEROTAX_DATA");
	zt_remove_tree(tmpl);
	free(rules);
}

/* A wrong override is said, not skipped for the build tree's data. */
static void test_env_without_rules_is_an_error(void **state)
{
	struct zt_data_dir d;

	setenv("ZEROTAX_DATA", "/nonexistent/zerotax", 1);
	assert_int_equal(zt_data_dir(&d), -1);
	assert_null(d.dir);
	assert_non_null(strstr(d.why, "ZEROTAX_DATA=/nonexistent/zerotax is not a zerotax data"));
	zt_data_dir_release(&d);
	zt_clear_error();
	assert_null(zt_data_path("rules"));
	assert_non_null(strstr(zt_last_error(), "no rules/ in it"));
	unsetenv("ZEROTAX_DATA");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_build_tree_without_env),
		cmocka_unit_test(test_env_with_rules_wins_over_the_build_tree),
		cmocka_unit_test(test_env_without_rules_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
