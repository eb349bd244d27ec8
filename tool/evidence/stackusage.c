// SPDX-License-Identifier: GPL-2.0-only
/*
 * -fstack-usage files, one function a line, tab separated:
 *   gcc-12:   rx.c:11:5:rx	304	static
 *   clang-19: rx.c:11:rx	280	static
 * The qualifier is static, dynamic or dynamic,bounded.
 */
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "zerotax.h"

/* "file:line:col" (gcc) or "file:line" (clang) before the function name */
static void parse_location(const char *p, const char *end, struct zt_frame_size *f)
{
	const char *c[2] = { NULL, NULL };
	int n = 0;
	char *e;

	for (const char *q = end - 1; q > p && n < 2; q--) {
		if (*q == ':')
			c[n++] = q;
		else if (*q < '0' || *q > '9')
			break;
	}
	/* c[0] is the last colon before @end; with two, c[1] ends the file name */
	if (n == 2) {
		f->file = xstrndup(p, (size_t)(c[1] - p));
		f->line = (unsigned int)strtoul(c[1] + 1, &e, 10);
	} else if (n == 1) {
		f->file = xstrndup(p, (size_t)(c[0] - p));
		f->line = (unsigned int)strtoul(c[0] + 1, &e, 10);
	}
}

static int parse_line(const char *p, const char *end, unsigned int lineno,
		      struct zt_evidence *ev)
{
	const char *tab1, *tab2, *colon, *qual;
	struct zt_frame_size *f;
	char *num_end;
	long long bytes;

	tab1 = memchr(p, '\t', (size_t)(end - p));
	if (!tab1)
		return error("stack usage line %u: no tab-separated frame size", lineno);
	for (colon = tab1; colon > p && colon[-1] != ':'; colon--)
		;
	if (colon == p || colon == tab1)
		return error("stack usage line %u: no function name", lineno);
	bytes = strtoll(tab1 + 1, &num_end, 10);
	if (num_end == tab1 + 1 || bytes < 0 || *num_end != '\t')
		return error("stack usage line %u: bad frame size", lineno);
	tab2 = num_end;
	qual = tab2 + 1;
	if (strncmp(qual, "static", 6) && strncmp(qual, "dynamic", 7))
		return error("stack usage line %u: unknown qualifier", lineno);

	f = zt_evidence_add_frame(ev);
	f->function = zt_source_function_name(colon, (size_t)(tab1 - colon));
	parse_location(p, colon - 1, f);
	f->bytes = bytes;
	f->dynamic = !strncmp(qual, "dynamic", 7);
	return 0;
}

int zt_stack_usage_parse(const char *text, struct zt_evidence *ev)
{
	size_t first = ev->n_frames;
	unsigned int lineno = 0;
	const char *p, *end;
	int ret = 0;

	for (p = text; *p; p = *end ? end + 1 : end) {
		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		lineno++;
		if (end == p)
			continue;
		ret = parse_line(p, end, lineno, ev);
		if (ret)
			break;
	}
	if (ret)
		while (ev->n_frames > first)
			{
				struct zt_frame_size *f = &ev->frames[--ev->n_frames];

				free(f->function);
				free(f->file);
			}
	return ret;
}
