// SPDX-License-Identifier: GPL-2.0-only
/* fix, tidy: what spatch's pretty printer leaves for netdev review. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmdline.h"
#include "cocci.h"
#include "fix_internal.h"
#include "fixtext.h"
#include "fix_stages_int.h"
#include "fixtree.h"
#include "placement.h"
#include "process.h"
#include "shadow.h"
#include "strbuf.h"
#include "verify.h"

struct lines {
	char **v;
	size_t n, alloc;
	bool final_newline;
};

static void lines_split(const char *text, struct lines *l)
{
	const char *p = text;

	memset(l, 0, sizeof(*l));
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		ZT_ALLOC_GROW(l->v, l->n + 1, l->alloc);
		l->v[l->n++] = xstrndup(p, len);
		if (!eol)
			break;
		p = eol + 1;
	}
	l->final_newline = p > text && p[-1] == '\n';
}

static char *lines_join(const struct lines *l)
{
	size_t len = 0;
	char *s, *o;

	for (size_t i = 0; i < l->n; i++)
		len += strlen(l->v[i]) + 1;
	s = o = xmalloc(len + 1);
	for (size_t i = 0; i < l->n; i++) {
		size_t n = strlen(l->v[i]);

		memcpy(o, l->v[i], n);
		o += n;
		if (i + 1 < l->n || l->final_newline)
			*o++ = '\n';
	}
	*o = '\0';
	return s;
}

static void lines_release(struct lines *l)
{
	free_list(l->v, l->n);
	memset(l, 0, sizeof(*l));
}

/* @line (owned) becomes line @at; the lines from there move down. */
static void lines_insert(struct lines *l, size_t at, char *line)
{
	ZT_ALLOC_GROW(l->v, l->n + 1, l->alloc);
	memmove(&l->v[at + 1], &l->v[at], (l->n - at) * sizeof(*l->v));
	l->v[at] = line;
	l->n++;
}

static bool line_in(const struct lines *l, const char *line)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], line))
			return true;
	return false;
}

/*
 * spatch prints a cast it had to rebuild as "(char *) x"; kernel style (and
 * checkpatch) want "(char *)x". Only on lines the rewrite produced, and only
 * for parentheses that hold a type.
 */
static char *tighten_casts(const char *line, const regex_t *re)
{
	char *s = xstrdup(line);
	size_t off = 0;
	regmatch_t m[1];

	while (!regexec(re, s + off, 1, m, off ? REG_NOTBOL : 0)) {
		size_t end = off + (size_t)m[0].rm_eo;	/* just past ") " */
		size_t start = off + (size_t)m[0].rm_so;

		if (start > 0 && (isalnum((unsigned char)s[start - 1]) || s[start - 1] == '_')) {
			off = end;
			continue;
		}
		memmove(s + end - 1, s + end, strlen(s + end) + 1);
		off = end - 1;
	}
	return s;
}

/*
 * spatch prints an attribute added after an array's declarator with no
 * blank ("void *v[N]__uninitialized;"); kernel style has one.
 */
static char *space_attribute(const char *line, const char *attr)
{
	char *glued = xasprintf("]%s", attr), *p = strstr(line, glued), *out;

	out = p ? xasprintf("%.*s] %s", (int)(p - line), line, p + 1) : xstrdup(line);
	free(glued);
	return out;
}

static int indent_of(const char *l)
{
	int n = 0;

	for (; *l == '\t' || *l == ' '; l++)
		n += *l == '\t' ? 8 : 1;
	return n;
}

/* Does this line start a declaration ("u16 x = ...;", "struct a *b;")? */
static bool declaration_line(const char *l)
{
	static const char *const stmt[] = { "return", "goto", "if", "else", "for", "while", "do",
					    "switch", "case", "break", "continue", "default",
					    "sizeof" };
	static const char *const kw[] = { "struct", "union", "enum", "const", "static",
					  "unsigned", "signed", "volatile", "register" };
	const char *p = l, *w;
	size_t n;

	while (*p == ' ' || *p == '\t')
		p++;
	w = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	n = (size_t)(p - w);
	if (!n)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(stmt); i++)
		if (n == strlen(stmt[i]) && !strncmp(w, stmt[i], n))
			return false;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (n == strlen(kw[i]) && !strncmp(w, kw[i], n))
			return true;
	/* A type name, then (pointers and) a declarator. */
	while (*p == ' ' || *p == '\t' || *p == '*')
		p++;
	return isalpha((unsigned char)*p) || *p == '_';
}

/*
 * Move the new pointer first among the locals of its block, where netdev's
 * reverse Christmas tree puts what the upstream change added. Only when every
 * line between the block's "{" and it is a declaration.
 */
static void hoist_first(struct lines *l, const char *decl)
{
	for (size_t d = 0; d < l->n; d++) {
		const char *t = l->v[d];
		int ind;
		size_t i;

		while (*t == ' ' || *t == '\t')
			t++;
		if (strcmp(t, decl))
			continue;
		ind = indent_of(l->v[d]);
		for (i = d; i-- > 0;) {
			const char *u = l->v[i];
			size_t len = strlen(u);

			if (len && u[len - 1] == '{' && indent_of(u) < ind)
				break;
			if (!len || indent_of(u) < ind)
				return;
			if (indent_of(u) == ind && !declaration_line(u))
				return;
		}
		if (i == (size_t)-1 || i + 1 == d)
			continue;
		{
			char *moved = l->v[d];

			memmove(&l->v[i + 2], &l->v[i + 1], (d - i - 1) * sizeof(*l->v));
			l->v[i + 1] = moved;
		}
	}
}

static bool comment_line(const char *l)
{
	l += strspn(l, " \t");
	return !strncmp(l, "/*", 2) || !strncmp(l, "//", 2) || (l[0] == '*' && l[1] != '=' &&
								!isalnum((unsigned char)l[1]) &&
								l[1] != '_' && l[1] != '(');
}

/*
 * The stores kept of a designated initializer (defassign_stores.c), as the
 * first statements of the declaration's block: before the statement the plan
 * named, found again by its text, nearest to where it was in its function.
 */
struct same_stmt {
	const struct site *s;
	const char *attr;
};

/* The statement, as the plan's rewrite may have changed it. */
static bool same_stmt(const char *was, const char *line, size_t len, void *arg)
{
	const struct same_stmt *ss = arg;
	char *l = xstrndup(line, len);
	bool same = fix_same_line(ss->s, ss->attr, was, l);

	free(l);
	return same;
}

static int keep_stores(const struct fix_rewriter *rw, const struct site *s, const char *orig,
		       const char *now, struct lines *ln, struct fix_outcome *fo)
{
	struct same_stmt ss = { s, rw->attr };
	unsigned int at;
	size_t best, ind;
	bool gap = false;
	char *indent;

	if (!s->stores.n)
		return 0;
	at = zt_line_again(orig, now, s->f->function, s->store_at, same_stmt, &ss);
	if (!at || at > ln->n)
		return fix_fail(fo, "spatch", "the statement at line %u of %s (%s()), before which "
				"the stores of %s's initializer go, is not in the rewritten file",
				s->store_at, s->rel, s->f->function, s->var);
	best = at - 1;
	ind = strspn(ln->v[best], " \t");
	indent = xstrndup(ln->v[best], ind);
	/* before the comment that speaks of that statement, with a blank line after */
	while (best > 0 && comment_line(ln->v[best - 1])) {
		best--;
		gap = true;
	}
	if (gap)
		lines_insert(ln, best, xstrdup(""));
	for (size_t i = 0; i < s->stores.n; i++)
		lines_insert(ln, best + i, xasprintf("%s%s%s%s;", indent, s->var,
						     s->strategy == ZT_FIX_HOIST ? "->" : ".",
						     s->stores.v[i]));
	free(indent);
	return 0;
}

int fix_tidy(const struct fix_rewriter *rw, const struct site *s, struct fix_outcome *fo)
{
	struct zt_shadow *sh = rw->env->sh;
	char *orig = zt_shadow_read_orig(sh, s->rel), *now = zt_shadow_read(sh, s->rel), *out;
	struct lines lo, ln;
	regex_t re;
	int ret = 0;

	if (!orig || !now) {
		free(orig);
		free(now);
		return fix_fail(fo, "spatch", "cannot read %s after spatch", s->rel);
	}
	if (regcomp(&re, "\\((const |volatile )*(struct [A-Za-z_][A-Za-z0-9_]*|"
		    "union [A-Za-z_][A-Za-z0-9_]*|unsigned( (char|short|int|long))?|"
		    "signed( (char|short|int|long))?|void|char|short|int|long( long)?|bool|"
		    "[us](8|16|32|64)|__[lb]e(16|32|64)|[A-Za-z_][A-Za-z0-9_]*_t)( ?\\*+)?\\) ",
		    REG_EXTENDED)) {
		free(orig);
		free(now);
		return fix_fail(fo, "spatch", "internal: bad cast pattern");
	}
	lines_split(orig, &lo);
	lines_split(now, &ln);
	for (size_t i = 0; i < ln.n; i++) {
		if (line_in(&lo, ln.v[i]))
			continue;
		{
			char *t = tighten_casts(ln.v[i], &re), *u = space_attribute(t, rw->attr);

			free(t);
			free(ln.v[i]);
			ln.v[i] = u;
		}
	}
	if (s->strategy == ZT_FIX_HOIST) {
		char *decl = xasprintf("%s *%s = &%s->%s;", s->type, s->var, s->owner_param, s->var);

		hoist_first(&ln, decl);
		free(decl);
	}
	ret = keep_stores(rw, s, orig, now, &ln, fo);
	out = lines_join(&ln);
	if (!ret && strcmp(out, now) && zt_shadow_write(rw->env->sh, s->rel, out))
		ret = fix_fail(fo, "spatch", "cannot write %s: %s", s->rel, strerror(errno));
	free(out);
	regfree(&re);
	lines_release(&lo);
	lines_release(&ln);
	free(orig);
	free(now);
	return ret;
}

/*
 * spatch hands the anchor member's trailing comment to the line it adds after
 * it. Give it back: the comment describes the anchor, not the new field.
 */
int fix_tidy_owner(const struct fix_rewriter *rw, const struct site *s,
		   struct fix_outcome *fo)
{
	char *orig = zt_shadow_read_orig(rw->env->sh, s->owner_rel);
	char *now = zt_shadow_read(rw->env->sh, s->owner_rel);
	char *field = xasprintf("%s %s;", s->type, s->var), *out;
	struct lines lo, ln;
	int ret = 0;

	if (!orig || !now) {
		free(orig);
		free(now);
		free(field);
		return 0;
	}
	lines_split(orig, &lo);
	lines_split(now, &ln);
	for (size_t i = 1; i < ln.n; i++) {
		char *l = ln.v[i], *t = l, *rest, *prev = ln.v[i - 1];

		while (*t == ' ' || *t == '\t')
			t++;
		if (strncmp(t, field, strlen(field)))
			continue;
		rest = t + strlen(field);
		while (*rest == ' ' || *rest == '\t')
			rest++;
		if (strncmp(rest, "/*", 2) && strncmp(rest, "//", 2))
			continue;
		/* The original line: the anchor as it is now, followed by that comment. */
		for (size_t k = 0; k < lo.n; k++) {
			const char *o = lo.v[k];
			size_t pl = strlen(prev), ol = strlen(o), cl = strlen(rest);

			if (ol > pl + cl && !strncmp(o, prev, pl) && !strcmp(o + ol - cl, rest)) {
				free(ln.v[i - 1]);
				ln.v[i - 1] = xstrdup(o);
				*(t + strlen(field)) = '\0';
				break;
			}
		}
	}
	out = lines_join(&ln);
	if (strcmp(out, now) && zt_shadow_write(rw->env->sh, s->owner_rel, out))
		ret = fix_fail(fo, "spatch", "cannot write %s: %s", s->owner_rel, strerror(errno));
	free(out);
	free(field);
	lines_release(&lo);
	lines_release(&ln);
	free(orig);
	free(now);
	return ret;
}
