// SPDX-License-Identifier: GPL-2.0-only
/* C source text as fix reads and edits it: braces, definitions, lines. */
#include <ctype.h>
#include <string.h>

#include "fixtext.h"
#include "fixtree.h"
#include "zerotax.h"

unsigned int zt_line_of(const char *text, const char *at)
{
	unsigned int n = 1;

	for (const char *p = text; p < at; p++)
		n += *p == '\n';
	return n;
}

/* The matching close brace of the open brace at @open; skips comments and strings. */
const char *zt_match_brace(const char *open)
{
	int depth = 0;

	for (const char *p = open; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			p = strstr(p + 2, "*/");
			if (!p)
				return NULL;
			p++;
		} else if (p[0] == '/' && p[1] == '/') {
			p = strchr(p, '\n');
			if (!p)
				return NULL;
		} else if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p && *p != q; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return NULL;
		} else if (*p == '{') {
			depth++;
		} else if (*p == '}' && !--depth) {
			return p;
		}
	}
	return NULL;
}

/* "struct NAME {" (any spacing) at the start of a line: the definition of @type. */
const char *zt_find_definition(const char *text, const char *type)
{
	const char *name = strchr(type, ' ') + 1;
	size_t kw = (size_t)(name - type - 1), nl = strlen(name);

	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *p = l;

		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, type, kw) || (p[kw] != ' ' && p[kw] != '\t'))
			continue;
		p += kw;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, name, nl))
			continue;
		p += nl;
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (*p == '{')
			return l;
	}
	return NULL;
}

/* Back over the comment block that documents the definition starting at @l. */
const char *zt_with_leading_comment(const char *text, const char *l)
{
	while (l > text) {
		const char *prev = l - 1, *p;

		while (prev > text && prev[-1] != '\n')
			prev--;
		p = prev;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, "/*", 2) || !strncmp(p, "*", 1) || !strncmp(p, "//", 2))
			l = prev;
		else
			break;
	}
	return l;
}

/* The definition's text: its comment, the braces, up to the end of the ";" line. */
int zt_definition_span(const char *text, const char *def, const char **start,
			   const char **end)
{
	const char *open = strchr(def, '{'), *close = open ? zt_match_brace(open) : NULL;
	const char *semi = close ? strchr(close, ';') : NULL;
	const char *eol = semi ? strchr(semi, '\n') : NULL;

	if (!eol)
		return -1;
	*start = zt_with_leading_comment(text, def);
	*end = eol + 1;
	return 0;
}

char *zt_text_splice(const char *text, size_t at, size_t del, const char *ins)
{
	size_t tl = strlen(text), il = strlen(ins);
	char *s = xmalloc(tl - del + il + 1);

	memcpy(s, text, at);
	memcpy(s + at, ins, il);
	memcpy(s + at + il, text + at + del, tl - at - del + 1);
	return s;
}

/* The body of the definition of @fn: from its "{" to the matching "}". */
bool zt_function_body(const char *text, const char *fn, const char **b, const char **e)
{
	size_t n = strlen(fn);

	for (const char *p = strstr(text, fn); p; p = strstr(p + 1, fn)) {
		const char *q = p + n, *close;

		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(')
			continue;
		close = q;
		for (int depth = 0; *close; close++) {
			if (*close == '(')
				depth++;
			else if (*close == ')' && !--depth)
				break;
		}
		if (!*close)
			return false;
		q = close + 1;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '{')
			continue;
		*b = q;
		*e = zt_match_brace(q);
		return *e != NULL;
	}
	return false;
}

/* The names the report and the JSON use (fixtree.h). */
const char *zt_fix_strategy_name(enum zt_fix_strategy s)
{
	switch (s) {
	case ZT_FIX_HOIST:
		return "hoist";
	case ZT_FIX_UNINITIALIZED:
		return "uninitialized";
	default:
		return "auto";
	}
}

const char *zt_fix_status_name(enum zt_fix_status s)
{
	switch (s) {
	case ZT_FIX_APPLIED:
		return "applied";
	case ZT_FIX_REFUSED:
		return "refused";
	default:
		return "not-applicable";
	}
}

unsigned int zt_line_again(const char *orig, const char *now, const char *fn, unsigned int line,
			   bool (*same)(const char *was, const char *line, size_t len, void *arg),
			   void *arg)
{
	const char *ob, *oe, *nb, *ne, *p;
	unsigned int best = 0, dist = ~0u, ofs, from;
	char *was;

	if (!zt_function_body(orig, fn, &ob, &oe) || !zt_function_body(now, fn, &nb, &ne))
		return 0;
	from = zt_line_of(orig, ob);
	if (line < from || line > zt_line_of(orig, oe))
		return 0;
	ofs = line - from;
	for (p = orig; line > 1 && p; line--)
		p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
	if (!p)
		return 0;
	was = xstrndup(p, strcspn(p, "\n"));
	from = zt_line_of(now, nb);
	for (p = nb; p && p < ne; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		unsigned int l = zt_line_of(now, p);
		unsigned int d = l - from > ofs ? l - from - ofs : ofs - (l - from);

		if (d < dist && same(was, p, strcspn(p, "\n"), arg)) {
			dist = d;
			best = l;
		}
	}
	free(was);
	return best;
}
