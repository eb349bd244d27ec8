// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which code runs how often: budgets and batches in conditions, __cold
 * functions, error handling (goto-err ladders, negative errnos, error reports).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "facts_int.h"

static bool names_budget(const char *t)
{
	for (; *t; t++)
		if (!strncasecmp(t, "budget", 6))
			return true;
	return false;
}

static bool names_batch(const char *t)
{
	for (; *t; t++)
		if (!strncasecmp(t, "batch", 5) || !strncasecmp(t, "bulk", 4))
			return true;
	return false;
}

/* The value of @e when it is a constant spelled with a *BATCH* / *BULK* name, else 0. */
unsigned int fx_batch_constant(CXCursor e)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
	CXEvalResult r;
	CXToken *toks;
	unsigned int nt, n = 0;
	bool named = false;

	clang_tokenize(tu, clang_getCursorExtent(e), &toks, &nt);
	for (unsigned int t = 0; t < nt && !named; t++) {
		CXString sp = clang_getTokenSpelling(tu, toks[t]);

		named = clang_getTokenKind(toks[t]) == CXToken_Identifier &&
			names_batch(clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, nt);
	if (!named || !(r = clang_Cursor_Evaluate(e)))
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int &&
	    clang_EvalResult_getAsLongLong(r) > 1 && clang_EvalResult_getAsLongLong(r) < 65536)
		n = (unsigned int)clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return n;
}

static enum CXChildVisitResult batch_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	unsigned int *n = data;
	struct kids k = { 0 };

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	fx_get_kids(c, &k);
	for (size_t i = 0; i < k.n && k.n == 2 && !*n; i++)
		*n = fx_batch_constant(k.v[i]);
	free(k.v);
	return *n ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool is_relational(CXCursor c)
{
	enum CXBinaryOperatorKind op;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op = clang_getCursorBinaryOperatorKind(c);
	return op == CXBinaryOperator_LT || op == CXBinaryOperator_GT ||
	       op == CXBinaryOperator_LE || op == CXBinaryOperator_GE;
}

static enum CXChildVisitResult fraction_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Div ||
	     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Shr)) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult threshold_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	bool fraction = false;

	(void)parent;
	if (!is_relational(c))
		return CXChildVisit_Recurse;
	clang_visitChildren(c, fraction_visit, &fraction);
	if (!fraction)
		return CXChildVisit_Recurse;
	*(bool *)data = true;
	return CXChildVisit_Break;
}

/*
 * if (unused < ring_size / 4) refill(): a comparison with a fraction of
 * something (a division or a right shift), a ring threshold. What it guards
 * runs once per that many packets, a number not known here.
 */
bool fx_threshold_cond(CXCursor cond)
{
	bool found = false;

	if (threshold_visit(cond, clang_getNullCursor(), &found) == CXChildVisit_Break)
		return true;
	clang_visitChildren(cond, threshold_visit, &found);
	return found;
}

/* if (bq->count == XDP_BULK_QUEUE_SIZE): the constant batch size compared, else 0. */
unsigned int fx_batch_size(CXCursor cond)
{
	unsigned int n = 0;

	batch_visit(cond, clang_getNullCursor(), &n);
	if (!n)
		clang_visitChildren(cond, batch_visit, &n);
	return n;
}

/* Does the source of @c name a budget (NAPI_POLL_BUDGET, rq->budget, ...)? */
bool fx_mentions_budget(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *toks;
	unsigned int n;
	bool found = false;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned int i = 0; i < n && !found; i++) {
		CXString sp;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		sp = clang_getTokenSpelling(tu, toks[i]);
		found = names_budget(clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

static bool token_is_cold(const char *t)
{
	return !strcmp(t, "__cold") || !strcmp(t, "cold") || !strcmp(t, "__cold__");
}

/*
 * clang_getFileContents() scans the whole source manager for the file, so
 * it is asked once per file: attributes are spelled in a handful of headers.
 */
static const char *file_text(struct walk *w, CXTranslationUnit tu, CXFile f, size_t *size)
{
	struct file_text *ft;

	for (size_t i = 0; i < w->n_files; i++) {
		if (clang_File_isEqual(w->files[i].file, f)) {
			*size = w->files[i].size;
			return w->files[i].text;
		}
	}
	ZT_PUSH_IMPLICIT(w->files, w->n_files);
	ft = &w->files[w->n_files++];
	ft->file = f;
	ft->text = clang_getFileContents(tu, f, &ft->size);
	*size = ft->size;
	return ft->text;
}

/* Is the identifier where @where is spelled cold (cold, __cold__)? */
static bool ident_at_is_cold(struct walk *w, CXTranslationUnit tu, CXSourceLocation where)
{
	unsigned int offset;
	const char *text;
	size_t size, n = 0;
	char ident[16];
	CXFile f;

	clang_getSpellingLocation(where, &f, NULL, NULL, &offset);
	if (!f)
		return false;
	text = file_text(w, tu, f, &size);
	if (!text || offset >= size)
		return false;
	while (offset + n < size && n < sizeof(ident) - 1 &&
	       (text[offset + n] == '_' || (text[offset + n] >= 'a' && text[offset + n] <= 'z') ||
		(text[offset + n] >= 'A' && text[offset + n] <= 'Z') ||
		(text[offset + n] >= '0' && text[offset + n] <= '9'))) {
		ident[n] = text[offset + n];
		n++;
	}
	ident[n] = '\0';
	return token_is_cold(ident);
}

/*
 * Is __attribute__((cold)) (or the kernel's __cold) written on this
 * declaration? libclang exposes the attribute without its kind, so read the
 * identifier where it is spelled: "cold" or "__cold__" (inside __cold).
 */
bool fx_decl_is_cold(struct walk *w, CXCursor fn)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
	struct kids k = { 0 };
	bool cold = false;

	fx_get_kids(fn, &k);
	for (size_t i = 0; i < k.n && !cold; i++) {
		CXSourceLocation loc;

		if (!clang_isAttribute(clang_getCursorKind(k.v[i])))
			continue;
		loc = clang_getCursorLocation(k.v[i]);
		cold = ident_at_is_cold(w, tu, loc);
	}
	free(k.v);
	return cold;
}

/* ---- error paths: which unlikely() branches are error handling ---- */

/*
 * Does the source of @c name error reporting (a macro or a function, not a
 * field): WARN*(), BUG*(), dev_err(), netdev_warn_once(), pr_crit(),
 * net_err_ratelimited(), net_ratelimit() (rules/kernel.conf's error-report,
 * error-log and error-level)? Code that reports an error is handling one,
 * whatever its condition says.
 */
static bool calls_error_report(struct walk *w, CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange ext = clang_getCursorExtent(c);
	CXToken *toks;
	unsigned int n;
	bool found = false;

	fx_written_tokens(tu, clang_getRangeStart(ext), clang_getRangeEnd(ext), &toks, &n);
	for (unsigned int i = 0; i < n && !found; i++) {
		CXString sp, prev;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		if (i) {
			prev = clang_getTokenSpelling(tu, toks[i - 1]);
			found = strcmp(clang_getCString(prev), ".") &&
				strcmp(clang_getCString(prev), "->");
			clang_disposeString(prev);
			if (!found)
				continue;
		}
		sp = clang_getTokenSpelling(tu, toks[i]);
		found = zt_kernel_error_report(w->opts->kernel, clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

/* Is @fn (a function declaration) cold on the declaration called or its first one? */
static bool callee_is_cold(struct walk *w, CXCursor fn)
{
	return fx_decl_is_cold(w, fn) || fx_decl_is_cold(w, clang_getCanonicalCursor(fn));
}

static bool is_const_char_ptr(CXType t, bool want_const)
{
	CXType pt;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return false;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	return (pt.kind == CXType_Char_S || pt.kind == CXType_Char_U) &&
	       clang_isConstQualifiedType(pt) == want_const;
}

/*
 * A printf-style logger (en_print(level, priv, fmt, ...), a driver's own
 * wrapper of netdev_err()): variadic, its last named parameter a format
 * string; not one that prints into a buffer (snprintf(buf, ...)).
 */
bool fx_is_logger(CXCursor fn)
{
	CXType t = clang_getCursorType(fn);
	int n = clang_getNumArgTypes(t);

	if (!clang_isFunctionTypeVariadic(t) || n < 1)
		return false;
	if (!is_const_char_ptr(clang_getArgType(t, (unsigned int)n - 1), true))
		return false;
	return !is_const_char_ptr(clang_getArgType(t, 0), false);
}

static enum CXChildVisitResult cold_call_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	void **a = data;
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl &&
	    (callee_is_cold(a[0], ref) || fx_is_logger(ref))) {
		*(bool *)a[1] = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does expression or statement @c call a __cold function or a printf-style logger? */
static bool calls_cold(struct walk *w, CXCursor c)
{
	bool found = false;
	void *a[2] = { w, &found };

	if (cold_call_visit(c, clang_getNullCursor(), a) == CXChildVisit_Recurse)
		clang_visitChildren(c, cold_call_visit, a);
	return found;
}

/* A negative integer constant (-ENOMEM), or a call given one (ERR_PTR(-EINVAL)). */
static bool negative_errno(CXCursor e)
{
	CXEvalResult r;
	bool neg = false;

	e = fx_strip(e);
	if (clang_getCursorKind(e) == CXCursor_CallExpr) {
		for (int i = 0; i < clang_Cursor_getNumArguments(e) && !neg; i++)
			neg = negative_errno(clang_Cursor_getArgument(e, (unsigned int)i));
		return neg;
	}
	r = clang_Cursor_Evaluate(e);
	if (!r)
		return false;
	if (clang_EvalResult_getKind(r) == CXEval_Int && !clang_EvalResult_isUnsignedInt(r))
		neg = clang_EvalResult_getAsLongLong(r) < 0;
	clang_EvalResult_dispose(r);
	return neg;
}

/*
 * The labels of the current function's goto-err ladders: labelled statements
 * after a return of the same block (as walk() marks them), found once, when
 * a goto first needs them.
 */
static void find_ladders(struct walk *w, CXCursor c, int depth)
{
	struct kids k = { 0 };
	bool ladder = false;

	if (depth >= MAX_DEPTH)
		return;
	fx_get_kids(c, &k);
	for (size_t i = 0; i < k.n; i++) {
		enum CXCursorKind kind = clang_getCursorKind(k.v[i]);

		if (clang_getCursorKind(c) == CXCursor_CompoundStmt && kind == CXCursor_LabelStmt &&
		    i && clang_getCursorKind(k.v[i - 1]) == CXCursor_ReturnStmt)
			ladder = true;
		if (ladder && kind == CXCursor_LabelStmt) {
			ZT_PUSH_IMPLICIT(w->ladder_labels, w->n_ladder_labels);
			w->ladder_labels[w->n_ladder_labels++] = k.v[i];
		}
		/* err_free: err: a label's statement may be another label */
		find_ladders(w, k.v[i], depth + 1);
	}
	free(k.v);
}

static bool goto_into_ladder(struct walk *w, CXCursor go)
{
	struct kids k = { 0 };
	bool found = false;

	if (!w->ladders_known) {
		find_ladders(w, w->body, 0);
		w->ladders_known = true;
	}
	fx_get_kids(go, &k);
	if (k.n == 1 && clang_getCursorKind(k.v[0]) == CXCursor_LabelRef) {
		CXCursor label = clang_getCursorReferenced(k.v[0]);

		/* by where it is: the label a LabelRef names is not the walked cursor */
		for (size_t i = 0; i < w->n_ladder_labels && !found; i++)
			found = clang_equalLocations(clang_getCursorLocation(w->ladder_labels[i]),
						     clang_getCursorLocation(label));
	}
	free(k.v);
	return found;
}

/*
 * Is statement @s error handling: a return of a negative errno, a goto into
 * a goto-err ladder, error reporting (WARN*, dev_err*, net_ratelimit()), a
 * call to a __cold function? Nested ifs and loops are judged when walked:
 * only their condition counts here (if (net_ratelimit()) netdev_err(...)).
 */
static bool error_stmt(struct walk *w, CXCursor s, int depth)
{
	struct kids k = { 0 };
	bool err = false;

	switch (clang_getCursorKind(s)) {
	case CXCursor_ReturnStmt:
		fx_get_kids(s, &k);
		err = k.n && negative_errno(k.v[0]);
		free(k.v);
		return err;
	case CXCursor_GotoStmt:
		return goto_into_ladder(w, s);
	case CXCursor_CompoundStmt:
		return fx_error_branch(w, s, depth + 1);
	case CXCursor_IfStmt:
		fx_get_kids(s, &k);
		err = k.n && (calls_error_report(w, k.v[0]) || calls_cold(w, k.v[0]));
		free(k.v);
		return err;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_SwitchStmt:
	case CXCursor_LabelStmt:
		return false;
	default:
		return calls_error_report(w, s) || calls_cold(w, s);
	}
}

/* Is the then-branch of an if (unlikely(...)) error handling (error_stmt())? */
bool fx_error_branch(struct walk *w, CXCursor then, int depth)
{
	struct kids k = { 0 };
	bool err = false;

	if (depth >= MAX_DEPTH)
		return false;
	if (clang_getCursorKind(then) != CXCursor_CompoundStmt)
		return error_stmt(w, then, depth);
	fx_get_kids(then, &k);
	for (size_t i = 0; i < k.n && !err; i++)
		err = error_stmt(w, k.v[i], depth);
	free(k.v);
	return err;
}
