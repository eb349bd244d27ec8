// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, arrays filled up to a count: the path "[<K]" is the
 * elements [0, K) of an array, K a variable that names the count. Bulk
 * arrays are written so: a bulk allocator fills the first n (a helper's
 * "fills-count"), or a counter that starts at 0 only grows by the store
 * 'a[c++] = v' (so a[0, c) is always written), and the reads are
 * 'for (i = 0; i < n; i++) ... a[i]' or 'a[--c]'.
 *
 * K is the USR of the count's declaration, or "@j" in a callee for its
 * parameter j, which the caller maps to its own argument j.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "strbuf.h"
#include "zerotax.h"

static char *usr_of(CXCursor decl)
{
	CXString u = clang_getCursorUSR(decl);
	char *s = xstrdup(clang_getCString(u) ? clang_getCString(u) : "");

	clang_disposeString(u);
	return s;
}

static bool is_ref_to(CXCursor e, CXCursor decl)
{
	e = da_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), decl);
}

/* The parameter index of @decl in the function the walk is in (pointer mode), or -1. */
static int param_index(const struct walk *w, CXCursor decl)
{
	CXCursor fn = clang_getCursorSemanticParent(decl);
	int n;

	if (!w->pointer || clang_getCursorKind(decl) != CXCursor_ParmDecl)
		return -1;
	n = clang_Cursor_getNumArguments(fn);
	for (int j = 0; j < n; j++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned int)j), decl))
			return j;
	return -1;
}

char *da_prefix_key(const struct walk *w, CXCursor e)
{
	CXCursor d;
	int j;

	e = da_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return NULL;
	d = clang_getCursorReferenced(e);
	if (clang_getCursorKind(d) != CXCursor_VarDecl && clang_getCursorKind(d) != CXCursor_ParmDecl)
		return NULL;
	if (!is_integer(clang_getCursorType(d)))
		return NULL;
	j = param_index(w, d);
	return j >= 0 ? xasprintf("@%d", j) : usr_of(d);
}

/* The loop variable of a for's init 'i = 0' or 'int i = 0', or a null cursor. */
CXCursor da_loop_from_zero(CXCursor init)
{
	struct kids in = da_kids_of(init), d = { 0 };
	CXCursor v = clang_getNullCursor();
	long long zero = -1;

	if (clang_getCursorKind(init) == CXCursor_BinaryOperator && in.n == 2 &&
	    clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign &&
	    clang_getCursorKind(da_strip(in.v[0])) == CXCursor_DeclRefExpr &&
	    da_literal_index(in.v[1], &zero) && !zero)
		v = clang_getCursorReferenced(da_strip(in.v[0]));
	if (clang_getCursorKind(init) == CXCursor_DeclStmt && in.n == 1 &&
	    clang_getCursorKind(in.v[0]) == CXCursor_VarDecl)
		d = da_kids_of(in.v[0]);
	if (d.n && da_literal_index(d.v[d.n - 1], &zero) && !zero)
		v = in.v[0];
	free(d.v);
	free(in.v);
	return v;
}

/* The loop variable of 'for (i = 0; i < ...; ...)' (or int i = 0), or a null cursor. */
CXCursor da_for_from_zero(const struct kids *k)
{
	if (k->n != 4 || clang_getCursorKind(k->v[1]) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(k->v[1]) != CXBinaryOperator_LT)
		return clang_getNullCursor();
	return da_loop_from_zero(k->v[0]);
}

/*
 * for (i = 0; i < n; i++) BODY (or int i = 0), neither i nor n changed in
 * BODY: in BODY, i < n. *@var gets i, *@key n's key.
 */
bool da_prefix_loop(const struct walk *w, const struct kids *k, CXCursor *var, char **key)
{
	struct kids cond, inc;
	CXCursor v;
	bool ok = false;

	*key = NULL;
	v = da_for_from_zero(k);
	if (clang_Cursor_isNull(v))
		return false;
	inc = da_kids_of(k->v[2]);
	if (clang_Cursor_isNull(v) || clang_getCursorKind(k->v[2]) != CXCursor_UnaryOperator ||
	    inc.n != 1 || !is_ref_to(inc.v[0], v) ||
	    (clang_getCursorUnaryOperatorKind(k->v[2]) != CXUnaryOperator_PostInc &&
	     clang_getCursorUnaryOperatorKind(k->v[2]) != CXUnaryOperator_PreInc))
		v = clang_getNullCursor();
	free(inc.v);
	cond = da_kids_of(k->v[1]);
	if (!clang_Cursor_isNull(v) && cond.n == 2 && is_ref_to(cond.v[0], v) &&
	    !da_changes(k->v[3], v, 0)) {
		*key = da_prefix_key(w, cond.v[1]);
		ok = *key && !da_changes(k->v[3],
					 clang_getCursorReferenced(da_strip(cond.v[1])), 0);
	}
	free(cond.v);
	if (!ok) {
		free(*key);
		*key = NULL;
	}
	*var = ok ? v : clang_getNullCursor();
	return ok;
}

/* The index @ix of an array filled up to a count: "[<K]", "[=K]", or NULL. */
char *da_prefix_index(const struct walk *w, CXCursor ix)
{
	struct kids k;
	char *key = NULL, *r = NULL;

	ix = da_strip(ix);
	/* one element below the count, not all of them: not "[<K]" */
	if (w->prefix_key && is_ref_to(ix, w->prefix_var))
		return xasprintf("[=%s]", w->prefix_key);
	if (clang_getCursorKind(ix) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(ix) != CXUnaryOperator_PreDec)
		return NULL;
	/* a[--c]: below the count it had */
	k = da_kids_of(ix);
	if (k.n == 1)
		key = da_prefix_key(w, k.v[0]);
	if (key)
		r = xasprintf("[<%s]", key);
	free(key);
	free(k.v);
	return r;
}

/* ---- counters ------------------------------------------------------------------ */

struct counter {
	const struct walk *w;
	const char *usr;
	CXCursor decl;
	CXCursor array;		/* the array the counter counts */
	bool deref;		/* in a callee: the counter is *decl */
	unsigned int *stores;	/* offsets of the c++ in 'a[c++] = v' */
	size_t n_stores;
	unsigned int *passed;	/* offsets of the &c a callee counts with */
	size_t n_passed;
	unsigned int refs, derefs;
	bool same_block;	/* declared beside the array, in one compound */
	bool bad;
};

static void offsets_add(unsigned int **v, size_t *n, unsigned int off)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = off;
}

static bool offsets_have(const unsigned int *v, size_t n, unsigned int off)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == off)
			return true;
	return false;
}

/* Is @e the counter: c itself, or *c in a callee given &c? */
static bool is_count(const struct counter *ct, CXCursor e)
{
	struct kids k;
	bool ok;

	if (!ct->deref)
		return is_ref_to(e, ct->decl);
	e = da_strip(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_Deref)
		return false;
	k = da_kids_of(e);
	ok = k.n == 1 && is_ref_to(k.v[0], ct->decl);
	free(k.v);
	return ok;
}

static enum CXChildVisitResult find_counter(CXCursor c, CXCursor parent, CXClientData d)
{
	struct counter *ct = d;
	struct kids k;
	bool has_c = false, has_a = false;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	k = da_kids_of(c);
	for (size_t i = 0; i < k.n; i++) {
		struct kids dk;

		if (clang_getCursorKind(k.v[i]) != CXCursor_DeclStmt)
			continue;
		dk = da_kids_of(k.v[i]);
		for (size_t j = 0; j < dk.n; j++) {
			char *u = usr_of(dk.v[j]);

			if (!strcmp(u, ct->usr)) {
				has_c = true;
				ct->decl = dk.v[j];
			}
			has_a |= clang_equalCursors(dk.v[j], ct->array);
			free(u);
		}
		free(dk.v);
	}
	free(k.v);
	if (has_c)
		ct->same_block = has_a;
	return has_c ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* 'a[c++] = v', a the tracked array: remember where that c++ is. */
static void note_store(struct counter *ct, CXCursor assign)
{
	struct kids k = da_kids_of(assign), s = { 0 }, u = { 0 };
	CXCursor l = k.n == 2 ? da_strip(k.v[0]) : clang_getNullCursor();

	if (clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr)
		s = da_kids_of(l);
	if (s.n == 2 && is_ref_to(s.v[0], ct->array)) {
		CXCursor ix = da_strip(s.v[1]);

		if (clang_getCursorKind(ix) == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(ix) == CXUnaryOperator_PostInc)
			u = da_kids_of(ix);
		if (u.n == 1 && is_count(ct, u.v[0]))
			offsets_add(&ct->stores, &ct->n_stores, da_offset_of(ix));
	}
	free(u.v);
	free(s.v);
	free(k.v);
}

static enum CXChildVisitResult stores_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
		note_store(d, c);
	return CXChildVisit_Recurse;
}

/* Is the change @c of the counter one that keeps a[0, c) written? */
static bool keeps_prefix(struct counter *ct, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;
	long long v = -1;
	bool ok = false;

	if (kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);

		if (op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostDec)
			return true;
		if (op == CXUnaryOperator_AddrOf)
			return offsets_have(ct->passed, ct->n_passed, da_offset_of(c));
		return op == CXUnaryOperator_PostInc &&
		       offsets_have(ct->stores, ct->n_stores, da_offset_of(c));
	}
	if (kind != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
		return false;
	k = da_kids_of(c);
	ok = k.n == 2 && da_literal_index(k.v[1], &v) && !v;	/* c = 0 */
	free(k.v);
	return ok;
}

static bool counts_through(CXCursor fn, unsigned int ai, unsigned int ci);

/* f(..., a, ..., &c, ...) with f counting through its pointer: remember that &c. */
static void note_passed(struct counter *ct, CXCursor call)
{
	CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
	int n = clang_Cursor_getNumArguments(call), ai = -1;

	if (ct->deref || clang_Cursor_isNull(fn))
		return;
	for (int j = 0; j < n; j++)
		if (is_ref_to(clang_Cursor_getArgument(call, (unsigned int)j), ct->array))
			ai = j;
	for (int j = 0; ai >= 0 && j < n; j++) {
		CXCursor a = da_strip(clang_Cursor_getArgument(call, (unsigned int)j));
		struct kids k;

		if (clang_getCursorKind(a) != CXCursor_UnaryOperator ||
		    clang_getCursorUnaryOperatorKind(a) != CXUnaryOperator_AddrOf)
			continue;
		k = da_kids_of(a);
		if (k.n == 1 && is_ref_to(k.v[0], ct->decl) &&
		    counts_through(fn, (unsigned int)ai, (unsigned int)j))
			offsets_add(&ct->passed, &ct->n_passed, da_offset_of(a));
		free(k.v);
	}
}

static enum CXChildVisitResult changes_of_counter(CXCursor c, CXCursor parent, CXClientData d)
{
	struct counter *ct = d;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor op;
	bool changes;

	(void)parent;
	if (kind == CXCursor_CallExpr)
		note_passed(ct, c);
	if (kind == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), ct->decl))
		ct->refs++;
	if (ct->deref && kind == CXCursor_UnaryOperator && is_count(ct, c))
		ct->derefs++;	/* the operator itself, not a paren around it */
	changes = da_modifies(c, &op) && is_count(ct, op);
	if (changes && !keeps_prefix(ct, c)) {
		ct->bad = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* The stores and changes of @ct in @body: true when all keep the prefix. */
static bool counter_holds(struct counter *ct, CXCursor body)
{
	clang_visitChildren(body, stores_visit, ct);
	clang_visitChildren(body, changes_of_counter, ct);
	free(ct->stores);
	free(ct->passed);
	/* in a callee, the pointer goes nowhere but into *c */
	return !ct->bad && (!ct->deref || ct->refs == ct->derefs);
}

/*
 * Does the callee @fn, given the array as argument @ai and the counter's
 * address as argument @ci, keep a[0, *c) written: its parameter c used only
 * as *c, changed only by the store 'a[(*c)++] = v', by -- and '*c = 0', and
 * a never reassigned? (6.12's mlx5e_ptp_handle_ts_cqe(), md_buff.)
 */
static bool counts_through(CXCursor fn, unsigned int ai, unsigned int ci)
{
	struct counter ct = { .deref = true };
	CXCursor body = da_body_of(fn);

	if (clang_Cursor_isNull(body) || (int)ai >= clang_Cursor_getNumArguments(fn) ||
	    (int)ci >= clang_Cursor_getNumArguments(fn))
		return false;
	ct.array = clang_Cursor_getArgument(fn, ai);
	ct.decl = clang_Cursor_getArgument(fn, ci);
	return !da_changes(body, ct.array, 0) && counter_holds(&ct, body);
}

/*
 * Is @key a counter of the tracked array: an integer local declared = 0
 * beside it, changed only by 'a[c++] = v', --, '= 0' and a callee that
 * counts so through &c? Then a[0, c) is written wherever c is in scope.
 */
static bool is_counter(const struct walk *w, const char *key)
{
	struct counter ct = { .w = w, .usr = key, .decl = clang_getNullCursor(),
			      .array = w->target };
	struct kids init;
	long long v = -1;
	bool ok;

	if (w->pointer || key[0] == '@' || clang_Cursor_isNull(w->body))
		return false;
	/* the function's own block first, then the blocks in it */
	if (find_counter(w->body, clang_getNullCursor(), &ct) == CXChildVisit_Recurse)
		clang_visitChildren(w->body, find_counter, &ct);
	if (clang_Cursor_isNull(ct.decl) || !ct.same_block ||
	    clang_getCursorKind(ct.decl) != CXCursor_VarDecl)
		return false;
	init = da_kids_of(ct.decl);
	ok = init.n && da_literal_index(init.v[init.n - 1], &v) && !v;
	free(init.v);
	return ok && counter_holds(&ct, w->body);
}

/* Is the read of @p ("[<K]" below some path) covered by a counter of the array? */
bool da_prefix_counted(const struct walk *w, const char *p)
{
	const char *b = strstr(p, "[<") ? strstr(p, "[<") : strstr(p, "[="), *e;
	char *key;
	bool ok;

	e = b ? strchr(b, ']') : NULL;
	if (!e || b != p || e[1])
		return false;	/* the local array itself, not a member's */
	key = xstrndup(b + 2, (size_t)(e - b - 2));
	ok = is_counter(w, key);
	if (ok && strrchr(key, '@') && !zt_strvec_has(&w->da->counters, strrchr(key, '@') + 1))
		zt_strvec_push(&w->da->counters, strrchr(key, '@') + 1);
	free(key);
	return ok;
}

/*
 * A callee's path @cp, relative to what its parameter points to, as the
 * caller's: below @prefix, the element [0] when the argument was an array
 * (@decayed), and "[<@j]" as the count the caller passed as argument j.
 */
char *da_prefix_map(const struct walk *w, const char *prefix, bool decayed, const char *cp,
		    const struct kids *args)
{
	char *key = NULL, *r, *head;
	unsigned int j;

	/* an index of the callee's pointer, not of what it points to */
	if (!strncmp(cp, "[*]", 3))
		return da_join(prefix, cp);
	if (strncmp(cp, "[<@", 3) && strncmp(cp, "[=@", 3)) {
		if (!decayed)
			return da_join(prefix, cp);
		/* the callee's object is the array's first element */
		head = cp[0] ? xasprintf("[0]%s%s", cp[0] == '[' ? "" : ".", cp) : xstrdup("[0]");
		r = da_join(prefix, head);
		free(head);
		return r;
	}
	j = (unsigned int)atoi(cp + 3);
	if (args && j + 1 < args->n)
		key = da_prefix_key(w, args->v[j + 1]);
	/* "[=@j]" too: the callee's loop read each element below the count */
	head = key ? xasprintf("[<%s]", key) : xstrdup("[*]");
	r = da_join(prefix, head);
	free(head);
	free(key);
	return r;
}

/*
 * After 'for (i = 0; i < n; i++) BODY', BODY without a jump and n never
 * changed in the function: where BODY wrote the element "[=n]" on every
 * path, every element of [0, n) was written (no element when BODY did not
 * run, for then n <= 0). So is whatever BODY wrote of "[<n]" itself.
 */
void da_prefix_after_loop(struct walk *w, const struct kids *k, const char *key,
			  const struct state *body, struct state *st)
{
	struct kids cond = da_kids_of(k->v[1]);
	char *at = xasprintf("[=%s]", key), *all = xasprintf("[<%s]", key);
	bool ok = cond.n == 2 && !da_jumps_in(k->v[3]) && !body->dead &&
		  !da_changes(w->body, clang_getCursorReferenced(da_strip(cond.v[1])), 0);

	for (size_t i = 0; ok && i < body->n; i++) {
		const char *p = body->v[i].path, *e = strstr(p, at);
		char *q;

		if (!e && !strstr(p, all))
			continue;
		q = e ? xasprintf("%.*s%s%s", (int)(e - p), p, all, e + strlen(at)) : xstrdup(p);
		da_st_add(st, q, body->v[i].line, body->v[i].by);
		free(q);
	}
	free(all);
	free(at);
	free(cond.v);
}

/* @path as a report says it: "[<K]" as "[0, n)", "[=K]" as "[i < n]". */
char *da_prefix_spell(const char *path)
{
	struct zt_strbuf sb = { 0 };
	const char *p = path;

	while (*p) {
		const char *e = (!strncmp(p, "[<", 2) || !strncmp(p, "[=", 2)) ? strchr(p, ']') : NULL;
		const char *name;

		if (!e) {
			zt_strbuf_add(&sb, p++, 1);
			continue;
		}
		for (name = e; name > p + 2 && name[-1] != '@'; name--)
			;
		if (name == p + 3 && p[2] == '@')	/* a callee's unmapped parameter */
			zt_strbuf_addf(&sb, p[1] == '<' ? "[0, argument %.*s)" : "[i < argument %.*s]",
				       (int)(e - name), name);
		else
			zt_strbuf_addf(&sb, p[1] == '<' ? "[0, %.*s)" : "[i < %.*s]",
				       (int)(e - name), name);
		p = e + 1;
	}
	return zt_strbuf_detach(&sb, NULL);
}
