// SPDX-License-Identifier: GPL-2.0-only
/*
 * pahole reader: the captured outputs of tests/data/pahole/ sources parse into the
 * expected model, a fresh gcc+pahole capture parses identically, and bad text
 * is refused with a line number.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "pahole.h"
#include "process.h"
#include "zerotax.h"

#define DATA ZT_TEST_DATA "/pahole/"

static void parse_file(const char *name, struct zt_layouts *ls)
{
	char *path = xasprintf(DATA "%s", name), *d;
	size_t n;

	assert_int_equal(zt_read_file(path, &d, &n), 0);
	if (zt_pahole_parse(d, n, 64, ls) < 0) {
		free(d);
		fail_msg("%s: %s", name, zt_last_error());
	}
	free(d);
	free(path);
}

static const struct zt_member *member(const struct zt_layout *l, const char *path)
{
	int i = zt_layout_member(l, path);

	if (i < 0)
		fail_msg("no member %s in %s", path, l->name);
	return &l->m[i];
}

static void test_holes_and_padding(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("basic.txt", &ls);
	l = zt_layouts_find(&ls, "struct holes");
	assert_non_null(l);
	assert_int_equal(l->n, 5);
	assert_int_equal(member(l, "c")->hole_after, 7);
	assert_int_equal(member(l, "l")->offset, 8);
	assert_string_equal(member(l, "l")->type, "long int");
	assert_int_equal(member(l, "s")->hole_after, 2);
	assert_int_equal(l->sum.size, 32);
	assert_int_equal(l->sum.sum_holes, 9);
	assert_int_equal(l->sum.padding, 7);
	assert_int_equal(l->sum.last_cacheline, 32);
	assert_int_equal(l->lines, 1);
	zt_layouts_release(&ls);
}

static void test_bitfields_and_bit_holes(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("basic.txt", &ls);
	l = zt_layouts_find(&ls, "bits");
	assert_non_null(l);
	assert_int_equal(member(l, "flags")->bit_size, 3);
	assert_int_equal(member(l, "mode")->bit_offset, 3);
	assert_int_equal(member(l, "mode")->bit_hole_after, 4);
	/* the unnamed ":4" has no comment and no offset */
	assert_string_equal(l->m[2].name, "");
	assert_int_equal(l->m[2].bit_size, 4);
	assert_false(l->m[2].has_offset);
	assert_true(member(l, "late")->combined_next);
	assert_int_equal(member(l, "late")->start, 1);
	/* "2: 8  2": bit 8 of the unit at byte 2 is byte 3 */
	assert_int_equal(member(l, "small")->start, 3);
	assert_int_equal(member(l, "small")->hole_after, 4);
	assert_int_equal(member(l, "small")->bit_hole_after, 7);
	assert_int_equal(l->sum.sum_bitfield_bits, 11);
	assert_int_equal(l->sum.bit_holes, 3);
	assert_int_equal(l->sum.sum_bit_holes, 13);
	zt_layouts_release(&ls);
}

static void test_nested_unions_and_structs(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;
	const struct zt_member *u;

	parse_file("basic.txt", &ls);
	l = zt_layouts_find(&ls, "nested");
	assert_non_null(l);
	/* looked up through the anonymous union */
	assert_int_equal(member(l, "page.dma")->offset, 16);
	assert_int_equal(member(l, "page.len")->offset, 24);
	assert_int_equal(member(l, "xsk")->depth, 1);
	u = &l->m[member(l, "xsk")->parent];
	assert_int_equal(u->kind, ZT_MEMBER_UNION);
	assert_string_equal(u->name, "");
	assert_int_equal(u->size, 16);
	assert_int_equal(member(l, "named.u.s")->offset, 52);
	assert_int_equal(member(l, "named.u")->kind, ZT_MEMBER_UNION);
	assert_int_equal(member(l, "named.u.c")->elems, 3);
	assert_int_equal(member(l, "hi")->offset, 58);
	assert_int_equal(member(l, "hi")->depth, 2);
	assert_int_equal(member(l, "in")->inner_padding, 7);
	assert_string_equal(member(l, "in")->type, "struct inner");
	assert_int_equal(l->sum.members, 9);
	assert_int_equal(l->sum.paddings, 1);
	assert_int_equal(l->sum.sum_paddings, 7);
	assert_int_equal(zt_layout_top(l, zt_layout_member(l, "page.len")),
			 zt_layout_member(l, "xsk") - 4);
	zt_layouts_release(&ls);
}

static void test_function_pointers_and_long_declarations(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("basic.txt", &ls);
	l = zt_layouts_find(&ls, "callbacks");
	assert_non_null(l);
	assert_true(member(l, "cb")->func_ptr);
	assert_string_equal(member(l, "cb")->type, "void (*)(struct callbacks *, int)");
	assert_int_equal(member(l, "rx")->offset, 8);
	assert_int_equal(member(l, "very_long_member_name_too")->offset, 16);
	assert_int_equal(member(l, "pointer_to_const_volatile_long_long")->size, 8);
	assert_int_equal(member(l, "table")->elems, 4);
	assert_int_equal(member(l, "table")->size, 32);
	assert_int_equal(member(l, "table")->last_line, 1);
	assert_int_equal(l->lines, 2);
	zt_layouts_release(&ls);
}

static void test_typedefs(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("basic.txt", &ls);
	l = zt_layouts_find(&ls, "counter_t");
	assert_non_null(l);
	assert_true(l->is_typedef);
	assert_int_equal(l->sum.size, 8);
	assert_int_equal(ls.n_td, 2);	/* and tunion_t */
	assert_string_equal(ls.td[0].name, "dma_addr_t");
	assert_string_equal(ls.td[0].target, "uint64_t");
	zt_layouts_release(&ls);
}

static void test_forced_alignment(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("align.txt", &ls);
	l = zt_layouts_find(&ls, "forced");
	assert_non_null(l);
	assert_int_equal(l->aligned, 64);
	assert_int_equal(member(l, "cold")->aligned, 64);
	assert_int_equal(member(l, "cold")->offset, 64);
	assert_int_equal(member(l, "sa")->aligned, 16);
	assert_int_equal(member(l, "sa")->inner_padding, 12);
	assert_int_equal(member(l, "after")->aligned, 32);
	assert_int_equal(member(l, "after")->first_line, 2);
	assert_int_equal(l->sum.forced_alignments, 3);
	assert_int_equal(l->sum.forced_holes, 3);
	assert_int_equal(l->sum.sum_forced_holes, 106);
	l = zt_layouts_find(&ls, "whole_aligned");
	assert_int_equal(l->aligned, 64);
	assert_int_equal(l->sum.padding, 52);
	assert_int_equal(l->sum.last_cacheline, 0);
	zt_layouts_release(&ls);
}

static void test_notes_sample_demo_rq(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("align.txt", &ls);
	l = zt_layouts_find(&ls, "demo_rq");
	assert_non_null(l);
	assert_string_equal(member(l, "__cacheline_group_begin__hot")->group_begin, "hot");
	assert_string_equal(member(l, "__cacheline_group_end__hot")->group_end, "hot");
	assert_int_equal(member(l, "__cacheline_group_end__hot")->offset, 48);
	/* stats crosses into line 1 though no marker precedes it */
	assert_int_equal(member(l, "stats")->first_line, 0);
	assert_int_equal(member(l, "stats")->last_line, 1);
	assert_int_equal(member(l, "cb")->hole_after, 32);
	assert_true(member(l, "name")->flexible);
	assert_int_equal(member(l, "name")->offset, 132);
	assert_int_equal(l->sum.size, 192);
	assert_int_equal(l->sum.cachelines, 3);
	assert_int_equal(l->sum.members, 13);
	assert_int_equal(l->sum.sum_members, 97);
	assert_int_equal(l->sum.sum_bitfield_bits, 8);
	assert_int_equal(l->sum.padding, 60);
	assert_int_equal(l->sum.sum_forced_holes, 32);
	zt_layouts_release(&ls);
}

static void test_flexible_zero_length_and_groups(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("flex.txt", &ls);
	l = zt_layouts_find(&ls, "flexible");
	assert_true(member(l, "data")->flexible);
	assert_int_equal(member(l, "data")->size, 0);
	l = zt_layouts_find(&ls, "zero_len");
	assert_true(member(l, "mark")->zero_length);
	assert_int_equal(member(l, "after")->offset, 8);
	/* pahole 1.24 prints a trailing [0] as [] */
	assert_true(member(l, "words")->flexible);
	l = zt_layouts_find(&ls, "grouped");
	assert_string_equal(member(l, "__cacheline_group_begin__hot_rx")->group_begin, "hot_rx");
	assert_int_equal(member(l, "__cacheline_group_end__read_mostly")->hole_after, 4);
	assert_int_equal(member(l, "cold1")->first_line, 1);
	assert_int_equal(member(l, "cold1")->last_line, 2);
	assert_int_equal(l->sum.size, 184);
	assert_int_equal(l->sum.last_cacheline, 56);
	zt_layouts_release(&ls);
}

static void test_not_found_in_output(void **state)
{
	struct zt_layouts ls = { 0 };

	parse_file("notfound.txt", &ls);
	assert_int_equal(ls.n_not_found, 1);
	assert_string_equal(ls.not_found[0], "no_such_type");
	assert_non_null(zt_layouts_find(&ls, "holes"));
	zt_layouts_release(&ls);
}

static void expect_error(const char *text, const char *what)
{
	struct zt_layouts ls = { 0 };

	assert_int_equal(zt_pahole_parse(text, strlen(text), 64, &ls), -1);
	if (!strstr(zt_last_error(), what))
		fail_msg("error '%s' does not mention '%s'", zt_last_error(), what);
	assert_int_equal(ls.n, 0);
	zt_layouts_release(&ls);
}

static void test_unions_and_unprintable_members(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;
	bool td = false;

	parse_file("basic.txt", &ls);
	/* no summary block for unions: the size is the largest member */
	l = zt_layouts_find(&ls, "top_union");
	assert_non_null(l);
	assert_true(l->is_union);
	assert_int_equal(l->sum.size, 12);
	/* "typedef union  tunion_t;": pahole 1.24 prints no body for it */
	for (size_t i = 0; i < ls.n_td; i++)
		td |= !strcmp(ls.td[i].name, "tunion_t") && !strcmp(ls.td[i].target, "union");
	assert_true(td);
	/* "<ERROR(...)>" for an _Atomic member, and pahole's own accounting gives up */
	l = zt_layouts_find(&ls, "atomics");
	assert_non_null(l);
	assert_int_equal(l->n, 3);
	assert_true(l->m[1].unprintable);
	assert_false(l->m[1].has_offset);
	assert_int_equal(member(l, "c")->offset, 16);
	assert_true(l->sum.brain_fart);
	zt_layouts_release(&ls);
}

static void test_decl_info(void **state)
{
	/* pahole -I: where each type is defined, before it */
	const char *text =
		"/* Used at: /src/a.c */\n"
		"/* <bf> /src/include/a.h:9 */\n"
		"struct a {\n"
		"\tint x; /* 0 4 */\n"
		"\t/* size: 4, cachelines: 1, members: 1 */\n"
		"};\n"
		"struct b {\n"
		"\tint y; /* 0 4 */\n"
		"\t/* size: 4, cachelines: 1, members: 1 */\n"
		"};\n";
	struct zt_layouts ls = { 0 };

	assert_int_equal(zt_pahole_parse(text, strlen(text), 64, &ls), 0);
	assert_int_equal(ls.n, 2);
	assert_string_equal(ls.v[0].decl_file, "/src/include/a.h");
	assert_int_equal(ls.v[0].decl_line, 9);
	assert_null(ls.v[1].decl_file);
	zt_layouts_release(&ls);
}

static void test_bad_text_is_refused(void **state)
{
	expect_error("struct a {\n\tint x; /* 0 4 */\n", "ends inside type 'a'");
	expect_error("struct a {\n\tint x;\n};\n", "line 2");
	expect_error("struct a {\n\tint x; /* 0 */\n", "no size");
	expect_error("struct a {\n\tint x; /* 0 4 */\n};\n", "no summary");
	expect_error("hello\n", "unexpected text");
	expect_error("struct a {\n\tunion {\n\t\tint x; /* 0 4 */\n\t} u;\n\t/* size: 4 */\n};\n",
		     "line 4: nested body closed without offset");
	expect_error("struct a {\n\tint x:; /* 0: 0 4 */\n\t/* size: 4 */\n};\n", "bitfield");
	expect_error("struct a {\n\tint x[2; /* 0 4 */\n\t/* size: 4 */\n};\n", "name");
	expect_error("struct a {\n\tint x; /* 0 4 */\n\t/* size: 4 */\n} __attribute__((x;\n",
		     "attribute");
	expect_error("struct a {\n\tint x __attribute__((__aligned__(3))); /* 0 4 */\n", "attribute");
}

/* clang-19 DWARF 5 shapes of real kernel structs (tests/data/pahole/kshapes.c). */
static void test_kernel_shapes(void **state)
{
	struct zt_layouts ls = { 0 };
	const struct zt_layout *l;

	parse_file("kshapes.txt", &ls);
	assert_int_equal(ls.n_skipped, 0);
	/* the anonymous struct and union re-printed with a bare "};" are not members */
	l = zt_layouts_find(&ls, "ring_like");
	assert_non_null(l);
	assert_int_equal(zt_layout_top(l, (int)l->n - 1), (int)l->n - 1);
	assert_int_equal(l->m[1].kind, ZT_MEMBER_STRUCT);
	assert_int_equal(l->m[1].offset, 64);
	assert_int_equal(l->m[1].size, 64);
	assert_int_equal(l->m[1].aligned, 64);
	assert_int_equal(member(l, "tail")->offset, 68);
	assert_int_equal(member(l, "cookie")->offset, 128);
	assert_int_equal(member(l, "tag")->offset, 192);
	assert_int_equal(member(l, "state")->offset, 196);
	assert_string_equal(member(l, "state")->type, "enum ring_state");
	/* "Force padding:" lines are tail padding, not members */
	assert_int_equal(l->m[l->n - 1].offset, 196);
	assert_int_equal(l->sum.size, 256);
	assert_int_equal(l->sum.members, 5);
	l = zt_layouts_find(&ls, "chan_like");
	assert_int_equal(l->n, 2);
	assert_int_equal(member(l, "lock")->aligned, 64);
	assert_int_equal(l->sum.padding, 32);
	l = zt_layouts_find(&ls, "tail_anon");
	assert_int_equal(l->n, 3);
	assert_int_equal(l->m[1].size, 64);
	l = zt_layouts_find(&ls, "queue_like");
	assert_int_equal(member(l, "b33")->bit_size, 33);
	assert_int_equal(member(l, "b31")->bit_offset, 33);
	assert_int_equal(member(l, "b2")->offset, 32);
	assert_string_equal(member(l, "pair")->type, "pair_t");
	assert_int_equal(member(l, "ops")->elems, 3);
	assert_int_equal(member(l, "cache")->elems, 4);
	assert_true(member(l, "data")->flexible);
	assert_string_equal(member(l, "__cacheline_group_begin__hot")->group_begin, "hot");
	zt_layouts_release(&ls);
	/* inline enums, a pointer to an anonymous struct, a const one; both compilers */
	for (int k = 0; k < 2; k++) {
		parse_file(k ? "kshapes_gcc.txt" : "kshapes.txt", &ls);
		assert_int_equal(ls.n_skipped, 0);
		l = zt_layouts_find(&ls, "misc_like");
		assert_non_null(l);
		assert_int_equal(l->n, 7);	/* reg, mode, plain, ptr, {a, b} */
		assert_true(member(l, "mode")->bitfield);
		assert_int_equal(member(l, "mode")->bit_size, 16);
		assert_int_equal(member(l, "mode")->bit_offset, 8);
		assert_string_equal(member(l, "plain")->type, "enum");
		assert_int_equal(member(l, "plain")->offset, 4);
		assert_int_equal(member(l, "ptr")->kind, ZT_MEMBER_FIELD);
		assert_string_equal(member(l, "ptr")->type, "struct *");
		assert_int_equal(member(l, "ptr")->size, 8);
		/* pahole 1.24 drops the name of a const anonymous member: "}; / * 16 16 * /" */
		assert_int_equal(member(l, "b")->offset, 24);
		zt_layouts_release(&ls);
	}
}

/* A type the reader cannot take is recorded with its line and skipped; the rest is read. */
static void test_tolerant_parse_skips_one_type(void **state)
{
	const char *text =
		"struct a {\n"
		"\tint x; /* 0 4 */\n"
		"\tstruct {\n"
		"\t\tint y; /* 4 4 */\n"
		"\t} @@; /* 4 4 */\n"
		"\t/* size: 8, cachelines: 1, members: 2 */\n"
		"};\n"
		"garbage here\n"
		"struct b {\n"
		"\tint y; /* 0 4 */\n"
		"\t/* size: 4, cachelines: 1, members: 1 */\n"
		"};\n"
		"struct c {\n"
		"\tint z; /* 0 4 */\n";
	struct zt_layouts ls = { 0 };

	assert_int_equal(zt_pahole_parse(text, strlen(text), 64, &ls), -1);
	assert_int_equal(ls.n, 0);
	zt_layouts_release(&ls);
	zt_pahole_parse_tolerant(text, strlen(text), 64, &ls);
	assert_int_equal(ls.n, 1);
	assert_string_equal(ls.v[0].name, "b");
	assert_int_equal(ls.n_skipped, 3);
	assert_string_equal(ls.skipped[0].type, "a");
	assert_int_equal(ls.skipped[0].line, 5);
	assert_string_equal(ls.skipped[0].text, "\t} @@; /* 4 4 */");
	assert_non_null(strstr(ls.skipped[0].why, "bad name"));
	assert_null(ls.skipped[1].type);
	assert_int_equal(ls.skipped[1].line, 8);
	assert_string_equal(ls.skipped[2].type, "c");
	assert_non_null(strstr(ls.skipped[2].why, "ends inside"));
	zt_layouts_release(&ls);
}

/* Compile each source listed in cases.txt and run pahole through zt_pahole_run. */
static void test_fresh_capture_parses_identically(void **state)
{
	char dir[] = "/tmp/zt-pahole-XXXXXX";
	char *cases, *save = NULL, *line;
	size_t n;
	int compared = 0;

	if (!zt_have_program("pahole"))
		skip();
	assert_non_null(mkdtemp(dir));
	assert_int_equal(zt_read_file(DATA "cases.txt", &cases, &n), 0);
	for (line = strtok_r(cases, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char src[64], types[256], compiler[16] = "", *c, *o, *txt, *types_v[16];
		struct zt_layouts fresh = { 0 }, captured = { 0 };
		struct zt_spawn_result r;
		char *a, *b;
		size_t la, lb, nt = 0;
		FILE *fa, *fb;

		if (line[0] == '#' || sscanf(line, "%63s %255s %15s", src, types, compiler) < 2)
			continue;
		c = xasprintf(DATA "%s.c", src);
		o = xasprintf("%s/%s.o", dir, src);
		txt = xasprintf("%s.txt", src);
		{
			char *gcc[] = { ZT_GCC, "-g", "-O2", "-c", c, "-o", o, NULL };
			char *clang[] = { ZT_CLANG, "-g", "-gdwarf-5", "-O2", "-c", c, "-o", o, NULL };

			assert_int_equal(zt_spawn(strcmp(compiler, "clang") ? gcc : clang, NULL, &r), 0);
			assert_int_equal(r.exit_code, 0);
			zt_spawn_result_release(&r);
		}
		{
			/* the same single run as capture.cmake: stdout, then not-found lines */
			char *argv[] = { "pahole", "-c", "64", "-C", types, o, NULL };
			char *both, *t;

			assert_int_equal(zt_spawn(argv, NULL, &r), 0);
			assert_int_equal(r.exit_code, 0);
			both = xstrdup(r.out);
			for (char *l = strtok_r(r.err, "\n", &t); l; l = strtok_r(NULL, "\n", &t))
				if (strstr(l, "' not found")) {
					char *b = xasprintf("%s%s\n", both, l);

					free(both);
					both = b;
				}
			if (zt_pahole_parse(both, strlen(both), 64, &fresh) < 0)
				fail_msg("%s: %s", src, zt_last_error());
			free(both);
			zt_spawn_result_release(&r);
		}
		if (!strcmp(src, "notfound")) {
			/* pahole 1.24 stops at a missing type but for --skip_missing, which
			   zt_pahole_run passes: the types after it are read too */
			struct zt_layouts all = { 0 };

			for (char *t = strtok(types, ","); t && nt < 16; t = strtok(NULL, ","))
				types_v[nt++] = t;
			assert_int_equal(zt_pahole_run(o, types_v, nt, NULL, &all), 0);
			assert_non_null(zt_layouts_find(&all, "holes"));
			assert_non_null(zt_layouts_find(&all, "bits"));
			assert_int_equal(all.n_not_found, 1);
			assert_string_equal(all.not_found[0], "no_such_type");
			zt_layouts_release(&all);
		}
		parse_file(txt, &captured);
		fa = open_memstream(&a, &la);
		fb = open_memstream(&b, &lb);
		zt_layouts_dump(&fresh, fa);
		zt_layouts_dump(&captured, fb);
		fclose(fa);
		fclose(fb);
		if (strcmp(a, b))
			fail_msg("%s: fresh capture parses differently:\n%s\n--- captured ---\n%s", src, a, b);
		compared++;
		free(a);
		free(b);
		unlink(o);
		free(c);
		free(o);
		free(txt);
		zt_layouts_release(&fresh);
		zt_layouts_release(&captured);
	}
	free(cases);
	rmdir(dir);
	assert_int_equal(compared, 7);
}

static void test_run_errors(void **state)
{
	struct zt_pahole_opts o = { .pahole = "/nonexistent/pahole" };
	struct zt_layouts ls = { 0 };
	char *t[] = { "holes" };

	/* pahole would read the running kernel's BTF for a missing path */
	assert_int_equal(zt_pahole_run("/nonexistent.o", t, 1, NULL, &ls), -1);
	assert_non_null(strstr(zt_last_error(), "cannot read"));
	assert_int_equal(zt_pahole_run(DATA "basic.c", t, 1, &o, &ls), -1);
	assert_non_null(strstr(zt_last_error(), "pahole not found"));
	zt_layouts_release(&ls);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_holes_and_padding),
		cmocka_unit_test(test_bitfields_and_bit_holes),
		cmocka_unit_test(test_nested_unions_and_structs),
		cmocka_unit_test(test_function_pointers_and_long_declarations),
		cmocka_unit_test(test_typedefs),
		cmocka_unit_test(test_forced_alignment),
		cmocka_unit_test(test_notes_sample_demo_rq),
		cmocka_unit_test(test_flexible_zero_length_and_groups),
		cmocka_unit_test(test_not_found_in_output),
		cmocka_unit_test(test_unions_and_unprintable_members),
		cmocka_unit_test(test_decl_info),
		cmocka_unit_test(test_bad_text_is_refused),
		cmocka_unit_test(test_kernel_shapes),
		cmocka_unit_test(test_tolerant_parse_skips_one_type),
		cmocka_unit_test(test_fresh_capture_parses_identically),
		cmocka_unit_test(test_run_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
