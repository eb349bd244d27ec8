/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the layout audit's parts share: layout_rules.c (hot fields, pools),
 * layout_sim.c (alignment, placement, where hot bytes land), layout_suggest.c
 * (what moves together and the suggested order) and layout.c (the analysis
 * and its findings).
 */
#ifndef ZT_LAYOUT_INT_H
#define ZT_LAYOUT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "layout.h"
#include "zerotax.h"

/* Beyond this a struct is not simulated (a line bitmap per struct stays small). */
#define ZT_LAYOUT_MAX_SIZE (1UL << 24)

static inline unsigned long max_ul(unsigned long a, unsigned long b)
{
	return a > b ? a : b;
}

static inline bool is_hot(enum zt_freq f)
{
	return f >= ZT_FREQ_PER_POLL;
}

/* Member @i is a hot field that no hot field encloses: the one a report names. */
static inline bool outermost_hot_field(const struct zt_struct_report *rep, size_t i)
{
	const struct zt_member *m = &rep->l->m[i];

	if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
		return false;
	return m->parent < 0 || !is_hot(rep->member_freq[m->parent]) ||
	       rep->l->m[m->parent].kind != ZT_MEMBER_FIELD;
}

static inline void add_str(char ***v, size_t *n, const char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = xstrdup(s);
}

static inline bool has_str(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

/*
 * Bytes of member @m an access makes hot: an array bigger than a cache line
 * (a descriptor ring, a page cache) is hot where it is indexed, not in its
 * whole length: one element, at most one line (which one is not known; the
 * first stands for it).
 */
static inline unsigned long hot_length(const struct zt_member *m, unsigned int cl)
{
	unsigned long len = m->end - m->start, elem;

	if (m->kind != ZT_MEMBER_FIELD || !m->n_dims || !m->elems || len <= cl)
		return len;
	elem = len / m->elems;
	return elem && elem < cl ? elem : cl;
}
/* layout_sim.c */
char *zt_lay_bare_type(const char *t);
unsigned long zt_lay_scalar_size(const char *t);
/* rep->member_align[] and rep->align, embedded types looked up in @types */
void zt_lay_aligns(struct zt_struct_report *rep, const struct zt_layouts *types);
unsigned long zt_lay_new_start(const struct zt_struct_report *rep, const struct zt_placement *p,
			       int i);
unsigned long zt_lay_new_end(const struct zt_struct_report *rep, const struct zt_placement *p,
			     int i);
void zt_lay_embedded_hot(struct zt_struct_report *rep, const struct zt_layouts *types);
size_t zt_lay_hot_extents(const struct zt_struct_report *rep, int i, unsigned long start,
			  unsigned long end, unsigned long (*out)[2], size_t max);
/* rep->hot_bytes: distinct hot bytes (union arms overlap) */
void zt_lay_count_hot_bytes(struct zt_struct_report *rep);
unsigned int zt_lay_member_hot_lines(const struct zt_struct_report *rep, int i);
unsigned long zt_lay_member_hot_bytes(const struct zt_struct_report *rep, int i);
unsigned int zt_lay_span_of(const struct zt_struct_report *rep, const struct zt_placement *p,
			    bool current);
void zt_lay_place(const struct zt_struct_report *rep, const int *order, size_t n,
		  struct zt_placement *p);
void zt_lay_placement_release(struct zt_placement *p);

/* The roots (CPUs) writing, reading member @i per packet; a rules file's: its paths. */
static inline unsigned int wroots_of(const struct zt_struct_report *rep, int i)
{
	return rep->member_wroots[i] ? rep->member_wroots[i] : rep->member_writes[i] & ZT_PATH_HOT;
}

static inline unsigned int rroots_of(const struct zt_struct_report *rep, int i)
{
	return rep->member_rroots[i] ? rep->member_rroots[i] : rep->member_reads[i] & ZT_PATH_HOT;
}

/* layout_paths.c: reads and writes by path */
void zt_lay_note_groups(const struct zt_struct_report *rep, struct zt_finding *f);
json_t *zt_lay_paths_json(unsigned int paths);
json_t *zt_lay_kinds_json(unsigned int kinds);
json_t *zt_lay_groups_json(const struct zt_struct_report *rep);
json_t *zt_lay_shared_lines_json(const struct zt_struct_report *rep);

/* layout_suggest.c */
size_t zt_lay_count_tops(const struct zt_layout *l);
/* rep->packed, rep->suggested and rep->have_suggestion */
void zt_lay_suggest(struct zt_struct_report *rep);

#endif /* ZT_LAYOUT_INT_H */
