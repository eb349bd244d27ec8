// SPDX-License-Identifier: GPL-2.0-only
/*
 * What moving a local into its per-queue owner needs of its function, beyond
 * its bytes: the pointer declared where the local was must be initialized
 * before every use (no jump enters its scope past it), the local must not be
 * used after the NAPI instance lets go (after napi_complete_done() the same
 * poll may run on another CPU and fill the same copy), and the owner must
 * not be NULL (the function testing it, or a call in the TU giving NULL).
 * Each rule looks at the local's function and the TU only: a release inside
 * a callee of another TU, or a NULL given by a caller in another TU, is not
 * seen (said in docs/fix.md).
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "zerotax.h"

static unsigned int offset_of(CXCursor c, bool end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned int off = 0;

	clang_getExpansionLocation(end ? clang_getRangeEnd(r) : clang_getRangeStart(r), NULL,
				   NULL, NULL, &off);
	return off;
}

/* ---- a jump past the declaration ------------------------------------------ */

struct bypass {
	CXCursor fn;
	unsigned int decl, scope_end;	/* offsets: the declaration, its block's end */
	unsigned int switch_at;		/* the innermost switch around the walk */
	unsigned int line;		/* the answer */
};

struct goto_from {
	unsigned int label;	/* the label's offset: cursors of one label differ in their parent */
	unsigned int decl, scope_end;
	bool outside;
};

static enum CXChildVisitResult goto_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct goto_from *g = d;
	unsigned int at;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_IndirectGotoStmt) {
		g->outside = true;
		return CXChildVisit_Break;
	}
	if (clang_getCursorKind(c) == CXCursor_LabelRef &&
	    offset_of(clang_getCursorReferenced(c), false) == g->label) {
		at = offset_of(c, false);
		if (at < g->decl || at > g->scope_end)
			g->outside = true;
	}
	return g->outside ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static enum CXChildVisitResult bypass_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct bypass *b = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned int at = offset_of(c, false), saved;

	(void)parent;
	if (b->line)
		return CXChildVisit_Break;
	if (k == CXCursor_SwitchStmt) {
		saved = b->switch_at;
		b->switch_at = at;
		clang_visitChildren(c, bypass_visit, b);
		b->switch_at = saved;
		return CXChildVisit_Continue;
	}
	if (at <= b->decl || at > b->scope_end)
		return CXChildVisit_Recurse;
	/* a case of a switch that starts before the declaration jumps over it */
	if ((k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) && b->switch_at < b->decl) {
		b->line = da_line_of(c);
		return CXChildVisit_Break;
	}
	if (k == CXCursor_LabelStmt) {
		struct goto_from g = { at, b->decl, b->scope_end, false };

		clang_visitChildren(b->fn, goto_visit, &g);
		if (g.outside) {
			b->line = da_line_of(c);
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

struct parent_of {
	CXCursor decl, found;
};

static enum CXChildVisitResult parent_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct parent_of *p = d;

	if (clang_equalCursors(c, p->decl)) {
		p->found = parent;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* The line of a label or case after @decl, in its block, reached from outside [decl, end]. */
static unsigned int jump_past(CXCursor def, CXCursor decl)
{
	struct parent_of p = { decl, clang_getNullCursor() };
	struct parent_of q;
	struct bypass b = { .fn = def, .switch_at = 0 };

	/* VarDecl -> DeclStmt -> its block */
	clang_visitChildren(def, parent_visit, &p);
	if (clang_Cursor_isNull(p.found))
		return da_line_of(decl);	/* not found: unknown, never "no jump" */
	q = (struct parent_of){ p.found, clang_getNullCursor() };
	clang_visitChildren(def, parent_visit, &q);
	if (clang_Cursor_isNull(q.found))
		return da_line_of(decl);
	b.decl = offset_of(decl, false);
	b.scope_end = offset_of(q.found, true);
	clang_visitChildren(def, bypass_visit, &b);
	return b.line;
}

/* ---- a use after the instance lets go ------------------------------------- */

struct release {
	const struct zt_da_hoist_query *q;
	CXCursor target;
	unsigned int first;	/* offset of the first release call; UINT_MAX: none */
	unsigned int line;
	char *name;
	bool in_loop;		/* a release inside a loop */
	unsigned int loop_b, loop_e;
	unsigned int depth;
};

static bool is_release(const struct zt_da_hoist_query *q, const char *name)
{
	for (size_t i = 0; q->releases && q->releases[i]; i++)
		if (!strcmp(q->releases[i], name))
			return true;
	return false;
}

static enum CXChildVisitResult calls_release(CXCursor c, CXCursor parent, CXClientData d);

/* Does @def's body call a release, itself or through a callee of the TU (two levels)? */
static bool body_releases(const struct zt_da_hoist_query *q, CXCursor def, unsigned int depth)
{
	struct release r = { .q = q, .depth = depth };

	if (depth > 2 || clang_Cursor_isNull(def) || !clang_isCursorDefinition(def))
		return false;
	clang_visitChildren(def, calls_release, &r);
	return r.name != NULL;
}

static enum CXChildVisitResult calls_release(CXCursor c, CXCursor parent, CXClientData d)
{
	struct release *r = d;
	char *name;
	CXCursor callee;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	name = da_spelling(c);
	callee = clang_getCursorDefinition(clang_getCursorReferenced(c));
	if (name[0] && (is_release(r->q, name) || body_releases(r->q, callee, r->depth + 1))) {
		r->name = name;
		return CXChildVisit_Break;
	}
	free(name);
	return CXChildVisit_Recurse;
}

struct uses_after {
	CXCursor target;
	const struct release *rel;
	unsigned int line;
};

static enum CXChildVisitResult use_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct uses_after *u = d;
	unsigned int at;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(c), u->target))
		return CXChildVisit_Recurse;
	at = offset_of(c, false);
	if (at > u->rel->first ||
	    (u->rel->in_loop && at >= u->rel->loop_b && at <= u->rel->loop_e)) {
		u->line = da_line_of(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* The first release call of @def's body, and the loop around it if any. */
static enum CXChildVisitResult find_release(CXCursor c, CXCursor parent, CXClientData d)
{
	struct release *r = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct release inner;

	(void)parent;
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) {
		inner = *r;
		inner.name = NULL;
		clang_visitChildren(c, find_release, &inner);
		if (inner.name) {
			/* the outermost loop around it: its next turn comes after */
			*r = inner;
			r->in_loop = true;
			r->loop_b = offset_of(c, false);
			r->loop_e = offset_of(c, true);
			return CXChildVisit_Break;
		}
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr) {
		struct release one = { .q = r->q, .depth = 0 };

		calls_release(c, parent, &one);
		if (one.name) {
			r->name = one.name;
			r->first = offset_of(c, false);
			r->line = da_line_of(c);
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static void used_after_release(CXCursor def, CXCursor decl, const struct zt_da_hoist_query *q,
			       struct zt_da_hoist *h)
{
	struct release r = { .q = q, .target = decl };
	struct uses_after u = { decl, &r, 0 };

	clang_visitChildren(def, find_release, &r);
	if (!r.name)
		return;
	clang_visitChildren(def, use_visit, &u);
	if (u.line) {
		h->release = r.name;
		h->release_line = u.line;
	} else {
		free(r.name);
	}
}

/* ---- a NULL owner --------------------------------------------------------- */

struct null_test {
	CXCursor param, def;
	unsigned int index;	/* the parameter's position */
	unsigned int line;
};

static bool is_param(CXCursor c, CXCursor param)
{
	c = da_strip(c);
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(c), param);
}

static bool is_null(CXCursor c)
{
	struct kids k;
	bool null = false;

	c = da_strip(c);
	if (clang_getCursorKind(c) == CXCursor_CStyleCastExpr) {
		k = da_kids_of(c);
		if (k.n)
			c = da_strip(k.v[k.n - 1]);
		free(k.v);
	}
	if (clang_getCursorKind(c) == CXCursor_GNUNullExpr)
		return true;
	if (clang_getCursorKind(c) == CXCursor_IntegerLiteral) {
		CXEvalResult e = clang_Cursor_Evaluate(c);

		null = e && clang_EvalResult_getKind(e) == CXEval_Int &&
		       !clang_EvalResult_getAsLongLong(e);
		if (e)
			clang_EvalResult_dispose(e);
	}
	return null;
}

/* The parameter as a truth value: "!p", "p == NULL", "if (p)", "p && ...", "p ? :". */
static enum CXChildVisitResult null_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct null_test *n = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;
	bool hit = false;

	(void)parent;
	kids = da_kids_of(c);
	if (k == CXCursor_UnaryOperator && kids.n == 1 &&
	    clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot)
		hit = is_param(kids.v[0], n->param);
	if (k == CXCursor_BinaryOperator && kids.n == 2) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);

		if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE)
			hit = (is_param(kids.v[0], n->param) && is_null(kids.v[1])) ||
			      (is_param(kids.v[1], n->param) && is_null(kids.v[0]));
		if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)
			hit = is_param(kids.v[0], n->param) || is_param(kids.v[1], n->param);
	}
	if ((k == CXCursor_IfStmt || k == CXCursor_WhileStmt ||
	     k == CXCursor_ConditionalOperator) && kids.n)
		hit = is_param(kids.v[0], n->param);
	free(kids.v);
	if (hit) {
		n->line = da_line_of(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* A call of the function in the TU that gives NULL for the parameter. */
static enum CXChildVisitResult null_arg_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct null_test *n = d;
	CXCursor callee;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	callee = clang_getCursorReferenced(c);
	if (!clang_Cursor_isNull(callee) &&
	    clang_equalCursors(clang_getCanonicalCursor(callee),
			       clang_getCanonicalCursor(n->def)) &&
	    n->index < (unsigned int)clang_Cursor_getNumArguments(c) &&
	    is_null(clang_Cursor_getArgument(c, n->index))) {
		n->line = da_line_of(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static unsigned int null_owner(CXCursor def, const char *owner)
{
	struct null_test n = { .def = def, .param = clang_getNullCursor() };
	int np = clang_Cursor_getNumArguments(def);

	for (int i = 0; i < np && clang_Cursor_isNull(n.param); i++) {
		CXCursor p = clang_Cursor_getArgument(def, (unsigned int)i);
		char *name = da_spelling(p);

		if (!strcmp(name, owner)) {
			n.param = p;
			n.index = (unsigned int)i;
		}
		free(name);
	}
	if (clang_Cursor_isNull(n.param))
		return 0;	/* a local owner (the poll's container): not a parameter */
	clang_visitChildren(def, null_visit, &n);
	if (!n.line)
		clang_visitChildren(clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(def)),
				    null_arg_visit, &n);
	return n.line;
}

void da_hoist_facts(CXCursor def, CXCursor decl, const struct zt_da_hoist_query *q,
		    struct zt_da_hoist *h)
{
	h->jump_line = jump_past(def, decl);
	used_after_release(def, decl, q, h);
	if (q->owner)
		h->null_line = null_owner(def, q->owner);
}
