// SPDX-License-Identifier: GPL-2.0-only
/*
 * layout: rules files, the placement model against pahole's offsets, the four
 * findings, and the command (exit codes, --diff) run in-process.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "commands.h"
#include "layout.h"
#include "layout_html.h"
#include "pahole.h"
#include "process.h"
#include "reorder.h"
#include "zerotax.h"

#define DATA ZT_TEST_DATA "/pahole/"

static void parse_file(const char *name, struct zt_layouts *ls)
{
	char *path = xasprintf(DATA "%s", name), *d;
	size_t n;

	assert_int_equal(zt_read_file(path, &d, &n), 0);
	assert_int_equal(zt_pahole_parse(d, n, 64, ls), 0);
	free(d);
	free(path);
}

static void rules(const char *text, struct zt_layout_rules *r)
{
	assert_int_equal(zt_layout_rules_parse(text, "test", r), 0);
}

static size_t count(const struct zt_findings *fs, enum zt_check_id id)
{
	size_t n = 0;

	for (size_t i = 0; i < fs->n; i++)
		n += fs->v[i].check->id == id;
	return n;
}

static const struct zt_finding *first(const struct zt_findings *fs, enum zt_check_id id)
{
	for (size_t i = 0; i < fs->n; i++)
		if (fs->v[i].check->id == id)
			return &fs->v[i];
	return NULL;
}

static bool all_on[ZT_CHECK_COUNT] = { true, true, true, true, true, true };

static void test_rules_files(void **state)
{
	struct zt_layout_rules r = { 0 };
	char **recs;
	size_t n;

	rules("# hot fields\n"
	      "struct demo_rq desc per-packet\n"
	      "\n"
	      "struct demo_rq desc per-poll   # weaker: the hottest wins\n"
	      "union u x cold\n"
	      "pool struct frame_xsk\n"
	      "group struct grouped hot_rx 32\n"
	      "hot mlx5e_poll_rx_cq\n", &r);
	assert_int_equal(r.n_hot, 3);
	assert_int_equal(zt_layout_rules_freq(&r, "struct demo_rq", "desc"), ZT_FREQ_PER_PACKET);
	assert_int_equal(zt_layout_rules_freq(&r, "demo_rq", "head"), ZT_FREQ_UNKNOWN);
	assert_true(zt_layout_rules_is_pool(&r, "struct frame_xsk"));
	assert_int_equal(r.groups[0].max_bytes, 32);
	assert_string_equal(r.hot_funcs[0], "mlx5e_poll_rx_cq");
	n = zt_layout_rules_records(&r, &recs);
	assert_int_equal(n, 4);
	zt_names_free(recs, n);
	assert_int_equal(zt_layout_rules_parse("struct a b sometimes\n", "f", &r), -1);
	assert_non_null(strstr(zt_last_error(), "f:1: unknown frequency"));
	assert_int_equal(zt_layout_rules_parse("\n\nfrob x\n", "f", &r), -1);
	assert_non_null(strstr(zt_last_error(), "f:3:"));
	assert_int_equal(zt_layout_rules_parse("group struct a g lots\n", "f", &r), -1);
	zt_layout_rules_release(&r);
}

/* The placement of every captured struct in its current order reproduces pahole. */
static void test_model_reproduces_pahole(void **state)
{
	const char *files[] = { "basic.txt", "align.txt", "flex.txt", "xsk.txt", "notfound.txt",
				"kshapes.txt", "kshapes_gcc.txt" };
	size_t structs = 0;

	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		struct zt_layouts ls = { 0 };

		parse_file(files[f], &ls);
		for (size_t i = 0; i < ls.n; i++) {
			struct zt_struct_report rep;

			assert_int_equal(zt_struct_analyze(&ls.v[i], files[f], &ls, NULL, &rep), 0);
			/* unions and pahole's unprintable members are not simulated, on purpose */
			if (ls.v[i].is_union || !strcmp(ls.v[i].name, "atomics")) {
				assert_false(rep.simulatable);
				zt_struct_report_release(&rep);
				continue;
			}
			if (!rep.verified)
				fail_msg("%s: %s: %s", files[f], ls.v[i].name, rep.why_unverified);
			/* packing never grows a struct */
			assert_true(rep.packed.size <= ls.v[i].sum.size);
			structs++;
			zt_struct_report_release(&rep);
		}
		zt_layouts_release(&ls);
	}
	assert_true(structs >= 20);
}

static void test_alignment_from_embedded_types(void **state)
{
	struct zt_layouts ls = { 0 };
	struct zt_struct_report rep;
	const struct zt_layout *l;

	parse_file("basic.txt", &ls);
	l = zt_layouts_find(&ls, "uses_typedefs");
	assert_int_equal(zt_struct_analyze(l, "o", &ls, NULL, &rep), 0);
	/* dma_addr_t -> uint64_t: 8; counter_t -> struct of int: 4 */
	assert_int_equal(rep.member_align[zt_layout_member(l, "addr")], 8);
	assert_int_equal(rep.member_align[zt_layout_member(l, "cnt")], 4);
	assert_int_equal(rep.packed.size, 24);
	zt_struct_report_release(&rep);
	l = zt_layouts_find(&ls, "nested");
	assert_int_equal(zt_struct_analyze(l, "o", &ls, NULL, &rep), 0);
	assert_int_equal(rep.member_align[zt_layout_member(l, "in")], 8);
	assert_int_equal(rep.member_align[zt_layout_member(l, "named")], 4);
	zt_struct_report_release(&rep);
	zt_layouts_release(&ls);
}

static void test_hot_span_and_array_stride(void **state)
{
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules r = { 0 };
	struct zt_struct_report rep;
	struct zt_findings fs = { 0 };
	const struct zt_finding *f;

	parse_file("xsk.txt", &ls);
	rules("struct frame_xsk xdp.data per-packet\n"
	      "struct frame_xsk dma per-packet\n"
	      "struct frame_xsk orig_addr per-packet\n"
	      "struct frame_xsk xskb_list_node per-packet\n"
	      "struct frame_xsk no_such_field per-packet\n"
	      "pool struct frame_xsk\n", &r);
	assert_int_equal(zt_struct_analyze(zt_layouts_find(&ls, "frame_xsk"), "xsk.o", &ls, &r,
					   &rep), 0);
	assert_true(rep.verified);
	assert_int_equal(rep.n_unknown, 1);
	/* xdp.data is inside an embedded struct: only data counts, not all of xdp */
	assert_int_equal(rep.hot_bytes, 8 + 8 + 8 + 16);
	assert_int_equal(rep.hot_span, 3);
	assert_int_equal(rep.min_hot_span, 1);
	assert_true(rep.have_suggestion);
	/* dma, orig_addr, xskb_list_node, then xdp: its data shares their line */
	assert_int_equal(rep.suggested.hot_span, 1);
	assert_int_equal(rep.suggested.size, 144);
	zt_layout_findings(&rep, all_on, &fs);
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_HOT_SPAN), 1);
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_ARRAY_STRIDE), 1);
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_BLOAT), 0);
	f = first(&fs, ZT_CHECK_LAYOUT_ARRAY_STRIDE);
	assert_non_null(strstr(f->message, "144 bytes: 3 cache lines per element; 16 bytes less (128)"));
	f = first(&fs, ZT_CHECK_LAYOUT_HOT_SPAN);
	assert_non_null(strstr(f->message, "span 3 cache lines; they fit in 1"));
	assert_string_equal(f->type, "struct frame_xsk");
	assert_non_null(json_object_get(f->details, "suggestion"));
	assert_int_equal(json_integer_value(json_object_get(json_object_get(f->details,
							"suggestion"), "hot_span")), 1);
	zt_findings_release(&fs);
	zt_struct_report_release(&rep);
	zt_layout_rules_release(&r);
	zt_layouts_release(&ls);
}

static void test_bloat_and_groups(void **state)
{
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules r = { 0 };
	struct zt_struct_report rep;
	struct zt_findings fs = { 0 };
	bool no_bloat[ZT_CHECK_COUNT] = { true, true, false, true, true, true };

	parse_file("align.txt", &ls);
	rules("struct demo_rq desc per-packet\nstruct demo_rq cb per-packet\n", &r);
	assert_int_equal(zt_struct_analyze(zt_layouts_find(&ls, "demo_rq"), "a.o", &ls, &r, &rep), 0);
	zt_layout_findings(&rep, all_on, &fs);
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_BLOAT), 1);
	assert_non_null(strstr(first(&fs, ZT_CHECK_LAYOUT_BLOAT)->message,
			       "takes 3 cache lines (192 bytes, 34 in holes, 60 of padding); its "
			       "members fit in 2 (128 bytes)"));
	/* cb is hot and outside the 'hot' group */
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_GROUP_ASSERT), 1);
	assert_non_null(strstr(first(&fs, ZT_CHECK_LAYOUT_GROUP_ASSERT)->message, "'cb'"));
	zt_findings_release(&fs);
	zt_layout_findings(&rep, no_bloat, &fs);
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_BLOAT), 0);
	zt_findings_release(&fs);
	zt_struct_report_release(&rep);
	zt_layout_rules_release(&r);
	zt_layouts_release(&ls);

	/* a group over its allowed size, and one straddling a line boundary */
	parse_file("flex.txt", &ls);
	rules("group struct grouped hot_rx 24\n", &r);
	assert_int_equal(zt_struct_analyze(zt_layouts_find(&ls, "grouped"), "f.o", &ls, &r, &rep), 0);
	zt_layout_findings(&rep, all_on, &fs);
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_GROUP_ASSERT), 1);
	assert_non_null(strstr(fs.v[0].message, "is 32 bytes, more than the 24"));
	zt_findings_release(&fs);
	zt_struct_report_release(&rep);
	zt_layout_rules_release(&r);
	zt_layouts_release(&ls);
	{
		const char *text =
			"struct g {\n"
			"\tchar pad[40]; /* 0 40 */\n"
			"\tunsigned char __cacheline_group_begin__hot[0]; /* 40 0 */\n"
			"\tlong a; /* 40 8 */\n"
			"\tlong b; /* 48 8 */\n"
			"\tlong c; /* 56 8 */\n"
			"\tlong d; /* 64 8 */\n"
			"\tunsigned char __cacheline_group_end__hot[0]; /* 72 0 */\n"
			"\t/* size: 72, cachelines: 2, members: 7 */\n"
			"};\n";

		assert_int_equal(zt_pahole_parse(text, strlen(text), 64, &ls), 0);
		assert_int_equal(zt_struct_analyze(&ls.v[0], "g.o", &ls, NULL, &rep), 0);
		zt_layout_findings(&rep, all_on, &fs);
		assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_GROUP_ASSERT), 1);
		assert_non_null(strstr(fs.v[0].message, "(32 bytes) spans 2 cache lines; it fits in 1"));
		zt_findings_release(&fs);
		zt_struct_report_release(&rep);
		zt_layouts_release(&ls);
	}
}

static void test_unverified_model_predicts_nothing(void **state)
{
	/* a type aligned more than its size tells (16 for 8 bytes): pahole contradicts us */
	const char *text =
		"struct odd {\n"
		"\tint a; /* 0 4 */\n"
		"\tmystery_t m; /* 16 8 */\n"
		"\tlong b; /* 24 8 */\n"
		"\tchar c; /* 32 1 */\n"
		"\t/* size: 48, cachelines: 1, members: 4 */\n"
		"};\n";
	struct zt_layouts ls = { 0 };
	struct zt_struct_report rep;

	assert_int_equal(zt_pahole_parse(text, strlen(text), 64, &ls), 0);
	assert_int_equal(zt_struct_analyze(&ls.v[0], "o.o", &ls, NULL, &rep), 0);
	/* unknown type of 8 bytes: taken as 8-aligned, so placed at 8, not 16 */
	assert_false(rep.verified);
	assert_non_null(rep.why_unverified);
	assert_false(rep.have_suggestion);
	zt_struct_report_release(&rep);
	zt_layouts_release(&ls);
}

/* A hot array bigger than a line is hot where it is indexed: one element, not 1 KiB. */
static void test_hot_array_counts_one_access(void **state)
{
	const char *text =
		"struct ring {\n"
		"\tint head; /* 0 4 */\n"
		"\t/* XXX 4 bytes hole, try to pack */\n"
		"\tlong unsigned int cache[128]; /* 8 1024 */\n"
		"\tint tail; /* 1032 4 */\n"
		"\t/* size: 1040, cachelines: 17, members: 3 */\n"
		"};\n";
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules r = { 0 };
	struct zt_struct_report rep;
	struct zt_findings fs = { 0 };
	bool noted = false;

	assert_int_equal(zt_pahole_parse(text, strlen(text), 64, &ls), 0);
	rules("struct ring head per-packet\nstruct ring cache per-packet\n"
	      "struct ring tail per-packet\n", &r);
	assert_int_equal(zt_struct_analyze(&ls.v[0], "r.o", &ls, &r, &rep), 0);
	assert_true(rep.verified);
	assert_int_equal(rep.hot_bytes, 4 + 8 + 4);
	assert_int_equal(rep.hot_span, 2);	/* line 0 (head, cache[0]) and line 16 (tail) */
	assert_int_equal(rep.min_hot_span, 1);
	assert_true(rep.have_suggestion);
	assert_int_equal(rep.suggested.hot_span, 1);
	zt_layout_findings(&rep, all_on, &fs);
	for (size_t i = 0; i < fs.n; i++)
		for (size_t k = 0; k < fs.v[i].n_notes; k++)
			noted |= strstr(fs.v[i].notes[k], "array 'cache'") != NULL;
	assert_true(noted);
	zt_findings_release(&fs);
	zt_struct_report_release(&rep);
	zt_layout_rules_release(&r);
	zt_layouts_release(&ls);
}

/*
 * A hot embedded struct counts where its hot members lie: the embedded type's
 * own hot fields when it is used whole (by address), the path below it when
 * the rules name one, all of it when nothing is known about its inside.
 */
static const char embedded_text[] =
	"struct pc {\n"
	"\tunsigned int head; /* 0 4 */\n"
	"\tunsigned int tail; /* 4 4 */\n"
	"\tlong unsigned int cache[256]; /* 8 2048 */\n"
	"\t/* size: 2056, cachelines: 33, members: 3 */\n"
	"\t/* last cacheline: 8 bytes */\n"
	"};\n"
	"struct rx {\n"
	"\tvoid * cq; /* 0 8 */\n"
	"\tlong unsigned int cold[8]; /* 8 64 */\n"
	"\tstruct pc pc; /* 72 2056 */\n"
	"\tint last; /* 2128 4 */\n"
	"\t/* size: 2136, cachelines: 34, members: 4 */\n"
	"\t/* padding: 4 */\n"
	"\t/* last cacheline: 24 bytes */\n"
	"};\n";

static void analyze_embedded(const char *rules_text, struct zt_layouts *ls,
			     struct zt_layout_rules *r, struct zt_struct_report *rep)
{
	assert_int_equal(zt_pahole_parse(embedded_text, strlen(embedded_text), 64, ls), 0);
	rules(rules_text, r);
	assert_int_equal(zt_struct_analyze(zt_layouts_find(ls, "rx"), "rx.o", ls, r, rep), 0);
	assert_true(rep->verified);
}

static void release_embedded(struct zt_layouts *ls, struct zt_layout_rules *r,
			     struct zt_struct_report *rep)
{
	zt_struct_report_release(rep);
	zt_layout_rules_release(r);
	zt_layouts_release(ls);
	memset(ls, 0, sizeof(*ls));
	memset(r, 0, sizeof(*r));
}

static void test_hot_embedded_struct_counts_its_hot_members(void **state)
{
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules r = { 0 };
	struct zt_struct_report rep;
	struct zt_findings fs = { 0 };
	bool noted = false;

	/* pc used whole (&rx->pc): its own hot fields head, tail, cache[i] */
	analyze_embedded("struct rx cq per-packet\nstruct rx pc per-packet\n"
			 "struct rx last per-packet\nstruct pc head per-packet\n"
			 "struct pc tail per-packet\nstruct pc cache per-packet\n", &ls, &r, &rep);
	assert_int_equal(rep.hot_bytes, 8 + (4 + 4 + 8) + 4);
	assert_int_equal(rep.hot_span, 3);	/* lines 0 (cq), 1 (pc's head), 33 (last) */
	assert_int_equal(rep.min_hot_span, 1);
	assert_true(rep.have_suggestion);
	/* cq, last, then pc: its hot head shares their line */
	assert_int_equal(rep.suggested.hot_span, 1);
	assert_int_equal(rep.suggested.size, 2136);
	zt_layout_findings(&rep, all_on, &fs);
	for (size_t i = 0; i < fs.n; i++)
		for (size_t k = 0; k < fs.v[i].n_notes; k++)
			noted |= strstr(fs.v[i].notes[k], "struct 'pc' at 72 (2056 bytes, lines 1-33): "
					"counted as the 16 bytes of its hot members, in 1 cache line")
				 != NULL;
	assert_true(noted);
	zt_findings_release(&fs);
	release_embedded(&ls, &r, &rep);

	/* a path below it: only that member */
	analyze_embedded("struct rx pc.tail per-packet\nstruct pc head per-poll\n", &ls, &r, &rep);
	assert_int_equal(rep.hot_bytes, 4);
	assert_int_equal(rep.hot_span, 1);
	release_embedded(&ls, &r, &rep);

	/* both: the path and the type's hot fields */
	analyze_embedded("struct rx pc.cache per-packet\nstruct rx pc per-packet\n"
			 "struct pc head per-poll\n", &ls, &r, &rep);
	assert_int_equal(rep.hot_bytes, 8 + 4);
	assert_int_equal(rep.hot_span, 1);
	release_embedded(&ls, &r, &rep);

	/* nothing known about its inside: all 2056 bytes, lines 1-33 */
	analyze_embedded("struct rx pc per-packet\n", &ls, &r, &rep);
	assert_int_equal(rep.hot_bytes, 2056);
	assert_int_equal(rep.hot_span, 33);
	release_embedded(&ls, &r, &rep);
}

/*
 * Text that says a type embeds itself (C cannot; pahole text from two
 * translation units with one name, or a damaged one, can): the walk of its hot
 * fields stops where the type comes round again and counts that member whole,
 * instead of branching at every level down to the depth limit.
 */
static const char knot_text[] =
	"struct knot {\n"
	"\tstruct knot a; /* 0 8 */\n"
	"\tstruct knot b; /* 0 8 */\n"
	"\t/* size: 8, cachelines: 1, members: 2 */\n"
	"\t/* last cacheline: 8 bytes */\n"
	"};\n";

static void test_hot_walk_stops_at_a_type_cycle(void **state)
{
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules r = { 0 };
	struct zt_struct_report rep;

	(void)state;
	zt_pahole_parse_tolerant(knot_text, strlen(knot_text), 64, &ls);
	assert_non_null(zt_layouts_find(&ls, "knot"));
	rules("struct knot a per-packet\nstruct knot b per-packet\n", &r);
	assert_int_equal(zt_struct_analyze(zt_layouts_find(&ls, "knot"), "k.o", &ls, &r, &rep), 0);
	/* both members hot, whole: the 8 bytes, one line */
	assert_int_equal(rep.hot_bytes, 8);
	assert_int_equal(rep.hot_span, 1);
	zt_struct_report_release(&rep);
	zt_layout_rules_release(&r);
	zt_layouts_release(&ls);
}

/* --format=html: rows per line, holes and padding marked, every name escaped */
static void test_html_page(void **state)
{
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules r = { 0 };
	struct zt_struct_report rep;
	struct zt_layout_html h;
	struct zt_layout *l;
	char *page = NULL;
	size_t len = 0, rows = 0;
	FILE *fp;

	analyze_embedded("struct rx cq per-packet\nstruct rx last per-packet\n", &ls, &r, &rep);
	zt_struct_report_release(&rep);
	l = (struct zt_layout *)zt_layouts_find(&ls, "rx");
	free(l->name);
	l->name = xstrdup("rx<b>&\"q'");
	free(l->decl_file);
	l->decl_file = xstrdup("/src/<x>.h");
	free(l->m[0].name);
	l->m[0].name = xstrdup("c<q>");
	zt_layout_rules_release(&r);
	memset(&r, 0, sizeof(r));
	zt_layout_rules_add_hot(&r, "rx<b>&\"q'", "c<q>", ZT_FREQ_PER_PACKET);
	zt_layout_rules_add_hot(&r, "rx<b>&\"q'", "last", ZT_FREQ_PER_PACKET);
	assert_int_equal(zt_struct_analyze(l, "o<1>.o", &ls, &r, &rep), 0);
	assert_true(rep.have_suggestion);
	zt_layout_html_init(&h, 64);
	zt_layout_html_add(&h, &rep);
	fp = open_memstream(&page, &len);
	assert_non_null(fp);
	zt_layout_html_write(&h, "a <title>", "x.h:1:1: warning: <b> & more\n", fp);
	fclose(fp);
	assert_null(strstr(page, "<b>"));
	assert_null(strstr(page, "<q>"));
	assert_null(strstr(page, "<x>"));
	assert_null(strstr(page, "<1>"));
	assert_null(strstr(page, "<title>a <title>"));
	assert_non_null(strstr(page, "rx&lt;b&gt;&amp;&quot;q&#39;"));
	assert_non_null(strstr(page, ">c&lt;q&gt;</span>"));
	assert_non_null(strstr(page, "/src/&lt;x&gt;.h:"));
	assert_non_null(strstr(page, "warning: &lt;b&gt; &amp; more"));
	/* the current layout's 34 rows, then the suggestion's */
	for (const char *p = page; (p = strstr(p, "<div class=\"line")); p++)
		rows++;
	assert_int_equal(rows, 34 + rep.suggested.lines);
	assert_non_null(strstr(page, "class=\"seg pad\""));
	assert_non_null(strstr(page, "class=\"seg hot\""));
	assert_non_null(strstr(page, "data-layout=\"suggested\""));
	free(page);
	zt_layout_html_release(&h);
	release_embedded(&ls, &r, &rep);
}

static void test_packed_struct_is_not_simulated(void **state)
{
	const char *text =
		"struct pk {\n"
		"\tchar a; /* 0 1 */\n"
		"\tchar pad[62]; /* 1 62 */\n"
		"\tint b; /* 63 4 */\n"
		"\t/* size: 67, cachelines: 2, members: 3 */\n"
		"} __attribute__((__packed__));\n";
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules r = { 0 };
	struct zt_struct_report rep;
	struct zt_findings fs = { 0 };

	assert_int_equal(zt_pahole_parse(text, strlen(text), 64, &ls), 0);
	assert_true(ls.v[0].packed);
	rules("struct pk a per-packet\nstruct pk b per-packet\n", &r);
	assert_int_equal(zt_struct_analyze(&ls.v[0], "p.o", &ls, &r, &rep), 0);
	assert_false(rep.simulatable);
	assert_false(rep.have_suggestion);
	assert_int_equal(rep.hot_span, 2);
	zt_layout_findings(&rep, all_on, &fs);
	/* the span is still reported, with no order predicted */
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_HOT_SPAN), 1);
	assert_int_equal(count(&fs, ZT_CHECK_LAYOUT_BLOAT), 0);
	assert_non_null(strstr(fs.v[0].notes[fs.v[0].n_notes - 1], "no reorder predicted: a packed"));
	zt_findings_release(&fs);
	zt_struct_report_release(&rep);
	zt_layout_rules_release(&r);
	zt_layouts_release(&ls);
}

struct run {
	int ret;
	char *out;
	size_t out_len;
};

static struct run run_zt(int argc, char **argv)
{
	struct run r = { 0 };
	FILE *out = open_memstream(&r.out, &r.out_len);
	struct zt_ctx ctx = { .argv0 = "zerotax", .out = out, .err = stderr, .jobs = 1 };

	r.ret = zt_main(&ctx, argc, argv);
	fclose(out);
	return r;
}

#define RUN(...)                                                                \
	({                                                                      \
		char *args[] = { "zerotax", "layout", __VA_ARGS__, NULL };      \
		run_zt((int)ARRAY_SIZE(args) - 1, args);                        \
	})

static void test_command_errors(void **state)
{
	struct run r;

	r = RUN("--format=xml", "x.o");
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
	r = RUN("--diff", "x.o");
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
	r = RUN("--struct", "a");
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
	r = RUN("--hot", "f", "x.o");
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
	r = RUN("-j", "0", "x.o");
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
	r = RUN("/nonexistent/x.o");
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "cannot read"));
	free(r.out);
	r = RUN("--pahole", "/nonexistent/pahole", DATA "basic.c");
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "pahole not found"));
	free(r.out);
	r = RUN("--hot-fields", "/nonexistent/hot.txt", DATA "basic.c");
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	free(r.out);
	/* errors stay JSON in JSON mode */
	r = RUN("--format=json", "--pahole", "/nonexistent/pahole", DATA "basic.c");
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(r.out, "\"exit_code\": 3"));
	free(r.out);
}

static char tmpdir[64];

static char *compile_with(const char *src, const char *name, const char *debug)
{
	char *o = xasprintf("%s/%s", tmpdir, name);
	char *argv[] = { ZT_GCC, (char *)debug, "-O2", "-c", (char *)src, "-o", o, NULL };
	struct zt_spawn_result r;

	assert_int_equal(zt_spawn(argv, NULL, &r), 0);
	assert_int_equal(r.exit_code, 0);
	zt_spawn_result_release(&r);
	return o;
}

static char *compile(const char *src, const char *name)
{
	return compile_with(src, name, "-g");
}

static void rm_tmpdir(void)
{
	char *argv[] = { "rm", "-rf", tmpdir, NULL };
	struct zt_spawn_result sr;

	zt_spawn(argv, NULL, &sr);
	zt_spawn_result_release(&sr);
}

/* An object without DWARF is warned about and skipped; the others are audited. */
static void test_command_mixed_objects(void **state)
{
	char *good, *bare;
	struct run r;
	json_t *doc;

	if (!zt_have_program("pahole"))
		skip();
	strcpy(tmpdir, "/tmp/zt-layout-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	good = compile(DATA "align.c", "good.o");
	bare = compile_with(DATA "align.c", "bare.o", "-g0");
	r = RUN("--format=json", "--struct", "forced", bare, good);
	assert_int_equal(r.ret, ZT_EXIT_FINDINGS);
	{
		/* layout findings go through baselines like check's */
		char *base = xasprintf("%s/base.json", tmpdir);
		struct run b;

		assert_int_equal(zt_write_file(base, r.out, strlen(r.out)), 0);
		b = RUN("--baseline", base, "--struct", "forced", good);
		assert_int_equal(b.ret, ZT_EXIT_CLEAN);
		free(b.out);
		free(base);
	}
	doc = json_loads(r.out, 0, NULL);
	assert_non_null(doc);
	assert_true(json_array_size(json_object_get(doc, "findings")) > 0);
	json_decref(doc);
	free(r.out);
	/* exit 3 only when no object could be read */
	r = RUN("--struct", "forced", bare);
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "no DWARF debug info in"));
	assert_non_null(strstr(zt_last_error(), "build with -g"));
	free(r.out);
	r = RUN("--struct", "forced", bare, bare);
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "no object could be read"));
	free(r.out);
	rm_tmpdir();
	free(good);
	free(bare);
}

static void test_command_audit_and_diff(void **state)
{
	const char *hot =
		"struct demo_queue cq per-packet\n"
		"struct demo_queue wqe_cc per-packet\n"
		"struct demo_queue hot_state per-packet\n"
		"struct demo_queue page_pool per-packet\n"
		"struct demo_queue xdp_prog per-packet\n"
		"struct demo_queue headroom per-packet\n"
		"struct demo_queue mkey per-packet\n";
	char *hotf, *oldo, *newo, *newc, *text;
	struct run r;
	json_t *doc, *sug, *order;
	char **names;
	size_t n, n_order;

	if (!zt_have_program("pahole"))
		skip();
	strcpy(tmpdir, "/tmp/zt-layout-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	hotf = xasprintf("%s/hot.txt", tmpdir);
	assert_int_equal(zt_write_file(hotf, hot, strlen(hot)), 0);
	oldo = compile(DATA "xsk.c", "old.o");

	r = RUN("--hot-fields", hotf, "--struct", "nosuch", oldo);
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "type 'nosuch' not found"));
	free(r.out);

	r = RUN("--format=json", "--hot-fields", hotf, oldo);
	assert_int_equal(r.ret, ZT_EXIT_FINDINGS);
	doc = json_loads(r.out, 0, NULL);
	assert_non_null(doc);
	sug = json_object_get(json_object_get(json_array_get(json_object_get(doc, "findings"), 0),
					      "details"), "suggestion");
	assert_non_null(sug);
	assert_int_equal(json_integer_value(json_object_get(sug, "size")), 200);
	order = json_object_get(sug, "order");
	n_order = json_array_size(order);
	names = xcalloc(n_order, sizeof(*names));
	for (size_t i = 0; i < n_order; i++)
		names[i] = xstrdup(json_string_value(json_array_get(order, i)));
	free(r.out);
	json_decref(doc);

	/* apply it, rebuild, and let --diff tell */
	newc = xasprintf("%s/xsk.c", tmpdir);
	assert_int_equal(zt_read_file(DATA "xsk.c", &text, &n), 0);
	assert_int_equal(zt_write_file(newc, text, n), 0);
	free(text);
	assert_int_equal(zt_reorder_struct(newc, NULL, "demo_queue", names, n_order, &text), 0);
	assert_int_equal(zt_write_file(newc, text, strlen(text)), 0);
	free(text);
	newo = compile(newc, "new.o");
	r = RUN("--diff", "--hot-fields", hotf, oldo, newo);
	assert_int_equal(r.ret, ZT_EXIT_CLEAN);
	assert_string_equal(r.out, "struct demo_queue: 232 -> 200 bytes, 4 -> 4 cache lines, "
			    "hot span 4 -> 1\n");
	free(r.out);
	/* the other way round a struct's hot span grew: exit 1 for CI */
	r = RUN("--diff", "--hot-fields", hotf, newo, oldo);
	assert_int_equal(r.ret, ZT_EXIT_FINDINGS);
	free(r.out);
	r = RUN("--hot-fields", hotf, newo);
	assert_int_equal(r.ret, ZT_EXIT_CLEAN);
	free(r.out);
	zt_names_free(names, n_order);
	{
		char *argv[] = { "rm", "-rf", tmpdir, NULL };
		struct zt_spawn_result sr;

		zt_spawn(argv, NULL, &sr);
		zt_spawn_result_release(&sr);
	}
	free(hotf);
	free(oldo);
	free(newo);
	free(newc);
}

/*
 * --apply DIR -s SRC: the objects were built from SRC (DWARF names its file);
 * the definition is rewritten at the same place under the copy DIR, SRC stays.
 */
static void test_command_apply_to_copy(void **state)
{
	const char *hot = "struct demo_queue cq per-packet\n"
			  "struct demo_queue mkey per-packet\n"
			  "struct demo_queue wqe_cc per-packet\n";
	char *hotf, *src, *copy, *srcc, *copyc, *o, *text, *orig, *now;
	const char *body;
	size_t n;
	struct run r;

	if (!zt_have_program("pahole"))
		skip();
	strcpy(tmpdir, "/tmp/zt-layout-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	hotf = xasprintf("%s/hot.txt", tmpdir);
	assert_int_equal(zt_write_file(hotf, hot, strlen(hot)), 0);
	src = xasprintf("%s/src", tmpdir);
	copy = xasprintf("%s/copy", tmpdir);
	srcc = xasprintf("%s/xsk.c", src);
	copyc = xasprintf("%s/xsk.c", copy);
	assert_int_equal(zt_mkdir_p(src, 0755), 0);
	assert_int_equal(zt_mkdir_p(copy, 0755), 0);
	assert_int_equal(zt_read_file(DATA "xsk.c", &orig, &n), 0);
	assert_int_equal(zt_write_file(srcc, orig, n), 0);
	assert_int_equal(zt_write_file(copyc, orig, n), 0);
	o = compile(srcc, "xsk.o");

	/* -s belongs to --apply */
	r = RUN("-s", src, "--hot-fields", hotf, o);
	assert_int_equal(r.ret, ZT_EXIT_USAGE);
	free(r.out);
	/* without -s the definition (in src) is outside the copy: refused, nothing written */
	r = RUN("--hot-fields", hotf, "--apply", copy, o);
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "outside"));
	free(r.out);
	r = RUN("--hot-fields", hotf, "--apply", copy, "-s", src, o);
	assert_int_equal(r.ret, ZT_EXIT_FINDINGS);
	free(r.out);
	assert_int_equal(zt_read_file(srcc, &text, &n), 0);
	assert_string_equal(text, orig);
	free(text);
	assert_int_equal(zt_read_file(copyc, &now, &n), 0);
	assert_string_not_equal(now, orig);
	/* the hot cq now opens the struct, the old first member moved down */
	body = strstr(now, "struct demo_queue {\n");
	assert_non_null(body);
	body += strlen("struct demo_queue {\n");
	assert_true(strstr(body, " cq;") < strchr(body, '\n'));
	assert_non_null(strstr(body, "uint32_t flags;"));
	free(now);
	free(orig);
	rm_tmpdir();
	free(hotf);
	free(src);
	free(copy);
	free(srcc);
	free(copyc);
	free(o);
}

/* -p: the hot fields come from check's AST pass over a compile database */
static void test_command_ast_pass(void **state)
{
	const char *drv =
		"#include \"" DATA "xsk.c\"\n"
		"int consume(struct demo_queue *q, int budget)\n"
		"{\n"
		"\tint n = 0;\n"
		"\tfor (int i = 0; i < budget; i++) {\n"
		"\t\tq->wqe_cc++;\n"
		"\t\tn += q->mkey + q->headroom;\n"
		"\t}\n"
		"\treturn n;\n"
		"}\n"
		"void setup(struct demo_queue *q) { q->ix = 3; }\n";
	char *c, *db, *dbtext, *o;
	struct run r;
	json_t *doc, *f;

	if (!zt_have_program("pahole"))
		skip();
	strcpy(tmpdir, "/tmp/zt-layout-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	c = xasprintf("%s/drv.c", tmpdir);
	assert_int_equal(zt_write_file(c, drv, strlen(drv)), 0);
	db = xasprintf("%s/compile_commands.json", tmpdir);
	dbtext = xasprintf("[{\"directory\": \"%s\", \"command\": \"gcc -g -O2 -c drv.c\", "
			   "\"file\": \"%s\"}]", tmpdir, c);
	assert_int_equal(zt_write_file(db, dbtext, strlen(dbtext)), 0);
	o = compile(c, "drv.o");
	/* pahole runs first: a struct in no object ends the run before any AST work */
	r = RUN("-p", "/nonexistent", "--struct", "nosuch", o);
	assert_int_equal(r.ret, ZT_EXIT_INPUT);
	assert_non_null(strstr(zt_last_error(), "type 'nosuch' not found"));
	free(r.out);
	r = RUN("--format=json", "-p", tmpdir, "-j", "2", "--hot", "consume", "--struct", "demo_queue", o);
	assert_int_equal(r.ret, ZT_EXIT_FINDINGS);
	doc = json_loads(r.out, 0, NULL);
	assert_non_null(doc);
	f = json_array_get(json_object_get(doc, "findings"), 0);
	assert_string_equal(json_string_value(json_object_get(f, "rule")), "zerotax-layout-hot-span");
	assert_string_equal(json_string_value(json_object_get(f, "symbol")), "demo_queue");
	/* wqe_cc, mkey, headroom: 8 bytes over lines 1 and 3 */
	assert_int_equal(json_integer_value(json_object_get(json_object_get(f, "details"),
							     "hot_bytes")), 8);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(f, "details"),
							     "hot_span")), 2);
	json_decref(doc);
	free(r.out);
	{
		char *argv[] = { "rm", "-rf", tmpdir, NULL };
		struct zt_spawn_result sr;

		zt_spawn(argv, NULL, &sr);
		zt_spawn_result_release(&sr);
	}
	free(c);
	free(db);
	free(dbtext);
	free(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rules_files),
		cmocka_unit_test(test_model_reproduces_pahole),
		cmocka_unit_test(test_alignment_from_embedded_types),
		cmocka_unit_test(test_hot_span_and_array_stride),
		cmocka_unit_test(test_bloat_and_groups),
		cmocka_unit_test(test_unverified_model_predicts_nothing),
		cmocka_unit_test(test_hot_array_counts_one_access),
		cmocka_unit_test(test_hot_embedded_struct_counts_its_hot_members),
		cmocka_unit_test(test_hot_walk_stops_at_a_type_cycle),
		cmocka_unit_test(test_html_page),
		cmocka_unit_test(test_packed_struct_is_not_simulated),
		cmocka_unit_test(test_command_errors),
		cmocka_unit_test(test_command_audit_and_diff),
		cmocka_unit_test(test_command_ast_pass),
		cmocka_unit_test(test_command_apply_to_copy),
		cmocka_unit_test(test_command_mixed_objects),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
