// SPDX-License-Identifier: GPL-2.0-only
/* The layouts pahole printed, as a model: release, lookups by name and member path, dumps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pahole.h"
#include "pahole_int.h"
#include "zerotax.h"

void zt_layouts_release(struct zt_layouts *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		zt_pahole_layout_free(&ls->v[i]);
	free(ls->v);
	for (size_t i = 0; i < ls->n_td; i++) {
		free(ls->td[i].name);
		free(ls->td[i].target);
	}
	free(ls->td);
	for (size_t i = 0; i < ls->n_not_found; i++)
		free(ls->not_found[i]);
	free(ls->not_found);
	for (size_t i = 0; i < ls->n_skipped; i++) {
		free(ls->skipped[i].type);
		free(ls->skipped[i].text);
		free(ls->skipped[i].why);
	}
	free(ls->skipped);
	memset(ls, 0, sizeof(*ls));
}

const char *zt_record_basename(const char *name)
{
	if (!strncmp(name, "struct ", 7))
		name += 7;
	else if (!strncmp(name, "union ", 6))
		name += 6;
	while (*name == ' ')
		name++;
	return name;
}

const struct zt_layout *zt_layouts_find(const struct zt_layouts *ls, const char *name)
{
	name = zt_record_basename(name);
	for (size_t i = 0; i < ls->n; i++)
		if (!strcmp(ls->v[i].name, name))
			return &ls->v[i];
	return NULL;
}

/* Find @name among the children of @parent, looking through anonymous bodies. */
static int find_child(const struct zt_layout *l, int parent, const char *name, size_t len)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];

		if (m->parent != parent)
			continue;
		if (strlen(m->name) == len && !strncmp(m->name, name, len) && len)
			return (int)i;
		if (!m->name[0] && m->kind != ZT_MEMBER_FIELD) {
			int r = find_child(l, (int)i, name, len);

			if (r >= 0)
				return r;
		}
	}
	return -1;
}

int zt_layout_member(const struct zt_layout *l, const char *path)
{
	int cur = -1;

	while (*path) {
		size_t len = strcspn(path, ".");

		cur = find_child(l, cur, path, len);
		if (cur < 0)
			return -1;
		path += len;
		if (*path == '.')
			path++;
		/* a.b where a is an embedded named type: a is as deep as we can see */
		if (*path && l->m[cur].kind == ZT_MEMBER_FIELD)
			return cur;
	}
	return cur;
}

int zt_layout_top(const struct zt_layout *l, int i)
{
	while (i >= 0 && l->m[i].parent >= 0)
		i = l->m[i].parent;
	return i;
}

/* A canonical rendering of the model: tests compare parses with it. */
void zt_layout_dump(const struct zt_layout *l, FILE *fp)
{
	const struct zt_layout_summary *s = &l->sum;

	fprintf(fp, "%s %s%s aligned=%lu packed=%d lines=%u\n", l->is_union ? "union" : "struct",
		l->name, l->is_typedef ? " (typedef)" : "", l->aligned, l->packed, l->lines);
	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];

		fprintf(fp, "%*s[%zu] parent=%d %s '%s' '%s' off=%lu size=%lu", m->depth * 2, "", i,
			m->parent, m->kind == ZT_MEMBER_FIELD ? "field" :
			m->kind == ZT_MEMBER_UNION ? "union" : "struct", m->type, m->name,
			m->offset, m->size);
		if (m->bitfield || !m->has_offset)
			fprintf(fp, " bits=%u+%u%s", m->bit_offset, m->bit_size,
				m->has_offset ? "" : " (no offset)");
		if (m->aligned)
			fprintf(fp, " aligned=%lu", m->aligned);
		if (m->n_dims)
			fprintf(fp, " dims=%u elems=%lu%s%s", m->n_dims, m->elems,
				m->flexible ? " flexible" : "", m->zero_length ? " zero-length" : "");
		if (m->func_ptr)
			fprintf(fp, " func-ptr");
		if (m->unprintable)
			fprintf(fp, " unprintable");
		if (m->group_begin)
			fprintf(fp, " group-begin=%s", m->group_begin);
		if (m->group_end)
			fprintf(fp, " group-end=%s", m->group_end);
		if (m->hole_after)
			fprintf(fp, " hole=%lu", m->hole_after);
		if (m->bit_hole_after)
			fprintf(fp, " bit-hole=%u", m->bit_hole_after);
		if (m->inner_padding)
			fprintf(fp, " inner-padding=%lu", m->inner_padding);
		if (m->combined_next)
			fprintf(fp, " combined-next");
		fprintf(fp, " bytes=[%lu,%lu) lines=%u-%u\n", m->start, m->end, m->first_line,
			m->last_line);
	}
	fprintf(fp, "summary size=%lu cachelines=%lu members=%lu sum_members=%lu holes=%lu "
		"sum_holes=%lu bitfield_bits=%lu bit_holes=%lu sum_bit_holes=%lu padding=%lu "
		"paddings=%lu sum_paddings=%lu bit_padding=%lu forced=%lu forced_holes=%lu "
		"sum_forced_holes=%lu last_cacheline=%lu brain_fart=%d\n",
		s->size, s->cachelines, s->members, s->sum_members, s->holes, s->sum_holes,
		s->sum_bitfield_bits, s->bit_holes, s->sum_bit_holes, s->padding, s->paddings,
		s->sum_paddings, s->bit_padding, s->forced_alignments, s->forced_holes,
		s->sum_forced_holes, s->last_cacheline, s->brain_fart);
}

void zt_layouts_dump(const struct zt_layouts *ls, FILE *fp)
{
	for (size_t i = 0; i < ls->n; i++)
		zt_layout_dump(&ls->v[i], fp);
	for (size_t i = 0; i < ls->n_td; i++)
		fprintf(fp, "typedef '%s' '%s'\n", ls->td[i].target, ls->td[i].name);
	for (size_t i = 0; i < ls->n_not_found; i++)
		fprintf(fp, "not found '%s'\n", ls->not_found[i]);
	for (size_t i = 0; i < ls->n_skipped; i++)
		fprintf(fp, "skipped '%s' line %u: %s\n", ls->skipped[i].type ? ls->skipped[i].type : "",
			ls->skipped[i].line, ls->skipped[i].why);
}
