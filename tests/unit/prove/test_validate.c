// SPDX-License-Identifier: GPL-2.0-only
/*
 * prove --model-validation (issue 29): every figure of a row from the rounds of one
 * rd-bench run; a process apart from the others, medians that disagree with the rounds
 * and a host that drifted between before and after are said, not printed silently.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "prove.h"
#include "zerotax.h"

#define STEM "0001-net-mlx5e-RX-prefetch-a-few-strides-ahead"

/* One result of rd-bench's JSON: @n rounds, median @med. */
static char *result(const char *mode, const char *variant, double med, const double *ns,
		    int n)
{
	char *rounds = xstrdup(""), *out;

	for (int i = 0; i < n; i++) {
		char *t = xasprintf("%s%s%.3f", rounds, i ? ", " : "", ns[i]);

		free(rounds);
		rounds = t;
	}
	out = xasprintf("{\"mode\": \"%s\", \"variant\": \"%s\", \"ns_per_packet\": "
			"{\"median\": %.3f}, \"rounds_ns\": [%s]}", mode, variant, med, rounds);
	free(rounds);
	return out;
}

static const char calib_steady[] =
	"\"calibration\": {\"times\": 45, \"first_touch_ns\": {\"median\": 140.0}, "
	"\"random_ns\": {\"median\": 141.0}, \"stride_ns\": {\"median\": 14.0}, "
	"\"warm_ns\": {\"median\": 6.0}, \"clock_ns\": {\"median\": 0.280}}, "
	"\"calibration_after\": {\"times\": 45, \"random_ns\": {\"median\": 142.0}, "
	"\"warm_ns\": {\"median\": 6.1}, \"clock_ns\": {\"median\": 0.281}}, ";

static void write_doc(const char *path, const char *head, char *a, char *b, char *c, char *d)
{
	char *doc = xasprintf("{\"processes\": 3, \"rounds_process\": [1, 1, 1, 2, 2, 2, 3, 3, 3], "
			      "\"host\": {\"vendor\": \"AuthenticAMD\", \"model\": \"AMD EPYC\", "
			      "\"family\": 26, \"model_no\": 2, \"l2\": \"1024K\", \"l3\": \"32768K\"}, "
			      "%s\"results\": [%s, %s%s%s%s%s]}", head, a, b, c ? ", " : "",
			      c ? c : "", d ? ", " : "", d ? d : "");

	assert_int_equal(zt_write_file(path, doc, strlen(doc)), 0);
	free(doc);
	free(a);
	free(b);
	free(c);
	free(d);
}

static char *run_validation(const char *build)
{
	struct zt_ctx ctx = { 0 };
	char *text = NULL;
	size_t len = 0;

	ctx.out = open_memstream(&text, &len);
	ctx.err = stderr;
	assert_int_equal(zt_prove_model_validation(&ctx, build), 0);
	fclose(ctx.out);
	return text;
}

/*
 * Row 1 as issue 29 saw it once: the transformed build slow for the whole life of one
 * process (here process 2), normal in the others; and a cold prefetch run whose host
 * drifted, with the look-ahead's own cost against distance 64.
 */
static void test_apart_drift_and_cost(void **state)
{
	char dir[] = "/tmp/zt-validate-XXXXXX", *p, *out, *head;
	static const double base1[] = { 41, 41, 41, 41, 41, 41, 41, 41, 41 };
	static const double xf1[] = { 31, 31, 31, 37, 37, 37, 31, 31, 31 };
	static const double base2[] = { 16, 16, 16, 16, 16, 16, 16, 16, 16 };
	static const double xf2[] = { 16.5, 16.6, 16.7, 16.5, 16.6, 16.7, 16.5, 16.6, 16.7 };
	static const double off2[] = { 16, 16, 16, 16, 16, 16, 16, 16, 16 };

	assert_non_null(mkdtemp(dir));
	p = xasprintf("%s/prove", dir);
	assert_int_equal(zt_mkdir_p(p, 0755), 0);
	free(p);
	p = xasprintf("%s/prove/bench-gcc-12.json", dir);
	head = xasprintf("%s\"host_drift\": \"process 3: clock 0.279 -> 0.280 ns (+0.4%%)\", "
			 "\"host_drift_max\": 0.004, ", calib_steady);
	write_doc(p, head, result("drop", "baseline-zero", 41, base1, 9),
		  result("drop", "transformed-zero", 31, xf1, 9), NULL, NULL);
	free(head);
	free(p);
	p = xasprintf("%s/prove-patch/" STEM, dir);
	assert_int_equal(zt_mkdir_p(p, 0755), 0);
	free(p);
	p = xasprintf("%s/report/patch-" STEM, dir);
	assert_int_equal(zt_mkdir_p(p, 0755), 0);
	free(p);
	p = xasprintf("%s/prove-patch/" STEM "/bench-cold-udp512.json", dir);
	write_doc(p, "\"calibration\": {\"times\": 45, \"clock_ns\": {\"median\": 0.25}, "
		     "\"random_ns\": {\"median\": 140.0}, \"first_touch_ns\": {\"median\": 139.0}}, "
		     "\"calibration_after\": {\"clock_ns\": {\"median\": 0.30}}, "
		     "\"host_drift\": \"process 2: clock 0.250 -> 0.300 ns (+20.0%)\", ",
		  result("drop", "baseline", 16, base2, 9), result("drop", "patched", 16.6, xf2, 9),
		  result("drop", "patched-d64", 16, off2, 9), NULL);
	free(p);
	p = xasprintf("%s/report/patch-" STEM "/summary.json", dir);
	assert_int_equal(zt_write_file(p, "{\"rounds\": 9}", 13), 0);
	free(p);

	out = run_validation(dir);
	/* row 1: the median over all rounds holds (+32.3%), process 2 is said */
	assert_non_null(strstr(out, "per round +32.3% [+10.8..+32.3]; processes +32.3%, "
				    "+10.8%, +32.3% (process 2 apart from the others: placement)"));
	assert_non_null(strstr(out, "1 row(s) had a process apart from the others"));
	/* not reading: a cost, and how big it is against upstream's packets */
	assert_non_null(strstr(out, "| 0 not in IQR: a cost, next row |"));
	assert_non_null(strstr(out, "+3.8% [+3.1..+4.4]"));
	assert_non_null(strstr(out, "cycles at 4.00 GHz"));
	/* the host: steady for the fix run, drifted for the prefetch run */
	assert_non_null(strstr(out, "fix run (row 1) (3 processes): clock 0.280 → 0.281 ns/add"));
	/* a drift smaller than what the rows resolve is said, and does not disturb */
	assert_non_null(strstr(out, "moved, process 3: clock 0.279 -> 0.280 ns (+0.4%) (at most "
				    "0.4%, within the rows' narrowest IQR of 14.6 points)"));
	assert_non_null(strstr(out, "DRIFTED, process 2: clock 0.250 -> 0.300"));
	assert_non_null(strstr(out, "The run was disturbed: 0 row(s)"));
	assert_non_null(strstr(out, "1 run(s) whose host drifted"));
	free(out);
	assert_int_equal(zt_remove_tree(dir), 0);
}

/* The medians of rates against the per-round change: issue 29's "+14.8%" line. */
static void test_medians_disagree(void **state)
{
	char dir[] = "/tmp/zt-validate-XXXXXX", *p, *out;
	/* per round the transformed build gains 25%; its median round is slower */
	static const double base[] = { 40, 40, 40, 80, 80, 80, 80, 80, 80 };
	static const double xf[] = { 30, 30, 30, 60, 60, 60, 60, 60, 60 };

	assert_non_null(mkdtemp(dir));
	p = xasprintf("%s/prove", dir);
	assert_int_equal(zt_mkdir_p(p, 0755), 0);
	free(p);
	p = xasprintf("%s/prove/bench-gcc-12.json", dir);
	write_doc(p, calib_steady, result("drop", "baseline-zero", 40, base, 9),
		  result("drop", "transformed-zero", 60, xf, 9), NULL, NULL);
	free(p);
	out = run_validation(dir);
	assert_non_null(strstr(out, "25.00 → 16.67 Mpps (-33.3%); per round +33.3% "
				    "[+33.3..+33.3]"));
	assert_non_null(strstr(out, "(medians and rounds disagree: disturbed)"));
	assert_non_null(strstr(out, "The run was disturbed: 1 row(s)"));
	free(out);
	assert_int_equal(zt_remove_tree(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_apart_drift_and_cost),
		cmocka_unit_test(test_medians_disagree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
