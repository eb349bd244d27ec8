// SPDX-License-Identifier: GPL-2.0-only
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "baseline.h"
#include "suppress.h"
#include "zerotax.h"

static const char *skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The reason after "--", up to the end of the comment or line; NULL when empty. */
static char *take_reason(const char *p)
{
	const char *end;

	p = skip_space(p);
	end = strstr(p, "*/");
	if (!end)
		end = p + strcspn(p, "\n");
	while (end > p && isspace((unsigned char)end[-1]))
		end--;
	return end > p ? xstrndup(p, (size_t)(end - p)) : NULL;
}

static bool names_check(const char *list, size_t len, const struct zt_check *check)
{
	char *copy = xstrndup(list, len), *save, *tok;
	bool hit = false;

	for (tok = strtok_r(copy, ", \t", &save); tok && !hit; tok = strtok_r(NULL, ", \t", &save))
		hit = !strcmp(tok, "all") || zt_check_by_name(tok) == check;
	free(copy);
	return hit;
}

int zt_inline_allow(const char *line, const struct zt_check *check, char **reason)
{
	const char *p = line;

	*reason = NULL;
	while ((p = strstr(p, "zerotax:"))) {
		const char *q = skip_space(p + strlen("zerotax:")), *names, *dash, *stop;

		p += strlen("zerotax:");
		if (strncmp(q, "allow", 5) || !isspace((unsigned char)q[5]))
			continue;
		names = skip_space(q + 5);
		stop = strstr(names, "*/");
		if (!stop)
			stop = names + strcspn(names, "\n");
		dash = strstr(names, "--");
		if (dash && dash > stop)
			dash = NULL;
		if (!names_check(names, (size_t)((dash ? dash : stop) - names), check))
			continue;
		if (!dash || !(*reason = take_reason(dash + 2)))
			return -1;
		return 1;
	}
	return 0;
}

static char *part_or_null(const char *s, size_t n)
{
	if (n == 0 || (n == 1 && s[0] == '*'))
		return NULL;
	return xstrndup(s, n);
}

/* One non-empty line "CHECK PATH[:FUNCTION[:SYMBOL]] -- reason" into @r. */
static int parse_allow_line(char *p, const char *origin, unsigned int lineno,
			    struct zt_allow_rule *r)
{
	char *name, *loc, *save, *dash = strstr(p, "--");
	const char *c1, *c2;

	r->reason = dash ? take_reason(dash + 2) : NULL;
	if (!r->reason)
		return error("%s:%u: suppression without a reason (add '-- why')", origin, lineno);
	*dash = '\0';
	name = strtok_r(p, " \t", &save);
	loc = strtok_r(NULL, " \t", &save);
	if (!name || !loc || strtok_r(NULL, " \t", &save))
		return error("%s:%u: expected 'CHECK PATH[:FUNCTION[:SYMBOL]] -- reason'", origin,
			     lineno);
	if (strcmp(name, "all") && !(r->check = zt_check_by_name(name)))
		return error("%s:%u: unknown check '%s'", origin, lineno, name);
	c1 = strchr(loc, ':');
	c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	r->path = part_or_null(loc, c1 ? (size_t)(c1 - loc) : strlen(loc));
	if (c1)
		r->function = part_or_null(c1 + 1, c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1));
	if (c2)
		r->symbol = part_or_null(c2 + 1, strlen(c2 + 1));
	r->origin = xasprintf("%s:%u", origin, lineno);
	return 0;
}

int zt_allow_parse(const char *text, const char *origin, struct zt_allow *allow)
{
	unsigned int lineno = 0;
	const char *line = text;
	int ret = 0;

	while (!ret && line && *line) {
		const char *eol = strchr(line, '\n');
		char *buf = xstrndup(line, eol ? (size_t)(eol - line) : strlen(line));
		char *p = (char *)skip_space(buf);

		lineno++;
		line = eol ? eol + 1 : NULL;
		if (*p && *p != '#') {
			ZT_ALLOC_GROW(allow->v, allow->n + 1, allow->alloc);
			memset(&allow->v[allow->n], 0, sizeof(*allow->v));
			/* Counted even on failure so zt_allow_release() frees the partial rule. */
			ret = parse_allow_line(p, origin, lineno, &allow->v[allow->n++]);
		}
		free(buf);
	}
	return ret;
}

int zt_allow_load(const char *path, struct zt_allow *allow)
{
	char *text;
	int ret;

	if (zt_read_file(path, &text, NULL))
		return error("cannot read suppressions file %s: %s", path, strerror(errno));
	ret = zt_allow_parse(text, path, allow);
	free(text);
	return ret;
}

void zt_allow_release(struct zt_allow *allow)
{
	for (size_t i = 0; i < allow->n; i++) {
		free(allow->v[i].path);
		free(allow->v[i].function);
		free(allow->v[i].symbol);
		free(allow->v[i].reason);
		free(allow->v[i].origin);
	}
	free(allow->v);
	memset(allow, 0, sizeof(*allow));
}

static bool glob_ok(const char *pattern, const char *s)
{
	return !pattern || (s && !fnmatch(pattern, s, 0));
}

static const struct zt_allow_rule *allow_match(const struct zt_allow *allow,
					       const struct zt_finding *f, const char *root)
{
	const char *rel = zt_relative_path(f->file, root);

	for (size_t i = 0; allow && i < allow->n; i++) {
		const struct zt_allow_rule *r = &allow->v[i];

		if (r->check && r->check != f->check)
			continue;
		if (glob_ok(r->path, rel) && glob_ok(r->function, f->function) &&
		    glob_ok(r->symbol, f->symbol))
			return r;
	}
	return NULL;
}

/* Lines @line-1 and @line of @text (1-based), or NULL past the end. */
static const char *line_start(const char *text, unsigned int line)
{
	const char *p = text;

	for (unsigned int i = 1; i < line && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return p;
}

int zt_findings_suppress(struct zt_findings *fs, const struct zt_allow *allow, const char *root)
{
	int ret = 0;

	for (size_t i = 0; i < fs->n; i++) {
		struct zt_finding *f = &fs->v[i];
		const struct zt_allow_rule *r;
		char *text = NULL;

		if (f->file && f->line && !zt_read_file(f->file, &text, NULL)) {
			/* The finding's own line first, then the one before it. */
			for (unsigned int l = f->line; l + 1 >= f->line && l >= 1; l--) {
				const char *p = line_start(text, l);
				char *one, *reason;
				int found;

				if (!p)
					continue;
				one = xstrndup(p, strcspn(p, "\n"));
				found = zt_inline_allow(one, f->check, &reason);
				free(one);
				if (found < 0) {
					ret = error("%s:%u: 'zerotax: allow %s' without a reason "
						    "(add '-- why')", f->file, l, f->check->name);
					break;
				}
				if (found) {
					f->suppressed = true;
					free(f->suppress_reason);
					f->suppress_reason = reason;
					break;
				}
			}
			free(text);
		}
		if (!f->suppressed && (r = allow_match(allow, f, root))) {
			f->suppressed = true;
			f->suppress_external = true;
			f->suppress_reason = xasprintf("%s (%s)", r->reason, r->origin);
		}
	}
	return ret;
}
