// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reorder a struct's members in its source. libclang finds the definition and
 * the extent of each member declaration; the rewrite itself is textual, line
 * based: member k's lines go into the slot member k had, gaps stay put.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "pahole.h"
#include "reorder.h"
#include "strbuf.h"
#include "zerotax.h"

struct item {
	char *name;		/* "" when unnamed */
	unsigned int begin, end;	/* byte offsets of the declaration: [begin, end) incl. ';' */
	unsigned int lbegin, lend;	/* whole lines moved: [lbegin, lend) */
	bool bitfield;
};

struct find {
	const char *record;
	const char *file;	/* realpath of the source */
	CXCursor def;
	bool found;
};

static bool cursor_in_file(CXCursor c, const char *file)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile f;
	CXString name;
	char *real;
	bool same;

	clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
	if (!f)
		return false;
	name = clang_File_tryGetRealPathName(f);
	if (!clang_getCString(name) || !*clang_getCString(name)) {
		clang_disposeString(name);
		name = clang_getFileName(f);
	}
	real = realpath(clang_getCString(name), NULL);
	same = real && !strcmp(real, file);
	free(real);
	clang_disposeString(name);
	return same;
}

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct find *fd = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor rec = c;
	CXString s;
	bool match = false;

	if (fd->found)
		return CXChildVisit_Break;
	if (k == CXCursor_TypedefDecl) {
		CXType t = clang_getTypedefDeclUnderlyingType(c);

		rec = clang_getTypeDeclaration(clang_getCanonicalType(t));
		if (clang_getCursorKind(rec) != CXCursor_StructDecl)
			return CXChildVisit_Continue;
		s = clang_getCursorSpelling(c);
		match = !strcmp(clang_getCString(s), fd->record) &&
			clang_Cursor_isAnonymous(rec);
		clang_disposeString(s);
	} else if (k == CXCursor_StructDecl) {
		s = clang_getCursorSpelling(c);
		match = !strcmp(clang_getCString(s), fd->record);
		clang_disposeString(s);
	}
	if (match && clang_isCursorDefinition(rec) && cursor_in_file(rec, fd->file)) {
		fd->def = rec;
		fd->found = true;
		return CXChildVisit_Break;
	}
	/* structs defined inside structs are visible in C: look there too */
	if (k == CXCursor_StructDecl || k == CXCursor_UnionDecl)
		return CXChildVisit_Recurse;
	return CXChildVisit_Continue;
}

struct members {
	struct item *v;
	size_t n, alloc;
	const char *text;
	size_t len;
	const char *err;	/* set when a member cannot be handled */
};

static void extent_offsets(CXSourceRange r, unsigned int *b, unsigned int *e)
{
	CXFile f;

	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f, NULL, NULL, e);
}

/* From @pos, the offset just after the ';' ending the declaration (parentheses balanced). */
static long find_semicolon(const char *t, size_t len, size_t pos)
{
	int depth = 0;

	for (size_t i = pos; i < len; i++) {
		if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			const char *e = strstr(t + i + 2, "*/");

			if (!e)
				return -1;
			i = e - t + 1;
			continue;
		}
		if (t[i] == '(' || t[i] == '[' || t[i] == '{')
			depth++;
		else if (t[i] == ')' || t[i] == ']' || t[i] == '}')
			depth--;
		else if (t[i] == ';' && depth == 0)
			return (long)i + 1;
		if (depth < 0)
			return -1;
	}
	return -1;
}

static enum CXChildVisitResult member_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct members *ms = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned int b, e;
	long semi;
	struct item *it;
	CXString s;

	if (k != CXCursor_FieldDecl && k != CXCursor_StructDecl && k != CXCursor_UnionDecl)
		return CXChildVisit_Continue;
	extent_offsets(clang_getCursorExtent(c), &b, &e);
	if (b >= ms->len || e > ms->len || e < b) {
		ms->err = "a member's extent is outside the file (defined by a macro?)";
		return CXChildVisit_Break;
	}
	if (ms->n && b < ms->v[ms->n - 1].end) {
		struct item *prev = &ms->v[ms->n - 1];

		/* "struct { ... } name;": the field after its own inline record */
		if (k == CXCursor_FieldDecl && prev->name[0] == '\0' && b == prev->begin) {
			s = clang_getCursorSpelling(c);
			free(prev->name);
			prev->name = xstrdup(clang_getCString(s));
			clang_disposeString(s);
			semi = find_semicolon(ms->text, ms->len, e);
			if (semi < 0) {
				ms->err = "cannot find the end of a member declaration";
				return CXChildVisit_Break;
			}
			prev->end = (unsigned int)semi;
			return CXChildVisit_Continue;
		}
		ms->err = "several members share one declaration (int a, b;); split it first";
		return CXChildVisit_Break;
	}
	ZT_ALLOC_GROW(ms->v, ms->n + 1, ms->alloc);
	it = &ms->v[ms->n++];
	memset(it, 0, sizeof(*it));
	s = clang_getCursorSpelling(c);
	it->name = xstrdup(k == CXCursor_FieldDecl ? clang_getCString(s) : "");
	clang_disposeString(s);
	it->bitfield = k == CXCursor_FieldDecl && clang_Cursor_isBitField(c);
	it->begin = b;
	semi = find_semicolon(ms->text, ms->len, e);
	if (semi < 0) {
		ms->err = "cannot find the end of a member declaration";
		return CXChildVisit_Break;
	}
	it->end = (unsigned int)semi;
	return CXChildVisit_Continue;
}

static bool blank(const char *s, const char *e)
{
	for (; s < e; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r')
			return false;
	return true;
}

/* Is [s, e) only comments and whitespace? */
static bool only_comments(const char *s, const char *e)
{
	while (s < e) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
			s++;
		} else if (s + 1 < e && s[0] == '/' && s[1] == '*') {
			const char *c = strstr(s + 2, "*/");

			if (!c || c + 2 > e)
				return false;
			s = c + 2;
		} else if (s + 1 < e && s[0] == '/' && s[1] == '/') {
			while (s < e && *s != '\n')
				s++;
		} else {
			return false;
		}
	}
	return true;
}

static int line_ranges(struct members *ms, unsigned int body_begin, unsigned int body_end)
{
	const char *t = ms->text;

	for (size_t i = 0; i < ms->n; i++) {
		struct item *it = &ms->v[i];
		unsigned int lb = it->begin, le = it->end;
		unsigned int floor = i ? ms->v[i - 1].lend : body_begin;

		while (lb > 0 && t[lb - 1] != '\n')
			lb--;
		if (lb < floor || !blank(t + lb, t + it->begin))
			return error("member '%s' shares its line with other code",
				     it->name[0] ? it->name : "(anonymous)");
		/* the rest of the last line may only hold a comment */
		while (le < ms->len && t[le] != '\n')
			le++;
		if (!only_comments(t + it->end, t + le))
			return error("member '%s' shares its line with other code",
				     it->name[0] ? it->name : "(anonymous)");
		if (le < ms->len)
			le++;
		if (le > body_end)
			return error("member '%s' ends on the line that closes the struct",
				     it->name[0] ? it->name : "(anonymous)");
		/* comment lines right above belong to the member */
		while (lb > floor) {
			unsigned int pb = lb - 1;

			while (pb > floor && t[pb - 1] != '\n')
				pb--;
			if (blank(t + pb, t + lb - 1) || !only_comments(t + pb, t + lb - 1))
				break;
			if (pb < floor)
				break;
			lb = pb;
		}
		it->lbegin = lb;
		it->lend = le;
	}
	for (size_t i = 0; i + 1 < ms->n; i++) {
		const char *g = t + ms->v[i].lend, *ge = t + ms->v[i + 1].lbegin;

		if (!only_comments(g, ge))
			return error("code between members '%s' and '%s' (a preprocessor "
				     "conditional?): cannot reorder safely", ms->v[i].name,
				     ms->v[i + 1].name);
	}
	return 0;
}

static long resolve(const struct members *ms, const char *name)
{
	if (name[0] == '#') {
		unsigned long k;

		if (zt_parse_uint(name + 1, ms->n, &k) < 0 || k >= ms->n)
			return -1;
		return (long)k;
	}
	for (size_t i = 0; i < ms->n; i++)
		if (!strcmp(ms->v[i].name, name))
			return (long)i;
	return -1;
}

/* One struct's definition in its parsed source, and its members. */
struct reorder {
	const char *src_file;
	char *text; /* the source */
	size_t len;
	char *real; /* its realpath */
	CXIndex index;
	CXTranslationUnit tu;
	struct find fd;
	struct members ms;
	unsigned int bb, be; /* the definition's extent: byte offsets */
};

/* Parse the source and find the struct's definition in it: 0, or -1 with error() said. */
static int find_definition(struct reorder *ro, char **clang_args)
{
	size_t nargs = 0;

	ro->real = realpath(ro->src_file, NULL);
	if (!ro->real)
		return error("cannot resolve '%s': %m", ro->src_file);
	ro->fd.file = ro->real;
	while (clang_args && clang_args[nargs])
		nargs++;
	ro->index = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(ro->index, ro->src_file, (const char *const *)clang_args,
					(int)nargs, NULL, 0, CXTranslationUnit_KeepGoing,
					&ro->tu) != CXError_Success)
		return error("libclang cannot parse '%s'", ro->src_file);
	clang_visitChildren(clang_getTranslationUnitCursor(ro->tu), find_visit, &ro->fd);
	if (!ro->fd.found)
		return error("no definition of struct %s in '%s'", ro->fd.record, ro->src_file);
	extent_offsets(clang_getCursorExtent(ro->fd.def), &ro->bb, &ro->be);
	if (ro->be > ro->len || ro->bb >= ro->be)
		return error("struct %s: definition extent outside '%s' (macro?)", ro->fd.record,
			     ro->src_file);
	return 0;
}

/* A directive inside the definition may make members conditional: 0 when there is none. */
static int no_directive(const struct reorder *ro)
{
	const char *text = ro->text, *end = ro->text + ro->be;

	for (const char *q = text + ro->bb; q < end; q++) {
		const char *w = q;

		if (q != text && q[-1] != '\n')
			continue;
		while (w < end && (*w == ' ' || *w == '\t'))
			w++;
		if (*w == '#')
			return error("struct %s: preprocessor directive inside the definition "
				     "(a conditional member?): cannot reorder safely",
				     ro->fd.record);
	}
	return 0;
}

/* The members and the whole lines each one moves: 0, or -1 with error() said. */
static int read_members(struct reorder *ro)
{
	const char *brace;

	ro->ms.text = ro->text;
	ro->ms.len = ro->len;
	clang_visitChildren(ro->fd.def, member_visit, &ro->ms);
	if (ro->ms.err)
		return error("struct %s: %s", ro->fd.record, ro->ms.err);
	brace = memchr(ro->text + ro->bb, '{', ro->be - ro->bb);
	if (!brace)
		return error("struct %s: no body", ro->fd.record);
	return line_ranges(&ro->ms, (unsigned int)(brace - ro->text) + 1, ro->be) < 0 ? -1 : 0;
}

/*
 * The new order as member indexes, a permutation of every member: nothing
 * merged, nothing dropped. NULL with error() said when it is not one.
 */
static long *permutation(const struct reorder *ro, char *const *new_order, size_t n)
{
	long *perm;

	if (!ro->ms.n) {
		error("struct %s has no members: nothing to reorder", ro->fd.record);
		return NULL;
	}
	if (n != ro->ms.n) {
		error("struct %s has %zu members, the new order names %zu", ro->fd.record, ro->ms.n,
		      n);
		return NULL;
	}
	perm = xcalloc(n + 1, sizeof(*perm));
	for (size_t i = 0; i < n; i++) {
		perm[i] = resolve(&ro->ms, new_order[i]);
		if (perm[i] < 0) {
			error("struct %s has no member '%s'", ro->fd.record, new_order[i]);
			goto bad;
		}
		for (size_t j = 0; j < i; j++)
			if (perm[j] == perm[i]) {
				error("member '%s' named twice in the new order", new_order[i]);
				goto bad;
			}
	}
	return perm;
bad:
	free(perm);
	return NULL;
}

/* A run of adjacent bitfields shares storage: it moves whole and in order. 0, or -1. */
static int bitfields_whole(const struct reorder *ro, const long *perm, size_t n)
{
	const struct item *v = ro->ms.v;

	for (size_t i = 0; i < n; i++) {
		long k = perm[i];

		if (!v[k].bitfield)
			continue;
		if (k > 0 && v[k - 1].bitfield && (i == 0 || perm[i - 1] != k - 1))
			return error("struct %s: bitfield '%s' would be separated from '%s'; "
				     "bitfield runs move whole",
				     ro->fd.record, v[k].name, v[k - 1].name);
	}
	return 0;
}

/* The new text: slot i keeps its gap and receives member perm[i]'s lines. NULL: said. */
static char *rewrite(const struct reorder *ro, const long *perm, size_t n)
{
	const struct item *v = ro->ms.v;
	const char *text = ro->text;
	size_t len = ro->len, pos = v[0].lbegin;
	char *out = xmalloc(len + 1);

	memcpy(out, text, pos);
	for (size_t i = 0; i < n; i++) {
		const struct item *it = &v[perm[i]];
		size_t gap_end = i + 1 < n ? v[i + 1].lbegin : v[i].lend;

		memcpy(out + pos, text + it->lbegin, it->lend - it->lbegin);
		pos += it->lend - it->lbegin;
		memcpy(out + pos, text + v[i].lend, gap_end - v[i].lend);
		pos += gap_end - v[i].lend;
	}
	memcpy(out + pos, text + v[n - 1].lend, len - v[n - 1].lend);
	pos += len - v[n - 1].lend;
	out[pos] = '\0';
	if (pos != len) {
		error("internal: rewrite of struct %s changed the file size", ro->fd.record);
		free(out);
		return NULL;
	}
	return out;
}

static void reorder_release(struct reorder *ro)
{
	for (size_t i = 0; i < ro->ms.n; i++)
		free(ro->ms.v[i].name);
	free(ro->ms.v);
	if (ro->tu)
		clang_disposeTranslationUnit(ro->tu);
	if (ro->index)
		clang_disposeIndex(ro->index);
	free(ro->real);
	free(ro->text);
}

int zt_reorder_struct(const char *src_file, char **clang_args, const char *record,
		      char *const *new_order, size_t n, char **out_text)
{
	struct reorder ro = { .src_file = src_file,
			      .fd = { .record = zt_record_basename(record) } };
	long *perm = NULL;
	int ret = -1;

	*out_text = NULL;
	if (zt_read_file(src_file, &ro.text, &ro.len) < 0)
		return error("cannot read '%s': %m", src_file);
	if (find_definition(&ro, clang_args) || no_directive(&ro) || read_members(&ro))
		goto out;
	perm = permutation(&ro, new_order, n);
	if (!perm || bitfields_whole(&ro, perm, n))
		goto out;
	*out_text = rewrite(&ro, perm, n);
	if (*out_text)
		ret = 0;
out:
	free(perm);
	reorder_release(&ro);
	return ret;
}
