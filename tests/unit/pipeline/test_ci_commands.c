// SPDX-License-Identifier: GPL-2.0-only
/* zerotax diff and zerotax merge, driven through the front end on JSON files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "baseline.h"
#include "commands.h"
#include "emit.h"

static char tmpdir[] = "/tmp/zt-ci-XXXXXX";

static struct zt_finding *add(struct zt_findings *fs, enum zt_check_id id, const char *file,
			      unsigned int line, const char *sym, long long size, int lines)
{
	struct zt_finding *f = zt_findings_add(fs, &zt_checks[id]);

	f->file = xstrdup(file);
	f->line = line;
	f->column = 1;
	f->function = id == ZT_CHECK_STACK_AUTOINIT ? xstrdup("rx") : NULL;
	f->symbol = xstrdup(sym);
	f->type = xasprintf("struct %s", sym);
	f->size = size;
	f->message = xasprintf("about %s", sym);
	f->freq = ZT_FREQ_PER_PACKET;
	if (lines)
		f->details = json_pack("{s:i}", "cachelines", lines);
	/* Same source text whatever the line: only identity matters here. */
	f->fingerprint = zt_fingerprint(f, sym, "/tree");
	return f;
}

static char *save(const char *name, struct zt_findings *fs, json_t *run)
{
	char *path = xasprintf("%s/%s", tmpdir, name);
	struct zt_emit_conf conf = { .command = "check", .run_info = run };
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	assert_int_equal(findings__fprintf_json(fs, &conf, fp), 0);
	fclose(fp);
	zt_findings_release(fs);
	return path;
}

static int run(char **out, int argc, char **argv)
{
	size_t len;
	FILE *fp = open_memstream(out, &len);
	struct zt_ctx ctx = { .out = fp, .err = stderr, .jobs = 1 };
	int ret = zt_main(&ctx, argc, argv);

	fclose(fp);
	return ret;
}

static void test_diff_reports_new_fixed_and_growth(void **state)
{
	struct zt_findings a = { 0 }, b = { 0 };
	char *old, *new, *out;

	add(&a, ZT_CHECK_STACK_AUTOINIT, "/tree/en_rx.c", 10, "mxbuf", 72, 0);
	add(&a, ZT_CHECK_STACK_AUTOINIT, "/tree/en_rx.c", 20, "gone", 72, 0);
	add(&a, ZT_CHECK_LAYOUT_BLOAT, "/tree/en.h", 5, "mlx5e_rq", 128, 2);
	add(&b, ZT_CHECK_STACK_AUTOINIT, "/tree/en_rx.c", 14, "mxbuf", 72, 0);
	add(&b, ZT_CHECK_STACK_AUTOINIT, "/tree/en_rx.c", 30, "fresh", 96, 0);
	add(&b, ZT_CHECK_LAYOUT_BLOAT, "/tree/en.h", 5, "mlx5e_rq", 136, 3);
	old = save("old.json", &a, NULL);
	new = save("new.json", &b, NULL);

	char *argv[] = { "zerotax", "diff", old, new, NULL };
	assert_int_equal(run(&out, 4, argv), ZT_EXIT_FINDINGS);
	assert_non_null(strstr(out, "new: /tree/en_rx.c:30:1: about fresh [zerotax-stack-autoinit]"));
	assert_non_null(strstr(out, "fixed: /tree/en_rx.c:20:1: about gone"));
	assert_non_null(strstr(out, "changed: /tree/en.h:5: struct mlx5e_rq mlx5e_rq from 128 to "
				    "136 bytes, 2 to 3 cache lines [zerotax-layout-bloat]"));
	assert_non_null(strstr(out, "1 new, 1 fixed, 1 changed, 1 unchanged\n"));
	free(out);

	/* The same file against itself: nothing new, exit 0. */
	char *same[] = { "zerotax", "diff", new, new, NULL };
	assert_int_equal(run(&out, 4, same), ZT_EXIT_CLEAN);
	assert_non_null(strstr(out, "0 new, 0 fixed, 0 changed, 3 unchanged\n"));
	free(out);
	unlink(old);
	unlink(new);
	free(old);
	free(new);
}

static void test_diff_bad_input(void **state)
{
	char *path = xasprintf("%s/broken.json", tmpdir), *out;

	assert_int_equal(zt_write_file(path, "{ not json", 10), 0);
	char *argv[] = { "zerotax", "diff", path, path, NULL };
	assert_int_equal(run(&out, 4, argv), ZT_EXIT_INPUT);
	free(out);
	char *one[] = { "zerotax", "diff", path, NULL };
	assert_int_equal(run(&out, 3, one), ZT_EXIT_USAGE);
	free(out);
	unlink(path);
	free(path);
}

static void test_merge_equals_union(void **state)
{
	struct zt_findings s1 = { 0 }, s2 = { 0 }, merged = { 0 };
	json_t *run1 = json_pack("{s:i, s:[{s:s, s:s}], s:s}", "files", 3, "unparsed", "file",
				 "/tree/bad.c", "error", "x", "evidence", "both");
	json_t *run2 = json_pack("{s:i, s:[]}", "files", 2, "unparsed");
	char *p1, *p2, *outp = xasprintf("%s/merged.json", tmpdir), *out;
	json_t *doc = NULL;

	add(&s1, ZT_CHECK_STACK_AUTOINIT, "/tree/a.c", 10, "x", 72, 0);
	/* An inline function of a header is seen by both shards: reported once. */
	add(&s1, ZT_CHECK_STACK_AUTOINIT, "/tree/h.h", 3, "inl", 80, 0);
	add(&s2, ZT_CHECK_STACK_AUTOINIT, "/tree/h.h", 3, "inl", 80, 0);
	add(&s2, ZT_CHECK_STACK_AUTOINIT, "/tree/b.c", 7, "y", 96, 0);
	p1 = save("s1.json", &s1, run1);
	p2 = save("s2.json", &s2, run2);

	char *argv[] = { "zerotax", "merge", "-o", outp, p1, p2, NULL };
	assert_int_equal(run(&out, 6, argv), ZT_EXIT_FINDINGS);
	free(out);
	assert_int_equal(zt_findings_load_json(outp, &merged, &doc), 0);
	assert_int_equal(merged.n, 3);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(doc, "run"), "files")),
			 5);
	assert_int_equal(json_array_size(json_object_get(json_object_get(doc, "run"), "unparsed")),
			 1);
	assert_string_equal(json_string_value(json_object_get(json_object_get(doc, "run"),
							       "evidence")), "both");
	json_decref(doc);
	zt_findings_release(&merged);
	json_decref(run1);
	json_decref(run2);
	unlink(p1);
	unlink(p2);
	unlink(outp);
	free(p1);
	free(p2);
	free(outp);
}

static int setup(void **state)
{
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	return rmdir(tmpdir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diff_reports_new_fixed_and_growth),
		cmocka_unit_test(test_diff_bad_input),
		cmocka_unit_test(test_merge_equals_union),
	};

	return cmocka_run_group_tests_name("ci-commands", tests, setup, teardown);
}
