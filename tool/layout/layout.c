// SPDX-License-Identifier: GPL-2.0-only
/*
 * Layout audit: hot spans, bloat, array strides, cache-line groups, and a
 * hotness-aware reorder whose size, lines and hot span come from our own
 * placement of the members (SysV x86-64 rules), validated on the current
 * order against pahole before anything is predicted.
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

/* ---- analysis ------------------------------------------------------------ */

static void mark_hot(struct zt_struct_report *rep, int i, enum zt_freq f)
{
	const struct zt_layout *l = rep->l;

	/* the member, everything inside it, and its enclosing bodies */
	for (size_t j = i; j < l->n; j++) {
		if (j != (size_t)i && l->m[j].depth <= l->m[i].depth)
			break;
		if (rep->member_freq[j] < f)
			rep->member_freq[j] = f;
	}
	for (int p = l->m[i].parent; p >= 0; p = l->m[p].parent)
		if (rep->member_freq[p] < f)
			rep->member_freq[p] = f;
}

/* Who reads and writes member @i per packet: it, what is inside it, its enclosing bodies. */
static void mark_access(struct zt_struct_report *rep, int i, const struct zt_hot_field *hf)
{
	const struct zt_layout *l = rep->l;

	for (size_t j = i; j < l->n; j++) {
		if (j != (size_t)i && l->m[j].depth <= l->m[i].depth)
			break;
		rep->member_reads[j] |= hf->reads;
		rep->member_writes[j] |= hf->writes;
		rep->member_kinds[j] |= hf->kinds;
		rep->member_rroots[j] |= hf->read_roots;
		rep->member_wroots[j] |= hf->write_roots;
	}
	for (int p = l->m[i].parent; p >= 0; p = l->m[p].parent) {
		rep->member_reads[p] |= hf->reads;
		rep->member_writes[p] |= hf->writes;
		rep->member_kinds[p] |= hf->kinds;
		rep->member_rroots[p] |= hf->read_roots;
		rep->member_wroots[p] |= hf->write_roots;
	}
}

static void why(struct zt_struct_report *rep, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void why(struct zt_struct_report *rep, const char *fmt, ...)
{
	va_list ap;

	if (rep->why_unverified)
		return;
	va_start(ap, fmt);
	rep->why_unverified = xvasprintf(fmt, ap);
	va_end(ap);
}

/* Mark the members the rules name for @rep's record hot. */
static void take_hot_fields(struct zt_struct_report *rep, const struct zt_layout_rules *rules)
{
	const struct zt_layout *l = rep->l;

	for (size_t h = 0; rules && h < rules->n_hot; h++) {
		const struct zt_hot_field *hf = &rules->hot[h];
		int i;

		if (strcmp(hf->record, l->name))
			continue;
		i = zt_layout_member(l, hf->field);
		if (i < 0) {
			/*
			 * The AST may name a field of a nested body by its own name
			 * ("frags" for wqe.frags in an anonymous union): every member
			 * so named is taken, which errs towards hot.
			 */
			const char *leaf = strrchr(hf->field, '.');
			bool any = false;

			leaf = leaf ? leaf + 1 : hf->field;
			for (size_t j = 0; j < l->n; j++) {
				if (strcmp(l->m[j].name, leaf))
					continue;
				any = true;
				mark_access(rep, (int)j, hf);
				if (hf->freq >= ZT_FREQ_PER_POLL)
					mark_hot(rep, (int)j, hf->freq);
			}
			if (!any)
				add_str(&rep->unknown_fields, &rep->n_unknown, hf->field);
			else if (hf->freq >= ZT_FREQ_PER_POLL)
				rep->hot_fields++;
			continue;
		}
		mark_access(rep, i, hf);
		if (hf->freq == ZT_FREQ_COLD || hf->freq == ZT_FREQ_UNKNOWN)
			continue;
		rep->hot_fields++;
		mark_hot(rep, i, hf->freq);
	}
}

/* Where the placement of the current order differs from pahole (NULL: nowhere). */
static char *current_mismatch(const struct zt_struct_report *rep)
{
	const struct zt_layout *l = rep->l;

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];
		unsigned long want;

		if (m->parent >= 0 || !m->has_offset)
			continue;
		want = m->bitfield ? m->offset * 8 + m->bit_offset : m->offset * 8;
		if (rep->current.bit[i] != want)
			return xasprintf("member '%s' placed at bit %lu, pahole says %lu", m->name,
					 rep->current.bit[i], want);
	}
	if (rep->current.size != l->sum.size)
		return xasprintf("size %lu, pahole says %lu", rep->current.size, l->sum.size);
	return NULL;
}

int zt_struct_analyze(const struct zt_layout *l, const char *object, const struct zt_layouts *types,
		      const struct zt_layout_rules *rules, struct zt_struct_report *rep)
{
	size_t nt = zt_lay_count_tops(l), k = 0;
	int *order;

	memset(rep, 0, sizeof(*rep));
	rep->l = l;
	rep->object = object;
	rep->member_align = xcalloc(l->n + 1, sizeof(*rep->member_align));
	rep->member_freq = xcalloc(l->n + 1, sizeof(*rep->member_freq));
	rep->member_hot = xcalloc(l->n + 1, sizeof(*rep->member_hot));
	rep->member_reads = xcalloc(l->n + 1, sizeof(*rep->member_reads));
	rep->member_writes = xcalloc(l->n + 1, sizeof(*rep->member_writes));
	rep->member_kinds = xcalloc(l->n + 1, sizeof(*rep->member_kinds));
	rep->member_rroots = xcalloc(l->n + 1, sizeof(*rep->member_rroots));
	rep->member_wroots = xcalloc(l->n + 1, sizeof(*rep->member_wroots));
	rep->rules = rules;
	rep->pool = rules && zt_layout_rules_is_pool(rules, l->name);
	zt_lay_aligns(rep, types);
	if (l->sum.size > ZT_LAYOUT_MAX_SIZE) {
		why(rep, "larger than %lu bytes: not simulated", ZT_LAYOUT_MAX_SIZE);
		return 0;
	}
	for (size_t i = 0; i < l->n; i++)
		if (l->m[i].end > ZT_LAYOUT_MAX_SIZE) {
			why(rep, "member '%s' ends past %lu bytes: not simulated", l->m[i].name,
			    ZT_LAYOUT_MAX_SIZE);
			return 0;
		}
	take_hot_fields(rep, rules);
	zt_lay_embedded_hot(rep, types);
	zt_lay_count_hot_bytes(rep);
	rep->hot_span = zt_lay_span_of(rep, NULL, true);
	rep->min_hot_span = (unsigned int)((rep->hot_bytes + l->cacheline - 1) / l->cacheline);

	order = xcalloc(nt ? nt : 1, sizeof(*order));
	for (size_t i = 0; i < l->n; i++)
		if (l->m[i].parent < 0)
			order[k++] = (int)i;
	rep->simulatable = !l->is_union && !l->packed && nt > 0;
	for (size_t i = 0; i < l->n; i++)
		if (l->m[i].unprintable) {
			why(rep, "pahole could not print member %zu (an _Atomic type?)", i);
			rep->simulatable = false;
		}
	zt_lay_place(rep, order, nt, &rep->current);
	free(order);
	if (!rep->simulatable) {
		/* packed (wire formats) and empty structs are checked, never reordered */
		bool unprintable = rep->why_unverified;

		if (!l->is_union && !unprintable && (l->packed || !nt)) {
			char *mm = current_mismatch(rep);

			rep->reproduced = !mm;
			free(mm);
		}
		if (!unprintable)
			why(rep, "%s", l->is_union ? "a union" : l->packed ? "a packed struct" :
			    "no members");
		return 0;
	}
	/* our rules must reproduce pahole on the current order before we predict */
	rep->why_unverified = current_mismatch(rep);
	rep->verified = !rep->why_unverified;
	rep->reproduced = rep->verified;
	zt_lay_suggest(rep);
	return 0;
}

void zt_struct_report_release(struct zt_struct_report *rep)
{
	free(rep->member_align);
	free(rep->member_freq);
	for (size_t i = 0; rep->member_hot && rep->l && i < rep->l->n; i++)
		free(rep->member_hot[i].v);
	free(rep->member_hot);
	free(rep->member_reads);
	free(rep->member_writes);
	free(rep->member_kinds);
	free(rep->member_rroots);
	free(rep->member_wroots);
	for (size_t i = 0; i < rep->n_groups; i++) {
		free(rep->groups[i].name);
		free(rep->groups[i].members);
		free(rep->groups[i].why);
	}
	free(rep->groups);
	free(rep->why_unverified);
	zt_names_free(rep->unknown_fields, rep->n_unknown);
	zt_lay_placement_release(&rep->current);
	zt_lay_placement_release(&rep->packed);
	zt_lay_placement_release(&rep->suggested);
	memset(rep, 0, sizeof(*rep));
}

char **zt_placement_names(const struct zt_struct_report *rep, const struct zt_placement *p,
			  size_t *n)
{
	char **v = xcalloc(p->n + 1, sizeof(*v));

	for (size_t i = 0; i < p->n; i++) {
		const struct zt_member *m = &rep->l->m[p->order[i]];

		/* unnamed members are named by position: "#3" is the 4th top-level member */
		if (m->name[0]) {
			v[i] = xstrdup(m->name);
		} else {
			size_t top = 0;

			for (int j = 0; j < p->order[i]; j++)
				top += rep->l->m[j].parent < 0;
			v[i] = xasprintf("#%zu", top);
		}
	}
	*n = p->n;
	return v;
}

void zt_placement_map(const struct zt_struct_report *rep, const struct zt_placement *p,
		      struct zt_byte_map *map)
{
	const struct zt_layout *l = rep->l;
	unsigned long size = p ? p->size : l->sum.size, (*ext)[2] = NULL;

	memset(map, 0, sizeof(*map));
	if (size > ZT_LAYOUT_MAX_SIZE)
		return;
	map->size = size;
	map->owner = xmalloc((size + 1) * sizeof(*map->owner));
	map->hot = xcalloc(size + 1, sizeof(*map->hot));
	for (unsigned long b = 0; b < size; b++)
		map->owner[b] = -1;
	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];
		unsigned long s = p ? zt_lay_new_start(rep, p, (int)i) : m->start;
		unsigned long e = p ? zt_lay_new_end(rep, p, (int)i) : m->end;
		size_t nx;

		if (m->parent < 0) {
			for (unsigned long b = s; b < e && b < size; b++)
				map->owner[b] = (int)i;
			if (e > map->used)
				map->used = e < size ? e : size;
		}
		/* hot bytes as zt_lay_span_of() counts them */
		if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
			continue;
		ext = xrealloc(ext, (rep->member_hot[i].n + 1) * sizeof(*ext));
		nx = zt_lay_hot_extents(rep, (int)i, s, e, ext, rep->member_hot[i].n + 1);
		for (size_t x = 0; x < nx; x++)
			for (unsigned long b = ext[x][0]; b < ext[x][1] && b < size; b++)
				if (map->hot[b] < rep->member_freq[i])
					map->hot[b] = rep->member_freq[i];
	}
	free(ext);
}

void zt_byte_map_release(struct zt_byte_map *map)
{
	free(map->owner);
	free(map->hot);
	memset(map, 0, sizeof(*map));
}

/* ---- findings ------------------------------------------------------------ */

static const char *freq_short(enum zt_freq f)
{
	return zt_freq_name(f);
}

static json_t *placement_json(const struct zt_struct_report *rep, const struct zt_placement *p)
{
	size_t n;
	char **names = zt_placement_names(rep, p, &n);
	json_t *order = json_array(), *offs = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(order, json_string(names[i]));
	zt_names_free(names, n);

	for (size_t i = 0; i < p->n; i++)
		json_array_append_new(offs, json_integer((json_int_t)(p->bit[p->order[i]] / 8)));
	return json_pack("{s:o, s:o, s:I, s:i, s:i, s:I}", "order", order, "offsets", offs,
			 "size", (json_int_t)p->size,
			 "cachelines", (int)p->lines, "hot_span", (int)p->hot_span,
			 "holes", (json_int_t)p->holes);
}

static json_t *report_json(const struct zt_struct_report *rep)
{
	const struct zt_layout *l = rep->l;
	json_t *hot = json_array(), *o;

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];

		if (!outermost_hot_field(rep, i))
			continue;
		json_array_append_new(hot, json_pack("{s:s, s:s, s:I, s:I, s:i, s:I, s:i, s:o, s:o, s:o}",
						     "field", m->name, "frequency",
						     freq_short(rep->member_freq[i]),
						     "offset", (json_int_t)m->start,
						     "size", (json_int_t)(m->end - m->start),
						     "cacheline", (int)m->first_line,
						     "hot_bytes", (json_int_t)zt_lay_member_hot_bytes(rep, (int)i),
						     "hot_lines", (int)zt_lay_member_hot_lines(rep, (int)i),
						     "reads", zt_lay_paths_json(rep->member_reads[i]),
						     "writes", zt_lay_paths_json(rep->member_writes[i]),
						     "access", zt_lay_kinds_json(rep->member_kinds[i])));
	}
	o = json_pack("{s:s, s:s, s:I, s:i, s:I, s:b, s:i, s:i, s:I, s:I, s:I, s:o}",
		      "record", l->name, "object", rep->object ? rep->object : "",
		      "size", (json_int_t)l->sum.size, "cachelines", (int)l->lines,
		      "align", (json_int_t)rep->align, "verified", rep->verified,
		      "hot_span", (int)rep->hot_span, "min_hot_span", (int)rep->min_hot_span,
		      "hot_bytes", (json_int_t)rep->hot_bytes,
		      "holes", (json_int_t)l->sum.sum_holes, "padding", (json_int_t)l->sum.padding,
		      "hot_fields", hot);
	json_object_set_new(o, "packed", rep->simulatable ? placement_json(rep, &rep->packed) :
			    json_null());
	json_object_set_new(o, "suggestion", rep->have_suggestion ?
			    placement_json(rep, &rep->suggested) : json_null());
	if (rep->have_suggestion) {
		json_t *sg = json_object_get(o, "suggestion");

		json_object_set_new(sg, "groups", zt_lay_groups_json(rep));
		json_object_set_new(sg, "mixed_lines", json_integer(rep->mixed_suggested));
		json_object_set_new(sg, "no_room", json_boolean(rep->no_room));
		json_object_set_new(sg, "shared_lines", zt_lay_shared_lines_json(rep));
	}
	json_object_set_new(o, "mixed_lines", json_integer(rep->mixed_now));
	if (rep->why_unverified)
		json_object_set_new(o, "unverified", json_string(rep->why_unverified));
	return o;
}

static struct zt_finding *add(const struct zt_struct_report *rep, enum zt_check_id id,
			      struct zt_findings *fs, double rank)
{
	const struct zt_layout *l = rep->l;
	struct zt_finding *f = zt_findings_add(fs, &zt_checks[id]);
	enum zt_freq best = ZT_FREQ_UNKNOWN;

	f->file = xstrdup(l->decl_file ? l->decl_file : rep->object ? rep->object : "");
	f->line = l->decl_line ? l->decl_line : 1;
	f->column = 1;
	f->symbol = xstrdup(l->name);
	f->type = xasprintf("%s%s", l->is_typedef ? "" : l->is_union ? "union " : "struct ", l->name);
	f->size = (long long)l->sum.size;
	for (size_t i = 0; i < l->n; i++)
		if (rep->member_freq[i] > best)
			best = rep->member_freq[i];
	f->freq = best;
	f->rank = rank;
	f->fingerprint = zt_fingerprint(f, f->type, NULL);
	f->details = report_json(rep);
	return f;
}

static void note_suggestion(const struct zt_struct_report *rep, struct zt_finding *f)
{
	size_t n, len = 0;
	char **names;
	char *s;

	if (!rep->have_suggestion) {
		if (rep->why_unverified)
			zt_finding_add_note(f, "no reorder predicted: %s", rep->why_unverified);
		return;
	}
	names = zt_placement_names(rep, &rep->suggested, &n);
	for (size_t i = 0; i < n; i++)
		len += strlen(names[i]) + 2;
	s = xcalloc(1, len + 1);
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(s, ", ");
		strcat(s, names[i]);
	}
	zt_finding_add_note(f, "suggested order: %s", s);
	zt_finding_add_note(f, "predicted: %lu bytes, %u cache lines, hot span %u (now %lu bytes, "
			    "%u lines, hot span %u)", rep->suggested.size, rep->suggested.lines,
			    rep->suggested.hot_span, rep->l->sum.size, rep->l->lines, rep->hot_span);
	zt_lay_note_groups(rep, f);
	free(s);
	zt_names_free(names, n);
}

static void note_hot_fields(const struct zt_struct_report *rep, struct zt_finding *f)
{
	const struct zt_layout *l = rep->l;

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];

		if (!outermost_hot_field(rep, i))
			continue;
		if (rep->member_hot[i].n)
			zt_finding_add_note(f, "%s struct '%s' at %lu (%lu bytes, lines %u-%u): "
					    "counted as the %lu bytes of its hot members, in %u "
					    "cache line%s", freq_short(rep->member_freq[i]), m->name,
					    m->start, m->end - m->start, m->first_line, m->last_line,
					    zt_lay_member_hot_bytes(rep, (int)i), zt_lay_member_hot_lines(rep, (int)i),
					    zt_lay_member_hot_lines(rep, (int)i) == 1 ? "" : "s");
		else if (hot_length(m, l->cacheline) < m->end - m->start)
			zt_finding_add_note(f, "%s array '%s' at %lu (%lu bytes, lines %u-%u): "
					    "counted as the %lu bytes one access touches",
					    freq_short(rep->member_freq[i]), m->name, m->start,
					    m->end - m->start, m->first_line, m->last_line,
					    hot_length(m, l->cacheline));
		else
			zt_finding_add_note(f, "%s field '%s' at %lu (%lu bytes) in cache line %u%s",
					    freq_short(rep->member_freq[i]), m->name, m->start,
					    m->end - m->start, m->first_line,
					    m->last_line != m->first_line ? " (crosses a line)" : "");
	}
}

static unsigned long group_limit(const struct zt_struct_report *rep, const char *group)
{
	const struct zt_layout_rules *r = rep->rules;

	for (size_t i = 0; r && i < r->n_groups; i++)
		if (!strcmp(zt_record_basename(r->groups[i].record), rep->l->name) &&
		    !strcmp(r->groups[i].group, group))
			return r->groups[i].max_bytes;
	return 0;
}

static void group_findings(const struct zt_struct_report *rep, struct zt_findings *fs)
{
	const struct zt_layout *l = rep->l;
	unsigned int cl = l->cacheline;
	bool any = false;
	struct zt_finding *f = NULL;

	for (size_t i = 0; i < l->n; i++)
		any |= l->m[i].group_begin != NULL;
	if (!any)
		return;
	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *b = &l->m[i], *e = NULL;
		unsigned long bytes, need, took, limit;

		if (!b->group_begin || b->parent >= 0)
			continue;
		for (size_t j = i + 1; j < l->n && !e; j++)
			if (l->m[j].group_end && !strcmp(l->m[j].group_end, b->group_begin))
				e = &l->m[j];
		if (!e || e->offset < b->offset)
			continue;
		bytes = e->offset - b->offset;
		need = (bytes + cl - 1) / cl;
		took = bytes ? (e->offset - 1) / cl - b->offset / cl + 1 : 0;
		limit = group_limit(rep, b->group_begin);
		if (took > need) {
			f = add(rep, ZT_CHECK_LAYOUT_GROUP_ASSERT, fs, (double)(took - need) * cl);
			f->message = xasprintf("cache-line group '%s' of %s (%lu bytes) spans %lu "
					       "cache lines; it fits in %lu", b->group_begin, f->type,
					       bytes, took, need);
			zt_finding_add_note(f, "the group starts at offset %lu, %lu bytes into cache "
					    "line %lu", b->offset, b->offset % cl, b->offset / cl);
		}
		if (limit && bytes > limit) {
			f = add(rep, ZT_CHECK_LAYOUT_GROUP_ASSERT, fs, (double)(bytes - limit));
			f->message = xasprintf("cache-line group '%s' of %s is %lu bytes, more than "
					       "the %lu the rules allow", b->group_begin, f->type,
					       bytes, limit);
		}
	}
	/* hot members outside every group */
	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];
		bool inside = false;

		if (m->parent >= 0 || !is_hot(rep->member_freq[i]) || m->group_begin || m->group_end)
			continue;
		for (size_t g = 0; g < l->n && !inside; g++) {
			const struct zt_member *b = &l->m[g];

			if (!b->group_begin || b->parent >= 0 || g > i)
				continue;
			for (size_t j = g + 1; j < l->n; j++)
				if (l->m[j].group_end && !strcmp(l->m[j].group_end, b->group_begin)) {
					inside = j > i;
					break;
				}
		}
		if (inside)
			continue;
		f = add(rep, ZT_CHECK_LAYOUT_GROUP_ASSERT, fs, (double)(m->end - m->start));
		f->message = xasprintf("%s field '%s' of %s is outside every cache-line group",
				       freq_short(rep->member_freq[i]), m->name[0] ? m->name : "(anonymous)",
				       f->type);
		zt_finding_add_note(f, "at offset %lu in cache line %u", m->start, m->first_line);
		note_suggestion(rep, f);
	}
}

void zt_layout_findings(const struct zt_struct_report *rep, const bool *enabled,
			struct zt_findings *fs)
{
	const struct zt_layout *l = rep->l;
	unsigned int cl = l->cacheline;
	struct zt_finding *f;

	if (enabled[ZT_CHECK_LAYOUT_HOT_SPAN] && rep->hot_fields && rep->hot_span > rep->min_hot_span) {
		unsigned int can = rep->have_suggestion ? rep->suggested.hot_span : rep->min_hot_span;

		f = add(rep, ZT_CHECK_LAYOUT_HOT_SPAN, fs, (double)(rep->hot_span - can) * cl);
		f->message = xasprintf("hot fields of %s (%lu bytes) span %u cache lines; they fit in %u",
				       f->type, rep->hot_bytes, rep->hot_span, rep->min_hot_span);
		note_hot_fields(rep, f);
		note_suggestion(rep, f);
	} else if (enabled[ZT_CHECK_LAYOUT_HOT_SPAN] && rep->hot_fields && rep->mixed_now) {
		/* compact but shared: a line one path writes holds another path's read-mostly fields */
		char *why = NULL;

		zt_layout_mixed_lines(rep, NULL, &why);
		f = add(rep, ZT_CHECK_LAYOUT_HOT_SPAN, fs, (double)rep->mixed_now * cl);
		f->message = xasprintf("hot fields of %s share %u cache line%s between paths: %s",
				       f->type, rep->mixed_now, rep->mixed_now == 1 ? "" : "s",
				       why ? why : "");
		free(why);
		note_hot_fields(rep, f);
		note_suggestion(rep, f);
	}
	if (enabled[ZT_CHECK_LAYOUT_BLOAT] && rep->simulatable && rep->verified &&
	    rep->packed.lines < l->lines) {
		f = add(rep, ZT_CHECK_LAYOUT_BLOAT, fs, (double)(l->lines - rep->packed.lines) * cl);
		f->message = xasprintf("%s takes %u cache lines (%lu bytes, %lu in holes, %lu of "
				       "padding); its members fit in %u (%lu bytes)", f->type, l->lines,
				       l->sum.size, l->sum.sum_holes, l->sum.padding,
				       rep->packed.lines, rep->packed.size);
		note_suggestion(rep, f);
	}
	if (enabled[ZT_CHECK_LAYOUT_ARRAY_STRIDE] && rep->pool && l->sum.size > cl &&
	    l->sum.size % cl) {
		unsigned long fewer = (unsigned long)(l->lines - 1) * cl;

		f = add(rep, ZT_CHECK_LAYOUT_ARRAY_STRIDE, fs, (double)(l->sum.size - fewer));
		f->message = xasprintf("%s is an array/pool element of %lu bytes: %u cache lines per "
				       "element; %lu bytes less (%lu) would take %u", f->type,
				       l->sum.size, l->lines, l->sum.size - fewer, fewer, l->lines - 1);
		if (rep->simulatable && rep->verified)
			zt_finding_add_note(f, "reordering alone reaches %lu bytes (%u lines)%s",
					    rep->packed.size, rep->packed.lines,
					    rep->packed.lines < l->lines ? "" :
					    "; a field has to shrink or move out (not done automatically)");
		if (l->sum.size % cl && cl % 2 == 0)
			zt_finding_add_note(f, "elements of %lu bytes start at varying offsets in a "
					    "line: some touch %u lines", l->sum.size, l->lines + 1);
		note_suggestion(rep, f);
	}
	if (enabled[ZT_CHECK_LAYOUT_GROUP_ASSERT])
		group_findings(rep, fs);
}

void zt_struct_report_print(const struct zt_struct_report *rep, FILE *fp)
{
	const struct zt_layout *l = rep->l;
	size_t n;
	char **names;

	fprintf(fp, "%s %s: %lu bytes, %u cache lines, align %lu, hot span %u (min %u, %lu hot bytes)%s\n",
		l->is_union ? "union" : "struct", l->name, l->sum.size, l->lines, rep->align,
		rep->hot_span, rep->min_hot_span, rep->hot_bytes,
		rep->verified ? "" : " [layout model unverified]");
	if (rep->why_unverified)
		fprintf(fp, "  unverified: %s\n", rep->why_unverified);
	for (size_t i = 0; i < rep->n_unknown; i++)
		fprintf(fp, "  hot field '%s' is not a member\n", rep->unknown_fields[i]);
	if (!rep->simulatable)
		return;
	fprintf(fp, "  packed: %lu bytes, %u cache lines\n", rep->packed.size, rep->packed.lines);
	if (!rep->have_suggestion) {
		fprintf(fp, "  no better order found\n");
		return;
	}
	fprintf(fp, "  suggested: %lu bytes, %u cache lines, hot span %u\n", rep->suggested.size,
		rep->suggested.lines, rep->suggested.hot_span);
	names = zt_placement_names(rep, &rep->suggested, &n);
	for (size_t i = 0; i < n; i++) {
		int m = rep->suggested.order[i];

		fprintf(fp, "    %-32s /* %5lu %5lu */%s\n", names[i], rep->suggested.bit[m] / 8,
			l->m[m].bitfield ? 0UL : l->m[m].size,
			is_hot(rep->member_freq[m]) ? " hot" : "");
	}
	zt_names_free(names, n);
}

size_t zt_layout_referenced_types(const struct zt_layout *l, const struct zt_layouts *known,
				  char ***out)
{
	char **v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];
		char *t;
		const char *name;

		if (m->kind != ZT_MEMBER_FIELD || strchr(m->type, '*') || strchr(m->type, '('))
			continue;
		t = zt_lay_bare_type(m->type);
		if (zt_lay_scalar_size(t) || !strncmp(t, "enum ", 5) || !*t) {
			free(t);
			continue;
		}
		name = zt_record_basename(t);
		if (!strchr(name, ' ') && !(known && zt_layouts_find(known, name)) &&
		    !has_str(v, n, name)) {
			bool td = false;

			for (size_t j = 0; known && j < known->n_td; j++)
				td |= !strcmp(known->td[j].name, name);
			if (!td)
				add_str(&v, &n, name);
		}
		free(t);
	}
	*out = v;
	return n;
}
