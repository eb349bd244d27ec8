// SPDX-License-Identifier: GPL-2.0-only
/* zt_strmap: the string -> index map the call graph, the cache and the pre-pass key by. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "strmap.h"
#include "zerotax.h"

/* An empty map (never grown) answers every key with (size_t)-1. */
static void test_empty(void **state)
{
	struct zt_strmap m = { 0 };

	(void)state;
	assert_int_equal(zt_strmap_get(&m, "c:@F@poll"), (size_t)-1);
	assert_int_equal(zt_strmap_get(&m, ""), (size_t)-1);
	zt_strmap_release(&m);
	zt_strmap_release(&m);
}

/* Keys compare by content, not by pointer; a second put replaces the value. */
static void test_put_get_replace(void **state)
{
	struct zt_strmap m = { 0 };
	char a[] = "c:@S@rq@FI@poll", b[] = "c:@S@rq@FI@poll";

	(void)state;
	zt_strmap_put(&m, a, 3);
	assert_int_equal(zt_strmap_get(&m, b), 3);
	assert_int_equal(zt_strmap_get(&m, "c:@S@rq@FI@pol"), (size_t)-1);
	assert_int_equal(zt_strmap_get(&m, "c:@S@rq@FI@poll2"), (size_t)-1);
	zt_strmap_put(&m, b, 7);
	assert_int_equal(zt_strmap_get(&m, a), 7);
	assert_int_equal(m.n, 1);
	zt_strmap_put(&m, "", 0);
	assert_int_equal(zt_strmap_get(&m, ""), 0);
	assert_int_equal(m.n, 2);
	zt_strmap_release(&m);
	assert_int_equal(zt_strmap_get(&m, a), (size_t)-1);
}

/* Many keys: every one found after the table grew many times, and only those. */
static void test_grows(void **state)
{
	enum { N = 5000 };
	struct zt_strmap m = { 0 };
	char **keys = calloc(N, sizeof(*keys));
	char probe[32];

	(void)state;
	assert_non_null(keys);
	for (size_t i = 0; i < N; i++) {
		keys[i] = malloc(32);
		assert_non_null(keys[i]);
		snprintf(keys[i], 32, "c:@F@fn_%zu", i);
		zt_strmap_put(&m, keys[i], i * 2);
	}
	assert_int_equal(m.n, N);
	/* at most half full, a power of two (the probe masks with cap - 1) */
	assert_true(m.cap >= 2 * m.n);
	assert_int_equal(m.cap & (m.cap - 1), 0);
	for (size_t i = 0; i < N; i++) {
		snprintf(probe, sizeof(probe), "c:@F@fn_%zu", i);
		assert_int_equal(zt_strmap_get(&m, probe), i * 2);
	}
	for (size_t i = N; i < 2 * N; i++) {
		snprintf(probe, sizeof(probe), "c:@F@fn_%zu", i);
		assert_int_equal(zt_strmap_get(&m, probe), (size_t)-1);
	}
	zt_strmap_release(&m);
	for (size_t i = 0; i < N; i++)
		free(keys[i]);
	free(keys);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_put_get_replace),
		cmocka_unit_test(test_grows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
