// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ranking and the stack check's decisions: surviving bytes x calls per packet,
 * evidence from the build's compiler, inlined zeroing found in callers, the
 * message and notes, explicit initializers, what is not reported.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "stack_check.h"

#include "kernel_rules_group.h"

#define PUSH(arr, n) (arr = xrealloc(arr, ((n) + 1) * sizeof(*(arr))), memset(&(arr)[n], 0, sizeof(*(arr))), &(arr)[(n)++])

static struct zt_function *fn(struct zt_tu_facts *tu, const char *name)
{
	struct zt_function *f = PUSH(tu->funcs, tu->n_funcs);

	f->usr = xasprintf("c:@F@%s", name);
	f->name = xstrdup(name);
	f->file = xstrdup("/src/en_rx.c");
	f->defined = true;
	return f;
}

static void call(struct zt_function *f, const char *callee, bool loop)
{
	struct zt_call *c = PUSH(f->calls, f->n_calls);

	c->kind = ZT_CALL_DIRECT;
	c->target = xasprintf("c:@F@%s", callee);
	c->name = xstrdup(callee);
	c->in_loop = loop;
}

static struct zt_local *local(struct zt_function *f, const char *name, const char *type,
			      long long size, unsigned int line, unsigned int uses)
{
	struct zt_local *l = PUSH(f->locals, f->n_locals);

	l->name = xstrdup(name);
	l->type = xstrdup(type);
	l->size = size;
	l->file = xstrdup("/src/en_rx.c");
	l->line = l->start_line = l->end_line = line;
	l->column = 24;
	l->start_column = 2;
	l->end_column = 29;
	l->is_record = true;
	l->uses = uses;
	return l;
}

static void owner_param(struct zt_function *f, const char *name, const char *record)
{
	struct zt_param *p = PUSH(f->params, f->n_params);

	p->name = xstrdup(name);
	p->type = xasprintf("%s *", record);
	p->record = xstrdup(record);
}

/* A site at its variable's declaration line, as the compilers report it. */
static void site(struct zt_evidence *ev, const char *fn, const char *var, long long bytes,
		 unsigned int line)
{
	struct zt_autoinit_site *s = PUSH(ev->sites, ev->n_sites);

	s->function = xstrdup(fn);
	s->var = var ? xstrdup(var) : NULL;
	s->bytes = bytes;
	s->var_size = -1;
	s->line = line;
	s->file = xstrdup("en_rx.c");
}

/*
 * poll (root) -> poll_cq -(loop)-> rx
 *   poll_cq: 'batch' at its top (per poll), 'pkt' inside its loop (per packet)
 *   rx:      'mxbuf' (72 bytes, address passed), 'small', 'local_only'
 */
static void build(struct zt_program *p, struct zt_compdb *db, const char *cc)
{
	struct zt_tu_facts tu = { .file = xstrdup("/src/en_rx.c") };
	struct zt_function *f;
	struct zt_local *l;

	zt_program_init(p, &kernel);
	f = fn(&tu, "poll");
	call(f, "poll_cq", false);
	f = fn(&tu, "poll_cq");
	call(f, "rx", true);
	owner_param(f, "rq", "struct mlx5e_rq");
	local(f, "batch", "struct mlx5e_xdp_buff", 72, 10, ZT_USE_ADDR_PASSED);
	l = local(f, "pkt", "struct mlx5e_xdp_buff", 72, 20, ZT_USE_ADDR_PASSED);
	l->in_loop = true;
	f = fn(&tu, "rx");
	owner_param(f, "rq", "struct mlx5e_rq");
	local(f, "mxbuf", "struct mlx5e_xdp_buff", 72, 40, ZT_USE_ADDR_PASSED | ZT_USE_MEMBER);
	local(f, "small", "struct pair", 16, 41, ZT_USE_ADDR_PASSED);
	local(f, "local_only", "struct stats", 48, 42, ZT_USE_MEMBER);
	zt_program_add_tu(p, &tu);
	zt_program_link(p);
	zt_program_add_root(p, "poll", "NAPI poll");
	zt_program_propagate(p);

	db->n = 1;
	db->v = xcalloc(1, sizeof(*db->v));
	db->v[0].file = xstrdup("/src/en_rx.c");
	db->v[0].directory = xstrdup("/src");
	db->v[0].argv = xcalloc(2, sizeof(char *));
	db->v[0].argv[0] = xstrdup(cc);
	db->v[0].argc = 1;
}

static struct zt_stack_opts opts(bool gcc, bool clang)
{
	struct zt_stack_opts o = { .min_size = 32, .want_gcc = gcc, .want_clang = clang };

	zt_check_set_defaults(&o.checks);
	return o;
}

static const struct zt_finding *find(const struct zt_findings *fs, const char *sym)
{
	for (size_t i = 0; i < fs->n; i++)
		if (!strcmp(fs->v[i].symbol, sym))
			return &fs->v[i];
	return NULL;
}

static void test_rank_is_bytes_times_calls_per_packet(void **state)
{
	assert_true(zt_rank(72, ZT_FREQ_PER_PACKET, 64, 0) == 72.0);
	assert_true(zt_rank(72, ZT_FREQ_PER_POLL, 64, 0) == 72.0 / 64);
	assert_true(zt_rank(8, ZT_FREQ_PER_PACKET, 64, 0) == 8.0);
	assert_true(zt_rank(0, ZT_FREQ_PER_PACKET, 64, 0) == 0.0);
	assert_true(zt_rank(72, ZT_FREQ_COLD, 64, 0) == 0.0);
	assert_true(zt_rank(64, ZT_FREQ_PER_BATCH, 64, 16) == 4.0);
}

static void test_local_frequency(void **state)
{
	struct zt_local l = { 0 };

	assert_int_equal(zt_local_freq(&l, ZT_FREQ_PER_POLL, 0), ZT_FREQ_PER_POLL);
	l.in_loop = true;
	assert_int_equal(zt_local_freq(&l, ZT_FREQ_PER_POLL, 0), ZT_FREQ_PER_PACKET);
	assert_int_equal(zt_local_freq(&l, ZT_FREQ_PER_PACKET, 0), ZT_FREQ_PER_PACKET);
	l.in_unlikely = true;
	assert_int_equal(zt_local_freq(&l, ZT_FREQ_PER_PACKET, 0), ZT_FREQ_COLD);
}

static void test_ast_only_ranking(void **state)
{
	struct zt_stack_opts o = opts(false, false);
	struct zt_findings fs = { 0 };
	struct zt_compdb db;
	struct zt_program p;

	build(&p, &db, "gcc");
	assert_int_equal(zt_stack_check(&p, &db, NULL, &o, &fs), 0);
	/* small is under min-size; local_only never lets its address out */
	assert_int_equal(fs.n, 3);
	/* per-packet first (loop in poll_cq, then rx by file order), per-poll last */
	assert_string_equal(fs.v[0].symbol, "pkt");
	assert_string_equal(fs.v[1].symbol, "mxbuf");
	assert_string_equal(fs.v[2].symbol, "batch");
	assert_true(fs.v[0].rank == 72.0);
	assert_true(fs.v[2].rank == 72.0 / 64);
	assert_int_equal(fs.v[2].freq, ZT_FREQ_PER_POLL);
	assert_non_null(strstr(fs.v[2].message, "zeroed on every poll"));
	assert_null(find(&fs, "small"));
	assert_null(find(&fs, "local_only"));
	zt_findings_release(&fs);
	zt_program_release(&p);
	zt_compdb_release(&db);
}

static void test_evidence_from_both_compilers(void **state)
{
	struct zt_stack_opts o = opts(true, true);
	struct zt_findings fs = { 0 };
	struct zt_tu_evidence ev[1] = { 0 };
	const struct zt_finding *f;
	struct zt_compdb db;
	struct zt_program p;
	json_t *e;

	build(&p, &db, "gcc-12");
	ev[0].have_gcc = ev[0].have_clang = true;
	ev[0].gcc.compiler_id = xstrdup("gcc-12.2.0");
	ev[0].clang.compiler_id = xstrdup("clang-19.1.7");
	/* rx was inlined into poll_cq by both compilers */
	site(&ev[0].gcc, "poll_cq", "mxbuf", 72, 40);
	site(&ev[0].clang, "poll_cq", "mxbuf", 8, 40);
	/* gcc removed batch's zeroing, clang kept some: the build uses gcc */
	site(&ev[0].clang, "poll_cq", "batch", 16, 10);
	site(&ev[0].gcc, "poll_cq", "pkt", 72, 20);
	site(&ev[0].clang, "poll_cq", "pkt", 72, 20);
	assert_int_equal(zt_stack_check(&p, &db, ev, &o, &fs), 0);
	assert_int_equal(fs.n, 2);
	assert_null(find(&fs, "batch"));
	f = find(&fs, "mxbuf");
	assert_non_null(f);
	assert_string_equal(f->message,
			    "72-byte 'struct mlx5e_xdp_buff mxbuf' zeroed on every packet under "
			    "-ftrivial-auto-var-init=zero (gcc-12: 72 bytes survive; clang-19: 8)");
	assert_true(f->rank == 72.0);
	assert_int_equal(f->n_chain, 3);
	assert_string_equal(f->chain[0], "poll");
	assert_string_equal(f->chain[2], "rx");
	e = json_object_get(json_object_get(f->details, "evidence"), "clang");
	assert_int_equal(json_integer_value(json_object_get(e, "bytes")), 8);
	assert_true(json_is_true(json_object_get(e, "inlined")));
	assert_string_equal(json_string_value(json_object_get(e, "function")), "poll_cq");
	assert_string_equal(json_string_value(json_object_get(
		json_object_get(f->details, "owner"), "param")), "rq");
	assert_int_equal(json_integer_value(json_object_get(
		json_object_get(f->details, "decl"), "column")), 2);
	zt_findings_release(&fs);

	/* A clang build: batch is reported with clang's 16 bytes, ranked per poll. */
	free(db.v[0].argv[0]);
	db.v[0].argv[0] = xstrdup("clang-19");
	assert_int_equal(zt_stack_check(&p, &db, ev, &o, &fs), 0);
	f = find(&fs, "batch");
	assert_non_null(f);
	assert_true(f->rank == 16.0 / 64);
	/* ranked by clang's 8 surviving bytes, mxbuf sorts below pkt's 72 */
	assert_string_equal(fs.v[0].symbol, "pkt");
	assert_string_equal(fs.v[1].symbol, "mxbuf");
	assert_true(fs.v[1].rank == 8.0);
	zt_findings_release(&fs);
	zt_evidence_release(&ev[0].gcc);
	zt_evidence_release(&ev[0].clang);
	zt_program_release(&p);
	zt_compdb_release(&db);
}

static void test_explicit_init_and_checks_switch(void **state)
{
	struct zt_stack_opts o = opts(false, false);
	struct zt_findings fs = { 0 };
	struct zt_compdb db;
	struct zt_program p;
	struct zt_node *rx;
	const struct zt_finding *f;

	build(&p, &db, "gcc");
	rx = &p.nodes[zt_program_find(&p, "c:@F@rx")];
	rx->fn->locals[0].init = ZT_INIT_EMPTY;
	assert_int_equal(zt_stack_check(&p, &db, NULL, &o, &fs), 0);
	f = find(&fs, "mxbuf");
	assert_non_null(f);
	assert_int_equal(f->check->id, ZT_CHECK_STACK_EXPLICIT_INIT);
	assert_non_null(strstr(f->message, "'= {}'"));
	zt_findings_release(&fs);

	/* -Wno-stack-explicit-init */
	assert_int_equal(zt_check_set_apply(&o.checks, "no-stack-explicit-init"), 0);
	assert_int_equal(zt_stack_check(&p, &db, NULL, &o, &fs), 0);
	assert_null(find(&fs, "mxbuf"));
	assert_int_equal(fs.n, 2);
	zt_findings_release(&fs);

	/* a copy initializer writes every byte: nothing to report */
	zt_check_set_defaults(&o.checks);
	rx->fn->locals[0].init = ZT_INIT_COPY;
	assert_int_equal(zt_stack_check(&p, &db, NULL, &o, &fs), 0);
	assert_null(find(&fs, "mxbuf"));
	zt_findings_release(&fs);
	zt_program_release(&p);
	zt_compdb_release(&db);
}

static void test_owner_notes(void **state)
{
	struct zt_stack_opts o = opts(false, false);
	struct zt_findings fs = { 0 };
	struct zt_compdb db;
	struct zt_program p;
	const struct zt_finding *f;
	bool owner_note = false;

	build(&p, &db, "gcc");
	assert_int_equal(zt_stack_check(&p, &db, NULL, &o, &fs), 0);
	f = find(&fs, "mxbuf");
	for (size_t i = 0; i < f->n_notes; i++)
		owner_note |= strstr(f->notes[i], "suggested owner: 'rq'") != NULL;
	assert_true(owner_note);
	/* poll has no parameters: no owner */
	zt_findings_release(&fs);
	zt_program_release(&p);
	zt_compdb_release(&db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rank_is_bytes_times_calls_per_packet),
		cmocka_unit_test(test_local_frequency),
		cmocka_unit_test(test_ast_only_ranking),
		cmocka_unit_test(test_evidence_from_both_compilers),
		cmocka_unit_test(test_explicit_init_and_checks_switch),
		cmocka_unit_test(test_owner_notes),
	};

	return cmocka_run_group_tests(tests, load_kernel, free_kernel);
}
