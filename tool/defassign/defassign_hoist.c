// SPDX-License-Identifier: GPL-2.0-only
/*
 * What moving a local into its per-queue owner needs of its function, beyond
 * its bytes: the pointer declared where the local was must be initialized
 * before every use (no jump enters its scope past it), the local must not be
 * used after a call that lets the NAPI instance go or may (after
 * napi_complete_done() the same poll may run on another CPU and fill the
 * same copy), and the owner must be proved non-NULL (defassign_nonnull.c).
 * What is not proved refuses (docs/fix.md says the one assumption: the
 * kernel lets go only through rules/kernel.conf's napi-release functions).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "zerotax.h"

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
	    da_extent_at(clang_getCursorReferenced(c), false) == g->label) {
		at = da_extent_at(c, false);
		if (at < g->decl || at > g->scope_end)
			g->outside = true;
	}
	return g->outside ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static enum CXChildVisitResult bypass_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct bypass *b = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned int at = da_extent_at(c, false), saved;

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
	b.decl = da_extent_at(decl, false);
	b.scope_end = da_extent_at(q.found, true);
	clang_visitChildren(def, bypass_visit, &b);
	return b.line;
}

/* ---- a use after the instance lets go ------------------------------------- */

enum lets_go { GO_NO, GO_YES, GO_MAYBE };

/*
 * Which calls let the NAPI instance go: a napi-release function, or a
 * function of the driver whose body calls one, however deep (each body
 * walked once). A call through a pointer, a body that is one
 * configuration's, defined twice or past the TU limit may: the walk stops
 * there. A function the driver does not define (the resolver knows no body)
 * is the kernel's, which lets a driver's instance go only through the
 * functions napi-release names (docs/fix.md).
 */
struct release_walk {
	struct da *da;
	const struct zt_da_hoist_query *q;
	struct zt_strvec walked;	/* bodies walked, or being walked: USRs */
	char *inner;			/* the release reached, or the call not followed */
	enum zt_da_unknown why;		/* GO_MAYBE: why */
};

static bool is_release(const struct zt_da_hoist_query *q, const char *name)
{
	for (size_t i = 0; q->releases && q->releases[i]; i++)
		if (!strcmp(q->releases[i], name))
			return true;
	return false;
}

static enum lets_go call_lets_go(struct release_walk *rw, CXCursor body, CXCursor call);
static enum lets_go fn_lets_go(struct release_walk *rw, CXCursor ref, CXTranslationUnit tu,
			       char *name);

struct body_go {
	struct release_walk *rw;
	CXCursor body;
	enum lets_go go;
};

static enum CXChildVisitResult body_go_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct body_go *b = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		b->go = call_lets_go(b->rw, b->body, c);
	return b->go == GO_NO ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static void stop(struct release_walk *rw, char *inner, enum zt_da_unknown why)
{
	free(rw->inner);
	rw->inner = inner;
	rw->why = why;
}

/*
 * A call through a function-pointer field: each function the program stores
 * there (check says which), walked as called; a kernel struct's field (the
 * XDP program's bpf_func, another device's ops) is the kernel's, as a
 * function without a body is; a pointer in a local or parameter, or a field
 * whose values are not all known, may let go.
 */
static enum lets_go field_lets_go(struct release_walk *rw, CXCursor body, CXCursor call,
				  char *name)
{
	const struct zt_da_resolver *res = rw->da->res;
	struct zt_strvec names = ZT_STRVEC_INIT;
	enum lets_go go = GO_NO;
	char *file = NULL, *usr = da_called_field(body, call, &file);
	int known = usr && res && res->stored ? res->stored(res->arg, usr, file, &names) : -1;

	free(usr);
	free(file);
	/* check saw no function that may let go stored anywhere: nothing unresolved can */
	if (rw->q->release_callbacks == 0 || (known == -2 && !names.n)) {
		free(name);
		zt_strvec_clear(&names);
		return GO_NO;
	}
	if (known == -1) {
		zt_strvec_clear(&names);
		stop(rw, name, ZT_DA_INDIRECT);
		return GO_MAYBE;
	}
	/* the functions check saw stored there (a kernel struct's: the driver's ones) */
	free(name);
	for (size_t i = 0; i < names.n && go == GO_NO; i++) {
		CXCursor def = da_find_definition(clang_Cursor_getTranslationUnit(call),
						  names.v[i]);

		go = fn_lets_go(rw, def, clang_Cursor_getTranslationUnit(call),
				xstrdup(names.v[i]));
	}
	zt_strvec_clear(&names);
	return go;
}

/* Defined in a kernel header (an include/ directory): the kernel's. */
static bool kernel_header(CXCursor def)
{
	CXFile file = NULL;
	CXString s;
	bool yes;

	clang_getExpansionLocation(clang_getCursorLocation(def), &file, NULL, NULL, NULL);
	s = clang_getFileName(file);
	yes = clang_getCString(s) && strstr(clang_getCString(s), "/include/");
	clang_disposeString(s);
	return yes;
}

/* @ref (a FunctionDecl, or null: @name's body elsewhere) called: does it let go? */
static enum lets_go fn_lets_go(struct release_walk *rw, CXCursor ref, CXTranslationUnit tu,
			       char *name)
{
	struct body_go b = { rw, clang_getNullCursor(), GO_NO };
	enum zt_da_unknown why = ZT_DA_OTHER_CONFIG;
	CXCursor def;
	char *key;

	if (is_release(rw->q, name)) {
		stop(rw, name, ZT_DA_KNOWN);
		return GO_YES;
	}
	key = clang_Cursor_isNull(ref) ? xstrdup(name) : da_usr(ref);
	if (zt_strvec_has(&rw->walked, key) || zt_strvec_has(&rw->walked, name)) {
		free(key);
		free(name);
		return GO_NO;	/* walked already, or being walked: a cycle adds nothing */
	}
	zt_strvec_push(&rw->walked, key);
	zt_strvec_push(&rw->walked, name);
	free(key);
	def = clang_Cursor_isNull(ref) ? ref : clang_getCursorDefinition(ref);
	/*
	 * The kernel's (a kernel header's inline, a function the driver does not
	 * define) lets go only through napi-release, unless it calls back into
	 * the driver: walked, or "may", only when check saw release callbacks.
	 */
	if (!clang_Cursor_isNull(def) && kernel_header(def)) {
		if (rw->q->release_callbacks <= 0) {
			free(name);
			return GO_NO;
		}
		goto walk;	/* a header's stub of another configuration is the kernel's too */
	}
	if (!clang_Cursor_isNull(def) && da_config_dependent(rw->da, tu, def, name))
		goto maybe;
	if (clang_Cursor_isNull(def)) {
		def = da_body_elsewhere(rw->da, tu, name, &why);
		if (clang_Cursor_isNull(def) && why == ZT_DA_NO_BODY &&
		    rw->q->release_callbacks <= 0) {
			free(name);
			return GO_NO;	/* the kernel's */
		}
		why = why == ZT_DA_NO_BODY ? ZT_DA_NOT_FOLLOWED : why;
		if (clang_Cursor_isNull(def))
			goto maybe;
	}
walk:
	free(name);
	b.body = da_body_of(def);
	clang_visitChildren(def, body_go_visit, &b);
	return b.go;
maybe:
	stop(rw, name, why);
	return GO_MAYBE;
}

/* A function of the driver given as a value (a callback): whoever runs it may let go. */
static enum lets_go callback_lets_go(struct release_walk *rw, CXCursor call)
{
	int n = clang_Cursor_getNumArguments(call);
	enum lets_go go = GO_NO;

	for (int i = 0; i < n && go == GO_NO; i++) {
		CXCursor a = da_strip(clang_Cursor_getArgument(call, (unsigned int)i));
		CXCursor ref;
		struct kids k;

		if (clang_getCursorKind(a) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(a) == CXUnaryOperator_AddrOf) {
			k = da_kids_of(a);
			a = k.n ? da_strip(k.v[0]) : a;
			free(k.v);
		}
		ref = clang_getCursorReferenced(a);
		if (clang_getCursorKind(a) == CXCursor_DeclRefExpr &&
		    clang_getCursorKind(ref) == CXCursor_FunctionDecl)
			go = fn_lets_go(rw, ref, clang_Cursor_getTranslationUnit(call),
					da_spelling(ref));
	}
	return go == GO_YES ? GO_MAYBE : go;
}

static enum lets_go call_lets_go(struct release_walk *rw, CXCursor body, CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);
	char *name = da_spelling(call);
	enum lets_go go;

	if (!strcmp(name, "setjmp") || !strcmp(name, "_setjmp") || !strcmp(name, "sigsetjmp") ||
	    !strcmp(name, "__builtin_setjmp") || !strcmp(name, "__sigsetjmp")) {
		/* a longjmp() comes back here after anything: every use may follow a release */
		stop(rw, name, ZT_DA_NOT_FOLLOWED);
		return GO_MAYBE;
	}
	if (clang_Cursor_isNull(ref) || clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		go = field_lets_go(rw, body, call, name);
	else
		go = fn_lets_go(rw, ref, clang_Cursor_getTranslationUnit(call), name);
	if (go == GO_NO)
		go = callback_lets_go(rw, call);
	return go;
}

/* The first call of the local's function that lets go or may, and the loop around it. */
struct first_release {
	struct release_walk *rw;
	CXCursor body;
	enum lets_go go;
	unsigned int first;	/* the start of the statement that makes the call */
	unsigned int stmt;	/* ... of the statement being walked */
	unsigned int line;
	char *name;		/* the call's callee */
	bool in_loop;		/* ... inside a loop: its next turn comes after */
	unsigned int loop_b, loop_e;
};

static enum CXChildVisitResult find_release(CXCursor c, CXCursor parent, CXClientData d)
{
	struct first_release *r = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct first_release inner;

	/* a statement's operands run in any order: its start is where the call may be */
	if (clang_getCursorKind(parent) == CXCursor_CompoundStmt)
		r->stmt = da_extent_at(c, false);
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) {
		inner = *r;
		clang_visitChildren(c, find_release, &inner);
		*r = inner;
		if (inner.go == GO_NO)
			return CXChildVisit_Continue;
		/* the outermost loop around it */
		r->in_loop = true;
		r->loop_b = da_extent_at(c, false);
		r->loop_e = da_extent_at(c, true);
		return CXChildVisit_Break;
	}
	if (k == CXCursor_CallExpr) {
		r->go = call_lets_go(r->rw, r->body, c);
		if (r->go != GO_NO) {
			r->name = da_spelling(c);
			r->first = r->stmt < da_extent_at(c, false) ? r->stmt : da_extent_at(c, false);
			r->line = da_line_of(c);
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* A label before @at that a goto after it jumps back to: a loop around @at from the label. */
struct back_jump {
	unsigned int at;
	unsigned int label;	/* the earliest such label's offset; UINT_MAX: none */
};

static enum CXChildVisitResult back_jump_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct back_jump *b = d;
	struct kids k;
	unsigned int l;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_IndirectGotoStmt && da_extent_at(c, false) > b->at)
		b->label = 0;
	if (clang_getCursorKind(c) != CXCursor_GotoStmt || da_extent_at(c, false) < b->at)
		return CXChildVisit_Recurse;
	k = da_kids_of(c);
	if (k.n && clang_getCursorKind(k.v[0]) == CXCursor_LabelRef) {
		l = da_extent_at(clang_getCursorReferenced(k.v[0]), false);
		if (l <= b->at && l < b->label)
			b->label = l;
	}
	free(k.v);
	return CXChildVisit_Recurse;
}

/*
 * The local and the pointers into it: a use of an alias after the release
 * is a use of the local ('struct t_desc *p = &d; ...; release; p->len').
 */
struct uses_after {
	struct kids names;	/* the local, then its aliases: VarDecls */
	const struct first_release *rel;
	unsigned int line;
	bool grew;
};

static void push_name(struct uses_after *u, CXCursor var)
{
	ZT_ALLOC_GROW(u->names.v, u->names.n + 1, u->names.alloc);
	u->names.v[u->names.n++] = var;
}

static bool names_one(const struct uses_after *u, CXCursor ref)
{
	for (size_t i = 0; i < u->names.n; i++)
		if (clang_equalCursors(ref, u->names.v[i]))
			return true;
	return false;
}

struct mentions {
	const struct uses_after *u;
	bool hit;
};

static enum CXChildVisitResult mentions_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct mentions *m = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    names_one(m->u, clang_getCursorReferenced(c)))
		m->hit = true;
	return m->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void add_alias(struct uses_after *u, CXCursor var, CXCursor value)
{
	struct mentions m = { u, false };

	if (names_one(u, var) || !da_function_local(var))
		return;
	mentions_visit(value, value, &m);
	if (!m.hit)
		clang_visitChildren(value, mentions_visit, &m);
	if (m.hit) {
		push_name(u, var);
		u->grew = true;
	}
}

static enum CXChildVisitResult alias_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct uses_after *u = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;

	(void)parent;
	if (k == CXCursor_VarDecl || k == CXCursor_BinaryOperator) {
		kids = da_kids_of(c);
		if (k == CXCursor_VarDecl && kids.n &&
		    clang_isExpression(clang_getCursorKind(kids.v[kids.n - 1])))
			add_alias(u, c, kids.v[kids.n - 1]);
		if (k == CXCursor_BinaryOperator && kids.n == 2 &&
		    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
		    clang_getCursorKind(da_strip(kids.v[0])) == CXCursor_DeclRefExpr)
			add_alias(u, clang_getCursorReferenced(da_strip(kids.v[0])), kids.v[1]);
		free(kids.v);
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult use_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct uses_after *u = d;
	unsigned int at;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
	    !names_one(u, clang_getCursorReferenced(c)))
		return CXChildVisit_Recurse;
	at = da_extent_at(c, false);
	if (at > u->rel->first ||
	    (u->rel->in_loop && at >= u->rel->loop_b && at <= u->rel->loop_e)) {
		u->line = da_line_of(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static void used_after_release(struct da *da, CXCursor def, CXCursor decl,
			       const struct zt_da_hoist_query *q, struct zt_da_hoist *h)
{
	struct release_walk rw = { .da = da, .q = q, .walked = ZT_STRVEC_INIT };
	struct first_release r = { .rw = &rw, .body = da_body_of(def), .go = GO_NO };
	struct uses_after u = { .rel = &r };
	struct back_jump bj;

	push_name(&u, decl);
	clang_visitChildren(def, find_release, &r);
	if (r.go != GO_NO) {
		/* a goto back over the call is a loop too: from its label to the end */
		bj = (struct back_jump){ r.first, UINT_MAX };
		clang_visitChildren(def, back_jump_visit, &bj);
		if (bj.label != UINT_MAX && !r.in_loop) {
			r.in_loop = true;
			r.loop_b = bj.label;
			r.loop_e = UINT_MAX;
		} else if (bj.label != UINT_MAX && bj.label < r.loop_b) {
			r.loop_b = bj.label;
			r.loop_e = UINT_MAX;
		}
		/* aliases of aliases, a few levels */
		for (int round = 0; round < 4; round++) {
			u.grew = false;
			clang_visitChildren(def, alias_visit, &u);
			if (!u.grew)
				break;
		}
		clang_visitChildren(def, use_visit, &u);
	}
	free(u.names.v);
	if (u.line) {
		h->release_line = u.line;
		h->release_call = r.line;
		h->release_unknown = r.go == GO_MAYBE ? rw.why : ZT_DA_KNOWN;
		/* the release itself, or the call the walk could not follow */
		h->release = rw.inner && rw.inner[0] ? rw.inner : xstrdup(r.name ? r.name : "");
		if (h->release != rw.inner)
			free(rw.inner);
		h->release_via = r.name && h->release && strcmp(r.name, h->release) ?
					 r.name : NULL;
		if (!h->release_via)
			free(r.name);
	} else {
		free(rw.inner);
		free(r.name);
	}
	zt_strvec_clear(&rw.walked);
}

void da_hoist_facts(struct da *da, CXCursor def, CXCursor decl,
		    const struct zt_da_hoist_query *q, bool at_decl, struct zt_da_hoist *h)
{
	h->jump_line = jump_past(def, decl);
	used_after_release(da, def, decl, q, h);
	if (q->owner)
		da_owner_nonnull(def, decl, q, at_decl, h);
}
