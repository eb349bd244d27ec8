// SPDX-License-Identifier: GPL-2.0-only
/* Front end: dispatch, unknown commands, --help, --version, exit codes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <jansson.h>

#include "checks.h"
#include "commands.h"

struct run {
	int ret;
	char *out;
	size_t out_len;
};

/* Run the front end in-process with stdout captured. */
static struct run run_zt(int argc, char **argv)
{
	struct run r = { 0 };
	FILE *out = open_memstream(&r.out, &r.out_len);
	struct zt_ctx ctx = { .argv0 = "zerotax", .out = out, .err = stderr, .jobs = 1 };

	assert_non_null(out);
	r.ret = zt_main(&ctx, argc, argv);
	fclose(out);
	return r;
}

#define RUN(...)                                                                \
	({                                                                      \
		char *args[] = { "zerotax", __VA_ARGS__, NULL };                \
		run_zt((int)ARRAY_SIZE(args) - 1, args);                        \
	})

static void test_no_args_is_usage_error(void **state)
{
	char *args[] = { "zerotax", NULL };
	struct run r = run_zt(1, args);

	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
}

static void test_unknown_command(void **state)
{
	struct run r = RUN("frobnicate");

	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	assert_string_equal(zt_last_error(), "unknown command 'frobnicate'; see 'zerotax --help'");
	free(r.out);
}

/* error() writes to the run's ctx->err; the last error is the run's own. */
static void test_errors_go_to_ctx_err(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *err = open_memstream(&buf, &len);
	struct zt_ctx ctx = { .argv0 = "zerotax", .out = stdout, .err = err, .jobs = 1 };
	char *bad[] = { "zerotax", "frobnicate", NULL }, *good[] = { "zerotax", "--version", NULL };

	assert_int_equal(zt_main(&ctx, 2, bad), ZT_EXIT_USAGE);
	fclose(err);
	assert_string_equal(buf, "zerotax: error: unknown command 'frobnicate'; see 'zerotax --help'\n");
	free(buf);
	ctx.err = stderr;
	assert_int_equal(zt_main(&ctx, 2, good), ZT_EXIT_CLEAN);
	assert_string_equal(zt_last_error(), "");
}

static void test_help_lists_every_command(void **state)
{
	struct run r = RUN("--help");

	assert_int_equal(r.ret, ZT_EXIT_CLEAN);
	for (size_t i = 0; i < zt_n_commands; i++)
		assert_non_null(strstr(r.out, zt_commands[i].name));
	assert_non_null(strstr(r.out, "Exit codes:"));
	free(r.out);
}

static void test_command_help(void **state)
{
	for (size_t i = 0; i < zt_n_commands; i++) {
		char *args[] = { "zerotax", (char *)zt_commands[i].name, "--help", NULL };
		char *form[] = { "zerotax", "help", (char *)zt_commands[i].name, NULL };
		struct run r = run_zt(3, args), h = run_zt(3, form);

		assert_int_equal(r.ret, ZT_EXIT_CLEAN);
		assert_non_null(strstr(r.out, "usage: zerotax "));
		assert_non_null(strstr(r.out, "  -")); /* the options, from the table */
		/* "help CMD" is "CMD --help" */
		assert_int_equal(h.ret, ZT_EXIT_CLEAN);
		assert_string_equal(h.out, r.out);
		free(r.out);
		free(h.out);
	}
}

/* The doc page that carries each command's options section. */
static const char *doc_page(const char *cmd)
{
	if (!strcmp(cmd, "report") || !strcmp(cmd, "merge") || !strcmp(cmd, "diff"))
		return "ci";
	if (!strcmp(cmd, "compile-args") || !strcmp(cmd, "build-flags"))
		return "check";
	return cmd;
}

static void test_docs_options_match_tables(void **state)
{
	bool stale = false;

	for (size_t i = 0; i < zt_n_commands; i++) {
		const char *name = zt_commands[i].name;
		char *args[] = { "zerotax", (char *)name, "--options-doc", NULL };
		struct run r = run_zt(3, args);
		char *path = xasprintf("%s/docs/%s.md", ZT_SOURCE_DIR, doc_page(name));
		char *marker = xasprintf("<!-- zerotax %s --options-doc -->\n```text\n", name);
		char *doc = NULL, *at, *end;

		assert_int_equal(r.ret, ZT_EXIT_CLEAN);
		assert_int_equal(zt_read_file(path, &doc, NULL), 0);
		at = strstr(doc, marker);
		end = at ? strstr(at + strlen(marker), "```") : NULL;
		if (!end || (size_t)(end - at - strlen(marker)) != r.out_len ||
		    memcmp(at + strlen(marker), r.out, r.out_len)) {
			/* Say how to mend it: the table is the source, the page is generated. */
			print_error("%s: the options section of '%s' is out of date: put the\n"
				    "output of 'zerotax %s --options-doc' between\n%s and ```\n",
				    path, name, name, marker);
			stale = true;
		}
		free(doc);
		free(marker);
		free(path);
		free(r.out);
	}
	assert_false(stale);
}

/* JSON mode: an option error is one JSON object on stdout, wherever --format stands. */
static void test_option_errors_stay_json(void **state)
{
	static const char *const cmds[] = { "check", "layout", "fix", "report", "diff", "merge",
						"compile-args" };

	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++) {
		char *before[] = { "zerotax", (char *)cmds[i], "--no-such-option", "--format=json",
				   "x", NULL };
		char *after[] = { "zerotax", (char *)cmds[i], "--format", "json",
				  "--no-such-option", "x", NULL };
		struct run r[2] = { run_zt(5, before), run_zt(6, after) };

		for (int k = 0; k < 2; k++) {
			json_error_t jerr;
			json_t *o = json_loads(r[k].out, 0, &jerr);

			assert_int_equal(r[k].ret, ZT_EXIT_USAGE);
			assert_non_null(o);
			assert_string_equal(json_string_value(json_object_get(o, "command")), cmds[i]);
			assert_non_null(strstr(json_string_value(json_object_get(o, "error")),
					       "unknown option '--no-such-option'"));
			json_decref(o);
			free(r[k].out);
		}
	}
}

static void test_option_messages(void **state)
{
	struct run r = RUN("check", "-p");

	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	assert_string_equal(zt_last_error(), "option '-p' needs a value");
	free(r.out);
	r = RUN("check", "--evidence");
	assert_string_equal(zt_last_error(), "option '--evidence' needs a value");
	free(r.out);
	r = RUN("check", "--no-cache=yes", "--", "x.c");
	assert_string_equal(zt_last_error(), "option '--no-cache' takes no value");
	free(r.out);
	r = RUN("check", "-Wno-such-check", "--", "x.c");
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
	r = RUN("check", "-h", "--kbuild");
	assert_int_equal(r.ret, ZT_EXIT_CLEAN);
	assert_non_null(strstr(r.out, "usage: zerotax check"));
	free(r.out);
	r = RUN("fix", "--bogus");
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	assert_string_equal(zt_last_error(), "unknown option '--bogus'; see 'zerotax fix --help'");
	free(r.out);
	r = RUN("check", "-j", "0", "--", "x.c");
	assert_string_equal(zt_last_error(), "-j wants a positive number, not '0'");
	free(r.out);
	r = RUN("layout", "--format=xml", "x.o");
	assert_string_equal(zt_last_error(), "--format wants text, json, sarif or html, not 'xml'");
	free(r.out);
	/* layout takes -j for its AST pass */
	r = RUN("layout", "-j", "2");
	assert_string_equal(zt_last_error(), "no object files given; see 'zerotax layout --help'");
	free(r.out);
	r = RUN("report", "--help");
	assert_non_null(strstr(r.out, "\n  -j, --jobs N "));
	free(r.out);
}

static void test_version(void **state)
{
	struct run r = RUN("--version");

	assert_int_equal(r.ret, ZT_EXIT_CLEAN);
	/* the version, then the data directory this binary reads and why (datadir.h) */
	assert_memory_equal(r.out, "zerotax " ZT_VERSION "\ndata: ", strlen(ZT_VERSION) + 15);
	assert_non_null(strstr(r.out, ")\n"));
	free(r.out);
}

static void test_dispatch_finds_every_command(void **state)
{
	for (size_t i = 0; i < zt_n_commands; i++) {
		const struct cmd *c = zt_find_command(zt_commands[i].name);

		assert_ptr_equal(c, &zt_commands[i]);
		assert_non_null(c->fn);
	}
	assert_null(zt_find_command("chec"));
	assert_null(zt_find_command(""));
}

static void test_exit_code_values(void **state)
{
	/* Documented in docs/exit-codes.md; scripts depend on them. */
	assert_int_equal(ZT_EXIT_CLEAN, 0);
	assert_int_equal(ZT_EXIT_FINDINGS, 1);
	assert_int_equal(ZT_EXIT_USAGE, 2);
	assert_int_equal(ZT_EXIT_INPUT, 3);
	assert_int_equal(ZT_EXIT_INTERNAL, 4);
}

static void test_check_table_drives_w_flags(void **state)
{
	struct zt_check_set set;

	zt_check_set_defaults(&set);
	assert_true(set.on[ZT_CHECK_STACK_AUTOINIT]);
	assert_int_equal(zt_check_set_apply(&set, "no-stack-autoinit"), 0);
	assert_false(set.on[ZT_CHECK_STACK_AUTOINIT]);
	assert_int_equal(zt_check_set_apply(&set, "zerotax-stack-autoinit"), 0);
	assert_true(set.on[ZT_CHECK_STACK_AUTOINIT]);
	assert_int_equal(zt_check_set_apply(&set, "no-all"), 0);
	for (int i = 0; i < ZT_CHECK_COUNT; i++)
		assert_false(set.on[i]);
	assert_int_equal(zt_check_set_apply(&set, "no-such-check"), -1);
	for (int i = 0; i < ZT_CHECK_COUNT; i++) {
		assert_int_equal(zt_checks[i].id, i);
		assert_ptr_equal(zt_check_by_name(zt_checks[i].name), &zt_checks[i]);
	}
}

static void test_checks_doc_matches_table(void **state)
{
	char *want = NULL, *have = NULL;
	size_t len;
	FILE *fp = open_memstream(&want, &len);

	assert_int_equal(checks__fprintf_markdown(fp), 0);
	fclose(fp);
	assert_int_equal(zt_read_file(ZT_SOURCE_DIR "/docs/checks.md", &have, NULL), 0);
	if (strcmp(want, have)) {
		/* Say how to mend it: the table is the source, the doc is generated. */
		zt_write_file("checks.md.expected", want, len);
		fail_msg("docs/checks.md is out of date: copy %s/checks.md.expected over it",
			 getcwd(NULL, 0));
	}
	free(want);
	free(have);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_args_is_usage_error),
		cmocka_unit_test(test_unknown_command),
		cmocka_unit_test(test_errors_go_to_ctx_err),
		cmocka_unit_test(test_help_lists_every_command),
		cmocka_unit_test(test_command_help),
		cmocka_unit_test(test_docs_options_match_tables),
		cmocka_unit_test(test_option_errors_stay_json),
		cmocka_unit_test(test_option_messages),
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_dispatch_finds_every_command),
		cmocka_unit_test(test_exit_code_values),
		cmocka_unit_test(test_check_table_drives_w_flags),
		cmocka_unit_test(test_checks_doc_matches_table),
	};

	return cmocka_run_group_tests_name("frontend", tests, NULL, NULL);
}
