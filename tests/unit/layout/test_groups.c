// SPDX-License-Identifier: GPL-2.0-only
/*
 * The suggestion by access and path (issue 27): read-mostly hot fields
 * together, then per set of writing paths the fields it writes, a written
 * group on its own cache line when another path writes the struct or reads
 * its read-mostly fields, cold last; "no room" said when the line starts
 * would grow the struct; the report says why each field went where.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "layout.h"
#include "layout_html.h"
#include "pahole.h"
#include "strbuf.h"
#include "zerotax.h"

static bool all_on[ZT_CHECK_COUNT] = { true, true, true, true, true, true };

/* pahole's text of struct q: the four hot longs first, then @cold cold longs */
static char *q_text(unsigned int cold)
{
	static const char *const hot[] = { "ring_mask", "rx_head", "tx_tail", "desc" };
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	unsigned int off = 0;

	zt_strbuf_adds(&sb, "struct q {\n");
	for (unsigned int i = 0; i < 4 + cold; i++, off += 8) {
		char name[32];

		if (i < 4)
			snprintf(name, sizeof(name), "%s", hot[i]);
		else
			snprintf(name, sizeof(name), "cold%u", i - 4);
		zt_strbuf_addf(&sb, "\tlong unsigned int %s; /* %u 8 */\n", name, off);
	}
	zt_strbuf_addf(&sb, "\t/* size: %u, cachelines: %u, members: %u */\n};\n", off,
		       (off + 63) / 64, 4 + cold);
	return zt_strbuf_detach(&sb, NULL);
}

static const char two_writers[] =
	"struct q ring_mask per-packet read=rx,tx\n"
	"struct q rx_head per-packet write=rx read=rx\n"
	"struct q tx_tail per-packet write=completion\n"
	"struct q desc per-packet read=rx,completion\n";

static void analyze(unsigned int cold, const char *rules_text, struct zt_layouts *ls,
		    struct zt_layout_rules *r, struct zt_struct_report *rep)
{
	char *text = q_text(cold);

	memset(ls, 0, sizeof(*ls));
	memset(r, 0, sizeof(*r));
	assert_int_equal(zt_pahole_parse(text, strlen(text), 64, ls), 0);
	free(text);
	assert_int_equal(zt_layout_rules_parse(rules_text, "rules", r), 0);
	assert_int_equal(zt_struct_analyze(zt_layouts_find(ls, "q"), "q.o", ls, r, rep), 0);
	assert_true(rep->verified);
}

static void done(struct zt_layouts *ls, struct zt_layout_rules *r, struct zt_struct_report *rep)
{
	zt_struct_report_release(rep);
	zt_layout_rules_release(r);
	zt_layouts_release(ls);
}

static const struct zt_path_group *group(const struct zt_struct_report *rep, const char *name)
{
	for (size_t i = 0; i < rep->n_groups; i++)
		if (!strcmp(rep->groups[i].name, name))
			return &rep->groups[i];
	return NULL;
}

static unsigned long offset_of(const struct zt_struct_report *rep, const char *name)
{
	int i = zt_layout_member(rep->l, name);

	assert_true(i >= 0);
	return rep->suggested.bit[i] / 8;
}

static bool has_note(const struct zt_findings *fs, const char *needle)
{
	for (size_t i = 0; i < fs->n; i++)
		for (size_t k = 0; k < fs->v[i].n_notes; k++)
			if (strstr(fs->v[i].notes[k], needle))
				return true;
	return false;
}

/* RX and the TX completion both write struct q: each written group on its own line. */
static void test_two_writing_paths_get_their_own_lines(void **state)
{
	struct zt_layouts ls;
	struct zt_layout_rules r;
	struct zt_struct_report rep;
	struct zt_findings fs = { 0 };
	const struct zt_path_group *g;

	(void)state;
	analyze(20, two_writers, &ls, &r, &rep);	/* 192 bytes, 3 lines */
	assert_int_equal(rep.mixed_now, 1);	/* line 0: both writers and the readers */
	assert_true(rep.have_suggestion);
	assert_false(rep.no_room);
	assert_int_equal(rep.mixed_suggested, 0);
	assert_int_equal(rep.suggested.lines, 3);
	assert_int_equal(rep.n_groups, 3);
	g = group(&rep, "hot_read");
	assert_non_null(g);
	assert_int_equal(g->writes, 0);
	assert_false(g->line_start);
	g = group(&rep, "rx_write");
	assert_non_null(g);
	assert_true(g->line_start);
	g = group(&rep, "completion_write");
	assert_non_null(g);
	assert_true(g->line_start);
	assert_true(offset_of(&rep, "ring_mask") < 64 && offset_of(&rep, "desc") < 64);
	assert_int_equal(offset_of(&rep, "rx_head") % 64, 0);
	assert_int_equal(offset_of(&rep, "tx_tail") % 64, 0);
	assert_true(offset_of(&rep, "rx_head") != offset_of(&rep, "tx_tail"));
	assert_int_equal(zt_layout_mixed_lines(&rep, &rep.suggested, NULL), 0);
	/* the line starts are in the placement (what --apply aligns) */
	assert_non_null(rep.suggested.line_start);
	assert_true(rep.suggested.line_start[zt_layout_member(rep.l, "rx_head")]);

	/* the audit page colours by access and path */
	{
		struct zt_layout_html h;

		zt_layout_html_init(&h, 64);
		zt_layout_html_add(&h, &rep);
		assert_non_null(strstr(h.body.buf, "seg hot w w-rx\""));
		assert_non_null(strstr(h.body.buf, "seg hot w w-completion"));
		assert_non_null(strstr(h.body.buf, "seg hot r\""));
		assert_non_null(strstr(h.body.buf, "tx_tail: bytes 16-23, per-packet; written on completion"));
		zt_layout_html_release(&h);
	}
	zt_layout_findings(&rep, all_on, &fs);
	assert_true(has_note(&fs, "group 'rx_write'"));
	assert_true(has_note(&fs, "completion and rx both write") ||
		    has_note(&fs, "rx and completion both write"));
	assert_true(has_note(&fs, "'ring_mask' in group 'hot_read': read-mostly, read on rx,tx"));
	assert_true(has_note(&fs, "'tx_tail' in group 'completion_write': written per packet on "
			     "completion"));
	zt_findings_release(&fs);
	done(&ls, &r, &rep);
}

/* Two lines cannot hold three groups apart: the suggestion says there is no room. */
static void test_no_room_is_said(void **state)
{
	struct zt_layouts ls;
	struct zt_layout_rules r;
	struct zt_struct_report rep;
	struct zt_findings fs = { 0 };
	char *why = NULL;

	(void)state;
	analyze(12, two_writers, &ls, &r, &rep);	/* 128 bytes, 2 lines */
	assert_true(rep.no_room);
	assert_true(rep.suggested.lines <= 2);
	assert_null(rep.suggested.line_start);
	if (rep.have_suggestion && rep.mixed_suggested) {
		zt_layout_findings(&rep, all_on, &fs);
		assert_true(has_note(&fs, "no room"));
		zt_findings_release(&fs);
	}
	assert_true(zt_layout_mixed_lines(&rep, NULL, &why) == 1);
	assert_non_null(strstr(why, "written per packet on"));
	free(why);
	done(&ls, &r, &rep);
}

/* One writer, read-mostly fields read only on its path: they may share a line. */
static void test_one_path_shares_its_line(void **state)
{
	struct zt_layouts ls;
	struct zt_layout_rules r;
	struct zt_struct_report rep;

	(void)state;
	analyze(20, "struct q ring_mask per-packet read=rx\n"
		"struct q rx_head per-packet write=rx\n"
		"struct q desc per-packet read=rx\n", &ls, &r, &rep);
	assert_int_equal(rep.mixed_now, 0);
	assert_int_equal(rep.n_groups ? rep.groups[rep.n_groups - 1].line_start : 0, 0);
	assert_null(rep.suggested.line_start);
	done(&ls, &r, &rep);
	/* the same writer, but TX reads the read-mostly field: the written group moves out */
	analyze(20, "struct q ring_mask per-packet read=rx,tx\n"
		"struct q rx_head per-packet write=rx\n"
		"struct q desc per-packet read=rx\n", &ls, &r, &rep);
	assert_int_equal(rep.mixed_now, 1);
	assert_true(rep.have_suggestion);
	assert_int_equal(rep.mixed_suggested, 0);
	assert_int_equal(offset_of(&rep, "rx_head") % 64, 0);
	assert_non_null(strstr(group(&rep, "rx_write")->why, "read on rx,tx, from a CPU"));
	done(&ls, &r, &rep);
}

static void test_rules_paths_syntax(void **state)
{
	struct zt_layout_rules r = { 0 };

	(void)state;
	assert_int_equal(zt_layout_rules_parse("struct q a per-packet write=rx,tx read=completion\n",
					       "t", &r), 0);
	assert_int_equal(r.hot[0].writes, ZT_PATH_RX | ZT_PATH_TX);
	assert_int_equal(r.hot[0].reads, ZT_PATH_COMPLETION);
	zt_layout_rules_release(&r);
	assert_int_equal(zt_layout_rules_parse("struct q a per-packet write=sideways\n", "t", &r), -1);
	zt_layout_rules_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_writing_paths_get_their_own_lines),
		cmocka_unit_test(test_no_room_is_said),
		cmocka_unit_test(test_one_path_shares_its_line),
		cmocka_unit_test(test_rules_paths_syntax),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
