// SPDX-License-Identifier: GPL-2.0-only
/*
 * Layout rules: which fields are hot and how often (from rules files and the
 * AST pass), which records are pools, and the group limits.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "layout_int.h"
#include "strbuf.h"
#include "zerotax.h"

/* ---- rules: hot fields, pools, group limits ---------------------------- */

static bool parse_freq(const char *s, enum zt_freq *f)
{
	if (!strcmp(s, "per-packet"))
		*f = ZT_FREQ_PER_PACKET;
	else if (!strcmp(s, "per-poll"))
		*f = ZT_FREQ_PER_POLL;
	else if (!strcmp(s, "cold"))
		*f = ZT_FREQ_COLD;
	else
		return false;
	return true;
}

void zt_layout_rules_add_access(struct zt_layout_rules *r, const char *record, const char *field,
				enum zt_freq freq, unsigned int reads, unsigned int writes,
				unsigned int kinds)
{
	struct zt_hot_field *h;

	ZT_ALLOC_GROW(r->hot, r->n_hot + 1, r->alloc_hot);
	h = &r->hot[r->n_hot++];
	h->record = xstrdup(zt_record_basename(record));
	h->field = xstrdup(field);
	h->freq = freq;
	h->reads = reads;
	h->writes = writes;
	h->kinds = kinds;
	/* by hand: each path is its own CPU */
	h->read_roots = reads & ZT_PATH_HOT;
	h->write_roots = writes & ZT_PATH_HOT;
}

void zt_layout_rules_add_use(struct zt_layout_rules *r, const struct zt_field_use *fu)
{
	struct zt_hot_field *h;

	zt_layout_rules_add_access(r, fu->record, fu->field, fu->freq, fu->read_paths,
				   fu->write_paths, fu->kinds);
	h = &r->hot[r->n_hot - 1];
	h->read_roots = fu->read_roots;
	h->write_roots = fu->write_roots;
}

void zt_layout_rules_add_hot(struct zt_layout_rules *r, const char *record, const char *field,
			     enum zt_freq freq)
{
	zt_layout_rules_add_access(r, record, field, freq, 0, 0, 0);
}

/* "read=rx,tx" or "write=completion" after a hot field's frequency. */
static int parse_paths(const char *tok, unsigned int *reads, unsigned int *writes)
{
	unsigned int p;

	if (!strncmp(tok, "read=", 5) && !zt_paths_parse(tok + 5, &p)) {
		*reads |= p;
		return 0;
	}
	if (!strncmp(tok, "write=", 6) && !zt_paths_parse(tok + 6, &p)) {
		*writes |= p;
		return 0;
	}
	return -1;
}

int zt_layout_rules_parse(const char *text, const char *name, struct zt_layout_rules *r)
{
	char *copy = xstrdup(text), *save = NULL, *line;
	unsigned int lineno = 0;
	int ret = 0;
	const char *s = copy;

	/* strtok_r would skip empty lines and lose line numbers: split by hand */
	for (char *p = copy; s && ret == 0; s = p) {
		char *tok[8];
		int nt = 0;

		p = strchr(s, '\n');
		if (p)
			*p++ = '\0';
		lineno++;
		line = (char *)s;
		if (strchr(line, '#'))
			*strchr(line, '#') = '\0';
		for (char *t = strtok_r(line, " \t\r", &save); t && nt < 8;
		     t = strtok_r(NULL, " \t\r", &save))
			tok[nt++] = t;
		if (!nt)
			continue;
		if (nt >= 4 && nt <= 6 && (!strcmp(tok[0], "struct") || !strcmp(tok[0], "union"))) {
			enum zt_freq f;
			unsigned int reads = 0, writes = 0;

			if (!parse_freq(tok[3], &f)) {
				ret = error("%s:%u: unknown frequency '%s' (per-packet, per-poll, cold)",
					    name, lineno, tok[3]);
				break;
			}
			for (int t = 4; t < nt && !ret; t++)
				if (parse_paths(tok[t], &reads, &writes))
					ret = error("%s:%u: cannot read '%s' (read=PATHS or write=PATHS, "
						    "PATHS of rx, tx, completion, control, other)",
						    name, lineno, tok[t]);
			if (ret)
				break;
			zt_layout_rules_add_access(r, tok[1], tok[2], f, reads, writes, 0);
		} else if (nt == 3 && !strcmp(tok[0], "pool") &&
			   (!strcmp(tok[1], "struct") || !strcmp(tok[1], "union"))) {
			add_str(&r->pools, &r->n_pools, tok[2]);
		} else if (nt == 5 && !strcmp(tok[0], "group") && !strcmp(tok[1], "struct")) {
			unsigned long max;
			struct zt_group_limit *g;

			if (zt_parse_uint(tok[4], 1UL << 30, &max) < 0) {
				ret = error("%s:%u: bad group size '%s'", name, lineno, tok[4]);
				break;
			}
			ZT_ALLOC_GROW(r->groups, r->n_groups + 1, r->alloc_groups);
			g = &r->groups[r->n_groups++];
			g->record = xstrdup(tok[2]);
			g->group = xstrdup(tok[3]);
			g->max_bytes = max;
		} else if (nt == 2 && !strcmp(tok[0], "hot")) {
			add_str(&r->hot_funcs, &r->n_hot_funcs, tok[1]);
		} else {
			ret = error("%s:%u: cannot read '%s' (expected 'struct NAME FIELD FREQ', "
				    "'pool struct NAME', 'group struct NAME GROUP BYTES' or 'hot FUNC')",
				    name, lineno, tok[0]);
		}
	}
	free(copy);
	return ret;
}

int zt_layout_rules_load(const char *path, struct zt_layout_rules *r)
{
	char *data;
	size_t len;
	int ret;

	if (zt_read_file(path, &data, &len) < 0)
		return error("cannot read '%s': %m", path);
	if (memchr(data, '\0', len)) {
		free(data);
		return error("%s: binary file", path);
	}
	ret = zt_layout_rules_parse(data, path, r);
	free(data);
	return ret;
}

void zt_layout_rules_add_uses(struct zt_layout_rules *r, const struct zt_field_uses *u)
{
	for (size_t i = 0; i < u->n; i++) {
		const struct zt_field_use *fu = &u->v[i];

		if (fu->freq == ZT_FREQ_UNKNOWN)
			continue;
		zt_layout_rules_add_use(r, fu);
	}
}

void zt_layout_rules_release(struct zt_layout_rules *r)
{
	for (size_t i = 0; i < r->n_hot; i++) {
		free(r->hot[i].record);
		free(r->hot[i].field);
	}
	free(r->hot);
	for (size_t i = 0; i < r->n_pools; i++)
		free(r->pools[i]);
	free(r->pools);
	for (size_t i = 0; i < r->n_groups; i++) {
		free(r->groups[i].record);
		free(r->groups[i].group);
	}
	free(r->groups);
	for (size_t i = 0; i < r->n_hot_funcs; i++)
		free(r->hot_funcs[i]);
	free(r->hot_funcs);
	memset(r, 0, sizeof(*r));
}

enum zt_freq zt_layout_rules_freq(const struct zt_layout_rules *r, const char *record,
				  const char *field)
{
	enum zt_freq f = ZT_FREQ_UNKNOWN;

	record = zt_record_basename(record);
	for (size_t i = 0; i < r->n_hot; i++)
		if (!strcmp(r->hot[i].record, record) && !strcmp(r->hot[i].field, field) &&
		    r->hot[i].freq > f)
			f = r->hot[i].freq;
	return f;
}

bool zt_layout_rules_is_pool(const struct zt_layout_rules *r, const char *record)
{
	record = zt_record_basename(record);
	for (size_t i = 0; i < r->n_pools; i++)
		if (!strcmp(r->pools[i], record))
			return true;
	return false;
}

size_t zt_layout_rules_records(const struct zt_layout_rules *r, char ***out)
{
	char **v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < r->n_hot; i++)
		if (!has_str(v, n, r->hot[i].record))
			add_str(&v, &n, r->hot[i].record);
	for (size_t i = 0; i < r->n_pools; i++)
		if (!has_str(v, n, r->pools[i]))
			add_str(&v, &n, r->pools[i]);
	for (size_t i = 0; i < r->n_groups; i++)
		if (!has_str(v, n, r->groups[i].record))
			add_str(&v, &n, r->groups[i].record);
	*out = v;
	return n;
}

void zt_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}
