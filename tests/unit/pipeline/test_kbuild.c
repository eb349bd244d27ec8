// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kbuild mode: sparse-only flags are dropped, the rest kept; the results file
 * takes whole lines from many writers at once (make -j) and loses none; a
 * line that cannot be read loses only its own TU.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "check_pipeline.h"
#include "zerotax.h"

static void test_sparse_flags(void **state)
{
	char *argv[] = { "-D__linux__", "-Wbitwise", "--arch=x86", "-mlittle-endian", "-m64",
			 "-Wno-return-void", "-gcc-base-dir", "/usr/lib/gcc", "-D__STDC__",
			 "-Wp,-MMD,x.d", "-nostdinc", "-fmemcpy-max-count=4096", "-O2", NULL };
	int expect[] = { 0, 1, 1, 1, 0, 1, 2, -1, 1, 0, 0, 1, 0 };

	for (int i = 0; argv[i]; i++) {
		if (expect[i] < 0)
			continue;
		assert_int_equal(zt_kbuild_sparse_flag(argv, i), expect[i]);
	}
}

/* A results line as big as a real TU's, so writes go beyond PIPE_BUF. */
static json_t *fat_result(int writer, int n)
{
	struct zt_tu_result r = { 0 };
	char *argv[] = { "gcc", "-c", "x.c", NULL };
	json_t *o;
	char *pad = xmalloc(200001);

	r.cmd.file = xasprintf("/t/w%d-%d.c", writer, n);
	r.cmd.directory = xstrdup("/t");
	r.cmd.argc = 3;
	r.cmd.argv = xcalloc(4, sizeof(char *));
	for (int i = 0; argv[i]; i++)
		r.cmd.argv[i] = xstrdup(argv[i]);
	r.facts.file = xstrdup(r.cmd.file);
	memset(pad, 'a' + writer, 200000);
	pad[200000] = '\0';
	r.ev_error[0] = pad;
	o = zt_tu_result_to_json(&r);
	zt_tu_result_release(&r);
	return o;
}

static void test_results_append_concurrent(void **state)
{
	char path[] = "/tmp/zt-results-XXXXXX";
	int fd = mkstemp(path), writers = 4, per = 8;
	struct zt_tu_result *v = NULL;
	size_t n = 0;
	pid_t pids[4];

	assert_true(fd >= 0);
	close(fd);
	for (int w = 0; w < writers; w++) {
		pids[w] = fork();
		assert_true(pids[w] >= 0);
		if (!pids[w]) {
			int bad = 0;

			for (int i = 0; i < per; i++) {
				json_t *o = fat_result(w, i);

				bad |= zt_results_append(path, o);
				json_decref(o);
			}
			_exit(bad ? 1 : 0);
		}
	}
	for (int w = 0; w < writers; w++) {
		int st;

		assert_int_equal(waitpid(pids[w], &st, 0), pids[w]);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	/* Every line parses (none torn), and every writer's every line is there. */
	assert_int_equal(zt_tu_results_load(path, &v, &n), 0);
	assert_int_equal(n, (size_t)(writers * per));
	for (int w = 0; w < writers; w++) {
		for (int i = 0; i < per; i++) {
			char *want = xasprintf("/t/w%d-%d.c", w, i);
			bool found = false;

			for (size_t k = 0; k < n && !found; k++)
				found = !strcmp(v[k].cmd.file, want) &&
					v[k].ev_error[0][199999] == 'a' + w;
			assert_true(found);
			free(want);
		}
	}
	for (size_t k = 0; k < n; k++)
		zt_tu_result_release(&v[k]);
	free(v);
	unlink(path);
}

static void append_raw(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "a");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void release_all(struct zt_tu_result *v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		zt_tu_result_release(&v[k]);
	free(v);
}

/*
 * A line that cannot be read (garbage, or the cut last line a killed check
 * leaves) stands in for its TU; the others are read; the next append starts
 * a line of its own, and a rebuild's whole line for the cut TU replaces it.
 */
static void test_results_bad_lines(void **state)
{
	char path[] = "/tmp/zt-results-XXXXXX";
	int fd = mkstemp(path);
	json_t *a = fat_result(0, 0), *b = fat_result(1, 0), *c = fat_result(2, 0);
	char *whole = json_dumps(c, JSON_COMPACT);
	struct zt_tu_result *v = NULL;
	struct zt_ci_tus tus;
	size_t n = 0;

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(zt_results_append(path, a), 0);
	append_raw(path, "{\"zerotax-tu\": oops\n", 20);
	assert_int_equal(zt_results_append(path, b), 0);
	append_raw(path, whole, strlen(whole) / 2);	/* killed while writing c */

	assert_int_equal(zt_tu_results_load(path, &v, &n), 0);
	assert_int_equal(n, 4);
	assert_false(v[0].unreadable);
	assert_true(v[1].unreadable);
	assert_true(v[1].facts.failed);
	assert_int_equal(v[1].facts.n_errors, 1);
	assert_non_null(strstr(v[1].cmd.file, ":2"));
	assert_non_null(strstr(v[1].facts.errors[0].message, "not JSON"));
	assert_false(v[2].unreadable);
	assert_string_equal(v[2].cmd.file, "/t/w1-0.c");
	/* the cut line's start names its command */
	assert_true(v[3].unreadable);
	assert_string_equal(v[3].cmd.file, "/t/w2-0.c");
	assert_int_equal(v[3].cmd.argc, 3);
	assert_non_null(strstr(v[3].facts.errors[0].message, "cut last line"));
	release_all(v, n);

	/* the rebuild appends c again: a line of its own, and it replaces the cut one */
	v = NULL;
	n = 0;
	assert_int_equal(zt_results_append(path, c), 0);
	assert_int_equal(zt_tu_results_load(path, &v, &n), 0);
	assert_int_equal(n, 5);
	assert_true(v[3].unreadable);
	assert_false(v[4].unreadable);
	assert_string_equal(v[4].cmd.file, "/t/w2-0.c");
	zt_ci_tus_from_results(v, n, &tus);
	assert_int_equal(tus.n, 4);
	for (size_t k = 0; k < tus.n; k++)
		if (!strcmp(tus.v[k].cmd.file, "/t/w2-0.c"))
			assert_false(tus.v[k].unreadable);
	zt_ci_tus_release(&tus);

	free(whole);
	json_decref(a);
	json_decref(b);
	json_decref(c);
	unlink(path);
}

static void test_repeats_keep_the_last(void **state)
{
	struct zt_tu_result *v = xcalloc(3, sizeof(*v));
	char *argv[] = { "gcc", "-c", "x.c", NULL };
	const char *files[] = { "/t/b.c", "/t/a.c", "/t/b.c" };
	struct zt_ci_tus tus;

	for (int i = 0; i < 3; i++) {
		v[i].cmd.file = xstrdup(files[i]);
		v[i].cmd.directory = xstrdup("/t");
		v[i].cmd.argc = 3;
		v[i].cmd.argv = xcalloc(4, sizeof(char *));
		for (int k = 0; argv[k]; k++)
			v[i].cmd.argv[k] = xstrdup(argv[k]);
		v[i].facts.file = xasprintf("run %d", i);
	}
	zt_ci_tus_from_results(v, 3, &tus);
	assert_int_equal(tus.n, 2);
	assert_string_equal(tus.v[0].cmd.file, "/t/a.c");
	assert_string_equal(tus.v[1].cmd.file, "/t/b.c");
	assert_string_equal(tus.v[1].facts.file, "run 2");
	zt_ci_tus_release(&tus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sparse_flags),
		cmocka_unit_test(test_results_append_concurrent),
		cmocka_unit_test(test_results_bad_lines),
		cmocka_unit_test(test_repeats_keep_the_last),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
