// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, where a callee's body comes from: another TU of the
 * driver (the resolver names it), and whether the body seen is only one
 * configuration's stub.
 */
#include <ctype.h>
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
struct summary *da_summarize_elsewhere(struct walk *w, const char *fn, unsigned int i,
				       enum zt_da_unknown *why)
{
	struct summary *s;
	struct da *da = w->da;
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
	if (da_config_dependent(def, fn)) {
		def = clang_getNullCursor();
		goto out;
	}
out:
	free(file);
	for (int k = 0; args && args[k]; k++)
		free(args[k]);
	free(args);
	if (clang_Cursor_isNull(def))
		return NULL;
	s = da_summarize(da, def, i, w->depth + 1);
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

/*
 * Is the body of @def only this configuration's? The kernel's way of
 * stubbing out a facility (#if IS_ENABLED(CONFIG_X) ... #else an empty
 * static inline ... #endif) leaves the other declaration of the same
 * function in a block the preprocessor skipped, in the same file. That
 * body proves nothing about the build that has the real one.
 */
bool da_config_dependent(CXCursor def, const char *fn)
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
