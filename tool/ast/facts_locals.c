// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parameters, functions and locals: how each local is used (address passed,
 * accumulated, written on some paths) and what its initializer names.
 */
#include <stdlib.h>
#include <string.h>

#include "facts_int.h"

static enum CXVisitorResult field_name(CXCursor c, CXClientData data)
{
	struct zt_param *p = data;

	ZT_PUSH_IMPLICIT(p->fields, p->n_fields);
	p->fields[p->n_fields++] = fx_take(clang_getCursorSpelling(c));
	return CXVisit_Continue;
}

void fx_describe_param(struct zt_param *p, CXCursor a)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(a));

	p->name = fx_take(clang_getCursorSpelling(a));
	p->type = fx_take(clang_getTypeSpelling(clang_getCursorType(a)));
	if (t.kind == CXType_Pointer) {
		CXType pt = clang_getCanonicalType(clang_getPointeeType(t));

		if (pt.kind == CXType_Record) {
			CXCursor d = clang_getTypeDeclaration(pt);

			p->record = fx_take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
			p->is_const = clang_isConstQualifiedType(pt);
			fx_expansion(clang_getCursorLocation(d), &p->record_file, &p->record_line,
				     NULL);
			clang_Type_visitFields(pt, field_name, p);
		}
	}
}

void fx_add_params(struct zt_function *f, CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++)
		fx_describe_param(PUSH(f->params, f->n_params),
				  clang_Cursor_getArgument(fn, (unsigned int)i));
}

/* Find or add the function for this declaration cursor. */
size_t fx_function_for(struct walk *w, CXCursor c)
{
	CXString usr = clang_getCursorUSR(c);
	const char *u = clang_getCString(usr);
	struct zt_function *f;
	size_t i = zt_strmap_get(&w->fn_map, u);

	if (i == (size_t)-1) {
		i = w->tu->n_funcs;
		f = PUSH(w->tu->funcs, w->tu->n_funcs);
		f->usr = xstrdup(u);
		f->name = fx_take(clang_getCursorSpelling(c));
		/* The key is the heap string, which does not move with the array. */
		zt_strmap_put(&w->fn_map, f->usr, i);
	}
	clang_disposeString(usr);
	f = &w->tu->funcs[i];
	/* a printf-style logger is error reporting wherever it is called from (en_dbg()) */
	if (fx_decl_is_cold(w, c) || fx_is_logger(c))
		f->cold = true;
	if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
		f->is_static = true;
	if (clang_Cursor_isFunctionInlined(c))
		f->is_inline = true;
	return i;
}

struct zt_local *fx_local_for(struct walk *w, CXCursor ref)
{
	struct zt_function *f = fx_cur(w);

	if (!f)
		return NULL;
	for (size_t i = 0; i < f->n_locals; i++)
		if (clang_equalCursors(w->local_cursors[i], ref))
			return &f->locals[i];
	return NULL;
}

int fx_up_skip(struct walk *w, int i)
{
	while (i >= 0 && fx_is_expr_wrapper(w->stack[i].kind))
		i--;
	return i;
}

/* Where does the address computed at stack[i] go? */
static unsigned int address_use(struct walk *w, int i)
{
	int p = fx_up_skip(w, i - 1);
	unsigned int child;

	if (p < 0)
		return ZT_USE_ADDR_LOCAL;
	child = w->stack[p + 1].index;
	switch (w->stack[p].kind) {
	case CXCursor_CallExpr:
		return child ? ZT_USE_ADDR_PASSED : ZT_USE_ADDR_LOCAL;
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(w->stack[p].c) == CXBinaryOperator_Assign &&
		    child == 1)
			return ZT_USE_ADDR_ESCAPES;
		return ZT_USE_ADDR_LOCAL;
	case CXCursor_ReturnStmt:
	case CXCursor_InitListExpr:
	case CXCursor_VarDecl:
		/* Kept in a pointer, a struct or returned: the optimizer loses track. */
		return ZT_USE_ADDR_ESCAPES;
	case CXCursor_ConditionalOperator:
		return address_use(w, p);
	default:
		return ZT_USE_ADDR_LOCAL;
	}
}

static bool is_array_type(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
	       t.kind == CXType_IncompleteArray;
}

enum member_access { MEMBER_READ, MEMBER_WRITE, MEMBER_RMW };

/* Is stack[i] inside a branch (if/switch/?:) of the function? */
static bool in_branch(struct walk *w, int i)
{
	for (int k = 0; k < i; k++) {
		enum CXCursorKind kind = w->stack[k].kind;

		if ((kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt ||
		     kind == CXCursor_ConditionalOperator) && w->stack[k + 1].index >= 1)
			return true;
	}
	return false;
}

/* How the member expression at stack[i] (the outermost of a chain) is used. */
/*
 * The member read at @i is on the right of an assignment to itself: "x.f =
 * x.f + 1" accumulates as "x.f += 1" does (the same text on both sides).
 */
static bool self_assigned(struct walk *w, int i)
{
	for (int q = fx_up_skip(w, i - 1); q >= 0 && clang_isExpression(w->stack[q].kind);
	     q = fx_up_skip(w, q - 1)) {
		struct kids kids = { 0 };
		char *lhs, *here;
		bool same;

		if (w->stack[q].kind != CXCursor_BinaryOperator || w->stack[q + 1].index != 1 ||
		    clang_getCursorBinaryOperatorKind(w->stack[q].c) != CXBinaryOperator_Assign)
			continue;
		fx_get_kids(w->stack[q].c, &kids);
		lhs = kids.n == 2 ? fx_expr_text(kids.v[0]) : NULL;
		here = fx_expr_text(w->stack[i].c);
		same = lhs && here && lhs[0] && !strcmp(lhs, here);
		free(lhs);
		free(here);
		free(kids.v);
		return same;
	}
	return false;
}

static enum member_access member_access(struct walk *w, int i)
{
	int p = fx_up_skip(w, i - 1);
	unsigned int child;

	if (p < 0)
		return MEMBER_READ;
	child = w->stack[p + 1].index;
	if (w->stack[p].kind == CXCursor_CompoundAssignOperator && child == 0)
		return MEMBER_RMW;
	if (w->stack[p].kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(w->stack[p].c);

		if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
		    u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec)
			return MEMBER_RMW;
	}
	if (w->stack[p].kind == CXCursor_BinaryOperator && child == 0 &&
	    clang_getCursorBinaryOperatorKind(w->stack[p].c) == CXBinaryOperator_Assign)
		return MEMBER_WRITE;
	return self_assigned(w, i) ? MEMBER_RMW : MEMBER_READ;
}

/* Fields of a pointer parameter used in the body: p->f read, or p->f += v. */
void fx_param_field_use(struct walk *w)
{
	int i = w->depth - 1;	/* the DeclRefExpr naming the parameter */
	int p = fx_up_skip(w, i - 1);
	struct zt_function *f = fx_cur(w);
	CXCursor ref = clang_getCursorReferenced(w->stack[i].c);
	size_t a;

	if (!f || p < 0 || w->stack[p].kind != CXCursor_MemberRefExpr || w->stack[p + 1].index)
		return;
	for (a = 0; a < w->n_param_cursors && a < f->n_params; a++)
		if (clang_equalCursors(w->param_cursors[a], ref))
			break;
	if (a == w->n_param_cursors || a == f->n_params)
		return;
	/* the outermost member of p->a.b[i] */
	for (int q = fx_up_skip(w, p - 1); q >= 0 && w->stack[q + 1].index == 0 &&
	     (w->stack[q].kind == CXCursor_MemberRefExpr ||
	      w->stack[q].kind == CXCursor_ArraySubscriptExpr);
	     q = fx_up_skip(w, q - 1))
		p = q;
	switch (fx_in_rmw_asm(w, p) ? MEMBER_RMW : member_access(w, p)) {
	case MEMBER_RMW:
		f->params[a].fields_rmw = true;
		break;
	case MEMBER_READ:
		f->params[a].fields_read = true;
		break;
	default:
		break;
	}
}

static bool init_names_field(CXCursor var, CXCursor field);

/* Classify a DeclRefExpr (top of the stack) naming a tracked local. */
unsigned int fx_classify_use(struct walk *w)
{
	int i = w->depth - 1;	/* the DeclRefExpr */
	CXCursor var = clang_getCursorReferenced(w->stack[i].c);
	CXCursor top = clang_getNullCursor();	/* x.f: the top-level field f */
	unsigned int uses = 0;

	for (;;) {
		int p = fx_up_skip(w, i - 1);
		enum CXCursorKind k = p >= 0 ? w->stack[p].kind : CXCursor_InvalidCode;
		unsigned int child = w->stack[p + 1].index;

		if (k == CXCursor_MemberRefExpr && child == 0) {
			if (!(uses & ZT_USE_MEMBER))
				top = clang_getCursorReferenced(w->stack[p].c);
			uses |= ZT_USE_MEMBER;
			i = p;
			continue;
		}
		if (k == CXCursor_ArraySubscriptExpr && child == 0) {
			uses |= ZT_USE_MEMBER;
			i = p;
			continue;
		}
		if (k == CXCursor_UnaryExpr)	/* sizeof, _Alignof */
			return uses | ZT_USE_SIZEOF;
		if (k == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(w->stack[p].c) == CXUnaryOperator_AddrOf)
			return uses | address_use(w, p);
		/* An array (or an array member) used as a value decays to its address. */
		if (is_array_type(w->stack[i].c))
			return uses | address_use(w, i);
		if (uses & ZT_USE_MEMBER) {
			enum member_access m = member_access(w, i);

			if (m == MEMBER_RMW)
				uses |= ZT_USE_ACCUMULATED;
			else if (m == MEMBER_WRITE && in_branch(w, i) && !init_names_field(var, top))
				uses |= fx_guard_write(w, i, (size_t)(fx_local_for(w, var) -
								      fx_cur(w)->locals))
						? ZT_USE_GUARDED_WRITE
						: ZT_USE_COND_WRITE;
			return uses;
		}
		if (k == CXCursor_BinaryOperator && child == 0 &&
		    clang_getCursorBinaryOperatorKind(w->stack[p].c) == CXBinaryOperator_Assign)
			return ZT_USE_ASSIGNED;
		return ZT_USE_BY_VALUE;
	}
}

enum CXVisitorResult fx_field_cursor(CXCursor c, CXClientData data)
{
	struct field_list *l = data;

	ZT_PUSH_IMPLICIT(l->v, l->n);
	l->v[l->n++] = c;
	return CXVisit_Continue;
}

/* {} , { 0 }, { .a = x } or { a, b }: read from the tokens, as written. */
static enum zt_init_kind list_kind(CXCursor list)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(list);
	enum zt_init_kind kind = ZT_INIT_LIST;
	CXToken *toks;
	unsigned int n;
	char **sp;

	clang_tokenize(tu, clang_getCursorExtent(list), &toks, &n);
	sp = xcalloc(n + 1, sizeof(*sp));
	for (unsigned int i = 0; i < n; i++)
		sp[i] = fx_take(clang_getTokenSpelling(tu, toks[i]));
	if (n == 2 && !strcmp(sp[0], "{") && !strcmp(sp[1], "}"))
		kind = ZT_INIT_EMPTY;
	else if (n == 3 && !strcmp(sp[0], "{") && !strcmp(sp[1], "0") && !strcmp(sp[2], "}"))
		kind = ZT_INIT_ZERO;
	for (unsigned int i = 1, depth = 1; i < n && kind == ZT_INIT_LIST; i++) {
		if (!strcmp(sp[i], "{") || !strcmp(sp[i], "(") || !strcmp(sp[i], "["))
			depth++;
		if ((!strcmp(sp[i], ".") || !strcmp(sp[i], "[")) && depth <= 2 &&
		    (!strcmp(sp[i - 1], "{") || !strcmp(sp[i - 1], ",")))
			kind = ZT_INIT_DESIGNATED;
		if (!strcmp(sp[i], "}") || !strcmp(sp[i], ")") || !strcmp(sp[i], "]"))
			depth--;
	}
	for (unsigned int i = 0; i < n; i++)
		free(sp[i]);
	free(sp);
	clang_disposeTokens(tu, toks, n);
	return kind;
}

/* The init list of an initializer: { ... } or (struct foo){ ... }, else a null cursor. */
static CXCursor init_list_of(CXCursor init)
{
	struct kids k = { 0 };
	CXCursor c = fx_strip(init);

	if (clang_getCursorKind(c) == CXCursor_CompoundLiteralExpr) {
		fx_get_kids(c, &k);
		for (size_t i = 0; i < k.n; i++)
			if (clang_getCursorKind(k.v[i]) == CXCursor_InitListExpr)
				c = k.v[i];
		free(k.v);
	}
	return clang_getCursorKind(c) == CXCursor_InitListExpr ? c : clang_getNullCursor();
}

static enum zt_init_kind init_kind(CXCursor init)
{
	CXCursor c = init_list_of(init);

	if (clang_Cursor_isNull(c))
		return ZT_INIT_COPY;
	return list_kind(c);
}

static long long field_bytes(CXCursor field)
{
	if (clang_Cursor_isBitField(field))
		return 0;	/* shares its storage unit: counted as not named */
	return clang_Type_getSizeOf(clang_getCursorType(field));
}

/*
 * Which top-level fields of record @t an init list names: by a designator
 * (.a = x, and .a.b = x names a) or by position, once each. @fl gets the
 * record's fields, the result is parallel to it (free both).
 */
static bool *init_named_fields(CXCursor list, CXType t, struct field_list *fl)
{
	struct kids k = { 0 };
	bool *seen;
	size_t pos = 0;

	fx_get_kids(list, &k);
	clang_Type_visitFields(t, fx_field_cursor, fl);
	seen = xcalloc(fl->n + 1, sizeof(*seen));
	for (size_t i = 0; i < k.n; i++) {
		CXCursor e = k.v[i], field = clang_getNullCursor();
		size_t j;

		while (i < k.n && clang_getCursorKind(k.v[i]) == CXCursor_MemberRef) {
			/* .a.b = x: the first designator is the top-level field */
			if (clang_Cursor_isNull(field))
				field = clang_getCursorReferenced(k.v[i]);
			i++;
		}
		if (clang_Cursor_isNull(field) && clang_getCursorKind(e) == CXCursor_UnexposedExpr) {
			struct kids d = { 0 };

			fx_get_kids(e, &d);
			if (d.n >= 2 && clang_getCursorKind(d.v[0]) == CXCursor_MemberRef)
				field = clang_getCursorReferenced(d.v[0]);
			free(d.v);
		}
		if (clang_Cursor_isNull(field)) {
			j = pos;
		} else {
			for (j = 0; j < fl->n; j++)
				if (clang_equalCursors(fl->v[j], field))
					break;
		}
		pos = j + 1;
		if (j < fl->n)
			seen[j] = true;
	}
	free(k.v);
	return seen;
}

/*
 * How many bytes of the object the fields an init list names cover (each
 * named top-level field once). An array's elements by position; -1 when not
 * known (an array with designators, a type libclang cannot size).
 */
static long long init_named_bytes(CXCursor list, enum zt_init_kind kind)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(list));
	struct field_list fl = { 0 };
	long long named = 0;
	bool *seen;

	if (t.kind == CXType_ConstantArray) {
		long long elem = clang_Type_getSizeOf(clang_getArrayElementType(t));
		struct kids k = { 0 };

		fx_get_kids(list, &k);
		/* [i] = x: which elements is not read */
		named = elem > 0 && kind != ZT_INIT_DESIGNATED ? elem * (long long)k.n : -1;
		free(k.v);
		return named;
	}
	if (t.kind != CXType_Record)
		return -1;
	seen = init_named_fields(list, t, &fl);
	for (size_t j = 0; j < fl.n; j++)
		if (seen[j])
			named += field_bytes(fl.v[j]);
	free(seen);
	free(fl.v);
	return named;
}

/*
 * Does the initializer of local @var name top-level field @field? Then a
 * write of that field on some paths only changes what the initializer set,
 * not what its zero fill left.
 */
static bool init_names_field(CXCursor var, CXCursor field)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(var), list;
	struct field_list fl = { 0 };
	bool *seen, named = false;
	CXType t;

	if (clang_Cursor_isNull(init) || clang_Cursor_isNull(field))
		return false;
	list = init_list_of(init);
	t = clang_getCanonicalType(clang_getCursorType(list));
	if (clang_Cursor_isNull(list) || t.kind != CXType_Record)
		return false;
	seen = init_named_fields(list, t, &fl);
	for (size_t j = 0; j < fl.n && !named; j++)
		named = seen[j] && clang_equalCursors(fl.v[j], field);
	free(seen);
	free(fl.v);
	return named;
}

/*
 * Is this attribute __uninitialized (the kernel's spelling) or
 * __attribute__((uninitialized))? libclang does not expose it as its own
 * kind, so its tokens say, read where it is written (a macro's expansion has
 * no tokens of its own).
 */
static enum CXChildVisitResult uninit_attr(CXCursor c, CXCursor parent, CXClientData data)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	bool *found = data;
	CXSourceRange ext;
	CXToken *toks;
	unsigned int n;

	(void)parent;
	if (!clang_isAttribute(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	ext = clang_getCursorExtent(c);
	fx_written_tokens(tu, clang_getRangeStart(ext), clang_getRangeEnd(ext), &toks, &n);
	for (unsigned int i = 0; i < n && !*found; i++) {
		CXString sp = clang_getTokenSpelling(tu, toks[i]);

		*found = strstr(clang_getCString(sp), "uninitialized") != NULL;
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return *found ? CXChildVisit_Break : CXChildVisit_Continue;
}

void fx_add_local(struct walk *w, CXCursor c, int loop, bool unlikely)
{
	struct zt_function *f = fx_cur(w);
	CXType t = clang_getCursorType(c);
	CXType ct = clang_getCanonicalType(t);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
	CXSourceRange ext = clang_getCursorExtent(c);
	struct zt_local *l;
	CXCursor init;
	CXFile sf;
	unsigned int sl;

	if (sc == CX_SC_Static || sc == CX_SC_Extern || clang_getCursorKind(c) != CXCursor_VarDecl)
		return;
	if (ct.kind != CXType_Record && ct.kind != CXType_ConstantArray &&
	    ct.kind != CXType_VariableArray)
		return;
	/* parallel to f->locals, pushed with it: the same count, the same implicit capacity */
	ZT_PUSH_IMPLICIT(w->local_cursors, f->n_locals);
	w->local_cursors[f->n_locals] = c;
	l = PUSH(f->locals, f->n_locals);
	l->name = fx_take(clang_getCursorSpelling(c));
	l->type = fx_take(clang_getTypeSpelling(t));
	l->is_record = ct.kind == CXType_Record;
	l->is_array = !l->is_record;
	l->is_vla = ct.kind == CXType_VariableArray;
	l->size = l->is_vla ? -1 : clang_Type_getSizeOf(ct);
	fx_expansion(clang_getCursorLocation(c), &l->file, &l->line, &l->column);
	clang_getSpellingLocation(clang_getCursorLocation(c), &sf, &sl, NULL, NULL);
	l->from_macro = sl != l->line;
	if (!l->from_macro && sf) {
		char *sfile = fx_file_name(sf);

		l->from_macro = strcmp(sfile, l->file) != 0;
		free(sfile);
	}
	if (!l->from_macro) {
		/* DECLARE_X(name): the name is spelled here, the declaration in the macro */
		unsigned int el, ec, xl, xc;

		clang_getSpellingLocation(clang_getRangeStart(ext), NULL, &el, &ec, NULL);
		clang_getExpansionLocation(clang_getRangeStart(ext), NULL, &xl, &xc, NULL);
		l->from_macro = el != xl || ec != xc;
	}
	fx_expansion(clang_getRangeStart(ext), NULL, &l->start_line, &l->start_column);
	fx_expansion(clang_getRangeEnd(ext), NULL, &l->end_line, &l->end_column);
	if (l->is_record) {
		CXCursor d = clang_getTypeDeclaration(ct);

		fx_expansion(clang_getCursorLocation(d), &l->type_file, &l->type_line, NULL);
	}
	l->in_loop = loop > 0;
	/* the block around it: what runs while it lives (zt_local's scope_end_line) */
	for (int i = w->depth - 1; i >= 0; i--)
		if (w->stack[i].kind == CXCursor_CompoundStmt) {
			fx_expansion(clang_getRangeEnd(clang_getCursorExtent(w->stack[i].c)), NULL,
				     &l->scope_end_line, NULL);
			break;
		}
	l->in_unlikely = unlikely;
	l->cond = w->cond && !unlikely ? xstrdup(w->cond) : NULL;
	l->slow = w->slow && !unlikely ? xstrdup(w->slow) : NULL;
	l->loop_params = w->loop_params;
	l->loop_budget = w->loop_budget;
	init = clang_Cursor_getVarDeclInitializer(c);
	l->init = clang_Cursor_isNull(init) ? ZT_INIT_NONE : init_kind(init);
	l->init_named = -1;
	clang_visitChildren(c, uninit_attr, &l->no_autoinit);
	if (l->init != ZT_INIT_NONE && l->init != ZT_INIT_COPY)
		l->init_named = init_named_bytes(init_list_of(init), l->init);
}

/*
 * x = (struct foo){ .a = 1 }: the compound literal zeroes what it does not
 * name, as an initializer would, where the assignment runs. The first such
 * assignment of a local declared without an initializer makes it explicitly
 * initialized, at the assignment's loop depth when that is deeper.
 */
void fx_compound_literal_assign(struct walk *w, CXCursor lhs, CXCursor rhs, int loop,
				    bool unlikely)
{
	struct zt_local *l = fx_local_for(w, clang_getCursorReferenced(lhs));
	CXCursor e = fx_strip(rhs), list;
	enum zt_init_kind kind;

	if (!l || unlikely || l->init != ZT_INIT_NONE ||
	    clang_getCursorKind(e) != CXCursor_CompoundLiteralExpr)
		return;
	list = init_list_of(e);
	if (clang_Cursor_isNull(list) || (kind = list_kind(list)) == ZT_INIT_COPY)
		return;
	l->init = kind;
	l->init_named = init_named_bytes(list, kind);
	fx_expansion(clang_getCursorLocation(e), NULL, &l->init_line, NULL);
	if (loop > 0 && !l->in_loop) {
		l->in_loop = true;
		l->loop_params = w->loop_params;
		l->loop_budget = w->loop_budget;
	}
	if (w->cond && !l->cond)
		l->cond = xstrdup(w->cond);
}
