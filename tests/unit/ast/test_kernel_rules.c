// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules/kernel.conf: each directive read into its list and answered by its
 * query; bad lines named by file and line; the shipped file parses.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel_rules.h"
#include "zerotax.h"

static const char sample[] =
	"# comment\n"
	"napi-registrar netif_napi_add*\n"
	"\n"
	"ops-root * ndo_start_xmit per-packet tx once per skb\n"
	"ops-root proto_ops sendmsg per-packet tx vhost sends each packet\n"
	"bulk-call *alloc*bulk*\n"
	"packet-record xdp_buff\n"
	"never-owner net_device\n"
	"marked-packet sk_buff\n"
	"error-report WARN_*\n"
	"error-report *_ratelimit\n"
	"error-log dev_\n"
	"error-level err\n"
	"device-private netdev_priv\n";

static void test_each_directive(void **state)
{
	struct zt_kernel_rules r = { 0 };
	const struct zt_ops_root *op;

	(void)state;
	assert_int_equal(zt_kernel_rules_parse(sample, "k.conf", &r), 0);
	assert_true(zt_kernel_napi_registrar(&r, "netif_napi_add_weightXX", 22));
	assert_false(zt_kernel_napi_registrar(&r, "foo_add_napi", 12));
	assert_true(zt_kernel_bulk_call(&r, "kmem_cache_alloc_bulk"));
	assert_false(zt_kernel_bulk_call(&r, "kmem_cache_alloc"));
	/* a TAG is read as libclang spells the type */
	assert_true(zt_kernel_packet_record(&r, "struct xdp_buff"));
	assert_false(zt_kernel_packet_record(&r, "struct sk_buff"));
	assert_true(zt_kernel_never_owner(&r, "struct net_device"));
	assert_false(zt_kernel_never_owner(&r, "struct mlx5e_rq"));
	assert_true(zt_kernel_marked_packet(&r, "struct sk_buff"));
	assert_false(zt_kernel_marked_packet(&r, "struct xdp_buff"));
	assert_false(zt_kernel_marked_packet(&r, NULL));
	/* globs as written, leading '_' ignored; PREFIX LEVEL alone or before '_' */
	assert_true(zt_kernel_error_report(&r, "WARN_ON_ONCE"));
	assert_true(zt_kernel_error_report(&r, "__WARN_printf"));
	assert_false(zt_kernel_error_report(&r, "WARNING"));
	assert_true(zt_kernel_error_report(&r, "net_ratelimit"));
	assert_true(zt_kernel_error_report(&r, "net_err_ratelimit"));
	assert_true(zt_kernel_error_report(&r, "dev_err"));
	assert_true(zt_kernel_error_report(&r, "dev_ERR_once"));
	assert_false(zt_kernel_error_report(&r, "dev_error_count"));
	assert_false(zt_kernel_error_report(&r, "netdev_err"));
	assert_false(zt_kernel_error_report(&r, NULL));
	assert_true(zt_kernel_device_private(&r, "netdev_priv"));
	assert_false(zt_kernel_device_private(&r, "netdev_priv_x"));

	op = zt_kernel_ops_root(&r, "struct net_device_ops", "ndo_start_xmit", 14, false);
	assert_non_null(op);
	assert_int_equal(op->freq, ZT_OPS_PER_PACKET);
	assert_true(op->tx);
	assert_string_equal(op->why, "once per skb");
	/* an entry for one struct: the AST knows the struct, the pre-pass may not */
	assert_null(zt_kernel_ops_root(&r, "struct foo_ops", "sendmsg", 7, false));
	assert_non_null(zt_kernel_ops_root(&r, "struct proto_ops", "sendmsg", 7, false));
	assert_null(zt_kernel_ops_root(&r, NULL, "sendmsg", 7, false));
	assert_non_null(zt_kernel_ops_root(&r, NULL, "sendmsg", 7, true));
	assert_non_null(r.hash);
	zt_kernel_rules_release(&r);
}

/* One bad line fails the file, naming the file and the line. */
static void test_bad_lines(void **state)
{
	static const char *const bad[] = {
		"napi-registrar\n",
		"never-owner a b\n",
		"ops-root * f per-poll tx why\n",
		"ops-root * f per-packet up why\n",
		"# ok\nstruct-owner foo\n",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct zt_kernel_rules r = { 0 };

		assert_int_equal(zt_kernel_rules_parse(bad[i], "k.conf", &r), -1);
		assert_non_null(strstr(zt_last_error(), "k.conf:"));
		zt_kernel_rules_release(&r);
	}
}

/* The file the tool ships parses and holds what check and fix rely on. */
static void test_shipped_file(void **state)
{
	struct zt_kernel_rules r = { 0 };

	(void)state;
	assert_int_equal(zt_kernel_rules_load(ZT_SOURCE_DIR "/rules/kernel.conf", &r), 0);
	assert_true(zt_kernel_napi_registrar(&r, "netif_napi_add", 14));
	assert_true(zt_kernel_never_owner(&r, "struct net_device"));
	assert_true(zt_kernel_marked_packet(&r, "struct sk_buff"));
	/* the names the error-path rule was written with (issue 25, rule 1) */
	static const char *const reports[] = { "WARN", "WARN_ON_ONCE", "BUG_ON", "__WARN_printf",
					       "net_ratelimit", "net_err_ratelimited",
					       "dev_err", "dev_warn_once", "netdev_WARN",
					       "netif_err", "pr_crit", "pci_alert", "net_emerg" };
	for (size_t i = 0; i < sizeof(reports) / sizeof(reports[0]); i++)
		assert_true(zt_kernel_error_report(&r, reports[i]));
	assert_false(zt_kernel_error_report(&r, "dev_info"));
	assert_false(zt_kernel_error_report(&r, "pr_debug"));
	assert_false(zt_kernel_error_report(&r, "BUGGY"));
	assert_true(zt_kernel_device_private(&r, "netdev_priv"));
	zt_kernel_rules_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_directive),
		cmocka_unit_test(test_bad_lines),
		cmocka_unit_test(test_shipped_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
