// SPDX-License-Identifier: GPL-2.0-only
/* Per-TU results to JSON and back lose nothing: hand-built and libclang-walked facts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "facts_json.h"
#include "zerotax.h"

#include "kernel_rules_group.h"

/* Serialise, reparse, serialise again: both texts must be the same. */
static void assert_round_trip(const struct zt_tu_result *r)
{
	json_t *a = zt_tu_result_to_json(r), *b, *back;
	struct zt_tu_result copy;
	char *ta, *tb;

	ta = json_dumps(a, JSON_COMPACT);
	back = json_loads(ta, 0, NULL);
	assert_non_null(back);
	assert_int_equal(zt_tu_result_from_json(back, &copy), 0);
	b = zt_tu_result_to_json(&copy);
	tb = json_dumps(b, JSON_COMPACT);
	assert_string_equal(ta, tb);
	free(ta);
	free(tb);
	json_decref(a);
	json_decref(b);
	json_decref(back);
	zt_tu_result_release(&copy);
}

static void fill(struct zt_tu_result *r)
{
	struct zt_function *f;
	struct zt_local *l;
	struct zt_param *p;
	char *argv[] = { "gcc", "-O2", "-c", "x.c", NULL };

	memset(r, 0, sizeof(*r));
	r->cmd.file = xstrdup("/t/x.c");
	r->cmd.directory = xstrdup("/t");
	r->cmd.argc = 4;
	r->cmd.argv = xcalloc(5, sizeof(char *));
	for (int i = 0; argv[i]; i++)
		r->cmd.argv[i] = xstrdup(argv[i]);
	r->facts.file = xstrdup("/t/x.c");
	r->facts.n_funcs = 1;
	r->facts.funcs = f = xcalloc(1, sizeof(*f));
	f->usr = xstrdup("c:@F@rx");
	f->name = xstrdup("rx");
	f->file = xstrdup("/t/x.c");
	f->line = 7;
	f->defined = f->cold = f->is_inline = true;
	f->n_params = 1;
	f->params = p = xcalloc(1, sizeof(*p));
	p->name = xstrdup("rq");
	p->type = xstrdup("struct rq *");
	p->record = xstrdup("struct rq");
	p->record_file = NULL;	/* NULL strings survive as NULL */
	p->record_line = 3;
	p->n_fields = 2;
	p->fields = xcalloc(2, sizeof(char *));
	p->fields[0] = xstrdup("napi");
	p->fields[1] = xstrdup("cq");
	f->n_locals = 1;
	f->locals = l = xcalloc(1, sizeof(*l));
	l->name = xstrdup("mxbuf");
	l->type = xstrdup("struct xdp_buff");
	l->size = 72;
	l->file = xstrdup("/t/x.c");
	l->line = 9;
	l->column = 25;
	l->start_line = 9;
	l->start_column = 2;
	l->end_line = 9;
	l->end_column = 30;
	l->type_file = xstrdup("/t/x.h");
	l->type_line = 12;
	l->is_record = l->in_loop = l->from_macro = true;
	l->init = ZT_INIT_DESIGNATED;
	l->uses = ZT_USE_ADDR_PASSED | ZT_USE_SIZEOF | ZT_USE_GUARDED_WRITE;
	l->cond = xstrdup("vi->xdp_enabled");
	l->init_named = 8;
	l->init_line = 42;
	f->bulk_n = 16;
	f->n_calls = 2;
	f->calls = xcalloc(2, sizeof(*f->calls));
	f->calls[0] = (struct zt_call){ ZT_CALL_FIELD, xstrdup("c:@S@rq@FI@fn"), xstrdup("fn"), 11,
					true, false, 2, true, { 1 }, 16, { 0 },
					xstrdup("rq->xdp_prog"), ZT_BATCH_THRESHOLD,
					xstrdup("mark_chain(cqe)"), { 0, 2 }, true, 1u << 2, 1u << 1,
					1u << 1 };
	f->calls[1] = (struct zt_call){ ZT_CALL_POINTER, NULL, xstrdup("p"), 12, false, true, 0,
					false, { 0 }, 0, { 0 }, NULL, ZT_BATCH_NONE, NULL, { 0 },
					false, 0, 0, 0 };
	l->slow = xstrdup("skb->mark");
	f->napi_owner = xstrdup("struct ch");
	f->n_napi_serves = 2;
	f->napi_serves = xcalloc(2, sizeof(char *));
	f->napi_serves[0] = xstrdup("struct rq");
	f->napi_serves[1] = xstrdup("struct sq");
	r->facts.n_dev_privs = 1;
	r->facts.dev_privs = xcalloc(1, sizeof(char *));
	r->facts.dev_privs[0] = xstrdup("struct priv");
	r->facts.n_assigns = 1;
	r->facts.assigns = xcalloc(1, sizeof(*r->facts.assigns));
	r->facts.assigns[0] = (struct zt_field_assign){ xstrdup("u"), xstrdup("struct ops"),
							xstrdup("xmit"), xstrdup("c:@F@x"),
							xstrdup("x") };
	r->facts.n_roots = 1;
	r->facts.roots = xcalloc(1, sizeof(*r->facts.roots));
	r->facts.roots[0] = (struct zt_root_ref){ xstrdup("c:@F@poll"), xstrdup("poll"),
						  xstrdup("netif_napi_add()") };
	r->facts.n_accesses = 1;
	r->facts.accesses = xcalloc(1, sizeof(*r->facts.accesses));
	r->facts.accesses[0] = (struct zt_field_access){ xstrdup("c:@F@rx"), xstrdup("struct rq"),
							 xstrdup("cq"), true, ZT_ACCESS_COMPOUND };
	r->facts.n_errors = 1;
	r->facts.errors = xcalloc(1, sizeof(*r->facts.errors));
	r->facts.errors[0] = (struct zt_diag){ xstrdup("/t/x.h"), 3, 4, xstrdup("unknown type") };
	r->ev.have_gcc = true;
	r->ev.gcc.compiler = ZT_CC_GCC;
	r->ev.gcc.compiler_id = xstrdup("gcc-12.2.0");
	*zt_evidence_add_site(&r->ev.gcc) = (struct zt_autoinit_site){
		xstrdup("rx"), xstrdup("mxbuf"), NULL, 9, 25, ZT_BYTES_UNKNOWN, 72, true };
	*zt_evidence_add_frame(&r->ev.gcc) = (struct zt_frame_size){
		xstrdup("rx"), xstrdup("/t/x.c"), 7, 120, true };
	r->ev_error[1] = xstrdup("clang-19: error: unknown argument");
}

static void test_hand_built_round_trip(void **state)
{
	struct zt_tu_result r, back;
	json_t *o;

	fill(&r);
	assert_round_trip(&r);
	/* and the values themselves */
	o = zt_tu_result_to_json(&r);
	assert_int_equal(zt_tu_result_from_json(o, &back), 0);
	assert_string_equal(back.facts.funcs[0].locals[0].name, "mxbuf");
	assert_int_equal(back.facts.funcs[0].locals[0].end_column, 30);
	assert_int_equal(back.facts.funcs[0].locals[0].init, ZT_INIT_DESIGNATED);
	assert_true(back.facts.funcs[0].locals[0].from_macro);
	assert_false(back.facts.funcs[0].locals[0].is_vla);
	assert_null(back.facts.funcs[0].params[0].record_file);
	assert_string_equal(back.facts.funcs[0].params[0].fields[1], "cq");
	assert_null(back.facts.funcs[0].calls[1].target);
	assert_true(back.facts.funcs[0].calls[1].in_unlikely);
	/* loop bounds, argument sources and batch sizes survive the round trip */
	assert_int_equal(back.facts.funcs[0].calls[0].loop_params, 2);
	assert_true(back.facts.funcs[0].calls[0].loop_budget);
	assert_int_equal(back.facts.funcs[0].calls[0].arg_params[0], 1);
	assert_int_equal(back.facts.funcs[0].calls[0].batch_n, 16);
	assert_int_equal(back.facts.funcs[0].calls[0].batch_why, ZT_BATCH_THRESHOLD);
	assert_int_equal(back.facts.funcs[0].bulk_n, 16);
	/* and the unlikely() conditions of hot branches */
	assert_string_equal(back.facts.funcs[0].calls[0].cond, "rq->xdp_prog");
	assert_null(back.facts.funcs[0].calls[1].cond);
	assert_string_equal(back.facts.funcs[0].locals[0].cond, "vi->xdp_enabled");
	/* and marked-packet paths, pointers passed on, the NAPI struct, the adapter */
	assert_string_equal(back.facts.funcs[0].locals[0].slow, "skb->mark");
	assert_string_equal(back.facts.funcs[0].calls[0].slow, "mark_chain(cqe)");
	assert_null(back.facts.funcs[0].calls[1].slow);
	assert_true(back.facts.funcs[0].calls[0].arg_packet_element);
	assert_false(back.facts.funcs[0].calls[1].arg_packet_element);
	/* and the writes a later test agrees with */
	assert_int_equal(back.facts.funcs[0].locals[0].uses,
			 ZT_USE_ADDR_PASSED | ZT_USE_SIZEOF | ZT_USE_GUARDED_WRITE);
	assert_int_equal(back.facts.funcs[0].calls[0].arg_after_guard, 1u << 2);
	assert_int_equal(back.facts.funcs[0].calls[1].arg_after_guard, 0);
	assert_int_equal(back.facts.funcs[0].calls[0].arg_nonnull, 1u << 1);
	assert_int_equal(back.facts.funcs[0].calls[0].arg_param_kept, 1u << 1);
	assert_int_equal(back.facts.funcs[0].calls[1].arg_nonnull, 0);
	assert_int_equal(back.facts.funcs[0].calls[0].arg_param[1], 2);
	assert_string_equal(back.facts.funcs[0].napi_owner, "struct ch");
	assert_int_equal(back.facts.funcs[0].n_napi_serves, 2);
	assert_string_equal(back.facts.funcs[0].napi_serves[1], "struct sq");
	assert_int_equal(back.facts.n_dev_privs, 1);
	assert_string_equal(back.facts.dev_privs[0], "struct priv");
	/* and what an explicit initializer names, and where a compound literal is assigned */
	assert_int_equal(back.facts.funcs[0].locals[0].init_named, 8);
	assert_int_equal(back.facts.funcs[0].locals[0].init_line, 42);
	assert_int_equal(back.ev.gcc.sites[0].bytes, ZT_BYTES_UNKNOWN);
	assert_true(back.ev.have_gcc);
	assert_false(back.ev.have_clang);
	assert_null(back.ev_error[0]);
	assert_string_equal(back.ev_error[1], "clang-19: error: unknown argument");
	assert_string_equal(back.cmd.argv[3], "x.c");
	assert_null(back.cmd.argv[4]);
	json_decref(o);
	zt_tu_result_release(&back);
	zt_tu_result_release(&r);
}

static void test_walked_facts_round_trip(void **state)
{
	char *file = xasprintf("%s/../../corpus/stack-autoinit/addr_passed.c", ZT_TEST_DATA);
	char *inc = xasprintf("-I%s/../../corpus/stack-autoinit/include", ZT_TEST_DATA);
	char *files[] = { file }, *flags[] = { inc, "-O2" };
	struct zt_facts_index *ix = zt_facts_index_new();
	struct zt_facts_opts fo = { .field_accesses = true, .kernel = &kernel };
	struct zt_compdb db;
	struct zt_tu_result r = { 0 };

	assert_int_equal(zt_compdb_from_files(files, 1, flags, 2, &db), 0);
	zt_compile_cmd_copy(&db.v[0], &r.cmd);
	assert_int_equal(zt_facts_collect(ix, &db.v[0], &fo, &r.facts), 0);
	assert_true(r.facts.n_funcs > 3);
	/* the main file and netdev.h at least: the cache's dependency list */
	assert_true(r.facts.n_includes >= 2);
	{
		bool seen = false;

		for (size_t i = 0; i < r.facts.n_includes; i++)
			seen |= strstr(r.facts.includes[i], "netdev.h") != NULL;
		assert_true(seen);
	}
	assert_round_trip(&r);
	zt_tu_result_release(&r);
	zt_compdb_release(&db);
	zt_facts_index_free(ix);
	free(file);
	free(inc);
}

static void test_bad_input_is_refused(void **state)
{
	struct zt_tu_result r;
	json_t *o = json_pack("{s:i}", "schema", 1);

	assert_int_equal(zt_tu_result_from_json(o, &r), -1);
	json_decref(o);
	o = json_pack("{s:i, s:{s:s}}", "zerotax-tu", 99, "cmd", "file", "x.c");
	assert_int_equal(zt_tu_result_from_json(o, &r), -1);	/* newer schema */
	json_decref(o);
	o = json_pack("{s:i, s:{s:s}}", "zerotax-tu", 1, "cmd", "file", "x.c");
	assert_int_equal(zt_tu_result_from_json(o, &r), -1);	/* no arguments, no facts */
	json_decref(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_built_round_trip),
		cmocka_unit_test(test_walked_facts_round_trip),
		cmocka_unit_test(test_bad_input_is_refused),
	};

	return cmocka_run_group_tests(tests, load_kernel, free_kernel);
}
