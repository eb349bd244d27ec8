// SPDX-License-Identifier: GPL-2.0-only
/*
 * The libclang walk of one translation unit: functions, calls (direct and
 * through function-pointer fields), automatic locals of record/array type
 * and how they are used, roots registered with netif_napi_add*(), functions
 * stored into function-pointer fields. This file holds the libclang
 * indexes, the walk itself and the TU's collection; facts_*.c the helpers
 * it calls (facts_int.h). Only these files see libclang.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <clang-c/Index.h>

#include "facts.h"
#include "cmdline.h"
#include "facts_int.h"
#include "strbuf.h"
#include "strmap.h"
#include "zerotax.h"
#define MAX_ERRORS 20

struct zt_facts_index {
	CXIndex index;
};

/*
 * Surviving a TU that crashes libclang. libclang's crash recovery catches a
 * crash during the parse and returns CXError_Crashed, but not a stack
 * overflow (deep nesting): its handler runs on the overflowed stack. So the
 * parse runs on our own thread (LIBCLANG_NOTHREADS: not on libclang's 8 MiB
 * one) with a large stack and an alternate signal stack, and SIGSEGV/SIGBUS
 * reach libclang's handler through ours, installed with SA_ONSTACK.
 */
#define PARSE_STACK (512UL << 20)	/* reserved, touched only as deep as the TU goes */
#define ALT_STACK (256UL << 10)

struct crash_forward {
	pthread_once_t once;
	struct sigaction prev[2];	/* libclang's SIGSEGV and SIGBUS handlers */
};

/* Process-wide by nature (signal dispositions are): written once under pthread_once. */
static struct crash_forward forward = { .once = PTHREAD_ONCE_INIT };

static void on_alt_stack(int sig, siginfo_t *si, void *uc)
{
	const struct sigaction *p = &forward.prev[sig == SIGBUS];

	if (p->sa_flags & SA_SIGINFO) {
		p->sa_sigaction(sig, si, uc);
		return;
	}
	if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
		p->sa_handler(sig);
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_forward(void)
{
	static const int sigs[2] = { SIGSEGV, SIGBUS };
	struct sigaction sa = { .sa_sigaction = on_alt_stack, .sa_flags = SA_SIGINFO | SA_ONSTACK };

	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 2; i++)
		sigaction(sigs[i], &sa, &forward.prev[i]);
}

static void no_parse_threads(void)
{
	/* before the first index, so no libclang thread reads the environment meanwhile */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
}

static pthread_once_t env_once = PTHREAD_ONCE_INIT;

struct zt_facts_index *zt_facts_index_new(void)
{
	struct zt_facts_index *ix = xcalloc(1, sizeof(*ix));

	pthread_once(&env_once, no_parse_threads);
	ix->index = clang_createIndex(0, 0);
	/* libclang enabled its crash recovery with the first index: route it through ours */
	if (ix->index)
		pthread_once(&forward.once, install_forward);
	if (!ix->index) {
		free(ix);
		return NULL;
	}
	return ix;
}

void zt_facts_index_free(struct zt_facts_index *ix)
{
	if (!ix)
		return;
	clang_disposeIndex(ix->index);
	free(ix);
}

struct zt_facts_pool {
	pthread_mutex_t lock;		/* guards the two lists */
	struct zt_facts_index **free_ix;
	size_t n_free, alloc_free;
	struct zt_facts_index **all_ix;
	size_t n_all, alloc_all;
};

struct zt_facts_pool *zt_facts_pool_new(void)
{
	struct zt_facts_pool *pool = xcalloc(1, sizeof(*pool));

	pthread_mutex_init(&pool->lock, NULL);
	return pool;
}

void zt_facts_pool_free(struct zt_facts_pool *pool)
{
	if (!pool)
		return;
	for (size_t i = 0; i < pool->n_all; i++)
		zt_facts_index_free(pool->all_ix[i]);
	free(pool->all_ix);
	free(pool->free_ix);
	pthread_mutex_destroy(&pool->lock);
	free(pool);
}

static struct zt_facts_index *pool_take(struct zt_facts_pool *pool)
{
	struct zt_facts_index *ix = NULL;

	pthread_mutex_lock(&pool->lock);
	if (pool->n_free)
		ix = pool->free_ix[--pool->n_free];
	pthread_mutex_unlock(&pool->lock);
	if (ix)
		return ix;
	ix = zt_facts_index_new();
	if (!ix)
		return NULL;
	pthread_mutex_lock(&pool->lock);
	ZT_ALLOC_GROW(pool->all_ix, pool->n_all + 1, pool->alloc_all);
	pool->all_ix[pool->n_all++] = ix;
	/* room for every index to be given back */
	ZT_ALLOC_GROW(pool->free_ix, pool->n_all, pool->alloc_free);
	pthread_mutex_unlock(&pool->lock);
	return ix;
}

static void pool_give(struct zt_facts_pool *pool, struct zt_facts_index *ix)
{
	pthread_mutex_lock(&pool->lock);
	pool->free_ix[pool->n_free++] = ix;
	pthread_mutex_unlock(&pool->lock);
}

void zt_facts_pool_collect(struct zt_facts_pool *pool, const struct zt_compile_cmd *cmd,
			   const struct zt_facts_opts *opts, struct zt_tu_facts *out)
{
	struct zt_facts_index *ix = pool_take(pool);

	if (!ix || zt_facts_collect(ix, cmd, opts, out)) {
		zt_tu_facts_release(out);
		out->file = xstrdup(cmd->file);
		out->failed = true;
	}
	if (ix)
		pool_give(pool, ix);
}

/*
 * Entering a loop: what bounds it. The header (for: everything but the body;
 * while: the condition; do: the condition after the body) names parameters
 * or a budget; the body's statements inherit the outer loops' bounds too.
 */
static bool leaves_loop(CXCursor s)
{
	enum CXCursorKind kind = clang_getCursorKind(s);
	struct kids k = { 0 };
	bool leaves = false;

	if (kind == CXCursor_BreakStmt || kind == CXCursor_ReturnStmt || kind == CXCursor_GotoStmt)
		return true;
	if (kind != CXCursor_CompoundStmt)
		return false;
	fx_get_kids(s, &k);
	for (size_t i = 0; i < k.n && !leaves; i++)
		leaves = leaves_loop(k.v[i]);
	free(k.v);
	return leaves;
}

/*
 * for (;;) { ...; if (++done == budget) break; }: the tests that leave the
 * loop @body (break, return, goto), read in its statements and the branches
 * of its ifs but not in nested loops or switches, bound it as its header
 * would.
 */
static void loop_exits(struct walk *w, CXCursor body, int depth)
{
	enum CXCursorKind kind = clang_getCursorKind(body);
	struct kids k = { 0 };

	if (depth > 8 || (kind != CXCursor_CompoundStmt && kind != CXCursor_IfStmt))
		return;
	fx_get_kids(body, &k);
	if (kind == CXCursor_IfStmt && k.n >= 2 && leaves_loop(k.v[1])) {
		w->loop_params |= fx_expr_params(w, k.v[0]);
		w->loop_budget |= fx_mentions_budget(k.v[0]);
	}
	for (size_t i = kind == CXCursor_IfStmt ? 1 : 0; i < k.n; i++)
		loop_exits(w, k.v[i], depth + 1);
	free(k.v);
}

static void loop_bound(struct walk *w, enum CXCursorKind kind, const struct kids *k,
		       unsigned int *saved_params, bool *saved_budget)
{
	size_t first = kind == CXCursor_DoStmt ? 1 : 0;
	size_t end = kind == CXCursor_DoStmt ? k->n : (k->n ? k->n - 1 : 0);

	*saved_params = w->loop_params;
	*saved_budget = w->loop_budget;
	for (size_t i = first; i < end; i++) {
		w->loop_params |= fx_expr_params(w, k->v[i]);
		w->loop_budget |= fx_mentions_budget(k->v[i]);
	}
	if (k->n)
		loop_exits(w, k->v[kind == CXCursor_DoStmt ? 0 : k->n - 1], 0);
}

static bool is_loop(enum CXCursorKind kind)
{
	return kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt;
}

/*
 * What a statement changes for its children and puts back after them: the
 * loops' bounds, the batch, the hot and the marked-path conditions. saved_*
 * are the values around it; branch_* and rest_slow are its own (owned).
 */
struct scope {
	long long expect; /* an if's __builtin_expect() value, -1: none */
	unsigned int saved_params;
	bool saved_budget;
	bool ladder; /* past a return in a block: goto-err labels */
	unsigned int batch, saved_batch;
	enum zt_batch_why batch_why, saved_why;
	char *saved_cond, *branch_cond;
	char *saved_slow, *branch_slow, *rest_slow;
};

/* What @value may point to, for the calls through pointer @key (named after @var). */
static void note_pointer_values(struct walk *w, const char *key, CXCursor var, CXCursor value)
{
	char *name = fx_take(clang_getCursorSpelling(var));

	fx_add_pointer_values(w, key, name, value);
	free(name);
}

/* A declaration in a function: the local, and what its initializer makes it. */
static void note_var_decl(struct walk *w, CXCursor c, int loop, bool unlikely)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(c);
	bool has_init = !clang_Cursor_isNull(init);
	unsigned int from = has_init ? fx_expr_params(w, init) : 0;
	char *key = has_init ? fx_pointer_key(w, c) : NULL;

	fx_add_local(w, c, loop, unlikely);
	if (has_init) {
		fx_napi_container(w, c, init);
		fx_note_dev_priv(w, c, init);
		fx_note_pkt_var(w, c, init);
		fx_note_elem_var(w, c, init);
	}
	if (from)
		fx_add_derived(w, c, from);
	if (key)
		note_pointer_values(w, key, c, init);
	free(key);
}

static void note_decl_ref(struct walk *w, CXCursor c)
{
	struct zt_local *l = fx_cur(w) && fx_cur(w)->n_locals
				     ? fx_local_for(w, clang_getCursorReferenced(c))
				     : NULL;

	if (l)
		l->uses |= fx_classify_use(w);
	else if (fx_cur(w))
		fx_param_field_use(w);
}

/* var = value in a function: what var now carries. */
static void assign_to_var(struct walk *w, CXCursor lhs, CXCursor rhs, int loop, bool unlikely)
{
	CXCursor var = clang_getCursorReferenced(lhs);
	unsigned int from = fx_expr_params(w, rhs);
	char *key;

	/* share = budget / n: share carries what budget does */
	if (from)
		fx_add_derived(w, var, from);
	fx_compound_literal_assign(w, lhs, rhs, loop, unlikely);
	fx_note_pkt_var(w, var, rhs);
	fx_note_elem_var(w, var, rhs);
	fx_note_dev_priv(w, var, rhs);
	/* rx = striding ? rx_mpwrq : rx_linear; */
	key = fx_pointer_key(w, var);
	if (key)
		note_pointer_values(w, key, var, rhs);
	free(key);
}

/*
 * The object a store writes, through the kernel's store macros: WRITE_ONCE(x, v)
 * is "*(volatile typeof(x) *)&(x) = v", smp_store_release(&x, v) and
 * rcu_assign_pointer(x, v) come to the same; *&x is x.
 */
static CXCursor stored_object(CXCursor lhs)
{
	struct kids k = { 0 };

	for (int depth = 0; depth < 4; depth++) {
		bool addr;
		CXCursor inner;

		lhs = fx_strip(lhs);
		if (clang_getCursorKind(lhs) != CXCursor_UnaryOperator ||
		    clang_getCursorUnaryOperatorKind(lhs) != CXUnaryOperator_Deref)
			break;
		fx_get_kids(lhs, &k);
		inner = k.n ? fx_addr_operand(k.v[0], &addr) : clang_getNullCursor();
		if (clang_Cursor_isNull(inner) || !addr)
			break;
		lhs = inner;
	}
	free(k.v);
	return fx_strip(lhs);
}

/* a = b: what the variable or field now carries (@k: the walk's buffer, reused). */
static void note_assign(struct walk *w, CXCursor c, struct kids *k, int loop, bool unlikely)
{
	CXCursor lhs;

	fx_get_kids(c, k);
	if (k->n != 2)
		return;
	lhs = fx_strip(k->v[0]);
	if (fx_cur(w) && clang_getCursorKind(lhs) == CXCursor_DeclRefExpr)
		assign_to_var(w, lhs, k->v[1], loop, unlikely);
	/* ops->ndo_start_xmit = cond ? xmit_a : xmit_b, or = fn_param, or WRITE_ONCE() */
	if (clang_getCursorKind(lhs) == CXCursor_UnaryOperator)
		lhs = stored_object(lhs);
	if (clang_getCursorKind(lhs) == CXCursor_MemberRefExpr) {
		CXCursor field = clang_getCursorReferenced(lhs);

		if (clang_getCursorKind(field) == CXCursor_FieldDecl)
			fx_add_field_values(w, field, k->v[1]);
	}
}

/* An if: its expected value, the batch it tests for, and the condition its branch runs under. */
static void note_if(struct walk *w, CXCursor c, struct kids *k, bool unlikely, struct scope *s)
{
	fx_get_kids(c, k);
	if (k->n)
		s->expect = fx_expect_value(k->v[0]);
	if (k->n >= 2 && fx_cur(w)) {
		s->batch = fx_batch_size(k->v[0]);
		s->batch_why = s->batch ? ZT_BATCH_FULL : ZT_BATCH_NONE;
		if (!s->batch && fx_threshold_cond(k->v[0])) {
			s->batch = ZT_BATCH_UNKNOWN;
			s->batch_why = ZT_BATCH_THRESHOLD;
		}
	}
	/*
	 * unlikely() is a hint, not an error path: only error handling
	 * is cold. Another branch (a feature flag, an attached program)
	 * runs per packet for every user who has it on: hot, under its
	 * condition.
	 */
	if (s->expect == 0 && k->n >= 2 && fx_cur(w) && !unlikely &&
	    !fx_error_branch(w, k->v[1], 0)) {
		char *text = fx_cond_text(c, k->v[1]);

		s->expect = -1;
		s->branch_cond = s->saved_cond ? xasprintf("%s && %s", s->saved_cond, text) : text;
		if (s->saved_cond)
			free(text);
	}
	/*
	 * if (C) where C tests the packet for a mark: only the packets
	 * that carry it take the branch (an early exit of the unmarked
	 * ones is judged at the block: the rest of it is the marked path).
	 */
	if (k->n >= 2 && fx_cur(w) && !unlikely && !(k->n == 2 && fx_is_early_exit(k->v[1])) &&
	    !fx_error_branch(w, k->v[1], 0)) {
		char *text = fx_mark_cond(w, c, k->v[0], k->v[1]);

		if (text)
			s->branch_slow = fx_join_cond(s->saved_slow, text);
		free(text);
	}
}

/* What the node itself says, before its children are walked. */
static void note_node(struct walk *w, CXCursor c, enum CXCursorKind kind, struct kids *k, int loop,
		      bool unlikely, struct scope *s)
{
	switch (kind) {
	case CXCursor_VarDecl:
		if (fx_cur(w))
			note_var_decl(w, c, loop, unlikely);
		break;
	case CXCursor_CallExpr:
		fx_add_call(w, c, loop, unlikely);
		break;
	case CXCursor_DeclRefExpr:
		note_decl_ref(w, c);
		break;
	case CXCursor_MemberRefExpr:
		if (w->opts->field_accesses)
			fx_add_access(w, c);
		break;
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
			note_assign(w, c, k, loop, unlikely);
		break;
	case CXCursor_IfStmt:
		note_if(w, c, k, unlikely, s);
		break;
	default:
		break;
	}
}

/* Child @i of a @kind statement: its loop depth, whether it is cold, its branch's state. */
static void enter_child(struct walk *w, enum CXCursorKind kind, const struct kids *k, size_t i,
			struct scope *s, int *loop, bool *unlikely)
{
	switch (kind) {
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		(*loop)++;
		break;
	case CXCursor_IfStmt:
		/* if (unlikely(x)) { ...error handling... } is cold */
		if (s->expect == 0 && i == 1)
			*unlikely = true;
		/* if (n == X_BULK) flush(): once per batch */
		w->batch_n = i == 1 && s->batch ? s->batch : s->saved_batch;
		w->batch_why = i == 1 && s->batch ? s->batch_why : s->saved_why;
		w->cond = i == 1 && s->branch_cond ? s->branch_cond : s->saved_cond;
		w->slow = i == 1 && s->branch_slow ? s->branch_slow : s->saved_slow;
		break;
	case CXCursor_CompoundStmt:
		/*
		 * return ...; err_free: ... err: ...: labels after a return
		 * are reached only by goto, a goto-err ladder: error paths.
		 */
		if (clang_getCursorKind(k->v[i]) == CXCursor_LabelStmt && i &&
		    clang_getCursorKind(k->v[i - 1]) == CXCursor_ReturnStmt)
			s->ladder = true;
		*unlikely |= s->ladder;
		/* the target of an early exit: every packet again */
		if (clang_getCursorKind(k->v[i]) == CXCursor_LabelStmt && s->rest_slow) {
			free(s->rest_slow);
			s->rest_slow = NULL;
			w->slow = s->saved_slow;
		}
		break;
	default:
		break;
	}
}

/* A statement of a block that sends the unmarked packets away: the rest is the marked path. */
static void after_statement(struct walk *w, CXCursor stmt, struct scope *s)
{
	char *neg = fx_early_exit_mark(w, stmt);

	if (neg) {
		s->rest_slow = fx_join_cond(s->saved_slow, neg);
		w->slow = s->rest_slow;
		free(neg);
	}
}

static void leave_scope(struct walk *w, enum CXCursorKind kind, struct scope *s)
{
	if (is_loop(kind)) {
		w->loop_params = s->saved_params;
		w->loop_budget = s->saved_budget;
	}
	w->batch_n = s->saved_batch;
	w->batch_why = s->saved_why;
	w->cond = s->saved_cond;
	w->slow = s->saved_slow;
	free(s->branch_cond);
	free(s->branch_slow);
	free(s->rest_slow);
}

static void walk(struct walk *w, CXCursor c, unsigned int index, int loop, bool unlikely)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k = { 0 };
	struct scope s = {
		.expect = -1,
		.batch_why = ZT_BATCH_NONE,
		.saved_batch = w->batch_n,
		.saved_why = w->batch_why,
		.saved_cond = w->cond,
		.saved_slow = w->slow,
	};

	if (w->depth >= MAX_DEPTH)
		return;
	w->stack[w->depth++] = (struct frame){ .c = c, .kind = kind, .index = index };
	note_node(w, c, kind, &k, loop, unlikely, &s);
	fx_get_kids(c, &k);
	if (kind == CXCursor_InitListExpr)
		fx_scan_init_list(w, c, &k);
	if (is_loop(kind))
		loop_bound(w, kind, &k, &s.saved_params, &s.saved_budget);
	for (size_t i = 0; i < k.n; i++) {
		int l = loop;
		bool u = unlikely;

		enter_child(w, kind, &k, i, &s, &l, &u);
		walk(w, k.v[i], (unsigned int)i, l, u);
		if (kind == CXCursor_CompoundStmt && !u && !s.rest_slow)
			after_statement(w, k.v[i], &s);
	}
	leave_scope(w, kind, &s);
	free(k.v);
	w->depth--;
}

static void walk_function(struct walk *w, CXCursor c)
{
	size_t i = fx_function_for(w, c);
	struct zt_function *f = &w->tu->funcs[i];
	struct kids k = { 0 };

	if (!clang_isCursorDefinition(c) || f->defined)
		return;
	f->defined = true;
	fx_expansion(clang_getCursorLocation(c), &f->file, &f->line, NULL);
	fx_add_params(f, c);
	w->fn = i;
	w->depth = 0;
	w->loop_params = 0;
	w->loop_budget = false;
	w->batch_n = 0;
	w->batch_why = ZT_BATCH_NONE;
	w->n_derived = 0;
	w->n_param_cursors = 0;
	for (int a = 0; a < clang_Cursor_getNumArguments(c); a++) {
		ZT_PUSH_IMPLICIT(w->param_cursors, w->n_param_cursors);
		w->param_cursors[w->n_param_cursors++] =
			clang_Cursor_getArgument(c, (unsigned int)a);
	}
	w->cond = NULL;
	w->slow = NULL;
	w->n_pkt_vars = 0;
	w->n_elem_vars = 0;
	w->ladders_known = false;
	w->n_ladder_labels = 0;
	w->n_guards = 0;
	fx_get_kids(c, &k);
	for (size_t j = 0; j < k.n; j++) {
		if (clang_getCursorKind(k.v[j]) != CXCursor_CompoundStmt)
			continue;
		w->body = k.v[j];
		walk(w, k.v[j], (unsigned int)j, 0, false);
	}
	free(k.v);
	free(w->local_cursors);
	w->local_cursors = NULL;
	w->n_param_cursors = 0;
	w->n_derived = 0;
	w->fn = (size_t)-1;
}

static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (kind == CXCursor_FunctionDecl) {
		if (fx_in_main_file(c))
			walk_function(w, c);
		else if (fx_decl_is_cold(w, c))
			fx_function_for(w, c);	/* a cold prototype matters wherever it is */
	} else if (kind == CXCursor_VarDecl) {
		/* Static tables: net_device_ops, handler arrays. */
		w->fn = (size_t)-1;
		w->depth = 0;
		walk(w, c, 0, 0, false);
	} else if (kind == CXCursor_LinkageSpec || kind == CXCursor_UnexposedDecl) {
		return CXChildVisit_Recurse;
	}
	return CXChildVisit_Continue;
}

/* A zeroed new last error of @out. */
static struct zt_diag *new_error(struct zt_tu_facts *out)
{
	struct zt_diag *e;

	ZT_ALLOC_GROW(out->errors, out->n_errors + 1, out->alloc_errors);
	e = &out->errors[out->n_errors++];
	memset(e, 0, sizeof(*e));
	return e;
}

/* The errors in @out; the options the driver rejected in @rejected, when given. */
static void collect_errors(CXTranslationUnit tu, struct zt_tu_facts *out,
			   struct zt_strvec *rejected)
{
	unsigned int n = clang_getNumDiagnostics(tu);

	for (unsigned int i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		struct zt_diag *e;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		e = new_error(out);
		e->message = fx_take(clang_getDiagnosticSpelling(d));
		fx_expansion(clang_getDiagnosticLocation(d), &e->file, &e->line, &e->column);
		if (rejected)
			zt_cmdline_rejected(e->message, rejected);
		clang_disposeDiagnostic(d);
	}
}

static void release_errors(struct zt_tu_facts *out)
{
	for (size_t i = 0; i < out->n_errors; i++) {
		free(out->errors[i].file);
		free(out->errors[i].message);
	}
	free(out->errors);
	out->errors = NULL;
	out->n_errors = 0;
	out->alloc_errors = 0;
}

static enum CXErrorCode parse(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
			      char **args, size_t n, CXTranslationUnit *tu)
{
	unsigned int flags = CXTranslationUnit_KeepGoing |
			     CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;

	return clang_parseTranslationUnit2(ix->index, cmd->file, (const char *const *)args,
					   (int)n, NULL, 0, flags, tu);
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned int depth,
			  CXClientData data)
{
	struct zt_tu_facts *out = data;
	CXString s = clang_getFileName(file);
	const char *name = clang_getCString(s);

	if (name && *name)
		*PUSH(out->includes, out->n_includes) = xstrdup(name);
	clang_disposeString(s);
}

/* Why @path is not a source file libclang may open, or NULL when it is one. */
static char *not_regular(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return xasprintf("cannot open it: %s", strerror(errno));
	if (S_ISREG(st.st_mode))
		return NULL;
	return xasprintf("not a regular file (%s), not read",
			 S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISCHR(st.st_mode) ? "a character device" :
			 S_ISDIR(st.st_mode) ? "a directory" : S_ISBLK(st.st_mode) ? "a block device" :
			 S_ISSOCK(st.st_mode) ? "a socket" : "a special file");
}

/* The TU failed as a whole: @message (owned) says why. */
static void add_failure(struct zt_tu_facts *out, const char *file, char *message)
{
	struct zt_diag *e = new_error(out);

	e->file = xstrdup(file);
	e->message = message;
	out->failed = true;
}

/*
 * Take the @rejected arguments (and what they begin: '-mfoo=') out of @args
 * (*@n long). Returns whether any was there.
 */
static bool drop_args(char **args, size_t *n, const struct zt_strvec *rejected)
{
	size_t was = *n;
	size_t k = 0;

	for (size_t i = 0; i < *n; i++) {
		bool drop = false;

		for (size_t j = 0; j < rejected->n; j++)
			drop |= !strncmp(args[i], rejected->v[j], strlen(rejected->v[j]));
		if (drop)
			free(args[i]);
		else
			args[k++] = args[i];
	}
	args[k] = NULL;
	*n = k;
	return k < was;
}

/*
 * Parse, with the errors in @out; when the driver rejected flags we did not
 * know to drop, drop them and parse again, once.
 */
static enum CXErrorCode parse_tu(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
				 char **args, size_t *n, struct zt_tu_facts *out,
				 CXTranslationUnit *tu)
{
	enum CXErrorCode rc = parse(ix, cmd, args, *n, tu);
	struct zt_strvec rejected = ZT_STRVEC_INIT;

	if (rc != CXError_Success || !*tu)
		return rc;
	collect_errors(*tu, out, &rejected);
	if (rejected.n && drop_args(args, n, &rejected)) {
		clang_disposeTranslationUnit(*tu);
		*tu = NULL;
		release_errors(out);
		rc = parse(ix, cmd, args, *n, tu);
		if (rc == CXError_Success && *tu)
			collect_errors(*tu, out, NULL);
	}
	zt_strvec_clear(&rejected);
	return rc;
}

/* Why libclang gave no TU. */
static char *parse_failure(enum CXErrorCode rc)
{
	if (rc == CXError_Crashed)
		return xstrdup("libclang crashed parsing it (recovered; nothing of it is used)");
	return xasprintf("libclang could not parse it (error %d)", (int)rc);
}

static void cap_errors(struct zt_tu_facts *out)
{
	if (out->n_errors <= MAX_ERRORS)
		return;
	for (size_t i = MAX_ERRORS; i < out->n_errors; i++) {
		free(out->errors[i].file);
		free(out->errors[i].message);
	}
	out->n_errors = MAX_ERRORS;
}

/*
 * Test only: a fault in the walk after a good parse, for the TU whose
 * file ends with $ZT_TEST_WALK_CRASH (tests/hostile/walk-crash.cmake):
 * the pipeline walks TUs in worker processes and loses only this one.
 */
static void test_walk_crash(const char *file)
{
	const char *crash = getenv("ZT_TEST_WALK_CRASH");
	size_t lc = crash ? strlen(crash) : 0, lf = strlen(file);

	if (lc && lf >= lc && !strcmp(file + lf - lc, crash))
		raise(SIGSEGV);
}

/* The parsed TU's facts: its headers, its top-level declarations, the functions they queued. */
static void walk_tu(struct walk *w, CXTranslationUnit tu, const char *file)
{
	/* The headers it read, so a cache can tell when one changed. */
	clang_getInclusions(tu, add_inclusion, w->tu);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top, w);
	test_walk_crash(file);
	while (w->queue_head < w->n_queue)
		walk_function(w, w->queue[w->queue_head++]);
}

/* The walk's own state; what it found stays in w->tu. */
static void walk_release(struct walk *w)
{
	zt_strmap_release(&w->fn_map);
	zt_strmap_release(&w->queued);
	for (size_t i = 0; i < w->n_queued_keys; i++)
		free(w->queued_keys[i]);
	free(w->queued_keys);
	free(w->queue);
	free(w->param_cursors);
	free(w->derived);
	free(w->pkt_vars);
	free(w->elem_vars);
	free(w->ladder_labels);
	free(w->guards);
	free(w->files);
}

static int collect_tu(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
		      const struct zt_facts_opts *opts, struct zt_tu_facts *out)
{
	struct walk w = { .tu = out, .opts = opts, .fn = (size_t)-1 };
	CXTranslationUnit tu = NULL;
	size_t n;
	char **args = zt_compdb_clang_args(cmd, &n);
	enum CXErrorCode rc;
	char *why;

	memset(out, 0, sizeof(*out));
	out->file = xstrdup(cmd->file);
	why = not_regular(cmd->file);
	if (why) {
		/* libclang would block on a FIFO and read /dev/zero until memory runs out */
		add_failure(out, cmd->file, why);
		goto out;
	}
	rc = parse_tu(ix, cmd, args, &n, out, &tu);
	if (rc != CXError_Success || !tu) {
		add_failure(out, cmd->file, parse_failure(rc));
		goto out;
	}
	cap_errors(out);
	walk_tu(&w, tu, cmd->file);
	clang_disposeTranslationUnit(tu);
out:
	walk_release(&w);
	zt_argv_free(args);
	return 0;
}

struct collect_job {
	struct zt_facts_index *ix;
	const struct zt_compile_cmd *cmd;
	const struct zt_facts_opts *opts;
	struct zt_tu_facts *out;
	int ret;
};

static void *collect_thread(void *data)
{
	struct collect_job *j = data;
	stack_t alt = { .ss_size = ALT_STACK }, old;

	alt.ss_sp = mmap(NULL, ALT_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (alt.ss_sp == MAP_FAILED || sigaltstack(&alt, &old)) {
		if (alt.ss_sp != MAP_FAILED)
			munmap(alt.ss_sp, ALT_STACK);
		j->ret = collect_tu(j->ix, j->cmd, j->opts, j->out);
		return NULL;
	}
	j->ret = collect_tu(j->ix, j->cmd, j->opts, j->out);
	sigaltstack(&old, NULL);
	munmap(alt.ss_sp, ALT_STACK);
	return NULL;
}

int zt_facts_collect(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
		     const struct zt_facts_opts *opts, struct zt_tu_facts *out)
{
	struct collect_job j = { .ix = ix, .cmd = cmd, .opts = opts, .out = out };
	pthread_attr_t attr;
	pthread_t th;
	bool started;

	if (!opts->kernel)
		return error("internal error: facts of %s asked without the kernel rules",
			     cmd->file);

	started = !pthread_attr_init(&attr) && !pthread_attr_setstacksize(&attr, PARSE_STACK) &&
		  !pthread_create(&th, &attr, collect_thread, &j);
	pthread_attr_destroy(&attr);
	if (!started)
		return collect_tu(ix, cmd, opts, out);	/* no thread: parse here, unprotected */
	pthread_join(th, NULL);
	return j.ret;
}

static void param_release(struct zt_param *p)
{
	free(p->name);
	free(p->type);
	free(p->record);
	free(p->record_file);
	for (size_t j = 0; j < p->n_fields; j++)
		free(p->fields[j]);
	free(p->fields);
}

void zt_function_release(struct zt_function *f)
{
	free(f->usr);
	free(f->name);
	free(f->file);
	for (size_t i = 0; i < f->n_params; i++)
		param_release(&f->params[i]);
	free(f->params);
	if (f->napi_var)
		param_release(f->napi_var);
	free(f->napi_var);
	for (size_t i = 0; i < f->n_locals; i++) {
		struct zt_local *l = &f->locals[i];

		free(l->name);
		free(l->type);
		free(l->file);
		free(l->type_file);
		free(l->cond);
		free(l->slow);
	}
	free(f->locals);
	for (size_t i = 0; i < f->n_calls; i++) {
		free(f->calls[i].target);
		free(f->calls[i].name);
		free(f->calls[i].cond);
		free(f->calls[i].slow);
	}
	free(f->calls);
	free(f->napi_owner);
	for (size_t i = 0; i < f->n_napi_serves; i++)
		free(f->napi_serves[i]);
	free(f->napi_serves);
	memset(f, 0, sizeof(*f));
}

void zt_tu_facts_release(struct zt_tu_facts *t)
{
	for (size_t i = 0; i < t->n_funcs; i++)
		zt_function_release(&t->funcs[i]);
	free(t->funcs);
	for (size_t i = 0; i < t->n_assigns; i++) {
		free(t->assigns[i].field_usr);
		free(t->assigns[i].record);
		free(t->assigns[i].field);
		free(t->assigns[i].fn_usr);
		free(t->assigns[i].fn_name);
	}
	free(t->assigns);
	for (size_t i = 0; i < t->n_roots; i++) {
		free(t->roots[i].fn_usr);
		free(t->roots[i].fn_name);
		free(t->roots[i].why);
	}
	free(t->roots);
	for (size_t i = 0; i < t->n_accesses; i++) {
		free(t->accesses[i].fn_usr);
		free(t->accesses[i].record);
		free(t->accesses[i].field);
	}
	free(t->accesses);
	release_errors(t);
	for (size_t i = 0; i < t->n_dev_privs; i++)
		free(t->dev_privs[i]);
	free(t->dev_privs);
	for (size_t i = 0; i < t->n_includes; i++)
		free(t->includes[i]);
	free(t->includes);
	free(t->file);
	memset(t, 0, sizeof(*t));
}
