// SPDX-License-Identifier: GPL-2.0-only
/* zt_shell_next_command(): a command line split as sh would, nothing expanded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "shellwords.h"

/* The words of the next command, joined by '|' for one comparison. */
static unsigned int next(const char **s, unsigned int flags, char *got, size_t size)
{
	struct zt_strvec w = ZT_STRVEC_INIT;
	unsigned int ret = zt_shell_next_command(s, &w, flags);

	got[0] = '\0';
	for (size_t i = 0; i < w.n; i++) {
		if (i)
			strncat(got, "|", size - strlen(got) - 1);
		strncat(got, w.v[i], size - strlen(got) - 1);
	}
	zt_strvec_clear(&w);
	return ret;
}

static void test_one_command_quotes(void **state)
{
	const char *s = "cc -DNAME='\"rx\"' \"-DA=b c\" -DX=\\\"y\\\" a\\ b.c ';' x;y";
	char got[256];

	(void)state;
	assert_int_equal(next(&s, 0, got, sizeof(got)), 0);
	/* without ZT_SHELL_LIST, ; is a character like any other */
	assert_string_equal(got, "cc|-DNAME=\"rx\"|-DA=b c|-DX=\"y\"|a b.c|;|x;y");
	assert_string_equal(s, "");
}

static void test_list_operators_comments_redirections(void **state)
{
	const char *s = "set -e; echo 'a; b' && x 2>&1 || y > out.txt|z\n"
			"# a comment; not a command\n"
			"(cd d) ; cat < in";
	char got[256];

	(void)state;
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), 0);
	assert_string_equal(got, "set|-e");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), 0);
	assert_string_equal(got, "echo|a; b");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), ZT_SHELL_REDIRECTS);
	assert_string_equal(got, "x");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), ZT_SHELL_REDIRECTS);
	assert_string_equal(got, "y");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), 0);
	assert_string_equal(got, "z");
	/* the comment runs to its newline, which ends an empty command */
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), 0);
	assert_string_equal(got, "");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), 0);
	assert_string_equal(got, "");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), 0);
	assert_string_equal(got, "cd|d");
	next(&s, ZT_SHELL_LIST, got, sizeof(got));
	assert_string_equal(got, "");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), ZT_SHELL_REDIRECTS);
	assert_string_equal(got, "cat");
	assert_string_equal(s, "");
}

/* What sh would expand is said, never evaluated; '...' hides it. */
static void test_expansions_and_unclosed_quotes(void **state)
{
	const char *s = "cc -DV=$(VERSION) -c x.c; cc '-D$x' \"-D$y\"; cc `date`; cc 'open";
	char got[256];

	(void)state;
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), ZT_SHELL_EXPANDS);
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), ZT_SHELL_EXPANDS);
	assert_string_equal(got, "cc|-D$x|-D$y");
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), ZT_SHELL_EXPANDS);
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), ZT_SHELL_UNTERMINATED);
	assert_string_equal(got, "cc|open");
	s = "cc '-D$x' -c x.c";
	assert_int_equal(next(&s, ZT_SHELL_LIST, got, sizeof(got)), 0);
}

/* A backslash-newline continues the line in a list; a newline is a blank in one command. */
static void test_newlines(void **state)
{
	const char *s = "cc -a \\\n -b\ncc -d";
	char got[256];

	(void)state;
	next(&s, ZT_SHELL_LIST, got, sizeof(got));
	assert_string_equal(got, "cc|-a|-b");
	next(&s, ZT_SHELL_LIST, got, sizeof(got));
	assert_string_equal(got, "cc|-d");
	s = "cc -a\n-b";
	next(&s, 0, got, sizeof(got));
	assert_string_equal(got, "cc|-a|-b");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_command_quotes),
		cmocka_unit_test(test_list_operators_comments_redirections),
		cmocka_unit_test(test_expansions_and_unclosed_quotes),
		cmocka_unit_test(test_newlines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
