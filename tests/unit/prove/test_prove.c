// SPDX-License-Identifier: GPL-2.0-only
/* prove's side-effect-free pieces: trace comparison, sparse deltas, patch labels, findings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "commands.h"
#include "prove.h"
#include "zerotax.h"

static char *first_diff(const char *a, const char *b)
{
	return zt_trace_first_diff(a, strlen(a), b, strlen(b));
}

static void test_trace_identical(void **state)
{
	assert_null(first_diff("", ""));
	assert_null(first_diff("rx 64\ntx 64\n", "rx 64\ntx 64\n"));
}

static void test_trace_first_differing_line(void **state)
{
	char *d;

	d = first_diff("rx 64\ntx 64\ndrop 0\n", "rx 64\ntx 63\ndrop 0\n");
	assert_string_equal(d, "line 2: baseline 'tx 64' vs transformed 'tx 63'");
	free(d);
	/* A difference inside a long line still names the whole line. */
	d = first_diff("frame 0 aabbcc\n", "frame 0 aabbcd\n");
	assert_string_equal(d, "line 1: baseline 'frame 0 aabbcc' vs transformed 'frame 0 aabbcd'");
	free(d);
	/* One trace shorter than the other. */
	d = first_diff("a\nb\n", "a\n");
	assert_string_equal(d, "line 2: baseline 'b', transformed ended");
	free(d);
	d = first_diff("a\n", "a\nc\n");
	assert_string_equal(d, "line 2: baseline ended, transformed 'c'");
	free(d);
	/* A missing final newline is a difference too. */
	d = first_diff("a\n", "a");
	assert_non_null(d);
	free(d);
}

static void test_sparse_new_warnings(void **state)
{
	static const char base[] =
		"/src/rd/en_rx.c:10:5: warning: incorrect type in assignment (different base types)\n"
		"/src/rd/en_rx.c:20:5: warning: context imbalance in 'f'\n";
	static const char same_shifted[] =
		"/tmp/xf/rd/en_rx.c:12:5: warning: incorrect type in assignment (different base types)\n"
		"/tmp/xf/rd/en_rx.c:23:5: warning: context imbalance in 'f'\n";
	static const char one_more[] =
		"/tmp/xf/rd/en_rx.c:12:5: warning: incorrect type in assignment (different base types)\n"
		"/tmp/xf/rd/en_rx.c:13:9: warning: incorrect type in assignment (different base types)\n"
		"/tmp/xf/rd/en_rx.c:23:5: warning: context imbalance in 'f'\n";
	char *n;

	assert_null(zt_sparse_new_warnings("", "/src/rd", "", "/tmp/xf/rd"));
	assert_null(zt_sparse_new_warnings(base, "/src/rd", same_shifted, "/tmp/xf/rd"));
	/* Fewer warnings after the rewrite is fine. */
	assert_null(zt_sparse_new_warnings(base, "/src/rd", "", "/tmp/xf/rd"));
	/* The same message twice where the baseline had it once: one is new. */
	n = zt_sparse_new_warnings(base, "/src/rd", one_more, "/tmp/xf/rd");
	assert_string_equal(n, "<tree>/en_rx.c: warning: incorrect type in assignment "
			       "(different base types)\n");
	free(n);
	n = zt_sparse_new_warnings("", "/src/rd", "/tmp/xf/rd/en.h:3: error: bad\n", "/tmp/xf/rd");
	assert_string_equal(n, "<tree>/en.h: error: bad\n");
	free(n);
}

static void test_remap_paths(void **state)
{
	json_t *db = json_pack("[{s:s, s:s, s:[s, s, s, s]}]", "directory", "/r/build",
			       "file", "/r/driver/en_rx.c", "arguments", "gcc-12",
			       "-I/r/driver/include", "-I/r/driver-extra", "/r/driver/en_rx.c");
	char *s;

	s = zt_remap_path_string("-I/r/driver/include", "/r/driver", "/w/xf");
	assert_string_equal(s, "-I/w/xf/include");
	free(s);
	/* A longer name that merely starts with the directory is another directory. */
	s = zt_remap_path_string("/r/driver-extra /r/driver2 /r/driver", "/r/driver", "/w/xf");
	assert_string_equal(s, "/r/driver-extra /r/driver2 /w/xf");
	free(s);

	assert_int_equal(zt_json_remap_paths(db, "/r/driver", "/w/xf"), 0);
	s = json_dumps(db, JSON_COMPACT | JSON_SORT_KEYS);
	assert_string_equal(s, "[{\"arguments\":[\"gcc-12\",\"-I/w/xf/include\","
			       "\"-I/r/driver-extra\",\"/w/xf/en_rx.c\"],\"directory\":"
			       "\"/r/build\",\"file\":\"/w/xf/en_rx.c\"}]");
	free(s);
	json_decref(db);
}

static void test_load_findings(void **state)
{
	static const char json[] =
		"{ \"findings\": [\n"
		" { \"rule\": \"zerotax-stack-autoinit\", \"file\": \"/r/en_rx.c\", \"line\": 7,\n"
		"   \"function\": \"mlx5e_skb_from_cqe_linear\", \"symbol\": \"mxbuf\",\n"
		"   \"type\": \"struct mlx5e_xdp_buff\", \"size\": 72, \"frequency\": \"per-packet\",\n"
		"   \"suppressed\": false,\n"
		"   \"details\": { \"evidence\": { \"gcc\": { \"bytes\": 72 }, \"clang\": null } } },\n"
		" { \"rule\": \"zerotax-stack-autoinit\", \"symbol\": \"quiet\", \"suppressed\": true },\n"
		" { \"rule\": \"zerotax-layout-hole\", \"symbol\": \"mlx5e_rq\" }\n"
		"] }";
	struct zt_prove_report r = { 0 };

	assert_int_equal(zt_prove_load_findings(json, strlen(json), &r), 0);
	assert_int_equal(r.n_findings, 1);
	assert_string_equal(r.findings[0].function, "mlx5e_skb_from_cqe_linear");
	assert_string_equal(r.findings[0].type, "struct mlx5e_xdp_buff");
	assert_int_equal(r.findings[0].size, 72);
	assert_int_equal(r.findings[0].line, 7);
	assert_int_equal(r.findings[0].gcc_bytes, 72);
	assert_int_equal(r.findings[0].clang_bytes, -1);
	zt_prove_report_release(&r);

	assert_int_equal(zt_prove_load_findings("[", 1, &r), -1);
	assert_int_equal(zt_prove_load_findings("{}", 2, &r), -1);
	assert_int_equal(r.n_findings, 0);
}

static int run_cli(char **argv, int argc)
{
	struct zt_ctx ctx = { .argv0 = "zerotax", .out = stdout, .err = stderr };

	return zt_main(&ctx, argc, argv);
}

static void test_cli_usage_errors(void **state)
{
	char *bad_rounds[] = { "zerotax", "prove", "--rounds", "3", NULL };
	char *bad_cc[] = { "zerotax", "prove", "--compilers", "gcc-12,tcc", NULL };
	char *extra[] = { "zerotax", "prove", "extra", NULL };
	char *no_src[] = { "zerotax", "prove", "--source", "/nonexistent/zt", "--build", "/tmp",
			   NULL };

	assert_int_equal(run_cli(bad_rounds, 4), ZT_EXIT_USAGE);
	assert_int_equal(run_cli(bad_cc, 4), ZT_EXIT_USAGE);
	assert_int_equal(run_cli(extra, 3), ZT_EXIT_USAGE);
	assert_int_equal(run_cli(no_src, 6), ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "/nonexistent/zt"));
}

/* The settings line of a patch: only before the first diff, only known keys and values. */
static void test_patch_header(void **state)
{
	char *set[8] = { 0 }, err[256];
	const char *text = "Subject: x\n\nZerotax-Prove: class=buffer-placement rq=legacy "
			   "page-size=65536 modes=drop,tx\n---\n--- a/en_rx.c\n+++ b/en_rx.c\n";

	set[2] = strdup("striding");	/* given on the command line: kept */
	assert_int_equal(zt_patch_parse_header(text, set, err, sizeof(err)), 0);
	assert_string_equal(set[0], "buffer-placement");
	assert_string_equal(set[2], "striding");
	assert_string_equal(set[3], "65536");
	assert_string_equal(set[5], "drop,tx");
	assert_null(set[1]);
	for (int i = 0; i < 8; i++)
		free(set[i]);
	memset(set, 0, sizeof(set));

	assert_int_equal(zt_patch_parse_header("Zerotax-Prove: speed=fast\n", set, err,
					       sizeof(err)), -1);
	assert_non_null(strstr(err, "speed"));
	assert_int_equal(zt_patch_parse_header("Zerotax-Prove: page-size=8192\n", set, err,
					       sizeof(err)), -1);
	assert_int_equal(zt_patch_parse_header("Zerotax-Prove: modes=drop,fly\n", set, err,
					       sizeof(err)), -1);
	/* a line inside the diff is code, not settings */
	assert_int_equal(zt_patch_parse_header("--- a/x\n+++ b/x\nZerotax-Prove: rq=legacy\n",
					       set, err, sizeof(err)), 0);
	assert_null(set[2]);
	assert_null(zt_patch_setting_error(7, "2,4,8"));
	assert_non_null(zt_patch_setting_error(7, "0"));
}

/* Per-round ratios: the median and quartiles of r[i]/base[i]. */
static void test_round_ratios(void **state)
{
	const double base[] = { 10, 10, 20, 10, 40 }, r[] = { 9, 8, 20, 12, 36 };
	double q[5];

	zt_patch_round_ratios(r, base, 5, q);
	assert_float_equal(q[0], 0.9, 1e-9);
	assert_float_equal(q[1], 0.9, 1e-9);
	assert_float_equal(q[2], 1.0, 1e-9);
	assert_float_equal(q[3], 0.8, 1e-9);
	assert_float_equal(q[4], 1.2, 1e-9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_identical),
		cmocka_unit_test(test_trace_first_differing_line),
		cmocka_unit_test(test_sparse_new_warnings),
		cmocka_unit_test(test_remap_paths),
		cmocka_unit_test(test_load_findings),
		cmocka_unit_test(test_cli_usage_errors),
		cmocka_unit_test(test_patch_header),
		cmocka_unit_test(test_round_ratios),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
