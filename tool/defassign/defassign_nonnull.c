// SPDX-License-Identifier: GPL-2.0-only
/*
 * Is the owner non-NULL where a hoisted local is first used? The hoist
 * replaces the local with a pointer into the owner: where the original never
 * touched a NULL owner, the rewrite would write through it. So the owner is
 * proved non-NULL, never presumed:
 * - the function dereferences it (p->f, *p, p[i]) in an expression that
 *   runs on every path before that point (a statement before it in its
 *   block or a block around it, or the condition of an if, while or switch
 *   around it), with no label or case between and no store to it after;
 * - or it is a local set only to addresses (&x, an array, container_of());
 * - or it is a parameter of a static function whose address is not taken,
 *   and every call of it in the TU gives it an address, or a variable of the
 *   caller proved non-NULL at the call the same way, a few callers up.
 * Anything else is "not proved", with the line and the reason; the caller
 * refuses the hoist. A test of it or a NULL given to it is named first.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "zerotax.h"

#define NN_MAX_DEPTH 6	/* callers up */
#define NN_MAX_ASKED 64	/* proofs in all, across callers */

struct nonnull {
	CXTranslationUnit tu;
	unsigned int asked;
	unsigned int pointer_at;	/* the hoisted local's declaration */
	const char *poll;		/* the NAPI poll check names (its napi is never NULL) */
	/* the first reason a proof failed: its line and words */
	unsigned int line;
	char *why;
};

static void fail(struct nonnull *n, unsigned int line, char *why)
{
	if (n->why) {
		free(why);
		return;
	}
	n->line = line;
	n->why = why;
}

static bool is_var(CXCursor e, CXCursor var)
{
	return da_is_ref(e, CXCursor_DeclRefExpr, var);
}

/* ---- dereferences on every path before a point ---------------------------- */

struct derefs {
	CXCursor var;
	unsigned int at;	/* the point */
	unsigned int last;	/* the last dereference before it (offset + 1); 0: none */
};

static void saw(struct derefs *d, CXCursor c)
{
	unsigned int off = da_extent_at(c, false);

	if (off < d->at && off + 1 > d->last)
		d->last = off + 1;
}

static void expr_derefs(CXCursor e, struct derefs *d, int depth);

static void kids_derefs(CXCursor e, struct derefs *d, int depth, size_t max)
{
	struct kids k = da_kids_of(e);

	for (size_t i = 0; i < k.n && i < max; i++)
		expr_derefs(k.v[i], d, depth + 1);
	free(k.v);
}

/*
 * The dereferences of d->var that @e makes whenever it is evaluated: not
 * under '&' (no load), sizeof, a statement expression, the branches of
 * '?:' or the right of '&&'/'||'. It is one piece: a switch over the expression
 * kinds, one case each, read as a table.
 */
static void expr_derefs(CXCursor e, struct derefs *d, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct kids kids;
	bool pointer_base;

	if (depth > 64)
		return;
	switch (k) {
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(e)) {
		case CXUnaryOperator_AddrOf:
			return;
		case CXUnaryOperator_Deref:
			kids = da_kids_of(e);
			if (kids.n == 1 && is_var(kids.v[0], d->var))
				saw(d, e);
			free(kids.v);
			break;
		default:
			break;
		}
		kids_derefs(e, d, depth, SIZE_MAX);
		return;
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		kids = da_kids_of(e);
		/* an array member decays to an address: nothing is loaded */
		pointer_base = kids.n && is_var(kids.v[0], d->var) &&
			       clang_getCursorType(d->var).kind == CXType_Pointer &&
			       clang_getCursorType(e).kind != CXType_ConstantArray;
		free(kids.v);
		if (pointer_base)
			saw(d, e);
		kids_derefs(e, d, depth, SIZE_MAX);
		return;
	case CXCursor_BinaryOperator:
		switch (clang_getCursorBinaryOperatorKind(e)) {
		case CXBinaryOperator_LAnd:
		case CXBinaryOperator_LOr:
			kids_derefs(e, d, depth, 1);
			return;
		default:
			kids_derefs(e, d, depth, SIZE_MAX);
			return;
		}
	case CXCursor_ConditionalOperator:
		kids_derefs(e, d, depth, 1);
		return;
	case CXCursor_GenericSelectionExpr:	/* _Generic: its controlling expression is not */
	case CXCursor_UnaryExpr:	/* sizeof, alignof: not evaluated */
	case CXCursor_StmtExpr:		/* its own statements: not followed */
		return;
	case CXCursor_UnexposedExpr:
		/* one child: an implicit conversion; more (_Generic, a GNU '?:'): not followed */
		kids = da_kids_of(e);
		if (kids.n == 1)
			expr_derefs(kids.v[0], d, depth + 1);
		free(kids.v);
		return;
	case CXCursor_CStyleCastExpr:
		/* (void)p->f: a value nobody uses may be loaded or not */
		if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Void)
			return;
		kids_derefs(e, d, depth, SIZE_MAX);
		return;
	case CXCursor_CallExpr: {
		/* __builtin_constant_p(), __builtin_expect(): not every one evaluates */
		char *name = da_spelling(e);
		bool builtin = !strncmp(name, "__builtin", 9);

		free(name);
		if (!builtin)
			kids_derefs(e, d, depth, SIZE_MAX);
		return;
	}
	case CXCursor_VarDecl:
		/* its initializer only: a typeof() in its type is not evaluated */
		kids = da_kids_of(e);
		if (kids.n && clang_isExpression(clang_getCursorKind(kids.v[kids.n - 1])) &&
		    clang_getCursorType(e).kind != CXType_VariableArray)
			expr_derefs(kids.v[kids.n - 1], d, depth + 1);
		free(kids.v);
		return;
	default:
		if (clang_isExpression(k) || k == CXCursor_DeclStmt)
			kids_derefs(e, d, depth, SIZE_MAX);
		return;
	}
}

/* What a statement before the point evaluates on every path through it. */
static void stmt_derefs(CXCursor s, struct derefs *d)
{
	enum CXCursorKind k = clang_getCursorKind(s);

	if (k == CXCursor_DeclStmt || clang_isExpression(k)) {
		expr_derefs(s, d, 0);
	} else if (k == CXCursor_IfStmt || k == CXCursor_WhileStmt ||
		   k == CXCursor_SwitchStmt) {
		struct kids kids = da_kids_of(s);

		if (kids.n)
			expr_derefs(kids.v[0], d, 0);
		free(kids.v);
	} else if (k == CXCursor_CompoundStmt) {
		struct kids kids = da_kids_of(s);

		for (size_t i = 0; i < kids.n; i++)
			stmt_derefs(kids.v[i], d);
		free(kids.v);
	}
}

static bool contains(CXCursor c, unsigned int at)
{
	return da_extent_at(c, false) <= at && at <= da_extent_at(c, true);
}

/*
 * Down the blocks around the point: the statements before it, and the
 * condition of each if, while or switch it is in the body of.
 */
static void chain_derefs(CXCursor s, struct derefs *d, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct kids kids;

	if (depth > 64)
		return;
	kids = da_kids_of(s);
	if (k == CXCursor_CompoundStmt) {
		for (size_t i = 0; i < kids.n; i++) {
			if (contains(kids.v[i], d->at)) {
				chain_derefs(kids.v[i], d, depth + 1);
				break;
			}
			stmt_derefs(kids.v[i], d);
		}
	} else if (k == CXCursor_IfStmt || k == CXCursor_WhileStmt ||
		   k == CXCursor_SwitchStmt) {
		if (kids.n && !contains(kids.v[0], d->at)) {
			expr_derefs(kids.v[0], d, 0);
			for (size_t i = 1; i < kids.n; i++)
				if (contains(kids.v[i], d->at))
					chain_derefs(kids.v[i], d, depth + 1);
		}
	} else if (k == CXCursor_ForStmt || k == CXCursor_DoStmt || k == CXCursor_LabelStmt ||
		   k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
		/* a loop's body runs its earlier statements before the point each turn */
		for (size_t i = 0; i < kids.n; i++)
			if (contains(kids.v[i], d->at) &&
			    (clang_getCursorKind(kids.v[i]) == CXCursor_CompoundStmt ||
			     clang_isStatement(clang_getCursorKind(kids.v[i]))))
				chain_derefs(kids.v[i], d, depth + 1);
	}
	free(kids.v);
}

/* ---- what else the function does to it ------------------------------------ */

struct changes {
	CXCursor var;
	unsigned int from, to;	/* a label or case in (from, to] */
	unsigned int jump;	/* its line */
	unsigned int store;	/* the line of a store to it after @from (or of &var anywhere) */
	bool only_addresses;	/* every store is an address */
	CXTranslationUnit tu;
	unsigned int switch_body;	/* the innermost switch's body, where it starts */
};

static enum CXChildVisitResult mentions_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	CXCursor *var = d;

	(void)parent;
	if (is_var(c, *var)) {
		*var = clang_getNullCursor();
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool mentions(CXCursor c, CXCursor var)
{
	clang_visitChildren(c, mentions_visit, &var);
	return clang_Cursor_isNull(var);
}

static enum CXChildVisitResult changes_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct changes *ch = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned int at = da_extent_at(c, false);
	CXCursor op;

	(void)parent;
	if (k == CXCursor_SwitchStmt) {
		/* its cases are reached from its start: past a dereference only inside it */
		struct kids sw = da_kids_of(c);
		unsigned int saved = ch->switch_body;

		ch->switch_body = sw.n ? da_extent_at(sw.v[sw.n - 1], false) : 0;
		free(sw.v);
		clang_visitChildren(c, changes_visit, ch);
		ch->switch_body = saved;
		return CXChildVisit_Continue;
	}
	if ((k == CXCursor_LabelStmt ||
	     ((k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) &&
	      ch->switch_body <= ch->from)) &&
	    at > ch->from && at <= ch->to && !ch->jump)
		ch->jump = da_line_of(c);
	if (k == CXCursor_AsmStmt) {
		/* an asm statement naming it may write it */
		if (mentions(c, ch->var) && !ch->store) {
			ch->store = da_line_of(c);
			ch->only_addresses = false;
		}
		return CXChildVisit_Continue;
	}
	/*
	 * an assignment, ++ or -- after @from (da_modifies()); '&p' anywhere:
	 * it may be stored where this does not look
	 */
	if (da_modifies(c, &op) && is_var(op, ch->var)) {
		ch->only_addresses = false;
		if ((at > ch->from ||
		     (k == CXCursor_UnaryOperator &&
		      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)) &&
		    !ch->store)
			ch->store = da_line_of(c);
	}
	return CXChildVisit_Recurse;
}

static struct changes changes_of(CXCursor def, CXCursor var, unsigned int from, unsigned int to)
{
	struct changes ch = { var, from, to, 0, 0, true, clang_Cursor_getTranslationUnit(def), 0 };

	clang_visitChildren(def, changes_visit, &ch);
	return ch;
}

/* ---- values that are never NULL ------------------------------------------ */

static bool nonnull_at(struct nonnull *n, CXCursor def, CXCursor var, unsigned int at, int depth);
static bool value_nonnull(struct nonnull *n, CXCursor def, CXCursor e, unsigned int at,
			  int depth);

/* &o is never NULL: o is a variable, or a member or element of one, or of *p with p so. */
static bool object_nonnull(struct nonnull *n, CXCursor def, CXCursor o, unsigned int at,
			   int depth)
{
	enum CXCursorKind k;
	struct kids kids;
	bool ok = false;

	o = da_strip(o);
	k = clang_getCursorKind(o);
	if (k == CXCursor_DeclRefExpr) {
		CXCursor v = clang_getCursorReferenced(o);

		enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(v)).kind;

		/* a parameter declared as an array is a pointer */
		return (clang_getCursorKind(v) == CXCursor_VarDecl ||
			(clang_getCursorKind(v) == CXCursor_ParmDecl &&
			 tk != CXType_ConstantArray && tk != CXType_IncompleteArray &&
			 tk != CXType_VariableArray && tk != CXType_DependentSizedArray)) &&
		       tk != CXType_Pointer;
	}
	if (k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr &&
	    !(k == CXCursor_UnaryOperator &&
	      clang_getCursorUnaryOperatorKind(o) == CXUnaryOperator_Deref))
		return false;
	kids = da_kids_of(o);
	if (kids.n) {
		CXType bt = clang_getCanonicalType(clang_getCursorType(kids.v[0]));

		ok = bt.kind == CXType_Pointer ? value_nonnull(n, def, kids.v[0], at, depth) :
						 object_nonnull(n, def, kids.v[0], at, depth);
	}
	free(kids.v);
	return ok;
}

/* @e, evaluated at @at of @def, is never NULL. */
static bool value_nonnull(struct nonnull *n, CXCursor def, CXCursor e, unsigned int at,
			  int depth)
{
	enum CXCursorKind k;
	struct kids kids;
	bool ok = false;
	CXCursor v;

	e = da_strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
		kids = da_kids_of(e);
		ok = kids.n == 1 && object_nonnull(n, def, kids.v[0], at, depth);
		free(kids.v);
		return ok;
	}
	if (k == CXCursor_CStyleCastExpr || k == CXCursor_ParenExpr) {
		kids = da_kids_of(e);
		ok = kids.n && value_nonnull(n, def, kids.v[kids.n - 1], at, depth);
		free(kids.v);
		return ok;
	}
	/* container_of() as it expands: (T *)((char *)p - off), ({ ...; (T *)(__mptr - off); }) */
	if (k == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub ||
	     clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add)) {
		kids = da_kids_of(e);
		ok = kids.n == 2 &&
		     clang_getCanonicalType(clang_getCursorType(kids.v[0])).kind == CXType_Pointer &&
		     value_nonnull(n, def, kids.v[0], at, depth);
		free(kids.v);
		return ok;
	}
	if (k == CXCursor_StmtExpr) {
		struct kids body = { 0 };

		kids = da_kids_of(e);
		if (kids.n)
			body = da_kids_of(kids.v[0]);
		ok = body.n && value_nonnull(n, def, body.v[body.n - 1], at, depth);
		free(body.v);
		free(kids.v);
		return ok;
	}
	if (k != CXCursor_DeclRefExpr)
		return false;
	v = clang_getCursorReferenced(e);
	/* an array's address; a parameter declared as an array is a pointer */
	if (clang_getCursorType(v).kind == CXType_ConstantArray &&
	    clang_getCursorKind(v) == CXCursor_VarDecl)
		return true;
	if (clang_getCursorKind(v) != CXCursor_VarDecl && clang_getCursorKind(v) != CXCursor_ParmDecl)
		return false;
	return nonnull_at(n, def, v, at, depth + 1);
}

/* ---- the callers of a static function ------------------------------------- */

struct callers {
	struct nonnull *n;
	CXCursor fn;		/* canonical */
	unsigned int param;
	int depth;
	CXCursor caller;	/* the definition being visited */
	unsigned int refs, calls;
	unsigned int ref_line;	/* a reference that is not a call */
	bool ok;
};

static bool refers_fn(CXCursor c, CXCursor fn)
{
	CXCursor r = clang_getCursorReferenced(c);

	return !clang_Cursor_isNull(r) &&
	       clang_equalCursors(clang_getCanonicalCursor(r), fn);
}

static void check_arg(struct callers *cs, CXCursor call)
{
	struct nonnull *n = cs->n;
	CXCursor arg = clang_Cursor_getArgument(call, cs->param), v;
	char *name, *caller;

	if (value_nonnull(n, cs->caller, arg, da_extent_at(call, false), cs->depth))
		return;
	caller = da_spelling(cs->caller);
	if (da_is_null_pointer(arg)) {
		fail(n, da_line_of(call), xasprintf("%s() gives it NULL at line %u", caller,
						    da_line_of(call)));
		cs->ok = false;
		free(caller);
		return;
	}
	v = clang_getCursorReferenced(da_strip(arg));
	{
		name = da_spelling(clang_getCursorKind(da_strip(arg)) == CXCursor_DeclRefExpr ?
					   v : clang_getNullCursor());
		fail(n, da_line_of(call),
		     xasprintf("%s() gives it %s%s%s at line %u, which nothing proves non-NULL",
			       caller, name[0] ? "'" : "a value", name, name[0] ? "'" : "",
			       da_line_of(call)));
		free(name);
		cs->ok = false;
	}
	free(caller);
}

static enum CXChildVisitResult callers_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct callers *cs = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!cs->ok)
		return CXChildVisit_Break;
	if (k == CXCursor_FunctionDecl) {
		CXCursor saved = cs->caller;

		if (!clang_isCursorDefinition(c))
			return CXChildVisit_Continue;
		cs->caller = c;
		clang_visitChildren(c, callers_visit, cs);
		cs->caller = saved;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_DeclRefExpr && refers_fn(c, cs->fn)) {
		cs->refs++;
		if (cs->refs > cs->calls && !cs->ref_line)
			cs->ref_line = da_line_of(c);
	}
	if (k == CXCursor_CallExpr && refers_fn(c, cs->fn)) {
		cs->calls++;
		if (cs->param >= (unsigned int)clang_Cursor_getNumArguments(c) ||
		    clang_Cursor_isNull(cs->caller)) {
			fail(cs->n, da_line_of(c),
			     xasprintf("a call at line %u does not give it", da_line_of(c)));
			cs->ok = false;
			return CXChildVisit_Break;
		}
		check_arg(cs, c);
	}
	return CXChildVisit_Recurse;
}

/* "fn" in the function's file: __attribute__((alias("fn"))), an asm .set, ... */
static bool named_in_a_string(CXCursor def, const char *name)
{
	CXFile file = NULL;
	size_t size = 0;
	const char *text;

	clang_getExpansionLocation(clang_getCursorLocation(def), &file, NULL, NULL, NULL);
	text = file ? clang_getFileContents(clang_Cursor_getTranslationUnit(def), file, &size) :
		      NULL;
	if (!text)
		return true;	/* not read: not known */
	return zt_named_in_a_string(text, size, name);
}

/* Every call of @def in the TU gives parameter @param a value proved non-NULL. */
static bool callers_give_nonnull(struct nonnull *n, CXCursor def, unsigned int param, int depth)
{
	struct callers cs = { n, clang_getCanonicalCursor(def), param, depth,
			      clang_getNullCursor(), 0, 0, 0, true };
	char *name = da_spelling(def);

	if (clang_getCursorLinkage(def) != CXLinkage_Internal) {
		fail(n, da_line_of(def),
		     xasprintf("%s() is not static: its callers in other files are not seen",
			       name));
		cs.ok = false;
		goto out;
	}
	if (named_in_a_string(def, name)) {
		fail(n, da_line_of(def),
		     xasprintf("%s is named in a string of its file (an alias?): its callers "
			       "are not all seen", name));
		cs.ok = false;
		goto out;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(n->tu), callers_visit, &cs);
	/* a reference that is not a call: its address taken, called from anywhere */
	if (cs.ok && cs.refs != cs.calls) {
		fail(n, cs.ref_line,
		     xasprintf("the address of %s() is taken at line %u: its callers are not "
			       "all seen", name, cs.ref_line));
		cs.ok = false;
	}
	if (cs.ok && !cs.calls) {
		fail(n, da_line_of(def), xasprintf("%s() has no caller in its file", name));
		cs.ok = false;
	}
out:
	free(name);
	return cs.ok;
}

/* ---- the proof ------------------------------------------------------------ */

static char *type_name(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getUnqualifiedType(t));
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

static bool napi_param_of_poll(CXCursor def, CXCursor var, const char *poll)
{
	char *name = da_spelling(def), *type;
	bool yes;

	type = type_name(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(var))));
	yes = !strcmp(name, poll) && !strcmp(type, "struct napi_struct");
	free(name);
	free(type);
	return yes;
}

static int param_index(CXCursor def, CXCursor var)
{
	int np = clang_Cursor_getNumArguments(def);

	for (int i = 0; i < np; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(def, (unsigned int)i), var))
			return i;
	return -1;
}

/*
 * @var (of @def) is not NULL at offset @at on every path. At depth 0, the
 * owner of the hoisted local: the new pointer is computed at the
 * declaration (@n->pointer_at), so nothing may store to it from there on.
 */
static bool nonnull_at(struct nonnull *n, CXCursor def, CXCursor var, unsigned int at, int depth)
{
	struct derefs d = { var, at, 0 };
	struct changes ch;
	CXCursor body = da_body_of(def);
	struct kids kids;
	unsigned int from;
	int param;
	bool ok;

	if (depth > NN_MAX_DEPTH || ++n->asked > NN_MAX_ASKED) {
		fail(n, da_line_of(def),
		     xasprintf("proving it means following callers past %d calls up or %d "
			       "values in all", NN_MAX_DEPTH, NN_MAX_ASKED));
		return false;
	}
	/* a global may be changed by any callee in between */
	if (clang_Cursor_isNull(body) ||
	    (clang_getCursorKind(var) != CXCursor_ParmDecl && !da_function_local(var)))
		return false;
	chain_derefs(body, &d, 0);
	if (d.last) {
		from = d.last - 1;
		if (!depth && n->pointer_at < from)
			from = n->pointer_at;
		ch = changes_of(def, var, from, at);
		if (!ch.store && !ch.jump)
			return true;
	}
	/* no dereference to lean on: what it is set to */
	ch = changes_of(def, var, 0, 0);
	if (ch.store) {
		char *fn = da_spelling(def), *name = da_spelling(var);

		fail(n, ch.store, xasprintf("%s() changes '%s' at line %u", fn, name, ch.store));
		free(fn);
		free(name);
		return false;
	}
	if (clang_getCursorKind(var) == CXCursor_VarDecl) {
		kids = da_kids_of(var);
		/* its initializer is its last child; none: it starts indeterminate */
		ok = kids.n && clang_isExpression(clang_getCursorKind(kids.v[kids.n - 1])) &&
		     value_nonnull(n, def, kids.v[kids.n - 1], da_extent_at(var, false), depth);
		free(kids.v);
		return ok;
	}
	param = param_index(def, var);
	if (param < 0)
		return false;
	if (n->poll && napi_param_of_poll(def, var, n->poll))
		return true;	/* the kernel gives a poll its NAPI instance, never NULL */
	return callers_give_nonnull(n, def, (unsigned int)param, depth);
}

/* ---- the message when it is not proved ------------------------------------ */

struct null_test {
	CXCursor param;
	unsigned int line;
};

/* The parameter as a truth value: "!p", "p == NULL", "if (p)", "p && ...", "p ? :". */
static enum CXChildVisitResult null_test_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct null_test *n = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;
	bool hit = false;

	(void)parent;
	kids = da_kids_of(c);
	if (k == CXCursor_UnaryOperator && kids.n == 1 &&
	    clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot)
		hit = is_var(kids.v[0], n->param);
	if (k == CXCursor_BinaryOperator && kids.n == 2) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);

		if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE)
			hit = (is_var(kids.v[0], n->param) && da_is_null_pointer(kids.v[1])) ||
			      (is_var(kids.v[1], n->param) && da_is_null_pointer(kids.v[0]));
		if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)
			hit = is_var(kids.v[0], n->param) || is_var(kids.v[1], n->param);
	}
	if ((k == CXCursor_IfStmt || k == CXCursor_WhileStmt ||
	     k == CXCursor_ConditionalOperator) && kids.n)
		hit = is_var(kids.v[0], n->param);
	free(kids.v);
	if (hit) {
		n->line = da_line_of(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

struct first_use {
	CXCursor decl;
	unsigned int at;
};

static enum CXChildVisitResult first_use_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct first_use *u = d;
	unsigned int at;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), u->decl)) {
		at = da_extent_at(c, false);
		if (at < u->at)
			u->at = at;
	}
	return CXChildVisit_Recurse;
}

struct block_of {
	CXCursor decl, block;
	unsigned int decl_stmt;	/* index of its DeclStmt in the block */
};

static enum CXChildVisitResult block_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct block_of *b = d;
	struct kids k;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	k = da_kids_of(c);
	for (size_t i = 0; i < k.n && clang_Cursor_isNull(b->block); i++) {
		struct kids dk;

		if (clang_getCursorKind(k.v[i]) != CXCursor_DeclStmt)
			continue;
		dk = da_kids_of(k.v[i]);
		for (size_t j = 0; j < dk.n; j++)
			if (clang_equalCursors(dk.v[j], b->decl)) {
				b->block = c;
				b->decl_stmt = (unsigned int)i;
			}
		free(dk.v);
	}
	free(k.v);
	return clang_Cursor_isNull(b->block) ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static enum CXChildVisitResult goto_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	bool *any = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_GotoStmt ||
	    clang_getCursorKind(c) == CXCursor_IndirectGotoStmt) {
		*any = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * @var dereferenced by a statement of @decl's block after it and before its
 * first use, with no goto and no store to @var from the declaration on.
 * Not with stores kept from the initializer (@at_decl): they write there.
 */
static bool deref_in_block(CXCursor def, CXCursor decl, CXCursor var, bool at_decl)
{
	struct block_of b = { decl, clang_getNullCursor(), 0 };
	struct first_use u = { decl, UINT_MAX };
	struct derefs d = { var, 0, 0 };
	struct kids k;
	bool ok = false, jumps = false;

	if (at_decl)
		return false;
	clang_visitChildren(def, first_use_visit, &u);
	clang_visitChildren(def, block_visit, &b);
	if (clang_Cursor_isNull(b.block) || u.at == UINT_MAX)
		return false;
	d.at = u.at;
	k = da_kids_of(b.block);
	for (size_t i = b.decl_stmt + 1; i < k.n && !ok && !jumps; i++) {
		if (da_extent_at(k.v[i], true) >= u.at)
			break;	/* the statement of the first use: its own order is not known */
		stmt_derefs(k.v[i], &d);
		ok = d.last != 0;
		if (!ok)
			clang_visitChildren(k.v[i], goto_visit, &jumps);
	}
	free(k.v);
	return ok && !jumps && !changes_of(def, var, da_extent_at(decl, false), u.at).store &&
	       !changes_of(def, var, da_extent_at(decl, false), u.at).jump;
}

void da_owner_nonnull(CXCursor def, CXCursor decl, const struct zt_da_hoist_query *q,
		      bool at_decl, struct zt_da_hoist *h)
{
	const char *owner = q->owner;
	struct nonnull n = { clang_Cursor_getTranslationUnit(def), 0, da_extent_at(decl, false),
			     q->poll, 0, NULL };
	struct first_use u = { decl, UINT_MAX };
	struct null_test t = { clang_getNullCursor(), 0 };
	int np = clang_Cursor_getNumArguments(def);
	char *fn;

	for (int i = 0; i < np && clang_Cursor_isNull(t.param); i++) {
		CXCursor p = clang_Cursor_getArgument(def, (unsigned int)i);
		char *name = da_spelling(p);

		if (!strcmp(name, owner))
			t.param = p;
		free(name);
	}
	if (clang_Cursor_isNull(t.param))
		return;	/* a local owner (the poll's container): not a parameter */
	/*
	 * Proved at the declaration, where the new pointer is computed: a use on
	 * any path comes after it. Or by a dereference in a statement of the
	 * declaration's own block after it and before the first use, which runs
	 * before every use (nothing may jump over it: no goto in between, and a
	 * jump into the block past the declaration refuses the hoist anyway).
	 */
	(void)at_decl;
	u.at = da_extent_at(decl, false);
	if (nonnull_at(&n, def, t.param, u.at, 0) ||
	    deref_in_block(def, decl, t.param, at_decl)) {
		free(n.why);
		return;
	}
	/* check's proof is of the value on entry: nothing here may change it */
	if (q->owner_nonnull && !changes_of(def, t.param, 0, 0).store) {
		free(n.why);
		return;
	}
	fn = da_spelling(def);
	clang_visitChildren(def, null_test_visit, &t);
	if (t.line) {
		free(n.why);
		n.why = xasprintf("%s() tests it at line %u", fn, t.line);
		n.line = t.line;
	} else if (q->owner_maybe_null && (!n.why || strstr(n.why, "is not static"))) {
		/* the program's callers say more than "not seen" */
		free(n.why);
		n.why = xasprintf("%s (check, over the program)", q->owner_maybe_null);
		n.line = da_line_of(decl);
	} else if (!n.why) {
		n.why = xasprintf("%s() does not dereference it before line %u on every path, "
				  "and nothing it is set to is an address",
				  fn, da_line_of(decl));
		n.line = da_line_of(decl);
	}
	free(fn);
	h->null_line = n.line ? n.line : da_line_of(decl);
	h->null_why = n.why;
}
