// SPDX-License-Identifier: GPL-2.0-only
/* zt_lower_word(): the words check reads in conditions and mark tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "zerotax.h"

/* Letters and digits make a word; '_' only for identifiers. */
static void test_words_and_identifiers(void **state)
{
	const char *s = "READ_ONCE(rq->XDP_prog)";
	char w[16];

	(void)state;
	assert_true(zt_lower_word(&s, true, w, sizeof(w)));
	assert_string_equal(w, "read_once");
	assert_true(zt_lower_word(&s, true, w, sizeof(w)));
	assert_string_equal(w, "rq");
	assert_true(zt_lower_word(&s, true, w, sizeof(w)));
	assert_string_equal(w, "xdp_prog");
	assert_false(zt_lower_word(&s, true, w, sizeof(w)));
	s = "skb->tc_chain";
	assert_true(zt_lower_word(&s, false, w, sizeof(w)));
	assert_string_equal(w, "skb");
	assert_true(zt_lower_word(&s, false, w, sizeof(w)));
	assert_string_equal(w, "tc");
	assert_true(zt_lower_word(&s, false, w, sizeof(w)));
	assert_string_equal(w, "chain");
	assert_false(zt_lower_word(&s, false, w, sizeof(w)));
}

/* A word that does not fit is "" and skipped whole; nothing at all is false. */
static void test_too_long_and_empty(void **state)
{
	const char *s = "abcdefgh ptp";
	char w[8];

	(void)state;
	assert_true(zt_lower_word(&s, false, w, sizeof(w)));
	assert_string_equal(w, "");
	assert_true(zt_lower_word(&s, false, w, sizeof(w)));
	assert_string_equal(w, "ptp");
	s = " -> ";
	assert_false(zt_lower_word(&s, false, w, sizeof(w)));
	assert_string_equal(s, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words_and_identifiers),
		cmocka_unit_test(test_too_long_and_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
