// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reads and writes by path (issue 27): which cache lines of a placement mix a
 * field one path writes per packet with a read-mostly field another path
 * reads, and the words and JSON that say why each field went where.
 */
#include <stdlib.h>
#include <string.h>

#include "layout_int.h"
#include "strbuf.h"
#include "zerotax.h"

/* Hot field members whose accesses say who reads or writes them (nested: the outermost hot one). */
static bool path_member(const struct zt_struct_report *rep, size_t i)
{
	return outermost_hot_field(rep, i) &&
	       ((rep->member_reads[i] | rep->member_writes[i]) & ZT_PATH_HOT);
}

struct line_acc {
	unsigned int rm_reads;	/* roots reading the read-mostly fields in the line */
	unsigned int wand;	/* AND of the roots writing the written fields */
	bool written;
};

/*
 * Account member @i in each cache line its hot bytes touch in placement @p:
 * by roots (CPUs), or with @by_path by paths alone.
 */
static void each_line_by(const struct zt_struct_report *rep, const struct zt_placement *p, size_t i,
			 struct line_acc *acc, unsigned int n_lines, bool by_path)
{
	unsigned long s = p ? zt_lay_new_start(rep, p, (int)i) : rep->l->m[i].start;
	unsigned long e = p ? zt_lay_new_end(rep, p, (int)i) : rep->l->m[i].end;
	unsigned long (*ext)[2] = xcalloc(rep->member_hot[i].n + 1, sizeof(*ext));
	size_t nx = zt_lay_hot_extents(rep, (int)i, s, e, ext, rep->member_hot[i].n + 1);
	unsigned int cl = rep->l->cacheline, w = rep->member_writes[i] & ZT_PATH_HOT;

	for (size_t x = 0; x < nx; x++) {
		if (ext[x][1] <= ext[x][0])
			continue;
		for (unsigned long ln = ext[x][0] / cl; ln <= (ext[x][1] - 1) / cl && ln < n_lines;
		     ln++) {
			if (w) {
				unsigned int wr = by_path ? w : wroots_of(rep, (int)i);

				acc[ln].wand = acc[ln].written ? acc[ln].wand & wr : wr;
				acc[ln].written = true;
			} else {
				acc[ln].rm_reads |= by_path ? rep->member_reads[i] & ZT_PATH_HOT :
						    rroots_of(rep, (int)i);
			}
		}
	}
	free(ext);
}

static void each_line(const struct zt_struct_report *rep, const struct zt_placement *p, size_t i,
		      struct line_acc *acc, unsigned int n_lines)
{
	each_line_by(rep, p, i, acc, n_lines, false);
}

static bool in_line(const struct zt_struct_report *rep, const struct zt_placement *p, size_t i,
		    unsigned long ln)
{
	struct line_acc one = { 0 };
	struct line_acc *acc = xcalloc(ln + 2, sizeof(*acc));
	bool hit;

	each_line(rep, p, i, acc, (unsigned int)ln + 1);
	one = acc[ln];
	hit = one.written || one.rm_reads;
	free(acc);
	return hit;
}

/* The first offending pair of line @ln, in words. */
static char *say_line(const struct zt_struct_report *rep, const struct zt_placement *p,
		      unsigned long ln)
{
	const struct zt_layout *l = rep->l;
	char a[96], b[96];

	for (size_t i = 0; i < l->n; i++) {
		unsigned int w = rep->member_writes[i] & ZT_PATH_HOT;

		if (!path_member(rep, i) || !w || !in_line(rep, p, i, ln))
			continue;
		for (size_t j = 0; j < l->n; j++) {
			unsigned int r = rep->member_reads[j] & ZT_PATH_HOT;

			if (j == i || !path_member(rep, j) || (rep->member_writes[j] & ZT_PATH_HOT) ||
			    !(rroots_of(rep, (int)j) & ~wroots_of(rep, (int)i)) || !in_line(rep, p, j, ln))
				continue;
			return xasprintf("cache line %lu holds '%s', written per packet on %s, and "
					 "'%s', read-mostly, read on %s%s", ln, l->m[i].name,
					 zt_paths_str(w, a, sizeof(a)), l->m[j].name,
					 zt_paths_str(r, b, sizeof(b)),
					 (r & ~w) ? "" : " from another CPU (another root)");
		}
	}
	return xasprintf("cache line %lu mixes writers and readers", ln);
}

unsigned int zt_layout_mixed_lines(const struct zt_struct_report *rep, const struct zt_placement *p,
				   char **why)
{
	const struct zt_layout *l = rep->l;
	unsigned long size = p ? p->size : l->sum.size;
	unsigned int cl = l->cacheline, n_lines, mixed = 0;
	struct line_acc *acc;
	long first = -1;

	if (why)
		*why = NULL;
	if (!cl || size > ZT_LAYOUT_MAX_SIZE || !rep->member_reads)
		return 0;
	n_lines = (unsigned int)((size + cl - 1) / cl);
	acc = xcalloc(n_lines + 1, sizeof(*acc));
	for (size_t i = 0; i < l->n; i++)
		if (path_member(rep, i))
			each_line(rep, p, i, acc, n_lines);
	for (unsigned int ln = 0; ln < n_lines; ln++)
		if (acc[ln].written && (acc[ln].rm_reads & ~acc[ln].wand)) {
			mixed++;
			if (first < 0)
				first = ln;
		}
	free(acc);
	if (why && first >= 0)
		*why = say_line(rep, p, (unsigned long)first);
	return mixed;
}

/* "written (++, store) on rx; read on rx,tx" for a member. */
static char *say_access(const struct zt_struct_report *rep, int i)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	unsigned int w = rep->member_writes[i], r = rep->member_reads[i], k = rep->member_kinds[i];
	char buf[96];
	bool first = true;

	if (w & ZT_PATH_HOT) {
		zt_strbuf_addf(&sb, "written per packet on %s", zt_paths_str(w & ZT_PATH_HOT, buf,
									 sizeof(buf)));
		for (int kind = ZT_ACCESS_STORE; kind < ZT_ACCESS_KINDS; kind++)
			if ((k & (1U << kind)) && zt_access_writes((enum zt_access_kind)kind)) {
				zt_strbuf_addf(&sb, "%s%s", first ? " (" : ", ",
					    zt_access_kind_name((unsigned int)kind));
				first = false;
			}
		if (!first)
			zt_strbuf_adds(&sb, ")");
	} else {
		zt_strbuf_adds(&sb, "read-mostly");
	}
	if (r & ZT_PATH_HOT)
		zt_strbuf_addf(&sb, ", read on %s", zt_paths_str(r & ZT_PATH_HOT, buf, sizeof(buf)));
	if ((w | r) & ZT_PATH_CONTROL)
		zt_strbuf_adds(&sb, ", also used on the control path");
	return zt_strbuf_detach(&sb, NULL);
}

void zt_lay_note_groups(const struct zt_struct_report *rep, struct zt_finding *f)
{
	for (size_t g = 0; g < rep->n_groups; g++) {
		const struct zt_path_group *pg = &rep->groups[g];
		unsigned long off = rep->suggested.bit[pg->members[0]] / 8;

		zt_finding_add_note(f, "group '%s' at offset %lu (cache line %lu): %s%s%s", pg->name,
				    off, off / rep->l->cacheline,
				    pg->writes ? "the fields these paths write" :
				    "the hot fields no hot path writes", pg->why ? "; " : "",
				    pg->why ? pg->why : "");
		for (size_t k = 0; k < pg->n; k++) {
			int i = pg->members[k];
			char *a;

			if (!is_hot(rep->member_freq[i]))
				continue;
			a = say_access(rep, i);
			zt_finding_add_note(f, "  '%s' in group '%s': %s", rep->l->m[i].name[0] ?
					    rep->l->m[i].name : "(anonymous)", pg->name, a);
			free(a);
		}
	}
	{
		json_t *sl = zt_lay_shared_lines_json(rep);
		size_t k;
		json_t *v;

		json_array_foreach(sl, k, v)
			zt_finding_add_note(f, "suggested cache line %d holds a field one path writes and "
					    "a read-mostly field another path reads: allowed, %s",
					    (int)json_integer_value(json_object_get(v, "line")),
					    json_string_value(json_object_get(v, "why")));
		json_decref(sl);
	}
	if (rep->n_groups)
		zt_finding_add_note(f, "cold fields last; lines mixing a path's writes with another "
				    "path's read-mostly fields: %u now, %u suggested%s", rep->mixed_now,
				    rep->mixed_suggested, rep->no_room ? " (no room to separate them)" : "");
}

json_t *zt_lay_paths_json(unsigned int paths)
{
	json_t *a = json_array();

	for (unsigned int b = 1; b && b <= ZT_PATH_OTHER; b <<= 1)
		if (paths & b)
			json_array_append_new(a, json_string(zt_path_name(b)));
	return a;
}

json_t *zt_lay_kinds_json(unsigned int kinds)
{
	json_t *a = json_array();

	for (int k = 0; k < ZT_ACCESS_KINDS; k++)
		if (kinds & (1U << k))
			json_array_append_new(a, json_string(zt_access_kind_name((unsigned int)k)));
	return a;
}

json_t *zt_lay_groups_json(const struct zt_struct_report *rep)
{
	json_t *a = json_array();

	for (size_t g = 0; g < rep->n_groups; g++) {
		const struct zt_path_group *pg = &rep->groups[g];
		json_t *m = json_array();

		for (size_t k = 0; k < pg->n; k++)
			json_array_append_new(m, json_string(rep->l->m[pg->members[k]].name));
		json_array_append_new(a, json_pack("{s:s, s:o, s:o, s:b, s:I, s:o, s:o}", "name",
						   pg->name, "writes", zt_lay_paths_json(pg->writes),
						   "reads", zt_lay_paths_json(pg->reads),
						   "line_start", pg->line_start, "offset",
						   (json_int_t)(rep->suggested.bit[pg->members[0]] / 8),
						   "members", m, "why", pg->why ? json_string(pg->why) :
						   json_null()));
	}
	return a;
}

/*
 * Every line of the suggestion where a field one path writes per packet sits
 * with a read-mostly field another path reads, each with why it is allowed:
 * the two paths run under one root (one NAPI instance: one CPU), or there was
 * no room. What the report says, so that nothing of the kind goes unsaid.
 */
json_t *zt_lay_shared_lines_json(const struct zt_struct_report *rep)
{
	const struct zt_placement *p = &rep->suggested;
	unsigned int cl = rep->l->cacheline, n_lines;
	struct line_acc *by_path, *by_root;
	json_t *a = json_array();

	if (!cl || p->size > ZT_LAYOUT_MAX_SIZE || !p->bit)
		return a;
	n_lines = (unsigned int)((p->size + cl - 1) / cl);
	by_path = xcalloc(n_lines + 1, sizeof(*by_path));
	by_root = xcalloc(n_lines + 1, sizeof(*by_root));
	for (size_t i = 0; i < rep->l->n; i++)
		if (path_member(rep, i)) {
			each_line_by(rep, p, i, by_path, n_lines, true);
			each_line_by(rep, p, i, by_root, n_lines, false);
		}
	for (unsigned int ln = 0; ln < n_lines; ln++) {
		bool cpu = by_root[ln].written && (by_root[ln].rm_reads & ~by_root[ln].wand);

		if (!(by_path[ln].written && (by_path[ln].rm_reads & ~by_path[ln].wand)))
			continue;
		json_array_append_new(a, json_pack("{s:i, s:s}", "line", (int)ln, "why", cpu ?
						   "no room to start the written group on its own line" :
						   "the paths run under one root (one NAPI instance, one CPU)"));
	}
	free(by_path);
	free(by_root);
	return a;
}
