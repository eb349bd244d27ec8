// SPDX-License-Identifier: GPL-2.0-only
/* Compile databases: loading through libclang, broken input, the gcc-only flag filter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <jansson.h>

#include "commands.h"
#include "cmdline.h"
#include "compdb.h"
#include "process.h"
#include "zerotax.h"

static char *scratch_dir(void)
{
	char tmpl[] = "/tmp/zt-test-compdb-XXXXXX";

	assert_non_null(mkdtemp(tmpl));
	return xstrdup(tmpl);
}

static void write_text(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);

	assert_int_equal(zt_write_file(path, text, strlen(text)), 0);
	free(path);
}

static void remove_tree(const char *dir)
{
	char *argv[] = { "rm", "-rf", (char *)dir, NULL };
	struct zt_spawn_result r;

	zt_spawn(argv, NULL, &r);
	zt_spawn_result_release(&r);
}

static bool has(char **argv, const char *s)
{
	for (; *argv; argv++)
		if (!strcmp(*argv, s))
			return true;
	return false;
}

static void test_load_kbuild_style_database(void **state)
{
	char *dir = scratch_dir();
	char *json = xasprintf(
		"[ { \"directory\": \"%s\", \"file\": \"drivers/en_rx.c\",\n"
		"    \"command\": \"gcc -Wp,-MMD,drivers/.en_rx.o.d -nostdinc -I./include "
		"-fconserve-stack -mrecord-mcount -fno-allow-store-data-races "
		"-mindirect-branch=thunk-extern -fzero-call-used-regs=used-gpr "
		"-Wno-maybe-uninitialized -DKBUILD_MODNAME='\\\"mlx5\\\"' -O2 "
		"-c -o drivers/en_rx.o drivers/en_rx.c\" } ]\n", dir);
	struct zt_compdb db;
	char **args;
	size_t n;

	write_text(dir, "compile_commands.json", json);
	assert_int_equal(zt_compdb_load(dir, &db), 0);
	assert_int_equal(db.n, 1);
	assert_true(strstr(db.v[0].file, "/drivers/en_rx.c") != NULL);
	assert_true(db.v[0].file[0] == '/');
	assert_int_equal(zt_compdb_compiler(&db.v[0]), ZT_CC_GCC);

	args = zt_compdb_clang_args(&db.v[0], &n);
	assert_int_equal(args[n], NULL);
	assert_true(has(args, "-nostdinc"));
	assert_true(has(args, "-I./include"));
	assert_true(has(args, "-O2"));
	assert_false(has(args, "gcc"));
	assert_false(has(args, "-fconserve-stack"));
	assert_false(has(args, "-mrecord-mcount"));
	assert_false(has(args, "-fno-allow-store-data-races"));
	assert_false(has(args, "-mindirect-branch=thunk-extern"));
	assert_false(has(args, "-fzero-call-used-regs=used-gpr"));
	assert_false(has(args, "-Wno-maybe-uninitialized"));
	assert_false(has(args, "-Wp,-MMD,drivers/.en_rx.o.d"));
	assert_false(has(args, "-c"));
	assert_false(has(args, "-o"));
	assert_false(has(args, "drivers/en_rx.o"));
	assert_false(has(args, "drivers/en_rx.c"));
	/* Relative paths resolve against the build directory; headers come from clang's resource dir. */
	assert_true(has(args, "-working-directory"));
	assert_true(has(args, dir));
	assert_true(has(args, "-resource-dir"));
	zt_argv_free(args);
	zt_compdb_release(&db);
	free(json);
	remove_tree(dir);
	free(dir);
}

static void test_broken_database_is_an_error(void **state)
{
	char *dir = scratch_dir();
	struct zt_compdb db;

	/* Missing */
	assert_int_equal(zt_compdb_load(dir, &db), -1);
	assert_true(strstr(zt_last_error(), "compile_commands.json") != NULL);
	/* Not JSON */
	write_text(dir, "compile_commands.json", "[ { \"directory\": ");
	assert_int_equal(zt_compdb_load(dir, &db), -1);
	assert_true(strstr(zt_last_error(), "not valid JSON (at byte 17)") != NULL);
	/* Empty */
	write_text(dir, "compile_commands.json", "[]");
	assert_int_equal(zt_compdb_load(dir, &db), -1);
	assert_true(strstr(zt_last_error(), "no compile commands") != NULL);
	remove_tree(dir);
	free(dir);
}

static void test_check_exit_code_on_broken_database(void **state)
{
	char *dir = scratch_dir();
	struct zt_ctx ctx = { .out = stdout, .err = stderr, .jobs = 1 };
	char *argv[] = { "zerotax", "check", "--evidence=none", "-p", dir, NULL };

	write_text(dir, "compile_commands.json", "{ not a database");
	assert_int_equal(zt_main(&ctx, 5, argv), ZT_EXIT_INPUT);
	remove_tree(dir);
	free(dir);
}

static json_t *run_check(char **argv, int argc, int *rc)
{
	struct zt_ctx ctx = { .err = stderr, .jobs = 2 };
	char *buf = NULL;
	size_t len = 0;
	json_t *doc;

	ctx.out = open_memstream(&buf, &len);
	assert_non_null(ctx.out);
	*rc = zt_main(&ctx, argc, argv);
	fclose(ctx.out);
	doc = json_loads(buf, 0, NULL);
	free(buf);
	return doc;
}

static void test_unparsable_file_is_reported_not_fatal(void **state)
{
	char *dir = scratch_dir();
	char *bad = xasprintf("%s/bad.c", dir), *good = xasprintf("%s/good.c", dir);
	/* The AST pass's reporting: the pre-pass would skip bad.c, which holds no hot code. */
	char *argv[] = { "zerotax", "check", "--format=json", "--evidence=none", "--hot", "rx",
			 "--prefilter=off", "--", bad, good, NULL };
	json_t *doc, *unparsed;
	int rc;

	write_text(dir, "bad.c", "int f(void) { return 1 +; }\nstruct { int x; } g = { .y = 1 };\n");
	write_text(dir, "good.c",
		   "struct big { long a[16]; };\nvoid use(struct big *b);\n"
		   "void rx(void) { struct big b; use(&b); }\n");
	doc = run_check(argv, 10, &rc);
	assert_non_null(doc);
	/* The good file's finding is there; the bad file is listed, not silently skipped. */
	assert_int_equal(rc, ZT_EXIT_FINDINGS);
	assert_int_equal(json_array_size(json_object_get(doc, "findings")), 1);
	unparsed = json_object_get(json_object_get(doc, "run"), "unparsed");
	assert_int_equal(json_array_size(unparsed), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(unparsed, 0), "file")),
			    bad);
	json_decref(doc);

	/* Nothing found and a file that did not parse: an input error. */
	argv[8] = bad;
	argv[9] = NULL;
	doc = run_check(argv, 9, &rc);
	assert_int_equal(rc, ZT_EXIT_INPUT);
	json_decref(doc);
	free(bad);
	free(good);
	remove_tree(dir);
	free(dir);
}

static void test_usage_errors(void **state)
{
	char *a1[] = { "zerotax", "check", "--evidence=sometimes", "--", "x.c", NULL };
	char *a2[] = { "zerotax", "check", "-j", "0", "--", "x.c", NULL };
	char *a3[] = { "zerotax", "check", "-Wno-such-check", "--", "x.c", NULL };
	char *a4[] = { "zerotax", "check", "--format=xml", "--", "x.c", NULL };
	char *a5[] = { "zerotax", "check", NULL };
	struct zt_ctx ctx = { .out = stdout, .err = stderr, .jobs = 1 };

	assert_int_equal(zt_main(&ctx, 5, a1), ZT_EXIT_USAGE);
	assert_int_equal(zt_main(&ctx, 6, a2), ZT_EXIT_USAGE);
	assert_int_equal(zt_main(&ctx, 5, a3), ZT_EXIT_USAGE);
	ctx.format = ZT_FORMAT_TEXT;
	assert_int_equal(zt_main(&ctx, 5, a4), ZT_EXIT_USAGE);
	assert_int_equal(zt_main(&ctx, 2, a5), ZT_EXIT_USAGE);
}

static void test_bad_rules_file_is_an_input_error(void **state)
{
	char *dir = scratch_dir();
	char *rules = xasprintf("%s/r.conf", dir), *src = xasprintf("%s/a.c", dir);
	char *argv[] = { "zerotax", "check", "--evidence=none", "--rules", rules, "--", src, NULL };
	struct zt_ctx ctx = { .out = stdout, .err = stderr, .jobs = 1 };

	write_text(dir, "r.conf", "hot rx\n");
	write_text(dir, "a.c", "int x;\n");
	assert_int_equal(zt_main(&ctx, 7, argv), ZT_EXIT_INPUT);
	free(rules);
	free(src);
	remove_tree(dir);
	free(dir);
}

static void test_files_after_dashdash(void **state)
{
	char *dir = scratch_dir();
	char *file = xasprintf("%s/a.c", dir);
	char *files[] = { file };
	char *flags[] = { "-Iinclude", "-DX=1" };
	struct zt_compdb db;
	char **args;
	size_t n;

	write_text(dir, "a.c", "int x;\n");
	assert_int_equal(zt_compdb_from_files(files, 1, flags, 2, &db), 0);
	assert_int_equal(db.n, 1);
	assert_string_equal(db.v[0].file, file);
	args = zt_compdb_clang_args(&db.v[0], &n);
	assert_true(has(args, "-Iinclude"));
	assert_true(has(args, "-DX=1"));
	assert_false(has(args, file));
	zt_argv_free(args);
	zt_compdb_release(&db);

	files[0] = "/no/such/file.c";
	assert_int_equal(zt_compdb_from_files(files, 1, flags, 2, &db), -1);
	free(file);
	remove_tree(dir);
	free(dir);
}

static void test_compiler_from_argv0(void **state)
{
	char *a[] = { "/usr/bin/clang-19", NULL }, *b[] = { "ccache", "x86_64-linux-gnu-gcc-12", NULL };
	char *c[] = { "cc", NULL }, *d[] = { "tcc", NULL };
	struct zt_compile_cmd cmd = { .argv = a, .argc = 1 };

	assert_int_equal(zt_compdb_compiler(&cmd), ZT_CC_CLANG);
	cmd.argv = b;
	cmd.argc = 2;
	assert_int_equal(zt_compdb_compiler(&cmd), ZT_CC_GCC);
	cmd.argv = c;
	cmd.argc = 1;
	assert_int_equal(zt_compdb_compiler(&cmd), ZT_CC_GCC);
	cmd.argv = d;
	assert_int_equal(zt_compdb_compiler(&cmd), ZT_CC_UNKNOWN);
}

static void test_flag_filter(void **state)
{
	assert_true(zt_compdb_flag_dropped("-fconserve-stack"));
	assert_true(zt_compdb_flag_dropped("-mfunction-return=thunk-extern"));
	assert_true(zt_compdb_flag_dropped("--param=allow-store-data-races=0"));
	assert_true(zt_compdb_flag_dropped("-Wframe-larger-than=2048"));
	assert_false(zt_compdb_flag_dropped("-MD")); /* zt_cmdline_writes_file()'s */
	assert_false(zt_compdb_flag_dropped("-Wp,-D_FORTIFY_SOURCE=2"));
	assert_false(zt_compdb_flag_dropped("-DCONFIG_X=1"));
	assert_false(zt_compdb_flag_dropped("-fno-strict-aliasing"));
	assert_false(zt_compdb_flag_dropped("-ftrivial-auto-var-init=zero"));
	assert_false(zt_compdb_flag_dropped("-include"));
}

static void test_writes_file(void **state)
{
	static const char *const writes[] = {
		"-o", "-ofoo.o", "-MF", "-MFdep.d", "-MD", "-MMD", "-Wp,-MMD,dep.d", "-Wp,-MD,x.d",
		"-dumpdir", "-dumpbase", "-save-temps", "-save-temps=obj", "-fdump-tree-optimized",
		"-fstack-usage", "-fcallgraph-info=su", "-fsave-optimization-record",
		"-foptimization-record-file=x.yaml", "-ftime-trace", "-gsplit-dwarf", "--coverage",
		"-MJ", "-serialize-diagnostics",
	};
	static const char *const writes_not[] = {
		"-O2", "-DX", "-Wp,-D_FORTIFY_SOURCE=2", "-include", "-g", "-foptimization-record-passes=x",
		"-fno-strict-aliasing", "-Ifoo",
	};
	struct zt_cc_arg a = { 0 };

	for (size_t i = 0; i < ARRAY_SIZE(writes); i++) {
		a.word = writes[i];
		assert_true(zt_cmdline_writes_file(&a));
	}
	for (size_t i = 0; i < ARRAY_SIZE(writes_not); i++) {
		a.word = writes_not[i];
		assert_false(zt_cmdline_writes_file(&a));
	}
}

/* libclang's arguments keep nothing that writes a file, each with its value. */
static void test_clang_args_write_nothing(void **state)
{
	char *argv[] = { "gcc", "-c", "-Wp,-MMD,dep.d", "-MF", "out.d", "-dumpdir", "d/",
			 "-save-temps=obj", "-gsplit-dwarf", "-DKEEP", "-o", "x.o", "x.c", NULL };
	struct zt_compile_cmd cmd = { .directory = "/b", .file = "/b/x.c", .argv = argv,
				      .argc = ARRAY_SIZE(argv) - 1 };
	size_t n;
	char **v = zt_compdb_clang_args(&cmd, &n);
	bool kept_define = false;

	for (size_t i = 0; i < n; i++) {
		assert_string_not_equal(v[i], "out.d");
		assert_string_not_equal(v[i], "d/");
		assert_string_not_equal(v[i], "x.o");
		assert_null(strstr(v[i], "dep.d"));
		assert_null(strstr(v[i], "save-temps"));
		assert_null(strstr(v[i], "split-dwarf"));
		kept_define |= !strcmp(v[i], "-DKEEP");
	}
	assert_true(kept_define);
	zt_argv_free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_kbuild_style_database),
		cmocka_unit_test(test_broken_database_is_an_error),
		cmocka_unit_test(test_check_exit_code_on_broken_database),
		cmocka_unit_test(test_files_after_dashdash),
		cmocka_unit_test(test_unparsable_file_is_reported_not_fatal),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_bad_rules_file_is_an_input_error),
		cmocka_unit_test(test_compiler_from_argv0),
		cmocka_unit_test(test_flag_filter),
		cmocka_unit_test(test_writes_file),
		cmocka_unit_test(test_clang_args_write_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
