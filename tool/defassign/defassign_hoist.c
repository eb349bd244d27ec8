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

static enum lets_go call_lets_go(struct release_walk *rw, CXCursor call);

struct body_go {
	struct release_walk *rw;
	enum lets_go go;
};

static enum CXChildVisitResult body_go_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct body_go *b = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		b->go = call_lets_go(b->rw, c);
	return b->go == GO_NO ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static void stop(struct release_walk *rw, char *inner, enum zt_da_unknown why)
{
	free(rw->inner);
	rw->inner = inner;
	rw->why = why;
}

static enum lets_go call_lets_go(struct release_walk *rw, CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call), def;
	struct body_go b = { rw, GO_NO };
	enum zt_da_unknown why;
	char *name = da_spelling(call), *usr;

	if (clang_Cursor_isNull(ref) || clang_getCursorKind(ref) != CXCursor_FunctionDecl) {
		stop(rw, name, ZT_DA_INDIRECT);
		return GO_MAYBE;
	}
	if (is_release(rw->q, name)) {
		stop(rw, name, ZT_DA_KNOWN);
		return GO_YES;
	}
	usr = da_usr(ref);
	if (zt_strvec_has(&rw->walked, usr)) {
		free(usr);
		free(name);
		return GO_NO;	/* walked already, or being walked: a cycle adds nothing */
	}
	zt_strvec_push(&rw->walked, usr);
	free(usr);
	def = clang_getCursorDefinition(ref);
	why = ZT_DA_OTHER_CONFIG;
	if (!clang_Cursor_isNull(def) &&
	    da_config_dependent(rw->da, clang_Cursor_getTranslationUnit(call), def, name))
		goto maybe;
	if (clang_Cursor_isNull(def)) {
		def = da_body_elsewhere(rw->da, clang_Cursor_getTranslationUnit(call), name, &why);
		if (clang_Cursor_isNull(def) && why == ZT_DA_NO_BODY) {
			free(name);
			return GO_NO;	/* the kernel's */
		}
		if (clang_Cursor_isNull(def))
			goto maybe;
	}
	free(name);
	clang_visitChildren(def, body_go_visit, &b);
	return b.go;
maybe:
	stop(rw, name, why);
	return GO_MAYBE;
}

/* The first call of the local's function that lets go or may, and the loop around it. */
struct first_release {
	struct release_walk *rw;
	enum lets_go go;
	unsigned int first;	/* the call's offset */
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

	(void)parent;
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
		r->go = call_lets_go(r->rw, c);
		if (r->go != GO_NO) {
			r->name = da_spelling(c);
			r->first = da_extent_at(c, false);
			r->line = da_line_of(c);
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

struct uses_after {
	CXCursor target;
	const struct first_release *rel;
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
	struct first_release r = { .rw = &rw, .go = GO_NO };
	struct uses_after u = { decl, &r, 0 };

	clang_visitChildren(def, find_release, &r);
	if (r.go != GO_NO)
		clang_visitChildren(def, use_visit, &u);
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
		da_owner_nonnull(def, decl, q->owner, at_decl, h);
}
