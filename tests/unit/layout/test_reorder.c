// SPDX-License-Identifier: GPL-2.0-only
/*
 * reorder: the suggested order is applied to a copy of the source with
 * libclang, the copy is recompiled with gcc -g, and pahole must confirm the
 * predicted size, cache lines, hot span and every member's offset. Unsafe
 * rewrites are refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "layout.h"
#include "pahole.h"
#include "process.h"
#include "reorder.h"
#include "zerotax.h"

#define DATA ZT_TEST_DATA "/pahole/"

static char tmpdir[64];

static int setup(void **state)
{
	strcpy(tmpdir, "/tmp/zt-reorder-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	char *argv[] = { "rm", "-rf", tmpdir, NULL };
	struct zt_spawn_result r;

	zt_spawn(argv, NULL, &r);
	zt_spawn_result_release(&r);
	return 0;
}

static void compile(const char *c, const char *o)
{
	char *argv[] = { ZT_GCC, "-g", "-O2", "-c", (char *)c, "-o", (char *)o, NULL };
	struct zt_spawn_result r;

	assert_int_equal(zt_spawn(argv, NULL, &r), 0);
	if (r.exit_code)
		fail_msg("%s does not compile: %s", c, r.err);
	zt_spawn_result_release(&r);
}

/* Layouts of @record and of the types it embeds. */
static void layouts_of(const char *o, const char *record, struct zt_layouts *ls)
{
	char *t[] = { (char *)record };

	if (zt_pahole_run(o, t, 1, NULL, ls) < 0)
		fail_msg("%s", zt_last_error());
	for (int round = 0; round < 3; round++) {
		char **refs;
		size_t n = 0;

		for (size_t i = 0; i < ls->n; i++) {
			char **r1;
			size_t n1 = zt_layout_referenced_types(&ls->v[i], ls, &r1);

			if (n1 && !n) {
				refs = r1;
				n = n1;
			} else {
				zt_names_free(r1, n1);
			}
		}
		if (!n)
			break;
		assert_int_equal(zt_pahole_run(o, refs, n, NULL, ls), 0);
		zt_names_free(refs, n);
	}
}

struct confirmed {
	unsigned long size_before, size_after;
	unsigned int lines_before, lines_after, span_before, span_after;
};

/* Apply the suggested order (or, with @packed, the alignment-sorted one). */
static void roundtrip_how(const char *src, const char *record, const char *rules_text,
			  bool packed, struct confirmed *res)
{
	char *c = xasprintf("%s/%s", tmpdir, src), *o = xasprintf("%s/%s.o", tmpdir, src);
	char *orig = xasprintf(DATA "%s", src), *text, *new_text;
	size_t len, n;
	struct zt_layout_rules rules = { 0 };
	struct zt_layouts before = { 0 }, after = { 0 };
	struct zt_struct_report rep, rep2;
	const struct zt_layout *l, *l2;
	char **names;

	assert_int_equal(zt_read_file(orig, &text, &len), 0);
	assert_int_equal(zt_write_file(c, text, len), 0);
	free(text);
	assert_int_equal(zt_layout_rules_parse(rules_text, "test", &rules), 0);
	compile(c, o);
	layouts_of(o, record, &before);
	l = zt_layouts_find(&before, record);
	assert_non_null(l);
	assert_int_equal(zt_struct_analyze(l, o, &before, &rules, &rep), 0);
	if (!rep.verified)
		fail_msg("%s: model not verified: %s", record, rep.why_unverified);
	if (packed) {
		/* the checks below read the suggestion: make it the packed order */
		struct zt_placement t = rep.suggested;

		rep.suggested = rep.packed;
		rep.packed = t;
	} else {
		assert_true(rep.have_suggestion);
	}
	names = zt_placement_names(&rep, &rep.suggested, &n);
	if (zt_reorder_struct(c, NULL, record, names, n, &new_text) < 0)
		fail_msg("reorder of %s refused: %s", record, zt_last_error());
	assert_int_equal(zt_write_file(c, new_text, strlen(new_text)), 0);
	free(new_text);
	compile(c, o);
	layouts_of(o, record, &after);
	l2 = zt_layouts_find(&after, record);
	assert_non_null(l2);
	/* pahole confirms the prediction */
	assert_int_equal(l2->sum.size, rep.suggested.size);
	assert_int_equal(l2->lines, rep.suggested.lines);
	for (size_t i = 0; i < n; i++) {
		int m = rep.suggested.order[i];
		const struct zt_member *om = &l->m[m];
		int j = om->name[0] ? zt_layout_member(l2, om->name) : -1;

		if (j < 0)
			continue;
		if (l2->m[j].bitfield)
			assert_int_equal(l2->m[j].offset * 8 + l2->m[j].bit_offset,
					 rep.suggested.bit[m]);
		else
			assert_int_equal(l2->m[j].offset * 8, rep.suggested.bit[m]);
	}
	assert_int_equal(zt_struct_analyze(l2, o, &after, &rules, &rep2), 0);
	assert_true(rep2.verified);
	assert_int_equal(rep2.hot_span, rep.suggested.hot_span);
	res->size_before = l->sum.size;
	res->size_after = l2->sum.size;
	res->lines_before = l->lines;
	res->lines_after = l2->lines;
	res->span_before = rep.hot_span;
	res->span_after = rep2.hot_span;
	print_message("struct %s: %lu -> %lu bytes, %u -> %u lines, hot span %u -> %u "
		      "(predicted %lu bytes, %u lines, span %u)\n", record, res->size_before,
		      res->size_after, res->lines_before, res->lines_after, res->span_before,
		      res->span_after, rep.suggested.size, rep.suggested.lines,
		      rep.suggested.hot_span);
	zt_names_free(names, n);
	zt_struct_report_release(&rep);
	zt_struct_report_release(&rep2);
	zt_layouts_release(&before);
	zt_layouts_release(&after);
	zt_layout_rules_release(&rules);
	free(c);
	free(o);
	free(orig);
}

static void roundtrip(const char *src, const char *record, const char *rules_text,
		      struct confirmed *res)
{
	roundtrip_how(src, record, rules_text, false, res);
}

static void test_frame_descriptor(void **state)
{
	struct confirmed r;

	roundtrip("xsk.c", "frame_xsk",
		  "struct frame_xsk xdp.data per-packet\n"
		  "struct frame_xsk dma per-packet\n"
		  "struct frame_xsk orig_addr per-packet\n"
		  "struct frame_xsk xskb_list_node per-packet\n"
		  "pool struct frame_xsk\n", &r);
	assert_int_equal(r.span_before, 3);
	/* only xdp.data of the embedded xdp is hot: it follows the others into their line */
	assert_int_equal(r.span_after, 1);
}

static void test_scattered_queue(void **state)
{
	struct confirmed r;

	roundtrip("xsk.c", "demo_queue",
		  "struct demo_queue cq per-packet\n"
		  "struct demo_queue wqe_cc per-packet\n"
		  "struct demo_queue hot_state per-packet\n"
		  "struct demo_queue page_pool per-packet\n"
		  "struct demo_queue xdp_prog per-packet\n"
		  "struct demo_queue headroom per-packet\n"
		  "struct demo_queue mkey per-packet\n", &r);
	assert_int_equal(r.span_before, 4);
	assert_int_equal(r.span_after, 1);
	assert_true(r.size_after < r.size_before);
}

static void test_groups_bitfields_unions_aligned_flexible(void **state)
{
	struct confirmed r;

	roundtrip("align.c", "demo_rq",
		  "struct demo_rq desc per-packet\n"
		  "struct demo_rq flags per-packet\n"
		  "struct demo_rq cb per-packet\n", &r);
	assert_true(r.span_after <= r.span_before);
}

static void test_nested_and_bitfields(void **state)
{
	struct confirmed r;

	/* already one line: no suggestion, but the packed order must be predicted exactly */
	roundtrip_how("basic.c", "nested",
		      "struct nested page.len per-packet\n"
		      "struct nested named.x per-packet\n"
		      "struct nested hi per-poll\n", true, &r);
	assert_int_equal(r.size_after, 64);
	roundtrip_how("basic.c", "bits", "struct bits big per-packet\n", true, &r);
	roundtrip_how("basic.c", "callbacks", "", true, &r);
	roundtrip("basic.c", "holes", "struct holes tail per-packet\n", &r);
	assert_true(r.size_after < r.size_before);
}

static void test_forced_alignment_and_groups(void **state)
{
	struct confirmed r;

	roundtrip("align.c", "forced", "struct forced d per-packet\n", &r);
	assert_true(r.size_after < r.size_before);
	roundtrip("flex.c", "grouped",
		  "struct grouped rx_ring per-packet\n"
		  "struct grouped rx_hot_outside per-packet\n"
		  "struct grouped ops per-poll\n", &r);
	assert_true(r.span_after < r.span_before);
}

static void expect_refusal(const char *code, const char *record, char *const *order, size_t n,
			   const char *why)
{
	char *c = xasprintf("%s/refuse.c", tmpdir), *out = NULL;

	assert_int_equal(zt_write_file(c, code, strlen(code)), 0);
	assert_int_equal(zt_reorder_struct(c, NULL, record, order, n, &out), -1);
	assert_null(out);
	if (!strstr(zt_last_error(), why))
		fail_msg("error '%s' does not mention '%s'", zt_last_error(), why);
	free(c);
}

static void test_refusals(void **state)
{
	char *ab[] = { "b", "a" }, *bac[] = { "b", "a", "c" }, *acb[] = { "a", "c", "b" };
	char *dup[] = { "a", "a" };
	char *a_only[] = { "a" }, *nosuch[] = { "a", "z" };

	expect_refusal("struct s {\n\tint a, b;\n};\n", "s", ab, 2, "share one declaration");
	expect_refusal("struct s {\n\tint a;\n#ifdef X\n\tint b;\n#endif\n};\n", "s", ab, 2,
		       "preprocessor");
	expect_refusal("struct s {\n\tint a; int b;\n};\n", "s", ab, 2, "shares its line");
	expect_refusal("struct s {\n\tunsigned a:1;\n\tunsigned b:2;\n\tint c;\n};\n", "s", bac, 3,
		       "bitfield");
	expect_refusal("struct s {\n\tunsigned a:1;\n\tunsigned b:2;\n\tint c;\n};\n", "s", acb, 3,
		       "bitfield");
	expect_refusal("struct s {\n\tint a;\n\tint b;\n};\n", "s", a_only, 1, "names 1");
	expect_refusal("struct s {\n\tint a;\n\tint b;\n};\n", "s", dup, 2, "twice");
	expect_refusal("struct s {\n\tint a;\n\tint b;\n};\n", "s", nosuch, 2, "no member 'z'");
	expect_refusal("struct s {\n\tint a;\n\tint b;\n};\n", "t", ab, 2, "no definition");
	/* GNU C's empty struct: no member to order (it once read member 0 of none) */
	expect_refusal("struct s {\n};\n", "s", NULL, 0, "no members");
}

static void test_comments_move_with_members(void **state)
{
	const char *code =
		"/* head */\n"
		"struct s {\n"
		"\t/* about a */\n"
		"\tchar a;\t/* trailing a */\n"
		"\n"
		"\tlong b __attribute__((aligned(16))); // b\n"
		"\tunion {\n"
		"\t\tint x;\n"
		"\t\tshort y;\n"
		"\t};\n"
		"\tstruct {\n"
		"\t\tint p;\n"
		"\t} named;\n"
		"};\n";
	const char *want =
		"/* head */\n"
		"struct s {\n"
		"\tstruct {\n"
		"\t\tint p;\n"
		"\t} named;\n"
		"\n"
		"\tlong b __attribute__((aligned(16))); // b\n"
		"\tunion {\n"
		"\t\tint x;\n"
		"\t\tshort y;\n"
		"\t};\n"
		"\t/* about a */\n"
		"\tchar a;\t/* trailing a */\n"
		"};\n";
	char *order[] = { "named", "b", "#2", "a" };
	char *c = xasprintf("%s/comments.c", tmpdir), *out;

	assert_int_equal(zt_write_file(c, code, strlen(code)), 0);
	if (zt_reorder_struct(c, NULL, "struct s", order, 4, &out) < 0)
		fail_msg("%s", zt_last_error());
	assert_string_equal(out, want);
	free(out);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_comments_move_with_members),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_frame_descriptor),
		cmocka_unit_test(test_scattered_queue),
		cmocka_unit_test(test_groups_bitfields_unions_aligned_flexible),
		cmocka_unit_test(test_nested_and_bitfields),
		cmocka_unit_test(test_forced_alignment_and_groups),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
