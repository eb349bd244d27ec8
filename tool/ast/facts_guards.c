// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tests of one variable that agree (issue 25, rule 4, on check's side): a
 * local's fields written only in 'if (!skb) { ...x.f = v...; skb = f(); }'
 * and read by a callee given &x only where a later test finds skb still
 * NULL ('else if (skb) ... else g(&x)'). The path that skipped the block had
 * skb non-NULL, and nothing changed it since, so where the later test finds
 * it NULL the block ran: its writes are not "written on some paths only".
 * (6.12's igc_clean_rx_irq(): ctx.rx_desc under 'if (!skb)', the read in
 * igc_construct_skb() under the later 'else' of 'if (skb)'.)
 *
 * Kept only while that argument holds, all checked on the syntax: the
 * variable is a local of the function whose address is never taken; the
 * block has no else, no goto, break, continue, label or case; the write is a
 * statement of the block itself (no branch or loop between); the read is in
 * a later statement of the block that holds the if, with no loop, label or
 * case on the way, and no change of the variable between the two tests but
 * in the block itself or by the assignment the call's own result goes to.
 */
#include <stdlib.h>
#include <string.h>

#include "facts_int.h"

/* The local variable @cond tests for zero, and whether its true branch is the zero one. */
static bool zero_test_of(CXCursor cond, CXCursor *var, bool *then_zero)
{
	struct kids k = { 0 };
	CXCursor c = fx_strip(cond);
	bool neg = false, ok = false;
	int guard = 0;

	*then_zero = false;
	for (;;) {
		enum CXCursorKind kind = clang_getCursorKind(c);

		if (++guard > 16)
			goto out;
		fx_get_kids(c, &k);
		if (kind == CXCursor_UnaryOperator && k.n == 1 &&
		    clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot) {
			neg = !neg;
			c = fx_strip(k.v[0]);
			continue;
		}
		/* likely()/unlikely(): __builtin_expect(!!(x), v) */
		if (kind == CXCursor_CallExpr && k.n == 3 && fx_expect_value(c) >= 0) {
			c = fx_strip(k.v[1]);
			continue;
		}
		break;
	}
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && k.n == 2) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
		CXCursor r = fx_strip(k.v[1]);
		CXEvalResult ev;
		bool zero;

		if (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE)
			goto out;
		ev = clang_getCursorKind(r) == CXCursor_IntegerLiteral ? clang_Cursor_Evaluate(r)
								       : NULL;
		zero = ev && clang_EvalResult_getKind(ev) == CXEval_Int &&
		       clang_EvalResult_getAsLongLong(ev) == 0;
		if (ev)
			clang_EvalResult_dispose(ev);
		if (!zero)
			goto out;
		*then_zero = op == CXBinaryOperator_EQ;
		c = fx_strip(k.v[0]);
	}
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		goto out;
	*var = clang_getCursorReferenced(c);
	*then_zero ^= neg;
	ok = clang_getCursorKind(*var) == CXCursor_VarDecl &&
	     clang_Cursor_getStorageClass(*var) != CX_SC_Static &&
	     clang_getCursorKind(clang_getCursorSemanticParent(*var)) == CXCursor_FunctionDecl;
out:
	free(k.v);
	return ok;
}

struct scan {
	CXCursor var;		/* null: not looked for */
	bool changes;		/* v = ..., v += ..., v++, &v */
	bool addr;		/* &v */
	bool jumps;		/* goto, break, continue */
	bool labels;		/* a label or case: a path from elsewhere */
};

static bool refers_to(CXCursor e, CXCursor var)
{
	e = fx_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct scan *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids = { 0 };

	(void)parent;
	if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_BreakStmt ||
	    k == CXCursor_ContinueStmt)
		s->jumps = true;
	if (k == CXCursor_LabelStmt || k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt)
		s->labels = true;
	if (clang_Cursor_isNull(s->var))
		return CXChildVisit_Recurse;
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		fx_get_kids(c, &kids);
		if (kids.n == 2 && refers_to(kids.v[0], s->var) &&
		    (k == CXCursor_CompoundAssignOperator ||
		     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign))
			s->changes = true;
	} else if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);

		fx_get_kids(c, &kids);
		if (kids.n == 1 && refers_to(kids.v[0], s->var) &&
		    (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
		     u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec))
			s->changes = true;
		if (kids.n == 1 && refers_to(kids.v[0], s->var) && u == CXUnaryOperator_AddrOf)
			s->changes = s->addr = true;
	}
	free(kids.v);
	return CXChildVisit_Recurse;
}

/* What @c and everything below it do: to @var (may be null), jumps, labels. */
static struct scan scan_of(CXCursor c, CXCursor var)
{
	struct scan s = { var, false, false, false, false };

	scan_visit(c, clang_getNullCursor(), &s);
	clang_visitChildren(c, scan_visit, &s);
	return s;
}

static struct fx_guard *guard_of(struct walk *w, size_t j)
{
	for (size_t g = 0; g < w->n_guards; g++)
		if (w->guards[g].local == j)
			return &w->guards[g];
	return NULL;
}

/*
 * Member write x.f = v of local @j, the outermost member at stack[@i], in a
 * branch: is it a statement of the then-block of an 'if (!v)' that later
 * reads may agree with? Records the if for fx_guard_holds(); a second if,
 * or a write that is not so, makes the local's writes plainly conditional.
 */
bool fx_guard_write(struct walk *w, int i, size_t j)
{
	struct fx_guard *g = guard_of(w, j), ng = { 0 };
	int k = fx_up_skip(w, i - 1) - 1;	/* above the assignment */
	struct kids kids = { 0 };
	struct scan s;
	bool ok = false, then_zero;

	if (g && g->mixed)
		return false;
	/* the innermost branch around the write, with only blocks between them */
	while (k >= 0 && w->stack[k].kind == CXCursor_CompoundStmt)
		k--;
	if (k < 1 || w->stack[k + 1].kind != CXCursor_CompoundStmt ||
	    w->stack[k].kind != CXCursor_IfStmt || w->stack[k + 1].index != 1 ||
	    w->stack[k - 1].kind != CXCursor_CompoundStmt || clang_Cursor_isNull(w->body))
		goto out;
	fx_get_kids(w->stack[k].c, &kids);
	if (kids.n != 2 || !zero_test_of(kids.v[0], &ng.var, &then_zero) || !then_zero)
		goto out;
	s = scan_of(kids.v[1], clang_getNullCursor());
	/* &v anywhere: it may change where the syntax cannot see */
	if (s.jumps || s.labels || scan_of(w->body, ng.var).addr)
		goto out;
	ng.ifstmt = w->stack[k].c;
	ng.block = w->stack[k - 1].c;
	ng.index = w->stack[k].index;
	ok = !g || clang_equalCursors(g->ifstmt, ng.ifstmt);
out:
	free(kids.v);
	if (!g) {
		ZT_PUSH_IMPLICIT(w->guards, w->n_guards);
		g = &w->guards[w->n_guards++];
		*g = ng;
		g->local = j;
		g->mixed = !ok;
	} else if (!ok) {
		g->mixed = true;
	}
	return ok;
}

/*
 * The frames of the call at the top of the stack, from the block of @g's if
 * down: does the path reach it only where v was tested zero again, with v
 * unchanged since @g's if? The call's own frames above stack[@from].
 */
static bool path_agrees(struct walk *w, const struct fx_guard *g, int from)
{
	bool zero_again = false;
	struct kids kids = { 0 };

	for (int p = from; p < w->depth - 1; p++) {
		enum CXCursorKind kind = w->stack[p].kind;
		unsigned int on = w->stack[p + 1].index;
		CXCursor var;
		bool then_zero;

		if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
		    kind == CXCursor_DoStmt || kind == CXCursor_SwitchStmt ||
		    kind == CXCursor_LabelStmt || kind == CXCursor_CaseStmt ||
		    kind == CXCursor_DefaultStmt)
			goto no;
		fx_get_kids(w->stack[p].c, &kids);
		if (kind == CXCursor_IfStmt && on >= 1 && kids.n >= 2) {
			if (scan_of(kids.v[0], g->var).changes)
				goto no;
			if (zero_test_of(kids.v[0], &var, &then_zero) &&
			    clang_equalCursors(var, g->var)) {
				if (then_zero != (on == 1))
					goto no;	/* where v is not zero */
				zero_again = true;
			}
			continue;
		}
		/* what runs before the call on its way: siblings ahead of it */
		for (size_t c = 0; c < kids.n && c < on; c++) {
			struct scan s = scan_of(kids.v[c], g->var);

			/* 'v = f(&x)': the assignment of the call's own result comes after it */
			if (kind == CXCursor_BinaryOperator && c == 0 && on == 1 &&
			    refers_to(kids.v[0], g->var) && !s.changes)
				continue;
			if (s.changes || s.labels)
				goto no;
		}
	}
	free(kids.v);
	return zero_again;
no:
	free(kids.v);
	return false;
}

/*
 * The call at the top of the stack is given &x, x local @j: does it run only
 * after x's guarded writes (fx_guard_write()): inside that block, or where a
 * later test of the same variable agrees?
 */
bool fx_guard_holds(struct walk *w, size_t j)
{
	const struct fx_guard *g = guard_of(w, j);
	struct kids kids = { 0 };
	bool ok = false;
	int b;

	if (!g || g->mixed)
		return false;
	for (b = 0; b < w->depth; b++)
		if (clang_equalCursors(w->stack[b].c, g->block))
			break;
	if (b + 1 >= w->depth)
		return false;
	if (clang_equalCursors(w->stack[b + 1].c, g->ifstmt))
		return w->depth > b + 2 && w->stack[b + 2].index == 1;	/* in the block */
	if (w->stack[b + 1].index <= g->index)
		return false;
	/* the statements between the if and the one that holds the call */
	fx_get_kids(g->block, &kids);
	for (size_t s = g->index + 1; s < w->stack[b + 1].index && s < kids.n; s++) {
		struct scan sc = scan_of(kids.v[s], g->var);

		if (sc.changes || sc.labels)
			goto out;
	}
	ok = path_agrees(w, g, b + 1);
out:
	free(kids.v);
	return ok;
}
