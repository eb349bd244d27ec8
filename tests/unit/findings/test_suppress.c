// SPDX-License-Identifier: GPL-2.0-only
/* Suppressions: inline comments and .zerotax-allow files; a reason is required. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "suppress.h"
#include "zerotax.h"

static const struct zt_check *autoinit = &zt_checks[ZT_CHECK_STACK_AUTOINIT];

static void test_inline_comment_with_reason(void **state)
{
	char *reason;

	assert_int_equal(zt_inline_allow("\tstruct a v; /* zerotax: allow stack-autoinit -- one per "
					 "NAPI context */", autoinit, &reason), 1);
	assert_string_equal(reason, "one per NAPI context");
	free(reason);
	assert_int_equal(zt_inline_allow("// zerotax: allow layout-bloat, stack-autoinit -- ok",
					 autoinit, &reason), 1);
	assert_string_equal(reason, "ok");
	free(reason);
}

static void test_inline_comment_other_check_or_none(void **state)
{
	char *reason;

	assert_int_equal(zt_inline_allow("/* zerotax: allow layout-bloat -- x */", autoinit, &reason),
			 0);
	assert_int_equal(zt_inline_allow("struct a v; /* nothing here */", autoinit, &reason), 0);
	assert_int_equal(zt_inline_allow("/* zerotax: allowed? no */", autoinit, &reason), 0);
}

static void test_inline_comment_without_reason_is_error(void **state)
{
	char *reason;

	assert_int_equal(zt_inline_allow("/* zerotax: allow stack-autoinit */", autoinit, &reason),
			 -1);
	assert_int_equal(zt_inline_allow("/* zerotax: allow stack-autoinit -- */", autoinit, &reason),
			 -1);
	assert_int_equal(zt_inline_allow("/* zerotax: allow stack-autoinit --   */", autoinit,
					 &reason), -1);
}

static void test_allow_file_parse(void **state)
{
	struct zt_allow a = { 0 };

	assert_int_equal(zt_allow_parse("# comment\n\n"
					"stack-autoinit drv/en_rx.c:mlx5e_*:mxbuf -- per-RQ already\n"
					"layout-bloat drv/*.c -- legacy layout, ABI\n",
					".zerotax-allow", &a), 0);
	assert_int_equal(a.n, 2);
	assert_ptr_equal(a.v[0].check, autoinit);
	assert_string_equal(a.v[0].path, "drv/en_rx.c");
	assert_string_equal(a.v[0].function, "mlx5e_*");
	assert_string_equal(a.v[0].symbol, "mxbuf");
	assert_string_equal(a.v[0].reason, "per-RQ already");
	assert_null(a.v[1].function);
	assert_string_equal(a.v[1].origin, ".zerotax-allow:4");
	zt_allow_release(&a);
}

static void test_allow_file_errors(void **state)
{
	struct zt_allow a = { 0 };

	assert_int_equal(zt_allow_parse("stack-autoinit drv/en_rx.c\n", "f", &a), -1);
	assert_string_equal(zt_last_error(), "f:1: suppression without a reason (add '-- why')");
	zt_allow_release(&a);
	assert_int_equal(zt_allow_parse("no-such-check x.c -- r\n", "f", &a), -1);
	zt_allow_release(&a);
	assert_int_equal(zt_allow_parse("stack-autoinit -- r\n", "f", &a), -1);
	zt_allow_release(&a);
}

static char *write_source(const char *text)
{
	char *path = xstrdup("/tmp/zt-suppress-XXXXXX.c");
	int fd = mkstemps(path, 2);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

static struct zt_finding *add(struct zt_findings *fs, const char *file, unsigned int line,
			      const char *func, const char *sym)
{
	struct zt_finding *f = zt_findings_add(fs, autoinit);

	f->file = xstrdup(file);
	f->line = line;
	f->function = xstrdup(func);
	f->symbol = xstrdup(sym);
	return f;
}

static void test_findings_suppressed_inline_and_by_file(void **state)
{
	char *src = write_source("void f(void)\n"
				 "{\n"
				 "\t/* zerotax: allow stack-autoinit -- measured, no cost */\n"
				 "\tstruct big a;\n"
				 "\tstruct big b;\n"
				 "\tstruct big c; // zerotax: allow all -- test\n"
				 "}\n");
	struct zt_findings fs = { 0 };
	struct zt_allow a = { 0 };
	char *rule = xasprintf("stack-autoinit %s:f:b -- by file", src + 1);

	add(&fs, src, 4, "f", "a");
	add(&fs, src, 5, "f", "b");
	add(&fs, src, 6, "f", "c");
	assert_int_equal(zt_allow_parse(rule, "allow", &a), 0);
	assert_int_equal(zt_findings_suppress(&fs, &a, "/"), 0);
	assert_true(fs.v[0].suppressed);
	assert_string_equal(fs.v[0].suppress_reason, "measured, no cost");
	assert_true(fs.v[1].suppressed);
	assert_string_equal(fs.v[1].suppress_reason, "by file (allow:1)");
	assert_true(fs.v[2].suppressed);
	assert_int_equal(zt_findings_count_active(&fs), 0);
	zt_allow_release(&a);
	zt_findings_release(&fs);
	unlink(src);
	free(src);
	free(rule);
}

static void test_inline_without_reason_fails_the_run(void **state)
{
	char *src = write_source("void f(void)\n{\n\tstruct big a; /* zerotax: allow stack-autoinit */\n}\n");
	struct zt_findings fs = { 0 };

	add(&fs, src, 3, "f", "a");
	assert_int_equal(zt_findings_suppress(&fs, NULL, NULL), -1);
	assert_false(fs.v[0].suppressed);
	zt_findings_release(&fs);
	unlink(src);
	free(src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inline_comment_with_reason),
		cmocka_unit_test(test_inline_comment_other_check_or_none),
		cmocka_unit_test(test_inline_comment_without_reason_is_error),
		cmocka_unit_test(test_allow_file_parse),
		cmocka_unit_test(test_allow_file_errors),
		cmocka_unit_test(test_findings_suppressed_inline_and_by_file),
		cmocka_unit_test(test_inline_without_reason_fails_the_run),
	};

	return cmocka_run_group_tests_name("suppress", tests, NULL, NULL);
}
