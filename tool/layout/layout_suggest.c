// SPDX-License-Identifier: GPL-2.0-only
/*
 * The suggested order: members grouped into units that move together, sorted
 * into blocks (hot group, loose hot, cold groups, loose cold, flexible), then
 * cold units moved back into holes.
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

/* ---- units: what moves together ---------------------------------------- */

struct unit {
	int *idx;		/* top-level member indexes, in order */
	size_t n, alloc;
	unsigned long align;
	unsigned long bytes;
	enum zt_freq freq;
	int group;		/* index into the group names, -1: none */
	int marker;		/* 1: group begin, 2: group end */
	bool flexible;
	bool big_array;		/* an array longer than a line: hot only where indexed */
	size_t orig;
};

struct units {
	struct unit *v;
	size_t n, alloc;
	char **groups;
	size_t n_groups;
};

static int group_id(struct units *us, const char *name)
{
	for (size_t i = 0; i < us->n_groups; i++)
		if (!strcmp(us->groups[i], name))
			return (int)i;
	add_str(&us->groups, &us->n_groups, name);
	return (int)us->n_groups - 1;
}

static struct unit *new_unit(struct units *us)
{
	struct unit *u;

	ZT_ALLOC_GROW(us->v, us->n + 1, us->alloc);
	u = &us->v[us->n];
	memset(u, 0, sizeof(*u));
	u->orig = us->n++;
	u->group = -1;
	return u;
}

static void unit_add(const struct zt_struct_report *rep, struct unit *u, int i)
{
	const struct zt_member *m = &rep->l->m[i];

	ZT_ALLOC_GROW(u->idx, u->n + 1, u->alloc);
	u->idx[u->n++] = i;
	u->align = max_ul(u->align, rep->member_align[i]);
	u->bytes += m->bitfield ? (m->bit_size + 7) / 8 : m->size;
	if (rep->member_freq[i] > u->freq)
		u->freq = rep->member_freq[i];
	if (hot_length(m, rep->l->cacheline) < m->end - m->start || rep->member_hot[i].n)
		u->big_array = true;
}

static void build_units(const struct zt_struct_report *rep, struct units *us)
{
	const struct zt_layout *l = rep->l;
	int cur_group = -1;
	long pending = -1;	/* zero-size markers glue to what follows (an index: v moves) */

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];
		struct unit *u;

		if (m->parent >= 0)
			continue;
		if (m->group_begin || m->group_end) {
			u = new_unit(us);
			unit_add(rep, u, (int)i);
			u->marker = m->group_begin ? 1 : 2;
			u->group = group_id(us, m->group_begin ? m->group_begin : m->group_end);
			cur_group = m->group_begin ? u->group : -1;
			continue;
		}
		if (m->flexible) {
			u = pending >= 0 ? &us->v[pending] : new_unit(us);
			pending = -1;
			unit_add(rep, u, (int)i);
			u->flexible = true;
			u->group = cur_group;
			continue;
		}
		if (m->bitfield && us->n && pending < 0) {
			struct unit *prev = &us->v[us->n - 1];
			const struct zt_member *pm = &l->m[prev->idx[prev->n - 1]];

			if (pm->bitfield && !prev->marker && !prev->flexible) {
				unit_add(rep, prev, (int)i);
				continue;
			}
		}
		u = pending >= 0 ? &us->v[pending] : new_unit(us);
		pending = -1;
		unit_add(rep, u, (int)i);
		u->group = cur_group;
		if (m->zero_length || (m->kind == ZT_MEMBER_FIELD && !m->size && !m->bitfield))
			pending = u - us->v;
	}
}

static void units_release(struct units *us)
{
	for (size_t i = 0; i < us->n; i++)
		free(us->v[i].idx);
	free(us->v);
	zt_names_free(us->groups, us->n_groups);
	memset(us, 0, sizeof(*us));
}

static int cmp_units(const void *pa, const void *pb)
{
	const struct unit *a = *(const struct unit *const *)pa, *b = *(const struct unit *const *)pb;

	if (a->flexible != b->flexible)
		return a->flexible ? 1 : -1;
	if (is_hot(a->freq) != is_hot(b->freq))
		return is_hot(a->freq) ? -1 : 1;
	/* a big hot array ends the hot members: the others stay together before it */
	if (is_hot(a->freq) && a->big_array != b->big_array)
		return a->big_array ? 1 : -1;
	if (a->align != b->align)
		return a->align > b->align ? -1 : 1;
	if (a->freq != b->freq)
		return a->freq > b->freq ? -1 : 1;
	return a->orig < b->orig ? -1 : a->orig > b->orig;
}

static int cmp_units_packed(const void *pa, const void *pb)
{
	const struct unit *a = *(const struct unit *const *)pa, *b = *(const struct unit *const *)pb;

	if (a->flexible != b->flexible)
		return a->flexible ? 1 : -1;
	if (a->align != b->align)
		return a->align > b->align ? -1 : 1;
	return a->orig < b->orig ? -1 : a->orig > b->orig;
}

static size_t flatten(struct unit **seq, size_t n, int *order)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < seq[i]->n; j++)
			order[k++] = seq[i]->idx[j];
	return k;
}

size_t zt_lay_count_tops(const struct zt_layout *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += l->m[i].parent < 0;
	return n;
}

/* Move cold loose units back into holes while that shrinks holes and hurts nothing. */
static void fill_holes(const struct zt_struct_report *rep, struct unit **seq, size_t n,
		       int *order, struct zt_placement *p)
{
	/* each try is a placement: bound them, a struct may have hundreds of members */
	unsigned int budget = 4096;

	for (int round = 0; round < 64 && budget; round++) {
		bool moved = false;

		for (size_t k = 0; k + 1 < n && !moved; k++) {
			struct unit *a = seq[k], *b = seq[k + 1];
			unsigned long end = zt_lay_new_end(rep, p, a->idx[a->n - 1]);
			unsigned long start = zt_lay_new_start(rep, p, b->idx[0]);

			if (start <= end)
				continue;
			/* never into a group's inside */
			if ((a->group >= 0 && a->marker != 2) || (b->group >= 0 && b->marker != 1 &&
								   a->group == b->group))
				continue;
			for (size_t j = n; j-- > k + 2 && !moved && budget;) {
				struct unit *c = seq[j];
				struct zt_placement t = { 0 };
				size_t no;

				if (c->group >= 0 || c->marker || c->flexible || is_hot(c->freq) ||
				    c->bytes > start - end)
					continue;
				budget--;
				memmove(&seq[k + 2], &seq[k + 1], (j - k - 1) * sizeof(*seq));
				seq[k + 1] = c;
				no = flatten(seq, n, order);
				zt_lay_place(rep, order, no, &t);
				if (t.size <= p->size && t.hot_span <= p->hot_span && t.holes < p->holes) {
					zt_lay_placement_release(p);
					*p = t;
					moved = true;
				} else {
					memmove(&seq[k + 1], &seq[k + 2], (j - k - 1) * sizeof(*seq));
					seq[j] = c;
					zt_lay_placement_release(&t);
				}
			}
		}
		if (!moved)
			break;
	}
	flatten(seq, n, order);
}

/* The group the hot members found outside any group join: the hottest, then the fullest. */
static int hottest_group(const struct units *us)
{
	unsigned int *group_hot = xcalloc(us->n_groups + 1, sizeof(*group_hot));
	enum zt_freq best = ZT_FREQ_UNKNOWN;
	int hot_group = -1;

	for (size_t i = 0; i < us->n; i++) {
		const struct unit *u = &us->v[i];

		if (u->group >= 0 && !u->marker && is_hot(u->freq)) {
			group_hot[u->group]++;
			if (u->freq > best || (u->freq == best && hot_group >= 0 &&
					       group_hot[u->group] > group_hot[hot_group])) {
				best = u->freq;
				hot_group = u->group;
			}
		}
	}
	free(group_hot);
	return hot_group;
}

/*
 * Blocks: hot group(s), loose hot, cold groups, loose cold, flexible; into
 * @seq, returns how many units it holds.
 */
static size_t order_blocks(struct units *us, struct unit **seq, int hot_group)
{
	size_t n = us->n, k = 0;

	for (int pass = 0; pass < 5; pass++) {
		size_t first = k;

		for (size_t g = 0; g < us->n_groups && (pass == 0 || pass == 2); g++) {
			bool hot = (int)g == hot_group;
			size_t gfirst;

			if ((pass == 0) != hot)
				continue;
			for (size_t i = 0; i < n; i++)
				if (us->v[i].group == (int)g && us->v[i].marker == 1)
					seq[k++] = &us->v[i];
			gfirst = k;
			for (size_t i = 0; i < n; i++) {
				struct unit *u = &us->v[i];

				if (u->marker || u->flexible)
					continue;
				if (u->group == (int)g) {
					seq[k++] = u;
				} else if (hot && u->group < 0 && is_hot(u->freq)) {
					u->group = (int)g;	/* now a member: holes inside stay shut */
					seq[k++] = u;
				}
			}
			qsort(seq + gfirst, k - gfirst, sizeof(*seq), cmp_units);
			for (size_t i = 0; i < n; i++)
				if (us->v[i].group == (int)g && us->v[i].marker == 2)
					seq[k++] = &us->v[i];
		}
		if (pass == 1 && hot_group < 0) {
			for (size_t i = 0; i < n; i++)
				if (us->v[i].group < 0 && !us->v[i].marker && !us->v[i].flexible &&
				    is_hot(us->v[i].freq))
					seq[k++] = &us->v[i];
			qsort(seq + first, k - first, sizeof(*seq), cmp_units);
		}
		if (pass == 3) {
			for (size_t i = 0; i < n; i++)
				if (us->v[i].group < 0 && !us->v[i].marker && !us->v[i].flexible &&
				    !is_hot(us->v[i].freq))
					seq[k++] = &us->v[i];
			qsort(seq + first, k - first, sizeof(*seq), cmp_units);
		}
		if (pass == 4)
			for (size_t i = 0; i < n; i++)
				if (us->v[i].flexible)
					seq[k++] = &us->v[i];
	}
	return k;
}

/* A different order that fits in no more lines and wins on lines, hot span or size. */
static bool worth_suggesting(const struct zt_struct_report *rep)
{
	bool differs = false;

	for (size_t i = 0; i < rep->suggested.n; i++)
		differs |= rep->suggested.order[i] != rep->current.order[i];
	return differs && rep->verified && rep->suggested.lines <= rep->current.lines &&
	       (rep->suggested.lines < rep->current.lines ||
		rep->suggested.hot_span < rep->hot_span || rep->suggested.size < rep->current.size);
}

static void suggest(struct zt_struct_report *rep, struct units *us)
{
	size_t nt = zt_lay_count_tops(rep->l), n = us->n, k;
	struct unit **seq = xcalloc(n ? n : 1, sizeof(*seq));
	int *order = xcalloc(nt ? nt : 1, sizeof(*order));

	/* packed: alignment order, hotness ignored: what the members need */
	for (size_t i = 0; i < n; i++)
		seq[i] = &us->v[i];
	qsort(seq, n, sizeof(*seq), cmp_units_packed);
	zt_lay_place(rep, order, flatten(seq, n, order), &rep->packed);
	/* sorting can split a bitfield from the byte it shared a unit with: never worse than now */
	if (rep->packed.size > rep->current.size)
		zt_lay_place(rep, rep->current.order, rep->current.n, &rep->packed);

	k = order_blocks(us, seq, hottest_group(us));
	/* a unit can only be missing here if the grouping logic above is wrong */
	if (k != n) {
		k = 0;
		for (size_t i = 0; i < n; i++)
			seq[k++] = &us->v[i];
	}
	zt_lay_place(rep, order, flatten(seq, n, order), &rep->suggested);
	fill_holes(rep, seq, n, order, &rep->suggested);
	rep->have_suggestion = worth_suggesting(rep);
	free(seq);
	free(order);
}

void zt_lay_suggest(struct zt_struct_report *rep)
{
	struct units us = { 0 };

	build_units(rep, &us);
	suggest(rep, &us);
	units_release(&us);
}
