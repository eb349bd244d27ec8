// SPDX-License-Identifier: GPL-2.0-only
/*
 * The clang optimization-record reader: captured YAML and bitstream records
 * of tests/data/evidence/src/cases.c pin the parser; the same file compiled
 * now with clang-19 must read the same.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "evidence_test.h"

/* What clang-19 -O2 -ftrivial-auto-var-init=zero keeps of cases.c, from its source. */
static void assert_cases(const struct zt_evidence *ev)
{
	const struct zt_autoinit_site *s;

	/* escapes: the address goes to use(): all 80 bytes, one memset */
	s = ev_site_at(ev, 19);
	assert_non_null(s);
	assert_string_equal(s->function, "escapes");
	assert_string_equal(s->file, "cases.c");
	assert_int_equal(s->column, 13);
	assert_int_equal(s->bytes, 80);
	assert_int_equal(s->var_size, 80);
	assert_null(s->var);	/* clang-19 says <unknown> at -O2 */
	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 19, 13), 80);

	/* overwritten: every byte written first, no record at all */
	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 28, 0), -1);
	for (size_t i = 0; i < ev->n_sites; i++)
		assert_string_not_equal(ev->sites[i].function, "overwritten");

	/* the inline helper's local is reported in its caller, at the helper's line */
	s = ev_site_at(ev, 39);
	assert_non_null(s);
	assert_string_equal(s->function, "calls_helper");
	assert_int_equal(s->bytes, 80);

	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 53, 7), 100);	/* char buf[100] */
	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 65, 14), 80);	/* loop body */

	/* a VLA's memset has no constant size */
	s = ev_site_at(ev, 76);
	assert_non_null(s);
	assert_int_equal(s->bytes, ZT_BYTES_UNKNOWN);
	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 76, 7), ZT_BYTES_UNKNOWN);

	/* a noinline static keeps its source name */
	s = ev_site_at(ev, 85);
	assert_non_null(s);
	assert_string_equal(s->function, "cloned");

	/* unrolled four times: four records, still 80 bytes per iteration */
	{
		size_t n = 0;

		for (size_t i = 0; i < ev->n_sites; i++)
			n += ev->sites[i].line == 102;
		assert_int_equal(n, 4);
		assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 102, 14), 80);
	}

	/* two locals named tmp in two scopes */
	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 116, 14), 80);
	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 121, 8), 24);

	/* two of three fields written: one 8-byte store survives (AutoInitStore) */
	s = ev_site_at(ev, 136);
	assert_non_null(s);
	assert_int_equal(s->bytes, 8);
	assert_int_equal(s->var_size, 24);
	assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 136, 16), 8);

	/* escapes, calls_helper, array, loop, vla, cloned, 4 x unrolled, 2 x same_name, partial */
	assert_int_equal(ev->n_sites, 13);
}

static void test_captured_yaml(void **state)
{
	struct zt_evidence ev = { 0 };
	size_t len;
	char *text = ev_read("captured/cases.clang.opt.yaml", &len);

	assert_int_equal(zt_remarks_parse(text, len, &ev), 0);
	assert_cases(&ev);
	zt_evidence_release(&ev);
	free(text);
}

static void test_captured_bitstream(void **state)
{
	struct zt_evidence ev = { 0 };
	size_t len;
	char *text = ev_read("captured/cases.clang.opt.bitstream", &len);

	assert_memory_equal(text, "RMRK", 4);
	assert_int_equal(zt_remarks_parse(text, len, &ev), 0);
	assert_cases(&ev);
	zt_evidence_release(&ev);
	free(text);
}

/* The records clang-19 writes today, not only the captured copy. */
static void test_live_clang(void **state)
{
	char *dir = ev_mkdtemp();
	char *rec = xasprintf("-foptimization-record-file=%s/cases.opt.yaml", dir);
	char *obj = xasprintf("%s/cases.o", dir);
	char *argv[] = { ZT_CLANG, "-O2", "-ftrivial-auto-var-init=zero", "-gline-tables-only",
			 "-fsave-optimization-record",
			 "-foptimization-record-passes=annotation-remarks", rec, "-c", "-o", obj,
			 "cases.c", NULL };
	struct zt_evidence ev = { 0 };
	char *path, *text;
	size_t len;

	assert_int_equal(ev_compile(argv), 0);
	path = xasprintf("%s/cases.opt.yaml", dir);
	assert_int_equal(zt_read_file(path, &text, &len), 0);
	assert_int_equal(zt_remarks_parse(text, len, &ev), 0);
	assert_cases(&ev);
	zt_evidence_release(&ev);
	free(text);
	unlink(path);
	unlink(obj);
	rmdir(dir);
	free(path);
	free(rec);
	free(obj);
	free(dir);
}

/* The reduced mlx5e buffer: inline fill leaves one 8-byte store, an opaque fill all 72. */
static void test_captured_mlx5e(void **state)
{
	struct zt_evidence ev = { 0 };
	size_t len;
	char *text = ev_read("captured/mlx5e_xdp_buff.inline.clang.opt.yaml", &len);

	assert_int_equal(zt_remarks_parse(text, len, &ev), 0);
	assert_int_equal(ev.n_sites, 1);
	assert_string_equal(ev.sites[0].function, "rx_packet");
	assert_int_equal(ev.sites[0].bytes, 8);
	assert_int_equal(ev.sites[0].var_size, 72);
	free(text);
	zt_evidence_release(&ev);

	text = ev_read("captured/mlx5e_xdp_buff.opaque.clang.opt.yaml", &len);
	assert_int_equal(zt_remarks_parse(text, len, &ev), 0);
	assert_int_equal(ev.n_sites, 1);
	assert_int_equal(ev.sites[0].bytes, 72);
	free(text);
	zt_evidence_release(&ev);
}

static const char other_remarks[] =
	"--- !Passed\n"
	"Pass:            inline\n"
	"Name:            Inlined\n"
	"DebugLoc:        { File: a.c, Line: 3, Column: 10 }\n"
	"Function:        f\n"
	"Args:\n"
	"  - Callee:          g\n"
	"...\n"
	"--- !Analysis\n"
	"Pass:            annotation-remarks\n"
	"Name:            AnnotationSummary\n"
	"Function:        f\n"
	"Args:\n"
	"  - count:           '1'\n"
	"...\n";

static void test_other_remarks_ignored(void **state)
{
	struct zt_evidence ev = { 0 };

	assert_int_equal(zt_remarks_parse(other_remarks, strlen(other_remarks), &ev), 0);
	assert_int_equal(ev.n_sites, 0);
	assert_int_equal(zt_remarks_parse("", 0, &ev), 0);
	assert_int_equal(ev.n_sites, 0);
}

static const char named_store[] =
	"--- !Missed\n"
	"Pass:            annotation-remarks\n"
	"Name:            AutoInitStore\n"
	"DebugLoc:        { File: 'dir/x.c', Line: 7, Column: 9 }\n"
	"Function:        handle.cold\n"
	"Args:\n"
	"  - StoreSize:       '16'\n"
	"  - WVarName:        mxbuf\n"
	"  - WVarSize:        '72'\n"
	"  - StoreVolatile:   'false'\n"
	"...\n"
	"--- !Missed\n"
	"Pass:            annotation-remarks\n"
	"Name:            AutoInitUnknownInstruction\n"
	"DebugLoc:        { File: 'dir/x.c', Line: 8, Column: 9 }\n"
	"Function:        handle\n"
	"Args:\n"
	"  - String:          'Initialization inserted by -ftrivial-auto-var-init.'\n"
	"...\n";

/* -O0 names the variable; clone suffixes go; an unknown instruction has no size. */
static void test_named_and_unknown(void **state)
{
	struct zt_evidence ev = { 0 };

	assert_int_equal(zt_remarks_parse(named_store, strlen(named_store), &ev), 0);
	assert_int_equal(ev.n_sites, 2);
	assert_string_equal(ev.sites[0].function, "handle");
	assert_string_equal(ev.sites[0].var, "mxbuf");
	assert_string_equal(ev.sites[0].file, "dir/x.c");
	assert_int_equal(ev.sites[0].bytes, 16);
	assert_int_equal(zt_evidence_bytes(&ev, "handle", "mxbuf"), 16);
	assert_int_equal(ev.sites[1].bytes, ZT_BYTES_UNKNOWN);
	assert_int_equal(ev.sites[1].var_size, -1);
	assert_int_equal(zt_evidence_bytes(&ev, "handle", "nosuch"), -1);
	zt_evidence_release(&ev);
}

static const char quoted_names[] =
	"--- !Missed\n"
	"Pass:            annotation-remarks\n"
	"Name:            AutoInitStore\n"
	"DebugLoc:        { File: 'dir/it''s.c', Line: 7, Column: 9 }\n"
	"Function:        handle\n"
	"Args:\n"
	"  - StoreSize:       '8'\n"
	"...\n"
	"--- !Missed\n"
	"Pass:            annotation-remarks\n"
	"Name:            AutoInitStore\n"
	"DebugLoc:        { File: \"tab\\there \\\"q\\\" \\xe9\\u00e9.c\", Line: 8, Column: 9 }\n"
	"Function:        handle\n"
	"Args:\n"
	"  - StoreSize:       '8'\n"
	"...\n";

/* File names are YAML scalars: '' inside single quotes, escapes inside double. */
static void test_quoted_names(void **state)
{
	struct zt_evidence ev = { 0 };

	assert_int_equal(zt_remarks_parse(quoted_names, strlen(quoted_names), &ev), 0);
	assert_int_equal(ev.n_sites, 2);
	assert_string_equal(ev.sites[0].file, "dir/it's.c");
	assert_string_equal(ev.sites[1].file, "tab\there \"q\" \xe9\xc3\xa9.c");
	assert_int_equal(zt_evidence_bytes_at(&ev, "dir/it's.c", 7, 9), 8);
	zt_evidence_release(&ev);
}

/* A broken record says so and leaves what was there before. */
static void test_malformed(void **state)
{
	static const char truncated[] =
		"--- !Missed\n"
		"Pass:            annotation-remarks\n"
		"Name:            AutoInitStore\n"
		"DebugLoc:        { File: x.c, Line: 7\n";
	static const char bad_bitstream[] = "RMRK\x01\x02garbage";
	struct zt_evidence ev = { 0 };
	struct zt_autoinit_site *keep = zt_evidence_add_site(&ev);

	keep->function = xstrdup("earlier");
	assert_int_equal(zt_remarks_parse(truncated, strlen(truncated), &ev), -1);
	assert_int_equal(ev.n_sites, 1);
	assert_int_equal(zt_remarks_parse(bad_bitstream, sizeof(bad_bitstream) - 1, &ev), -1);
	assert_int_equal(ev.n_sites, 1);
	assert_string_equal(ev.sites[0].function, "earlier");
	assert_non_null(strstr(zt_last_error(), "malformed optimization record"));
	zt_evidence_release(&ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_captured_yaml),
		cmocka_unit_test(test_captured_bitstream),
		cmocka_unit_test(test_live_clang),
		cmocka_unit_test(test_captured_mlx5e),
		cmocka_unit_test(test_other_remarks_ignored),
		cmocka_unit_test(test_named_and_unknown),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_quoted_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
