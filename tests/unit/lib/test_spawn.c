// SPDX-License-Identifier: GPL-2.0-only
/* spawn: argv only, captured output, exit codes, missing programs, timeouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "process.h"
#include "zerotax.h"

static void test_captures_stdout_and_exit_code(void **state)
{
	char *argv[] = { "sh", "-c", "printf 'a b'; echo err >&2; exit 3", NULL };
	struct zt_spawn_result r;

	assert_int_equal(zt_spawn(argv, NULL, &r), 0);
	assert_int_equal(r.exit_code, 3);
	assert_string_equal(r.out, "a b");
	assert_string_equal(r.err, "err\n");
	zt_spawn_result_release(&r);
}

static void test_arguments_are_not_split_by_a_shell(void **state)
{
	char *argv[] = { "printf", "%s|", "one two", "$HOME", NULL };
	struct zt_spawn_result r;

	assert_int_equal(zt_spawn(argv, NULL, &r), 0);
	assert_string_equal(r.out, "one two|$HOME|");
	zt_spawn_result_release(&r);
}

static void test_missing_program(void **state)
{
	char *argv[] = { "zerotax-no-such-program", NULL };
	struct zt_spawn_result r;

	assert_int_equal(zt_spawn(argv, NULL, &r), -1);
	assert_true(r.not_found);
	assert_false(zt_have_program("zerotax-no-such-program"));
	assert_true(zt_have_program("sh"));
	zt_spawn_result_release(&r);
}

static void test_timeout_kills_child(void **state)
{
	char *argv[] = { "sleep", "10", NULL };
	struct zt_spawn_opts o = { .timeout_ms = 100 };
	struct zt_spawn_result r;

	assert_int_equal(zt_spawn(argv, &o, &r), -1);
	assert_true(r.timed_out);
	zt_spawn_result_release(&r);
}

static void test_stdout_to_file_and_cwd(void **state)
{
	char dir[] = "/tmp/zt-spawn-XXXXXX";
	char *argv[] = { "pwd", NULL };
	struct zt_spawn_result r;
	char *path, *data;

	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/out", dir);
	struct zt_spawn_opts o = { .cwd = dir, .stdout_path = path };
	assert_int_equal(zt_spawn(argv, &o, &r), 0);
	assert_int_equal(r.exit_code, 0);
	assert_int_equal(zt_read_file(path, &data, NULL), 0);
	assert_non_null(strstr(data, "zt-spawn-"));
	free(data);
	unlink(path);
	rmdir(dir);
	free(path);
	zt_spawn_result_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_captures_stdout_and_exit_code),
		cmocka_unit_test(test_arguments_are_not_split_by_a_shell),
		cmocka_unit_test(test_missing_program),
		cmocka_unit_test(test_timeout_kills_child),
		cmocka_unit_test(test_stdout_to_file_and_cwd),
	};

	return cmocka_run_group_tests_name("spawn", tests, NULL, NULL);
}
