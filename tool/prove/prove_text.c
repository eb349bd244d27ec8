// SPDX-License-Identifier: GPL-2.0-only
/* prove: the pure pieces on text (unit-tested): trace diffs, sparse warnings, path remapping. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "baseline.h"
#include "cmdline.h"
#include "compdb.h"
#include "emit.h"
#include "fixtree.h"
#include "process.h"
#include "prove.h"
#include "prove_int.h"

/* --- pure pieces (unit-tested) -------------------------------------------- */

char *zt_trace_first_diff(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, line = 1, start = 0, ea, eb;

	while (i < alen && i < blen && a[i] == b[i]) {
		if (a[i] == '\n') {
			line++;
			start = i + 1;
		}
		i++;
	}
	if (i == alen && i == blen)
		return NULL;
	for (ea = start; ea < alen && a[ea] != '\n'; ea++)
		;
	for (eb = start; eb < blen && b[eb] != '\n'; eb++)
		;
	if (start >= alen)
		return xasprintf("line %zu: baseline ended, transformed '%.*s'", line,
				 (int)(eb - start), b + start);
	if (start >= blen)
		return xasprintf("line %zu: baseline '%.*s', transformed ended", line,
				 (int)(ea - start), a + start);
	return xasprintf("line %zu: baseline '%.*s' vs transformed '%.*s'", line,
			 (int)(ea - start), a + start, (int)(eb - start), b + start);
}

/*
 * "DIR/en_rx.c:12:5: warning: x" -> "<tree>/en_rx.c: warning: x": the tree's
 * directory and the line:column out, so the same warning matches after a
 * rewrite moved it.
 */
static char *normalize_warning(const char *line, size_t len, const char *dir)
{
	size_t dlen = strlen(dir);
	char *s, *out;
	const char *p;

	if (dlen && len >= dlen && !strncmp(line, dir, dlen))
		s = xasprintf("<tree>%.*s", (int)(len - dlen), line + dlen);
	else
		s = xstrndup(line, len);
	/* Drop ":N:M" (or ":N") right after the file name. */
	p = strstr(s, ": ");
	if (p) {
		const char *q = p;

		while (q > s && (q[-1] == ':' || (q[-1] >= '0' && q[-1] <= '9')))
			q--;
		if (q < p && *q == ':') {
			out = xasprintf("%.*s%s", (int)(q - s), s, p);
			free(s);
			return out;
		}
	}
	return s;
}

static char **split_normalized(const char *text, const char *dir, size_t *n)
{
	char **v = NULL;
	const char *p = text, *nl;

	*n = 0;
	while (p && *p) {
		nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len) {
			v = xrealloc(v, (*n + 1) * sizeof(*v));
			v[(*n)++] = normalize_warning(p, len, dir);
		}
		p = nl ? nl + 1 : NULL;
	}
	return v;
}

char *zt_sparse_new_warnings(const char *baseline, const char *base_dir,
			     const char *transformed, const char *xf_dir)
{
	size_t nb, nt;
	char **b = split_normalized(baseline, base_dir, &nb);
	char **t = split_normalized(transformed, xf_dir, &nt);
	char *out = NULL;

	for (size_t i = 0; i < nt; i++) {
		bool matched = false;

		for (size_t j = 0; j < nb && !matched; j++) {
			if (b[j] && !strcmp(b[j], t[i])) {
				/* Each baseline warning excuses one transformed one. */
				free(b[j]);
				b[j] = NULL;
				matched = true;
			}
		}
		if (!matched) {
			char *o = xasprintf("%s%s\n", out ? out : "", t[i]);

			free(out);
			out = o;
		}
	}
	for (size_t j = 0; j < nb; j++)
		free(b[j]);
	for (size_t i = 0; i < nt; i++)
		free(t[i]);
	free(b);
	free(t);
	return out;
}

/* A path ends here: "/", a separator, or the end; not "-foo" or "2". */
static bool path_ends(char c)
{
	return !c || c == '/' || c == ' ' || c == '"' || c == '\'' || c == ':' || c == ',';
}

char *zt_remap_path_string(const char *s, const char *from, const char *to)
{
	size_t flen = strlen(from);
	char *out = NULL;
	size_t olen = 0;
	FILE *mem;

	if (!flen)
		return xstrdup(s);
	mem = open_memstream(&out, &olen);
	if (!mem)
		return NULL;
	while (*s) {
		if (!strncmp(s, from, flen) && path_ends(s[flen])) {
			fputs(to, mem);
			s += flen;
		} else {
			fputc(*s++, mem);
		}
	}
	fclose(mem);
	return out;
}

int zt_json_remap_paths(json_t *j, const char *from, const char *to)
{
	const char *key;
	json_t *v;
	size_t i;

	if (json_is_string(j)) {
		char *r = zt_remap_path_string(json_string_value(j), from, to);

		if (!r)
			return -1;
		json_string_set(j, r);
		free(r);
	} else if (json_is_object(j)) {
		json_object_foreach(j, key, v)
			if (zt_json_remap_paths(v, from, to))
				return -1;
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, v)
			if (zt_json_remap_paths(v, from, to))
				return -1;
	}
	return 0;
}
