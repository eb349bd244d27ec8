// SPDX-License-Identifier: GPL-2.0-only
/*
 * fix: template instantiation, the guard rules' output, and zt_fix_tree() on
 * the corpus (safe rewrite applied and compiled, unsafe cases refused with
 * their reasons, failed steps leave the source untouched).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "cocci.h"
#include "emit.h"
#include "fixtree.h"
#include "patches.h"
#include "process.h"
#include "subjects.h"
#include "zerotax.h"

#define CORPUS ZT_SOURCE_DIR "/corpus/fix"

static void test_identifiers_and_types(void **state)
{
	assert_true(zt_is_c_identifier("mxbuf"));
	assert_true(zt_is_c_identifier("_x1"));
	assert_false(zt_is_c_identifier("1x"));
	assert_false(zt_is_c_identifier("a b"));
	assert_false(zt_is_c_identifier(""));
	assert_true(zt_is_record_type("struct mlx5e_xdp_buff"));
	assert_true(zt_is_record_type("union u"));
	assert_false(zt_is_record_type("struct  x"));
	assert_false(zt_is_record_type("int"));
	assert_false(zt_is_record_type("struct x *"));
}

static const struct zt_cocci_pos pos1 = { "en_rx.c", 15 };

static void test_instantiate_replaces_every_placeholder(void **state)
{
	struct zt_cocci_vars v = {
		.pos = &pos1, .n_pos = 1, .type = "struct demo_xdp_buff", .var = "mxbuf",
		.owner_type = "struct demo_rq", .owner_param = "rq",
	};
	char *tmpl = zt_cocci_load_template(NULL, "hoist-to-queue");
	char *s;

	assert_non_null(tmpl);
	s = zt_cocci_instantiate(tmpl, &v);
	assert_non_null(s);
	assert_null(strstr(s, "{{"));
	assert_non_null(strstr(s, "zt_wanted_pos = {(\"en_rx.c\", 15)}"));
	assert_non_null(strstr(s, "+ struct demo_xdp_buff *mxbuf = &rq->mxbuf;"));
	assert_non_null(strstr(s, "- struct demo_xdp_buff mxbuf@zt_p;"));
	/* Without an anchor the field goes at the end of the owner. */
	assert_non_null(strstr(s, "struct demo_rq {\n  ...\n+ struct demo_xdp_buff mxbuf;\n};"));
	/* Coccicheck modes and the header kernel tooling reads. */
	assert_non_null(strstr(s, "virtual patch\nvirtual context\nvirtual org\nvirtual report"));
	assert_non_null(strstr(s, "/// Hoist"));
	assert_non_null(strstr(s, "// Confidence:"));
	assert_non_null(strstr(s, "// Options:"));
	assert_non_null(strstr(s, "// Requires:"));
	free(s);

	v.anchor = "page_pool";
	s = zt_cocci_instantiate(tmpl, &v);
	assert_non_null(strstr(s, "  zt_at page_pool;\n+ struct demo_xdp_buff mxbuf;\n  ...\n};"));
	free(s);
	free(tmpl);
}

static void test_instantiate_rejects_injection(void **state)
{
	struct zt_cocci_pos bad = { "x\", 1)}\nimport os\n#", 3 };
	struct zt_cocci_vars v = {
		.pos = &pos1, .n_pos = 1, .type = "struct demo_xdp_buff", .var = "mxbuf; x",
		.owner_type = "struct demo_rq", .owner_param = "rq",
	};
	const char *tmpl = "{{VAR}}";

	assert_null(zt_cocci_instantiate(tmpl, &v));
	v.var = "mxbuf";
	v.owner_param = "rq->x";
	assert_null(zt_cocci_instantiate(tmpl, &v));
	v.owner_param = "rq";
	v.pos = &bad;
	assert_null(zt_cocci_instantiate(tmpl, &v));
	v.pos = &pos1;
	v.attr = "__attribute__((cleanup(f)))";
	assert_null(zt_cocci_instantiate(tmpl, &v));
	v.attr = NULL;
	assert_null(zt_cocci_instantiate("{{NO_SUCH}}", &v));
	assert_null(zt_cocci_instantiate("{{VAR", &v));
	{
		char *s = zt_cocci_instantiate("a {{VAR}} b", &v);

		assert_string_equal(s, "a mxbuf b");
		free(s);
	}
}

static void test_parse_refusals(void **state)
{
	struct zt_cocci_refusals r;

	assert_int_equal(zt_cocci_parse_refusals(
		"zerotax-fill: f: g\n"
		"zerotax-refuse: en_rx.c:62:14: demo_guarded: mxbuf is used: oddly\n"
		"noise\n", &r), 0);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.v[0].file, "en_rx.c");
	assert_int_equal(r.v[0].line, 62);
	assert_int_equal(r.v[0].column, 14);
	assert_string_equal(r.v[0].function, "demo_guarded");
	assert_string_equal(r.v[0].reason, "mxbuf is used: oddly");
	zt_cocci_refusals_release(&r);
	assert_int_equal(zt_cocci_parse_refusals("zerotax-refuse: garbage\n", &r), -1);
}

static void test_filter_stderr(void **state)
{
	char *s = zt_cocci_filter_stderr("warning: line 20: should rq be a metavariable?\n"
					 "real problem\n");

	assert_string_equal(s, "real problem\n");
	free(s);
}

/* ---- zt_fix_tree on the corpus --------------------------------------------- */

struct tmp {
	char dir[64];
};

static void tmp_make(struct tmp *t)
{
	strcpy(t->dir, "/tmp/zt-test-cocci-XXXXXX");
	assert_non_null(mkdtemp(t->dir));
}

static void tmp_remove(struct tmp *t)
{
	char *argv[] = { "rm", "-rf", "--", t->dir, NULL };
	struct zt_spawn_result r;

	zt_spawn(argv, NULL, &r);
	zt_spawn_result_release(&r);
}

/* The fixture with @CORPUS@ replaced by @corpus, loaded. */
static void load_fixture(const char *name, const char *corpus, const char *dir,
			 struct zt_findings *fs)
{
	char *in = xasprintf("%s/fix/%s.json.in", ZT_TEST_DATA, name), *text, *out, *p;
	struct { char *buf; size_t len; } o = { 0 };
	FILE *m;

	assert_int_equal(zt_read_file(in, &text, NULL), 0);
	m = open_memstream(&o.buf, &o.len);
	for (p = text; *p;) {
		char *hit = strstr(p, "@CORPUS@");

		if (!hit) {
			fputs(p, m);
			break;
		}
		fwrite(p, 1, (size_t)(hit - p), m);
		fputs(corpus, m);
		p = hit + 8;
	}
	fclose(m);
	out = xasprintf("%s/%s.json", dir, name);
	assert_int_equal(zt_write_file(out, o.buf, o.len), 0);
	memset(fs, 0, sizeof(*fs));
	assert_int_equal(zt_findings_load_json(out, fs, NULL), 0);
	free(in);
	free(text);
	free(out);
	free(o.buf);
}

/* Every file of the tree, concatenated with its name: equal strings, equal trees. */
static char *tree_snapshot(const char *dir)
{
	char *argv[] = { "sh", "-c", "cd \"$1\" && find . -type f | LC_ALL=C sort | "
			 "while read -r f; do echo \"== $f\"; cat \"$f\"; done", "sh",
			 (char *)dir, NULL };
	struct zt_spawn_result r;
	char *s;

	assert_int_equal(zt_spawn(argv, NULL, &r), 0);
	assert_int_equal(r.exit_code, 0);
	s = xstrdup(r.out);
	zt_spawn_result_release(&r);
	return s;
}

static char *read_out(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel), *t = NULL;

	assert_int_equal(zt_read_file(p, &t, NULL), 0);
	free(p);
	return t;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void test_hoist_safe_corpus(void **state)
{
	struct zt_ctx ctx = { .out = stdout, .err = stderr };
	struct zt_findings fs;
	struct zt_fix_result r;
	struct tmp t;
	char *before = tree_snapshot(CORPUS "/safe"), *after, *out, *rx, *en, *xdp, *diff;
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST, .source_dir = CORPUS "/safe",
				 .sparse = true };

	tmp_make(&t);
	load_fixture("safe", CORPUS, t.dir, &fs);
	out = xasprintf("%s/tree", t.dir);
	o.output_dir = out;
	assert_int_equal(zt_fix_tree(&ctx, &o, &fs, &r), 0);
	assert_null(r.failed_step);
	assert_int_equal(r.n_applied, 2);
	assert_int_equal(r.n_refused, 0);
	assert_int_equal(r.n_changed, 3);
	assert_string_equal(r.changed[0], "en.h");
	assert_string_equal(r.changed[1], "en/xdp.h");
	assert_string_equal(r.changed[2], "en_rx.c");

	rx = read_out(out, "en_rx.c");
	assert_int_equal(count(rx, "struct demo_xdp_buff *mxbuf = &rq->mxbuf;"), 2);
	assert_int_equal(count(rx, "struct demo_xdp_buff mxbuf;"), 0);
	assert_int_equal(count(rx, "&mxbuf"), 0);
	assert_non_null(strstr(rx, "sizeof(*mxbuf)"));
	assert_non_null(strstr(rx, "mxbuf->cqe = cqe;"));
	/* The pointer comes first among the locals. */
	assert_non_null(strstr(rx, "{\n\tstruct demo_xdp_buff *mxbuf = &rq->mxbuf;\n"
				   "\tunsigned int headroom = 64;"));
	en = read_out(out, "en.h");
	/* One field for both functions, after the last hot member (before "control"). */
	assert_int_equal(count(en, "struct demo_xdp_buff mxbuf;"), 1);
	assert_non_null(strstr(en, "\tstruct demo_page_pool *page_pool;\n"
				   "\tstruct demo_xdp_buff mxbuf;\n\n\t/* control */"));
	assert_string_equal(r.items[0].owner, "struct demo_rq");
	assert_string_equal(r.items[0].after, "page_pool");
	assert_string_equal(r.items[1].owner, "struct demo_rq");
	/* The definition moved before the owner, out of the header en.h does not see. */
	assert_true(strstr(en, "struct demo_xdp_buff {") < strstr(en, "struct demo_rq {"));
	assert_non_null(strstr(en, "struct demo_xdp_buff {"));
	xdp = read_out(out, "en/xdp.h");
	assert_null(strstr(xdp, "struct demo_xdp_buff {"));
	assert_non_null(r.items[0].moved);
	assert_non_null(r.items[1].moved);

	assert_int_equal(zt_fix_diff(&o, &r, &diff), 0);
	assert_non_null(strstr(diff, "--- a/en_rx.c\n+++ b/en_rx.c\n"));
	assert_non_null(strstr(diff, "+\tstruct demo_xdp_buff *mxbuf = &rq->mxbuf;"));
	{
		struct zt_subject_rules sr = ZT_SUBJECT_RULES_INIT;
		char *subject;

		assert_int_equal(zt_subject_rules_load(NULL, &sr), 0);
		subject = zt_fix_subject(&sr, &fs, &r);
		zt_subject_rules_release(&sr);
		assert_string_equal(subject,
				    "net/demo: Reuse per-RQ XDP buffer to avoid stack zeroing overhead");
		free(subject);
	}
	after = tree_snapshot(CORPUS "/safe");
	assert_string_equal(before, after);

	free(diff);
	free(rx);
	free(en);
	free(xdp);
	free(before);
	free(after);
	free(out);
	zt_fix_result_release(&r);
	zt_findings_release(&fs);
	tmp_remove(&t);
}

static void test_unsafe_corpus_refused(void **state)
{
	static const struct { const char *fn, *reason; } want[] = {
		{ "demo_by_value", "used by value" },
		{ "demo_escapes", "stored beyond the call or returned" },
		{ "demo_recursive", "is recursive" },
		{ "demo_no_owner", "no per-queue owner" },
		{ "demo_name_taken", "already taken in struct demo_sq" },
		{ "demo_guarded", "may be read before it is written" },
		{ "demo_read_first", "read before it is written" },
	};
	struct zt_ctx ctx = { .out = stdout, .err = stderr };
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST, .source_dir = CORPUS "/unsafe" };
	struct zt_findings fs;
	struct zt_fix_result r;
	struct tmp t;

	tmp_make(&t);
	load_fixture("unsafe", CORPUS, t.dir, &fs);
	o.output_dir = xasprintf("%s/tree", t.dir);
	assert_int_equal(zt_fix_tree(&ctx, &o, &fs, &r), 0);
	assert_int_equal(r.n_applied, 0);
	assert_int_equal(r.n_refused, ARRAY_SIZE(want));
	assert_int_equal(r.n_changed, 0);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		const struct zt_fix_item *it = &r.items[i];

		assert_string_equal(fs.v[it->finding].function, want[i].fn);
		assert_int_equal(it->status, ZT_FIX_REFUSED);
		if (!strstr(it->reason, want[i].reason))
			fprintf(stderr, "%s: '%s'\n", want[i].fn, it->reason);
		assert_non_null(strstr(it->reason, want[i].reason));
	}
	zt_fix_result_release(&r);
	tmp_remove(&t);
	free((char *)o.output_dir);

	/*
	 * The second strategy: decided by field-level definite assignment from
	 * the AST (issue 31), which cannot see into demo_fill() (declared, no
	 * body in the corpus) and so takes it as reading every field: nothing
	 * is proved written first, every finding is refused.
	 */
	tmp_make(&t);
	o.strategy = ZT_FIX_UNINITIALIZED;
	o.output_dir = xasprintf("%s/tree", t.dir);
	assert_int_equal(zt_fix_tree(&ctx, &o, &fs, &r), 0);
	assert_int_equal(r.n_applied, 0);
	assert_int_equal(r.n_refused, ARRAY_SIZE(want));
	assert_non_null(strstr(r.items[1].reason, "may be read before it is written"));
	zt_fix_result_release(&r);
	zt_findings_release(&fs);
	tmp_remove(&t);
	free((char *)o.output_dir);
}

/* Defined after the owner in the same header: the definition moves up, above the owner. */
static void test_definition_after_owner_moves(void **state)
{
	struct zt_ctx ctx = { .out = stdout, .err = stderr };
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST, .source_dir = CORPUS "/after" };
	struct zt_findings fs;
	struct zt_fix_result r;
	struct tmp t;
	char *q, *rx;

	tmp_make(&t);
	load_fixture("after", CORPUS, t.dir, &fs);
	o.output_dir = xasprintf("%s/tree", t.dir);
	assert_int_equal(zt_fix_tree(&ctx, &o, &fs, &r), 0);
	assert_int_equal(r.n_applied, 1);
	q = read_out(o.output_dir, "q.h");
	rx = read_out(o.output_dir, "rx.c");
	assert_non_null(strstr(q, "/* One work item, filled per packet. */\nstruct demo_item {"));
	assert_true(strstr(q, "struct demo_item {") < strstr(q, "struct demo_q {"));
	assert_int_equal(count(q, "struct demo_item {"), 1);
	assert_non_null(strstr(q, "\tunsigned int tail;\n\tstruct demo_item it;\n};"));
	assert_non_null(strstr(rx, "struct demo_item *it = &q->it;"));
	assert_non_null(strstr(rx, "return it->len + sizeof(*it);"));
	assert_string_equal(r.items[0].moved, "struct demo_item: q.h:12 -> q.h:6");
	free(q);
	free(rx);
	zt_fix_result_release(&r);
	zt_findings_release(&fs);
	tmp_remove(&t);
	free((char *)o.output_dir);
}

/* check's details say all is well; the semantic patch's own guards must still refuse. */
static void test_guards_do_not_trust_check(void **state)
{
	static const struct { const char *fn, *reason; } want[] = {
		{ "demo_by_value", "may be read before it is written" },
		{ "demo_escapes", "may be read before it is written" },
		{ "demo_recursive", "may be read before it is written" },
		{ "demo_name_taken", "may be read before it is written" },
		{ "demo_guarded", "may be read before it is written" },
		{ "demo_read_first", "read before it is written" },
	};
	struct zt_ctx ctx = { .out = stdout, .err = stderr };
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST, .source_dir = CORPUS "/unsafe" };
	struct zt_findings fs, keep = { 0 };
	struct zt_fix_result r;
	struct tmp t;

	tmp_make(&t);
	load_fixture("unsafe", CORPUS, t.dir, &fs);
	/* Blank out what check knew; drop the case only check can know (no owner at all). */
	for (size_t i = 0; i < fs.n; i++) {
		json_t *d = fs.v[i].details, *uses = json_object_get(d, "uses");

		json_object_set_new(uses, "by_value", json_false());
		json_object_set_new(uses, "address_escapes", json_false());
		json_object_set_new(d, "recursive", json_false());
		json_object_set_new(json_object_get(d, "owner"), "name_taken", json_false());
	}
	for (size_t i = 0; i < fs.n; i++) {
		struct zt_finding *f = &fs.v[i];

		if (!strcmp(f->function, "demo_no_owner"))
			continue;
		*zt_findings_add(&keep, f->check) = *f;
		memset(f, 0, sizeof(*f));
	}
	o.output_dir = xasprintf("%s/tree", t.dir);
	assert_int_equal(zt_fix_tree(&ctx, &o, &keep, &r), 0);
	assert_int_equal(r.n_applied, 0);
	assert_int_equal(r.n_refused, ARRAY_SIZE(want));
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		assert_string_equal(keep.v[r.items[i].finding].function, want[i].fn);
		if (!strstr(r.items[i].reason, want[i].reason))
			fprintf(stderr, "%s: '%s'\n", want[i].fn, r.items[i].reason);
		assert_non_null(strstr(r.items[i].reason, want[i].reason));
	}
	zt_fix_result_release(&r);
	zt_findings_release(&keep);
	zt_findings_release(&fs);
	tmp_remove(&t);
	free((char *)o.output_dir);
}

/* A finding whose rewrite fails a step is refused with it; nothing is changed. */
static void expect_refused(const char *fixture, const char *tree, const char *step,
			   const char *why)
{
	struct zt_ctx ctx = { .out = stdout, .err = stderr };
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST, .source_dir = tree };
	char *before = tree_snapshot(tree), *after;
	struct zt_findings fs;
	struct zt_fix_result r;
	struct tmp t;

	tmp_make(&t);
	load_fixture(fixture, CORPUS, t.dir, &fs);
	o.output_dir = xasprintf("%s/tree", t.dir);
	assert_int_equal(zt_fix_tree(&ctx, &o, &fs, &r), 0);
	assert_null(r.failed_step);
	assert_int_equal(r.n_applied, 0);
	assert_int_equal(r.n_refused, 1);
	assert_int_equal(r.items[0].status, ZT_FIX_REFUSED);
	if (step)
		assert_string_equal(r.items[0].step, step);
	else
		assert_null(r.items[0].step);
	assert_non_null(strstr(r.items[0].reason, why));
	assert_int_equal(r.n_changed, 0);
	/* Nothing to write back. */
	assert_int_equal(zt_fix_write_back(&o, &r, true), 0);
	after = tree_snapshot(tree);
	assert_string_equal(before, after);
	free(before);
	free(after);
	zt_fix_result_release(&r);
	zt_findings_release(&fs);
	tmp_remove(&t);
	free((char *)o.output_dir);
}

static void test_failed_compile_leaves_tree(void **state)
{
	expect_refused("nocompile", CORPUS "/nocompile", "compile", "incomplete type");
}

static void test_nothing_matched_is_refused(void **state)
{
	/* the finding's line holds another statement: refused on its own, no step failed */
	expect_refused("stale", CORPUS "/safe", NULL,
		       "en_rx.c:16 does not declare mxbuf, as the finding says");
}

static void test_write_back_and_format_patch(void **state)
{
	struct zt_ctx ctx = { .out = stdout, .err = stderr };
	struct zt_findings fs;
	struct zt_fix_result r;
	struct tmp t;
	char *root, *src, *out, *rx, *patch_path, *patch, *bench;
	struct zt_fix_patches patches;
	struct zt_spawn_result sr;
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST };

	tmp_make(&t);
	root = xasprintf("%s/src", t.dir);
	src = xasprintf("%s/safe", root);
	out = xasprintf("%s/out", t.dir);
	assert_int_equal(mkdir(root, 0755), 0);
	{
		char *argv[] = { "cp", "-r", CORPUS "/safe", src, NULL };

		assert_int_equal(zt_spawn(argv, NULL, &sr), 0);
		assert_int_equal(sr.exit_code, 0);
		zt_spawn_result_release(&sr);
	}
	load_fixture("safe", root, t.dir, &fs);
	o.source_dir = src;
	o.output_dir = out;
	assert_int_equal(zt_fix_tree(&ctx, &o, &fs, &r), 0);
	assert_int_equal(r.n_applied, 2);

	bench = xasprintf("%s/bench.txt", t.dir);
	assert_int_equal(zt_write_file(bench, "| XDP_DROP | 1 | 2 |\n", 21), 0);
	{
		char *pdir = xasprintf("%s/patches", t.dir);

		const struct zt_fix_patch_opts po = { .dir = pdir, .bench_table = bench,
						      .author = "A U Thor <author@example.org>" };

		assert_int_equal(zt_fix_format_patches(&o, &fs, &r, &po, &patches), 0);
		free(pdir);
	}
	/* one driver: one patch, no cover letter, and no checkpatch in the corpus tree */
	assert_int_equal(patches.n, 1);
	assert_null(patches.cover);
	assert_int_equal(patches.v[0].checkpatch, ZT_CHECKPATCH_NOT_RUN);
	assert_int_equal(patches.v[0].n_hoisted, 2);
	patch_path = patches.v[0].path;
	assert_int_equal(zt_read_file(patch_path, &patch, NULL), 0);
	assert_non_null(strstr(patch, "From: A U Thor <author@example.org>\n"));
	assert_null(strstr(patch, "Signed-off-by:"));
	/* folded at 75 columns, as a mail header */
	assert_non_null(strstr(patch, "Subject: [PATCH] net/demo: Reuse per-RQ XDP buffer to "
				      "avoid stack zeroing\n overhead\n"));
	assert_non_null(strstr(patch, "demo_skb_from_cqe_linear(): struct demo_xdp_buff mxbuf, 72 bytes"));
	assert_non_null(strstr(patch, "gcc-12.2.0: 72 bytes of zeroing survive -O2"));
	assert_non_null(strstr(patch, "clang-19.1.7: 8 bytes"));
	assert_non_null(strstr(patch, "hot chain: demo_poll_rx -> demo_skb_from_cqe_linear"));
	assert_non_null(strstr(patch, "| XDP_DROP | 1 | 2 |"));
	assert_non_null(strstr(patch, "--- a/en_rx.c\n"));

	/* Not a git tree: written back without --force. */
	assert_int_equal(zt_fix_write_back(&o, &r, false), 0);
	rx = read_out(src, "en_rx.c");
	assert_int_equal(count(rx, "struct demo_xdp_buff *mxbuf = &rq->mxbuf;"), 2);
	free(rx);
	{
		char *a = tree_snapshot(out), *b = tree_snapshot(src);

		assert_string_equal(a, b);
		free(a);
		free(b);
	}
	free(patch);
	zt_fix_patches_release(&patches);
	free(bench);
	free(root);
	free(src);
	free(out);
	zt_fix_result_release(&r);
	zt_findings_release(&fs);
	tmp_remove(&t);
}

/* --output inside the tree: the copy must not copy itself. */
static void test_output_inside_tree(void **state)
{
	struct zt_ctx ctx = { .out = stdout, .err = stderr };
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST };
	struct zt_spawn_result sr;
	struct zt_findings fs;
	struct zt_fix_result r;
	struct stat st;
	struct tmp t;
	char *root, *src, *out, *nested;

	tmp_make(&t);
	root = xasprintf("%s/src", t.dir);
	src = xasprintf("%s/safe", root);
	out = xasprintf("%s/fixed", src);
	nested = xasprintf("%s/fixed", out);
	assert_int_equal(mkdir(root, 0755), 0);
	{
		char *argv[] = { "cp", "-r", CORPUS "/safe", src, NULL };

		assert_int_equal(zt_spawn(argv, NULL, &sr), 0);
		zt_spawn_result_release(&sr);
	}
	load_fixture("safe", root, t.dir, &fs);
	o.source_dir = src;
	o.output_dir = out;
	assert_int_equal(zt_fix_tree(&ctx, &o, &fs, &r), 0);
	assert_int_equal(r.n_applied, 2);
	assert_int_equal(stat(nested, &st), -1);
	free(root);
	free(src);
	free(out);
	free(nested);
	zt_fix_result_release(&r);
	zt_findings_release(&fs);
	tmp_remove(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identifiers_and_types),
		cmocka_unit_test(test_instantiate_replaces_every_placeholder),
		cmocka_unit_test(test_instantiate_rejects_injection),
		cmocka_unit_test(test_parse_refusals),
		cmocka_unit_test(test_filter_stderr),
		cmocka_unit_test(test_hoist_safe_corpus),
		cmocka_unit_test(test_unsafe_corpus_refused),
		cmocka_unit_test(test_guards_do_not_trust_check),
		cmocka_unit_test(test_definition_after_owner_moves),
		cmocka_unit_test(test_failed_compile_leaves_tree),
		cmocka_unit_test(test_nothing_matched_is_refused),
		cmocka_unit_test(test_write_back_and_format_patch),
		cmocka_unit_test(test_output_inside_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
