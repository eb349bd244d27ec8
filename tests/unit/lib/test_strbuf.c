// SPDX-License-Identifier: GPL-2.0-only
/* strbuf: what a detached buffer holds, with and without anything added. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "strbuf.h"

/* Never added to: "" (a terminated string), as fix's exact-diff check relies on. */
static void test_detach_empty(void **state)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	size_t len = 99;
	char *s = zt_strbuf_detach(&sb, &len);

	(void)state;
	assert_non_null(s);
	assert_string_equal(s, "");
	assert_int_equal(len, 0);
	assert_null(sb.buf);
	free(s);
}

static void test_detach_after_adds(void **state)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	size_t len = 0;
	char *s;

	(void)state;
	zt_strbuf_adds(&sb, "xdp");
	zt_strbuf_add(&sb, "->data", 6);
	s = zt_strbuf_detach(&sb, &len);
	assert_string_equal(s, "xdp->data");
	assert_int_equal(len, 9);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detach_empty),
		cmocka_unit_test(test_detach_after_adds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
