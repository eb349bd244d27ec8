// SPDX-License-Identifier: GPL-2.0-only
/* GCC-style text: what editors and CI log parsers read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "emit_test.h"

static void test_gcc_style_lines(void **state)
{
	struct zt_findings fs = { 0 };
	struct zt_emit_conf conf = { .command = "check" };
	char *out;

	emit_sample(&fs);
	out = emit_to_string(findings__fprintf_text, &fs, &conf);
	assert_string_equal(out,
		"/src/ref driver/en_rx.c:1750:25: warning: 72-byte 'struct mlx5e_xdp_buff mxbuf' "
		"zeroed on every packet under -ftrivial-auto-var-init=zero (gcc-12: 72 bytes "
		"survive; clang-19: 8) [zerotax-stack-autoinit]\n"
		"/src/ref driver/en_rx.c:1750:25: note: hot path: mlx5e_napi_poll -> "
		"mlx5e_poll_rx_cq -> mlx5e_handle_rx_cqe_mpwrq -> mlx5e_skb_from_cqe_mpwrq_linear "
		"(per-packet)\n"
		"/src/ref driver/en_rx.c:1750:25: note: keep one per queue in 'rq' "
		"(struct mlx5e_rq *)\n");
	free(out);
	zt_findings_release(&fs);
}

/* Suppressed findings are hidden unless asked for, then marked. No column: file:line. */
static void test_suppressed_and_base_dir(void **state)
{
	struct zt_findings fs = { 0 };
	struct zt_emit_conf conf = { .command = "check", .base_dir = "/src/ref driver/",
				     .show_suppressed = true };
	char *out;

	emit_sample(&fs);
	out = emit_to_string(findings__fprintf_text, &fs, &conf);
	assert_non_null(strstr(out, "\nen_tx.c:40: warning: 128-byte 'attr' = {} zeroed on every "
				    "call [zerotax-stack-explicit-init] (suppressed: zerotax:ignore "
				    "stack-explicit-init (measured: no cost))\n"));
	assert_true(!strncmp(out, "en_rx.c:1750:25: warning: ", 26));
	free(out);
	zt_findings_release(&fs);
}

static void test_empty(void **state)
{
	struct zt_findings fs = { 0 };
	char *out = emit_to_string(findings__fprintf_text, &fs, NULL);

	assert_string_equal(out, "");
	free(out);
}

static void test_dispatch_by_format(void **state)
{
	struct zt_findings fs = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	emit_sample(&fs);
	fp = open_memstream(&buf, &len);
	assert_int_equal(findings__fprintf(&fs, NULL, ZT_FORMAT_TEXT, fp), 0);
	assert_int_equal(findings__fprintf(&fs, NULL, ZT_FORMAT_JSON, fp), 0);
	assert_int_equal(findings__fprintf(&fs, NULL, ZT_FORMAT_SARIF, fp), 0);
	fclose(fp);
	assert_non_null(strstr(buf, "[zerotax-stack-autoinit]\n"));
	assert_non_null(strstr(buf, "\"tool\": \"zerotax\""));
	assert_non_null(strstr(buf, "\"version\": \"2.1.0\""));
	free(buf);
	zt_findings_release(&fs);
}

/* gcc and report: one line a finding, no notes, printed by the emitters. */
static void test_one_line_formats(void **state)
{
	struct zt_findings fs = { 0 };
	struct zt_emit_conf conf = { .command = "check", .base_dir = "/src/ref driver" };
	char *gcc, *report, *buf = NULL;
	size_t len = 0;
	FILE *fp;

	emit_sample(&fs);
	gcc = emit_to_string(findings__fprintf_gcc, &fs, &conf);
	report = emit_to_string(findings__fprintf_report, &fs, &conf);
	assert_true(!strncmp(gcc, "en_rx.c:1750:25: warning: ", 26));
	assert_null(strstr(gcc, "note:"));
	assert_true(!strncmp(report, "en_rx.c:1750:24-", 16));
	assert_non_null(strstr(report, ": WARNING: "));
	assert_null(strstr(report, "note:"));
	fp = open_memstream(&buf, &len);
	assert_int_equal(findings__fprintf(&fs, &conf, ZT_FORMAT_GCC, fp), 0);
	assert_int_equal(findings__fprintf(&fs, &conf, ZT_FORMAT_REPORT, fp), 0);
	fclose(fp);
	assert_int_equal(strlen(buf), strlen(gcc) + strlen(report));
	assert_true(!strncmp(buf, gcc, strlen(gcc)));
	free(buf);
	free(gcc);
	free(report);
	zt_findings_release(&fs);
}

static void test_relative_path(void **state)
{
	char *r;

	r = zt_emit_relative_path("/src/tree", "/src/tree/drivers/a.c");
	assert_string_equal(r, "drivers/a.c");
	free(r);
	r = zt_emit_relative_path("/src/tree/", "/src/tree/a.c");
	assert_string_equal(r, "a.c");
	free(r);
	r = zt_emit_relative_path("/", "/a.c");
	assert_string_equal(r, "a.c");
	free(r);
	assert_null(zt_emit_relative_path("/src/tree", "/src/treehouse/a.c"));
	assert_null(zt_emit_relative_path("/src/tree", "/src/tree"));
	assert_null(zt_emit_relative_path("/src/tree", "drivers/a.c"));
	assert_null(zt_emit_relative_path(NULL, "/src/tree/a.c"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gcc_style_lines),
		cmocka_unit_test(test_suppressed_and_base_dir),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_dispatch_by_format),
		cmocka_unit_test(test_one_line_formats),
		cmocka_unit_test(test_relative_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
