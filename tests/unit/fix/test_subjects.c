// SPDX-License-Identifier: GPL-2.0-only
/* rules/netdev-subjects.conf and its parser (fix/subjects.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "subjects.h"
#include "zerotax.h"

static void test_shipped_rules(void **state)
{
	struct zt_subject_rules r = ZT_SUBJECT_RULES_INIT;
	char *w;

	(void)state;
	assert_int_equal(zt_subject_rules_load(NULL, &r), 0);
	/* mlx5 core: en* files are mlx5e, the longest match; the rest mlx5. */
	assert_string_equal(zt_subject_path_prefix(&r, "/k/drivers/net/ethernet/mellanox/mlx5/"
						     "core/en_rx.c"), "net/mlx5e");
	assert_string_equal(zt_subject_path_prefix(&r, "drivers/net/ethernet/mellanox/mlx5/"
						     "core/en/xdp.c"), "net/mlx5e");
	assert_string_equal(zt_subject_path_prefix(&r, "drivers/net/ethernet/mellanox/mlx5/"
						     "core/eq.c"), "net/mlx5");
	assert_null(zt_subject_path_prefix(&r, "drivers/net/ethernet/intel/ice/ice_txrx.c"));
	assert_null(zt_subject_path_prefix(&r, NULL));
	w = zt_subject_words(&r, "xdp_buff");
	assert_string_equal(w, "XDP buffer");
	free(w);
	w = zt_subject_words(&r, "rq");
	assert_string_equal(w, "RQ");
	free(w);
	w = zt_subject_words(&r, "page_pool");
	assert_string_equal(w, "page pool");
	free(w);
	zt_subject_rules_release(&r);
}

static void test_parse(void **state)
{
	struct zt_subject_rules r = ZT_SUBJECT_RULES_INIT;
	char *w;

	(void)state;
	assert_int_equal(zt_subject_rules_parse("# c\n\npath a/ x  # comment\npath a/b/ y\n"
						"upper ab\nword cd  see\n", "t.conf", &r), 0);
	assert_string_equal(zt_subject_path_prefix(&r, "a/b/c.c"), "y");
	assert_string_equal(zt_subject_path_prefix(&r, "a/c.c"), "x");
	w = zt_subject_words(&r, "ab_cd_ef");
	assert_string_equal(w, "AB see ef");
	free(w);
	zt_subject_rules_release(&r);
}

static void test_bad_input(void **state)
{
	static const char *const bad[] = { "path onlyone\n", "upper a b\n", "word a\n",
					   "word a b c\n", "\nprefix x y\n" };

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct zt_subject_rules r = ZT_SUBJECT_RULES_INIT;

		assert_int_equal(zt_subject_rules_parse(bad[i], "t.conf", &r), -1);
		zt_subject_rules_release(&r);
	}
	{
		struct zt_subject_rules r = ZT_SUBJECT_RULES_INIT;

		assert_int_equal(zt_subject_rules_load("/nonexistent", &r), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_rules),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
