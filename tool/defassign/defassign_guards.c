// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, tests that agree: 'if (!skb) { ...write...; skb = f(); }'
 * and later, where skb is still NULL, 'else if (skb) ... else read'. A path
 * that skipped the block had skb non-NULL, and nothing changed it since, so
 * where a later test finds it NULL the block ran and its writes hold (6.12's
 * ixgbe_clean_rx_irq(): xdp_prepare_buff() under 'if (!skb)', the read in
 * ixgbe_build_skb() under the later 'else' of 'if (skb)').
 *
 * A guard is kept only while that argument holds: the variable is a local of
 * the function whose address goes nowhere but straight into a call, the
 * block has no goto, break or continue, and the guard ends with the block
 * it was made in, at any label or case (a path from elsewhere), and at any
 * change of the variable (an assignment, ++, --, &v).
 */
#include <stdlib.h>
#include <string.h>

#include "defassign_int.h"
#include "zerotax.h"

/* The variable @cond tests for zero or not, and whether its true branch is the zero one. */
static bool test_of_var(CXCursor cond, CXCursor *var, bool *then_zero)
{
	bool neg;
	CXCursor c = da_test_core(cond, &neg);
	struct kids k;

	*then_zero = false;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
		CXCursor r;
		long long v = -1;

		k = da_kids_of(c);
		r = k.n == 2 ? da_strip(k.v[1]) : c;
		while (k.n == 2 && clang_getCursorKind(r) == CXCursor_CStyleCastExpr) {
			struct kids in = da_kids_of(r);

			r = in.n ? da_strip(in.v[in.n - 1]) : r;
			free(in.v);
			if (!in.n)
				break;
		}
		if (k.n != 2 || (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE) ||
		    !da_literal_index(r, &v) || v) {
			free(k.v);
			return false;
		}
		*then_zero = op == CXBinaryOperator_EQ;
		c = da_strip(k.v[0]);
		free(k.v);
	}
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	*var = clang_getCursorReferenced(c);
	*then_zero ^= neg;
	return da_function_local(*var);
}

struct scan {
	CXCursor var;
	bool hit;	/* a goto, break, continue or label */
	bool labels;	/* a label or case */
};

/* goto, break, continue: a way out of the block to somewhere before the later test */
static enum CXChildVisitResult leaves_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	struct scan *s = d;

	if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_BreakStmt ||
	    k == CXCursor_ContinueStmt)
		s->hit = true;
	if (k == CXCursor_LabelStmt || k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt)
		s->hit = s->labels = true;
	return CXChildVisit_Recurse;
}

struct addr_of {
	CXCursor var;
	unsigned int all, in_calls;
};

/* @c (through parentheses and implicit casts when @through) is &@var */
static bool is_addr_of(CXCursor c, CXCursor var, bool through)
{
	struct kids k;
	bool yes = false;

	if (through)
		c = da_strip(c);
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf)
		return false;
	k = da_kids_of(c);
	yes = k.n == 1 && clang_getCursorKind(da_strip(k.v[0])) == CXCursor_DeclRefExpr &&
	      clang_equalCursors(clang_getCursorReferenced(da_strip(k.v[0])), var);
	free(k.v);
	return yes;
}

/* Every &v, and those that are a call's argument as they stand. */
static enum CXChildVisitResult addr_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct addr_of *a = d;

	(void)parent;
	if (is_addr_of(c, a->var, false))
		a->all++;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		struct kids k = da_kids_of(c);

		for (size_t i = 1; i < k.n; i++)
			a->in_calls += is_addr_of(k.v[i], a->var, true);
		free(k.v);
	}
	return CXChildVisit_Recurse;
}

void da_guard_drop(struct walk *w, CXCursor var)
{
	size_t n = 0;

	for (size_t i = 0; i < w->n_guards; i++) {
		if (clang_Cursor_isNull(var) || clang_equalCursors(w->guards[i].var, var))
			da_st_clear(&w->guards[i].writes);
		else
			w->guards[n++] = w->guards[i];
	}
	w->n_guards = n;
}

void da_guard_block_end(struct walk *w)
{
	da_guard_drop_above(w, w->block_depth - 1);
}

void da_guard_drop_above(struct walk *w, unsigned int depth)
{
	size_t n = 0;

	for (size_t i = 0; i < w->n_guards; i++) {
		if (w->guards[i].depth > depth)
			da_st_clear(&w->guards[i].writes);
		else
			w->guards[n++] = w->guards[i];
	}
	w->n_guards = n;
}

/* a local of the function, initialized to 0 and changed once (by that assignment) */
static bool zero_once(struct walk *w, CXCursor var)
{
	struct kids init;
	long long v = -1;
	bool yes;

	if (!da_function_local(var))
		return false;
	init = da_kids_of(var);
	yes = init.n && clang_isExpression(clang_getCursorKind(init.v[init.n - 1])) &&
	      da_const_int(init.v[init.n - 1], &v) && !v;
	free(init.v);
	return yes && da_changes(w->body, var, 1) == 1;
}

/* 'flag = value' of a flag (any value: where it is not 0, this assignment ran) */
void da_guard_flag_set(struct walk *w, CXCursor assign, const struct state *st)
{
	struct kids k = da_kids_of(assign);
	CXCursor l = k.n == 2 ? da_strip(k.v[0]) : assign;

	if (k.n == 2 && clang_getCursorKind(l) == CXCursor_DeclRefExpr &&
	    !clang_Cursor_isNull(w->body) && zero_once(w, clang_getCursorReferenced(l))) {
		da_st_clear(&w->flag.st);
		w->flag.var = clang_getCursorReferenced(l);
		w->flag.assign = assign;
		w->flag.st = da_st_copy(st);
	}
	free(k.v);
}

struct labels {
	struct walk *w;
	unsigned int before;	/* labels ahead of this offset (the block's if) */
	bool backward;
};

/* a label ahead of the block that a later goto goes back to: the block may run again */
static enum CXChildVisitResult labels_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct labels *l = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LabelStmt && da_offset_of(c) < l->before &&
	    !da_forward_only(l->w, c))
		l->backward = true;
	return l->backward ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * A flag: 'bool active = false; ... if (...) { writes; active = true; }'
 * and later 'if (active)': the flag is set only there, so where it is set
 * the block ran up to it (6.12's bnxt_rx_pkt(), xdp_active). Any value will
 * do: where it is not 0 the assignment ran (6.12's mlx5e_xmit_xdp_frame(),
 * 'num_frags = ...' under has_frags, then 'for (i = 0; i < num_frags;
 * i++)'). Only for a local flag whose initializer is 0, set by that one assignment (a statement
 * of the block itself) and never given away by address, outside any loop and
 * any backward goto's reach, and a block with no label or case.
 */
static void note_flag(struct walk *w, CXCursor then, const struct state *entry)
{
	CXCursor var = w->flag.var;
	struct kids k = da_kids_of(then);
	struct scan inside = { clang_getNullCursor(), false, false };
	struct labels back = { w, da_offset_of(then), false };
	struct addr_of esc = { var, 0, 0 };
	/* it holds after the block too: the flag is 0 wherever the block did not run */
	struct guard g = { .var = var, .ran_zero = false, .depth = 0 };
	/* the block's own statement, or the block is that statement ('if (c) n = v;') */
	bool top = clang_equalCursors(then, w->flag.assign);

	for (size_t i = 0; clang_getCursorKind(then) == CXCursor_CompoundStmt && i < k.n; i++)
		top |= clang_equalCursors(k.v[i], w->flag.assign);
	free(k.v);
	/* da_guard_flag_set() took only a local set to 0 and changed once */
	if (!top || w->loop_depth)
		return;
	clang_visitChildren(then, leaves_visit, &inside);
	clang_visitChildren(w->body, addr_visit, &esc);
	clang_visitChildren(w->body, labels_visit, &back);
	if (inside.labels || esc.all || back.backward)
		return;
	for (size_t i = 0; i < w->flag.st.n; i++)
		if (!da_st_covered(entry, w->flag.st.v[i].path))
			da_st_add(&g.writes, w->flag.st.v[i].path, w->flag.st.v[i].line,
				  w->flag.st.v[i].by);
	/*
	 * a callee's tests of its parameter's fields where the flag was set
	 * hold wherever it is not 0, unless it writes them itself (see
	 * da_facts_finish())
	 */
	if (w->pointer)
		da_facts_copy(&g.writes, &w->flag.st);
	if (g.writes.n || g.writes.n_facts)
		w->guards[w->n_guards++] = g;
}

void da_guard_note(struct walk *w, CXCursor ifstmt, const struct state *entry,
		   const struct state *end)
{
	struct kids k = da_kids_of(ifstmt);
	struct scan leaves = { clang_getNullCursor(), false, false };
	struct addr_of esc = { clang_getNullCursor(), 0, 0 };
	struct guard g = { .depth = w->block_depth };

	if (w->n_guards == DA_MAX_GUARDS || k.n != 2 || clang_Cursor_isNull(w->body))
		goto out;
	if (!clang_Cursor_isNull(w->flag.var)) {
		note_flag(w, k.v[1], entry);
		w->flag.var = clang_getNullCursor();
		da_st_clear(&w->flag.st);
	}
	if (w->n_guards == DA_MAX_GUARDS || end->dead ||
	    !test_of_var(k.v[0], &g.var, &g.ran_zero))
		goto out;
	clang_visitChildren(k.v[1], leaves_visit, &leaves);
	esc.var = g.var;
	clang_visitChildren(w->body, addr_visit, &esc);
	/* &v anywhere but straight into a call: it may change where the walk cannot see */
	if (leaves.hit || esc.all != esc.in_calls)
		goto out;
	for (size_t i = 0; i < end->n; i++)
		if (!da_st_covered(entry, end->v[i].path))
			da_st_add(&g.writes, end->v[i].path, end->v[i].line, end->v[i].by);
	if (g.writes.n)
		w->guards[w->n_guards++] = g;
out:
	free(k.v);
}

/*
 * @st is where @var is (not) 0: what the guards on it say held there; at the
 * top of the body @loop of a loop, only the facts that body cannot change
 */
static void apply_var(struct walk *w, CXCursor var, bool zero, struct state *st, CXCursor loop)
{
	for (size_t i = 0; i < w->n_guards && !st->dead; i++) {
		const struct guard *g = &w->guards[i];

		if (!clang_equalCursors(g->var, var) || g->ran_zero != zero)
			continue;
		for (size_t j = 0; j < g->writes.n; j++)
			da_write_path(w, st, g->writes.v[j].path, g->writes.v[j].line,
				      g->writes.v[j].by);
		/* at the top of a loop's body, only facts the body cannot change */
		bool facts = clang_Cursor_isNull(loop) || !da_may_write_in(w, loop, &g->writes);

		for (size_t j = 0; facts && j < g->writes.n_facts; j++) {
			const struct fact *f = &g->writes.facts[j];

			if (f->value != FACT_UNKNOWN &&
			    !da_fact_assume(w, st, f->field, f->value == FACT_NONZERO)) {
				da_st_clear(st);
				st->dead = true;
			}
		}
	}
}

void da_guard_apply(struct walk *w, CXCursor cond, struct state *then_st, struct state *else_st)
{
	CXCursor var;
	bool then_zero;

	if (!w->n_guards || !test_of_var(cond, &var, &then_zero))
		return;
	apply_var(w, var, then_zero, then_st, clang_getNullCursor());
	apply_var(w, var, !then_zero, else_st, clang_getNullCursor());
}

/*
 * for (i = 0; i < n; i++) BODY: where BODY runs, n is not 0 (i only
 * grows from 0), so what the guards on n say holds in it.
 */
void da_guard_apply_bound(struct walk *w, const struct kids *k, struct state *body)
{
	CXCursor i = k->n == 4 ? da_for_from_zero(k) : clang_getNullCursor(), c;
	struct kids b;

	CXCursor inc = k->n == 4 ? da_strip(k->v[2]) : clang_getNullCursor(), op;

	/* i only grows: ++i or i++, and the body leaves it alone */
	if (!w->n_guards || clang_Cursor_isNull(i) ||
	    clang_getCursorKind(inc) != CXCursor_UnaryOperator ||
	    (clang_getCursorUnaryOperatorKind(inc) != CXUnaryOperator_PostInc &&
	     clang_getCursorUnaryOperatorKind(inc) != CXUnaryOperator_PreInc) ||
	    !da_modifies(inc, &op) || !da_is_ref(op, CXCursor_DeclRefExpr, i) ||
	    da_changes(k->v[3], i, 0))
		return;
	c = da_strip(k->v[1]);
	b = da_kids_of(c);
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && b.n == 2 &&
	    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LT &&
	    da_is_ref(b.v[0], CXCursor_DeclRefExpr, i) &&
	    clang_getCursorKind(da_strip(b.v[1])) == CXCursor_DeclRefExpr)
		apply_var(w, clang_getCursorReferenced(da_strip(b.v[1])), false, body, k->v[3]);
	free(b.v);
}
