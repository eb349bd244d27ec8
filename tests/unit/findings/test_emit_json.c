// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON model (docs/json-format.md): stable key order, every key present,
 * and a lossless round trip, because `zerotax fix` reads what `check` wrote.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include <cmocka.h>

#include "emit_test.h"

static char *write_temp(const char *text)
{
	char *path = xstrdup("/tmp/zt-emit-json-XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(zt_write_file(path, text, strlen(text)), 0);
	return path;
}

static void assert_same_strings(char **a, size_t na, char **b, size_t nb)
{
	assert_int_equal(na, nb);
	for (size_t i = 0; i < na; i++)
		assert_string_equal(a[i], b[i]);
}

static void assert_same_opt(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

static void assert_same_finding(const struct zt_finding *a, const struct zt_finding *b)
{
	assert_ptr_equal(a->check, b->check);
	assert_same_opt(a->file, b->file);
	assert_int_equal(a->line, b->line);
	assert_int_equal(a->column, b->column);
	assert_same_opt(a->function, b->function);
	assert_same_opt(a->symbol, b->symbol);
	assert_same_opt(a->type, b->type);
	assert_int_equal(a->size, b->size);
	assert_same_opt(a->message, b->message);
	assert_same_strings(a->notes, a->n_notes, b->notes, b->n_notes);
	assert_same_strings(a->chain, a->n_chain, b->chain, b->n_chain);
	assert_int_equal(a->freq, b->freq);
	/* bit-exact: 17 significant digits */
	assert_memory_equal(&a->rank, &b->rank, sizeof(a->rank));
	assert_same_opt(a->fingerprint, b->fingerprint);
	assert_int_equal(a->suppressed, b->suppressed);
	assert_same_opt(a->suppress_reason, b->suppress_reason);
	if (a->details || b->details)
		assert_true(json_equal(a->details, b->details));
}

static void test_round_trip_is_lossless(void **state)
{
	struct zt_findings fs = { 0 }, back = { 0 };
	struct zt_emit_conf conf = { .command = "check" };
	json_t *doc;
	char *out, *again, *path;

	emit_sample(&fs);
	out = emit_to_string(findings__fprintf_json, &fs, &conf);
	path = write_temp(out);
	assert_int_equal(zt_findings_load_json(path, &back, &doc), 0);
	assert_int_equal(back.n, fs.n);
	for (size_t i = 0; i < fs.n; i++)
		assert_same_finding(&fs.v[i], &back.v[i]);
	assert_string_equal(json_string_value(json_object_get(doc, "command")), "check");
	/* and writing what was read gives the same bytes */
	again = emit_to_string(findings__fprintf_json, &back, &conf);
	assert_string_equal(out, again);
	json_decref(doc);
	unlink(path);
	free(path);
	free(out);
	free(again);
	zt_findings_release(&fs);
	zt_findings_release(&back);
}

/* Keys in the documented order, top level and per finding; every key present. */
static void test_key_order(void **state)
{
	static const char *const top[] = { "\"tool\"", "\"version\"", "\"schema\"", "\"command\"",
					   "\"run\"", "\"findings\"", "\"summary\"" };
	static const char *const finding[] = {
		"\"rule\"", "\"check\"", "\"level\"", "\"file\"", "\"line\"", "\"column\"",
		"\"function\"", "\"symbol\"", "\"type\"", "\"size\"", "\"message\"", "\"notes\"",
		"\"chain\"", "\"frequency\"", "\"rank\"", "\"fingerprint\"", "\"suppressed\"",
		"\"suppress_reason\"", "\"details\"" };
	struct zt_findings fs = { 0 };
	json_t *run = json_pack("{s:{s:s,s:s},s:s}", "compilers", "gcc", "gcc-12.2.0", "clang",
				"clang-19.1.7", "evidence", "both");
	struct zt_emit_conf conf = { .command = "check", .run_info = run };
	const char *p;
	char *out;

	emit_sample(&fs);
	out = emit_to_string(findings__fprintf_json, &fs, &conf);
	p = out;
	for (size_t i = 0; i < ARRAY_SIZE(top); i++) {
		p = strstr(p, top[i]);
		assert_non_null(p);
	}
	/* the second finding: its "type" is null, yet present and in place */
	p = strstr(out, "\"rule\": \"zerotax-stack-explicit-init\"");
	assert_non_null(p);
	for (size_t i = 0; i < ARRAY_SIZE(finding); i++) {
		p = strstr(p, finding[i]);
		assert_non_null(p);
	}
	assert_non_null(strstr(out, "\"type\": null"));
	assert_non_null(strstr(out, "\"gcc\": \"gcc-12.2.0\""));
	assert_non_null(strstr(out, "\"frequency\": \"per-packet\""));
	assert_non_null(strstr(out, "\"summary\": {\n    \"findings\": 1,\n    \"suppressed\": 1\n"));
	free(out);
	json_decref(run);
	zt_findings_release(&fs);
}

static void test_minimal_finding_defaults(void **state)
{
	struct zt_findings fs = { 0 };
	json_t *o = json_pack("{s:s,s:s,s:i,s:s}", "rule", "stack-autoinit", "file", "/a.c",
			      "line", 3, "message", "m");

	assert_int_equal(zt_finding_from_json(o, &fs), 0);
	assert_int_equal(fs.n, 1);
	assert_ptr_equal(fs.v[0].check, &zt_checks[ZT_CHECK_STACK_AUTOINIT]);
	assert_int_equal(fs.v[0].line, 3);
	assert_int_equal(fs.v[0].column, 0);
	assert_null(fs.v[0].function);
	assert_int_equal(fs.v[0].n_notes, 0);
	assert_int_equal(fs.v[0].freq, ZT_FREQ_UNKNOWN);
	assert_false(fs.v[0].suppressed);
	json_decref(o);
	zt_findings_release(&fs);
}

/* Each broken document: a clear error, and the findings loaded before are kept. */
static void test_bad_documents(void **state)
{
	static const char *const bad[] = {
		"{ not json",
		"[]",
		"{\"tool\": \"other\", \"schema\": 1, \"findings\": []}",
		"{\"tool\": \"zerotax\", \"schema\": 2, \"findings\": []}",
		"{\"tool\": \"zerotax\", \"schema\": 1, \"findings\": {}}",
		"{\"tool\": \"zerotax\", \"schema\": 1, \"findings\": [{\"rule\": \"zerotax-no-such\", "
		"\"file\": \"/a.c\", \"message\": \"m\"}]}",
		"{\"tool\": \"zerotax\", \"schema\": 1, \"findings\": [{\"rule\": \"stack-autoinit\", "
		"\"message\": \"m\"}]}",
		"{\"tool\": \"zerotax\", \"schema\": 1, \"findings\": [{\"rule\": \"stack-autoinit\", "
		"\"file\": \"/a.c\", \"message\": \"m\"}, {\"rule\": \"stack-autoinit\", "
		"\"file\": \"/a.c\", \"line\": \"ten\", \"message\": \"m\"}]}",
		"{\"tool\": \"zerotax\", \"schema\": 1, \"findings\": [{\"rule\": \"stack-autoinit\", "
		"\"file\": \"/a.c\", \"message\": \"m\", \"frequency\": \"hourly\"}]}",
		"{\"tool\": \"zerotax\", \"schema\": 1, \"findings\": [{\"rule\": \"stack-autoinit\", "
		"\"file\": \"/a.c\", \"message\": \"m\", \"notes\": [1]}]}",
	};
	struct zt_findings fs = { 0 };
	char *out, *path;

	emit_sample(&fs);
	out = emit_to_string(findings__fprintf_json, &fs, NULL);
	zt_findings_release(&fs);
	path = write_temp(out);
	assert_int_equal(zt_findings_load_json(path, &fs, NULL), 0);
	unlink(path);
	free(path);
	free(out);
	assert_int_equal(fs.n, 2);

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		json_t *doc = (json_t *)1;

		path = write_temp(bad[i]);
		assert_int_equal(zt_findings_load_json(path, &fs, &doc), -1);
		assert_null(doc);
		assert_non_null(strstr(zt_last_error(), path));
		assert_int_equal(fs.n, 2);
		assert_string_equal(fs.v[0].symbol, "mxbuf");
		unlink(path);
		free(path);
	}
	assert_int_equal(zt_findings_load_json("/nonexistent/zt.json", &fs, NULL), -1);
	assert_int_equal(fs.n, 2);
	zt_findings_release(&fs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_is_lossless),
		cmocka_unit_test(test_key_order),
		cmocka_unit_test(test_minimal_finding_defaults),
		cmocka_unit_test(test_bad_documents),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
