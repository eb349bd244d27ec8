// SPDX-License-Identifier: GPL-2.0-only
/*
 * The token pre-pass: which TUs a hot path can reach, by name. Each case is
 * a small tree written to a scratch directory; the pre-pass must keep every
 * TU the precise call graph could need (never fewer) and may skip the rest.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "prepass.h"
#include "zerotax.h"

#include "kernel_rules_group.h"

struct tree {
	char dir[64];
	struct zt_compdb db;
	struct zt_prepass pp;
	enum zt_prepass_why why[16];
};

static void put(struct tree *t, const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", t->dir, name);

	assert_int_equal(zt_write_file(p, text, strlen(text)), 0);
	free(p);
}

/* @files: NULL-terminated name, text pairs; .c files become TUs, in order; -I the tree. */
static void build(struct tree *t, const char *const *files, const struct zt_hotrules *rules,
		  char *const *hot, size_t n_hot)
{
	char *tus[16], *flags[1];
	size_t n = 0;

	strcpy(t->dir, "/tmp/zt-prepass-XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	for (size_t i = 0; files[i]; i += 2) {
		put(t, files[i], files[i + 1]);
		if (strstr(files[i], ".c"))
			tus[n++] = xasprintf("%s/%s", t->dir, files[i]);
	}
	flags[0] = xasprintf("-I%s", t->dir);
	assert_int_equal(zt_compdb_from_files(tus, n, flags, 1, &t->db), 0);
	free(flags[0]);
	for (size_t i = 0; i < n; i++)
		free(tus[i]);
	assert_int_equal(zt_prepass_build(&t->pp, &t->db, &kernel, rules, hot, n_hot), 0);
	zt_prepass_classify(&t->pp, t->why);
}

static void done(struct tree *t)
{

	zt_prepass_release(&t->pp);
	zt_compdb_release(&t->db);
	/* the scratch files: few and small */
	for (const char *const n[] = { "a.c", "b.c", "c.c", "d.c", "drv.h", "kwq.h", NULL },
			       *const *p = n;
	     *p; p++) {
		char *f = xasprintf("%s/%s", t->dir, *p);

		unlink(f);
		free(f);
	}
	rmdir(t->dir);
}

/* TU index of @base in the (sorted by the caller) database. */
static size_t tu(const struct tree *t, const char *base)
{
	for (size_t i = 0; i < t->db.n; i++) {
		const char *s = strrchr(t->db.v[i].file, '/');

		if (!strcmp(s ? s + 1 : t->db.v[i].file, base))
			return i;
	}
	fail_msg("no TU %s", base);
	return 0;
}

static void napi_reaches_callees_only(void **state)
{
	static const char *const files[] = {
		"a.c", "static int poll(struct napi_struct *n, int budget) { return rx(n); }\n"
		       "void setup(struct net_device *d) { netif_napi_add(d, &napi, poll); }\n",
		"b.c", "int rx(void *n) { /* rx(), never cold() */ return helper(\"cold()\"); }\n",
		"c.c", "int helper(const char *s) { return 0; }\n",
		"d.c", "int cold(void) { return setup_more(); }\n",
		NULL,
	};
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	assert_int_equal(t.why[tu(&t, "a.c")], ZT_PP_ROOT);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_DEFINES);
	/* comments and strings are not uses */
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_SKIP);
	done(&t);
}

static void field_calls_reach_every_store(void **state)
{
	static const char *const files[] = {
		"drv.h", "struct rq { int (*handle)(struct rq *); int (*other)(struct rq *); };\n"
			 "#define RQ_HANDLE(rq) ((rq)->handle(rq))\n",
		"a.c", "#include \"drv.h\"\n"
		       "static int poll(struct napi_struct *n, int b) { return RQ_HANDLE(r); }\n"
		       "void setup(void) { netif_napi_add(d, &napi, poll); }\n",
		"b.c", "#include \"drv.h\"\n"
		       "int legacy(struct rq *rq) { return 0; }\n"
		       "void init_b(struct rq *rq) { rq->handle = legacy; }\n",
		"c.c", "#include \"drv.h\"\n"
		       "int striding(struct rq *rq) { return 1; }\n"
		       "static const struct rq tmpl = { striding, NULL };\n",
		"d.c", "#include \"drv.h\"\n"
		       "int unrelated(struct rq *rq) { return 2; }\n"
		       "static const struct rq tmpl2 = { .other = unrelated };\n",
		NULL,
	};
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	/* the macro in the driver's header calls ->handle */
	assert_int_equal(t.why[tu(&t, "b.c")] != ZT_PP_SKIP, true);
	/* positional: the first member of struct rq is handle */
	assert_int_equal(t.why[tu(&t, "c.c")] != ZT_PP_SKIP, true);
	/* stored into another field: not reachable */
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_SKIP);
	done(&t);
}

static void xmit_indirect_and_rules(void **state)
{
	static const char *const files[] = {
		"a.c", "static const struct net_device_ops ops = { .ndo_start_xmit = xmit, };\n",
		"b.c", "int xmit(struct sk_buff *skb) { return INDIRECT_CALL_2(sq->post, post_a,"
		       " post_b, sq); }\n"
		       "int post_a(void *sq) { return 0; }\n",
		"c.c", "int post_b(void *sq) { return 0; }\n"
		       "int from_rules(void) { return 0; }\n",
		"d.c", "int from_hot(void) { return 0; }\n",
		NULL,
	};
	struct zt_hotrules rules;
	char *hot[] = { "from_hot" };
	struct tree t;

	zt_hotrules_init(&rules);
	assert_int_equal(zt_hotrules_parse("root from_rules\n", "t.conf", &rules), 0);
	build(&t, files, &rules, hot, 1);
	assert_int_equal(t.why[tu(&t, "a.c")], ZT_PP_ROOT);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_DEFINES);
	zt_hotrules_release(&rules);
	done(&t);
}

/*
 * One root in two ops tables (6.12's mlx5e_xmit: the NIC's and the
 * representor's): parsing one registration finds it; the TU whose only reason
 * was the second is not needed. A TU with a root of its own still is.
 */
static void root_registered_twice(void **state)
{
	static const char *const files[] = {
		"a.c", "static const struct net_device_ops nic = { .ndo_start_xmit = xmit, };\n"
		       "int xmit(struct sk_buff *skb) { return 0; }\n",
		"b.c", "static const struct net_device_ops rep = { .ndo_start_xmit = xmit, };\n",
		"c.c", "static const struct net_device_ops vf = { .ndo_start_xmit = xmit,\n"
		       "	.ndo_xdp_xmit = xdp_xmit, };\n",
		"d.c", "int xdp_xmit(void *frames) { return 0; }\n",
		NULL,
	};
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	assert_int_equal(t.why[tu(&t, "a.c")], ZT_PP_ROOT);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_SKIP);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_ROOT);
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_DEFINES);
	done(&t);
}

static void both_branches_and_names_defined_twice(void **state)
{
	static const char *const files[] = {
		"a.c", "static int poll(struct napi_struct *n, int b)\n"
		       "{\n"
		       "#ifdef CONFIG_X\n"
		       "	if (n) {\n"
		       "#else\n"
		       "	if (!n) {\n"
		       "#endif\n"
		       "		work();\n"
		       "	}\n"
		       "	return 0;\n"
		       "}\n"
		       "void setup(void) { netif_napi_add(d, &napi, poll); }\n",
		"b.c", "static int work(void) { return 0; }\n",
		"c.c", "static int work(void) { return 1; }\n"
		       "int after(void) { return 0; }\n",
		"d.c", "int later(void) { return after(); }\n",
		NULL,
	};
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_SKIP);
	/* the loop: a name the precise graph needs brings its TU */
	zt_prepass_reach(&t.pp, "later", false);
	zt_prepass_classify(&t.pp, t.why);
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_DEFINES);
	done(&t);
}

/*
 * Callers whose evidence may hold a hot function's locals are those the
 * compiler could inline it into: anywhere for a header's function, only its
 * own file for a .c file's (no LTO: another TU never sees its body).
 */
static void header_functions_and_callers(void **state)
{
	static const char *const files[] = {
		"drv.h", "static inline int hot_inline(void) { return 0; }\n"
			 "static inline int wrap_inline(void) { return hot_inline(); }\n",
		"a.c", "#include \"drv.h\"\n"
		       "int user_a(void) { return hot_inline(); }\n"
		       "int again_a(void) { return user_a(); }\n",
		"b.c", "#include \"drv.h\"\n"
		       "int user_b(void) { return wrap_inline(); }\n",
		"c.c", "int caller(void) { return user_a(); }\n",
		"d.c", "#include \"drv.h\"\n"
		       "int user_d(void) { return 0; }\n",
		NULL,
	};
	char *names[] = { "hot_inline" }, *in_c[] = { "user_a" };
	bool one[8] = { 0 }, deep[8] = { 0 }, of_c[8] = { 0 };
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	assert_true(zt_prepass_may_walk(&t.pp, tu(&t, "a.c"), "hot_inline"));
	assert_true(zt_prepass_may_walk(&t.pp, tu(&t, "b.c"), "hot_inline"));
	assert_false(zt_prepass_may_walk(&t.pp, tu(&t, "d.c"), "hot_inline"));
	/* defined in no file read here: cannot tell, so yes */
	assert_true(zt_prepass_may_walk(&t.pp, tu(&t, "d.c"), "kernel_inline"));
	zt_prepass_callers(&t.pp, names, 1, 1, one);
	assert_true(one[tu(&t, "a.c")]);
	assert_true(one[tu(&t, "b.c")]);	/* through the header's wrap_inline() */
	assert_false(one[tu(&t, "c.c")]);
	assert_false(one[tu(&t, "d.c")]);
	/* user_a() is a.c's: c.c's call of it never holds an inlined copy */
	zt_prepass_callers(&t.pp, names, 1, 8, deep);
	assert_false(deep[tu(&t, "c.c")]);
	assert_false(deep[tu(&t, "d.c")]);
	zt_prepass_callers(&t.pp, in_c, 1, 8, of_c);
	assert_true(of_c[tu(&t, "a.c")]);
	assert_false(of_c[tu(&t, "c.c")]);
	done(&t);
}

/*
 * A parameter or local given as a value is the variable, not a function of
 * that name: c.c hands its parameter 'stats' to an unknown callee, d.c its
 * block's local and, after the block, the function stats() itself. Only d.c
 * may have stored stats() where a kernel struct's field call finds it.
 */
static void locals_shadow_functions(void **state)
{
	static const char *const files[] = {
		"a.c", "static int poll(struct napi_struct *n, int b) { return n->sk->sk_data_ready(n); }\n"
		       "void setup(void) { netif_napi_add(d, &napi, poll); }\n",
		"b.c", "void stats(void) { }\n",
		"c.c", "void cfg(struct thing *stats) { trace_cfg(stats); }\n",
		"d.c", "void blk(void) { { int stats = 0; trace_x(stats); } trace_y(stats); }\n",
		NULL,
	};
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_SKIP);
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_STORES);
	assert_int_equal(t.pp.n_given[ZT_PP_GIVEN_UNKNOWN], 1);
	done(&t);
}

/*
 * A wrapper registers what its callers give it: a.c's add_napi() hands its
 * parameter to netif_napi_add(), b.c calls it through another wrapper with
 * c ? poll_a : poll_b and with poll_c. The roots are those functions (never
 * 'dev' or 'poll'), so b.c is parsed as registering them and c.c as defining
 * what they call; d.c's never-given poll_d is not reached.
 */
static void wrapper_registers_what_it_is_given(void **state)
{
	static const char *const files[] = {
		"a.c", "void add_napi(struct priv *p, int (*poll)(struct napi_struct *, int))\n"
		       "{ netif_napi_add(p->dev, &p->napi, poll); }\n",
		"b.c", "static void add_q(struct priv *p, poll_fn fn) { poll_fn f = fn; add_napi(p, f); }\n"
		       "void setup(struct priv *p) { add_napi(p, p->x ? poll_a : poll_b);\n"
		       "  add_q(p, poll_c); }\n",
		"c.c", "int poll_a(struct napi_struct *n, int b) { return rx_a(n); }\n"
		       "int poll_b(struct napi_struct *n, int b) { return 0; }\n"
		       "int poll_c(struct napi_struct *n, int b) { return 0; }\n"
		       "int rx_a(void *n) { return 0; }\n",
		"d.c", "int poll_d(struct napi_struct *n, int b) { return rx_d(n); }\n"
		       "int rx_d(void *n) { return 0; }\n",
		NULL,
	};
	struct tree t;
	const struct zt_pp_file *a, *b;
	bool seen[3] = { false };

	build(&t, files, NULL, NULL, 0);
	a = &t.pp.files[t.pp.tu_file[tu(&t, "a.c")]];
	b = &t.pp.files[t.pp.tu_file[tu(&t, "b.c")]];
	/* a.c registers, but no function of its own */
	assert_int_equal(a->roots.n, 0);
	assert_int_equal(t.why[tu(&t, "a.c")], ZT_PP_ROOT);
	for (size_t i = 0; i < b->roots.n; i++) {
		const char *n = t.pp.names[b->roots.v[i]];

		assert_true(!strcmp(n, "poll_a") || !strcmp(n, "poll_b") || !strcmp(n, "poll_c"));
		seen[n[5] - 'a'] = true;
	}
	assert_true(seen[0] && seen[1] && seen[2]);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_ROOT);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_SKIP);
	done(&t);
}

/*
 * A field call whose receiver is declared `struct T *` reaches only what is
 * stored into struct T's member (the precise graph's field USR), and what is
 * stored where the struct is not visible: b.c stores into struct rxq's clean
 * (a typed parameter, and a table of struct rxq), c.c into struct txq's, d.c
 * through a receiver whose struct the tokens do not show (kept). A receiver
 * declared otherwise in another scope (a typedef) is not narrowed.
 */
static void field_calls_by_receiver_struct(void **state)
{
	static const char *const files[] = {
		"a.c", "static int poll(struct napi_struct *n, int b)\n"
		       "{ struct rxq *q = container_of(n, struct rxq, napi); return q->clean(q); }\n"
		       "void setup(void) { netif_napi_add(d, &napi, poll); }\n",
		"b.c", "int rx_clean(struct rxq *q) { return 0; }\n"
		       "int rx_clean2(struct rxq *q) { return 0; }\n"
		       "void init_rx(struct rxq *q) { q->clean = rx_clean; }\n"
		       "static const struct rxq tmpl = { .clean = rx_clean2 };\n",
		"c.c", "int tx_clean(struct txq *q) { return 0; }\n"
		       "void init_tx(struct txq *q, int x) { q->clean = tx_clean; }\n"
		       "static const struct txq tmpl = { .clean = tx_clean };\n",
		"d.c", "int any_clean(void *q) { return 0; }\n"
		       "void init_any(struct priv *p) { p->q->clean = any_clean; }\n",
		NULL,
	};
	static const char *const files2[] = {
		"a.c", "static int poll(struct napi_struct *n, int b)\n"
		       "{ if (b) { struct rxq *q = n->q; q->x = 0; } { q_t *q = n->q; return q->clean(q); } }\n"
		       "void setup(void) { netif_napi_add(d, &napi, poll); }\n",
		"c.c", "int tx_clean(struct txq *q) { return 0; }\n"
		       "void init_tx(struct txq *q) { q->clean = tx_clean; }\n",
		NULL,
	};
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_DEFINES);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_SKIP);
	assert_int_equal(t.why[tu(&t, "d.c")], ZT_PP_DEFINES);
	assert_int_equal(t.pp.n_fcall_sites, 1);
	assert_int_equal(t.pp.n_fcall_typed, 1);
	assert_int_equal(t.pp.n_store_sites, 5);
	assert_int_equal(t.pp.n_store_typed, 4);
	/* the precise graph asks for struct txq's clean: c.c comes */
	zt_prepass_reach_member(&t.pp, "txq", "clean");
	zt_prepass_classify(&t.pp, t.why);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_DEFINES);
	done(&t);

	build(&t, files2, NULL, NULL, 0);
	assert_int_equal(t.pp.n_fcall_typed, 0);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_DEFINES);
	done(&t);
}

/*
 * A function given to a macro is stored where the macro's expansion stores
 * it: kwq.h (a kernel header, included with <>) stores INIT_WORK's function
 * into ->func through a second macro, hands timer_setup's to a declared
 * function, and a printk-like macro's variadic tail to another; so a call of
 * a kernel struct's field (sk_data_ready) from the poll does not reach b.c,
 * while a call of ->func would. c.c gives its function to a macro no file
 * defines: that call may reach it (kept).
 */
static void given_functions_follow_macros(void **state)
{
	static const char *const files[] = {
		"kwq.h", "#define INIT_WORK(w, f) __INIT_WORK((w), (f), 0)\n"
			 "#define __INIT_WORK(w, f, o) do { (w)->func = (f); } while (0)\n"
			 "#define my_warn(dev, fmt, ...) _dev_warn(dev, fmt, ##__VA_ARGS__)\n"
			 "void _dev_warn(void *d, const char *f, ...);\n"
			 "#define timer_setup(t, fn, fl) init_timer_key((t), (fn), (fl))\n"
			 "#define timer_key_init init_timer_key\n"
			 "void init_timer_key(void *t, void *fn, int fl);\n",
		"a.c", "#include <kwq.h>\n"
		       "static int poll(struct napi_struct *n, int b) { return n->sk->sk_data_ready(n); }\n"
		       "void setup(void) { netif_napi_add(d, &napi, poll); }\n",
		"b.c", "#include <kwq.h>\n"
		       "void work_fn(void *w) { }\n"
		       "void init_b(struct priv *p) { INIT_WORK(&p->w, work_fn);\n"
		       "  timer_setup(&p->t, work_fn, 0); my_warn(p, \"x\", work_fn);\n"
		       "  timer_key_init(&p->t, work_fn, 0); }\n",
		"c.c", "void other_fn(void) { }\n"
		       "void init_c(void) { UNKNOWN_MACRO(other_fn); }\n",
		NULL,
	};
	struct tree t;

	build(&t, files, NULL, NULL, 0);
	assert_int_equal(t.pp.n_kheaders, 1);
	assert_int_equal(t.pp.n_given[ZT_PP_GIVEN_MACRO], 4);
	assert_int_equal(t.pp.n_given[ZT_PP_GIVEN_FUNCTION], 1);	/* poll, registered */
	assert_int_equal(t.pp.n_given[ZT_PP_GIVEN_UNKNOWN], 1);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_SKIP);
	assert_int_equal(t.why[tu(&t, "c.c")], ZT_PP_DEFINES);
	zt_prepass_reach(&t.pp, "func", true);
	zt_prepass_classify(&t.pp, t.why);
	assert_int_equal(t.why[tu(&t, "b.c")], ZT_PP_DEFINES);
	done(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(napi_reaches_callees_only),
		cmocka_unit_test(field_calls_reach_every_store),
		cmocka_unit_test(xmit_indirect_and_rules),
		cmocka_unit_test(root_registered_twice),
		cmocka_unit_test(both_branches_and_names_defined_twice),
		cmocka_unit_test(header_functions_and_callers),
		cmocka_unit_test(locals_shadow_functions),
		cmocka_unit_test(wrapper_registers_what_it_is_given),
		cmocka_unit_test(field_calls_by_receiver_struct),
		cmocka_unit_test(given_functions_follow_macros),
	};

	return cmocka_run_group_tests(tests, load_kernel, free_kernel);
}
