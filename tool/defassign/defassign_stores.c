// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, a designated initializer kept as stores. Either
 * rewrite drops the declaration's initializer, and with it the zeroing; but
 * what the initializer names is the code's own choice of a value, which a
 * maintainer keeps: "struct igc_xdp_buff ctx = { .rx_ts = NULL };" becomes
 * "ctx.rx_ts = NULL;", the first statement of the declaration's block (the
 * kernel declares before it states). The walk credits those stores at the
 * declaration, which is sound only when nothing between the two can tell
 * the difference; anything else and nothing is kept (the initializer goes,
 * as before, and definite assignment decides without it).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "defassign_int.h"
#include "zerotax.h"

struct decl_at {
	CXCursor var;
	CXCursor block;		/* the compound statement holding its declaration */
	unsigned int index;	/* ... and which of its statements that is */
	bool found;
};

static bool declares(CXCursor decl_stmt, CXCursor var)
{
	struct kids k = da_kids_of(decl_stmt);
	bool hit = false;

	for (size_t i = 0; i < k.n && !hit; i++)
		hit = clang_equalCursors(k.v[i], var);
	free(k.v);
	return hit;
}

static enum CXChildVisitResult find_block(CXCursor c, CXCursor parent, CXClientData d)
{
	struct decl_at *at = d;
	struct kids k;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	k = da_kids_of(c);
	for (size_t i = 0; i < k.n && !at->found; i++)
		if (clang_getCursorKind(k.v[i]) == CXCursor_DeclStmt && declares(k.v[i], at->var)) {
			at->block = c;
			at->index = (unsigned int)i;
			at->found = true;
		}
	free(k.v);
	return at->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* What a value may hold: constants, and variables when nothing runs before the store. */
struct value_scan {
	CXCursor target;
	bool bad;		/* an assignment, ++, --, a call, the local itself */
	struct zt_strvec vars;	/* variables it reads */
};

static enum CXChildVisitResult value_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct value_scan *v = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor op;

	(void)parent;
	if (k == CXCursor_CallExpr || k == CXCursor_InitListExpr || k == CXCursor_StmtExpr ||
	    (da_modifies(c, &op) &&
	     !(k == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)))
		v->bad = true;
	if (k == CXCursor_DeclRefExpr) {
		CXCursor r = clang_getCursorReferenced(c);
		enum CXCursorKind rk = clang_getCursorKind(r);

		if (clang_equalCursors(r, v->target))
			v->bad = true;
		else if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl)
			zt_strvec_push_nodup(&v->vars, da_spelling(r));
	}
	return v->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A later declaration of the run: what it declares, and whether it runs code. */
struct later_scan {
	CXCursor target;
	bool touches;		/* names the local */
	bool runs;		/* a call, an assignment, ++, -- */
};

static enum CXChildVisitResult later_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct later_scan *l = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor op;

	(void)parent;
	if (k == CXCursor_CallExpr || da_modifies(c, &op))
		l->runs = true;
	if (k == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), l->target))
		l->touches = true;
	return CXChildVisit_Recurse;
}

/* The source text of @c, its blanks and line breaks squeezed to one space. */
static char *text_of(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	unsigned int b, e;
	CXFile fb, fe;
	const char *text;
	size_t size = 0;
	struct zt_strbuf sb = { 0 };

	clang_getExpansionLocation(clang_getRangeStart(r), &fb, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &fe, NULL, NULL, &e);
	if (!fb || !clang_File_isEqual(fb, fe) || e <= b)
		return NULL;
	text = clang_getFileContents(tu, fb, &size);
	if (!text || e > size)
		return NULL;
	for (unsigned int i = b; i < e; i++) {
		if (isspace((unsigned char)text[i])) {
			if (sb.len && sb.buf[sb.len - 1] != ' ')
				zt_strbuf_adds(&sb, " ");
			continue;
		}
		zt_strbuf_add(&sb, text + i, 1);
	}
	return zt_strbuf_detach(&sb, NULL);
}

/*
 * One designated element ".a.b = value": its path "a.b" and "a.b = value",
 * or false when it is anything else (a position, an index, nested braces, an
 * array member, a value that runs code or reads the local).
 */
static bool element(CXCursor e, CXCursor target, struct da_path **path, char **store,
		    struct zt_strvec *vars)
{
	struct kids k = da_kids_of(e);
	struct da_path *p = da_path_whole();
	struct value_scan v = { .target = target };
	CXCursor value, field = clang_getNullCursor();
	char *vt = NULL;
	size_t m = 0;
	bool ok = false;

	while (m < k.n && clang_getCursorKind(k.v[m]) == CXCursor_MemberRef) {
		char *name = da_spelling(k.v[m]);
		struct da_path *q = da_path_field(p, name);

		da_path_free(p);
		p = q;
		free(name);
		field = clang_getCursorReferenced(k.v[m]);
		m++;
	}
	if (!m || m + 1 != k.n || clang_Cursor_isNull(field) ||
	    is_kind(clang_getCursorType(field), CXType_ConstantArray))
		goto out;
	value = k.v[m];
	v.vars = (struct zt_strvec)ZT_STRVEC_INIT;
	value_visit(value, e, &v);
	if (!v.bad)
		clang_visitChildren(value, value_visit, &v);
	if (v.bad || !(vt = text_of(value)))
		goto out;
	for (size_t i = 0; i < v.vars.n; i++)
		if (!zt_strvec_has(vars, v.vars.v[i]))
			zt_strvec_push(vars, v.vars.v[i]);
	*path = p;
	p = NULL;
	{
		char *text = da_path_text(*path, false);

		*store = xasprintf("%s = %s", text, vt);
		free(text);
	}
	ok = true;
out:
	free(vt);
	da_path_free(p);
	zt_strvec_clear(&v.vars);
	free(k.v);
	return ok;
}

/*
 * The run of declarations after the local's, up to the block's first
 * statement: nothing in it may tell the store from the initializer. It must
 * not name the local, nor declare a name a value reads, nor run code when a
 * value reads a variable. The first statement's line, or 0.
 */
static unsigned int store_line(const struct decl_at *at, const struct zt_strvec *vars)
{
	struct kids k = da_kids_of(at->block);
	unsigned int line = 0;
	size_t i;

	for (i = at->index + 1; i < k.n; i++) {
		struct later_scan l = { .target = at->var };
		struct kids in;
		bool clash = false;

		if (clang_getCursorKind(k.v[i]) != CXCursor_DeclStmt)
			break;
		clang_visitChildren(k.v[i], later_visit, &l);
		in = da_kids_of(k.v[i]);
		for (size_t j = 0; j < in.n && !clash; j++) {
			char *name = da_spelling(in.v[j]);

			clash = zt_strvec_has(vars, name);
			free(name);
		}
		free(in.v);
		if (l.touches || clash || (l.runs && vars->n))
			goto out;
	}
	if (i < k.n && clang_getCursorKind(k.v[i]) != CXCursor_DeclStmt)
		line = da_line_of(k.v[i]);
out:
	free(k.v);
	return line;
}

bool da_kept_stores(CXCursor def, CXCursor decl, struct da_paths *paths, struct zt_strvec *stores,
		    unsigned int *at_line)
{
	struct kids k = da_kids_of(decl), list = { 0 };
	struct decl_at at = { .var = decl };
	struct zt_strvec vars = ZT_STRVEC_INIT;
	CXCursor init, body;
	bool ok = false;

	*at_line = 0;
	if (!k.n || clang_getCursorKind(k.v[k.n - 1]) != CXCursor_InitListExpr)
		goto out;
	init = k.v[k.n - 1];
	list = da_kids_of(init);
	/* "= {}", "= { 0 }": the zeroing itself, nothing named */
	if (!list.n || (list.n == 1 && clang_getCursorKind(list.v[0]) != CXCursor_UnexposedExpr))
		goto out;
	for (size_t i = 0; i < list.n; i++) {
		struct da_path *p = NULL;
		char *s = NULL;

		if (!element(list.v[i], decl, &p, &s, &vars))
			goto out;
		da_paths_take(paths, p);
		zt_strvec_push_nodup(stores, s);
	}
	body = da_body_of(def);
	if (find_block(body, def, &at) == CXChildVisit_Recurse)
		clang_visitChildren(body, find_block, &at);
	if (at.found)
		*at_line = store_line(&at, &vars);
	ok = *at_line > 0;
out:
	if (!ok) {
		da_paths_clear(paths);
		zt_strvec_clear(stores);
		*at_line = 0;
	}
	zt_strvec_clear(&vars);
	free(list.v);
	free(k.v);
	return ok;
}
