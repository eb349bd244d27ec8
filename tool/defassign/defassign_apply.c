// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, a call given the object (see defassign.c): the
 * callee's summary in the caller's terms, its reads under its own tests of
 * the object's fields (defassign_facts.c), and a call through a
 * function-pointer field, each function stored there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "zerotax.h"

/* A callee's path in the caller's terms; NULL when it is beyond what the caller gave. */
static struct da_path *mapped(struct walk *w, const struct da_passed *pa,
			      const struct da_path *path)
{
	if (path->around_type)
		return da_up_map(w, pa->prefix, path);
	return da_prefix_map(w, pa->prefix, pa->decayed, path, pa->args);
}

static void pending_mapped(struct walk *w, struct state *to, const struct state *from,
			   const struct da_passed *pa)
{
	for (size_t k = 0; k < from->n; k++) {
		struct da_path *p = mapped(w, pa, from->v[k].path);

		if (p)
			da_st_add(to, p, from->v[k].line, from->v[k].by);
		da_path_free(p);
	}
}

struct summary *da_callee_summary(struct walk *w, CXCursor def, const char *name,
				  unsigned int param, enum zt_da_unknown *why)
{
	struct summary *s = NULL;

	*why = name[0] ? ZT_DA_NO_BODY : ZT_DA_INDIRECT;
	/* a call through a pointer: a parameter, a variable, a field */
	if (!clang_Cursor_isNull(def) && clang_getCursorKind(def) != CXCursor_FunctionDecl) {
		*why = ZT_DA_INDIRECT;
		return NULL;
	}
	if (!clang_Cursor_isNull(def) && clang_isCursorDefinition(def)) {
		if (da_config_dependent(w->da, clang_Cursor_getTranslationUnit(w->body), def,
					name)) {
			*why = ZT_DA_OTHER_CONFIG;
			return NULL;
		}
		s = da_summarize(w->da, def, param, w->depth + 1);
		if (!s)
			*why = ZT_DA_RECURSION;
	}
	if (!s && clang_Cursor_isNull(def) && name[0])
		s = da_summarize_elsewhere(w, name, param, why);
	if (s && s->unknown)
		*why = s->unknown;
	return s;
}

/*
 * A callee's read of @p (the caller's) under its tests @guard (of its own
 * paths): where the caller's facts say a test fails the read is not
 * made; where it holds, what the caller wrote under it counts.
 */
static void guarded_read(struct walk *w, struct state *st, const struct da_path *p,
			 const struct da_tests *guard, const struct da_passed *pa,
			 unsigned int line, char *via, enum zt_da_unknown why)
{
	struct state t = da_st_copy(st);
	bool can = true;

	for (size_t i = 0; can && i < guard->n; i++) {
		struct da_path *f = mapped(w, pa, guard->v[i].field);

		if (f)
			can = da_fact_assume(w, &t, f, guard->v[i].nonzero);
		da_path_free(f);
	}
	if (can)
		da_read_via(w, &t, p, line, NULL, via, why);
	else
		free(via);
	da_st_clear(&t);
}

/* What the callee may write: the facts about it end; its lost writes, for the reasons. */
static void callee_touches(struct walk *w, struct state *st, const struct summary *s,
			   const struct da_passed *pa)
{
	for (size_t r = 0; r < s->touched.n; r++) {
		struct da_path *p = mapped(w, pa, s->touched.v[r]);

		/* beyond what the caller gave: all of it may change */
		if (!p)
			p = da_path_whole();
		da_facts_written(w, st, p);
		da_path_free(p);
	}
	if (s->escapes) {
		da_facts_escape(w, st);
		da_write_maybe(w, st, pa->prefix, 0, "", ZT_DA_ESCAPES);
	}
	for (size_t r = 0; r < s->n_lost; r++) {
		const struct lost *l = &s->lost[r];
		struct da_path *full;
		struct wr x;

		/* a write by no named function (a call through a pointer) names none in a reason */
		if (!l->by[0] || !l->fn[0])
			continue;
		full = mapped(w, pa, l->path);
		if (!full)
			continue;
		x = (struct wr){ full, l->line, l->by };
		da_add_lost(w, &x, l->at, l->fn);
		da_path_free(full);
	}
}

void da_apply_callee(struct walk *w, struct state *st, CXCursor def, const char *name,
			 unsigned int i, const struct da_passed *pa, unsigned int line)
{
	const struct da_path *prefix = pa->prefix;
	bool around = false;
	enum zt_da_unknown why;
	struct summary *s = da_callee_summary(w, def, name, i, &why);
	bool stub = why == ZT_DA_OTHER_CONFIG;

	if (!s || s->unknown || (pa->shared && s->facts_used)) {
		da_read_via(w, st, prefix, line, NULL,
			    stub ? xasprintf("by %s() at line %u, whose body in this build is one "
					     "configuration's (the preprocessor skipped another "
					     "definition of it)", name, line) :
			    s && !s->unknown ?
				   xasprintf("by %s() at line %u, given it twice: what its tests of "
					     "one parameter found, the other may change", name, line) :
				   xasprintf("by %s() at line %u, which zerotax cannot see into",
					     name, line),
			    s && !s->unknown ? ZT_DA_SHARED : why);
		/* its proof is not for this call: what it reaches through container_of() too */
		if (s && !s->unknown)
			da_read_around(w, st, prefix, line, name, false);
		da_facts_escape(w, st);
		da_write_maybe(w, st, prefix, line, name, s && !s->unknown ? ZT_DA_SHARED : why);
		return;
	}
	if (w->pointer && w->sum && s->facts_used)
		w->sum->facts_used = true;
	for (size_t r = 0; r < s->n_reads; r++) {
		struct da_path *p = mapped(w, pa, s->reads[r].path);

		if (p)
			guarded_read(w, st, p, &s->reads[r].guard, pa, line,
				     xasprintf("in %s, called at line %u", s->reads[r].at, line),
				     s->reads[r].why);
		around |= !p;
		da_path_free(p);
	}
	if (s->reaches_out || around)
		da_read_around(w, st, prefix, line, name, false);
	callee_touches(w, st, s, pa);
	for (size_t k = 0; k < s->writes.n; k++) {
		struct da_path *p = mapped(w, pa, s->writes.v[k].path);

		if (p)
			da_write_path(w, st, p, s->writes.v[k].line, s->writes.v[k].by);
		da_path_free(p);
	}
	if (s->by_code) {
		pending_mapped(w, &w->code.zero, &s->writes_zero, pa);
		pending_mapped(w, &w->code.nonneg, &s->writes_nonneg, pa);
		w->code.set = true;
	}
}

/*
 * The field a call through a pointer goes through: 'p->f(...)', or a local
 * copy of it never changed ('__f1 = p->f', as INDIRECT_CALL_*() makes one):
 * its USR, else NULL.
 */
char *da_called_field(CXCursor body, CXCursor call, char **file)
{
	struct kids k = da_kids_of(call);
	CXCursor c = k.n ? da_strip(k.v[0]) : call;

	free(k.v);
	for (int hops = 0; hops < 8; hops++) {
		CXCursor v = clang_getCursorReferenced(c);
		struct kids in;

		if (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
		    clang_getCursorKind(v) == CXCursor_FieldDecl) {
			CXString u = clang_getCursorUSR(v), f;
			char *usr = xstrdup(clang_getCString(u) ? clang_getCString(u) : "");
			CXFile cf = NULL;

			clang_disposeString(u);
			clang_getExpansionLocation(clang_getCursorLocation(v), &cf, NULL, NULL, NULL);
			f = clang_getFileName(cf);
			*file = xstrdup(clang_getCString(f) ? clang_getCString(f) : "");
			clang_disposeString(f);
			return usr;
		}
		if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || !da_function_local(v) ||
		    clang_Cursor_isNull(body) || da_changes(body, v, 0))
			return NULL;
		in = da_kids_of(v);
		c = in.n && clang_isExpression(clang_getCursorKind(in.v[in.n - 1])) ?
			    da_strip(in.v[in.n - 1]) : clang_getNullCursor();
		free(in.v);
		if (clang_Cursor_isNull(c))
			return NULL;
	}
	return NULL;
}

/*
 * A call through a function-pointer field (or a copy of it): each function
 * stored into the field, as check's call graph found them, may be the one
 * called. What each reads is read; what every one writes is written.
 */
bool da_apply_stored(struct walk *w, struct state *st, CXCursor c, unsigned int i,
		     const struct da_passed *pa, unsigned int line)
{
	const struct zt_da_resolver *res = w->da->res;
	struct zt_strvec names = ZT_STRVEC_INIT;
	struct state r = { .dead = true };
	char *usr, *file = NULL;

	if (!res || !res->stored)
		return false;
	usr = da_called_field(w->body, c, &file);
	if (!usr || res->stored(res->arg, usr, file, &names)) {
		free(usr);
		free(file);
		zt_strvec_clear(&names);
		return false;
	}
	for (size_t n = 0; n < names.n; n++) {
		CXCursor def = da_find_definition(clang_Cursor_getTranslationUnit(c), names.v[n]);
		struct state t = da_st_copy(st);

		da_apply_callee(w, &t, def, names.v[n], i, pa, line);
		da_st_join(w, &r, &r, &t, line);
	}
	da_st_move(st, &r);
	free(usr);
	free(file);
	zt_strvec_clear(&names);
	return true;
}
