// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, where a callee's body comes from: another TU of the
 * driver (the resolver names it), and whether the body seen is only one
 * configuration's stub.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "zerotax.h"

struct find_def {
	const char *fn;
	CXCursor def;
};

static enum CXChildVisitResult find_def_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct find_def *f = d;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	name = da_spelling(c);
	if (!strcmp(name, f->fn))
		f->def = c;
	free(name);
	return clang_Cursor_isNull(f->def) ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* The definition of the function @fn in @tu, or a null cursor. */
CXCursor da_find_definition(CXTranslationUnit tu, const char *fn)
{
	struct find_def f = { fn, clang_getNullCursor() };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_def_visit, &f);
	return f.def;
}

/* Parse @file for a callee's body, unless the TU limit is reached. */
static void parse_other_tu(struct da *da, const char *fn, const char *file, char **args)
{
	CXTranslationUnit tu = NULL;
	int nargs = 0;

	if (da->n_tus == DA_MAX_TUS) {
		zt_strvec_push(&da->over_limit, fn);
		return;
	}
	while (args && args[nargs])
		nargs++;
	if (clang_parseTranslationUnit2(da->index, file, (const char *const *)args, nargs, NULL, 0,
					DA_PARSE_OPTIONS, &tu) == CXError_Success)
		da->tus[da->n_tus++] = tu;
}

/*
 * A callee defined in another TU of the driver (the resolver says which).
 * The resolver is asked once per callee, even when a TU parsed for another
 * callee holds a body: a second definition elsewhere (Kbuild's alternative
 * objects) makes the one seen only one configuration's, as does a body the
 * preprocessor chose over a skipped one.
 */
CXCursor da_body_elsewhere(struct da *da, CXTranslationUnit caller, const char *fn,
			   enum zt_da_unknown *why)
{
	CXCursor def = clang_getNullCursor();
	char *file = NULL, **args = NULL;
	int found = -1;

	if (da->res && !zt_strvec_has(&da->tried, fn)) {
		zt_strvec_push(&da->tried, fn);
		found = da->res->find(da->res->arg, fn, &file, &args);
		if (found > 0)
			zt_strvec_push(&da->twice, fn);
	}
	*why = ZT_DA_TWO_DEFINITIONS;
	if (zt_strvec_has(&da->twice, fn))
		goto out;
	for (size_t t = 0; t < da->n_tus && clang_Cursor_isNull(def); t++)
		def = da_find_definition(da->tus[t], fn);
	if (clang_Cursor_isNull(def) && !found) {
		parse_other_tu(da, fn, file, args);
		if (da->n_tus)
			def = da_find_definition(da->tus[da->n_tus - 1], fn);
	}
	*why = zt_strvec_has(&da->over_limit, fn) ? ZT_DA_TU_LIMIT : ZT_DA_NO_BODY;
	if (clang_Cursor_isNull(def))
		goto out;
	*why = ZT_DA_OTHER_CONFIG;
	if (da_config_dependent(da, caller, def, fn))
		def = clang_getNullCursor();
	else
		*why = ZT_DA_KNOWN;
out:
	free(file);
	for (int k = 0; args && args[k]; k++)
		free(args[k]);
	free(args);
	return def;
}

struct summary *da_summarize_elsewhere(struct walk *w, const char *fn, unsigned int i,
				       enum zt_da_unknown *why)
{
	struct summary *s;
	CXCursor def = da_body_elsewhere(w->da, clang_Cursor_getTranslationUnit(w->body), fn, why);

	if (clang_Cursor_isNull(def))
		return NULL;
	s = da_summarize(w->da, def, i, w->depth + 1);
	if (!s)
		*why = ZT_DA_RECURSION;
	return s;
}

/* Does [b, e) name @fn as a function ("fn(", an identifier of its own)? */
static bool names_function(const char *b, const char *e, const char *fn)
{
	size_t n = strlen(fn);

	for (const char *p = b; p + n <= e; p++) {
		const char *q = p + n;

		if (strncmp(p, fn, n) || (p > b && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
			continue;
		while (q < e && (*q == ' ' || *q == '\t' || *q == '\n'))
			q++;
		if (q < e && *q == '(')
			return true;
	}
	return false;
}

static bool c_keyword(const char *w, size_t n)
{
	static const char *const kw[] = {
		"if",	      "while",	       "for",	  "switch", "return", "sizeof", "typeof",
		"__typeof__", "__attribute__", "defined", "case",   "else",   "do",	"goto"
	};

	for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
		if (strlen(kw[i]) == n && !strncmp(kw[i], w, n))
			return true;
	return false;
}

/*
 * The names declared or defined as functions (or function-like macros) in
 * [b, e): an identifier followed by '(' whose previous token is a word or a
 * '*' (a return type, "#define"), not a call's ';', '=', '(' or "return".
 */
static void declared_in(const char *b, const char *e, struct zt_strvec *out)
{
	const char *prev_end = NULL; /* the previous token's last char */

	for (const char *p = b; p < e;) {
		const char *w = p, *q;
		bool after_word;

		if (!(isalpha((unsigned char)*p) || *p == '_')) {
			if (!isspace((unsigned char)*p))
				prev_end = p;
			p++;
			continue;
		}
		while (p < e && (isalnum((unsigned char)*p) || *p == '_'))
			p++;
		for (q = p; q < e && isspace((unsigned char)*q); q++)
			;
		after_word = prev_end && (isalnum((unsigned char)*prev_end) || *prev_end == '_' ||
					  *prev_end == '*');
		if (q < e && *q == '(' && after_word && !c_keyword(w, (size_t)(p - w)) &&
		    !(prev_end - 5 >= b && !strncmp(prev_end - 5, "return", 6)))
			zt_strvec_push_nodup(out, xstrndup(w, (size_t)(p - w)));
		prev_end = p - 1;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* What declared_in() finds in every block of @tu the preprocessor skipped, sorted. */
static const struct zt_strvec *skipped_decls(struct da *da, CXTranslationUnit tu)
{
	struct da_skipped *k;
	CXSourceRangeList *r;

	for (size_t i = 0; i < da->n_skipped; i++)
		if (da->skipped[i].tu == tu)
			return &da->skipped[i].names;
	ZT_ALLOC_GROW(da->skipped, da->n_skipped + 1, da->alloc_skipped);
	k = &da->skipped[da->n_skipped++];
	k->tu = tu;
	k->names = (struct zt_strvec)ZT_STRVEC_INIT;
	r = clang_getAllSkippedRanges(tu);
	for (unsigned int i = 0; r && i < r->count; i++) {
		unsigned int b, e;
		CXFile file;
		const char *text;
		size_t size = 0;

		clang_getSpellingLocation(clang_getRangeStart(r->ranges[i]), &file, NULL, NULL, &b);
		clang_getSpellingLocation(clang_getRangeEnd(r->ranges[i]), NULL, NULL, NULL, &e);
		text = file ? clang_getFileContents(tu, file, &size) : NULL;
		if (text && b < e && e <= size)
			declared_in(text + b, text + e, &k->names);
	}
	clang_disposeSourceRangeList(r);
	if (k->names.n)
		qsort(k->names.v, k->names.n, sizeof(*k->names.v), cmp_str);
	return &k->names;
}

static bool skipped_declares(struct da *da, CXTranslationUnit tu, const char *fn)
{
	const struct zt_strvec *names = skipped_decls(da, tu);

	return names->n && bsearch(&fn, names->v, names->n, sizeof(*names->v), cmp_str);
}

/* Is the body of @def only this configuration's, by its own file's skipped blocks? */
static bool same_file_skips(CXCursor def, const char *fn)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(def);
	CXSourceLocation at = clang_getCursorLocation(def);
	CXSourceRangeList *r;
	const char *text;
	size_t size = 0;
	CXFile file;
	bool hit = false;

	clang_getSpellingLocation(at, &file, NULL, NULL, NULL);
	if (!file)
		return false;
	text = clang_getFileContents(tu, file, &size);
	r = clang_getSkippedRanges(tu, file);
	for (unsigned int k = 0; text && r && k < r->count && !hit; k++) {
		unsigned int b, e;

		clang_getSpellingLocation(clang_getRangeStart(r->ranges[k]), NULL, NULL, NULL, &b);
		clang_getSpellingLocation(clang_getRangeEnd(r->ranges[k]), NULL, NULL, NULL, &e);
		if (b < e && e <= size)
			hit = names_function(text + b, text + e, fn);
	}
	clang_disposeSourceRangeList(r);
	return hit;
}

/*
 * Is the body of @def only this configuration's? The kernel's way of
 * stubbing out a facility (#if IS_ENABLED(CONFIG_X) ... #else an empty
 * static inline ... #endif) leaves the other declaration of the same
 * function in a block the preprocessor skipped, in the same file. That
 * body proves nothing about the build that has the real one. So does a
 * declaration of it in any skipped block of the caller's TU or of the
 * body's (a header's "#else static inline ... {}" stub, whichever side this
 * build took).
 */
bool da_config_dependent(struct da *da, CXTranslationUnit caller, CXCursor def, const char *fn)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(def);

	return same_file_skips(def, fn) || skipped_declares(da, tu, fn) ||
	       (caller && caller != tu && skipped_declares(da, caller, fn));
}

struct aliases {
	CXCursor target;
	struct zt_strvec *names;
	bool hit;
};

static enum CXChildVisitResult refers_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct aliases *a = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), a->target))
		a->hit = true;
	return a->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool refers_to(CXCursor c, CXCursor target)
{
	struct aliases a = { .target = target };

	refers_visit(c, c, &a);
	if (!a.hit)
		clang_visitChildren(c, refers_visit, &a);
	return a.hit;
}

/*
 * Is @e (a value) a pointer into @target: &target, &target.f, target itself
 * (a pointer parameter), through casts? A call's value is not followed: what
 * it returns is the callee's to say (the walk treats it).
 */
static bool points_into(CXCursor e, CXCursor target)
{
	struct kids k;
	bool yes = false;

	e = da_strip(e);
	while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr) {
		k = da_kids_of(e);
		e = k.n ? da_strip(k.v[k.n - 1]) : clang_getNullCursor();
		free(k.v);
	}
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		return clang_equalCursors(clang_getCursorReferenced(e), target);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
		k = da_kids_of(e);
		yes = k.n == 1 && clang_getCursorKind(da_strip(k.v[0])) != CXCursor_CallExpr &&
		      refers_to(k.v[0], target);
		free(k.v);
	}
	return yes;
}

/* Variables given a pointer into @target ("p = &d", "struct x *q = &d.ring"). */
static enum CXChildVisitResult alias_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct aliases *a = d;
	struct kids k;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl) {
		k = da_kids_of(c);
		if (k.n && points_into(k.v[k.n - 1], a->target))
			zt_strvec_push_nodup(a->names, da_spelling(c));
		free(k.v);
	} else if (clang_getCursorKind(c) == CXCursor_BinaryOperator) {
		k = da_kids_of(c);
		if (k.n == 2 && clang_getCursorKind(k.v[0]) == CXCursor_DeclRefExpr &&
		    points_into(k.v[1], a->target))
			zt_strvec_push_nodup(a->names, da_spelling(k.v[0]));
		free(k.v);
	}
	return CXChildVisit_Recurse;
}

/* Does [b, e) hold @name as a word of its own? */
static bool names_word(const char *b, const char *e, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = b; p + n <= e; p++)
		if (!strncmp(p, name, n) &&
		    (p == b || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    (p + n == e || !(isalnum((unsigned char)p[n]) || p[n] == '_')))
			return true;
	return false;
}

/*
 * The uses of @name in [b, e): each a member read "name->f" or "name.f"
 * (the first field, pushed to @fields) or a plain store to one (counted in
 * *@stores), else false: the name used any other way (its address, passed
 * on whole, assigned whole, "+=") is not followed.
 */
static bool member_uses(const char *b, const char *e, const char *name, struct zt_strvec *fields,
			unsigned int *stores)
{
	size_t n = strlen(name);

	for (const char *p = b; p + n <= e; p++) {
		const char *q = p + n, *f, *fe;

		if (strncmp(p, name, n) ||
		    (p > b && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    (q < e && (isalnum((unsigned char)*q) || *q == '_')))
			continue;
		while (q < e && isspace((unsigned char)*q))
			q++;
		if (q + 1 < e && q[0] == '-' && q[1] == '>')
			q += 2;
		else if (q < e && q[0] == '.')
			q++;
		else
			return false;
		while (q < e && isspace((unsigned char)*q))
			q++;
		for (f = q; q < e && (isalnum((unsigned char)*q) || *q == '_'); q++)
			;
		if (q == f || (p > b && p[-1] == '&'))
			return false;
		fe = q;
		/* a plain store writes (more written, never less); += and ++ read too */
		while (q < e && isspace((unsigned char)*q))
			q++;
		if (q < e && q[0] == '=' && (q + 1 == e || q[1] != '=')) {
			(*stores)++;
			continue;
		}
		if (q + 1 < e &&
		    ((strchr("+-*/|&^<>", q[0]) && q[1] == '=' && q[0] != '<' && q[0] != '>') ||
		     ((q[0] == '+' || q[0] == '-') && q[1] == q[0])))
			return false;
		zt_strvec_push_nodup(fields, xstrndup(f, (size_t)(fe - f)));
	}
	return true;
}

/* Lines of @text in [b, e) that a #if ... #endif encloses (either branch): @spans pairs. */
static size_t conditional_spans(const char *text, unsigned int b, unsigned int e,
				unsigned int first_line, unsigned int *spans, size_t max)
{
	unsigned int line = first_line, open[16];
	size_t depth = 0, n = 0;

	for (unsigned int p = b; p < e; p++) {
		if (p == b || text[p - 1] == '\n') {
			unsigned int q = p;

			while (q < e && (text[q] == ' ' || text[q] == '\t'))
				q++;
			if (q < e && text[q] == '#') {
				q++;
				while (q < e && (text[q] == ' ' || text[q] == '\t'))
					q++;
				if (!strncmp(text + q, "if", 2) && depth == 16)
					return SIZE_MAX; /* deeper than followed */
				if (!strncmp(text + q, "if", 2))
					open[depth++] = line;
				else if (!strncmp(text + q, "endif", 5) && depth && n == max)
					return SIZE_MAX;
				else if (!strncmp(text + q, "endif", 5) && depth) {
					depth--;
					spans[2 * n] = open[depth];
					spans[2 * n + 1] = line;
					n++;
				}
			}
		}
		if (text[p] == '\n')
			line++;
	}
	return n;
}

struct cond_write {
	CXCursor target;
	const unsigned int *spans;
	size_t n;
	unsigned int line;
};

static bool in_spans(const struct cond_write *c, unsigned int line)
{
	for (size_t i = 0; i < c->n; i++)
		if (line > c->spans[2 * i] && line < c->spans[2 * i + 1])
			return true;
	return false;
}

/* A store to the target, or a call given it, inside a #if: the other build lacks it. */
static enum CXChildVisitResult cond_write_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct cond_write *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;
	bool hit = false;

	(void)parent;
	if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator &&
	    k != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	if (!in_spans(w, da_line_of(c)))
		return CXChildVisit_Recurse;
	kids = da_kids_of(c);
	if (k == CXCursor_CallExpr)
		hit = refers_to(c, w->target);
	else if (kids.n == 2 && (k == CXCursor_CompoundAssignOperator ||
				 clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign))
		hit = refers_to(kids.v[0], w->target);
	free(kids.v);
	if (hit) {
		w->line = da_line_of(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * A write of @target (a store to it, or a call given it) in code a #if
 * encloses: the configuration without that branch does not write it. Reads
 * there only go away in the other build, which asks less.
 */
static bool parsed_conditional_write(CXCursor def, CXCursor target, const char *text, size_t size,
				     unsigned int fb, unsigned int fe, unsigned int *line)
{
	unsigned int spans[64], first;
	struct cond_write w = { .target = target, .spans = spans };

	if (!text || fe > size)
		return false;
	clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(def)), NULL, &first,
				  NULL, NULL);
	w.n = conditional_spans(text, fb, fe, first, spans, 32);
	if (w.n == SIZE_MAX) {
		*line = first; /* too many to follow: unknown, never "none" */
		return true;
	}
	if (!w.n)
		return false;
	clang_visitChildren(def, cond_write_visit, &w);
	if (w.line)
		*line = w.line;
	return w.line != 0;
}

/*
 * Does a block of @def's body that the preprocessor skipped name @target, or
 * a variable given a value naming it? Then the other configuration reads or
 * writes what this one does not: the proof holds for one build only. The
 * line of the first such block goes to *@line. With @fields, a block that
 * only reads fields of @target itself ("p->f") gives those fields instead
 * (a callee's parameter: they count as read on entry, which is earlier than
 * the block and so asks more); NULL: any mention is "unknown". Gives up on
 * aliases made through a second variable or a callee: those are not seen.
 */
bool da_own_config(CXCursor def, CXCursor target, unsigned int *line, struct da_paths *fields)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(def);
	CXSourceRange ext = clang_getCursorExtent(def);
	struct zt_strvec names = ZT_STRVEC_INIT;
	struct aliases a = { .target = target, .names = &names };
	unsigned int fb, fe;
	CXSourceRangeList *r;
	const char *text;
	size_t size = 0;
	CXFile file;
	bool hit = false;
	struct zt_strvec reads = ZT_STRVEC_INIT;
	unsigned int stores = 0;

	clang_getSpellingLocation(clang_getRangeStart(ext), &file, NULL, NULL, &fb);
	clang_getSpellingLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &fe);
	if (!file)
		return false;
	zt_strvec_push_nodup(&names, da_spelling(target));
	clang_visitChildren(def, alias_visit, &a);
	text = clang_getFileContents(tu, file, &size);
	r = clang_getSkippedRanges(tu, file);
	for (unsigned int k = 0; text && r && k < r->count && !hit; k++) {
		unsigned int b, e, at;

		clang_getSpellingLocation(clang_getRangeStart(r->ranges[k]), NULL, &at, NULL, &b);
		clang_getSpellingLocation(clang_getRangeEnd(r->ranges[k]), NULL, NULL, NULL, &e);
		if (b < fb || e > fe || e > size || b >= e)
			continue;
		for (size_t i = 0; i < names.n && !hit; i++) {
			if (!names_word(text + b, text + e, names.v[i]))
				continue;
			*line = at;
			hit = i || !member_uses(text + b, text + e, names.v[i], &reads, &stores) ||
			      (!fields && reads.n);
		}
	}
	clang_disposeSourceRangeList(r);
	if (!hit)
		hit = parsed_conditional_write(def, target, text, size, fb, fe, line);
	/* the members the skipped text reads: from source text, the one place paths are parsed */
	for (size_t i = 0; !hit && fields && i < reads.n; i++)
		da_paths_take(fields, da_path_of_fields(reads.v[i]));
	zt_strvec_clear(&reads);
	zt_strvec_clear(&names);
	return hit;
}
