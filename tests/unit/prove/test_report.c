// SPDX-License-Identifier: GPL-2.0-only
/* report: bench JSON parsing, the seed-shaped table, percentages, the chart, the pages. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "prove_report.h"
#include "zerotax.h"

/* Two XDP modes, six variants: the shape of one rd-bench run of one compiler. */
static const char bench_json[] =
	"{ \"tool\": \"rd-bench\", \"profile\": \"udp64\", \"rounds\": 5,\n"
	"  \"results\": [\n"
	"  { \"variant\": \"baseline-none\", \"mode\": \"drop\", \"rounds\": 5,\n"
	"    \"mpps\": { \"median\": 31.47, \"min\": 31.20, \"max\": 31.60 },\n"
	"    \"ns_per_packet\": { \"median\": 31.78, \"min\": 31.65, \"max\": 32.05 },\n"
	"    \"instructions_per_packet\": 400.0 },\n"
	"  { \"variant\": \"transformed-none\", \"mode\": \"drop\", \"rounds\": 5,\n"
	"    \"mpps\": { \"median\": 32.31, \"min\": 32.0, \"max\": 32.5 },\n"
	"    \"instructions_per_packet\": 398.0 },\n"
	/* What rd-bench writes: the spread in ns, the rounds in order. */
	"  { \"mode\": \"drop\", \"variant\": \"baseline-zero\", \"so\": \"/b/x.so\",\n"
	"    \"build\": \"gcc-12 autoinit=zero\",\n"
	"    \"ns_per_packet\": {\"median\": 41.118, \"min\": 40.000, \"max\": 42.000},\n"
	"    \"mpps\": 24.32, \"ratio\": {\"median\": 1.0, \"min\": 1.0, \"max\": 1.0},\n"
	"    \"rounds_ns\": [41.1, 40.0, 42.0, 41.2, 41.0], \"instructions_per_packet\": 412.00 },\n"
	"  { \"mode\": \"drop\", \"variant\": \"transformed-zero\", \"so\": \"/b/y.so\",\n"
	"    \"build\": \"gcc-12 autoinit=zero\",\n"
	"    \"ns_per_packet\": {\"median\": 30.99, \"min\": 30.9, \"max\": 31.2},\n"
	"    \"mpps\": 32.27, \"ratio\": {\"median\": 0.75, \"min\": 0.74, \"max\": 0.76},\n"
	"    \"rounds_ns\": [31.0, 30.9, 31.2, 30.99, 31.1], \"instructions_per_packet\": 398.00 },\n"
	"  { \"variant\": \"baseline-none\", \"mode\": \"tx\", \"mpps\": 12.41 },\n"
	"  { \"variant\": \"transformed-none\", \"mode\": \"tx\", \"mpps\": 12.95 },\n"
	"  { \"variant\": \"baseline-zero\", \"mode\": \"tx\", \"mpps\": 11.80 },\n"
	"  { \"variant\": \"transformed-zero\", \"mode\": \"tx\", \"mpps\": 12.24 },\n"
	"  { \"variant\": \"baseline-pattern\", \"mode\": \"drop\", \"mpps\": 20.0 },\n"
	"  { \"variant\": \"transformed-pattern\", \"mode\": \"drop\", \"mpps\": 30.0 },\n"
	"  { \"variant\": \"baseline-pattern\", \"mode\": \"tx\", \"mpps\": 10.0 },\n"
	"  { \"variant\": \"transformed-pattern\", \"mode\": \"tx\", \"mpps\": 9.0 }\n"
	"] }\n";

/* The upstream commit message's table: the shape scripts parse. */
static const char expected_table[] =
	"Stack zeroing disabled:\n"
	"- XDP_DROP:\n"
	"    * baseline:    31.47 Mpps\n"
	"    * transformed: 32.31 Mpps (+2.67%)\n"
	"- XDP_TX:\n"
	"    * baseline:    12.41 Mpps\n"
	"    * transformed: 12.95 Mpps (+4.35%)\n"
	"\n"
	"Stack zeroing enabled:\n"
	"- XDP_DROP:\n"
	"    * baseline:    24.32 Mpps\n"
	"    * transformed: 32.27 Mpps (+32.69%)\n"
	"- XDP_TX:\n"
	"    * baseline:    11.80 Mpps\n"
	"    * transformed: 12.24 Mpps (+3.73%)\n"
	"\n"
	"Stack pattern init (-ftrivial-auto-var-init=pattern):\n"
	"- XDP_DROP:\n"
	"    * baseline:    20.00 Mpps\n"
	"    * transformed: 30.00 Mpps (+50.00%)\n"
	"- XDP_TX:\n"
	"    * baseline:    10.00 Mpps\n"
	"    * transformed: 9.00 Mpps (-10.00%)\n";

static char *render(int (*fn)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	assert_non_null(mem);
	assert_int_equal(fn(mem, arg), 0);
	fclose(mem);
	return buf;
}

static void load(struct zt_bench *b, const char *compiler)
{
	assert_int_equal(zt_bench_parse_json(bench_json, strlen(bench_json), compiler, b), 0);
}

static void test_parse_bench_json(void **state)
{
	struct zt_bench b = { 0 };
	const struct zt_bench_row *r;

	load(&b, "gcc-12");
	assert_int_equal(b.n, 12);
	r = zt_bench_find(&b, "gcc-12", "baseline", "none", "drop");
	assert_non_null(r);
	assert_string_equal(r->variant, "baseline-none");
	assert_true(fabs(r->mpps - 31.47) < 1e-9);
	assert_true(fabs(r->mpps_lo - 31.20) < 1e-9);
	assert_true(fabs(r->mpps_hi - 31.60) < 1e-9);
	assert_true(fabs(r->ns - 31.78) < 1e-9);
	assert_true(fabs(r->insns - 400.0) < 1e-9);
	assert_int_equal(r->rounds, 5);

	/* A bare number is the median; ns/packet is derived; no callgrind means unknown. */
	r = zt_bench_find(&b, "gcc-12", "transformed", "zero", "tx");
	assert_non_null(r);
	assert_true(fabs(r->mpps_lo - 12.24) < 1e-9 && fabs(r->mpps_hi - 12.24) < 1e-9);
	assert_true(fabs(r->ns - 1000.0 / 12.24) < 1e-9);
	assert_true(r->insns < 0);

	/* rd-bench's form: Mpps spread from the slowest and fastest round, rounds kept. */
	r = zt_bench_find(&b, "gcc-12", "baseline", "zero", "drop");
	assert_non_null(r);
	assert_true(fabs(r->mpps - 24.32) < 1e-9);
	assert_true(fabs(r->mpps_lo - 1000.0 / 42.0) < 1e-9);
	assert_true(fabs(r->mpps_hi - 1000.0 / 40.0) < 1e-9);
	assert_true(fabs(r->ns - 41.118) < 1e-9);
	assert_int_equal(r->rounds, 5);
	assert_int_equal(r->n_rounds_ns, 5);
	assert_true(fabs(r->rounds_ns[2] - 42.0) < 1e-9);

	assert_null(zt_bench_find(&b, "clang-19", "baseline", "none", "drop"));
	assert_null(zt_bench_find(&b, "gcc-12", "uninit", "none", "drop"));
	zt_bench_release(&b);
}

static void test_parse_bench_rejects_bad_input(void **state)
{
	static const char *const bad[] = {
		"not json",
		"{ \"rounds\": 5 }",
		"{ \"results\": [ 1 ] }",
		"{ \"results\": [ { \"variant\": \"baseline-none\" } ] }",
		"{ \"results\": [ { \"variant\": \"nodash\", \"mode\": \"drop\", \"mpps\": 1 } ] }",
		"{ \"results\": [ { \"variant\": \"baseline-none\", \"mode\": \"drop\" } ] }",
		"{ \"results\": [ { \"variant\": \"baseline-none\", \"mode\": \"drop\", "
		"\"mpps\": { \"min\": 1 } } ] }",
	};
	struct zt_bench b = { 0 };

	load(&b, "gcc-12");
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		/* A bad document adds nothing and keeps what was there. */
		assert_int_equal(zt_bench_parse_json(bad[i], strlen(bad[i]), "clang-19", &b), -1);
		assert_int_equal(b.n, 12);
	}
	zt_bench_release(&b);
}

static void test_round_gain(void **state)
{
	struct zt_bench b = { 0 };
	const struct zt_bench_row *base, *xf;
	struct zt_gain g;
	double v[5];

	load(&b, "gcc-12");
	base = zt_bench_find(&b, "gcc-12", "baseline", "zero", "drop");
	xf = zt_bench_find(&b, "gcc-12", "transformed", "zero", "drop");
	assert_int_equal(zt_bench_round_gain(base, xf, &g), 0);
	/* Round by round, sorted: 40.0/30.9, 41.0/31.1, 41.1/31.0, 41.2/30.99, 42.0/31.2. */
	v[0] = (40.0 / 30.9 - 1) * 100;
	v[1] = (41.0 / 31.1 - 1) * 100;
	v[2] = (41.1 / 31.0 - 1) * 100;
	v[3] = (41.2 / 30.99 - 1) * 100;
	v[4] = (42.0 / 31.2 - 1) * 100;
	assert_true(fabs(g.med - v[2]) < 1e-9);
	assert_true(fabs(g.lo - v[0]) < 1e-9);
	assert_true(fabs(g.hi - v[4]) < 1e-9);
	/* Five values: the quartiles fall on the second and fourth. */
	assert_true(fabs(g.q1 - v[1]) < 1e-9);
	assert_true(fabs(g.q3 - v[3]) < 1e-9);
	/* No rounds (a bare mpps) or rounds that do not pair up: no per-round figure. */
	assert_int_equal(zt_bench_round_gain(base, zt_bench_find(&b, "gcc-12", "transformed",
								 "none", "drop"), &g), -1);
	zt_bench_release(&b);
}

static void test_percentages(void **state)
{
	char buf[32];

	assert_true(fabs(zt_pct_change(24.32, 32.27) - 32.689144736842) < 1e-9);
	assert_true(fabs(zt_pct_change(10.0, 9.0) + 10.0) < 1e-12);
	assert_true(isnan(zt_pct_change(0.0, 1.0)));
	assert_true(isnan(zt_pct_change(-1.0, 1.0)));
	assert_true(isnan(zt_pct_change(1.0, NAN)));

	zt_fmt_pct(buf, sizeof(buf), 32.689);
	assert_string_equal(buf, "+32.69%");
	zt_fmt_pct(buf, sizeof(buf), -0.414);
	assert_string_equal(buf, "-0.41%");
	zt_fmt_pct(buf, sizeof(buf), -0.001);
	assert_string_equal(buf, "+0.00%");
	zt_fmt_pct(buf, sizeof(buf), NAN);
	assert_string_equal(buf, "n/a");
}

struct table_arg {
	const struct zt_bench *b;
	const char *compiler;
};

static int table_fn(FILE *fp, const void *arg)
{
	const struct table_arg *t = arg;

	return zt_prove_report_table(fp, t->b, t->compiler);
}

static void test_table_shape(void **state)
{
	struct zt_bench b = { 0 };
	struct table_arg t = { &b, "gcc-12" };
	char *out;

	load(&b, "gcc-12");
	load(&b, "clang-19");
	out = render(table_fn, &t);
	/* Exactly the seed's shape first, then pattern init, then the details. */
	assert_memory_equal(out, expected_table, strlen(expected_table));
	assert_non_null(strstr(out + strlen(expected_table),
			       "\nDetails (median of 5 rounds, [min..max] over the rounds):\n"));
	assert_non_null(strstr(out, "  none    XDP_DROP baseline      31.47 Mpps [31.20..31.60]"
				    "   31.78 ns/packet    400.0 instructions/packet\n"));
	assert_non_null(strstr(out, "\nChange per interleaved round (median, quartiles, range):\n"
				    "  zero    XDP_DROP transformed  +32.58% IQR [+31.83%..+32.95%] "
				    "range [+29.45%..+34.62%] vs baseline\n"));
	free(out);
	zt_bench_release(&b);
}

static void test_table_missing_cell_fails(void **state)
{
	static const char partial[] =
		"{ \"results\": [ { \"variant\": \"baseline-none\", \"mode\": \"drop\", \"mpps\": 3 } ] }";
	struct zt_bench b = { 0 };
	FILE *null = fopen("/dev/null", "w");

	assert_int_equal(zt_bench_parse_json(partial, strlen(partial), "gcc-12", &b), 0);
	assert_int_equal(zt_prove_report_table(null, &b, "gcc-12"), -1);
	assert_non_null(strstr(zt_last_error(), "no bench result for gcc-12"));
	fclose(null);
	zt_bench_release(&b);
}

struct svg_arg {
	const struct zt_bench *b;
	char *const *compilers;
	size_t n;
};

static int svg_fn(FILE *fp, const void *arg)
{
	const struct svg_arg *s = arg;

	return zt_prove_report_svg(fp, s->b, s->compilers, s->n);
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

static void test_svg_chart(void **state)
{
	char *compilers[] = { "gcc-12", "clang-19" };
	struct zt_bench b = { 0 };
	struct svg_arg s = { &b, compilers, 2 };
	char *out;

	load(&b, "gcc-12");
	load(&b, "clang-19");
	out = render(svg_fn, &s);
	assert_true(!strncmp(out, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39));
	assert_non_null(strstr(out, "</svg>\n"));
	/* One bar per measured variant and mode and compiler. */
	assert_int_equal(count(out, "<rect class=\"bar\""), 24);
	assert_int_equal(count(out, "class=\"panel\""), 4);
	assert_non_null(strstr(out, "<title>baseline-zero: 24.32 Mpps</title>"));
	assert_non_null(strstr(out, "clang-19 XDP_TX</text>"));
	/* In the DROP panel the tallest whisker (32.5) gives a 35.75 Mpps high; 24.32 is 163 px. */
	assert_non_null(strstr(out, "height=\"163\" fill=\"#9e9e9e\"><title>baseline-zero: 24.32"));
	free(out);
	zt_bench_release(&b);
}

static void fill_report(struct zt_prove_report *r)
{
	memset(r, 0, sizeof(*r));
	load(&r->bench, "gcc-12");
	r->compilers = xcalloc(1, sizeof(char *));
	r->compilers[r->n_compilers++] = xstrdup("gcc-12");
	r->findings = xcalloc(1, sizeof(*r->findings));
	r->findings[0] = (struct zt_prove_report_finding){
		.file = xstrdup("/x/en_rx.c"), .line = 10, .function = xstrdup("rx_linear"),
		.symbol = xstrdup("mxbuf"), .type = xstrdup("struct mlx5e_xdp_buff"), .size = 72,
		.gcc_bytes = 72, .clang_bytes = 8, .frequency = xstrdup("per-packet"),
	};
	r->n_findings = 1;
	r->bench_function = xstrdup("rx_linear");
	r->bench_profile = xstrdup("udp64");
	r->bench_rq = xstrdup("striding");
	r->rounds = 5;
	r->packets = 1000;
	r->patch = xstrdup("--- a/en_rx.c\n+++ b/en_rx.c\n@@ -1 +1 @@\n-\tstruct x mxbuf;\n"
			   "+\tstruct x *mxbuf = &rq->mxbuf; /* <&> */\n");
	r->uninit_note = xstrdup("the remark shows a partial store");
	r->diffs = xcalloc(1, sizeof(*r->diffs));
	r->diffs[0] = (struct zt_diff_case){ .compiler = xstrdup("gcc-12"),
		.profile = xstrdup("udp64"), .mode = xstrdup("drop"), .rq = xstrdup("legacy"),
		.lines = 42, .same = true };
	r->n_diffs = 1;
	r->sparse_baseline = xstrdup("");
	r->sparse_transformed = xstrdup("");
	zt_prove_report_add_step(r, "check", 1.5, "ok");
}

static int md_fn(FILE *fp, const void *arg)
{
	return zt_prove_report_markdown(fp, arg);
}

static int html_fn(FILE *fp, const void *arg)
{
	return zt_prove_report_html(fp, arg);
}

static void test_markdown_and_prediction(void **state)
{
	struct zt_prove_report r;
	char *out;

	fill_report(&r);
	assert_int_equal(zt_prove_report_predicted_bytes(&r, "gcc-12"), 72);
	assert_int_equal(zt_prove_report_predicted_bytes(&r, "clang-19"), 8);
	out = render(md_fn, &r);
	assert_non_null(strstr(out, "Compiler: gcc-12\nStack zeroing disabled:\n"));
	/* Prediction next to the measured delta: 412 - 398 = 14 instructions. */
	assert_non_null(strstr(out, "| gcc-12 | XDP_DROP | 72 | 9 | 412.0 | 398.0 | +14.0 | +12.0 |"));
	assert_non_null(strstr(out, "| gcc-12 | XDP_TX | 72 | 9 | not measured |"));
	/* The patch in full, the refusal of the second strategy, the differential test. */
	assert_non_null(strstr(out, "```diff\n--- a/en_rx.c\n"));
	assert_non_null(strstr(out, "+\tstruct x *mxbuf = &rq->mxbuf; /* <&> */\n```\n"));
	assert_non_null(strstr(out, "did not offer the uninitialized strategy on this driver: "
				    "the remark shows a partial store"));
	assert_non_null(strstr(out, "| gcc-12 | udp64 | drop | legacy | 42 | identical |"));
	assert_non_null(strstr(out, "| check | 1.5 | ok |"));
	free(out);

	/* The HTML escapes the patch and embeds the chart. */
	out = render(html_fn, &r);
	assert_non_null(strstr(out, "&amp;rq-&gt;mxbuf; /* &lt;&amp;&gt; */"));
	assert_null(strstr(out, "<&>"));
	assert_non_null(strstr(out, "<svg xmlns="));
	free(out);
	zt_prove_report_release(&r);
}

static void test_strategies_compared(void **state)
{
	static const char uninit[] =
		"{ \"results\": [\n"
		"  { \"variant\": \"uninit-zero\", \"mode\": \"drop\", \"mpps\": 30.0,\n"
		"    \"instructions_per_packet\": 405.0 },\n"
		"  { \"variant\": \"uninit-none\", \"mode\": \"drop\", \"mpps\": 31.0 } ] }";
	struct zt_prove_report r;
	char *out;

	fill_report(&r);
	assert_int_equal(zt_bench_parse_json(uninit, strlen(uninit), "gcc-12", &r.bench), 0);
	r.patch_uninit = xstrdup("+\tstruct x mxbuf __uninitialized;\n");
	out = render(md_fn, &r);
	assert_non_null(strstr(out, "| gcc-12 | zero | XDP_DROP | 24.32 | 32.27 (+32.69%) | "
				    "30.00 (+23.36%) | 412.0 / 398.0 / 405.0 |\n"));
	assert_non_null(strstr(out, "| gcc-12 | none | XDP_DROP | 31.47 | 32.31 (+2.67%) | "
				    "31.00 (-1.49%) | not measured |\n"));
	assert_non_null(strstr(out, "How `fix` offered `__uninitialized` here: the remark"));
	assert_non_null(strstr(out, "`--strategy=uninitialized`\n\n```diff\n+\tstruct x mxbuf"));
	free(out);
	zt_prove_report_release(&r);
}

static void test_write_files(void **state)
{
	char dir[] = "/tmp/zt-report-XXXXXX";
	struct zt_prove_report r;
	char *path, *data;
	size_t len;

	assert_non_null(mkdtemp(dir));
	fill_report(&r);
	path = xasprintf("%s/report", dir);
	assert_int_equal(zt_prove_report_write(&r, path), 0);
	free(path);
	static const char *const names[] = { "report.md", "report.html", "mpps.svg" };
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		path = xasprintf("%s/report/%s", dir, names[i]);
		assert_int_equal(zt_read_file(path, &data, &len), 0);
		assert_true(len > 100);
		free(data);
		unlink(path);
		free(path);
	}
	path = xasprintf("%s/report", dir);
	rmdir(path);
	free(path);
	rmdir(dir);
	zt_prove_report_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_bench_json),
		cmocka_unit_test(test_parse_bench_rejects_bad_input),
		cmocka_unit_test(test_percentages),
		cmocka_unit_test(test_round_gain),
		cmocka_unit_test(test_table_shape),
		cmocka_unit_test(test_table_missing_cell_fails),
		cmocka_unit_test(test_svg_chart),
		cmocka_unit_test(test_markdown_and_prediction),
		cmocka_unit_test(test_strategies_compared),
		cmocka_unit_test(test_write_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
