// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, how paths end and meet: returns (and what a callee
 * writes by the code it returns), gotos and the labels of the error ladder,
 * and the counted loops whose body runs.
 */
#include <stdlib.h>
#include <string.h>

#include "defassign_int.h"
#include "zerotax.h"

/* ---- return codes (struct pending_code) ---------------------------------- */

void da_pending_clear(struct walk *w)
{
	da_st_clear(&w->code.zero);
	da_st_clear(&w->code.nonneg);
	w->code.set = false;
	w->code.call = clang_getNullCursor();
	w->code.var = clang_getNullCursor();
}

/* Is @c (stripped) the pending call, or the variable its result went to? */
bool da_pending_result(const struct walk *w, CXCursor c)
{
	c = da_strip(c);
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		return clang_equalCursors(c, w->code.call);
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	       !clang_Cursor_isNull(w->code.var) &&
	       clang_equalCursors(clang_getCursorReferenced(c), w->code.var);
}

static bool is_zero(CXCursor c)
{
	long long v;

	return da_literal_index(c, &v) && !v;
}

/*
 * Which branch of 'if (@cond)' the pending call's result takes when it is 0
 * (or >= 0): 'if (err)', 'if (f(&x))', 'if (!f(&x))', 'if (err < 0)',
 * 'if (unlikely(err))', 'if (f(&x) != 0)', ...
 */
CXCursor da_test_core(CXCursor cond, bool *neg)
{
	CXCursor c = da_strip(cond);
	bool more;

	*neg = false;
	do {
		struct kids k = da_kids_of(c);

		more = false;
		if (clang_getCursorKind(c) == CXCursor_UnaryOperator && k.n == 1 &&
		    clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot) {
			*neg = !*neg;
			c = da_strip(k.v[0]);
			more = true;
		} else if (clang_getCursorKind(c) == CXCursor_CallExpr && k.n == 3) {
			char *name = da_spelling(c);

			/* likely()/unlikely() */
			if (!strcmp(name, "__builtin_expect")) {
				c = da_strip(k.v[1]);
				more = true;
			}
			free(name);
		}
		free(k.v);
	} while (more);
	return c;
}

enum code_branch da_code_test(const struct walk *w, CXCursor cond)
{
	bool neg;
	enum code_branch r = CODE_NONE;
	CXCursor c = da_test_core(cond, &neg);
	struct kids k;

	if (!w->code.set)
		return CODE_NONE;
	if (da_pending_result(w, c)) {
		r = CODE_ZERO_ELSE;
	} else if (clang_getCursorKind(c) == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);

		k = da_kids_of(c);
		if (k.n == 2 && da_pending_result(w, k.v[0]) && is_zero(k.v[1])) {
			r = op == CXBinaryOperator_NE ? CODE_ZERO_ELSE :
			    op == CXBinaryOperator_EQ ? CODE_ZERO_THEN :
			    op == CXBinaryOperator_LT ? CODE_NONNEG_ELSE :
			    op == CXBinaryOperator_GE ? CODE_NONNEG_THEN : CODE_NONE;
		}
		free(k.v);
	}
	if (neg && r != CODE_NONE)
		r = r == CODE_ZERO_ELSE ? CODE_ZERO_THEN : r == CODE_ZERO_THEN ? CODE_ZERO_ELSE :
		    r == CODE_NONNEG_ELSE ? CODE_NONNEG_THEN : CODE_NONNEG_ELSE;
	return r;
}

/* What the pending call writes when its result is @r's, into @st (a branch). */
void da_code_writes(struct walk *w, struct state *st, enum code_branch r)
{
	const struct state *from = r == CODE_ZERO_THEN || r == CODE_ZERO_ELSE ? &w->code.zero :
									      &w->code.nonneg;

	for (size_t k = 0; k < from->n; k++)
		da_write_path(w, st, from->v[k].path, from->v[k].line, from->v[k].by);
}

/* The label a goto names, or a null cursor. */
static CXCursor goto_label(CXCursor c)
{
	struct kids k = da_kids_of(c);
	CXCursor l = clang_getNullCursor();

	if (k.n && clang_getCursorKind(k.v[0]) == CXCursor_LabelRef)
		l = clang_getCursorReferenced(k.v[0]);
	free(k.v);
	return l;
}

unsigned int da_offset_of(CXCursor c)
{
	unsigned int off = 0;

	clang_getSpellingLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
	return off;
}

struct label_in *da_label_in(struct walk *w, CXCursor label, bool add)
{
	/* by where the label is: a LabelRef's referenced cursor is not always equal to it */
	for (size_t i = 0; i < w->n_labels; i++)
		if (da_offset_of(w->labels[i].label) == da_offset_of(label))
			return &w->labels[i];
	if (!add)
		return NULL;
	ZT_ALLOC_GROW(w->labels, w->n_labels + 1, w->alloc_labels);
	w->labels[w->n_labels] = (struct label_in){ label, { .dead = true } };
	return &w->labels[w->n_labels++];
}

struct backward {
	CXCursor label;
	unsigned int at;	/* the label's offset */
	bool hit;
};

static enum CXChildVisitResult backward_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct backward *b = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_IndirectGotoStmt)
		b->hit = true;
	else if (k == CXCursor_GotoStmt && da_offset_of(goto_label(c)) == b->at &&
		 da_offset_of(c) > b->at)
		b->hit = true;
	return b->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * The error ladder: a label every goto of which comes before it (and no
 * computed goto in the function) is reached with what every one of those
 * gotos, and the fall-through, had written. Anything else about it, and it
 * is reached with nothing written.
 */
bool da_forward_only(struct walk *w, CXCursor label)
{
	struct backward b = { label, da_offset_of(label), false };

	if (clang_Cursor_isNull(w->body) || !w->declared)
		return false;
	clang_visitChildren(w->body, backward_visit, &b);
	return !b.hit;
}

static void exit_join(struct state *into, bool *set, const struct state *st)
{
	struct state e = da_st_copy(st);

	if (*set)
		da_st_join(NULL, into, into, &e, 0);
	else
		da_st_move(into, &e);
	*set = true;
}

void da_exit(struct walk *w, const struct state *st, const CXCursor *ret)
{
	struct state whole = da_st_copy_whole(st);
	long long v = 0;
	bool known = false;

	if (ret)
		known = da_const_int(*ret, &v);
	exit_join(&w->exit, &w->exit_set, &whole);
	if (!known || !v)
		exit_join(&w->exit_zero, &w->exit_zero_set, &whole);
	if (!known || v >= 0)
		exit_join(&w->exit_nonneg, &w->exit_nonneg_set, &whole);
	da_st_clear(&whole);
}

void da_jump(struct walk *w, CXCursor c, struct state *st, enum CXCursorKind kind)
{
	if (kind == CXCursor_GotoStmt && !clang_Cursor_isNull(w->body)) {
		CXCursor l = goto_label(c);
		struct label_in *in = clang_Cursor_isNull(l) ? NULL : da_label_in(w, l, true);
		/* before the declaration: a jump over it reaches the label with nothing */
		struct state s = !w->declared ? (struct state){ 0 } : da_st_copy_whole(st);

		if (in)
			da_st_join(NULL, &in->st, &in->st, &s, 0);
		else
			da_st_clear(&s);
	}
	/* a break of a switch: the state after the switch is joined from it */
	if (kind == CXCursor_BreakStmt && w->brk && !st->dead) {
		struct state s = da_st_copy_whole(st);

		da_st_join(w, w->brk, w->brk, &s, da_line_of(c));
	}
	if (kind == CXCursor_ContinueStmt && w->cont && !st->dead) {
		struct state s = da_st_copy_whole(st);

		da_st_join(w, w->cont, w->cont, &s, da_line_of(c));
	}
	if (kind == CXCursor_ReturnStmt) {
		struct kids k = da_kids_of(c);

		da_kids_walk(w, c, st, 0);
		if (w->pointer && !st->dead)
			da_exit(w, st, k.n ? &k.v[0] : NULL);
		free(k.v);
	}
	da_st_clear(st);
	st->dead = true;
}

/* ---- counted loops ------------------------------------------------------- */

static enum CXChildVisitResult jump_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
	    k == CXCursor_IndirectGotoStmt || k == CXCursor_ContinueStmt ||
	    k == CXCursor_LabelStmt) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * for (i = 0; i < N; i++) BODY, N > 0, BODY without a jump: BODY runs, and
 * x[i] in it is every element of an array of N. *@var gets i.
 */
bool da_counted_loop(const struct kids *k, CXCursor *var, long long *n)
{
	struct kids cond;
	CXCursor v;
	bool ok = false;

	v = da_for_from_zero(k);
	if (clang_Cursor_isNull(v))
		return false;
	cond = da_kids_of(k->v[1]);
	if (!clang_Cursor_isNull(v) && cond.n == 2) {
		CXCursor l = da_strip(cond.v[0]);

		ok = clang_getCursorKind(l) == CXCursor_DeclRefExpr &&
		     clang_equalCursors(clang_getCursorReferenced(l), v) &&
		     da_literal_index(cond.v[1], n) && *n > 0;
	}
	free(cond.v);
	/*
	 * Every element only when the step is one and nothing else moves the
	 * counter: not the body, not a callee given its address.
	 */
	ok = ok && !da_jumps_in(k->v[3]) && da_loop_steps_one(k->v[2], v) &&
	     !da_changes(k->v[3], v, 0);
	*var = ok ? v : clang_getNullCursor();
	return ok;
}

bool da_jumps_in(CXCursor body)
{
	bool jumps = false;

	clang_visitChildren(body, jump_visit, &jumps);
	return jumps;
}
