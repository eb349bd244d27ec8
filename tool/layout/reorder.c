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

int zt_reorder_struct(const char *src_file, char **clang_args, const char *record,
		      char *const *new_order, size_t n, char **out_text)
{
	CXIndex index = NULL;
	CXTranslationUnit tu = NULL;
	struct find fd = { .record = zt_record_basename(record) };
	struct members ms = { 0 };
	char *text = NULL, *real = NULL, *out = NULL;
	size_t len, nargs = 0, pos;
	long *perm = NULL;
	unsigned int bb, be;
	int ret = -1;

	*out_text = NULL;
	if (zt_read_file(src_file, &text, &len) < 0)
		return error("cannot read '%s': %m", src_file);
	real = realpath(src_file, NULL);
	if (!real) {
		error("cannot resolve '%s': %m", src_file);
		goto out;
	}
	fd.file = real;
	while (clang_args && clang_args[nargs])
		nargs++;
	index = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(index, src_file, (const char *const *)clang_args, (int)nargs,
					NULL, 0, CXTranslationUnit_KeepGoing, &tu) != CXError_Success) {
		error("libclang cannot parse '%s'", src_file);
		goto out;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_visit, &fd);
	if (!fd.found) {
		error("no definition of struct %s in '%s'", fd.record, src_file);
		goto out;
	}
	extent_offsets(clang_getCursorExtent(fd.def), &bb, &be);
	if (be > len || bb >= be) {
		error("struct %s: definition extent outside '%s' (macro?)", fd.record, src_file);
		goto out;
	}
	for (const char *q = text + bb; q < text + be; q++) {
		const char *w = q;

		if (q != text && q[-1] != '\n')
			continue;
		while (w < text + be && (*w == ' ' || *w == '\t'))
			w++;
		if (*w == '#') {
			error("struct %s: preprocessor directive inside the definition "
			      "(a conditional member?): cannot reorder safely", fd.record);
			goto out;
		}
	}
	ms.text = text;
	ms.len = len;
	clang_visitChildren(fd.def, member_visit, &ms);
	if (ms.err) {
		error("struct %s: %s", fd.record, ms.err);
		goto out;
	}
	{
		const char *brace = memchr(text + bb, '{', be - bb);

		if (!brace) {
			error("struct %s: no body", fd.record);
			goto out;
		}
		if (line_ranges(&ms, (unsigned int)(brace - text) + 1, be) < 0)
			goto out;
	}
	/* a permutation of every member: nothing merged, nothing dropped */
	if (n != ms.n) {
		error("struct %s has %zu members, the new order names %zu", fd.record, ms.n, n);
		goto out;
	}
	perm = xcalloc(n + 1, sizeof(*perm));
	for (size_t i = 0; i < n; i++) {
		perm[i] = resolve(&ms, new_order[i]);
		if (perm[i] < 0) {
			error("struct %s has no member '%s'", fd.record, new_order[i]);
			goto out;
		}
		for (size_t j = 0; j < i; j++)
			if (perm[j] == perm[i]) {
				error("member '%s' named twice in the new order", new_order[i]);
				goto out;
			}
	}
	/* a run of adjacent bitfields shares storage: it moves whole and in order */
	for (size_t i = 0; i < n; i++) {
		long k = perm[i];

		if (!ms.v[k].bitfield)
			continue;
		if (k > 0 && ms.v[k - 1].bitfield && (i == 0 || perm[i - 1] != k - 1)) {
			error("struct %s: bitfield '%s' would be separated from '%s'; "
			      "bitfield runs move whole", fd.record, ms.v[k].name, ms.v[k - 1].name);
			goto out;
		}
	}
	/* slot i keeps its gap; it receives member perm[i]'s lines */
	out = xmalloc(len + 1);
	pos = ms.v[0].lbegin;
	memcpy(out, text, pos);
	for (size_t i = 0; i < n; i++) {
		const struct item *it = &ms.v[perm[i]];
		size_t gap_end = i + 1 < n ? ms.v[i + 1].lbegin : ms.v[i].lend;

		memcpy(out + pos, text + it->lbegin, it->lend - it->lbegin);
		pos += it->lend - it->lbegin;
		memcpy(out + pos, text + ms.v[i].lend, gap_end - ms.v[i].lend);
		pos += gap_end - ms.v[i].lend;
	}
	memcpy(out + pos, text + ms.v[n - 1].lend, len - ms.v[n - 1].lend);
	pos += len - ms.v[n - 1].lend;
	out[pos] = '\0';
	if (pos != len) {
		error("internal: rewrite of struct %s changed the file size", fd.record);
		goto out;
	}
	*out_text = out;
	out = NULL;
	ret = 0;
out:
	free(out);
	free(perm);
	for (size_t i = 0; i < ms.n; i++)
		free(ms.v[i].name);
	free(ms.v);
	if (tu)
		clang_disposeTranslationUnit(tu);
	if (index)
		clang_disposeIndex(index);
	free(real);
	free(text);
	return ret;
}
