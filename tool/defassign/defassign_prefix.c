// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, arrays filled up to a count: the step "[<K]"
 * (DA_STEP_BELOW) is the elements [0, K) of an array, K what names the
 * count (struct da_key). Bulk
 * arrays are written so: a bulk allocator fills the first n (a helper's
 * "fills-count"), or a counter that starts at 0 only grows by the store
 * 'a[c++] = v' (so a[0, c) is always written), and the reads are
 * 'for (i = 0; i < n; i++) ... a[i]' or 'a[--c]'.
 *
 * K is the count's variable (DA_KEY_VAR, by its USR), or in a callee its
 * parameter j (DA_KEY_PARAM, "@j"), which the caller maps to its own
 * argument j, or the member f of the struct the array is a member of
 * (DA_KEY_SIBLING, "^f": a bulk queue's count beside its array: 6.12 veth's
 * bq->q[bq->count++]). While a path is being built, a member count is its
 * path in the walk's object (DA_KEY_MEMBER, "$p"); the array's path makes it
 * a sibling (da_prefix_sibling()).
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "strbuf.h"
#include "zerotax.h"

static bool is_ref_to(CXCursor e, CXCursor decl)
{
	return da_is_ref(e, CXCursor_DeclRefExpr, decl);
}

/* The parameter index of @decl in the function the walk is in (pointer mode), or -1. */
static int param_index(const struct walk *w, CXCursor decl)
{
	CXCursor fn = clang_getCursorSemanticParent(decl);
	int n;

	if (!w->pointer || clang_getCursorKind(decl) != CXCursor_ParmDecl)
		return -1;
	n = clang_Cursor_getNumArguments(fn);
	for (int j = 0; j < n; j++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned int)j), decl))
			return j;
	return -1;
}

struct da_key *da_prefix_key(struct walk *w, CXCursor e)
{
	CXCursor d;
	struct da_path *p = NULL;
	struct da_key *key = NULL;
	int j;

	e = da_strip(e);
	/* an integer member of the object: its path, made a sibling beside the array */
	if (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
		if (is_integer(clang_getCursorType(e)) && da_path_of(w, e, &p) == P_OBJ &&
		    !da_path_is_whole(p) && da_path_fields_only(p))
			key = da_key_member(p);
		da_path_free(p);
		return key;
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return NULL;
	d = clang_getCursorReferenced(e);
	if (clang_getCursorKind(d) != CXCursor_VarDecl && clang_getCursorKind(d) != CXCursor_ParmDecl)
		return NULL;
	if (!is_integer(clang_getCursorType(d)))
		return NULL;
	j = param_index(w, d);
	if (j >= 0)
		return da_key_param((unsigned int)j);
	{
		char *usr = da_usr(d);

		key = da_key_var(usr);
		free(usr);
	}
	return key;
}

/* The loop variable of a for's init 'i = 0' or 'int i = 0', or a null cursor. */
CXCursor da_loop_from_zero(CXCursor init)
{
	struct kids in = da_kids_of(init), d = { 0 };
	CXCursor v = clang_getNullCursor();
	long long zero = -1;

	if (clang_getCursorKind(init) == CXCursor_BinaryOperator && in.n == 2 &&
	    clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign &&
	    clang_getCursorKind(da_strip(in.v[0])) == CXCursor_DeclRefExpr &&
	    da_literal_index(in.v[1], &zero) && !zero)
		v = clang_getCursorReferenced(da_strip(in.v[0]));
	if (clang_getCursorKind(init) == CXCursor_DeclStmt && in.n == 1 &&
	    clang_getCursorKind(in.v[0]) == CXCursor_VarDecl)
		d = da_kids_of(in.v[0]);
	if (d.n && da_literal_index(d.v[d.n - 1], &zero) && !zero)
		v = in.v[0];
	free(d.v);
	free(in.v);
	return v;
}

/* The loop variable of 'for (i = 0; i < ...; ...)' (or int i = 0), or a null cursor. */
CXCursor da_for_from_zero(const struct kids *k)
{
	if (k->n != 4 || clang_getCursorKind(k->v[1]) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(k->v[1]) != CXBinaryOperator_LT)
		return clang_getNullCursor();
	return da_loop_from_zero(k->v[0]);
}

/* The variable a for's init sets, 'i = X' or 'int i = X', or a null cursor. */
static CXCursor loop_var_set(CXCursor init)
{
	struct kids in = da_kids_of(init);
	CXCursor v = clang_getNullCursor();

	if (clang_getCursorKind(init) == CXCursor_BinaryOperator && in.n == 2 &&
	    clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign &&
	    clang_getCursorKind(da_strip(in.v[0])) == CXCursor_DeclRefExpr)
		v = clang_getCursorReferenced(da_strip(in.v[0]));
	if (clang_getCursorKind(init) == CXCursor_DeclStmt && in.n == 1 &&
	    clang_getCursorKind(in.v[0]) == CXCursor_VarDecl) {
		struct kids d = da_kids_of(in.v[0]);

		/* an initializer: the last child that is an expression */
		if (d.n && clang_isExpression(clang_getCursorKind(d.v[d.n - 1])))
			v = in.v[0];
		free(d.v);
	}
	free(in.v);
	return v;
}

/*
 * for (i = X; i < n; i++) BODY (or int i = X; the test may be in likely()
 * or unlikely()), i not changed in BODY, nor n when it is a variable: in
 * BODY, i < n, some element below the count (an index below 0 is outside
 * the array, whatever was written). *@var gets i, *@key n's key,
 * *@from_zero whether X is 0 (then the loop may have gone through all of
 * them, da_prefix_after_loop()). A member count may change in BODY: every
 * change of it keeps the elements below it written (member_counted()),
 * and an element once written stays so.
 */
/*
 * A loop's step that is "@v++" or "++@v": each element is visited in turn.
 * Any other step (i += 2, i--, a call) may skip one; the rules that rely on
 * the loop reaching every element give up on it.
 */
struct addr_of {
	CXCursor v;
	bool taken;
};

static enum CXChildVisitResult addr_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct addr_of *a = d;
	struct kids k;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf)
		return CXChildVisit_Recurse;
	k = da_kids_of(c);
	a->taken = k.n == 1 && is_ref_to(k.v[0], a->v);
	free(k.v);
	return a->taken ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * ... and nothing but the loop's own code can move it: its address is taken
 * nowhere in its function (a pointer kept before the loop, a global, a
 * callee given &i may step it from anywhere).
 */
bool da_loop_steps_one(CXCursor step, CXCursor v)
{
	struct kids inc = da_kids_of(step);
	struct addr_of a = { v, false };
	bool ok = clang_getCursorKind(step) == CXCursor_UnaryOperator && inc.n == 1 &&
		  is_ref_to(inc.v[0], v) &&
		  (clang_getCursorUnaryOperatorKind(step) == CXUnaryOperator_PostInc ||
		   clang_getCursorUnaryOperatorKind(step) == CXUnaryOperator_PreInc);

	free(inc.v);
	if (ok)
		clang_visitChildren(clang_getCursorSemanticParent(v), addr_visit, &a);
	return ok && !a.taken;
}

bool da_prefix_loop(struct walk *w, const struct kids *k, CXCursor *var, struct da_key **key,
		    bool *from_zero)
{
	struct kids cond = { 0 };
	CXCursor v, core;
	bool ok = false, neg = false;

	*key = NULL;
	if (k->n != 4)
		return false;
	*from_zero = !clang_Cursor_isNull(da_loop_from_zero(k->v[0]));
	v = loop_var_set(k->v[0]);
	if (clang_Cursor_isNull(v))
		return false;
	if (!da_loop_steps_one(k->v[2], v))
		v = clang_getNullCursor();
	core = da_test_core(k->v[1], &neg);
	if (!neg && clang_getCursorKind(core) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(core) == CXBinaryOperator_LT)
		cond = da_kids_of(core);
	if (!clang_Cursor_isNull(v) && cond.n == 2 && is_ref_to(cond.v[0], v) &&
	    !da_changes(k->v[3], v, 0)) {
		*key = da_prefix_key(w, cond.v[1]);
		ok = *key &&
		     ((*key)->kind == DA_KEY_MEMBER ||
		      !da_changes(k->v[3], clang_getCursorReferenced(da_strip(cond.v[1])), 0));
	}
	free(cond.v);
	if (!ok) {
		da_key_free(*key);
		*key = NULL;
	}
	*var = ok ? v : clang_getNullCursor();
	return ok;
}

/*
 * The index @ix of the array at @array_path, filled up to a count: "[<K]",
 * "[=K]", or NULL (a member count must be the array's, beside it).
 */
struct da_path *da_prefix_index(struct walk *w, const struct da_path *array_path, CXCursor ix)
{
	struct kids k;
	struct da_key *key = NULL;
	struct da_path *own = NULL;

	ix = da_strip(ix);
	/* one element below the count, not all of them: not "[<K]" */
	if (w->prefix_key && is_ref_to(ix, w->prefix_var)) {
		own = da_prefix_sibling(array_path, DA_STEP_AT, w->prefix_key);
	} else if (clang_getCursorKind(ix) == CXCursor_UnaryOperator &&
		   clang_getCursorUnaryOperatorKind(ix) == CXUnaryOperator_PreDec) {
		/* a[--c]: below the count it had */
		k = da_kids_of(ix);
		if (k.n == 1)
			key = da_prefix_key(w, k.v[0]);
		if (key)
			own = da_prefix_sibling(array_path, DA_STEP_BELOW, key);
		da_key_free(key);
		free(k.v);
	}
	return own;
}

/* ---- counters ------------------------------------------------------------------ */

struct counter {
	const struct walk *w;
	const char *usr;
	CXCursor decl;
	CXCursor array;		/* the array the counter counts */
	bool deref;		/* in a callee: the counter is *decl */
	unsigned int *stores;	/* offsets of the c++ in 'a[c++] = v' */
	size_t n_stores;
	unsigned int *passed;	/* offsets of the &c a callee counts with */
	size_t n_passed;
	unsigned int refs, derefs;
	bool same_block;	/* declared beside the array, in one compound */
	bool bad;
};

static void offsets_add(unsigned int **v, size_t *n, unsigned int off)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = off;
}

static bool offsets_have(const unsigned int *v, size_t n, unsigned int off)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == off)
			return true;
	return false;
}

/* Is @e the counter: c itself, or *c in a callee given &c? */
static bool is_count(const struct counter *ct, CXCursor e)
{
	struct kids k;
	bool ok;

	if (!ct->deref)
		return is_ref_to(e, ct->decl);
	e = da_strip(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_Deref)
		return false;
	k = da_kids_of(e);
	ok = k.n == 1 && is_ref_to(k.v[0], ct->decl);
	free(k.v);
	return ok;
}

static enum CXChildVisitResult find_counter(CXCursor c, CXCursor parent, CXClientData d)
{
	struct counter *ct = d;
	struct kids k;
	bool has_c = false, has_a = false;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	k = da_kids_of(c);
	for (size_t i = 0; i < k.n; i++) {
		struct kids dk;

		if (clang_getCursorKind(k.v[i]) != CXCursor_DeclStmt)
			continue;
		dk = da_kids_of(k.v[i]);
		for (size_t j = 0; j < dk.n; j++) {
			char *u = da_usr(dk.v[j]);

			if (!strcmp(u, ct->usr)) {
				has_c = true;
				ct->decl = dk.v[j];
			}
			has_a |= clang_equalCursors(dk.v[j], ct->array);
			free(u);
		}
		free(dk.v);
	}
	free(k.v);
	if (has_c)
		ct->same_block = has_a;
	return has_c ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* 'a[c++] = v', a the tracked array: remember where that c++ is. */
static void note_store(struct counter *ct, CXCursor assign)
{
	struct kids k = da_kids_of(assign), s = { 0 }, u = { 0 };
	CXCursor l = k.n == 2 ? da_strip(k.v[0]) : clang_getNullCursor();

	if (clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr)
		s = da_kids_of(l);
	if (s.n == 2 && is_ref_to(s.v[0], ct->array)) {
		CXCursor ix = da_strip(s.v[1]);

		if (clang_getCursorKind(ix) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(ix) == CXUnaryOperator_PostInc)
			u = da_kids_of(ix);
		if (u.n == 1 && is_count(ct, u.v[0]))
			offsets_add(&ct->stores, &ct->n_stores, da_offset_of(ix));
	}
	free(u.v);
	free(s.v);
	free(k.v);
}

static enum CXChildVisitResult stores_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
		note_store(d, c);
	return CXChildVisit_Recurse;
}

/* Is the change @c of the counter one that keeps a[0, c) written? */
static bool keeps_prefix(struct counter *ct, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;
	long long v = -1;
	bool ok = false;

	if (kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);

		if (op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostDec)
			return true;
		if (op == CXUnaryOperator_AddrOf)
			return offsets_have(ct->passed, ct->n_passed, da_offset_of(c));
		return op == CXUnaryOperator_PostInc &&
		       offsets_have(ct->stores, ct->n_stores, da_offset_of(c));
	}
	if (kind != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
		return false;
	k = da_kids_of(c);
	ok = k.n == 2 && da_literal_index(k.v[1], &v) && !v;	/* c = 0 */
	free(k.v);
	return ok;
}

static bool counts_through(CXCursor fn, unsigned int ai, unsigned int ci);

/* f(..., a, ..., &c, ...) with f counting through its pointer: remember that &c. */
static void note_passed(struct counter *ct, CXCursor call)
{
	CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
	int n = clang_Cursor_getNumArguments(call), ai = -1;

	if (ct->deref || clang_Cursor_isNull(fn))
		return;
	for (int j = 0; j < n; j++)
		if (is_ref_to(clang_Cursor_getArgument(call, (unsigned int)j), ct->array))
			ai = j;
	for (int j = 0; ai >= 0 && j < n; j++) {
		CXCursor a = da_strip(clang_Cursor_getArgument(call, (unsigned int)j));
		struct kids k;

		if (clang_getCursorKind(a) != CXCursor_UnaryOperator ||
		    clang_getCursorUnaryOperatorKind(a) != CXUnaryOperator_AddrOf)
			continue;
		k = da_kids_of(a);
		if (k.n == 1 && is_ref_to(k.v[0], ct->decl) &&
		    counts_through(fn, (unsigned int)ai, (unsigned int)j))
			offsets_add(&ct->passed, &ct->n_passed, da_offset_of(a));
		free(k.v);
	}
}

static enum CXChildVisitResult changes_of_counter(CXCursor c, CXCursor parent, CXClientData d)
{
	struct counter *ct = d;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor op;
	bool changes;

	(void)parent;
	if (kind == CXCursor_CallExpr)
		note_passed(ct, c);
	if (kind == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), ct->decl))
		ct->refs++;
	if (ct->deref && kind == CXCursor_UnaryOperator && is_count(ct, c))
		ct->derefs++;	/* the operator itself, not a paren around it */
	changes = da_modifies(c, &op) && is_count(ct, op);
	if (changes && !keeps_prefix(ct, c)) {
		ct->bad = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* The stores and changes of @ct in @body: true when all keep the prefix. */
static bool counter_holds(struct counter *ct, CXCursor body)
{
	clang_visitChildren(body, stores_visit, ct);
	clang_visitChildren(body, changes_of_counter, ct);
	free(ct->stores);
	free(ct->passed);
	/* in a callee, the pointer goes nowhere but into *c */
	return !ct->bad && (!ct->deref || ct->refs == ct->derefs);
}

/*
 * Does the callee @fn, given the array as argument @ai and the counter's
 * address as argument @ci, keep a[0, *c) written: its parameter c used only
 * as *c, changed only by the store 'a[(*c)++] = v', by -- and '*c = 0', and
 * a never reassigned? (6.12's mlx5e_ptp_handle_ts_cqe(), md_buff.)
 */
static bool counts_through(CXCursor fn, unsigned int ai, unsigned int ci)
{
	struct counter ct = { .deref = true };
	CXCursor body = da_body_of(fn);

	if (clang_Cursor_isNull(body) || (int)ai >= clang_Cursor_getNumArguments(fn) ||
	    (int)ci >= clang_Cursor_getNumArguments(fn))
		return false;
	ct.array = clang_Cursor_getArgument(fn, ai);
	ct.decl = clang_Cursor_getArgument(fn, ci);
	return !da_changes(body, ct.array, 0) && counter_holds(&ct, body);
}

/*
 * Is @usr a counter of the tracked array: an integer local declared = 0
 * beside it, changed only by 'a[c++] = v', --, '= 0' and a callee that
 * counts so through &c? Then a[0, c) is written wherever c is in scope.
 */
static bool is_counter(const struct walk *w, const char *usr)
{
	struct counter ct = {
		.w = w, .usr = usr, .decl = clang_getNullCursor(), .array = w->target
	};
	struct kids init;
	long long v = -1;
	bool ok;

	if (w->pointer || clang_Cursor_isNull(w->body))
		return false;
	/* the function's own block first, then the blocks in it */
	if (find_counter(w->body, clang_getNullCursor(), &ct) == CXChildVisit_Recurse)
		clang_visitChildren(w->body, find_counter, &ct);
	if (clang_Cursor_isNull(ct.decl) || !ct.same_block ||
	    clang_getCursorKind(ct.decl) != CXCursor_VarDecl)
		return false;
	init = da_kids_of(ct.decl);
	ok = init.n && da_literal_index(init.v[init.n - 1], &v) && !v;
	free(init.v);
	return ok && counter_holds(&ct, w->body);
}

struct da_path *da_prefix_sibling(const struct da_path *array_path, enum da_step_kind kind,
				  const struct da_key *key)
{
	struct da_path *whole = da_path_whole(), *r = NULL, *a, *c;
	struct da_key *sib;

	if (key->kind != DA_KEY_MEMBER) {
		r = da_path_counted(whole, kind, key);
		da_path_free(whole);
		return r;
	}
	/* a pointer's element (no array member of a struct), or a count outside fields */
	if (!array_path || !da_path_fields_only(array_path) || !key->member->n) {
		da_path_free(whole);
		return NULL;
	}
	/* the count and the array are members of one struct: the same parent */
	a = da_path_parent(array_path);
	c = da_path_parent(key->member);
	if (!da_path_cmp(a, c)) {
		sib = da_key_sibling(da_path_last(key->member)->name);
		r = da_path_counted(whole, kind, sib);
		da_key_free(sib);
	}
	da_path_free(a);
	da_path_free(c);
	da_path_free(whole);
	return r;
}

/* ---- member counters ----------------------------------------------------------- */

/*
 * A count beside its array in a struct (struct bq { void *q[N]; unsigned
 * int count; }): every change of the member anywhere it can be changed
 * keeps q[0, count) written. The struct is defined in the local's own .c
 * file, so only that file's code knows its members; there each change of
 * count must be 'x.count = 0', a decrement, or the count++ of
 * 'x.q[x.count++] = v' (one object x), never &x.count, and an initializer
 * list of the struct may only zero it.
 */
struct member_counter {
	CXCursor count, array;		/* the FieldDecls */
	CXCursor record;		/* the struct */
	unsigned int *stores;		/* offsets of the count++ of 'x.q[x.count++] = v' */
	size_t n_stores;
	bool bad;
};

static bool member_is(CXCursor e, CXCursor field)
{
	return da_is_ref(e, CXCursor_MemberRefExpr, field);
}

/* The variable a member access x.f / x->f is made on, or a null cursor. */
static CXCursor member_base(CXCursor e)
{
	struct kids k = da_kids_of(da_strip(e));
	CXCursor b = k.n ? da_strip(k.v[0]) : clang_getNullCursor();

	free(k.v);
	return clang_getCursorKind(b) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(b) :
								  clang_getNullCursor();
}

static void note_member_store(struct member_counter *mc, CXCursor assign)
{
	struct kids k = da_kids_of(assign), s = { 0 }, u = { 0 };
	CXCursor l = k.n == 2 ? da_strip(k.v[0]) : clang_getNullCursor(), ix, base;

	if (clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr)
		s = da_kids_of(l);
	if (s.n == 2 && member_is(s.v[0], mc->array)) {
		ix = da_strip(s.v[1]);
		base = member_base(s.v[0]);
		if (clang_getCursorKind(ix) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(ix) == CXUnaryOperator_PostInc)
			u = da_kids_of(ix);
		if (u.n == 1 && member_is(u.v[0], mc->count) && !clang_Cursor_isNull(base) &&
		    clang_equalCursors(member_base(u.v[0]), base))
			offsets_add(&mc->stores, &mc->n_stores, da_offset_of(ix));
	}
	free(u.v);
	free(s.v);
	free(k.v);
}

static bool zero_list(CXCursor list)
{
	struct kids k = da_kids_of(list);
	bool ok = true;

	for (size_t i = 0; i < k.n && ok; i++) {
		long long v = -1;

		ok = clang_getCursorKind(k.v[i]) == CXCursor_InitListExpr ?
			     zero_list(k.v[i]) :
			     da_const_int(k.v[i], &v) && !v;
	}
	free(k.v);
	return ok;
}

static enum CXChildVisitResult member_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct member_counter *mc = d;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
		note_member_store(mc, c);
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult member_changes(CXCursor c, CXCursor parent, CXClientData d)
{
	struct member_counter *mc = d;
	CXCursor op;
	CXType t;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	t = clang_getCanonicalType(clang_getCursorType(c));
	if (clang_getCursorKind(c) == CXCursor_InitListExpr &&
	    clang_equalCursors(clang_getTypeDeclaration(t), mc->record) && !zero_list(c)) {
		mc->bad = true;
		return CXChildVisit_Break;
	}
	if (!da_modifies(c, &op) || !member_is(op, mc->count))
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);

		if (u == CXUnaryOperator_PreDec || u == CXUnaryOperator_PostDec ||
		    (u == CXUnaryOperator_PostInc &&
		     offsets_have(mc->stores, mc->n_stores, da_offset_of(c))))
			return CXChildVisit_Recurse;
	} else if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
		   clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
		struct kids k = da_kids_of(c);
		long long v = -1;
		bool zero = k.n == 2 && da_const_int(k.v[1], &v) && !v;

		free(k.v);
		if (zero)
			return CXChildVisit_Recurse;
	}
	mc->bad = true;
	return CXChildVisit_Break;
}

struct field_find {
	const char *name;
	CXCursor found;
};

static enum CXVisitorResult field_named(CXCursor c, CXClientData d)
{
	struct field_find *ff = d;
	CXString s = clang_getCursorSpelling(c);
	bool hit = !strcmp(clang_getCString(s), ff->name);

	clang_disposeString(s);
	if (hit)
		ff->found = c;
	return hit ? CXVisit_Break : CXVisit_Continue;
}

/* The FieldDecl @name (@len bytes) of the record type @t, or a null cursor. */
static CXCursor field_of(CXType t, const char *name, size_t len)
{
	char *n = xstrndup(name, len);
	struct field_find ff = { n, clang_getNullCursor() };

	clang_Type_visitFields(clang_getCanonicalType(t), field_named, &ff);
	free(n);
	return ff.found;
}

/* The type at @path (members and indexes) below the type @t; of the struct around: none. */
static CXType type_at(CXType t, const struct da_path *path)
{
	if (path->around_type)
		return (CXType){ .kind = CXType_Invalid };
	for (size_t i = 0; i < path->n && t.kind != CXType_Invalid; i++) {
		const struct da_step *s = &path->v[i];

		if (s->kind == DA_STEP_FIELD)
			t = clang_getCursorType(field_of(t, s->name, strlen(s->name)));
		else if (s->kind == DA_STEP_PADDING)
			t = (CXType){ .kind = CXType_Invalid };
		else
			t = clang_getArrayElementType(clang_getCanonicalType(t));
	}
	return t;
}

/*
 * Is the sibling @count of the array at @array_path a member counter: both
 * members of one struct defined in the local's .c file, and every change of
 * the count keeping the elements below it written?
 */
static bool member_counted(const struct walk *w, const struct da_path *array_path,
			   const char *count)
{
	CXType obj = clang_getCursorType(w->target), rec;
	struct member_counter mc = { .bad = false };
	const struct da_step *a = da_path_last(array_path);
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(w->body);
	struct da_path *parent;

	if (w->pointer || clang_Cursor_isNull(w->body) || !tu || !a || a->kind != DA_STEP_FIELD)
		return false;
	parent = da_path_parent(array_path);
	rec = clang_getCanonicalType(type_at(obj, parent));
	da_path_free(parent);
	mc.record = clang_getTypeDeclaration(rec);
	if (rec.kind != CXType_Record || clang_Cursor_isNull(mc.record) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(mc.record)))
		return false;
	mc.array = field_of(rec, a->name, strlen(a->name));
	mc.count = field_of(rec, count, strlen(count));
	if (clang_Cursor_isNull(mc.array) || clang_Cursor_isNull(mc.count) ||
	    clang_getCanonicalType(clang_getCursorType(mc.array)).kind != CXType_ConstantArray)
		return false;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), member_visit, &mc);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), member_changes, &mc);
	free(mc.stores);
	return !mc.bad;
}

/* The first step of @p below a count, else the first a loop is at; -1: none */
static ssize_t counted_step(const struct da_path *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->v[i].kind == DA_STEP_BELOW)
			return (ssize_t)i;
	for (size_t i = 0; i < p->n; i++)
		if (p->v[i].kind == DA_STEP_AT)
			return (ssize_t)i;
	return -1;
}

/* Is the read of @p ("[<K]" below some path) covered by a counter of the array? */
bool da_prefix_counted(const struct walk *w, const struct da_path *p)
{
	ssize_t b = counted_step(p);
	const struct da_key *key;
	struct da_path *array;
	const char *name;
	bool ok;

	if (b < 0 || (size_t)b + 1 != p->n)
		return false;
	key = &p->v[b].key;
	/* a member's array counted by a member beside it: "q[<^count]" */
	if ((b > 0 || p->around_type) && key->kind == DA_KEY_SIBLING) {
		array = da_path_parent(p);
		ok = member_counted(w, array, key->name);
		da_path_free(array);
		return ok;
	}
	/* the local array itself, not a member's */
	if (b > 0 || p->around_type || key->kind != DA_KEY_VAR)
		return false;
	ok = is_counter(w, key->name);
	name = strrchr(key->name, '@');
	if (ok && name && !zt_strvec_has(&w->da->counters, name + 1))
		zt_strvec_push(&w->da->counters, name + 1);
	return ok;
}

/*
 * A callee's path @cp, relative to what its parameter points to, as the
 * caller's: below @prefix, the element [0] when the argument was an array
 * (@decayed), and "[<@j]" as the count the caller passed as argument j.
 */
struct da_path *da_prefix_map(struct walk *w, const struct da_path *prefix, bool decayed,
			      const struct da_path *cp, const struct kids *args)
{
	const struct da_step *first = cp->n ? &cp->v[0] : NULL;
	struct da_key *key = NULL;
	struct da_path *head, *r, *whole;

	/* an index of the callee's pointer, not of what it points to */
	if (first && first->kind == DA_STEP_ANY)
		return da_path_join(prefix, cp);
	if (!first || (first->kind != DA_STEP_BELOW && first->kind != DA_STEP_AT) ||
	    first->key.kind != DA_KEY_PARAM) {
		if (!decayed)
			return da_path_join(prefix, cp);
		/* the callee's object is the array's first element */
		head = da_path_index(prefix, 0);
		r = da_path_join(head, cp);
		da_path_free(head);
		return r;
	}
	if (args && first->key.param + 1 < args->n)
		key = da_prefix_key(w, args->v[first->key.param + 1]);
	/* "[=@j]" too: the callee's loop read each element below the count */
	whole = da_path_whole();
	head = key ? da_prefix_sibling(prefix, DA_STEP_BELOW, key) : NULL;
	if (!head)
		head = da_path_any(whole);
	r = da_path_join(prefix, head);
	da_path_free(head);
	da_path_free(whole);
	da_key_free(key);
	return r;
}

/*
 * After 'for (i = 0; i < n; i++) BODY', BODY without a jump and n never
 * changed in the function: where BODY wrote the element "[=n]" on every
 * path, every element of [0, n) was written (no element when BODY did not
 * run, for then n <= 0). So is whatever BODY wrote of "[<n]" itself.
 */
void da_prefix_after_loop(struct walk *w, const struct kids *k, const struct da_key *key,
			  const struct state *body, struct state *st)
{
	struct kids cond = da_kids_of(k->v[1]);
	bool ok = cond.n == 2 && !da_jumps_in(k->v[3]) && !body->dead &&
		  !da_changes(w->body, clang_getCursorReferenced(da_strip(cond.v[1])), 0);

	for (size_t i = 0; ok && i < body->n; i++) {
		struct da_path *q = da_path_dup(body->v[i].path);
		bool at = false, all = false;

		/* the first element at n is all of them below it */
		for (size_t j = 0; j < q->n && !at; j++)
			if (q->v[j].kind == DA_STEP_AT && da_key_equal(&q->v[j].key, key)) {
				q->v[j].kind = DA_STEP_BELOW;
				at = true;
			}
		for (size_t j = 0; j < q->n && !at && !all; j++)
			all = q->v[j].kind == DA_STEP_BELOW && da_key_equal(&q->v[j].key, key);
		if (at || all)
			da_st_add(st, q, body->v[i].line, body->v[i].by);
		da_path_free(q);
	}
	free(cond.v);
}
