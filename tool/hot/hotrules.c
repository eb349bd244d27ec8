// SPDX-License-Identifier: GPL-2.0-only
/* Parser of the hot-path rules files (rules/hotpaths/): one directive per line, # comments. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hotrules.h"
#include "strbuf.h"
#include "zerotax.h"

void zt_hotrules_init(struct zt_hotrules *r)
{
	memset(r, 0, sizeof(*r));
	r->min_size = -1;
}

static bool is_ident(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static int parse_line(char *line, const char *path, unsigned int lineno, void *rules)
{
	struct zt_hotrules *r = rules;
	char *p = line, *kw, *arg, *rest;
	struct zt_hotrule *rule;
	unsigned long v;

	kw = zt_next_word(&p);
	if (!kw)
		return 0;
	arg = zt_next_word(&p);
	if (!arg)
		return error("%s:%u: '%s' needs an argument", path, lineno, kw);
	while (*p == ' ' || *p == '\t')
		p++;
	rest = p;
	if (!strcmp(kw, "min-size") || !strcmp(kw, "budget")) {
		if (zt_parse_uint(arg, 1UL << 30, &v) || *rest)
			return error("%s:%u: '%s' takes one number", path, lineno, kw);
		if (kw[0] == 'm') {
			r->min_size = (long long)v;
		} else {
			if (!v)
				return error("%s:%u: budget must be at least 1", path, lineno);
			r->budget = (unsigned int)v;
		}
		return 0;
	}
	if (!is_ident(arg))
		return error("%s:%u: '%s' is not a function name", path, lineno, arg);
	ZT_ALLOC_GROW(r->v, r->n + 1, r->alloc);
	rule = &r->v[r->n];
	memset(rule, 0, sizeof(*rule));
	if (!strcmp(kw, "root"))
		rule->kind = ZT_RULE_ROOT;
	else if (!strcmp(kw, "per-packet"))
		rule->kind = ZT_RULE_PER_PACKET;
	else if (!strcmp(kw, "cold"))
		rule->kind = ZT_RULE_COLD;
	else
		return error("%s:%u: unknown directive '%s' (root, per-packet, cold, min-size, budget)",
			     path, lineno, kw);
	rule->func = xstrdup(arg);
	rule->why = *rest ? xstrdup(rest) : NULL;
	rule->line = lineno;
	r->n++;
	return 0;
}

int zt_hotrules_parse(const char *text, const char *path, struct zt_hotrules *r)
{
	return zt_rules_each_line(text, path, parse_line, r);
}

int zt_hotrules_load(const char *path, struct zt_hotrules *r)
{
	char *text;
	int ret;

	if (zt_rules_read(path, &text))
		return -1;
	ret = zt_hotrules_parse(text, path, r);
	free(text);
	return ret;
}

void zt_hotrules_release(struct zt_hotrules *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].func);
		free(r->v[i].why);
	}
	free(r->v);
	zt_hotrules_init(r);
}
