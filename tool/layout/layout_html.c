// SPDX-License-Identifier: GPL-2.0-only
/*
 * The layout audit page: the picture pahole users draw by hand. A struct is
 * a stack of cache-line rows; a row is a run of segments, one per member
 * piece, hole or padding, as wide as its bytes. The byte map comes from the
 * layout model (zt_placement_map()), so the picture shows what the numbers
 * count: a row holding a hot byte is one line of the hot span.
 */
#include <string.h>

#include "layout_html.h"
#include "zerotax.h"

/* Rows drawn per layout: beyond this a struct is summarized, not drawn. */
#define MAX_ROWS 1024

static void esc(struct zt_strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			zt_strbuf_adds(sb, "&amp;");
			break;
		case '<':
			zt_strbuf_adds(sb, "&lt;");
			break;
		case '>':
			zt_strbuf_adds(sb, "&gt;");
			break;
		case '"':
			zt_strbuf_adds(sb, "&quot;");
			break;
		case '\'':
			zt_strbuf_adds(sb, "&#39;");
			break;
		default:
			zt_strbuf_add(sb, s, 1);
		}
	}
}

void zt_layout_html_init(struct zt_layout_html *h, unsigned int cacheline)
{
	memset(h, 0, sizeof(*h));
	h->cacheline = cacheline ? cacheline : 64;
}

void zt_layout_html_release(struct zt_layout_html *h)
{
	zt_strbuf_release(&h->nav);
	zt_strbuf_release(&h->body);
}

/* "cq", or "#3 (union)" for an unnamed top-level member, as the suggested order names it. */
static void member_label(struct zt_strbuf *sb, const struct zt_layout *l, int i)
{
	const struct zt_member *m = &l->m[i];
	size_t top = 0;

	if (m->name[0]) {
		esc(sb, m->name);
		return;
	}
	for (int j = 0; j < i; j++)
		top += l->m[j].parent < 0;
	zt_strbuf_addf(sb, "#%zu (%s)", top, m->kind == ZT_MEMBER_UNION ? "union" :
		       m->kind == ZT_MEMBER_STRUCT ? "struct" : "bitfield");
}

enum seg_class { SEG_HOT, SEG_POLL, SEG_COLD, SEG_HOLE, SEG_PAD, SEG_BEYOND };

static const char *const seg_names[] = {
	[SEG_HOT] = "hot", [SEG_POLL] = "poll", [SEG_COLD] = "cold",
	[SEG_HOLE] = "hole", [SEG_PAD] = "pad", [SEG_BEYOND] = "beyond",
};

static enum seg_class byte_class(const struct zt_byte_map *map, unsigned long b)
{
	if (b >= map->size)
		return SEG_BEYOND;
	if (map->owner[b] < 0)
		return b >= map->used ? SEG_PAD : SEG_HOLE;
	if (map->hot[b] >= ZT_FREQ_PER_BATCH)
		return SEG_HOT;
	if (map->hot[b] == ZT_FREQ_PER_POLL)
		return SEG_POLL;
	return SEG_COLD;
}

static bool same_run(const struct zt_byte_map *map, unsigned long a, unsigned long b)
{
	if (a >= map->size || b >= map->size)
		return a >= map->size && b >= map->size;
	return map->owner[a] == map->owner[b] && byte_class(map, a) == byte_class(map, b);
}

/*
 * By access and path (issue 27): a hot member written per packet is "w" and
 * "w-PATH" for each path writing it (a stripe of the path's colour), one no
 * hot path writes "r" (read-mostly); "k-KIND" for each access kind seen.
 */
static void access_classes(struct zt_strbuf *sb, const struct zt_struct_report *rep, int o,
			   enum seg_class cls)
{
	unsigned int w = rep->member_writes[o] & ZT_PATH_HOT, r = rep->member_reads[o] & ZT_PATH_HOT;

	if (cls != SEG_HOT && cls != SEG_POLL)
		return;
	if (w)
		zt_strbuf_adds(sb, " w");
	else if (r)
		zt_strbuf_adds(sb, " r");
	for (unsigned int bit = ZT_PATH_RX; bit <= ZT_PATH_OTHER; bit <<= 1)
		if (w & bit)
			zt_strbuf_addf(sb, " w-%s", zt_path_name(bit));
	for (unsigned int k = 0; k < ZT_ACCESS_KINDS; k++)
		if (rep->member_kinds[o] & (1U << k))
			zt_strbuf_addf(sb, " k-%u", k);
}

static void access_title(struct zt_strbuf *sb, const struct zt_struct_report *rep, int o,
			 enum seg_class cls)
{
	unsigned int w = rep->member_writes[o] & ZT_PATH_HOT, r = rep->member_reads[o] & ZT_PATH_HOT;
	char buf[96];
	bool first = true;

	if (cls != SEG_HOT && cls != SEG_POLL)
		return;
	if (w)
		zt_strbuf_addf(sb, "; written on %s", zt_paths_str(w, buf, sizeof(buf)));
	else if (r)
		zt_strbuf_adds(sb, "; read-mostly");
	if (r)
		zt_strbuf_addf(sb, "; read on %s", zt_paths_str(r, buf, sizeof(buf)));
	for (unsigned int k = 0; k < ZT_ACCESS_KINDS; k++)
		if (rep->member_kinds[o] & (1U << k)) {
			zt_strbuf_addf(sb, "%s%s", first ? "; " : ", ", zt_access_kind_name(k));
			first = false;
		}
}

static void segment(struct zt_strbuf *sb, const struct zt_struct_report *rep,
		    const struct zt_byte_map *map, unsigned long b, unsigned long e,
		    unsigned long row_start)
{
	enum seg_class cls = byte_class(map, b);
	int o = b < map->size ? map->owner[b] : -1;
	double width = 100.0 * (double)(e - b) / rep->l->cacheline;

	zt_strbuf_addf(sb, "<span class=\"seg %s", seg_names[cls]);
	if (o >= 0)
		access_classes(sb, rep, o, cls);
	zt_strbuf_addf(sb, "\" style=\"width:%.4f%%\" title=\"", width);
	if (o >= 0) {
		member_label(sb, rep->l, o);
		zt_strbuf_addf(sb, ": bytes %lu-%lu", b, e - 1);
		if (cls == SEG_HOT || cls == SEG_POLL)
			zt_strbuf_addf(sb, ", %s", cls == SEG_HOT ? "per-packet" : "per-poll");
		access_title(sb, rep, o, cls);
	} else if (cls == SEG_BEYOND) {
		zt_strbuf_adds(sb, "past the end");
	} else {
		zt_strbuf_addf(sb, "%s: %lu bytes at %lu", cls == SEG_PAD ? "padding" : "hole",
			       e - b, b);
	}
	zt_strbuf_adds(sb, "\">");
	/* a name where the member starts, and again at the start of each row it fills */
	if (o >= 0 && (b == row_start || !b || map->owner[b - 1] != o))
		member_label(sb, rep->l, o);
	zt_strbuf_adds(sb, "</span>");
}

/* One layout (@p NULL: now, as pahole printed it) as rows of cache lines. */
static void draw(struct zt_strbuf *sb, const struct zt_struct_report *rep,
		 const struct zt_placement *p, const char *which, const char *caption)
{
	struct zt_byte_map map;
	unsigned int cl = rep->l->cacheline;
	unsigned long size = p ? p->size : rep->l->sum.size;
	unsigned long rows = (size + cl - 1) / cl;

	zt_placement_map(rep, p, &map);
	zt_strbuf_addf(sb, "<figure class=\"layout\" data-layout=\"%s\" data-size=\"%lu\" "
		       "data-lines=\"%u\" data-hot-span=\"%u\">\n<figcaption>", which, size,
		       p ? p->lines : rep->l->lines, p ? p->hot_span : rep->hot_span);
	esc(sb, caption);
	zt_strbuf_addf(sb, ": %lu bytes, %u cache lines, hot span %u</figcaption>\n", size,
		       p ? p->lines : rep->l->lines, p ? p->hot_span : rep->hot_span);
	if (!map.size || rows > MAX_ROWS) {
		zt_strbuf_addf(sb, "<p class=\"skipped\">not drawn: %lu cache lines</p>\n", rows);
		goto out;
	}
	for (unsigned long k = 0; k < rows; k++) {
		unsigned long b = k * cl, end = b + cl;
		bool hot = false;

		for (unsigned long x = b; x < end && x < map.size; x++)
			hot |= map.hot[x] >= ZT_FREQ_PER_POLL;
		zt_strbuf_addf(sb, "<div class=\"line%s\" data-line=\"%lu\"><span class=\"off\">%lu"
			       "</span><div class=\"bytes\">", hot ? " hotline" : "", k, b);
		while (b < end) {
			unsigned long e = b + 1;

			while (e < end && same_run(&map, b, e))
				e++;
			segment(sb, rep, &map, b, e, k * cl);
			b = e;
		}
		zt_strbuf_adds(sb, "</div></div>\n");
	}
out:
	zt_strbuf_adds(sb, "</figure>\n");
	zt_byte_map_release(&map);
}

static void numbers_row(struct zt_strbuf *sb, const char *what, unsigned long size,
			unsigned int lines, unsigned int span, unsigned long holes)
{
	zt_strbuf_addf(sb, "<tr><th scope=\"row\">%s</th><td>%lu</td><td>%u</td><td>%u</td>"
		       "<td>%lu</td></tr>\n", what, size, lines, span, holes);
}

void zt_layout_html_add(struct zt_layout_html *h, const struct zt_struct_report *rep)
{
	const struct zt_layout *l = rep->l;
	const char *kind = l->is_typedef ? "" : l->is_union ? "union " : "struct ";
	struct zt_strbuf *sb = &h->body;
	unsigned int id = h->n++;

	zt_strbuf_addf(&h->nav, "<li><a href=\"#s%u\">%s", id, kind);
	esc(&h->nav, l->name);
	zt_strbuf_addf(&h->nav, "</a> %lu bytes, %u lines, hot span %u", l->sum.size, l->lines,
		       rep->hot_span);
	if (rep->have_suggestion)
		zt_strbuf_addf(&h->nav, " &rarr; %lu bytes, %u lines, hot span %u",
			       rep->suggested.size, rep->suggested.lines, rep->suggested.hot_span);
	zt_strbuf_adds(&h->nav, "</li>\n");

	zt_strbuf_addf(sb, "<section class=\"record\" id=\"s%u\" data-record=\"", id);
	esc(sb, l->name);
	zt_strbuf_addf(sb, "\" data-size=\"%lu\" data-lines=\"%u\" data-hot-span=\"%u\">\n<h2>%s",
		       l->sum.size, l->lines, rep->hot_span, kind);
	esc(sb, l->name);
	zt_strbuf_adds(sb, "</h2>\n<p class=\"where\">");
	if (l->decl_file) {
		esc(sb, l->decl_file);
		zt_strbuf_addf(sb, ":%u", l->decl_line);
	}
	if (rep->object) {
		zt_strbuf_adds(sb, l->decl_file ? " &middot; " : "");
		esc(sb, rep->object);
	}
	zt_strbuf_addf(sb, "</p>\n<p>%u hot fields, %lu hot bytes: at least %u cache line%s; "
		       "alignment %lu</p>\n", rep->hot_fields, rep->hot_bytes, rep->min_hot_span,
		       rep->min_hot_span == 1 ? "" : "s", rep->align);
	zt_strbuf_adds(sb, "<table class=\"numbers\">\n<tr><th></th><th scope=\"col\">size</th>"
		       "<th scope=\"col\">cache lines</th><th scope=\"col\">hot span</th>"
		       "<th scope=\"col\">holes (bytes)</th></tr>\n");
	numbers_row(sb, "now", l->sum.size, l->lines, rep->hot_span, l->sum.sum_holes);
	if (rep->have_suggestion)
		numbers_row(sb, "suggested", rep->suggested.size, rep->suggested.lines,
			    rep->suggested.hot_span, rep->suggested.holes);
	zt_strbuf_adds(sb, "</table>\n");
	if (!rep->have_suggestion) {
		zt_strbuf_adds(sb, "<p class=\"nosuggestion\">no reorder suggested");
		if (rep->why_unverified) {
			zt_strbuf_adds(sb, ": ");
			esc(sb, rep->why_unverified);
		}
		zt_strbuf_adds(sb, "</p>\n");
	}
	zt_strbuf_adds(sb, "<div class=\"layouts\">\n");
	draw(sb, rep, NULL, "current", "now (pahole)");
	if (rep->have_suggestion)
		draw(sb, rep, &rep->suggested, "suggested", "suggested order (predicted)");
	zt_strbuf_adds(sb, "</div>\n</section>\n");
}

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222}\n"
	"h2{margin-top:2em;font-family:monospace}\n"
	".where{color:#666;font-family:monospace;font-size:90%}\n"
	"table.numbers{border-collapse:collapse;margin:.5em 0}\n"
	"table.numbers td,table.numbers th{border:1px solid #ccc;padding:2px 8px;"
	"text-align:right}\n"
	".layouts{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}\n"
	"figure.layout{margin:0;min-width:28em;flex:1}\n"
	"figcaption{font-weight:bold;margin-bottom:.3em}\n"
	".line{display:flex;align-items:center;height:16px;margin-bottom:1px}\n"
	".off{width:4.5em;font:10px monospace;text-align:right;padding-right:4px;color:#888}\n"
	".hotline .off{color:#b2182b;font-weight:bold}\n"
	".bytes{display:flex;flex:1;height:100%;outline:1px solid #999}\n"
	".seg{box-sizing:border-box;height:100%;overflow:hidden;white-space:nowrap;"
	"font:10px monospace;padding-left:1px;border-right:1px solid #fff}\n"
	".hot{background:#d6604d;color:#fff}\n"
	".poll{background:#f4a582}\n"
	".cold{background:#d1e5f0}\n"
	/* by access and path: written per packet darker, a stripe per writing path */
	".hot.w{background:#b2182b}\n.poll.w{background:#d6604d}\n"
	".hot.r{background:#f46d43}\n.poll.r{background:#fdae61}\n"
	".w-rx{border-bottom:4px solid #2166ac}\n.w-tx{border-top:4px solid #1b7837}\n"
	".w-completion{border-bottom:4px solid #762a83}\n.w-other{border-top:4px solid #444}\n"
	".hole{background:repeating-linear-gradient(45deg,#fff 0 3px,#999 3px 5px)}\n"
	".pad{background:repeating-linear-gradient(-45deg,#fff 0 3px,#ccc 3px 5px)}\n"
	".beyond{background:none}\n"
	".legend span{display:inline-block;padding:0 6px;margin-right:6px;font-size:90%}\n"
	"pre{background:#f6f6f6;padding:1em;overflow-x:auto;font-size:85%}\n";

void zt_layout_html_write(const struct zt_layout_html *h, const char *title, const char *findings,
			  FILE *out)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
	      out);
	{
		struct zt_strbuf t = ZT_STRBUF_INIT;

		esc(&t, title);
		fputs(t.buf ? t.buf : "", out);
		fputs("</title>\n<style>\n", out);
		fputs(style, out);
		fputs("</style>\n</head>\n<body>\n<h1>", out);
		fputs(t.buf ? t.buf : "", out);
		zt_strbuf_release(&t);
	}
	fprintf(out, "</h1>\n<p>%u struct%s, %u-byte cache lines: one row per line. A row with a "
		"hot byte (bold offset) is one line of the hot span.</p>\n<p class=\"legend\">"
		"<span class=\"hot\">per-packet</span><span class=\"poll\">per-poll</span>"
		"<span class=\"cold\">cold</span><span class=\"hole\">hole</span>"
		"<span class=\"pad\">padding</span></p>\n<p class=\"legend\">by who writes: "
		"<span class=\"seg hot w\">written per packet</span><span class=\"seg hot r\">"
		"read-mostly</span><span class=\"seg hot w w-rx\">written on rx</span>"
		"<span class=\"seg hot w w-tx\">on tx</span><span class=\"seg hot w w-completion\">"
		"on the tx completion</span></p>\n<ul class=\"toc\">\n", h->n,
		h->n == 1 ? "" : "s", h->cacheline);
	fputs(h->nav.buf ? h->nav.buf : "", out);
	fputs("</ul>\n", out);
	fputs(h->body.buf ? h->body.buf : "", out);
	if (findings) {
		struct zt_strbuf t = ZT_STRBUF_INIT;

		esc(&t, findings);
		fputs("<section id=\"findings\">\n<h2>Findings</h2>\n<pre>", out);
		fputs(t.buf ? t.buf : "", out);
		fputs("</pre>\n</section>\n", out);
		zt_strbuf_release(&t);
	}
	fputs("</body>\n</html>\n", out);
}
