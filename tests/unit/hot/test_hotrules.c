// SPDX-License-Identifier: GPL-2.0-only
/* The hot-path rules parser, and the shipped rules files parse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hotrules.h"
#include "zerotax.h"

static void test_directives(void **state)
{
	struct zt_hotrules r;
	const char *text =
		"# mlx5e\n"
		"\n"
		"root mlx5e_napi_poll   NAPI poll of every channel\n"
		"root mlx5e_xmit\n"
		"per-packet\tmlx5e_handle_rx_cqe   # the CQE handler\n"
		"cold mlx5e_handle_rx_err_cqe\n"
		"min-size 48\n"
		"budget 128\n";

	zt_hotrules_init(&r);
	assert_int_equal(zt_hotrules_parse(text, "t.conf", &r), 0);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.v[0].kind, ZT_RULE_ROOT);
	assert_string_equal(r.v[0].func, "mlx5e_napi_poll");
	assert_string_equal(r.v[0].why, "NAPI poll of every channel");
	assert_int_equal(r.v[0].line, 3);
	assert_null(r.v[1].why);
	assert_int_equal(r.v[2].kind, ZT_RULE_PER_PACKET);
	assert_string_equal(r.v[2].func, "mlx5e_handle_rx_cqe");
	assert_null(r.v[2].why);
	assert_int_equal(r.v[3].kind, ZT_RULE_COLD);
	assert_int_equal(r.min_size, 48);
	assert_int_equal(r.budget, 128);
	zt_hotrules_release(&r);
	assert_int_equal(r.n, 0);
	assert_int_equal(r.min_size, -1);
}

static void test_errors_name_file_and_line(void **state)
{
	static const char *const bad[] = {
		"hot mlx5e_napi_poll\n",	/* unknown directive */
		"root\n",			/* no argument */
		"root 1abc\n",			/* not an identifier */
		"root a-b\n",
		"min-size lots\n",
		"budget 0\n",
		"budget 64 128\n",
	};

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct zt_hotrules r;

		zt_hotrules_init(&r);
		assert_int_equal(zt_hotrules_parse(bad[i], "bad.conf", &r), -1);
		assert_non_null(strstr(zt_last_error(), "bad.conf:1:"));
		zt_hotrules_release(&r);
	}
}

static void test_missing_file(void **state)
{
	struct zt_hotrules r;

	zt_hotrules_init(&r);
	assert_int_equal(zt_hotrules_load("/no/such/rules.conf", &r), -1);
	assert_non_null(strstr(zt_last_error(), "/no/such/rules.conf"));
	zt_hotrules_release(&r);
}

static void test_shipped_rules_parse(void **state)
{
	struct zt_hotrules r;

	zt_hotrules_init(&r);
	assert_int_equal(zt_hotrules_load(ZT_SOURCE_DIR "/rules/hotpaths/mlx5e.conf", &r), 0);
	assert_true(r.n > 0);
	assert_int_equal(r.v[0].kind, ZT_RULE_ROOT);
	zt_hotrules_release(&r);
	zt_hotrules_init(&r);
	assert_int_equal(zt_hotrules_load(ZT_SOURCE_DIR "/corpus/stack-autoinit/corpus.conf", &r),
			 0);
	zt_hotrules_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_directives),
		cmocka_unit_test(test_errors_name_file_and_line),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_shipped_rules_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
