// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small libclang helpers of the walk: cursors, locations, tokens as written,
 * the parameters an expression is computed from.
 */
#include <stdlib.h>
#include <string.h>

#include "facts_int.h"

/* ---- small libclang helpers ---- */

char *fx_take(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");

	clang_disposeString(s);
	return r;
}

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kids *k = data;

	if (k->n == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 8;
		k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
	}
	k->v[k->n++] = c;
	return CXChildVisit_Continue;
}

void fx_get_kids(CXCursor c, struct kids *k)
{
	k->n = 0;
	clang_visitChildren(c, collect, k);
}

char *fx_file_name(CXFile f)
{
	CXString s;
	const char *p;

	if (!f)
		return xstrdup("<unknown>");
	s = clang_File_tryGetRealPathName(f);
	p = clang_getCString(s);
	if (p && p[0])
		return fx_take(s);
	clang_disposeString(s);
	return fx_take(clang_getFileName(f));
}

void fx_expansion(CXSourceLocation loc, char **file, unsigned int *line, unsigned int *col)
{
	CXFile f;

	clang_getExpansionLocation(loc, &f, line, col, NULL);
	if (file)
		*file = fx_file_name(f);
}

bool fx_is_expr_wrapper(enum CXCursorKind k)
{
	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	       k == CXCursor_CStyleCastExpr;
}

/* The last child of a wrapper (casts put a TypeRef first). */
CXCursor fx_strip(CXCursor c)
{
	struct kids k = { 0 };

	while (fx_is_expr_wrapper(clang_getCursorKind(c))) {
		fx_get_kids(c, &k);
		if (!k.n)
			break;
		c = k.v[k.n - 1];
	}
	free(k.v);
	return c;
}

/* @e stripped, or for &x the operand x stripped (*addr set when it was &x). */
CXCursor fx_addr_operand(CXCursor e, bool *addr)
{
	struct kids k = { 0 };

	e = fx_strip(e);
	if (addr)
		*addr = false;
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_AddrOf)
		return e;
	if (addr)
		*addr = true;
	fx_get_kids(e, &k);
	e = k.n ? fx_strip(k.v[0]) : clang_getNullCursor();
	free(k.v);
	return e;
}

/* The function a (stripped) expression names: f, &f, (void *)f. */
bool fx_function_ref(CXCursor e, CXCursor *fn)
{
	e = fx_addr_operand(e, NULL);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	*fn = clang_getCursorReferenced(e);
	return clang_getCursorKind(*fn) == CXCursor_FunctionDecl;
}

/* The record a field belongs to, named: anonymous members climb to the named parent. */
char *fx_record_of_field(CXCursor field)
{
	CXCursor p = clang_getCursorSemanticParent(field);

	for (int i = 0; i < 8 && !clang_Cursor_isNull(p); i++) {
		if (!clang_Cursor_isAnonymous(p) && !clang_Cursor_isAnonymousRecordDecl(p))
			return fx_take(clang_getTypeSpelling(clang_getCursorType(p)));
		p = clang_getCursorSemanticParent(p);
	}
	return xstrdup("<anonymous>");
}

/* __builtin_expect(x, V) at the top of a condition: V, or -1. */
long long fx_expect_value(CXCursor cond)
{
	CXCursor c = fx_strip(cond);
	long long v = -1;
	CXString name;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 2)
		return -1;
	name = clang_getCursorSpelling(c);
	if (!strcmp(clang_getCString(name), "__builtin_expect")) {
		CXEvalResult r = clang_Cursor_Evaluate(clang_Cursor_getArgument(c, 1));

		if (r) {
			if (clang_EvalResult_getKind(r) == CXEval_Int)
				v = clang_EvalResult_getAsLongLong(r);
			clang_EvalResult_dispose(r);
		}
	}
	clang_disposeString(name);
	return v;
}

bool fx_in_main_file(CXCursor c)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

/* Walk @fn's definition later if it lives in a header and was not walked yet. */
void fx_want_definition(struct walk *w, CXCursor fn, const char *usr)
{
	CXCursor def;
	char *key;

	if (zt_strmap_get(&w->queued, usr) != (size_t)-1)
		return;
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def) || fx_in_main_file(def) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
		return;
	key = xstrdup(usr);
	ZT_PUSH_IMPLICIT(w->queued_keys, w->n_queued_keys);
	w->queued_keys[w->n_queued_keys++] = key;
	zt_strmap_put(&w->queued, key, 1);
	ZT_PUSH_IMPLICIT(w->queue, w->n_queue);
	w->queue[w->n_queue++] = def;
}

struct zt_function *fx_cur(struct walk *w)
{
	return w->fn == (size_t)-1 ? NULL : &w->tu->funcs[w->fn];
}

/* ---- which parameters an expression is computed from ---- */

static unsigned int ref_params(struct walk *w, CXCursor ref)
{
	for (size_t i = 0; i < w->n_param_cursors && i < 32; i++)
		if (clang_equalCursors(w->param_cursors[i], ref))
			return 1u << i;
	for (size_t i = 0; i < w->n_derived; i++)
		if (clang_equalCursors(w->derived[i].var, ref))
			return w->derived[i].params;
	return 0;
}

static enum CXChildVisitResult params_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	void **a = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		*(unsigned int *)a[1] |= ref_params(a[0], clang_getCursorReferenced(c));
	return CXChildVisit_Recurse;
}

/* Parameters (bit i) that @e reads, directly or through derived locals. */
unsigned int fx_expr_params(struct walk *w, CXCursor e)
{
	unsigned int m = 0;
	void *a[2] = { w, &m };

	if (!w->n_param_cursors || clang_Cursor_isNull(e))
		return 0;
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		m |= ref_params(w, clang_getCursorReferenced(e));
	clang_visitChildren(e, params_visit, a);
	return m;
}

void fx_add_derived(struct walk *w, CXCursor var, unsigned int params)
{
	for (size_t i = 0; i < w->n_derived; i++) {
		if (clang_equalCursors(w->derived[i].var, var)) {
			w->derived[i].params |= params;
			return;
		}
	}
	ZT_PUSH_IMPLICIT(w->derived, w->n_derived);
	w->derived[w->n_derived++] = (struct derived){ .var = var, .params = params };
}

/* @loc where it was expanded: a file location, so its tokens can be read. */
static CXSourceLocation file_location(CXTranslationUnit tu, CXSourceLocation loc)
{
	CXFile f;
	unsigned int offset;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &offset);
	return f ? clang_getLocationForOffset(tu, f, offset) : loc;
}

/*
 * The tokens from @from to @to as written: code from a macro (WARN_ONCE(...),
 * unlikely(x)) has no tokens of its own, so both ends are taken where the
 * macro was expanded (the end: where its expansion starts).
 */
void fx_written_tokens(CXTranslationUnit tu, CXSourceLocation from, CXSourceLocation to,
			   CXToken **toks, unsigned int *n)
{
	clang_tokenize(tu, clang_getRange(file_location(tu, from), file_location(tu, to)), toks, n);
}

/* Tokens that read as operators between operands: spaced when joined. */
static bool binary_token(const char *t, bool after_operand)
{
	static const char *const ops[] = { "&&", "||", "==", "!=", "<=", ">=", "<", ">", "|",
					   "^", "/", "%", "?", ":", "<<", ">>", "=" };

	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strcmp(t, ops[i]))
			return true;
	/* & - * + are binary only after an operand (a & b, not &x) */
	return after_operand && t[0] && !t[1] && strchr("&-*+", t[0]);
}

/*
 * The condition of if (unlikely(x)) as written, "x": the tokens between the
 * if's parentheses joined, the unlikely() (or __builtin_expect(x, 0))
 * wrapper dropped. What the finding says the path depends on.
 */
char *fx_cond_text(CXCursor ifstmt, CXCursor then)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(ifstmt);
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	unsigned int n, from = 2, to = 2;
	bool operand = false, prev_word = false;
	char **sp;
	CXToken *toks;

	fx_written_tokens(tu, clang_getRangeStart(clang_getCursorExtent(ifstmt)),
		       clang_getRangeStart(clang_getCursorExtent(then)), &toks, &n);
	sp = xcalloc(n + 1, sizeof(*sp));
	for (unsigned int i = 0; i < n; i++)
		sp[i] = fx_take(clang_getTokenSpelling(tu, toks[i]));
	/* if ( ... ): the matching parenthesis */
	for (unsigned int i = 1, depth = 0; n > 2 && i < n && to == 2; i++) {
		if (!strcmp(sp[i], "("))
			depth++;
		else if (!strcmp(sp[i], ")") && !--depth)
			to = i;
	}
	/* unlikely ( x ) and __builtin_expect ( x , 0 ) */
	if (to > from + 3 && clang_getTokenKind(toks[from]) == CXToken_Identifier &&
	    !strcmp(sp[from + 1], "(") && !strcmp(sp[to - 1], ")")) {
		unsigned int inner = to - 1;

		from += 2;
		to = inner;
		for (unsigned int i = from, depth = 0; i < inner; i++) {
			if (!strcmp(sp[i], "(") || !strcmp(sp[i], "["))
				depth++;
			else if (!strcmp(sp[i], ")") || !strcmp(sp[i], "]"))
				depth--;
			else if (!depth && !strcmp(sp[i], ","))
				to = i < to ? i : to;
		}
	}
	for (unsigned int i = from; i < to; i++) {
		CXTokenKind tk = clang_getTokenKind(toks[i]);
		bool word = tk == CXToken_Identifier || tk == CXToken_Keyword ||
			    tk == CXToken_Literal;
		bool bin = binary_token(sp[i], operand);

		if (i > from && (bin || !strcmp(sp[i - 1], ",") || (word && prev_word)))
			zt_strbuf_adds(&sb, " ");
		zt_strbuf_adds(&sb, sp[i]);
		if (bin)
			zt_strbuf_adds(&sb, " ");
		operand = word || !strcmp(sp[i], ")") || !strcmp(sp[i], "]");
		prev_word = word;
	}
	if (!sb.len)
		zt_strbuf_adds(&sb, "...");	/* no tokens to read: a macro's own if */
	for (unsigned int i = 0; i < n; i++)
		free(sp[i]);
	free(sp);
	clang_disposeTokens(tu, toks, n);
	return zt_strbuf_detach(&sb, NULL);
}

/* The tokens of expression @e as written, spaced as fx_cond_text() spaces them. */
char *fx_expr_text(CXCursor e)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
	CXSourceRange ext = clang_getCursorExtent(e);
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	bool operand = false, prev_word = false;
	CXToken *toks;
	unsigned int n;

	fx_written_tokens(tu, clang_getRangeStart(ext), clang_getRangeEnd(ext), &toks, &n);
	for (unsigned int i = 0; i < n; i++) {
		CXTokenKind tk = clang_getTokenKind(toks[i]);
		char *sp = fx_take(clang_getTokenSpelling(tu, toks[i]));
		bool word = tk == CXToken_Identifier || tk == CXToken_Keyword ||
			    tk == CXToken_Literal;
		bool bin = binary_token(sp, operand);

		if (i && (bin || (word && prev_word)))
			zt_strbuf_adds(&sb, " ");
		zt_strbuf_adds(&sb, sp);
		if (bin)
			zt_strbuf_adds(&sb, " ");
		operand = word || !strcmp(sp, ")") || !strcmp(sp, "]");
		prev_word = word;
		free(sp);
	}
	clang_disposeTokens(tu, toks, n);
	if (!sb.len)
		zt_strbuf_adds(&sb, "...");
	return zt_strbuf_detach(&sb, NULL);
}

char *fx_join_cond(const char *outer, const char *inner)
{
	return outer ? xasprintf("%s && %s", outer, inner) : xstrdup(inner);
}

/* ---- the NAPI instance's struct, and what it serves ---- */

bool fx_has_string(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}
