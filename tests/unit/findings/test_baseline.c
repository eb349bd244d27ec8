// SPDX-License-Identifier: GPL-2.0-only
/* Fingerprints survive line shifts; baselines and diffs match them as multisets; shards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "baseline.h"
#include "zerotax.h"

static struct zt_finding *add(struct zt_findings *fs, const char *file, unsigned int line,
			      const char *func, const char *sym, const char *src)
{
	struct zt_finding *f = zt_findings_add(fs, &zt_checks[ZT_CHECK_STACK_AUTOINIT]);

	f->file = xstrdup(file);
	f->line = line;
	f->function = xstrdup(func);
	f->symbol = xstrdup(sym);
	f->size = 72;
	f->fingerprint = zt_fingerprint(f, src, "/tree");
	return f;
}

static void test_fingerprint_ignores_line_and_whitespace(void **state)
{
	struct zt_findings a = { 0 }, b = { 0 };

	add(&a, "/tree/en_rx.c", 10, "rx", "mxbuf", "\tstruct mlx5e_xdp_buff mxbuf;");
	add(&b, "/tree/en_rx.c", 42, "rx", "mxbuf", "  struct  mlx5e_xdp_buff   mxbuf; ");
	assert_string_equal(a.v[0].fingerprint, b.v[0].fingerprint);
	zt_findings_release(&a);
	zt_findings_release(&b);
}

static void test_fingerprint_depends_on_identity(void **state)
{
	struct zt_findings a = { 0 };

	add(&a, "/tree/en_rx.c", 10, "rx", "mxbuf", "struct mlx5e_xdp_buff mxbuf;");
	add(&a, "/tree/en_rx.c", 10, "rx2", "mxbuf", "struct mlx5e_xdp_buff mxbuf;");
	add(&a, "/tree/en_tx.c", 10, "rx", "mxbuf", "struct mlx5e_xdp_buff mxbuf;");
	add(&a, "/tree/en_rx.c", 10, "rx", "mxbuf", "struct mlx5e_xdp_buff mxbuf[2];");
	/* The same file seen from another checkout root is the same finding. */
	add(&a, "/other/en_rx.c", 10, "rx", "mxbuf", "struct mlx5e_xdp_buff mxbuf;");
	for (size_t i = 1; i < 4; i++)
		assert_string_not_equal(a.v[0].fingerprint, a.v[i].fingerprint);
	free(a.v[4].fingerprint);
	a.v[4].fingerprint = zt_fingerprint(&a.v[4], "struct mlx5e_xdp_buff mxbuf;", "/other");
	assert_string_equal(a.v[0].fingerprint, a.v[4].fingerprint);
	zt_findings_release(&a);
}

static void test_diff_new_fixed_unchanged_changed(void **state)
{
	struct zt_findings old = { 0 }, new = { 0 };
	struct zt_diff d;

	add(&old, "/tree/a.c", 1, "f", "x", "struct s x;");
	add(&old, "/tree/a.c", 2, "f", "y", "struct s y;");
	add(&old, "/tree/a.c", 3, "g", "z", "struct s z;");
	add(&new, "/tree/a.c", 11, "f", "x", "struct s x;");
	add(&new, "/tree/a.c", 12, "f", "w", "struct s w;");
	add(&new, "/tree/a.c", 13, "g", "z", "struct s z;")->size = 136;
	zt_diff_findings(&old, &new, &d);
	assert_int_equal(d.counts[ZT_DIFF_UNCHANGED], 1);
	assert_int_equal(d.counts[ZT_DIFF_NEW], 1);
	assert_int_equal(d.counts[ZT_DIFF_FIXED], 1);
	assert_int_equal(d.counts[ZT_DIFF_CHANGED], 1);
	for (size_t i = 0; i < d.n; i++) {
		if (d.v[i].kind == ZT_DIFF_NEW)
			assert_string_equal(d.v[i].new->symbol, "w");
		if (d.v[i].kind == ZT_DIFF_FIXED)
			assert_string_equal(d.v[i].old->symbol, "y");
		if (d.v[i].kind == ZT_DIFF_CHANGED)
			assert_int_equal(d.v[i].old->size, 72);
	}
	zt_diff_release(&d);
	zt_findings_release(&old);
	zt_findings_release(&new);
}

static void test_baseline_is_a_multiset(void **state)
{
	struct zt_findings base = { 0 }, now = { 0 };

	add(&base, "/tree/a.c", 1, "f", "x", "struct s x;");
	add(&now, "/tree/a.c", 5, "f", "x", "struct s x;");
	add(&now, "/tree/a.c", 9, "f", "x", "struct s x;");
	add(&now, "/tree/a.c", 7, "f", "q", "struct s q;");
	zt_findings_subtract_baseline(&now, &base);
	assert_int_equal(now.n, 2);
	assert_int_equal(now.v[0].line, 9);
	assert_string_equal(now.v[1].symbol, "q");
	zt_findings_release(&base);
	zt_findings_release(&now);
}

static void test_shards_partition_files(void **state)
{
	unsigned int k, n, owners;
	char name[64];

	assert_int_equal(zt_shard_parse("1/2", &k, &n), 0);
	assert_int_equal(k, 1);
	assert_int_equal(n, 2);
	assert_int_equal(zt_shard_parse("0/2", &k, &n), -1);
	assert_int_equal(zt_shard_parse("3/2", &k, &n), -1);
	assert_int_equal(zt_shard_parse("2", &k, &n), -1);
	assert_int_equal(zt_shard_parse("a/2", &k, &n), -1);
	for (int i = 0; i < 200; i++) {
		snprintf(name, sizeof(name), "/tree/drivers/f%d.c", i);
		owners = 0;
		for (unsigned int s = 1; s <= 3; s++)
			owners += zt_shard_owns(name, "/tree", s, 3);
		assert_int_equal(owners, 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fingerprint_ignores_line_and_whitespace),
		cmocka_unit_test(test_fingerprint_depends_on_identity),
		cmocka_unit_test(test_diff_new_fixed_unchanged_changed),
		cmocka_unit_test(test_baseline_is_a_multiset),
		cmocka_unit_test(test_shards_partition_files),
	};

	return cmocka_run_group_tests_name("baseline", tests, NULL, NULL);
}
