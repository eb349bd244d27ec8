// SPDX-License-Identifier: GPL-2.0-only
/*
 * The evidence compile, end to end: zt_evidence_collect() rebuilds a file of
 * tests/data/evidence/src with gcc-12 and clang-19 and reports what each
 * compiler kept. The headline: the reduced mlx5e receive buffer (72 bytes,
 * filled by inline helpers, address passed to the XDP handler) keeps all 72
 * bytes of zeroing under gcc-12 and only a remainder under clang-19.
 */
#include <dirent.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "evidence_test.h"

#define KERNEL_FLAGS "-mno-sse", "-mno-mmx", "-mno-sse2", "-mno-avx", "-mno-80387", \
		     "-fno-strict-aliasing"

struct cmd_case {
	struct zt_compile_cmd cmd;
	char *scratch;
};

static void make_cmd(struct cmd_case *c, const char *file, char *const *argv)
{
	size_t n = 0;

	while (argv[n])
		n++;
	c->cmd.file = xasprintf("%s/src/%s", EV_DATA, file);
	c->cmd.directory = xstrdup(EV_DATA "/src");
	c->cmd.argv = xcalloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++)
		c->cmd.argv[i] = xstrdup(argv[i]);
	c->cmd.argc = n;
	c->scratch = ev_mkdtemp();
}

static size_t dir_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static void release_cmd(struct cmd_case *c)
{
	/* the collector leaves nothing behind in the scratch directory */
	assert_int_equal(dir_entries(c->scratch), 0);
	rmdir(c->scratch);
	free(c->scratch);
	for (size_t i = 0; i < c->cmd.argc; i++)
		free(c->cmd.argv[i]);
	free(c->cmd.argv);
	free(c->cmd.file);
	free(c->cmd.directory);
}

static long long mxbuf_bytes(enum zt_compiler cc, bool opaque, char **id)
{
	char *inline_argv[] = { "gcc", "-O2", KERNEL_FLAGS, "-c", "mlx5e_xdp_buff.c", NULL };
	char *opaque_argv[] = { "gcc", "-O2", KERNEL_FLAGS, "-DOPAQUE_FILL", "-c",
				"mlx5e_xdp_buff.c", NULL };
	struct cmd_case c = { 0 };
	struct zt_evidence ev;
	const struct zt_autoinit_site *s;
	long long bytes;

	make_cmd(&c, "mlx5e_xdp_buff.c", opaque ? opaque_argv : inline_argv);
	assert_int_equal(zt_evidence_collect(&c.cmd, cc, c.scratch, &ev), 0);
	assert_int_equal(ev.compiler, cc);
	bytes = zt_evidence_bytes(&ev, "rx_packet", "mxbuf");
	/* the declaration is the join key: absolute path, line and column of the name */
	s = ev_site_at(&ev, 53);
	assert_non_null(s);
	assert_string_equal(s->file, EV_DATA "/src/mlx5e_xdp_buff.c");
	assert_int_equal(s->column, 24);
	assert_int_equal(s->var_size, 72);
	assert_false(s->inlined);
	assert_int_equal(zt_evidence_bytes_at(&ev, s->file, 53, 24), bytes);
	assert_true(zt_evidence_frame(&ev, "rx_packet", NULL) >= 72);
	*id = xstrdup(ev.compiler_id);
	zt_evidence_release(&ev);
	release_cmd(&c);
	return bytes;
}

static void test_mlx5e_gcc_keeps_72_clang_less(void **state)
{
	char *gcc_id, *clang_id;
	long long gcc = mxbuf_bytes(ZT_CC_GCC, false, &gcc_id);
	long long clang = mxbuf_bytes(ZT_CC_CLANG, false, &clang_id);

	print_message("mxbuf (72 bytes, inline fill): %s keeps %lld bytes, %s keeps %lld\n",
		      gcc_id, gcc, clang_id, clang);
	assert_true(!strncmp(gcc_id, "gcc-12.", 7));
	assert_true(!strncmp(clang_id, "clang-19.", 9));
	assert_int_equal(gcc, 72);
	assert_true(clang > 0 && clang < 72);
	free(gcc_id);
	free(clang_id);
}

/* Filled by a function the optimizer cannot see: neither compiler can drop a byte. */
static void test_mlx5e_opaque_fill_both_72(void **state)
{
	char *gcc_id, *clang_id;
	long long gcc = mxbuf_bytes(ZT_CC_GCC, true, &gcc_id);
	long long clang = mxbuf_bytes(ZT_CC_CLANG, true, &clang_id);

	print_message("mxbuf (72 bytes, opaque fill): %s keeps %lld bytes, %s keeps %lld\n",
		      gcc_id, gcc, clang_id, clang);
	assert_int_equal(gcc, 72);
	assert_int_equal(clang, 72);
	free(gcc_id);
	free(clang_id);
}

/* Names from the source, inlining from the frame list, for both compilers. */
static void test_cases_both(void **state)
{
	static const enum zt_compiler ccs[] = { ZT_CC_GCC, ZT_CC_CLANG };
	char *argv[] = { "cc", "-O2", "-c", "cases.c", NULL };

	for (size_t i = 0; i < ARRAY_SIZE(ccs); i++) {
		struct cmd_case c = { 0 };
		struct zt_evidence ev;
		const struct zt_autoinit_site *s;

		make_cmd(&c, "cases.c", argv);
		assert_int_equal(zt_evidence_collect(&c.cmd, ccs[i], c.scratch, &ev), 0);
		/* clang said <unknown>: the name comes from the source at the location */
		assert_int_equal(zt_evidence_bytes(&ev, "escapes", "b"), 80);
		assert_int_equal(zt_evidence_bytes(&ev, "overwritten", "p"), -1);
		assert_int_equal(zt_evidence_bytes(&ev, "same_name", "tmp"), 104);
		assert_int_equal(zt_evidence_bytes(&ev, "unrolled", "u"), 80);
		/* clang's four unrolled copies are merged into one site */
		s = ev_site_at(&ev, 102);
		assert_non_null(s);
		assert_int_equal(s->bytes, 80);
		for (size_t k = 0, n = 0; k < ev.n_sites; k++)
			assert_true((n += ev.sites[k].line == 102) <= 1);
		s = ev_site_at(&ev, 76);
		assert_non_null(s);
		assert_string_equal(s->var, "v");
		assert_int_equal(s->bytes, ZT_BYTES_UNKNOWN);
		assert_int_equal(zt_evidence_bytes(&ev, "cloned", "c"), 80);
		assert_int_equal(zt_evidence_bytes(&ev, "partial", "p"), ccs[i] == ZT_CC_GCC ? 24 : 8);
		/* helper() was inlined into calls_helper(): its local is declared before it */
		s = ev_site_at(&ev, 39);
		assert_non_null(s);
		assert_string_equal(s->var, "h");
		assert_string_equal(s->function, "calls_helper");
		assert_true(s->inlined);
		s = ev_site_at(&ev, 19);
		assert_false(s->inlined);
		zt_evidence_release(&ev);
		release_cmd(&c);
	}
}

/*
 * A Kbuild-like command: outputs and dependency files dropped, -D and a
 * relative -I kept (the compile runs in the command's directory), -Werror
 * dropped, the other compiler's options dropped, an unknown option dropped on
 * the retry.
 */
static void test_flag_filter(void **state)
{
	char *argv[] = { "gcc", "-Wp,-MMD,inc/.flags.o.d", "-MD", "-MF", "deps.d", "-Iinc",
			 "-D", "ZT_NEED=2", "-Wall", "-Werror", "-fconserve-stack",
			 "-mretpoline-external-thunk", "-fzerotax-no-such-option", "-O2",
			 "-fno-strict-aliasing", "-o", "/nonexistent/dir/flags.o", "-c",
			 "flags.c", NULL };
	static const enum zt_compiler ccs[] = { ZT_CC_GCC, ZT_CC_CLANG };

	for (size_t i = 0; i < ARRAY_SIZE(ccs); i++) {
		struct cmd_case c = { 0 };
		struct zt_evidence ev;
		const struct zt_autoinit_site *s = NULL;

		make_cmd(&c, "flags.c", argv);
		assert_int_equal(zt_evidence_collect(&c.cmd, ccs[i], c.scratch, &ev), 0);
		assert_int_equal(zt_evidence_bytes(&ev, "flags_case", "f"), 64);
		/*
		 * The header's inline helper. gcc keeps the build's -fconserve-stack,
		 * which stops inlining that grows the frame: the helper stays out of
		 * line. clang drops that gcc-only flag and inlines it: its local shows
		 * up in the caller, declared in another file.
		 */
		for (size_t k = 0; k < ev.n_sites; k++)
			if (ev.sites[k].var && !strcmp(ev.sites[k].var, "hdr"))
				s = &ev.sites[k];
		assert_non_null(s);
		assert_string_equal(s->file, EV_DATA "/src/inc/flags_inc.h");
		assert_int_equal(s->line, 11);
		if (ccs[i] == ZT_CC_GCC) {
			assert_string_equal(s->function, "flags_helper");
			assert_false(s->inlined);
		} else {
			assert_string_equal(s->function, "flags_case");
			assert_true(s->inlined);
		}
		assert_int_equal(zt_evidence_bytes(&ev, s->function, "hdr"), 64);
		zt_evidence_release(&ev);
		release_cmd(&c);
	}
	/* no dependency file was written next to the source */
	assert_int_equal(access(EV_DATA "/src/deps.d", F_OK), -1);
	assert_int_equal(access(EV_DATA "/src/inc/.flags.o.d", F_OK), -1);
}

static void test_compile_error_says_why(void **state)
{
	char *argv[] = { "gcc", "-O2", "-c", "broken.c", NULL };
	static const enum zt_compiler ccs[] = { ZT_CC_GCC, ZT_CC_CLANG };

	for (size_t i = 0; i < ARRAY_SIZE(ccs); i++) {
		struct cmd_case c = { 0 };
		struct zt_evidence ev;
		const char *why;

		make_cmd(&c, "broken.c", argv);
		assert_int_equal(zt_evidence_collect(&c.cmd, ccs[i], c.scratch, &ev), -1);
		why = zt_last_error();
		assert_non_null(strstr(why, "failed to compile"));
		assert_non_null(strstr(why, "broken.c"));
		/* the compiler's own first lines */
		assert_non_null(strstr(why, "zt_undeclared_identifier"));
		assert_int_equal(ev.n_sites, 0);
		zt_evidence_release(&ev);
		release_cmd(&c);
	}
}

static void test_missing_file(void **state)
{
	char *argv[] = { "gcc", "-c", "no-such-file.c", NULL };
	struct cmd_case c = { 0 };
	struct zt_evidence ev;

	make_cmd(&c, "no-such-file.c", argv);
	assert_int_equal(zt_evidence_collect(&c.cmd, ZT_CC_GCC, c.scratch, &ev), -1);
	assert_non_null(strstr(zt_last_error(), "no-such-file.c"));
	assert_int_equal(zt_evidence_collect(&c.cmd, ZT_CC_UNKNOWN, c.scratch, &ev), -1);
	release_cmd(&c);
}

/* cmocka's asserts must not run in other threads: plain checks, a result per compiler. */
static void *collect_both(void *arg)
{
	static const enum zt_compiler ccs[] = { ZT_CC_GCC, ZT_CC_CLANG };
	char *argv[] = { "gcc", "-O2", KERNEL_FLAGS, "-c", "mlx5e_xdp_buff.c", NULL };
	struct zt_compile_cmd cmd = {
		.file = EV_DATA "/src/mlx5e_xdp_buff.c",
		.directory = EV_DATA "/src",
		.argv = argv,
		.argc = ARRAY_SIZE(argv) - 1,
	};
	long long *bytes = arg;

	for (size_t i = 0; i < ARRAY_SIZE(ccs); i++) {
		struct zt_evidence ev;

		bytes[i] = -100;
		if (zt_evidence_collect(&cmd, ccs[i], NULL, &ev))
			continue;
		bytes[i] = zt_evidence_bytes(&ev, "rx_packet", "mxbuf");
		zt_evidence_release(&ev);
	}
	return NULL;
}

/* TUs are analysed in parallel: collections in two threads do not disturb each other. */
static void test_parallel(void **state)
{
	long long bytes[4][2];
	pthread_t t[4];

	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&t[i], NULL, collect_both, bytes[i]), 0);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(pthread_join(t[i], NULL), 0);
		assert_int_equal(bytes[i][0], 72);
		assert_true(bytes[i][1] > 0 && bytes[i][1] < 72);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mlx5e_gcc_keeps_72_clang_less),
		cmocka_unit_test(test_mlx5e_opaque_fill_both_72),
		cmocka_unit_test(test_cases_both),
		cmocka_unit_test(test_flag_filter),
		cmocka_unit_test(test_compile_error_says_why),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_parallel),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
