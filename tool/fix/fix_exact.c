// SPDX-License-Identifier: GPL-2.0-only
/*
 * fix, verify: spatch's diff is exactly the planned rewrite (issue 30 item
 * 2b). Every line a hunk removes must come back as the plan rewrites it
 * (the declaration as the pointer or with the attribute, each use as
 * v->f, v, sizeof(*v)), and the only line a hunk may add beyond those is
 * the owner's one new field. Lines are compared with their blanks removed:
 * spatch may re-space what it prints, never change a token.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cocci.h"
#include "fix_internal.h"
#include "fix_stages_int.h"
#include "strbuf.h"

static bool ident(char c);

/* Blanks removed, but one kept between two identifier characters ("return v"). */
static char *squeeze(const char *b, size_t n)
{
	char *o = xmalloc(n + 1), *p = o;

	for (size_t i = 0; i < n; i++) {
		if (!isspace((unsigned char)b[i])) {
			*p++ = b[i];
			continue;
		}
		while (i + 1 < n && isspace((unsigned char)b[i + 1]))
			i++;
		if (p > o && ident(p[-1]) && i + 1 < n && ident(b[i + 1]))
			*p++ = ' ';
	}
	*p = '\0';
	return o;
}

static char *squeezef(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *squeezef(const char *fmt, ...)
{
	va_list ap;
	char *t, *r;

	va_start(ap, fmt);
	t = xvasprintf(fmt, ap);
	va_end(ap);
	r = squeeze(t, strlen(t));
	free(t);
	return r;
}

static bool ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* @line (squeezed) with every use of @var rewritten as the hoist does. */
static char *hoist_uses(const char *line, const char *var)
{
	struct zt_strbuf sb = { 0 };
	size_t n = strlen(var);
	const char *p = line;

	while (*p) {
		bool at = !strncmp(p, var, n) && !ident(p[n]) && (p == line || !ident(p[-1]));

		if (at && p > line && p[-1] == '&' && strncmp(p + n, "->", 2) && p[n] != '.') {
			sb.len--;	/* &v -> v */
			sb.buf[sb.len] = '\0';
			zt_strbuf_adds(&sb, var);
			p += n;
		} else if (at && p[n] == '.') {
			zt_strbuf_addf(&sb, "%s->", var);
			p += n + 1;
		} else if (at && p >= line + 7 && !strncmp(p - 7, "sizeof(", 7) && p[n] == ')') {
			zt_strbuf_addf(&sb, "*%s", var);
			p += n;
		} else {
			zt_strbuf_add(&sb, p, 1);
			p++;
		}
	}
	return zt_strbuf_detach(&sb, NULL);
}

/*
 * An array's declaration "ELEM VAR[SIZE];" (or "= init;"), SIZE as the
 * source spells it: the line with the attribute, or NULL when @m is not it.
 */
static char *planned_array(const struct site *s, const char *attr, const char *m)
{
	size_t el = zt_array_elem_len(s->type);
	char *elem = xstrndup(s->type, el), *head = squeezef("%s %s[", elem, s->var), *out = NULL;
	size_t n = strlen(head);
	const char *close = !strncmp(m, head, n) ? strchr(m + n, ']') : NULL;

	if (close && (!strcmp(close + 1, ";") || close[1] == '='))
		out = squeezef("%.*s %s;", (int)(close + 1 - m), m, attr ? attr : "");
	free(head);
	free(elem);
	return out;
}

static char *planned_record(const struct site *s, const char *attr, const char *m)
{
	char *want = squeezef("%s %s;", s->type, s->var), *out;
	size_t n = strlen(want) - 1;
	/* with an initializer, which both rewrites drop ("T v={...};") */
	bool init = jstr(json_object_get(s->f->details, "decl"), "explicit_init") &&
		    !strncmp(m, want, n) && m[n] == '=' && m[strlen(m) - 1] == ';';

	/* "T v, *p;": the attribute goes to v's declarator alone */
	if (s->strategy == ZT_FIX_UNINITIALIZED && !strncmp(m, want, n) && m[n] == ',')
		out = squeezef("%s %s %s%s", s->type, s->var, attr ? attr : "", m + n);
	else if (!strcmp(m, want) || init)
		out = s->strategy == ZT_FIX_HOIST ?
			      squeezef("%s *%s = &%s->%s;", s->type, s->var, s->owner_param,
				       s->var) :
			      squeezef("%s %s %s;", s->type, s->var, attr ? attr : "");
	else if (s->strategy == ZT_FIX_HOIST)
		out = hoist_uses(m, s->var);
	else
		out = xstrdup(m);
	free(want);
	return out;
}

/* What the plan turns the removed line @m (squeezed) into. */
static char *planned(const struct site *s, const char *attr, const char *m)
{
	char *a = zt_array_elem_len(s->type) && s->strategy == ZT_FIX_UNINITIALIZED ?
			  planned_array(s, attr, m) : NULL;

	return a ? a : planned_record(s, attr, m);
}

bool fix_same_line(const struct site *s, const char *attr, const char *orig, const char *now)
{
	char *o = squeeze(orig, strlen(orig)), *n = squeeze(now, strlen(now)), *p;
	bool same = !strcmp(o, n);

	if (!same) {
		p = planned(s, attr, o);
		same = !strcmp(p, n);
		free(p);
	}
	free(o);
	free(n);
	return same;
}

static void lines_of(const char *b, const char *e, char c, struct zt_strvec *v)
{
	for (const char *p = b; p < e;) {
		const char *le = memchr(p, '\n', (size_t)(e - p));
		size_t len = le ? (size_t)(le - p) : (size_t)(e - p);

		if (*p == c && !(c == '-' && !strncmp(p, "--- ", 4)) &&
		    !(c == '+' && !strncmp(p, "+++ ", 4)))
			zt_strvec_push_nodup(v, squeeze(p + 1, len - 1));
		p = le ? le + 1 : e;
	}
}

/* No blanks, no comments: a line spatch re-printed around a comment. */
static char *loose(const char *l)
{
	char *o = xmalloc(strlen(l) + 1), *p = o;

	while (*l) {
		if (l[0] == '/' && l[1] == '*' && strstr(l + 2, "*/")) {
			l = strstr(l + 2, "*/") + 2;
			continue;
		}
		if (!isspace((unsigned char)*l))
			*p++ = *l;
		l++;
	}
	*p = '\0';
	return o;
}

/* A line the plan leaves as it is: spatch may re-print it, blanks and comments aside. */
static bool take_loose(struct zt_strvec *v, const char *want)
{
	char *w = loose(want);
	bool hit = false;

	for (size_t i = 0; i < v->n && !hit; i++) {
		char *c = v->v[i] ? loose(v->v[i]) : NULL;

		if (c && !strcmp(c, w)) {
			free(v->v[i]);
			v->v[i] = NULL;
			hit = true;
		}
		free(c);
	}
	free(w);
	return hit;
}

/* Take @want out of @v (once); false when it is not there. */
static bool take(struct zt_strvec *v, const char *want)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i] && !strcmp(v->v[i], want)) {
			free(v->v[i]);
			v->v[i] = NULL;
			return true;
		}
	return false;
}

/*
 * Take from @v the lines that are @want with the new member @field added
 * before its last '}' (an owner defined on one line, "struct r { int a; };";
 * spatch may break the line after the member); false when there are none.
 */
static bool take_with_member(struct zt_strvec *v, const char *want, const char *field)
{
	char *w = loose(want), *f = loose(field), *close = strrchr(w, '}');
	size_t at = close ? (size_t)(close - w) : 0, fl = strlen(f), need = strlen(w) + fl;
	bool hit = false;

	for (size_t i = 0; i < v->n && !hit && close; i++) {
		struct zt_strbuf c = ZT_STRBUF_INIT;
		size_t j = i;

		/* the member's line and the lines spatch broke it into, in order */
		for (; j < v->n && v->v[j] && c.len < need; j++) {
			char *l = loose(v->v[j]);

			zt_strbuf_adds(&c, l);
			free(l);
		}
		hit = c.len == need && c.buf && !strncmp(c.buf, w, at) && !strncmp(c.buf + at, f, fl) &&
		      !strcmp(c.buf + at + fl, close);
		for (size_t k = i; hit && k < j; k++) {
			free(v->v[k]);
			v->v[k] = NULL;
		}
		zt_strbuf_release(&c);
	}
	free(w);
	free(f);
	return hit;
}

int fix_exact(const struct fix_rewriter *rw, const struct site *s, const char *rel,
	      const char *b, const char *e, struct fix_outcome *out)
{
	struct zt_strvec minus = { 0 }, plus = { 0 };
	bool fn_file = !strcmp(rel, s->rel);
	bool owner_file = s->owner_rel && !strcmp(rel, s->owner_rel);
	bool hoist_owner = owner_file && s->strategy == ZT_FIX_HOIST;
	char *field = hoist_owner ? squeezef("%s %s;", s->type, s->var) : NULL;
	bool member_taken = false;
	int ret = 0;

	if (!fn_file && !owner_file)
		return fix_fail(out, "verify", "spatch changed %s, a file the plan for %s in %s() "
				"does not touch", rel, s->var, s->f->function);
	lines_of(b, e, '-', &minus);
	lines_of(b, e, '+', &plus);
	for (size_t i = 0; i < minus.n && !ret; i++) {
		char *t = planned(s, rw->attr, minus.v[i]);

		if (hoist_owner && !strcmp(t, minus.v[i]) && !member_taken &&
		    take_with_member(&plus, t, field)) {
			member_taken = true;
			free(t);
			continue;
		}
		if (!take(&plus, t) && (strcmp(t, minus.v[i]) || !take_loose(&plus, t)))
			ret = fix_fail(out, "verify", "spatch's diff of %s removes '%s' and does not "
				       "put back what the plan makes of it ('%s')", rel,
				       minus.v[i], t);
		free(t);
	}
	if (hoist_owner && !member_taken) {
		/* the one new member (spatch may carry a neighbour's comment onto it) */
		if (!take(&plus, field))
			take_loose(&plus, field);
	}
	for (size_t i = 0; i < plus.n && !ret; i++)
		if (plus.v[i])
			ret = fix_fail(out, "verify", "spatch's diff of %s adds '%s', which is not "
				       "part of the planned rewrite of %s in %s()", rel, plus.v[i],
				       s->var, s->f->function);
	free(field);
	zt_strvec_clear(&minus);
	for (size_t i = 0; i < plus.n; i++)
		free(plus.v[i]);
	free(plus.v);
	return ret;
}
