// SPDX-License-Identifier: GPL-2.0-only
/*
 * fix, verify: a group's rewrite is present as planned (spatch exits 0 when
 * nothing matched), every TU that includes a file it changed compiles, and
 * sparse finds nothing new.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cocci.h"
#include "fix_internal.h"
#include "fix_stages_int.h"
#include "fixtext.h"
#include "shadow.h"
#include "strbuf.h"
#include "verify.h"

static bool contains(const char *b, const char *e, const char *needle)
{
	return memmem(b, (size_t)(e - b), needle, strlen(needle)) != NULL;
}

static size_t count_in(const char *b, const char *e, const char *needle)
{
	size_t n = 0, l = strlen(needle);

	for (const char *p = memmem(b, (size_t)(e - b), needle, l); p;
	     p = memmem(p + l, (size_t)(e - p - l), needle, l))
		n++;
	return n;
}

/*
 * An array's declaration in [@b, @e): 1 when it reads "VAR[SIZE] ATTR;",
 * 0 when it still reads "VAR[SIZE];" or "VAR[SIZE] = ...", -1 when absent.
 * SIZE is whatever the source spells (a macro, an expression).
 */
static int array_decl(const char *b, const char *e, const char *var, const char *attr)
{
	size_t n = strlen(var), na = strlen(attr);

	for (const char *p = memmem(b, (size_t)(e - b), var, n); p;
	     p = memmem(p + n, (size_t)(e - p - n), var, n)) {
		const char *q = p + n, *close;

		if ((p > b && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) || *q != '[')
			continue;
		close = memchr(q, ']', (size_t)(e - q));
		if (!close || memchr(q, ';', (size_t)(close - q)))
			continue;
		for (q = close + 1; q < e && (*q == ' ' || *q == '\t'); q++)
			;
		if (q < e && (*q == ';' || *q == '='))
			return 0;
		if ((size_t)(e - q) > na && !strncmp(q, attr, na) && q[na] == ';')
			return 1;
	}
	return -1;
}

static bool rewritten(const struct site *s, const char *attr, const char *b, const char *e)
{
	bool ok = false;

	if (zt_array_elem_len(s->type))
		return s->strategy == ZT_FIX_UNINITIALIZED && array_decl(b, e, s->var, attr) == 1;
	/* "T v ATTR;", or one declarator of several: "T v ATTR, *p;" */
	for (const char *end = ";,"; *end && !ok; end++) {
		char *want, *old;

		if (*end == ',' && s->strategy != ZT_FIX_UNINITIALIZED)
			break;
		want = s->strategy == ZT_FIX_HOIST ?
			       xasprintf("%s *%s = &%s->%s;", s->type, s->var, s->owner_param,
					 s->var) :
			       xasprintf("%s %s %s%c", s->type, s->var, attr, *end);
		old = xasprintf("%s %s%c", s->type, s->var, *end);
		ok = contains(b, e, want) && !contains(b, e, old);
		free(want);
		free(old);
	}
	return ok;
}

struct planned_line {
	const struct site *s;
	const char *attr;
};

static bool same_or_planned(const char *was, const char *line, size_t len, void *arg)
{
	const struct planned_line *pl = arg;
	char *l = xstrndup(line, len);
	bool same = fix_same_line(pl->s, pl->attr, was, l);

	free(l);
	return same;
}

/*
 * Two locals of one name and type in the function: the one at the site's
 * line (found again in @text, as the rewrite shifted it) carries the
 * attribute.
 */
static bool decl_line_rewritten(const struct fix_env *env, const struct site *s,
				const char *attr, const char *text)
{
	struct planned_line pl = { s, attr };
	char *orig = zt_shadow_read_orig(env->sh, s->rel), *want;
	const char *l = text;
	unsigned int at;
	bool ok;

	at = orig ? zt_line_again(orig, text, s->f->function, s->f->line, same_or_planned, &pl) :
		    0;
	free(orig);
	for (unsigned int i = 1; at && l && i < at; i++)
		l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL;
	if (!at || !l)
		return false;
	want = xasprintf("%s %s %s", s->type, s->var, attr);
	ok = contains(l, l + strcspn(l, "\n"), want);
	free(want);
	return ok;
}

/* Every applied site of group @g reads as planned; a hoist's owner holds the member once. */
static int present(const struct fix_env *env, const struct site *sites, size_t n_sites,
		   size_t g, const char *attr, struct fix_outcome *out)
{
	for (size_t k = 0; k < n_sites; k++) {
		const struct site *s = &sites[k];
		char *text, *old;
		const char *b, *e;
		bool ok;

		if (!s->applied || s->group != g)
			continue;
		text = zt_shadow_read(env->sh, s->rel);
		ok = text && zt_function_body(text, s->f->function, &b, &e) &&
		     (rewritten(s, attr, b, e) ||
		      (s->strategy == ZT_FIX_UNINITIALIZED && !zt_array_elem_len(s->type) &&
		       decl_line_rewritten(env, s, attr, text)));
		free(text);
		if (!ok)
			return fix_fail(out, "verify", "the rewrite of %s in %s (%s:%u) is missing: "
					"spatch matched nothing there (does the function parse? see "
					"spatch --parse-c %s)",
					s->var, s->f->function, s->rel, s->f->line, s->rel);
		if (s->strategy == ZT_FIX_HOIST) {
			size_t n = 0;

			old = xasprintf("%s %s;", s->type, s->var);
			text = zt_shadow_read(env->sh, s->owner_rel);
			b = text ? zt_find_definition(text, s->owner_type) : NULL;
			e = b ? zt_match_brace(strchr(b, '{')) : NULL;
			if (e)
				n = count_in(b, e, old);
			free(text);
			if (n != 1) {
				fix_fail(out, "verify",
					 "%s should hold one '%s' after the rewrite, it holds %zu",
					 s->owner_type, old, n);
				free(old);
				return -1;
			}
			free(old);
		}
	}
	return 0;
}

/* Files the group rewrote: those changed since @m. */
static void changed_since(const struct fix_env *env, const struct zt_shadow_mark *m,
			  struct zt_strvec *changed)
{
	for (size_t i = 0; i < env->sh->n_files; i++) {
		const char *rel = env->sh->files[i];
		char *now = zt_shadow_read(env->sh, rel), *then = NULL;

		for (size_t j = 0; j < m->n; j++)
			if (!strcmp(m->rel[j], rel))
				then = m->text[j] ? xstrdup(m->text[j]) : NULL;
		if (!then)
			then = zt_shadow_read_orig(env->sh, rel);
		if (!now || !then || strcmp(now, then))
			zt_strvec_push(changed, rel);
		free(now);
		free(then);
	}
}

/* The TUs with a rewritten .c file: where sparse looks (see docs/fix.md). */
static void sparse_tus(char **tus, size_t n, char *const *changed, size_t nc, char ***v,
		       size_t *nv)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < nc; j++)
			if (!strcmp(tus[i], changed[j])) {
				*v = xrealloc(*v, (*nv + 1) * sizeof(**v));
				(*v)[(*nv)++] = tus[i];
			}
	if (!*nv && n) {
		*v = xrealloc(*v, sizeof(**v));
		(*v)[(*nv)++] = tus[0];
	}
}

int fix_verify_group(const struct fix_env *env, const struct site *sites, size_t n_sites,
		     size_t g, const char *attr, const struct zt_shadow_mark *m,
		     struct fix_outcome *out)
{
	struct zt_strvec changed = ZT_STRVEC_INIT;
	char **tus = NULL, **sp = NULL, *why = NULL;
	size_t nt = 0, ns = 0;
	int ret = -1;

	if (present(env, sites, n_sites, g, attr, out))
		goto out;
	changed_since(env, m, &changed);
	zt_fix_affected_tus(env->build, changed.v, changed.n, &tus, &nt);
	if (zt_fix_compile(env->build, tus, nt, &why)) {
		fix_fail(out, "compile", "%s", why);
		goto out;
	}
	if (env->o->sparse) {
		size_t before = 0, after = 0;

		sparse_tus(tus, nt, changed.v, changed.n, &sp, &ns);
		if (zt_fix_sparse(env->build, sp, ns, &before, &after, &why)) {
			fix_fail(out, "sparse", "%s", why);
			goto out;
		}
		out->sparse_ran = true;
		out->sparse_before += before;
		out->sparse_after += after;
	}
	out->n_compiled += nt;
	ret = 0;
out:
	zt_strvec_clear(&changed);
	free_list(tus, nt);
	free(sp);
	free(why);
	return ret;
}

