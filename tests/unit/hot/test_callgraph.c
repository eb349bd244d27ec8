// SPDX-License-Identifier: GPL-2.0-only
/* Call graph: merge by USR, roots, per-poll/per-packet propagation, cold code, chains. */
#include <setjmp.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "parallel.h"
#include "callgraph.h"

#include "kernel_rules_group.h"

#define PUSH(arr, n) (arr = xrealloc(arr, ((n) + 1) * sizeof(*(arr))), memset(&(arr)[n], 0, sizeof(*(arr))), &(arr)[(n)++])

static char *usr(const char *name)
{
	return xasprintf("c:@F@%s", name);
}

static struct zt_function *fn(struct zt_tu_facts *tu, const char *name, bool defined, bool cold)
{
	struct zt_function *f = PUSH(tu->funcs, tu->n_funcs);

	f->usr = usr(name);
	f->name = xstrdup(name);
	f->file = xstrdup("t.c");
	f->defined = defined;
	f->cold = cold;
	return f;
}

static void call(struct zt_function *f, const char *callee, bool loop, bool unlikely)
{
	struct zt_call *c = PUSH(f->calls, f->n_calls);

	c->kind = ZT_CALL_DIRECT;
	c->target = usr(callee);
	c->name = xstrdup(callee);
	c->in_loop = loop;
	c->in_unlikely = unlikely;
}

static void field_call(struct zt_function *f, const char *field, bool loop)
{
	struct zt_call *c = PUSH(f->calls, f->n_calls);

	c->kind = ZT_CALL_FIELD;
	c->target = xasprintf("c:@S@ops@FI@%s", field);
	c->name = xstrdup(field);
	c->in_loop = loop;
}

static void assign(struct zt_tu_facts *tu, const char *record, const char *field, const char *f)
{
	struct zt_field_assign *a = PUSH(tu->assigns, tu->n_assigns);

	a->field_usr = xasprintf("c:@S@ops@FI@%s", field);
	a->record = xstrdup(record);
	a->field = xstrdup(field);
	a->fn_usr = usr(f);
	a->fn_name = xstrdup(f);
}

static void napi_root(struct zt_tu_facts *tu, const char *f)
{
	struct zt_root_ref *r = PUSH(tu->roots, tu->n_roots);

	r->fn_usr = usr(f);
	r->fn_name = xstrdup(f);
	r->why = xstrdup("netif_napi_add()");
}

static size_t node(struct zt_program *p, const char *name)
{
	char *u = usr(name);
	size_t i = zt_program_find(p, u);

	free(u);
	assert_true(i != ZT_NO_NODE);
	return i;
}

static enum zt_freq freq(struct zt_program *p, const char *name)
{
	return p->nodes[node(p, name)].freq;
}

/*
 * napi_poll -> poll_cq -(loop)-> handle -> rx -> helper
 *                                handle -(unlikely)-> err -> report
 *                                handle -> dump (cold)  -> dump_one
 */
static void build_rx(struct zt_program *p)
{
	struct zt_tu_facts tu = { .file = xstrdup("t.c") };
	struct zt_function *f;

	zt_program_init(p, &kernel);
	f = fn(&tu, "napi_poll", true, false);
	call(f, "poll_cq", false, false);
	f = fn(&tu, "poll_cq", true, false);
	call(f, "handle", true, false);
	f = fn(&tu, "handle", true, false);
	call(f, "rx", false, false);
	call(f, "err", false, true);
	call(f, "dump", false, false);
	f = fn(&tu, "rx", true, false);
	call(f, "helper", false, false);
	fn(&tu, "helper", true, false);
	f = fn(&tu, "err", true, false);
	call(f, "report", false, false);
	fn(&tu, "report", true, false);
	f = fn(&tu, "dump", true, true);
	call(f, "dump_one", false, false);
	fn(&tu, "dump_one", true, false);
	fn(&tu, "unused", true, false);
	napi_root(&tu, "napi_poll");
	zt_program_add_tu(p, &tu);
	zt_program_link(p);
	assert_int_equal(zt_program_auto_roots(p), 1);
	zt_program_propagate(p);
}

static void test_propagation_per_poll_and_per_packet(void **state)
{
	struct zt_program p;

	build_rx(&p);
	assert_int_equal(freq(&p, "napi_poll"), ZT_FREQ_PER_POLL);
	assert_int_equal(freq(&p, "poll_cq"), ZT_FREQ_PER_POLL);
	/* The call inside poll_cq's loop runs per packet; below it, inherited. */
	assert_int_equal(freq(&p, "handle"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "rx"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "helper"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "unused"), ZT_FREQ_UNKNOWN);
	zt_program_release(&p);
}

static void test_cold_and_unlikely_stop_propagation(void **state)
{
	struct zt_program p;

	build_rx(&p);
	assert_int_equal(freq(&p, "err"), ZT_FREQ_UNKNOWN);
	assert_int_equal(freq(&p, "report"), ZT_FREQ_UNKNOWN);
	assert_int_equal(freq(&p, "dump"), ZT_FREQ_COLD);
	assert_int_equal(freq(&p, "dump_one"), ZT_FREQ_UNKNOWN);
	zt_program_release(&p);
}

/*
 * A call under a hot unlikely() branch (not error handling) is followed: the
 * callee is hot under that condition, and so is what it calls. A second,
 * unconditional path to the same function at the same frequency wins.
 *   poll -(loop)-> rx -(unlikely(xdp_prog))-> run_xdp -> xdp_helper
 *                  rx -(unlikely(ts_on))-> stamp
 *   poll -(loop)-> rx -> stamp_all -> stamp
 */
static void test_hot_unlikely_branch_keeps_its_condition(void **state)
{
	struct zt_tu_facts tu = { .file = xstrdup("t.c") };
	struct zt_program p;
	struct zt_function *f;

	zt_program_init(&p, &kernel);
	f = fn(&tu, "poll", true, false);
	call(f, "rx", true, false);
	f = fn(&tu, "rx", true, false);
	call(f, "run_xdp", false, false);
	f->calls[f->n_calls - 1].cond = xstrdup("rq->xdp_prog");
	call(f, "stamp", false, false);
	f->calls[f->n_calls - 1].cond = xstrdup("ts_on");
	call(f, "stamp_all", false, false);
	f = fn(&tu, "run_xdp", true, false);
	call(f, "xdp_helper", false, false);
	fn(&tu, "xdp_helper", true, false);
	f = fn(&tu, "stamp_all", true, false);
	call(f, "stamp", false, false);
	fn(&tu, "stamp", true, false);
	napi_root(&tu, "poll");
	zt_program_add_tu(&p, &tu);
	zt_program_link(&p);
	zt_program_auto_roots(&p);
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "run_xdp"), ZT_FREQ_PER_PACKET);
	assert_string_equal(p.nodes[node(&p, "run_xdp")].cond, "rq->xdp_prog");
	assert_int_equal(p.nodes[node(&p, "run_xdp")].cond_in, node(&p, "rx"));
	/* inherited below the branch, with where it was taken */
	assert_string_equal(p.nodes[node(&p, "xdp_helper")].cond, "rq->xdp_prog");
	assert_int_equal(p.nodes[node(&p, "xdp_helper")].cond_in, node(&p, "rx"));
	/* an unconditional path of the same frequency beats the conditional one */
	assert_int_equal(freq(&p, "stamp"), ZT_FREQ_PER_PACKET);
	assert_null(p.nodes[node(&p, "stamp")].cond);
	assert_null(p.nodes[node(&p, "rx")].cond);
	zt_program_release(&p);
}

/*
 * A call on a path only marked packets take carries its condition down; a
 * path every packet takes to the same function wins, even against one
 * under a hot unlikely() condition only.
 *   poll -(loop)-> rx -(chain(cqe))-> restore -> tunnel
 *                  rx -(chain(cqe))-> shared;  rx -(unlikely(xdp))-> xdp -> shared
 */
static void test_marked_path_keeps_its_condition(void **state)
{
	struct zt_tu_facts tu = { .file = xstrdup("t.c") };
	struct zt_program p;
	struct zt_function *f;

	zt_program_init(&p, &kernel);
	f = fn(&tu, "poll", true, false);
	call(f, "rx", true, false);
	f = fn(&tu, "rx", true, false);
	call(f, "restore", false, false);
	f->calls[f->n_calls - 1].slow = xstrdup("chain(cqe)");
	call(f, "shared", false, false);
	f->calls[f->n_calls - 1].slow = xstrdup("chain(cqe)");
	call(f, "xdp", false, false);
	f->calls[f->n_calls - 1].cond = xstrdup("rq->xdp_prog");
	f = fn(&tu, "restore", true, false);
	call(f, "tunnel", false, false);
	fn(&tu, "tunnel", true, false);
	f = fn(&tu, "xdp", true, false);
	call(f, "shared", false, false);
	fn(&tu, "shared", true, false);
	napi_root(&tu, "poll");
	zt_program_add_tu(&p, &tu);
	zt_program_link(&p);
	zt_program_auto_roots(&p);
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "tunnel"), ZT_FREQ_PER_PACKET);
	assert_string_equal(p.nodes[node(&p, "restore")].slow, "chain(cqe)");
	assert_string_equal(p.nodes[node(&p, "tunnel")].slow, "chain(cqe)");
	assert_int_equal(p.nodes[node(&p, "tunnel")].slow_in, node(&p, "rx"));
	assert_null(p.nodes[node(&p, "rx")].slow);
	/* every XDP user's packets reach it: not a marked path */
	assert_null(p.nodes[node(&p, "shared")].slow);
	assert_string_equal(p.nodes[node(&p, "shared")].cond, "rq->xdp_prog");
	zt_program_release(&p);
}

static void test_chain_from_root(void **state)
{
	struct zt_program p;
	const char **chain;
	size_t n;

	build_rx(&p);
	n = zt_program_chain(&p, node(&p, "helper"), &chain);
	assert_int_equal(n, 5);
	assert_string_equal(chain[0], "napi_poll");
	assert_string_equal(chain[1], "poll_cq");
	assert_string_equal(chain[2], "handle");
	assert_string_equal(chain[3], "rx");
	assert_string_equal(chain[4], "helper");
	free(chain);
	assert_true(p.nodes[node(&p, "napi_poll")].is_root);
	assert_non_null(strstr(p.nodes[node(&p, "napi_poll")].root_why, "netif_napi_add()"));
	zt_program_release(&p);
}

static void test_field_calls_reach_every_assigned_function(void **state)
{
	struct zt_tu_facts a = { .file = xstrdup("a.c") }, b = { .file = xstrdup("b.c") };
	struct zt_program p;
	struct zt_function *f;

	zt_program_init(&p, &kernel);
	f = fn(&a, "poll", true, false);
	field_call(f, "handle_rx_cqe", true);
	fn(&a, "rx_linear", true, false);
	fn(&b, "rx_striding", true, false);
	fn(&b, "rx_other_field", true, false);
	assign(&a, "struct ops", "handle_rx_cqe", "rx_linear");
	assign(&b, "struct ops", "handle_rx_cqe", "rx_striding");
	assign(&b, "struct ops", "other", "rx_other_field");
	napi_root(&a, "poll");
	zt_program_add_tu(&p, &a);
	zt_program_add_tu(&p, &b);
	zt_program_link(&p);
	zt_program_auto_roots(&p);
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "rx_linear"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "rx_striding"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "rx_other_field"), ZT_FREQ_UNKNOWN);
	zt_program_release(&p);
}

struct targets_seen {
	char buf[512];
};

static void note_target(const char *field_usr, const char *fn_name, void *arg)
{
	struct targets_seen *t = arg;
	size_t n = strlen(t->buf);

	snprintf(t->buf + n, sizeof(t->buf) - n, "%s=%s;", field_usr, fn_name);
}

/*
 * fix's view of a call through a field: every function stored into each
 * field a call at or below the function goes through, through a local copy
 * of the field too (INDIRECT_CALL_*()'s fallback), and none below the depth.
 */
static void test_field_targets_below_a_function(void **state)
{
	struct zt_tu_facts a = { .file = xstrdup("a.c") };
	struct zt_program p;
	struct zt_function *f;
	struct zt_field_assign *copy;
	struct zt_call *c;
	struct targets_seen seen = { "" };

	(void)state;
	zt_program_init(&p, &kernel);
	f = fn(&a, "xmit_buff", true, false);
	call(f, "send", false, false);
	f = fn(&a, "send", true, false);
	/* __f1 = sq->xmit (a local's key, stored the field's "field:" key), __f1(...) */
	c = PUSH(f->calls, f->n_calls);
	c->kind = ZT_CALL_FIELD;
	c->target = xstrdup("local:c:a.c@10@F@send@__f1");
	c->name = xstrdup("__f1");
	copy = PUSH(a.assigns, a.n_assigns);
	copy->field_usr = xstrdup("local:c:a.c@10@F@send@__f1");
	copy->record = xstrdup("");
	copy->field = xstrdup("__f1");
	copy->fn_usr = xstrdup("field:c:@S@ops@FI@xmit");
	copy->fn_name = xstrdup("xmit");
	fn(&a, "xmit_one", true, false);
	fn(&a, "xmit_mpw", true, false);
	assign(&a, "struct ops", "xmit", "xmit_one");
	assign(&a, "struct ops", "xmit", "xmit_mpw");
	zt_program_add_tu(&p, &a);
	zt_program_link(&p);
	zt_program_field_targets(&p, node(&p, "xmit_buff"), 6, note_target, &seen);
	assert_string_equal(seen.buf, "c:@S@ops@FI@xmit=xmit_one;c:@S@ops@FI@xmit=xmit_mpw;");
	seen.buf[0] = '\0';
	zt_program_field_targets(&p, node(&p, "xmit_buff"), 0, note_target, &seen);
	assert_string_equal(seen.buf, "");
	zt_program_release(&p);
}

static void test_merge_by_usr_across_tus(void **state)
{
	struct zt_tu_facts a = { .file = xstrdup("a.c") }, b = { .file = xstrdup("b.c") };
	struct zt_program p;
	struct zt_local *l;
	struct zt_function *f;

	zt_program_init(&p, &kernel);
	/* An inline helper from a header, defined in both TUs; b's prototype says cold. */
	f = fn(&a, "helper", true, false);
	l = PUSH(f->locals, f->n_locals);
	l->name = xstrdup("buf");
	l->type = xstrdup("struct x");
	l->file = xstrdup("h.h");
	fn(&b, "helper", true, false);
	fn(&b, "slow", false, true);
	fn(&a, "slow", true, false);
	zt_program_add_tu(&p, &a);
	zt_program_add_tu(&p, &b);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.nodes[node(&p, "helper")].tu, 0);
	assert_int_equal(p.nodes[node(&p, "helper")].fn->n_locals, 1);
	assert_true(p.nodes[node(&p, "slow")].cold);
	assert_non_null(p.nodes[node(&p, "slow")].fn);
	zt_program_release(&p);
}

static void test_recursion_terminates(void **state)
{
	struct zt_tu_facts tu = { .file = xstrdup("t.c") };
	struct zt_program p;
	struct zt_function *f;

	zt_program_init(&p, &kernel);
	f = fn(&tu, "poll", true, false);
	call(f, "walk", true, false);
	f = fn(&tu, "walk", true, false);
	call(f, "walk", false, false);
	call(f, "leaf", false, false);
	fn(&tu, "leaf", true, false);
	f = fn(&tu, "ping", true, false);
	call(f, "pong", true, false);
	f = fn(&tu, "pong", true, false);
	call(f, "ping", false, false);
	zt_program_add_tu(&p, &tu);
	zt_program_link(&p);
	assert_int_equal(zt_program_add_root(&p, "poll", "--hot"), 1);
	assert_int_equal(zt_program_add_root(&p, "ping", "--hot"), 1);
	assert_int_equal(zt_program_add_root(&p, "nosuch", "--hot"), 0);
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "walk"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "leaf"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "pong"), ZT_FREQ_PER_PACKET);
	/* A root stays a root: its chain starts at itself. */
	assert_int_equal(freq(&p, "ping"), ZT_FREQ_PER_POLL);
	assert_true(zt_program_recursive(&p, node(&p, "walk")));
	assert_true(zt_program_recursive(&p, node(&p, "ping")));
	assert_false(zt_program_recursive(&p, node(&p, "leaf")));
	zt_program_release(&p);
}

static void test_chains_stay_acyclic_through_recursion(void **state)
{
	struct zt_tu_facts tu = { .file = xstrdup("t.c") };
	struct zt_program p;
	struct zt_function *f;
	const char **chain;
	size_t n;

	/* poll -> a -(loop)-> b -> a: a becomes per packet through b */
	zt_program_init(&p, &kernel);
	f = fn(&tu, "poll", true, false);
	call(f, "a", false, false);
	f = fn(&tu, "a", true, false);
	call(f, "b", true, false);
	f = fn(&tu, "b", true, false);
	call(f, "a", false, false);
	zt_program_add_tu(&p, &tu);
	zt_program_link(&p);
	zt_program_add_root(&p, "poll", "--hot");
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "a"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "b"), ZT_FREQ_PER_PACKET);
	n = zt_program_chain(&p, node(&p, "b"), &chain);
	assert_int_equal(n, 3);
	assert_string_equal(chain[0], "poll");
	assert_string_equal(chain[1], "a");
	assert_string_equal(chain[2], "b");
	free(chain);
	n = zt_program_chain(&p, node(&p, "a"), &chain);
	assert_int_equal(n, 2);
	assert_string_equal(chain[0], "poll");
	free(chain);
	zt_program_release(&p);
}

static void test_xmit_roots_and_rules(void **state)
{
	struct zt_tu_facts tu = { .file = xstrdup("t.c") };
	struct zt_program p;
	struct zt_function *f;

	zt_program_init(&p, &kernel);
	fn(&tu, "start_xmit", true, false);
	f = fn(&tu, "xdp_xmit", true, false);
	call(f, "xmit_one", false, false);
	fn(&tu, "xmit_one", true, false);
	fn(&tu, "open", true, false);
	assign(&tu, "struct net_device_ops", "ndo_start_xmit", "start_xmit");
	assign(&tu, "struct net_device_ops", "ndo_xdp_xmit", "xdp_xmit");
	assign(&tu, "struct net_device_ops", "ndo_open", "open");
	zt_program_add_tu(&p, &tu);
	zt_program_link(&p);
	assert_int_equal(zt_program_auto_roots(&p), 2);
	/* rules: xmit_one runs per frame */
	assert_int_equal(zt_program_mark(&p, "xmit_one", false, true), 1);
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "start_xmit"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "xdp_xmit"), ZT_FREQ_PER_POLL);
	assert_int_equal(freq(&p, "xmit_one"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "open"), ZT_FREQ_UNKNOWN);
	/* rules: cold wins over a root's heat below it */
	zt_program_mark(&p, "xmit_one", true, false);
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "xmit_one"), ZT_FREQ_COLD);
	zt_program_release(&p);
}

static void count_one(size_t i, void *arg)
{
	_Atomic unsigned int *hits = arg;

	hits[i]++;
}

static void test_parallel_for_visits_each_index_once(void **state)
{
	_Atomic unsigned int hits[100] = { 0 };

	for (int jobs = 1; jobs <= 4; jobs++) {
		for (size_t i = 0; i < 100; i++)
			hits[i] = 0;
		assert_int_equal(zt_parallel_for(100, jobs, count_one, hits), 0);
		for (size_t i = 0; i < 100; i++)
			assert_int_equal(hits[i], 1);
	}
	assert_int_equal(zt_parallel_for(0, 2, count_one, hits), 0);
}

static void test_calls_per_packet(void **state)
{
	assert_true(zt_freq_calls_per_packet(ZT_FREQ_PER_PACKET, 64, 0) == 1.0);
	assert_true(zt_freq_calls_per_packet(ZT_FREQ_PER_POLL, 64, 0) == 1.0 / 64);
	assert_true(zt_freq_calls_per_packet(ZT_FREQ_PER_POLL, 0, 0) == 1.0 / ZT_DEFAULT_BUDGET);
	assert_true(zt_freq_calls_per_packet(ZT_FREQ_COLD, 64, 0) == 0.0);
	assert_true(zt_freq_calls_per_packet(ZT_FREQ_PER_BATCH, 64, 16) == 1.0 / 16);
	assert_true(zt_freq_calls_per_packet(ZT_FREQ_UNKNOWN, 64, 0) == 0.0);
	/* a batch of unknown size (a ring threshold) counts as once per poll */
	assert_true(zt_freq_calls_per_packet(ZT_FREQ_PER_BATCH, 64, ZT_BATCH_UNKNOWN) == 1.0 / 64);
}

/*
 * poll -(loop)-> rx -> fill (allocates a bulk of 16)
 *      -(loop, when a threshold is crossed)-> refill
 * A bulk allocator's caller and a threshold's callee run once per batch.
 */
static void test_bulk_and_threshold_batches(void **state)
{
	struct zt_tu_facts tu = { .file = xstrdup("t.c") };
	struct zt_program p;
	struct zt_function *f;

	(void)state;
	zt_program_init(&p, &kernel);
	f = fn(&tu, "poll", true, false);
	call(f, "rx", true, false);
	call(f, "refill", true, false);
	f->calls[1].batch_n = ZT_BATCH_UNKNOWN;
	f->calls[1].batch_why = ZT_BATCH_THRESHOLD;
	f = fn(&tu, "rx", true, false);
	call(f, "fill", false, false);
	f = fn(&tu, "fill", true, false);
	f->bulk_n = 16;
	fn(&tu, "refill", true, false);
	napi_root(&tu, "poll");
	zt_program_add_tu(&p, &tu);
	zt_program_link(&p);
	zt_program_auto_roots(&p);
	zt_program_propagate(&p);
	assert_int_equal(freq(&p, "rx"), ZT_FREQ_PER_PACKET);
	assert_int_equal(freq(&p, "fill"), ZT_FREQ_PER_BATCH);
	assert_int_equal(p.nodes[node(&p, "fill")].batch_n, 16);
	assert_int_equal(p.nodes[node(&p, "fill")].batch_why, ZT_BATCH_BULK_CALL);
	assert_int_equal(freq(&p, "refill"), ZT_FREQ_PER_BATCH);
	assert_int_equal(p.nodes[node(&p, "refill")].batch_n, ZT_BATCH_UNKNOWN);
	assert_int_equal(p.nodes[node(&p, "refill")].batch_why, ZT_BATCH_THRESHOLD);
	zt_program_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_propagation_per_poll_and_per_packet),
		cmocka_unit_test(test_cold_and_unlikely_stop_propagation),
		cmocka_unit_test(test_hot_unlikely_branch_keeps_its_condition),
		cmocka_unit_test(test_marked_path_keeps_its_condition),
		cmocka_unit_test(test_chain_from_root),
		cmocka_unit_test(test_field_calls_reach_every_assigned_function),
		cmocka_unit_test(test_field_targets_below_a_function),
		cmocka_unit_test(test_merge_by_usr_across_tus),
		cmocka_unit_test(test_recursion_terminates),
		cmocka_unit_test(test_chains_stay_acyclic_through_recursion),
		cmocka_unit_test(test_xmit_roots_and_rules),
		cmocka_unit_test(test_parallel_for_visits_each_index_once),
		cmocka_unit_test(test_calls_per_packet),
		cmocka_unit_test(test_bulk_and_threshold_batches),
	};

	return cmocka_run_group_tests(tests, load_kernel, free_kernel);
}
