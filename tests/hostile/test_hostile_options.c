// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hostile compile commands (issue 17): every two-word option of gcc and
 * clang, with its value as a separate word, in front of the flags the
 * evidence compile adds. Before the one option table (tool/ast/cmdline.c)
 * "-L DIR" lost DIR and swallowed -ftrivial-auto-var-init=zero: the compiler
 * "removed" all zeroing and the finding disappeared. Each case compiles a TU
 * whose 80-byte local escapes, with gcc-12 and clang-19, and must find all
 * 80 bytes zeroed; options that write or run something must leave nothing
 * behind in the source folder or the scratch folder.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "cmdline.h"
#include "compdb.h"
#include "evidence.h"
#include "process.h"
#include "zerotax.h"

static const char escape_c[] =
	"struct big { long a[10]; };\n"
	"void use(void *p);\n"
	"int escapes(void)\n"
	"{\n"
	"\tstruct big b;\n"
	"\n"
	"\tuse(&b);\n"
	"\treturn (int)b.a[1];\n"
	"}\n";

struct world {
	char *dir;	/* the "source folder": escape.c, inc/, hdr.h, evil/ */
	char *marker;	/* written by anything foreign that runs */
};

static void put(const char *dir, const char *name, const char *text, mode_t mode)
{
	char *p = xasprintf("%s/%s", dir, name);

	assert_int_equal(zt_write_file(p, text, strlen(text)), 0);
	chmod(p, mode);
	free(p);
}

static int setup(void **state)
{
	struct world *w = xcalloc(1, sizeof(*w));
	char *evil, *script, *sub;

	w->dir = xstrdup("/tmp/zt-hostile-XXXXXX");
	assert_non_null(mkdtemp(w->dir));
	w->marker = xasprintf("%s/FOREIGN-CODE-RAN", w->dir);
	put(w->dir, "escape.c", escape_c, 0644);
	put(w->dir, "hdr.h", "#define FROM_HDR 1\n", 0644);
	sub = xasprintf("%s/inc", w->dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	free(sub);
	evil = xasprintf("%s/evil", w->dir);
	assert_int_equal(mkdir(evil, 0755), 0);
	/* what -B, -wrapper and friends would run: as, cc1, a wrapper; each leaves a mark */
	script = xasprintf("#!/bin/sh\ntouch '%s'\nexit 1\n", w->marker);
	put(evil, "as", script, 0755);
	put(evil, "cc1", script, 0755);
	put(evil, "wrap", script, 0755);
	put(evil, "x.specs", "*cc1:\n+ -DSPECS_RAN\n", 0644);
	free(script);
	free(evil);
	*state = w;
	return 0;
}

static int teardown(void **state)
{
	struct world *w = *state;
	char *argv[] = { "rm", "-rf", "--", w->dir, NULL };
	struct zt_spawn_result res;

	zt_spawn(argv, NULL, &res);
	zt_spawn_result_release(&res);
	free(w->dir);
	free(w->marker);
	free(w);
	return 0;
}

/* The names in @dir, sorted, one string. */
static char *listing(const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	char *s = xstrdup("");

	for (int i = 0; i < n; i++) {
		char *t = xasprintf("%s %s", s, names[i]->d_name);

		free(s);
		s = t;
		free(names[i]);
	}
	free(names);
	return s;
}

/* argv = cc OPTION VALUE... -O2 -c escape.c, all in the world's folder */
static void make_cmd(struct world *w, const char *cc, const char *const *opt, size_t n_opt,
		     struct zt_compile_cmd *c)
{
	size_t k = 0;

	memset(c, 0, sizeof(*c));
	c->directory = xstrdup(w->dir);
	c->file = xasprintf("%s/escape.c", w->dir);
	c->argv = xcalloc(n_opt + 6, sizeof(*c->argv));
	c->argv[k++] = xstrdup(cc);
	c->argv[k++] = xstrdup("-O2");
	for (size_t i = 0; i < n_opt; i++)
		c->argv[k++] = xasprintf(opt[i], w->dir);
	c->argv[k++] = xstrdup("-c");
	c->argv[k++] = xstrdup("escape.c");
	c->argc = k;
}

static void release_cmd(struct zt_compile_cmd *c)
{
	free(c->file);
	free(c->directory);
	zt_argv_free(c->argv);
}

/* Options, %s = the world's folder; every one put right before the end of the command. */
static const char *const cases[][7] = {
	/* both drivers */
	{ "-L", "%s/inc" }, { "-dumpdir", "%s/inc/" }, { "-MF", "%s/escape.d" },
	{ "-MT", "target" }, { "-MQ", "target" }, { "-o", "%s/escape.o" }, { "-x", "c" },
	{ "-I", "%s/inc" }, { "-include", "%s/hdr.h" }, { "-imacros", "%s/hdr.h" },
	{ "-isystem", "%s/inc" }, { "-iquote", "%s/inc" }, { "-idirafter", "%s/inc" },
	{ "-iprefix", "%s/" }, { "-iwithprefix", "inc" }, { "-iwithprefixbefore", "inc" },
	{ "-isysroot", "%s" }, { "-Xlinker", "--as-needed" }, { "-Xassembler", "--noexecstack" },
	{ "-Xpreprocessor", "-DX=1" }, { "-U", "X" }, { "-D", "X=1" }, { "-T", "%s/x.ld" },
	{ "-u", "sym" }, { "-z", "now" }, { "-l", "m" }, { "-e", "entry" },
	{ "-A", "sys(linux)" }, { "--param", "max-inline-insns-single=100" },
	{ "-Ttext", "0" }, { "-Tdata", "0" }, { "-Tbss", "0" }, { "--sysroot", "%s" },
	{ "-imultilib", "x" }, { "--output", "%s/escape.o" }, { "--include", "%s/hdr.h" },
	{ "--include-directory", "%s/inc" }, { "--define-macro", "X=1" },
	{ "--undefine-macro", "X" }, { "--dumpdir", "%s/inc/" }, { "--language", "c" },
	/* gcc's */
	{ "-dumpbase", "escape" }, { "-dumpbase-ext", ".c" }, { "-aux-info", "%s/escape.aux" },
	{ "-wrapper", "%s/evil/wrap" }, { "-specs", "%s/evil/x.specs" }, { "-B", "%s/evil" },
	{ "-imultiarch", "x86_64-linux-gnu" },
	/* clang's */
	{ "-Xclang", "-fno-pch-timestamp" }, { "-mllvm", "-inline-threshold=100" },
	{ "-target", "x86_64-linux-gnu" }, { "-arch", "x86_64" }, { "-MJ", "%s/escape.json" },
	{ "-Xclang", "-load", "-Xclang", "%s/evil/x.so" },
	{ "-Xclang", "-plugin", "-Xclang", "evil" },
	{ "-Xclang", "-add-plugin", "-Xclang", "evil" },
	{ "-resource-dir", "/usr/lib/llvm-19/lib/clang/19" }, { "-working-directory", "%s" },
	{ "-serialize-diagnostics", "%s/escape.dia" }, { "-dependency-file", "%s/escape.d" },
	{ "-cxx-isystem", "%s/inc" }, { "-iframework", "%s/inc" }, { "-F", "%s/inc" },
	{ "-Xarch_x86_64", "-O2" }, { "-Xanalyzer", "-x" },
	{ "-gcc-toolchain", "%s/evil" }, { "--config", "%s/evil/x.cfg" },
	{ "-ccc-install-dir", "%s/evil" }, { "-install_name", "x" }, { "-rpath", "%s" },
	{ "-sectcreate", "a", "b", "%s/x" }, { "-segaddr", "a", "0" },
};

static size_t words(const char *const *c)
{
	size_t n = 0;

	while (n < 7 && c[n])
		n++;
	return n;
}

static void one_case(struct world *w, enum zt_compiler cc, const char *const *opt)
{
	struct zt_compile_cmd c;
	struct zt_evidence ev;
	char *scratch = xasprintf("%s/scratch", w->dir), *before, *after;
	long long bytes;

	mkdir(scratch, 0755);
	make_cmd(w, cc == ZT_CC_GCC ? "gcc" : "clang", opt, words(opt), &c);
	before = listing(w->dir);
	if (zt_evidence_collect(&c, cc, scratch, &ev)) {
		fail_msg("%s %s ...: the evidence compile failed: %s", zt_compiler_label(cc),
			 opt[0], zt_last_error());
	}
	bytes = zt_evidence_bytes(&ev, "escapes", "b");
	if (bytes != 80)
		fail_msg("%s %s %s: %lld bytes zeroed, expected 80 (a flag was swallowed?)",
			 zt_compiler_label(cc), opt[0], opt[1], bytes);
	zt_evidence_release(&ev);
	after = listing(w->dir);
	if (strcmp(before, after))
		fail_msg("%s %s: the source folder changed:\n before:%s\n after: %s",
			 zt_compiler_label(cc), opt[0], before, after);
	if (!access(w->marker, F_OK))
		fail_msg("%s %s %s: foreign code ran", zt_compiler_label(cc), opt[0], opt[1]);
	free(before);
	free(after);
	free(scratch);
	release_cmd(&c);
}

static void test_two_word_options_gcc(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		one_case(*state, ZT_CC_GCC, cases[i]);
}

static void test_two_word_options_clang(void **state)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		one_case(*state, ZT_CC_CLANG, cases[i]);
}

/* The table itself: joined spellings take nothing, separate ones their words. */
static void test_arity_table(void **state)
{
	assert_int_equal(zt_cc_option_words("-I"), 1);
	assert_int_equal(zt_cc_option_words("-Iinc"), 0);
	assert_int_equal(zt_cc_option_words("-dumpdir"), 1);
	assert_int_equal(zt_cc_option_words("-wrapper"), 1);
	assert_int_equal(zt_cc_option_words("--param"), 1);
	assert_int_equal(zt_cc_option_words("--param=x=1"), 0);
	assert_int_equal(zt_cc_option_words("-Xarch_arm64"), 1);
	assert_int_equal(zt_cc_option_words("-sectcreate"), 3);
	assert_int_equal(zt_cc_option_words("-O2"), 0);
	assert_int_equal(zt_cc_option_words("file.c"), 0);
}

/* A command cut after a two-word option: the option goes, nothing else is eaten. */
static void test_truncated_option(void **state)
{
	char *argv[] = { "gcc", "-O2", "-c", "x.c", "-o", NULL };
	struct zt_compile_cmd c = { .file = "/src/x.c", .directory = "/src", .argv = argv, .argc = 5 };
	struct zt_strvec out = { 0 };

	zt_cmdline_rebuild(&c, NULL, NULL, &out);
	assert_int_equal(out.n, 2);
	assert_string_equal(out.v[0], "-O2");
	assert_string_equal(out.v[1], "-c");
	zt_strvec_clear(&out);
}

/* ccache and distcc in front: the compiler is the next word, and so is the first option. */
static void test_compiler_identification(void **state)
{
	char *a[] = { "/usr/bin/ccache", "gcc-12", "-c", "x.c", NULL };
	char *b[] = { "ccache", "/usr/lib/llvm-19/bin/clang", "-c", "x.c", NULL };
	char *d[] = { "distcc", "x86_64-linux-gnu-gcc", "-c", "x.c", NULL };
	char *e[] = { "ccache", "-s", NULL };
	struct zt_compile_cmd c = { .file = "/x.c", .directory = "/", .argv = a, .argc = 4 };

	assert_int_equal(zt_compiler_of(a, 4), ZT_CC_GCC);
	assert_int_equal(zt_compiler_of(b, 4), ZT_CC_CLANG);
	assert_int_equal(zt_compiler_of(d, 4), ZT_CC_GCC);
	assert_int_equal(zt_compiler_of(e, 2), ZT_CC_UNKNOWN);
	assert_int_equal(zt_cmdline_first(&c), 2);
	/* the compilers CMake found, not literal names */
	assert_string_equal(zt_compiler_program(ZT_CC_GCC), ZT_GCC);
	assert_string_equal(zt_compiler_program(ZT_CC_CLANG), ZT_CLANG);
}

/* A program spawned without HOME in our environment still gets one. */
static void test_spawn_gives_home(void **state)
{
	char *argv[] = { "printenv", "HOME", NULL };
	char *env[] = { "PATH=/usr/bin:/bin", NULL };
	struct zt_spawn_opts opts = { .envp = env };
	struct zt_spawn_result res;

	assert_int_equal(zt_spawn(argv, &opts, &res), 0);
	assert_int_equal(res.exit_code, 0);
	assert_string_equal(res.out, "/nonexistent\n");
	zt_spawn_result_release(&res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arity_table),
		cmocka_unit_test(test_truncated_option),
		cmocka_unit_test(test_compiler_identification),
		cmocka_unit_test(test_spawn_gives_home),
		cmocka_unit_test(test_two_word_options_gcc),
		cmocka_unit_test(test_two_word_options_clang),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
