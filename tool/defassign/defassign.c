// SPDX-License-Identifier: GPL-2.0-only
/*
 * Field-level definite assignment over libclang's AST (defassign.h).
 *
 * A state is the set of access paths of the local written so far ("xdp.data",
 * "a[0]", "" for all of it), each with the line and function that wrote it.
 * Statements are walked in order: both arms of an if or ?: are walked from
 * the same state and joined by intersection; a loop body (and a for's
 * condition and increment) may run zero times, so what it writes does not
 * count after it, and its reads are checked against the state it is entered
 * with (later iterations only have more written); a label or a case starts
 * from nothing written; after return, break, continue and goto the state is
 * dead. A call given &local (or a member's address) applies the callee's
 * summary for that parameter: what it reads before it writes, and what it
 * writes on every path to its end. A read is checked against the leaves of
 * the local's type (every field, arrays whole).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "datadir.h"
#include "defassign.h"
#include "defassign_int.h"
#include "strbuf.h"
#include "zerotax.h"


/* ---- paths and states -------------------------------------------------------- */

bool da_st_covered(const struct state *s, const struct da_path *p)
{
	if (s->dead)
		return true;
	for (size_t i = 0; i < s->n; i++)
		if (da_path_covers(s->v[i].path, p))
			return true;
	return false;
}

void da_st_add(struct state *s, const struct da_path *p, unsigned int line, const char *by)
{
	/* some element, which one not known: writes none for sure */
	if (s->dead || da_path_has(p, DA_STEP_ANY) || da_st_covered(s, p))
		return;
	ZT_ALLOC_GROW(s->v, s->n + 1, s->alloc);
	s->v[s->n++] = (struct wr){ da_path_dup(p), line, xstrdup(by) };
}

void da_st_clear(struct state *s)
{
	for (size_t i = 0; i < s->n; i++) {
		da_path_free(s->v[i].path);
		free(s->v[i].by);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
	s->alloc = 0;
	da_facts_clear(s);
}

/*
 * @s without the element a loop is at (DA_STEP_AT): for a state that leaves the
 * loop's body other than by its end (a goto, a return) or enters an inner
 * loop, whose element is another.
 */
struct state da_st_copy_whole(const struct state *s)
{
	struct state c = { .dead = s->dead };

	for (size_t i = 0; i < s->n; i++)
		if (!da_path_has(s->v[i].path, DA_STEP_AT))
			da_st_add(&c, s->v[i].path, s->v[i].line, s->v[i].by);
	da_facts_copy(&c, s);
	return c;
}

struct state da_st_copy(const struct state *s)
{
	struct state c = { .dead = s->dead };

	for (size_t i = 0; i < s->n; i++)
		da_st_add(&c, s->v[i].path, s->v[i].line, s->v[i].by);
	c.dead = s->dead;
	da_facts_copy(&c, s);
	return c;
}

void da_st_move(struct state *to, struct state *from)
{
	if (to == from)
		return;
	da_st_clear(to);
	*to = *from;
	memset(from, 0, sizeof(*from));
}

unsigned int da_line_of(CXCursor c)
{
	unsigned int line = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	return line;
}

unsigned int da_extent_at(CXCursor c, bool end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned int off = 0;

	clang_getExpansionLocation(end ? clang_getRangeEnd(r) : clang_getRangeStart(r), NULL,
				   NULL, NULL, &off);
	return off;
}

/*
 * NULL, 0, (void *)0, through parentheses and casts: read from the tree,
 * evaluating only an integer literal (clang_Cursor_Evaluate() crashed on
 * some kernel expressions, never on a literal).
 */
bool da_is_null_pointer(CXCursor c)
{
	for (int hops = 0; hops < 8; hops++) {
		enum CXCursorKind k;
		struct kids kids;
		CXEvalResult e;
		bool null;

		c = da_strip(c);
		k = clang_getCursorKind(c);
		if (k == CXCursor_GNUNullExpr)
			return true;
		if (k == CXCursor_IntegerLiteral) {
			e = clang_Cursor_Evaluate(c);
			null = e && clang_EvalResult_getKind(e) == CXEval_Int &&
			       !clang_EvalResult_getAsLongLong(e);
			if (e)
				clang_EvalResult_dispose(e);
			return null;
		}
		if (k != CXCursor_CStyleCastExpr)
			return false;
		kids = da_kids_of(c);
		if (!kids.n) {
			free(kids.v);
			return false;
		}
		c = kids.v[kids.n - 1];
		free(kids.v);
	}
	return false;
}

static char *da_file_of(CXCursor c)
{
	CXFile file = NULL;
	CXString name;
	char *path;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	name = clang_getFileName(file);
	path = xstrdup(clang_getCString(name) ? clang_getCString(name) : "");
	clang_disposeString(name);
	return path;
}

/*
 * How a line of @def's file is named in a reason: "line " in the local's own
 * file, else the file's path from the directory both share ("include/...:").
 */
static char *where_of(const struct da *da, CXCursor def)
{
	char *file = da_file_of(def);
	const char *home = da->home ? da->home : "";
	size_t common = 0;
	char *where;

	if (!strcmp(file, home)) {
		free(file);
		return xstrdup("line ");
	}
	for (size_t i = 0; file[i] && file[i] == home[i]; i++)
		if (file[i] == '/')
			common = i + 1;
	where = xasprintf("%s:", file + common);
	free(file);
	return where;
}

char *da_usr(CXCursor c)
{
	CXString u = clang_getCursorUSR(c);
	char *r = xstrdup(clang_getCString(u) ? clang_getCString(u) : "");

	clang_disposeString(u);
	return r;
}

char *da_spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kids *k = d;

	(void)parent;
	ZT_ALLOC_GROW(k->v, k->n + 1, k->alloc);
	k->v[k->n++] = c;
	return CXChildVisit_Continue;
}

struct kids da_kids_of(CXCursor c)
{
	struct kids k = { 0 };

	clang_visitChildren(c, kids_visit, &k);
	return k;
}

/* Through parentheses and implicit casts. */
CXCursor da_strip(CXCursor c)
{
	while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
	       clang_getCursorKind(c) == CXCursor_ParenExpr) {
		struct kids k = da_kids_of(c);
		bool one = k.n == 1;

		if (one)
			c = k.v[0];
		free(k.v);
		if (!one)
			break;
	}
	return c;
}

/*
 * Every leaf of @t below @prefix: scalars, pointers and arrays are leaves;
 * so are the holes of a struct ("s.<padding>"), the bytes no field holds,
 * which only a copy of the whole struct reads (da_read_bytes()) and only a
 * write of all of it (an assignment, memset(), a copy into it) writes.
 */
struct leaf_ctx {
	struct da_paths *out;
	const struct da_path *prefix;
	int depth;
	long long bits;		/* what its fields hold */
};

static void leaves_of(CXType t, const struct da_path *prefix, struct da_paths *out, int depth);

static enum CXVisitorResult leaf_field(CXCursor c, CXClientData d)
{
	struct leaf_ctx *l = d;
	char *name = da_spelling(c);
	struct da_path *p = da_path_field(l->prefix, name);

	if (clang_Cursor_isBitField(c))
		l->bits += clang_getFieldDeclBitWidth(c);
	else
		l->bits += clang_Type_getSizeOf(clang_getCursorType(c)) * 8;
	leaves_of(clang_getCursorType(c), p, l->out, l->depth + 1);
	da_path_free(p);
	free(name);
	return CXVisit_Continue;
}

static void leaves_of(CXType t, const struct da_path *prefix, struct da_paths *out, int depth)
{
	struct leaf_ctx l = { out, prefix, depth, 0 };
	size_t before = out->n;
	long long size;

	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Record && depth < 12)
		clang_Type_visitFields(t, leaf_field, &l);
	if (out->n == before) {
		da_paths_push(out, prefix);
		return;
	}
	/* a struct's holes; a union's bytes are its members' (not followed here) */
	size = clang_Type_getSizeOf(t);
	if (clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_StructDecl &&
	    size > 0 && l.bits < size * 8)
		da_paths_take(out, da_path_padding(prefix));
}

static void leaves_of_type(CXType t, struct da_paths *out)
{
	struct da_path *whole = da_path_whole();

	leaves_of(t, whole, out, 0);
	da_path_free(whole);
}

/* @leaf is the holes of a struct */
static bool is_padding(const struct da_path *leaf)
{
	const struct da_step *s = da_path_last(leaf);

	return s && s->kind == DA_STEP_PADDING;
}

static void note_read_fail(struct walk *w, const struct state *s, const struct da_path *leaf,
			   unsigned int line);

void da_read_path(struct walk *w, const struct state *s, const struct da_path *p, unsigned int line,
		  const struct da_paths *except)
{
	bool any = false;

	for (size_t i = 0; i < w->leaves.n; i++) {
		const struct da_path *l = w->leaves.v[i];
		bool skip = false;

		/* holes: by a copy of the bytes, or a callee's read of them */
		if (!da_path_covers(p, l) || (is_padding(l) && !w->bytes && !is_padding(p)))
			continue;
		any = true;
		for (size_t k = 0; except && !skip && k < except->n; k++) {
			struct da_path *x = da_path_join(p, except->v[k]);

			skip = da_path_covers(x, l);
			da_path_free(x);
		}
		if (!skip && !da_st_covered(s, l)) {
			note_read_fail(w, s, l, line);
			/* a callee's summary needs every part it reads, not the first */
			if (!w->pointer)
				return;
		}
	}
	if (!any && !da_st_covered(s, p) && !da_prefix_counted(w, p))
		note_read_fail(w, s, p, line);
}

void da_read_bytes(struct walk *w, const struct state *s, const struct da_path *p,
		   unsigned int line, const struct da_paths *except)
{
	bool was = w->bytes;

	w->bytes = true;
	da_read_path(w, s, p, line, except);
	w->bytes = was;
}

void da_read_via(struct walk *w, const struct state *s, const struct da_path *p, unsigned int line,
		 const struct da_paths *except, char *via, enum zt_da_unknown why)
{
	enum zt_da_unknown was = w->presumed;
	bool bytes = w->bytes;

	w->via = via;
	/* what the proof cannot follow may copy it whole: its holes too */
	if (why) {
		w->presumed = why;
		w->bytes = true;
	}
	da_read_path(w, s, p, line, except);
	w->via = NULL;
	w->presumed = was;
	w->bytes = bytes;
	free(via);
}

static const struct lost *lost_for(struct walk *w, const struct da_path *leaf)
{
	for (size_t i = w->da->n_lost; i-- > 0;) {
		const struct lost *l = &w->da->lost[i];

		if (da_path_covers(l->path, leaf) || da_path_covers(leaf, l->path))
			return l;
	}
	return NULL;
}

/* A callee's read before its own write, under the tests of the facts of @s: the caller checks it. */
static void note_callee_read(struct walk *w, const struct state *s, const struct da_path *leaf,
			     unsigned int line)
{
	struct summary *sum = w->sum;
	struct da_tests guard = da_facts_guard(s);
	struct da_read *r;

	for (size_t i = 0; i < sum->n_reads; i++)
		if (!da_path_cmp(sum->reads[i].path, leaf) &&
		    da_tests_equal(&sum->reads[i].guard, &guard)) {
			da_tests_clear(&guard);
			return;
		}
	ZT_ALLOC_GROW(sum->reads, sum->n_reads + 1, sum->alloc_reads);
	r = &sum->reads[sum->n_reads++];
	r->path = da_path_dup(leaf);
	r->why = w->presumed;
	r->guard = guard;
	r->at = xasprintf("%s() at %s%u%s%s%s", w->fn, w->where ? w->where : "line ", line,
			  w->stored ? " (" : "", w->stored ? w->stored : "", w->stored ? ")" : "");
}

static void note_read_fail(struct walk *w, const struct state *s, const struct da_path *leaf,
			   unsigned int line)
{
	const struct lost *l;
	char *path, *name, *spelled;

	if (w->pointer) {
		note_callee_read(w, s, leaf, line);
		return;
	}
	if (!w->da->read_path) {
		w->da->read_path = da_path_text(leaf, true);
		w->da->read_line = line;
		w->da->unknown = w->presumed;
	}
	if (!w->presumed && !w->da->real_path) {
		w->da->real_path = da_path_text(leaf, true);
		w->da->real_line = line;
	}
	if (w->da->violation)
		return;
	l = lost_for(w, leaf);
	if (l)
		path = xasprintf("the write at line %u (%s()) is only on the path where the "
				 "branch at line %u of %s() goes that way", l->line, l->by, l->at,
				 l->fn);
	else
		path = xasprintf("no write of it comes before on any path from the declaration");
	name = da_spelling(w->target);
	spelled = da_path_text(leaf, true);
	w->da->violation = xasprintf("%s%s%s may be read before it is written: read at line "
				     "%u%s%s; %s",
				     spelled, !da_path_is_whole(leaf) ? " of " : "", name, line,
				     w->via ? ", " : "", w->via ? w->via : "", path);
	free(spelled);
	free(name);
	free(path);
}

/* ---- summaries and the entry point ----------------------------------------------- */

CXCursor da_body_of(CXCursor fn)
{
	struct kids k = da_kids_of(fn);
	CXCursor b = clang_getNullCursor();

	for (size_t i = 0; i < k.n; i++)
		if (clang_getCursorKind(k.v[i]) == CXCursor_CompoundStmt)
			b = k.v[i];
	free(k.v);
	return b;
}

static void walk_release(struct walk *w)
{
	for (size_t i = 0; i < w->n_alias; i++)
		da_path_free(w->alias_path[i]);
	for (size_t i = 0; i < w->n_labels; i++)
		da_st_clear(&w->labels[i].st);
	free(w->labels);
	da_paths_clear(&w->leaves);
	da_st_clear(&w->exit);
	da_st_clear(&w->exit_zero);
	da_st_clear(&w->exit_nonneg);
	da_guard_drop(w, clang_getNullCursor());
	da_st_clear(&w->flag.st);
	da_st_clear(&w->code.zero);
	da_st_clear(&w->code.nonneg);
	free(w->where);
}

/*
 * What @def does to the object its parameter @param points to: the paths it
 * reads before writing them, and what it writes on every path to its end.
 * Memoized per function and parameter; recursion and depth give "unknown".
 */
struct summary *da_summarize(struct da *da, CXCursor def, unsigned int param, int depth)
{
	char *usr = da_usr(def);
	CXCursor parm = clang_Cursor_getArgument(def, param), body = da_body_of(def);
	struct walk w = { .da = da, .target = parm, .pointer = true, .depth = depth };
	struct state st = { 0 };
	struct summary *s;
	char *fn = da_spelling(def);
	unsigned int skipped_line = 0;
	struct da_paths skipped_reads = { 0 };

	for (size_t i = 0; i < da->n_sums; i++)
		if (!strcmp(da->sums[i].usr, usr) && da->sums[i].param == param) {
			free(usr);
			free(fn);
			return &da->sums[i];
		}
	if (zt_strvec_has(&da->active, usr)) {
		free(usr);
		free(fn);
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	s->usr = usr;
	s->param = param;
	s->by_value = !clang_Cursor_isNull(parm) && is_kind(clang_getCursorType(parm), CXType_Record);
	if (depth > DA_MAX_DEPTH)
		s->unknown = ZT_DA_DEPTH;
	else if (clang_Cursor_isNull(body))
		s->unknown = ZT_DA_NO_BODY;
	else if (clang_Cursor_isNull(parm) ||
		 (!is_kind(clang_getCursorType(parm), CXType_Pointer) && !s->by_value))
		s->unknown = ZT_DA_NOT_FOLLOWED;
	else if (da_own_config(def, parm, &skipped_line, &skipped_reads))
		s->unknown = ZT_DA_OTHER_CONFIG;
	if (!s->unknown) {
		w.fn = fn;
		w.where = where_of(da, def);
		w.sum = s;
		/* the error ladder's labels are joined as in the local's function */
		w.body = body;
		w.declared = true;	/* the object exists before the callee's first line */
		w.by_value = s->by_value;
		leaves_of_type(s->by_value ? clang_getCursorType(parm)
					   : clang_getPointeeType(clang_getCanonicalType(
						     clang_getCursorType(parm))),
			       &w.leaves);
		zt_strvec_push(&da->active, usr);
		/* what another configuration's block reads of it, as if read on entry */
		for (size_t i = 0; i < skipped_reads.n; i++)
			da_read_path(&w, &st, skipped_reads.v[i], skipped_line, NULL);
		da_node(&w, body, &st);
		da->active.n--;
		free(da->active.v[da->active.n]);
		da->active.v[da->active.n] = NULL;
		if (!st.dead)
			da_exit(&w, &st, NULL);
		da_st_move(&s->writes, &w.exit);
		da_facts_finish(s);
		s->by_code = w.exit_zero_set && w.exit_nonneg_set &&
			     is_integer(clang_getCursorResultType(def));
		if (s->by_code) {
			da_st_move(&s->writes_zero, &w.exit_zero);
			da_st_move(&s->writes_nonneg, &w.exit_nonneg);
		}
	}
	da_st_clear(&st);
	da_paths_clear(&skipped_reads);
	walk_release(&w);
	free(fn);
	ZT_ALLOC_GROW(da->sums, da->n_sums + 1, da->alloc_sums);
	da->sums[da->n_sums] = *s;
	free(s);
	return &da->sums[da->n_sums++];
}

struct find {
	const char *fn, *var;
	unsigned int line;
	CXCursor def, decl;
};

static enum CXChildVisitResult find_var(CXCursor c, CXCursor parent, CXClientData d)
{
	struct find *f = d;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	name = da_spelling(c);
	if (!strcmp(name, f->var) && (!f->line || da_line_of(c) == f->line))
		f->decl = c;
	free(name);
	return clang_Cursor_isNull(f->decl) ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* The first call in an initializer: dropping the initializer would drop the call. */
static enum CXChildVisitResult find_call(CXCursor c, CXCursor parent, CXClientData d)
{
	char **callee = d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	*callee = da_spelling(c);
	return CXChildVisit_Break;
}

/* What one walk found, forgotten before the next (the callees' summaries stay). */
static void da_forget_walk(struct da *da)
{
	da_lost_clear(da->lost, da->n_lost);
	da->n_lost = 0;
	zt_strvec_clear(&da->writers);
	zt_strvec_clear(&da->lent);
	zt_strvec_clear(&da->counters);
	for (size_t i = 0; i < da->n_under; i++) {
		da_path_free(da->under[i].path);
		da_path_free(da->under[i].field);
	}
	da->n_under = 0;
	free(da->violation);
	da->violation = NULL;
	free(da->read_path);
	da->read_path = NULL;
	da->read_line = 0;
	da->unknown = ZT_DA_KNOWN;
	free(da->real_path);
	da->real_path = NULL;
	da->real_line = 0;
}

void da_write_maybe(struct walk *w, struct state *st, const struct da_path *p, unsigned int line,
		    const char *by, enum zt_da_unknown why)
{
	if (!w->da->optimistic)
		return;
	if (!w->da->first_stop)
		w->da->first_stop = why;
	da_write_path(w, st, p, line, by);
}

static void da_release(struct da *da)
{
	for (size_t i = 0; i < da->n_sums; i++) {
		struct summary *s = &da->sums[i];

		free(s->usr);
		for (size_t r = 0; r < s->n_reads; r++) {
			da_path_free(s->reads[r].path);
			free(s->reads[r].at);
			da_tests_clear(&s->reads[r].guard);
		}
		free(s->reads);
		da_paths_clear(&s->touched);
		da_lost_clear(s->lost, s->n_lost);
		free(s->lost);
		da_st_clear(&s->writes);
		da_st_clear(&s->writes_zero);
		da_st_clear(&s->writes_nonneg);
	}
	free(da->sums);
	da_forget_walk(da);
	free(da->lost);
	free(da->under);
	free(da->home);
	zt_strvec_clear(&da->active);
	zt_strvec_clear(&da->tried);
	zt_strvec_clear(&da->twice);
	zt_strvec_clear(&da->over_limit);
	for (size_t i = 0; i < da->n_skipped; i++)
		zt_strvec_clear(&da->skipped[i].names);
	free(da->skipped);
	for (size_t i = 0; i < da->n_tus; i++)
		clang_disposeTranslationUnit(da->tus[i]);
}

static char *writers_text(const struct da *da, const char *fn, const char *var)
{
	struct zt_strbuf sb = { 0 };

	for (size_t i = 0; i < da->writers.n; i++)
		zt_strbuf_addf(&sb, "%s%s%s", i ? ", " : "", da->writers.v[i],
			       strcmp(da->writers.v[i], fn) ? "()" : "()'s own assignments");
	for (size_t i = 0; i < da->counters.n; i++)
		zt_strbuf_addf(&sb, "%sthe stores that grow its count %s ('%s[%s++] = v')",
			       sb.len ? ", " : "", da->counters.v[i], var, da->counters.v[i]);
	if (!sb.len)
		zt_strbuf_adds(&sb, "nothing (no field of it is read)");
	/* "; read only where written: sinfo, dma_arr where xd.has_frags is not 0" */
	for (size_t i = 0; i < da->n_under; i++) {
		const struct da_path *f = da->under[i].field;

		zt_strbuf_adds(&sb, i ? ", " : "; read only where written: ");
		da_path_print(&sb, da->under[i].path, false);
		if (i + 1 == da->n_under || da_path_cmp(da->under[i + 1].field, f)) {
			zt_strbuf_adds(&sb, " where ");
			da_path_print(&sb, f, false);
			zt_strbuf_adds(&sb, " is not 0");
		}
	}
	for (size_t i = 0; i < da->lent.n; i++)
		zt_strbuf_addf(&sb, "%s%s()", i ? ", " : "; given to ", da->lent.v[i]);
	if (da->lent.n)
		zt_strbuf_adds(&sb, ", which read none of it (rules/init-helpers.conf says why)");
	return zt_strbuf_detach(&sb, NULL);
}

static const struct {
	const char *name, *text;
} unknowns[ZT_DA_N_UNKNOWN] = {
	[ZT_DA_DEPTH] = { "depth", "a callee deeper than the analysis follows" },
	[ZT_DA_TU_LIMIT] = { "tu-limit", "a callee in one translation unit more than it parses" },
	[ZT_DA_NO_BODY] = { "no-body", "a callee whose body it cannot see" },
	[ZT_DA_INDIRECT] = { "indirect", "a call through a pointer whose targets are not all known" },
	[ZT_DA_RECURSION] = { "recursion", "a recursive callee" },
	[ZT_DA_OTHER_CONFIG] = { "other-config", "a callee whose body is one configuration's" },
	[ZT_DA_SHARED] = { "shared", "a callee given the object twice" },
	[ZT_DA_ESCAPES] = { "escapes", "its address kept where the analysis does not follow" },
	[ZT_DA_REACHES_AROUND] = { "reaches-around",
				   "a callee reaching the struct around it" },
	[ZT_DA_NOT_FOLLOWED] = { "not-followed", "a parameter the analysis does not follow" },
	[ZT_DA_TWO_DEFINITIONS] = { "two-definitions",
				    "a callee defined in more than one translation unit" },
};

const char *zt_da_unknown_name(enum zt_da_unknown why)
{
	return why > ZT_DA_KNOWN && why < ZT_DA_N_UNKNOWN ? unknowns[why].name : NULL;
}

const char *zt_da_unknown_text(enum zt_da_unknown why)
{
	return why > ZT_DA_KNOWN && why < ZT_DA_N_UNKNOWN ? unknowns[why].text : NULL;
}

enum zt_da_unknown zt_da_unknown_parse(const char *name)
{
	for (int i = ZT_DA_KNOWN + 1; i < ZT_DA_N_UNKNOWN; i++)
		if (!strcmp(unknowns[i].name, name))
			return (enum zt_da_unknown)i;
	return ZT_DA_N_UNKNOWN;
}

void zt_da_answer_release(struct zt_da_answer *a)
{
	free(a->why);
	free(a->read_path);
	free(a->init_call);
	free(a->hoist.release);
	free(a->hoist.null_why);
	free(a->hoist.release_via);
	zt_strvec_clear(&a->stores);
	memset(a, 0, sizeof(*a));
}

/* One walk of @decl's function, the stores in @kept written at the declaration. */
static void walk_local(struct da *da, CXCursor def, CXCursor decl, const char *fn,
		       const struct da_paths *kept)
{
	struct walk w = { .da = da, .fn = fn, .target = decl, .kept = kept };
	struct state st = { .dead = true };

	leaves_of_type(clang_getCursorType(decl), &w.leaves);
	w.body = da_body_of(def);
	da_node(&w, w.body, &st);
	da_st_clear(&st);
	walk_release(&w);
}

/*
 * A failing proof (@da's walk): does a read see the zero, or did the proof
 * only stop? The optimistic walk lets whatever the proof could not follow
 * write all it was given; a read that fails even so sees the zero on some
 * path ("read before written"). Else "unknown", for the reason of the first
 * read the proof presumed. Its own struct da: its summaries never serve a
 * proof. Gives up on nothing: at worst a presumed read counts as one that
 * sees the zero, which refuses all the same.
 */
static void classify(struct da *da, CXCursor def, CXCursor decl, const char *fn,
		     const struct da_paths *kept, struct zt_da_answer *a)
{
	struct da opt = { .h = da->h, .res = da->res, .index = da->index, .optimistic = true };

	opt.home = xstrdup(da->home);
	walk_local(&opt, def, decl, fn, kept);
	if (opt.real_path) {
		a->verdict = ZT_DA_READ_BEFORE_WRITTEN;
		a->read_path = opt.real_path;
		a->read_line = opt.real_line;
		opt.real_path = NULL;
	} else {
		a->verdict = ZT_DA_UNKNOWN;
		a->unknown = da->unknown ? da->unknown : opt.first_stop;
		a->read_path = da->read_path;
		a->read_line = da->read_line;
		da->read_path = NULL;
	}
	da_release(&opt);
}

int zt_da_check(const char *tu_file, char *const *args, const char *fn, const char *var,
		unsigned int line, const struct zt_da_helpers *h,
		const struct zt_da_resolver *res, const struct zt_da_hoist_query *hq,
		struct zt_da_answer *a)
{
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	struct find f = { fn, var, line, clang_getNullCursor(), clang_getNullCursor() };
	struct da da = { .h = h, .res = res, .index = index };
	struct da_paths kept = { 0 };
	struct zt_strvec stores = ZT_STRVEC_INIT;
	int nargs = 0, ret = -1;
	char *who;

	memset(a, 0, sizeof(*a));
	while (args && args[nargs])
		nargs++;
	if (clang_parseTranslationUnit2(index, tu_file, (const char *const *)args, nargs, NULL, 0,
					DA_PARSE_OPTIONS, &tu) != CXError_Success) {
		a->why = xasprintf("libclang cannot parse %s", tu_file);
		goto out;
	}
	f.def = da_find_definition(tu, fn);
	if (!clang_Cursor_isNull(f.def))
		clang_visitChildren(f.def, find_var, &f);
	if (clang_Cursor_isNull(f.decl)) {
		a->why = xasprintf("no local %s at line %u in %s() of %s", var, line, fn, tu_file);
		goto out;
	}
	da.home = da_file_of(f.def);
	clang_visitChildren(f.decl, find_call, &a->init_call);
	walk_local(&da, f.def, f.decl, fn, NULL);
	/*
	 * The initializer counts for nothing first; only when a read needs what
	 * it names is that kept, as stores (the smallest rewrite that is right).
	 */
	if (da.violation && !a->init_call &&
	    da_kept_stores(f.def, f.decl, &kept, &stores, &a->store_at)) {
		da_forget_walk(&da);
		walk_local(&da, f.def, f.decl, fn, &kept);
		if (!da.violation) {
			a->stores = stores;
			stores = (struct zt_strvec)ZT_STRVEC_INIT;
		} else {
			a->store_at = 0;
		}
	}
	if (hq)
		da_hoist_facts(&da, f.def, f.decl, hq, a->stores.n > 0, &a->hoist);
	if (da.violation) {
		/* with the stores kept when they did not help (else none are) */
		classify(&da, f.def, f.decl, fn, kept.n ? &kept : NULL, a);
		a->why = da.violation;
		da.violation = NULL;
	} else if (da_own_config(f.def, f.decl, &a->read_line, NULL)) {
		a->verdict = ZT_DA_UNKNOWN;
		a->unknown = ZT_DA_OTHER_CONFIG;
		a->read_path = xstrdup(var);
		a->why = xasprintf("%s() names %s in a block the preprocessor skipped at line %u: "
				   "another configuration reads or writes it otherwise",
				   fn, var, a->read_line);
	} else {
		a->verdict = ZT_DA_WRITTEN_FIRST;
		who = writers_text(&da, fn, var);
		a->why = xasprintf("every %s of %s that is read is written first on every "
				   "path, by %s",
				   clang_getCursorType(f.decl).kind == CXType_ConstantArray ?
					   "element" : "field", var, who);
		free(who);
	}
	ret = 0;
out:
	da_paths_clear(&kept);
	zt_strvec_clear(&stores);
	da_release(&da);
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	return ret;
}
