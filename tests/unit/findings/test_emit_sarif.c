// SPDX-License-Identifier: GPL-2.0-only
/*
 * SARIF 2.1.0: the fields a code-scanning service needs ($schema, version,
 * tool.driver with rules[], results with ruleId/ruleIndex/level/message and
 * a physical location with a 1-based region, fingerprints).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "emit_test.h"

static json_t *sarif_of(const struct zt_findings *fs, const struct zt_emit_conf *conf)
{
	char *out = emit_to_string(findings__fprintf_sarif, fs, conf);
	json_error_t err;
	json_t *doc = json_loads(out, 0, &err);

	assert_non_null(doc);
	free(out);
	return doc;
}

/* "a.0.b": object keys and array indexes; keys with dots cannot be named */
static json_t *at(json_t *o, const char *path)
{
	char *copy = xstrdup(path), *save, *key;
	json_t *v = o;

	for (key = strtok_r(copy, ".", &save); key && v; key = strtok_r(NULL, ".", &save)) {
		if (key[0] >= '0' && key[0] <= '9')
			v = json_array_get(v, strtoul(key, NULL, 10));
		else
			v = json_object_get(v, key);
	}
	free(copy);
	return v;
}

static const char *str_at(json_t *o, const char *path)
{
	const char *s = json_string_value(at(o, path));

	assert_non_null(s);
	return s;
}

static void test_driver_and_rules(void **state)
{
	struct zt_findings fs = { 0 };
	json_t *doc, *rules;
	char *help;

	emit_sample(&fs);
	doc = sarif_of(&fs, NULL);
	assert_string_equal(str_at(doc, "version"), "2.1.0");
	assert_true(strstr(str_at(doc, "$schema"), "sarif-2.1.0") != NULL);
	assert_int_equal(json_array_size(json_object_get(doc, "runs")), 1);
	assert_string_equal(str_at(doc, "runs.0.tool.driver.name"), "zerotax");
	assert_string_equal(str_at(doc, "runs.0.tool.driver.version"), ZT_VERSION);
	assert_true(strstr(str_at(doc, "runs.0.tool.driver.informationUri"), "://") != NULL);

	/* one rule per check, in table order: ruleIndex is the check id */
	rules = at(doc, "runs.0.tool.driver.rules");
	assert_int_equal(json_array_size(rules), ZT_CHECK_COUNT);
	for (int i = 0; i < ZT_CHECK_COUNT; i++) {
		json_t *r = json_array_get(rules, i);

		assert_string_equal(str_at(r, "id"), zt_checks[i].rule_id);
		assert_string_equal(str_at(r, "name"), zt_checks[i].name);
		assert_string_equal(str_at(r, "shortDescription.text"), zt_checks[i].summary);
		assert_string_equal(str_at(r, "fullDescription.text"), zt_checks[i].help);
		assert_string_equal(str_at(r, "help.text"), zt_checks[i].help);
		assert_string_equal(str_at(r, "defaultConfiguration.level"),
				    zt_level_name(zt_checks[i].level));
		/* each rule's help: its own section of the checks page informationUri names */
		help = xasprintf("%s#%s", str_at(doc, "runs.0.tool.driver.informationUri"),
				 zt_checks[i].rule_id);
		assert_string_equal(str_at(r, "helpUri"), help);
		free(help);
	}
	/* the docs of the data directory this binary reads (datadir.h), not a build path */
	assert_non_null(strstr(str_at(doc, "runs.0.tool.driver.informationUri"),
			       "/docs/checks.md"));
	json_decref(doc);
	zt_findings_release(&fs);
}

static void test_results(void **state)
{
	struct zt_findings fs = { 0 };
	struct zt_emit_conf conf = { .command = "check", .base_dir = "/src/ref driver" };
	json_t *doc, *results, *r, *region;

	emit_sample(&fs);
	doc = sarif_of(&fs, &conf);
	results = at(doc, "runs.0.results");
	/* the suppressed finding is not shown unless asked for */
	assert_int_equal(json_array_size(results), 1);
	r = json_array_get(results, 0);
	assert_string_equal(str_at(r, "ruleId"), "zerotax-stack-autoinit");
	assert_int_equal(json_integer_value(at(r, "ruleIndex")),
			 ZT_CHECK_STACK_AUTOINIT);
	assert_string_equal(str_at(r, "level"), "warning");
	/* the message carries the chain and notes a reviewer needs */
	assert_true(!strncmp(str_at(r, "message.text"), fs.v[0].message, strlen(fs.v[0].message)));
	assert_non_null(strstr(str_at(r, "message.text"),
			       "\nhot path: mlx5e_napi_poll -> mlx5e_poll_rx_cq"));
	/* relative to %SRCROOT%, percent-encoded */
	assert_string_equal(str_at(r, "locations.0.physicalLocation.artifactLocation.uri"),
			    "en_rx.c");
	assert_string_equal(str_at(r, "locations.0.physicalLocation.artifactLocation.uriBaseId"),
			    "%SRCROOT%");
	assert_string_equal(str_at(doc, "runs.0.originalUriBaseIds.%SRCROOT%.uri"),
			    "file:///src/ref%20driver/");
	region = at(r, "locations.0.physicalLocation.region");
	assert_int_equal(json_integer_value(json_object_get(region, "startLine")), 1750);
	assert_int_equal(json_integer_value(json_object_get(region, "startColumn")), 25);
	assert_string_equal(str_at(r, "locations.0.logicalLocations.0.name"),
			    "mlx5e_skb_from_cqe_mpwrq_linear");
	assert_string_equal(str_at(r, "partialFingerprints.zerotaxFingerprint/v1"),
			    "a1b2c3d4e5f60718");
	assert_string_equal(str_at(r, "properties.chain.0"), "mlx5e_napi_poll");
	assert_string_equal(str_at(r, "properties.details.owner.param"), "rq");
	json_decref(doc);
	zt_findings_release(&fs);
}

/* Shown suppressed findings carry suppressions[]; no base: absolute file URIs; no column: none. */
static void test_suppressed_absolute(void **state)
{
	struct zt_findings fs = { 0 };
	struct zt_emit_conf conf = { .show_suppressed = true };
	json_t *doc, *results, *r, *region;

	emit_sample(&fs);
	doc = sarif_of(&fs, &conf);
	assert_null(at(doc, "runs.0.originalUriBaseIds"));
	results = at(doc, "runs.0.results");
	assert_int_equal(json_array_size(results), 2);
	r = json_array_get(results, 1);
	assert_string_equal(str_at(r, "ruleId"), "zerotax-stack-explicit-init");
	assert_int_equal(json_integer_value(at(r, "ruleIndex")),
			 ZT_CHECK_STACK_EXPLICIT_INIT);
	assert_string_equal(str_at(r, "suppressions.0.kind"), "inSource");
	assert_non_null(strstr(str_at(r, "suppressions.0.justification"), "measured"));
	assert_string_equal(str_at(r, "locations.0.physicalLocation.artifactLocation.uri"),
			    "file:///src/ref%20driver/en_tx.c");
	assert_null(at(r, "locations.0.physicalLocation.artifactLocation.uriBaseId"));
	region = at(r, "locations.0.physicalLocation.region");
	assert_int_equal(json_integer_value(json_object_get(region, "startLine")), 40);
	assert_null(json_object_get(region, "startColumn"));
	json_decref(doc);
	zt_findings_release(&fs);
}

static void test_empty_run(void **state)
{
	struct zt_findings fs = { 0 };
	json_t *run_info = json_pack("{s:s}", "evidence", "gcc");
	struct zt_emit_conf conf = { .run_info = run_info };
	json_t *doc = sarif_of(&fs, &conf), *run;

	run = at(doc, "runs.0");
	assert_int_equal(json_array_size(json_object_get(run, "results")), 0);
	assert_string_equal(str_at(run, "properties.zerotax.evidence"), "gcc");
	json_decref(doc);
	json_decref(run_info);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_driver_and_rules),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_suppressed_absolute),
		cmocka_unit_test(test_empty_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
