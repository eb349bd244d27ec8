// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, the init-helper facts (rules/init-helpers.conf): what
 * a listed call does to the object a pointer argument points to, in place of
 * its body, and which argument its value is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "datadir.h"
#include "defassign_int.h"
#include "zerotax.h"

static int parse_helper_line(char *line, const char *path, unsigned int ln, void *helpers)
{
	struct zt_da_helpers *h = helpers;
	char *save = NULL, *fn = strtok_r(line, " \t", &save);
	char *arg = strtok_r(NULL, " \t", &save), *what = strtok_r(NULL, " \t", &save), *f;
	struct helper e = { 0 };

	if (!fn || fn[0] == '#')
		return 0;
	bool fills = what && (!strcmp(what, "fills") || !strcmp(what, "fills-count"));

	if (!arg || !what || atoi(arg) < 1 ||
	    (strcmp(what, "writes") && strcmp(what, "reads") && strcmp(what, "reads-container") &&
	     strcmp(what, "reads-bytes") && strcmp(what, "returns") && strcmp(what, "hint") &&
	     !fills))
		return error("%s:%u: expected 'FUNCTION ARG writes|reads|reads-container FIELD...', "
			     "'FUNCTION ARG reads-bytes|hint', "
			     "'FUNCTION ARG fills|fills-count ARG' or 'FUNCTION ARG returns'", path,
			     ln);
	if (fills) {
		f = strtok_r(NULL, " \t", &save);
		if (!f || atoi(f) < 1 || atoi(f) == atoi(arg))
			return error("%s:%u: expected 'FUNCTION ARG %s ARG'", path, ln, what);
		if (!strcmp(what, "fills"))
			e.fills_size_arg = (unsigned int)atoi(f);
		else
			e.fills_count_arg = (unsigned int)atoi(f);
	}
	e.fn = xstrdup(fn);
	e.arg = (unsigned int)atoi(arg);
	e.writes = !strcmp(what, "writes");
	e.container = !strcmp(what, "reads-container");
	e.returns = !strcmp(what, "returns");
	e.bytes = !strcmp(what, "reads-bytes");
	e.hint = !strcmp(what, "hint");
	if (e.bytes)
		da_paths_take(&e.fields, da_path_whole());
	/* "*" all of it, "-f" but f below each, else a field */
	while ((f = strtok_r(NULL, " \t", &save)) && f[0] != '#') {
		if (f[0] == '-')
			da_paths_take(&e.except, da_path_of_fields(f + 1));
		else
			da_paths_take(&e.fields,
				      strcmp(f, "*") ? da_path_of_fields(f) : da_path_whole());
	}
	ZT_ALLOC_GROW(h->v, h->n + 1, h->alloc);
	h->v[h->n++] = e;
	return 0;
}

struct zt_da_helpers *zt_da_helpers_load(const char *rules_dir)
{
	char *path = rules_dir ? xasprintf("%s/init-helpers.conf", rules_dir) :
				 zt_data_path("rules/init-helpers.conf");
	struct zt_da_helpers *h = xcalloc(1, sizeof(*h));
	char *text = NULL;

	if (!path || zt_rules_read(path, &text) ||
	    zt_rules_each_line(text, path, parse_helper_line, h))
		goto fail;
	free(text);
	free(path);
	return h;
fail:
	free(text);
	free(path);
	zt_da_helpers_free(h);
	return NULL;
}

void zt_da_helpers_free(struct zt_da_helpers *h)
{
	for (size_t i = 0; h && i < h->n; i++) {
		free(h->v[i].fn);
		da_paths_clear(&h->v[i].fields);
		da_paths_clear(&h->v[i].except);
	}
	if (h)
		free(h->v);
	free(h);
}

/* "*" with "-f" entries: every leaf below @p but f. */
static void write_all_but(struct walk *w, struct state *st, const struct da_path *p,
			  const struct da_paths *except, unsigned int line, const char *by)
{
	if (!except->n) {
		da_write_path(w, st, p, line, by);
		return;
	}
	for (size_t l = 0; l < w->leaves.n; l++) {
		const struct da_path *leaf = w->leaves.v[l];
		bool skip = !da_path_covers(p, leaf);

		for (size_t k = 0; !skip && k < except->n; k++) {
			struct da_path *x = da_path_join(p, except->v[k]);

			skip = da_path_covers(x, leaf);
			da_path_free(x);
		}
		if (!skip)
			da_write_path(w, st, leaf, line, by);
	}
}

/* Is argument @n of the call @k (1-based) the size of what its argument @arg points to? */
static bool sized_to_object(const struct kids *k, unsigned int arg, unsigned int n)
{
	CXType t;
	long long want, size = -1;

	if (arg >= k->n || n >= k->n)
		return false;
	t = clang_getCursorType(da_strip(k->v[arg]));
	want = is_kind(t, CXType_Pointer) ? clang_Type_getSizeOf(clang_getPointeeType(t)) :
					    clang_Type_getSizeOf(t);
	if (!da_const_int(k->v[n], &size))
		return false;
	return want > 0 && size == want;
}

/*
 * A bulk allocator: on a return of 0, elements [0, n) of what @prefix
 * points to, n argument @n of the call @k, never changed in the function.
 */
static void fill_count(struct walk *w, const struct da_path *prefix, const struct kids *k,
		       unsigned int n, unsigned int line, const char *by)
{
	struct da_key *key = n < k->n ? da_prefix_key(w, k->v[n]) : NULL;
	struct da_path *ix, *p;

	if (!key || da_changes(w->body, clang_getCursorReferenced(da_strip(k->v[n])), 0)) {
		da_key_free(key);
		return;
	}
	ix = da_prefix_sibling(prefix, DA_STEP_BELOW, key);
	da_key_free(key);
	if (!ix)
		return;
	p = da_path_join(prefix, ix);
	da_st_add(&w->code.zero, p, line, by);
	da_st_add(&w->code.nonneg, p, line, by);
	w->code.set = true;
	da_path_free(p);
	da_path_free(ix);
}

/* The helper facts for @name's argument @arg (of the call @k): true when there were some. */
bool da_apply_helper(struct walk *w, struct state *st, const char *name, unsigned int arg,
		     const struct da_path *prefix, unsigned int line, const struct kids *k)
{
	bool hit = false;

	for (size_t i = 0; i < w->da->h->n; i++) {
		const struct helper *e = &w->da->h->v[i];

		/* what the call's value is does not say what the call does */
		if (strcmp(e->fn, name) || e->arg != arg || e->returns || e->hint)
			continue;
		hit = true;
		/* said in the answer: the fact, not the code, is why it is unread */
		if (!e->writes && !e->container && !e->fills_size_arg && !e->fills_count_arg &&
		    !e->fields.n && !e->except.n) {
			/* lent: code after the call may write it through the task */
			da_facts_escape(w, st);
			if (!w->pointer && !zt_strvec_has(&w->da->lent, name))
				zt_strvec_push(&w->da->lent, name);
		}
		if (e->fills_count_arg) {
			fill_count(w, prefix, k, e->fills_count_arg, line, name);
			continue;
		}
		if (e->fills_size_arg) {
			if (sized_to_object(k, arg, e->fills_size_arg))
				da_write_path(w, st, prefix, line, name);
			continue;
		}
		if (e->container)
			da_read_around(w, st, prefix, line, name, true);
		for (size_t k = 0; k < e->fields.n; k++) {
			const struct da_path *f = e->fields.v[k];
			struct da_path *p = da_path_join(prefix, f);

			if (!e->writes && e->bytes)
				da_read_bytes(w, st, p, line, &e->except);
			else if (!e->writes)
				da_read_path(w, st, p, line, &e->except);
			else if (da_path_is_whole(f))	/* "*" */
				write_all_but(w, st, p, &e->except, line, name);
			else
				da_write_path(w, st, p, line, name);
			da_path_free(p);
		}
	}
	return hit;
}


bool da_helper_hint(const struct zt_da_helpers *h, const char *name, unsigned int arg)
{
	for (size_t i = 0; i < h->n; i++)
		if (h->v[i].hint && h->v[i].arg == arg && !strcmp(h->v[i].fn, name))
			return true;
	return false;
}

int da_helper_returned(const struct zt_da_helpers *h, CXCursor call)
{
	char *name;
	int arg = 0;

	call = da_strip(call);
	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return 0;
	name = da_spelling(call);
	for (size_t i = 0; !arg && i < h->n; i++)
		if (h->v[i].returns && !strcmp(h->v[i].fn, name))
			arg = (int)h->v[i].arg;
	free(name);
	return arg;
}
