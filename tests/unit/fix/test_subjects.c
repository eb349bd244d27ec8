// SPDX-License-Identifier: GPL-2.0-only
/* rules/netdev-subjects.conf and its parser (fix/subjects.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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
	/* the drivers of the 6.12 bed, as netdev names them in subjects */
	{
		static const char *const bed[][2] = {
			{ "drivers/net/ethernet/intel/ice/ice_txrx.c", "ice" },
			{ "drivers/net/ethernet/intel/i40e/i40e_xsk.c", "i40e" },
			{ "drivers/net/ethernet/intel/ixgbe/ixgbe_main.c", "ixgbe" },
			{ "drivers/net/ethernet/intel/igc/igc_main.c", "igc" },
			{ "drivers/net/ethernet/broadcom/bnxt/bnxt_xdp.c", "bnxt_en" },
			{ "drivers/net/ethernet/mellanox/mlx4/en_rx.c", "net/mlx4_en" },
			{ "/src/linux/drivers/net/virtio_net.c", "virtio_net" },
			{ "drivers/net/veth.c", "veth" },
			{ "drivers/net/tun.c", "tun" },
			{ "net/core/xdp.c", "net" },
			{ "/k/net/xdp/xsk.c", "xsk" },
		};

		for (size_t i = 0; i < ARRAY_SIZE(bed); i++)
			assert_string_equal(zt_subject_path_prefix(&r, bed[i][0]), bed[i][1]);
	}
	/* a rule's text starts a path component: "net/core/" is not in "subnet/core/" */
	assert_null(zt_subject_path_prefix(&r, "/home/subnet/core/x.c"));
	assert_null(zt_subject_path_prefix(&r, "drivers/net/ethernet/acme/foo/foo.c"));
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

/* fix --subject-rules: a file read after the shipped one adds to it and wins a tie. */
static void test_added_file(void **state)
{
	struct zt_subject_rules r = ZT_SUBJECT_RULES_INIT;
	char dir[] = "/tmp/zt-subjects-XXXXXX", *path, *w;
	static const char text[] = "path drivers/net/ethernet/intel/ice/ ice-new\n"
				   "path drivers/net/ethernet/acme/foo/ net/acme-foo\n"
				   "word buff frame\n";

	(void)state;
	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/extra.conf", dir);
	assert_int_equal(zt_write_file(path, text, strlen(text)), 0);
	assert_int_equal(zt_subject_rules_load(NULL, &r), 0);
	assert_int_equal(zt_subject_rules_add_file(path, &r), 0);
	assert_string_equal(zt_subject_path_prefix(&r, "drivers/net/ethernet/intel/ice/ice_xsk.c"),
			    "ice-new");
	assert_string_equal(zt_subject_path_prefix(&r, "drivers/net/ethernet/acme/foo/rx.c"),
			    "net/acme-foo");
	/* the shipped longer rule still wins where it matches */
	assert_string_equal(zt_subject_path_prefix(&r, "drivers/net/ethernet/mellanox/mlx5/"
						     "core/en_rx.c"), "net/mlx5e");
	w = zt_subject_words(&r, "xdp_buff");
	assert_string_equal(w, "XDP frame");
	free(w);
	zt_subject_rules_release(&r);
	assert_int_equal(zt_subject_rules_add_file("/nonexistent.conf", &r), -1);
	zt_subject_rules_release(&r);
	unlink(path);
	rmdir(dir);
	free(path);
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
		cmocka_unit_test(test_added_file),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
