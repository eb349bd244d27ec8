// SPDX-License-Identifier: GPL-2.0-only
/*
 * gcc's -fdump-tree-optimized(-lineno) output: every zeroing that survived
 * optimization is still a call of the internal function .DEFERRED_INIT, in the
 * function it ended up in (after inlining), e.g. with -lineno:
 *
 *   ;; Function rx (rx, funcdef_no=1, decl_uid=1613, cgraph_uid=2, symbol_order=1)
 *     [rx.c:13:24] mxbuf = .DEFERRED_INIT (72, 2, [rx.c:13:24] &"mxbuf"[0]);
 *     [rx.c:12:6] [rx.c:12:6] (*vla.1_16) = .DEFERRED_INIT (_3, 2, [rx.c:12:6] &"vla"[0]);
 *
 * The location is the variable's declaration; the size is a constant or, for
 * a VLA, an SSA name.
 */
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "zerotax.h"

static const char *line_end(const char *p)
{
	const char *e = strchr(p, '\n');

	return e ? e : p + strlen(p);
}

/* "[file:line:col]" or "[file:line:col discrim N]" at @p; returns the end or NULL. */
static const char *parse_loc(const char *p, const char *end, struct zt_autoinit_site *s)
{
	const char *close, *stop, *c2, *c1;

	if (*p != '[')
		return NULL;
	close = memchr(p, ']', (size_t)(end - p));
	if (!close)
		return NULL;
	stop = close;
	for (const char *q = p + 1; q < close; q++)
		if (!strncmp(q, " discrim ", 9)) {
			stop = q;
			break;
		}
	for (c2 = stop - 1; c2 > p && *c2 != ':'; c2--)
		;
	for (c1 = c2 - 1; c1 > p && *c1 != ':'; c1--)
		;
	if (c1 <= p + 1)
		return NULL;
	if (s && !s->file) {
		s->file = xstrndup(p + 1, (size_t)(c1 - p - 1));
		s->line = (unsigned int)strtoul(c1 + 1, NULL, 10);
		s->column = (unsigned int)strtoul(c2 + 1, NULL, 10);
	}
	return close + 1;
}

static int parse_deferred(const char *p, const char *end, const char *function,
			  unsigned int lineno, struct zt_evidence *ev)
{
	const char *call = strstr(p, ".DEFERRED_INIT (");
	struct zt_autoinit_site *s;
	const char *q, *name, *name_end;
	char *num_end;
	long long size;

	if (!call || call >= end)
		return 0;
	if (!function)
		return error("gcc dump line %u: .DEFERRED_INIT outside a function", lineno);

	s = zt_evidence_add_site(ev);
	s->function = xstrdup(function);
	/* the statement's own location comes first (sometimes twice) */
	while (*p == ' ' || *p == '\t')
		p++;
	while (*p == '[' && (q = parse_loc(p, end, s)))
		p = q + (q[0] == ' ');

	q = call + strlen(".DEFERRED_INIT (");
	size = strtoll(q, &num_end, 10);
	if (num_end != q && *num_end == ',') {
		s->bytes = size;
		s->var_size = size;	/* gcc keeps a zeroing whole or drops it */
	} else {
		s->bytes = ZT_BYTES_UNKNOWN;	/* VLA: an SSA name such as _3 */
	}

	name = strstr(q, "&\"");
	if (name && name < end) {
		name += 2;
		name_end = memchr(name, '"', (size_t)(end - name));
		if (!name_end)
			return error("gcc dump line %u: unterminated variable name", lineno);
		s->var = xstrndup(name, (size_t)(name_end - name));
	}
	return 0;
}

int zt_gcc_dump_parse(const char *text, struct zt_evidence *ev)
{
	const char *p = text, *end;
	char *function = NULL;
	unsigned int lineno = 0;
	size_t first = ev->n_sites;
	int ret = 0;

	for (; *p; p = *end ? end + 1 : end) {
		end = line_end(p);
		lineno++;
		if (!strncmp(p, ";; Function ", 12)) {
			const char *n = p + 12, *ne = n;

			while (ne < end && *ne != ' ')
				ne++;
			if (ne == n) {
				ret = error("gcc dump line %u: function header without a name", lineno);
				break;
			}
			free(function);
			function = zt_source_function_name(n, (size_t)(ne - n));
			continue;
		}
		ret = parse_deferred(p, end, function, lineno, ev);
		if (ret)
			break;
	}
	free(function);
	if (ret) {
		while (ev->n_sites > first) {
			struct zt_autoinit_site *s = &ev->sites[--ev->n_sites];

			free(s->function);
			free(s->var);
			free(s->file);
		}
	}
	return ret;
}
