// SPDX-License-Identifier: GPL-2.0-only
/* Definite assignment, the walk: access paths, statements, calls (see defassign.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "zerotax.h"

/* ---- access paths -------------------------------------------------------------- */

bool da_is_ref(CXCursor e, enum CXCursorKind kind, CXCursor to)
{
	e = da_strip(e);
	return clang_getCursorKind(e) == kind &&
	       clang_equalCursors(clang_getCursorReferenced(e), to);
}

bool da_function_local(CXCursor var)
{
	return clang_getCursorKind(var) == CXCursor_VarDecl &&
	       clang_Cursor_getStorageClass(var) != CX_SC_Static &&
	       clang_getCursorKind(clang_getCursorSemanticParent(var)) == CXCursor_FunctionDecl;
}

bool da_const_int(CXCursor c, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;

	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

bool da_literal_index(CXCursor c, long long *v)
{
	c = da_strip(c);
	return clang_getCursorKind(c) == CXCursor_IntegerLiteral && da_const_int(c, v);
}


static enum pkind member_path(struct walk *w, CXCursor c, struct da_path **out)
{
	struct kids k = da_kids_of(c);
	enum pkind b = P_NONE, r = P_NONE;
	struct da_path *bp = NULL;
	char *name;
	bool arrow;

	if (!k.n) {
		free(k.v);
		return P_NONE;
	}
	b = da_path_of(w, k.v[0], &bp);
	arrow = is_kind(clang_getCursorType(da_strip(k.v[0])), CXType_Pointer);
	name = da_spelling(c);
	if (b == P_OBJ && !arrow) {
		*out = da_path_field(bp, name);
		r = P_OBJ;
	} else if (b == P_PTR && arrow) {
		*out = da_path_field(bp, name);
		r = P_OBJ;
	} else if (b == P_OBJ || b == P_READ) {
		*out = da_path_dup(bp);
		r = P_READ;
	}
	free(name);
	da_path_free(bp);
	free(k.v);
	return r;
}

static enum pkind subscript_path(struct walk *w, CXCursor c, struct da_path **out)
{
	struct kids k = da_kids_of(c);
	enum pkind b = P_NONE, r = P_NONE;
	struct da_path *bp = NULL, *ix;
	long long v = 0;

	if (k.n != 2) {
		free(k.v);
		return P_NONE;
	}
	b = da_path_of(w, k.v[0], &bp);
	if (b == P_OBJ && is_kind(clang_getCursorType(da_strip(k.v[0])), CXType_ConstantArray)) {
		CXCursor i = da_strip(k.v[1]);

		if (da_literal_index(k.v[1], &v))
			*out = da_path_index(bp, v);
		else if (!clang_Cursor_isNull(w->loop_var) &&
			 clang_getCursorKind(i) == CXCursor_DeclRefExpr &&
			 clang_equalCursors(clang_getCursorReferenced(i), w->loop_var) &&
			 clang_getArraySize(clang_getCanonicalType(
				 clang_getCursorType(da_strip(k.v[0])))) == w->loop_n)
			*out = da_path_dup(bp);	/* every element, in a counted loop */
		else if ((ix = da_prefix_index(w, bp, k.v[1]))) {
			*out = da_path_join(bp, ix);
			da_path_free(ix);
		} else
			*out = da_path_any(bp);
		r = P_OBJ;
	} else if (b == P_PTR && da_literal_index(k.v[1], &v) && !v) {
		*out = da_path_dup(bp);
		r = P_OBJ;
	} else if (b == P_PTR && (ix = da_prefix_index(w, NULL, k.v[1]))) {
		*out = da_path_join(bp, ix);
		da_path_free(ix);
		r = P_OBJ;
	} else if (b == P_PTR && w->pointer && da_path_is_whole(bp)) {
		/* p[k] of the parameter: some element, never its first alone */
		*out = da_path_any(bp);
		r = P_OBJ;
	} else if (b != P_NONE) {
		*out = da_path_dup(bp);
		r = P_READ;
	}
	da_path_free(bp);
	free(k.v);
	return r;
}

enum pkind da_path_of(struct walk *w, CXCursor c, struct da_path **out)
{
	enum CXCursorKind k;
	enum pkind b, r = P_NONE;
	struct da_path *bp = NULL;

	*out = NULL;
	c = da_strip(c);
	k = clang_getCursorKind(c);
	if (k == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), w->target)) {
		*out = da_path_whole();
		return w->pointer && !w->by_value ? P_PTR : P_OBJ;
	}
	for (size_t i = 0; k == CXCursor_DeclRefExpr && i < w->n_alias; i++)
		if (clang_equalCursors(clang_getCursorReferenced(c), w->alias[i])) {
			*out = da_path_dup(w->alias_path[i]);
			return P_PTR;
		}
	if (k == CXCursor_MemberRefExpr)
		return member_path(w, c, out);
	if (k == CXCursor_ArraySubscriptExpr)
		return subscript_path(w, c, out);
	if (k != CXCursor_UnaryOperator)
		return P_NONE;
	{
		struct kids kk = da_kids_of(c);
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);

		b = kk.n == 1 ? da_path_of(w, kk.v[0], &bp) : P_NONE;
		free(kk.v);
		if (op == CXUnaryOperator_Deref && b == P_PTR)
			r = P_OBJ;
		else if (op == CXUnaryOperator_Deref && b != P_NONE)
			r = P_READ;
		else if (op == CXUnaryOperator_AddrOf && b == P_OBJ)
			r = P_PTR;
		if (r != P_NONE)
			*out = bp;
		else
			da_path_free(bp);
	}
	return r;
}

/* ---- the walk ---------------------------------------------------------------- */

void da_node(struct walk *w, CXCursor c, struct state *st);

void da_add_lost(struct walk *w, const struct wr *x, unsigned int at, const char *fn)
{
	/* pointer mode: relative to the callee's parameter; kept with the summary */
	struct lost **v = w->pointer ? &w->sum->lost : &w->da->lost;
	size_t *n = w->pointer ? &w->sum->n_lost : &w->da->n_lost;
	size_t *alloc = w->pointer ? &w->sum->alloc_lost : &w->da->alloc_lost;

	ZT_ALLOC_GROW(*v, *n + 1, *alloc);
	(*v)[(*n)++] =
		(struct lost){ da_path_dup(x->path), xstrdup(x->by), xstrdup(fn), x->line, at };
}

void da_lost_clear(struct lost *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		da_path_free(v[i].path);
		free(v[i].by);
		free(v[i].fn);
	}
}

/* @st = what both @a and @b wrote; a write on one side only is remembered as lost. */
void da_st_join(struct walk *w, struct state *st, struct state *a, struct state *b,
		    unsigned int at)
{
	struct state r = { 0 };

	if (a->dead || b->dead) {
		/* @st may be @a or @b: keep the live one there, drop the other */
		struct state *keep = a->dead ? b : a, *drop = a->dead ? a : b;

		if (drop != st)
			da_st_clear(drop);
		da_st_move(st, keep);
		return;
	}
	for (size_t i = 0; i < a->n; i++)
		if (da_st_covered(b, a->v[i].path))
			da_st_add(&r, a->v[i].path, a->v[i].line, a->v[i].by);
		else if (w)
			da_add_lost(w, &a->v[i], at, w->fn);
	for (size_t i = 0; i < b->n; i++)
		if (da_st_covered(a, b->v[i].path))
			da_st_add(&r, b->v[i].path, b->v[i].line, b->v[i].by);
		else if (w)
			da_add_lost(w, &b->v[i], at, w->fn);
	da_facts_join(&r, a, b);
	da_st_clear(a);
	da_st_clear(b);
	da_st_move(st, &r);
}

void da_write_path(struct walk *w, struct state *st, const struct da_path *p, unsigned int line,
		   const char *by)
{
	if (!w->pointer && !st->dead && !zt_strvec_has(&w->da->writers, by))
		zt_strvec_push(&w->da->writers, by);
	da_facts_written(w, st, p);
	da_st_add(st, p, line, by);
}

void da_kids_walk(struct walk *w, CXCursor c, struct state *st, size_t from)
{
	struct kids k = da_kids_of(c);

	for (size_t i = from; i < k.n; i++)
		da_node(w, k.v[i], st);
	free(k.v);
}

/* A use of the local as a value (a read of what @c designates), or nothing of it. */
static void use(struct walk *w, CXCursor c, struct state *st)
{
	struct da_path *p = NULL;
	enum pkind k = da_path_of(w, c, &p);

	if (k == P_NONE)
		da_kids_walk(w, c, st, 0);
	else if (is_kind(clang_getCursorType(c), CXType_Record))
		da_read_bytes(w, st, p, da_line_of(c), NULL);	/* a struct as a value: a copy */
	else
		da_read_path(w, st, p, da_line_of(c), NULL);
	da_path_free(p);
}

/* A condition: testing a pointer to the object (if (p)) reads nothing of it. */
static void condition(struct walk *w, CXCursor c, struct state *st)
{
	struct da_path *p = NULL;

	if (da_path_of(w, c, &p) != P_PTR)
		da_node(w, c, st);
	da_path_free(p);
}

static void call(struct walk *w, CXCursor c, struct state *st)
{
	struct kids k = da_kids_of(c);
	CXCursor ref = clang_getCursorReferenced(c);
	char *name = da_spelling(c);
	struct da_path **passed = xcalloc(k.n + 1, sizeof(*passed));
	bool *decayed = xcalloc(k.n + 1, sizeof(*decayed));
	unsigned int line = da_line_of(c);
	unsigned int n_passed = 0;
	int ret;

	for (size_t i = 1; i < k.n; i++) {
		struct da_path *p = NULL;
		enum pkind pk;

		/* a prefetch's address: nothing is read, a stale one changes nothing */
		if (da_helper_hint(w->da->h, name, (unsigned int)i))
			continue;
		pk = da_path_of(w, k.v[i], &p);

		/* an array decays to a pointer to its first element */
		decayed[i] = pk == P_OBJ &&
			     is_kind(clang_getCursorType(da_strip(k.v[i])), CXType_ConstantArray);
		if (decayed[i])
			pk = P_PTR;
		if (pk == P_PTR)
			passed[i] = p;
		else if (pk == P_OBJ &&
			 is_kind(clang_getCursorType(da_strip(k.v[i])), CXType_Record))
			da_by_value(w, st, ref, name, (unsigned int)(i - 1), p, da_line_of(k.v[i]));
		else if (pk != P_NONE)
			da_read_path(w, st, p, da_line_of(k.v[i]), NULL);
		else
			da_node(w, k.v[i], st);
		if (pk != P_PTR)
			da_path_free(p);
	}
	if (k.n)
		da_node(w, k.v[0], st);
	for (size_t i = 1; i < k.n; i++)
		if (passed[i]) {
			da_pending_clear(w);	/* this call's result is the one tested next */
			n_passed++;
		}
	for (size_t i = 1; i < k.n; i++) {
		if (!passed[i])
			continue;
		if (da_apply_helper(w, st, name, (unsigned int)i, passed[i], line, &k)) {
			/* the table says what it reads and writes, not what else it may */
			da_facts_written(w, st, passed[i]);
		} else {
			CXCursor def = clang_Cursor_isNull(ref) ? ref : clang_getCursorDefinition(ref);

			struct da_passed pa = { passed[i], decayed[i], &k, n_passed > 1 };

			if (!da_apply_stored(w, st, c, (unsigned int)(i - 1), &pa, line))
				da_apply_callee(w, st, def, name, (unsigned int)(i - 1), &pa,
						line);
		}
	}
	/* its value is the local's address, kept where the walk does not follow it */
	ret = da_helper_returned(w->da->h, c);
	if (ret > 0 && (size_t)ret < k.n && passed[ret] && !clang_equalCursors(c, w->value_followed)) {
		da_read_via(w, st, passed[ret], line, NULL,
			    xasprintf("where %s() returns its address for other code to read",
				      name),
			    ZT_DA_ESCAPES);
		da_facts_escape(w, st);
		da_write_maybe(w, st, passed[ret], line, name, ZT_DA_ESCAPES);
	}
	for (size_t i = 1; i < k.n; i++)
		da_path_free(passed[i]);
	if (w->code.set && clang_Cursor_isNull(w->code.call))
		w->code.call = c;
	free(decayed);
	free(passed);
	free(name);
	free(k.v);
}

static bool take_assigned_alias(struct walk *w, CXCursor lhs, CXCursor rhs, struct state *st);

static void binary(struct walk *w, CXCursor c, struct state *st, bool compound)
{
	struct kids k = da_kids_of(c);
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	struct da_path *p = NULL;
	enum pkind pk;

	if (k.n != 2) {
		da_kids_walk(w, c, st, 0);
		free(k.v);
		return;
	}
	if (!compound && (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)) {
		struct state rhs;

		condition(w, k.v[0], st);
		rhs = da_st_copy(st);
		condition(w, k.v[1], &rhs);
		/* it may not run: its writes do not count, but a fact it ended stays ended */
		da_st_join(NULL, st, st, &rhs, 0);
	} else if (!compound && op == CXBinaryOperator_Assign &&
		   take_assigned_alias(w, k.v[0], k.v[1], st)) {
		/* the pointer now names (a member of) the local: nothing read */
	} else if (compound || op == CXBinaryOperator_Assign) {
		if (clang_getCursorKind(da_strip(k.v[0])) == CXCursor_DeclRefExpr)
			da_guard_drop(w, clang_getCursorReferenced(da_strip(k.v[0])));
		da_stored_walk(w, k.v[1], st, "where its address is stored for other code to read",
			       clang_getCursorKind(da_strip(k.v[0])) == CXCursor_DeclRefExpr ?
				       clang_getCursorReferenced(da_strip(k.v[0])) :
				       clang_getNullCursor());
		if (!compound)
			da_guard_flag_set(w, c, st);
		if (!compound && w->code.set && da_pending_result(w, k.v[1]) &&
		    clang_getCursorKind(da_strip(k.v[0])) == CXCursor_DeclRefExpr)
			w->code.var = clang_getCursorReferenced(da_strip(k.v[0]));
		pk = da_path_of(w, k.v[0], &p);
		if (pk == P_OBJ && compound)
			da_read_path(w, st, p, da_line_of(c), NULL);
		if (pk == P_OBJ)
			da_write_path(w, st, p, da_line_of(c), w->fn);
		else if (pk == P_READ)
			da_read_path(w, st, p, da_line_of(c), NULL);
		else if (pk == P_PTR && w->pointer)
			w->sum->unknown = ZT_DA_NOT_FOLLOWED;	/* the parameter reassigned */
		else
			da_node(w, k.v[0], st);
	} else if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) {
		/* comparing the pointer (p == NULL) reads nothing of the object */
		for (size_t i = 0; i < 2; i++) {
			if (da_path_of(w, k.v[i], &p) != P_PTR)
				da_node(w, k.v[i], st);
			da_path_free(p);
			p = NULL;
		}
	} else {
		/* p + n, (a, p): a pointer into it the walk does not follow */
		for (size_t i = 0; i < 2 && (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub ||
					     op == CXBinaryOperator_Comma); i++) {
			if (da_path_of(w, k.v[i], &p) == P_PTR)
				da_facts_escape(w, st);
			da_path_free(p);
			p = NULL;
		}
		da_node(w, k.v[0], st);
		da_node(w, k.v[1], st);
	}
	da_path_free(p);
	free(k.v);
}

static void unary(struct walk *w, CXCursor c, struct state *st)
{
	struct kids k = da_kids_of(c);
	enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
	struct da_path *p = NULL;
	enum pkind pk = k.n == 1 ? da_path_of(w, k.v[0], &p) : P_NONE;

	if (k.n == 1 && op != CXUnaryOperator_Deref && op != CXUnaryOperator_LNot &&
	    clang_getCursorKind(da_strip(k.v[0])) == CXCursor_DeclRefExpr)
		da_guard_drop(w, clang_getCursorReferenced(da_strip(k.v[0])));
	switch (op) {
	case CXUnaryOperator_PostInc:
	case CXUnaryOperator_PostDec:
	case CXUnaryOperator_PreInc:
	case CXUnaryOperator_PreDec:
		if (pk == P_OBJ || pk == P_READ)
			da_read_path(w, st, p, da_line_of(c), NULL);
		if (pk == P_OBJ)
			da_write_path(w, st, p, da_line_of(c), w->fn);
		else if (pk == P_NONE)
			da_kids_walk(w, c, st, 0);
		break;
	case CXUnaryOperator_LNot:
		/* !f(&v): the call as a call, not its arguments as bare uses */
		if (pk == P_NONE && k.n == 1)
			da_node(w, k.v[0], st);
		else if (pk != P_PTR)
			use(w, k.v[0], st);
		break;
	default:
		/* &v outside a call: an alias zerotax does not follow, so all of it is read */
		if (op == CXUnaryOperator_AddrOf && pk == P_OBJ)
			da_facts_escape(w, st);
		use(w, c, st);
		break;
	}
	da_path_free(p);
	free(k.v);
}

struct changes {
	CXCursor var;
	unsigned int hits, limit;	/* stop once hits > limit */
};

/*
 * Does @c change what its *@operand names: an assignment, a compound
 * assignment, ++ or --, or & (its address given away)?
 */
bool da_modifies(CXCursor c, CXCursor *operand)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	enum CXUnaryOperatorKind u;
	struct kids kk;
	bool op = false;

	if (k == CXCursor_CompoundAssignOperator)
		op = true;
	else if (k == CXCursor_BinaryOperator)
		op = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
	else if (k == CXCursor_UnaryOperator) {
		u = clang_getCursorUnaryOperatorKind(c);
		op = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
		     u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec ||
		     u == CXUnaryOperator_AddrOf;
	}
	if (!op)
		return false;
	kk = da_kids_of(c);
	op = kk.n > 0;
	if (op)
		*operand = kk.v[0];
	free(kk.v);
	return op;
}

/* Is the variable assigned, incremented or its address taken anywhere? */
static enum CXChildVisitResult changes_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct changes *ch = d;
	CXCursor l;

	(void)parent;
	if (da_modifies(c, &l)) {
		l = da_strip(l);
		ch->hits += clang_getCursorKind(l) == CXCursor_DeclRefExpr &&
			    clang_equalCursors(clang_getCursorReferenced(l), ch->var);
	}
	return ch->hits > ch->limit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

unsigned int da_changes(CXCursor body, CXCursor var, unsigned int limit)
{
	struct changes ch = { .var = var, .limit = limit };

	clang_visitChildren(body, changes_visit, &ch);
	return ch.hits;
}

/*
 * @var's type points to what @value does before any conversion: "void *v =
 * d" or "struct wrap *w = v" is another view of the bytes, not an alias.
 */
static bool same_pointee(CXCursor var, CXCursor value)
{
	CXType a = clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(var)));
	CXType b = clang_getPointeeType(
		clang_getCanonicalType(clang_getCursorType(da_strip(value))));

	return clang_equalTypes(clang_getUnqualifiedType(clang_getCanonicalType(a)),
				clang_getUnqualifiedType(clang_getCanonicalType(b)));
}

/*
 * "struct xdp_buff *xdp = &vxbuf.xdp;": a pointer local initialized to the
 * address of (a member of) the local and never changed afterwards is that
 * member under another name; its uses are the local's. Anything else about
 * it (assigned again, its address taken, incremented) and it is not
 * followed: the initializer is walked as any other use.
 */
/*
 * @e as a pointer into the local: &v.f, an alias, or the value of a call
 * that returns its argument (rules/init-helpers.conf "returns"), *@call.
 */
static enum pkind pointer_value(struct walk *w, CXCursor e, struct da_path **p, CXCursor *call)
{
	int arg = da_helper_returned(w->da->h, e);
	struct kids k;
	enum pkind r;

	*call = clang_getNullCursor();
	if (!arg)
		return da_path_of(w, e, p);
	k = da_kids_of(da_strip(e));
	r = (size_t)arg < k.n ? da_path_of(w, k.v[arg], p) : P_NONE;
	if (r == P_PTR)
		*call = da_strip(e);
	free(k.v);
	return r;
}

/* the call that gave the alias its value runs first; its value is followed */
static void alias_from(struct walk *w, CXCursor var, struct da_path *p, CXCursor call,
		       struct state *st)
{
	if (!clang_Cursor_isNull(call)) {
		w->value_followed = call;
		da_node(w, call, st);
	}
	w->alias[w->n_alias] = var;
	w->alias_path[w->n_alias++] = p;
}

/*
 * "struct xdp_buff *xdp = &vxbuf.xdp;": a pointer local initialized to the
 * address of (a member of) the local and never changed afterwards is that
 * member under another name; its uses are the local's. Anything else about
 * it (assigned again, its address taken, incremented) and it is not
 * followed: the initializer is walked as any other use. In a callee too
 * (struct xdp_buff *xdp = &ctx->xdp), below the object it was given.
 */
static bool take_alias(struct walk *w, CXCursor c, struct state *st)
{
	struct kids k;
	struct changes ch = { .var = c };
	CXCursor call = clang_getNullCursor();
	struct da_path *p = NULL;
	bool ok = false;

	if (clang_Cursor_isNull(w->body) || w->n_alias == DA_MAX_ALIASES ||
	    !is_kind(clang_getCursorType(c), CXType_Pointer) || clang_equalCursors(c, w->target))
		return false;
	k = da_kids_of(c);
	if (k.n && pointer_value(w, k.v[k.n - 1], &p, &call) == P_PTR &&
	    (!clang_Cursor_isNull(call) || same_pointee(c, k.v[k.n - 1]))) {
		clang_visitChildren(w->body, changes_visit, &ch);
		ok = !ch.hits;
	}
	free(k.v);
	if (!ok) {
		da_path_free(p);
		return false;
	}
	alias_from(w, c, p, call, st);
	return true;
}

/*
 * "struct xdp_buff *xdp; ... xdp = &vxbuf.xdp;": the same, for a pointer
 * local of this function declared without a value and assigned this once
 * (nothing else changes it): from here on its uses are the local's; before,
 * it pointed nowhere.
 */
static bool take_assigned_alias(struct walk *w, CXCursor lhs, CXCursor rhs, struct state *st)
{
	CXCursor var = clang_getCursorReferenced(da_strip(lhs));
	CXCursor call = clang_getNullCursor();
	struct changes ch = { .var = var, .limit = 1 };
	struct kids k;
	struct da_path *p = NULL;
	bool bare;

	if (w->pointer || clang_Cursor_isNull(w->body) || w->n_alias == DA_MAX_ALIASES ||
	    clang_getCursorKind(da_strip(lhs)) != CXCursor_DeclRefExpr || !da_function_local(var) ||
	    !is_kind(clang_getCursorType(var), CXType_Pointer))
		return false;
	k = da_kids_of(var);
	bare = !k.n || !clang_isExpression(clang_getCursorKind(k.v[k.n - 1]));
	free(k.v);
	if (!bare || pointer_value(w, rhs, &p, &call) != P_PTR) {
		da_path_free(p);
		return false;
	}
	clang_visitChildren(w->body, changes_visit, &ch);
	if (ch.hits != 1) {
		da_path_free(p);
		return false;
	}
	alias_from(w, var, p, call, st);
	return true;
}

/* if, ?:, loops and switch: see the comment at the top. */
/* for (i = 0; i < n; i++) BODY: BODY may not run; in it, a[i] is "[=n]" (DA_STEP_AT) */
static void for_up_to(struct walk *w, const struct kids *k, struct state *st, CXCursor var,
		      struct da_key *key, bool from_zero)
{
	CXCursor saved_var = w->prefix_var;
	struct da_key *saved_key = w->prefix_key;
	struct state b;

	da_node(w, k->v[0], st);
	da_node(w, k->v[1], st);
	b = da_st_copy_whole(st);
	da_facts_clear(&b);
	da_guard_apply_bound(w, k, &b);
	w->prefix_var = var;
	w->prefix_key = key;
	w->loop_depth++;
	da_node(w, k->v[3], &b);
	da_node(w, k->v[2], &b);
	w->loop_depth--;
	w->prefix_var = saved_var;
	w->prefix_key = saved_key;
	if (from_zero && key->kind != DA_KEY_MEMBER)
		da_prefix_after_loop(w, k, key, &b, st);
	da_facts_clear(st);	/* the body may have run and changed a field */
	da_key_free(key);
	da_st_clear(&b);
}

/* A statement: a call that is the whole statement gives its value to no one. */
static void statement(struct walk *w, CXCursor c, struct state *st)
{
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		w->value_followed = c;
	da_node(w, c, st);
}

static enum CXChildVisitResult default_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_SwitchStmt)
		return CXChildVisit_Continue;	/* an inner switch's default is its own */
	if (clang_getCursorKind(c) == CXCursor_DefaultStmt) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * After a switch: what every way out wrote, its breaks and the end of its
 * body, and without a default the way past every case. Only for a local
 * declared before it (else the switch leaves *@st as it was).
 */
static void switch_end(struct walk *w, CXCursor c, CXCursor body, struct state *st,
		       struct state *end, struct state *entry, struct state *breaks)
{
	bool has_default = false;
	struct state r = { 0 };

	clang_visitChildren(body, default_visit, &has_default);
	if (st->dead) {
		da_st_clear(end);
		da_st_clear(entry);
		da_st_clear(breaks);
		return;
	}
	da_st_join(w, &r, end, breaks, da_line_of(c));
	if (!has_default)
		da_st_join(w, &r, &r, entry, da_line_of(c));
	else
		da_st_clear(entry);
	da_st_move(st, &r);
}

/* switch (v) BODY: its cases start from the head, its breaks end it (switch_end()) */
static void switch_stmt(struct walk *w, CXCursor c, const struct kids *k, struct state *st)
{
	const struct state *saved = w->switch_entry;
	unsigned int saved_depth = w->switch_depth;
	/* the body is entered at its labels only; no break has left it yet */
	struct state entry, body = { .dead = true }, breaks = { .dead = true };
	struct state *saved_brk = w->brk;

	da_node(w, k->v[0], st);
	entry = da_st_copy(st);
	w->switch_entry = &entry;
	w->switch_depth = w->block_depth;
	w->brk = &breaks;
	da_node(w, k->v[1], &body);
	w->switch_entry = saved;
	w->switch_depth = saved_depth;
	w->brk = saved_brk;
	switch_end(w, c, k->v[1], st, &body, &entry, &breaks);
}

/*
 * do BODY while (COND): the body runs at least once; a continue goes to
 * COND, as the body's end does, and a break past it (6.12's
 * 'do { if (...) break; ... } while (0)'): what every way out wrote.
 */
static void do_while(struct walk *w, CXCursor c, const struct kids *k, struct state *st)
{
	struct state breaks = { .dead = true }, conts = { .dead = true };

	da_facts_clear(st);
	w->brk = &breaks;
	w->cont = &conts;
	w->loop_depth++;
	statement(w, k->v[0], st);
	w->loop_depth--;
	w->brk = NULL;
	w->cont = NULL;
	da_st_join(w, st, st, &conts, da_line_of(c));
	da_node(w, k->v[1], st);
	da_st_join(w, st, st, &breaks, da_line_of(c));
}

/* if and ?: both arms from the same state, each with what its test tells; joined */
static void if_else(struct walk *w, CXCursor c, const struct kids *k, struct state *st,
		    enum CXCursorKind kind)
{
	enum code_branch code;
	struct state a, b;

	condition(w, k->v[0], st);
	code = da_code_test(w, k->v[0]);
	a = da_st_copy(st);
	b = da_st_copy(st);
	if (code == CODE_ZERO_THEN || code == CODE_NONNEG_THEN)
		da_code_writes(w, &a, code);
	else if (code != CODE_NONE)
		da_code_writes(w, &b, code);
	da_pending_clear(w);
	da_guard_apply(w, k->v[0], &a, &b);
	da_facts_test(w, k->v[0], &a, &b);
	if (kind == CXCursor_IfStmt)
		statement(w, k->v[1], &a);
	else
		da_node(w, k->v[1], &a);
	if (k->n >= 3 && kind == CXCursor_IfStmt)
		statement(w, k->v[2], &b);
	else if (k->n >= 3)
		da_node(w, k->v[2], &b);
	else if (kind == CXCursor_IfStmt)
		da_guard_note(w, c, &b, &a);
	da_st_join(w, st, &a, &b, da_line_of(c));
}

static void branch(struct walk *w, CXCursor c, struct state *st, enum CXCursorKind kind)
{
	struct kids k = da_kids_of(c);
	struct state a, b;
	/* a break in a loop leaves the loop, not a switch around it */
	struct state *saved_brk = w->brk, *saved_cont = w->cont;
	CXCursor var;
	struct da_key *key;
	bool from_zero;

	/* a break or continue in a loop is the loop's; do-while keeps them (do_while()) */
	if (kind == CXCursor_WhileStmt || kind == CXCursor_ForStmt || kind == CXCursor_DoStmt) {
		w->brk = NULL;
		w->cont = NULL;
	}
	if ((kind == CXCursor_IfStmt || kind == CXCursor_ConditionalOperator) && k.n >= 2) {
		if_else(w, c, &k, st, kind);
	} else if (kind == CXCursor_DoStmt && k.n == 2) {
		do_while(w, c, &k, st);
	} else if (kind == CXCursor_SwitchStmt && k.n == 2) {
		switch_stmt(w, c, &k, st);
	} else if (kind == CXCursor_ForStmt && da_counted_loop(&k, &w->loop_var, &w->loop_n)) {
		CXCursor saved_var = w->loop_var;

		da_node(w, k.v[0], st);
		da_node(w, k.v[1], st);
		da_facts_clear(st);
		w->loop_depth++;
		statement(w, k.v[3], st);	/* it runs: its writes count */
		w->loop_depth--;
		w->loop_var = clang_getNullCursor();
		(void)saved_var;
	} else if (kind == CXCursor_ForStmt && da_prefix_loop(w, &k, &var, &key, &from_zero)) {
		for_up_to(w, &k, st, var, key, from_zero);
	} else if (k.n) {
		/* while, for: everything but the body on a copy, the body on another */
		a = da_st_copy(st);
		if (kind == CXCursor_WhileStmt)
			condition(w, k.v[0], st);
		else
			for (size_t i = 0; i + 1 < k.n; i++)
				da_node(w, k.v[i], &a);
		b = da_st_copy(st);
		da_facts_clear(&b);
		if (kind == CXCursor_ForStmt)
			da_guard_apply_bound(w, &k, &b);
		w->loop_depth++;
		statement(w, k.v[k.n - 1], &b);
		w->loop_depth--;
		da_facts_clear(st);	/* the body may have run and changed a field */
		da_st_clear(&a);
		da_st_clear(&b);
	}
	w->brk = saved_brk;
	w->cont = saved_cont;
	free(k.v);
}

/* case, default and labels: where else the walk may come from */
static void entry_point(struct walk *w, CXCursor c, struct state *st, enum CXCursorKind kind)
{
	/*
	 * A path from elsewhere: from anywhere for a label; for a case, from
	 * the switch's head, which a guard made before the switch holds at (6.12's
	 * igc_clean_rx_irq(): a switch in the 'if (IS_ERR(skb))' branch before
	 * the 'else if (skb)' that agrees with 'if (!skb)')
	 */
	if (kind != CXCursor_LabelStmt && w->switch_entry)
		da_guard_drop_above(w, w->switch_depth);
	else
		da_guard_drop(w, clang_getNullCursor());
	if (kind == CXCursor_LabelStmt && da_forward_only(w, c)) {
		struct label_in *in = da_label_in(w, c, false);

		if (in) {
			struct state g = da_st_copy(&in->st);

			g.dead = in->st.dead;
			da_st_join(w, st, st, &g, da_line_of(c));
		}
		da_kids_walk(w, c, st, 0);
		return;
	}
	/* reached from elsewhere: nothing known to be written */
	if (w->switch_entry && kind != CXCursor_LabelStmt) {
		/* from the head, or falling through from the case before: both */
		struct state head = da_st_copy(w->switch_entry);

		da_st_join(w, st, st, &head, da_line_of(c));
	} else {
		da_st_clear(st);
		*st = (struct state){ 0 };
	}
	da_kids_walk(w, c, st, 0);
}

static void var_decl(struct walk *w, CXCursor c, struct state *st)
{
	struct kids init;

	if (take_alias(w, c, st) || da_container_alias(w, c))
		return;
	init = da_kids_of(c);
	for (size_t i = 0; i + 1 < init.n; i++)
		da_node(w, init.v[i], st);
	if (init.n && clang_isExpression(clang_getCursorKind(init.v[init.n - 1])))
		da_stored_walk(w, init.v[init.n - 1], st, "where its address is copied into a "
			       "variable zerotax does not follow", c);
	else if (init.n)
		da_node(w, init.v[init.n - 1], st);
	free(init.v);
	if (w->code.set) {
		struct kids init = da_kids_of(c);

		/* int err = f(&v); */
		if (init.n && da_pending_result(w, init.v[init.n - 1]))
			w->code.var = c;
		free(init.v);
	}
	if (!w->pointer && clang_equalCursors(c, w->target)) {
		da_st_clear(st);
		st->dead = false;	/* from here on it exists, nothing written */
		w->declared = true;
		/* what the rewrite keeps of its initializer, as stores */
		for (size_t i = 0; w->kept && i < w->kept->n; i++)
			da_write_path(w, st, w->kept->v[i], da_line_of(c), w->fn);
	}
}

static void compound(struct walk *w, CXCursor c, struct state *st)
{
	struct kids k = da_kids_of(c);

	w->block_depth++;
	/* a result is tested by the statement right after the call's */
	for (size_t i = 0; i < k.n; i++) {
		if (clang_getCursorKind(k.v[i]) != CXCursor_IfStmt)
			da_pending_clear(w);
		statement(w, k.v[i], st);
	}
	da_pending_clear(w);
	da_guard_block_end(w);
	w->block_depth--;
	free(k.v);
}

void da_node(struct walk *w, CXCursor c, struct state *st)
{
	enum CXCursorKind kind = clang_getCursorKind(c);

	switch (kind) {
	case CXCursor_IfStmt:
	case CXCursor_ConditionalOperator:
	case CXCursor_WhileStmt:
	case CXCursor_ForStmt:
	case CXCursor_DoStmt:
	case CXCursor_SwitchStmt:
		branch(w, c, st, kind);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
	case CXCursor_LabelStmt:
		entry_point(w, c, st, kind);
		break;
	case CXCursor_ReturnStmt:
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt:
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		da_jump(w, c, st, kind);
		break;
	case CXCursor_VarDecl:
		var_decl(w, c, st);
		break;
	case CXCursor_BinaryOperator:
		binary(w, c, st, false);
		break;
	case CXCursor_CompoundAssignOperator:
		binary(w, c, st, true);
		break;
	case CXCursor_UnaryOperator:
		unary(w, c, st);
		break;
	case CXCursor_CallExpr:
		call(w, c, st);
		break;
	case CXCursor_CStyleCastExpr:
		da_cast_away(w, c, st);
		break;
	case CXCursor_UnaryExpr:	/* sizeof, alignof: not evaluated */
		break;
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
		use(w, c, st);
		break;
	case CXCursor_CompoundStmt:
		compound(w, c, st);
		break;
	default:
		da_kids_walk(w, c, st, 0);
		break;
	}
}
