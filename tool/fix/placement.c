// SPDX-License-Identifier: GPL-2.0-only
/* Where the embedded type's definition must be for the owner to see it. */
#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "fixtext.h"
#include "placement.h"
#include "strbuf.h"
#include "verify.h"
#include "zerotax.h"

bool zt_place_is_public(const char *rel)
{
	const char *p;

	/* The directories themselves count too: "include", "arch/x86/include". */
	if (!strncmp(rel, "include", 7) && (!rel[7] || rel[7] == '/'))
		return true;
	if (strncmp(rel, "arch/", 5))
		return false;
	p = strchr(rel + 5, '/');
	return p && !strncmp(p, "/include", 8) && (!p[8] || p[8] == '/');
}

static char *dir_of(const char *rel)
{
	const char *s = strrchr(rel, '/');

	return s ? xstrndup(rel, (size_t)(s - rel)) : xstrdup("");
}

/* ---- the compiler's view: top-level declarations in translation order ------ */

struct walk {
	const char *owner, *type;	/* names without the keyword */
	enum CXCursorKind owner_kind, type_kind;
	unsigned int index;
	unsigned int owner_at, type_at;	/* 1-based order; 0: not seen */
	CXCursor owner_def, type_def;
};

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;
	const char *name;

	w->index++;
	if ((k != CXCursor_StructDecl && k != CXCursor_UnionDecl) || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	if (name && !w->owner_at && k == w->owner_kind && !strcmp(name, w->owner)) {
		w->owner_at = w->index;
		w->owner_def = c;
	}
	if (name && !w->type_at && k == w->type_kind && !strcmp(name, w->type)) {
		w->type_at = w->index;
		w->type_def = c;
	}
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

static char *cursor_file(CXCursor c, unsigned int *line)
{
	CXFile f;
	CXString s;
	char *name;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, line, NULL, NULL);
	s = clang_getFileName(f);
	name = clang_getCString(s) ? xstrdup(clang_getCString(s)) : NULL;
	clang_disposeString(s);
	return name;
}

static enum CXCursorKind kind_of(const char *record)
{
	return !strncmp(record, "union ", 6) ? CXCursor_UnionDecl : CXCursor_StructDecl;
}

/* Is @rel inside @dir ("" is the tree)? */
static bool under(const char *rel, const char *dir)
{
	size_t n = strlen(dir);

	return !n || (!strncmp(rel, dir, n) && rel[n] == '/');
}

/* ---- the text's view: does one header reach another, as the TU's compiler looks? ---- */

struct reach {
	const char *root;
	const struct zt_strvec *dirs;	/* the TU's -iquote and -I directories */
	struct zt_strvec seen;
};

static bool reaches(struct reach *r, const char *from_rel, const char *to_rel, int depth)
{
	char *text, *p;
	bool found = false;

	if (!strcmp(from_rel, to_rel))
		return true;
	if (depth > 16 || zt_strvec_has(&r->seen, from_rel))
		return false;
	zt_strvec_push(&r->seen, from_rel);
	p = xasprintf("%s/%s", r->root, from_rel);
	if (zt_read_file(p, &text, NULL))
		text = NULL;
	free(p);
	for (const char *l = text; !found && l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *a = l, *q;
		char open, close, *inc, *rel;

		while (*a == ' ' || *a == '\t')
			a++;
		if (*a++ != '#')
			continue;
		while (*a == ' ' || *a == '\t')
			a++;
		if (strncmp(a, "include", 7))
			continue;
		a += 7;
		while (*a == ' ' || *a == '\t')
			a++;
		open = *a;
		close = open == '<' ? '>' : '"';
		if (open != '<' && open != '"')
			continue;
		q = strchr(a + 1, close);
		if (!q || memchr(a, '\n', (size_t)(q - a)))
			continue;
		inc = xstrndup(a + 1, (size_t)(q - a - 1));
		rel = zt_fix_resolve_include(r->root, from_rel, inc, open == '"', r->dirs);
		if (rel)
			found = reaches(r, rel, to_rel, depth + 1);
		free(rel);
		free(inc);
	}
	free(text);
	return found;
}

static bool header_reaches(const char *root, const struct zt_strvec *dirs, const char *from_rel,
			   const char *to_rel)
{
	struct reach r = { root, dirs, ZT_STRVEC_INIT };
	bool yes = reaches(&r, from_rel, to_rel, 0);

	zt_strvec_clear(&r.seen);
	return yes;
}

/* "../x/y.h": @to_rel from a file in @from_dir, through the common directory. */
static char *path_from(const char *from_dir, const char *to_rel)
{
	size_t common = 0, i, len = strlen(from_dir);
	struct zt_strbuf sb = { 0 };

	for (i = 0; from_dir[i] && from_dir[i] == to_rel[i]; i++)
		if (from_dir[i] == '/')
			common = i + 1;
	if (!from_dir[i] && to_rel[i] == '/')
		common = i + 1;
	for (const char *p = from_dir + (common < len ? common : len); *p;) {
		zt_strbuf_addf(&sb, "../");
		p = strchr(p, '/');
		if (!p)
			break;
		p++;
	}
	zt_strbuf_addf(&sb, "%s", to_rel + common);
	return zt_strbuf_detach(&sb, NULL);
}

/*
 * The quoted spelling of @type_rel in @owner_rel: next to the owner's header,
 * then under one of the TU's include directories (the spelling the tree's own
 * files use: "en/xdp.h" under mlx5's -I core), then through "../". Only a
 * spelling that the compiler's search from the owner's header finds is taken.
 */
static char *include_spelling(const char *src, const struct zt_strvec *dirs,
			      const char *owner_rel, const char *type_rel)
{
	struct zt_strvec cands = ZT_STRVEC_INIT;
	char *odir = dir_of(owner_rel), *out = NULL;

	if (under(type_rel, odir))
		zt_strvec_push(&cands, type_rel + strlen(odir) + (odir[0] ? 1 : 0));
	for (size_t d = 0; d < dirs->n; d++) {
		char *rel = zt_real_path_under(src, dirs->v[d]);

		if (rel && under(type_rel, rel))
			zt_strvec_push(&cands, type_rel + strlen(rel) + (rel[0] ? 1 : 0));
		free(rel);
	}
	zt_strvec_push_nodup(&cands, path_from(odir, type_rel));
	for (size_t c = 0; c < cands.n && !out; c++) {
		char *r = zt_fix_resolve_include(src, owner_rel, cands.v[c], true, dirs);

		if (r && !strcmp(r, type_rel))
			out = xasprintf("\"%s\"", cands.v[c]);
		free(r);
	}
	zt_strvec_clear(&cands);
	free(odir);
	return out;
}

/* The longest directory holding both files. */
static char *common_dir(const char *a, const char *b)
{
	size_t last = 0;

	for (size_t i = 0; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			last = i;
	return xstrndup(a, last);
}

/*
 * Parse @tu_file (bodies skipped) and find both definitions: @w gets their
 * order, @ofile and @tfile their files, @p their lines. 0, or -1 with @reason.
 */
static int locate(const char *tu_file, char *const *args, const char *owner_type,
		  const char *type, struct walk *w, char **ofile, char **tfile, struct zt_place *p,
		  char **reason)
{
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	int nargs = 0, ret = -1;

	while (args && args[nargs])
		nargs++;
	if (clang_parseTranslationUnit2(index, tu_file, (const char *const *)args, nargs, NULL, 0,
					CXTranslationUnit_KeepGoing |
					CXTranslationUnit_SkipFunctionBodies, &tu) != CXError_Success) {
		*reason = xasprintf("libclang cannot parse %s to see where %s is defined", tu_file,
				    type);
		goto out;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), walk_visit, w);
	if (!w->owner_at || !w->type_at) {
		*reason = xasprintf("%s is not defined in %s's translation unit",
				    w->owner_at ? type : owner_type, tu_file);
		goto out;
	}
	*ofile = cursor_file(w->owner_def, &p->owner_line);
	*tfile = cursor_file(w->type_def, &p->type_line);
	ret = 0;
out:
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	malloc_trim(0);	/* the AST's pages back before the verify compiles run */
	return ret;
}

/*
 * The type's header is not the owner's and does not include it: the owner's
 * header can include the type's, if that is a public header or the driver's own.
 */
static int decide_include(const char *src, const struct zt_strvec *dirs, const char *drv,
			  const char *type, struct zt_place *p, char **reason)
{
	if (zt_place_is_public(p->type_rel)) {
		const char *inc = !strncmp(p->type_rel, "include/", 8) ?
					  p->type_rel + 8 : strstr(p->type_rel, "/include/") + 9;

		p->include = xasprintf("<%s>", inc);
	} else if (under(p->type_rel, drv)) {
		p->include = include_spelling(src, dirs, p->owner_rel, p->type_rel);
		if (!p->include) {
			*reason = xasprintf("%s is defined in %s, which no quoted #include in %s "
					    "finds with the TU's include directories: not placed",
					    type, p->type_rel, p->owner_rel);
			return -1;
		}
	}
	if (p->include) {
		p->action = ZT_PLACE_INCLUDE;
		return 0;
	}
	*reason = xasprintf("%s is defined in %s, another subsystem's header, which %s "
			    "does not include: not moved", type, p->type_rel, p->owner_rel);
	return -1;
}

/* Both definitions in the tree, the type's after the owner's: move it, or include it. */
static int decide_order(const char *src, const struct zt_strvec *dirs, const char *drv,
			const char *owner_type, const char *type, struct zt_place *p,
			char **reason)
{
	if (!strcmp(p->type_rel, p->owner_rel)) {
		if (zt_place_is_public(p->type_rel) || !under(p->type_rel, drv)) {
			*reason = xasprintf("%s is defined after %s in %s, outside the driver: "
					    "not moved", type, owner_type, p->type_rel);
			return -1;
		}
		p->action = ZT_PLACE_MOVE;
		return 0;
	}
	if (!header_reaches(src, dirs, p->type_rel, p->owner_rel))
		return decide_include(src, dirs, drv, type, p, reason);
	/* The type's header includes the owner's: an #include would be a cycle. */
	if (zt_place_is_public(p->type_rel) || !under(p->type_rel, drv)) {
		*reason = xasprintf("%s (%s) includes %s, and lies outside the driver: neither an "
				    "#include nor a move is possible", p->type_rel, type,
				    p->owner_rel);
		return -1;
	}
	p->action = ZT_PLACE_MOVE;
	return 0;
}

int zt_place_decide(const char *src, const char *tu_file, char *const *args,
		    const struct zt_strvec *dirs, const char *owner_type, const char *type,
		    struct zt_place *p, char **reason)
{
	struct walk w = {
		.owner = strchr(owner_type, ' ') + 1, .type = strchr(type, ' ') + 1,
		.owner_kind = kind_of(owner_type), .type_kind = kind_of(type),
	};
	char *tu_rel = zt_real_path_under(src, tu_file), *tfile = NULL, *ofile = NULL, *drv = NULL;
	int ret = -1;

	memset(p, 0, sizeof(*p));
	*reason = NULL;
	if (locate(tu_file, args, owner_type, type, &w, &ofile, &tfile, p, reason))
		goto out;
	p->owner_rel = ofile ? zt_real_path_under(src, ofile) : NULL;
	if (!p->owner_rel) {
		*reason = xasprintf("%s is defined outside the tree (%s)", owner_type,
				    ofile ? ofile : "?");
		goto out;
	}
	if (zt_place_is_public(p->owner_rel)) {
		*reason = xasprintf("%s is defined in the public header %s: zerotax does not edit "
				    "types under include/", owner_type, p->owner_rel);
		goto out;
	}
	p->type_rel = tfile ? zt_real_path_under(src, tfile) : NULL;
	if (w.type_at < w.owner_at) {
		/* Complete where the owner is defined: nothing moves. */
		p->action = ZT_PLACE_VISIBLE;
		ret = 0;
		goto out;
	}
	if (!p->type_rel) {
		*reason = xasprintf("%s is defined outside the tree (%s) after %s", type,
				    tfile ? tfile : "?", owner_type);
		goto out;
	}
	drv = common_dir(tu_rel ? tu_rel : p->owner_rel, p->owner_rel);
	ret = decide_order(src, dirs, drv, owner_type, type, p, reason);
out:
	if (ret)
		zt_place_release(p);
	free(tu_rel);
	free(tfile);
	free(ofile);
	free(drv);
	return ret;
}

/* The definition of @type that starts nearest before (or at) @line. */
static const char *definition_at(const char *text, const char *type, unsigned int line)
{
	const char *best = NULL;

	for (const char *d = zt_find_definition(text, type); d;
	     d = zt_find_definition(strchr(d, '\n') ? strchr(d, '\n') + 1 : "", type)) {
		if (zt_line_of(text, d) <= line || !best)
			best = d;
		if (zt_line_of(text, d) >= line)
			break;
	}
	return best;
}

static int add_include(struct zt_shadow *sh, const struct zt_place *p, const char *owner_type,
		       char **reason)
{
	char *text = zt_shadow_read(sh, p->owner_rel), *line, *out;
	const char *def = text ? definition_at(text, owner_type, p->owner_line) : NULL;
	const char *at = NULL;
	int ret;

	if (!def) {
		*reason = xasprintf("cannot find %s in %s", owner_type, p->owner_rel);
		free(text);
		return -1;
	}
	/* After the last #include before the owner; else right before the owner. */
	for (const char *l = text; l && l < def; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *q = l;

		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '#' && !strncmp(q + 1 + strspn(q + 1, " \t"), "include", 7))
			at = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL;
	}
	if (at) {
		line = xasprintf("#include %s\n", p->include);
	} else {
		at = zt_with_leading_comment(text, def);
		line = xasprintf("#include %s\n\n", p->include);
	}
	out = zt_text_splice(text, (size_t)(at - text), 0, line);
	ret = zt_shadow_write(sh, p->owner_rel, out);
	if (ret)
		*reason = xasprintf("cannot write %s: %s", p->owner_rel, strerror(errno));
	free(line);
	free(out);
	free(text);
	return ret;
}

static int move_definition(struct zt_shadow *sh, const struct zt_place *p,
			   const char *owner_type, const char *type, char **moved, char **reason)
{
	char *ttext = zt_shadow_read(sh, p->type_rel), *otext = NULL, *block = NULL;
	char *t2 = NULL, *o2 = NULL, *withsep;
	const char *tdef = ttext ? definition_at(ttext, type, p->type_line) : NULL;
	const char *odef, *bs, *be, *ins;
	bool same = !strcmp(p->type_rel, p->owner_rel);
	size_t del;
	int ret = -1;

	if (!tdef || zt_definition_span(ttext, tdef, &bs, &be)) {
		*reason = xasprintf("cannot find the definition of %s in %s:%u", type, p->type_rel,
				    p->type_line);
		goto out;
	}
	block = xstrndup(bs, (size_t)(be - bs));
	del = (size_t)(be - bs);
	/* Do not leave two blank lines where the definition was. */
	if (bs > ttext + 1 && bs[-1] == '\n' && bs[-2] == '\n' && *be == '\n')
		del++;
	t2 = zt_text_splice(ttext, (size_t)(bs - ttext), del, "");
	otext = same ? xstrdup(t2) : zt_shadow_read(sh, p->owner_rel);
	odef = otext ? zt_find_definition(otext, owner_type) : NULL;
	if (!odef) {
		*reason = xasprintf("cannot find the definition of %s in %s", owner_type,
				    p->owner_rel);
		goto out;
	}
	ins = zt_with_leading_comment(otext, odef);
	withsep = xasprintf("%s\n", block);
	o2 = zt_text_splice(otext, (size_t)(ins - otext), 0, withsep);
	free(withsep);
	if ((!same && zt_shadow_write(sh, p->type_rel, t2)) ||
	    zt_shadow_write(sh, p->owner_rel, o2)) {
		*reason = xasprintf("cannot write the scratch tree: %s", strerror(errno));
		goto out;
	}
	*moved = xasprintf("%s: %s:%u -> %s:%u", type, p->type_rel, p->type_line, p->owner_rel,
			   p->owner_line);
	ret = 0;
out:
	free(ttext);
	free(otext);
	free(block);
	free(t2);
	free(o2);
	return ret;
}

int zt_place_apply(struct zt_shadow *sh, const struct zt_place *p, const char *owner_type,
		   const char *type, char **moved, char **reason)
{
	*moved = NULL;
	*reason = NULL;
	switch (p->action) {
	case ZT_PLACE_INCLUDE:
		return add_include(sh, p, owner_type, reason);
	case ZT_PLACE_MOVE:
		return move_definition(sh, p, owner_type, type, moved, reason);
	default:
		return 0;
	}
}

void zt_place_release(struct zt_place *p)
{
	free(p->type_rel);
	free(p->owner_rel);
	free(p->include);
	memset(p, 0, sizeof(*p));
}

static enum CXChildVisitResult macro_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	const char **want = data;
	CXString s;

	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	if (clang_getCString(s) && !strcmp(clang_getCString(s), *want))
		*want = NULL;
	clang_disposeString(s);
	return *want ? CXChildVisit_Continue : CXChildVisit_Break;
}

int zt_tu_defines_macro(const char *tu_file, char *const *args, const char *name)
{
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	const char *want = name;
	int nargs = 0, ret = -1;

	while (args && args[nargs])
		nargs++;
	if (clang_parseTranslationUnit2(index, tu_file, (const char *const *)args, nargs, NULL, 0,
					CXTranslationUnit_KeepGoing |
					CXTranslationUnit_SkipFunctionBodies |
					CXTranslationUnit_DetailedPreprocessingRecord,
					&tu) == CXError_Success) {
		clang_visitChildren(clang_getTranslationUnitCursor(tu), macro_visit, &want);
		ret = want == NULL;
		clang_disposeTranslationUnit(tu);
	}
	clang_disposeIndex(index);
	malloc_trim(0);
	return ret;
}
