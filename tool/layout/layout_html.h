/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The layout audit as one self-contained HTML page (no external assets):
 * each struct drawn as cache lines, one row per line, hot bytes coloured,
 * holes and padding marked, now and in the suggested order, with the
 * numbers. Every name is escaped.
 */
#ifndef ZT_LAYOUT_HTML_H
#define ZT_LAYOUT_HTML_H

#include <stdio.h>

#include "layout.h"
#include "strbuf.h"

struct zt_layout_html {
	struct zt_strbuf nav, body;
	unsigned int n;		/* structs added */
	unsigned int cacheline;
};

void zt_layout_html_init(struct zt_layout_html *h, unsigned int cacheline);
/* One audited struct (rendered now: @rep may be released afterwards). */
void zt_layout_html_add(struct zt_layout_html *h, const struct zt_struct_report *rep);
/* The page: the structs, then @findings (the text report, NULL: none). */
void zt_layout_html_write(const struct zt_layout_html *h, const char *title, const char *findings,
			  FILE *out);
void zt_layout_html_release(struct zt_layout_html *h);

#endif /* ZT_LAYOUT_HTML_H */
