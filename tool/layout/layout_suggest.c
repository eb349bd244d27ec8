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
	unsigned int reads, writes;	/* hot paths (enum zt_path) reading, writing it */
	unsigned int rroots, wroots;	/* and the roots (CPUs) */
};

struct units {
	struct unit *v;
	size_t n, alloc;
	char **groups;
	size_t n_groups;
	/* path groups: start a written group on its own line; else the lines that took */
	bool align;
	unsigned int no_room_lines;
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
	u->reads |= rep->member_reads[i] & ZT_PATH_HOT;
	u->writes |= rep->member_writes[i] & ZT_PATH_HOT;
	if (rep->member_writes[i] & ZT_PATH_HOT)
		u->wroots |= wroots_of(rep, i);
	u->rroots |= rroots_of(rep, i);
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

static bool loose_hot(const struct unit *u)
{
	return u->group < 0 && !u->marker && !u->flexible && is_hot(u->freq);
}

static unsigned int popcount(unsigned int v)
{
	return (unsigned int)__builtin_popcount(v);
}

/* Writer sets in order: one path before several, then by the paths' order. */
static int cmp_masks(const void *pa, const void *pb)
{
	unsigned int a = *(const unsigned int *)pa, b = *(const unsigned int *)pb;

	if (popcount(a) != popcount(b))
		return popcount(a) < popcount(b) ? -1 : 1;
	return a < b ? -1 : a > b;
}

static void add_group(struct zt_struct_report *rep, unsigned int writes, unsigned int reads,
		      struct unit **seq, size_t from, size_t to)
{
	struct zt_path_group *g;
	char buf[96];

	ZT_ALLOC_GROW(rep->groups, rep->n_groups + 1, rep->alloc_groups);
	g = &rep->groups[rep->n_groups++];
	memset(g, 0, sizeof(*g));
	g->writes = writes;
	g->reads = reads;
	if (!writes) {
		g->name = xstrdup("hot_read");
	} else {
		zt_paths_str(writes, buf, sizeof(buf));
		for (char *c = buf; *c; c++)
			if (*c == ',')
				*c = '_';
		g->name = xasprintf("%s_write", buf);
	}
	for (size_t k = from; k < to; k++)
		for (size_t j = 0; j < seq[k]->n; j++) {
			ZT_ALLOC_GROW(g->members, g->n + 1, g->alloc);
			g->members[g->n++] = seq[k]->idx[j];
		}
}

/*
 * The loose hot units by access and path (issue 27): the read-mostly ones
 * first, then per set of writing paths the units it writes. A written group
 * starts its own cache line (@force on its first member) when another set of
 * paths writes this struct too, or when a read-mostly field is read on a path
 * that does not write the group: either would share the line between CPUs.
 * The groups are recorded in rep->groups. Appends to @seq from @k.
 */
static size_t path_blocks(struct zt_struct_report *rep, struct units *us, struct unit **seq,
			  size_t k, bool *force)
{
	unsigned int masks[32], wroots[32], rm_reads = 0, rm_roots = 0;
	size_t n_masks = 0, from = k;

	for (size_t i = 0; i < us->n; i++) {
		const struct unit *u = &us->v[i];
		size_t m;

		if (!loose_hot(u))
			continue;
		if (!u->writes) {
			rm_reads |= u->reads;
			rm_roots |= u->rroots;
			continue;
		}
		for (m = 0; m < n_masks && masks[m] != u->writes; m++)
			;
		if (m == n_masks && n_masks < ARRAY_SIZE(masks))
			masks[n_masks++] = u->writes;
	}
	qsort(masks, n_masks, sizeof(*masks), cmp_masks);
	for (size_t m = 0; m < n_masks; m++) {
		wroots[m] = 0;
		for (size_t i = 0; i < us->n; i++)
			if (loose_hot(&us->v[i]) && us->v[i].writes == masks[m])
				wroots[m] |= us->v[i].wroots;
	}
	for (size_t i = 0; i < us->n; i++)
		if (loose_hot(&us->v[i]) && !us->v[i].writes)
			seq[k++] = &us->v[i];
	qsort(seq + from, k - from, sizeof(*seq), cmp_units);
	if (k > from)
		add_group(rep, 0, rm_reads, seq, from, k);
	for (size_t m = 0; m < n_masks; m++) {
		size_t gfirst = k, other = n_masks;
		unsigned int reads = 0;
		struct zt_path_group *g;
		char w[96], o[96], *reason = NULL;

		for (size_t i = 0; i < us->n; i++)
			if (loose_hot(&us->v[i]) && us->v[i].writes == masks[m]) {
				seq[k++] = &us->v[i];
				reads |= us->v[i].reads;
			}
		qsort(seq + gfirst, k - gfirst, sizeof(*seq), cmp_units);
		add_group(rep, masks[m], reads, seq, gfirst, k);
		g = &rep->groups[rep->n_groups - 1];
		/* another writer that can run on another CPU: its roots differ */
		for (size_t j = 0; j < n_masks && other == n_masks; j++)
			if (j != m && wroots[j] != wroots[m])
				other = j;
		zt_paths_str(masks[m], w, sizeof(w));
		if (other < n_masks)
			reason = xasprintf("%s and %s both write this struct per packet and can run "
					   "on different CPUs", w,
					   zt_paths_str(masks[other], o, sizeof(o)));
		else if (rm_roots & ~wroots[m])
			reason = xasprintf("the read-mostly fields are read on %s, from a CPU that "
					   "does not write this group",
					   zt_paths_str(rm_reads, o, sizeof(o)));
		if (!reason || gfirst == 0)
			goto next;
		if (us->align) {
			force[seq[gfirst]->idx[0]] = true;
			g->line_start = true;
			g->why = xasprintf("starts its own cache line: %s", reason);
		} else {
			g->why = xasprintf("shares a cache line (no room: starting it on its own "
					   "would take %u cache lines, %u now): %s",
					   us->no_room_lines, rep->current.lines, reason);
		}
next:
		free(reason);
	}
	return k;
}

/*
 * Blocks: hot group(s), loose hot, cold groups, loose cold, flexible; into
 * @seq, returns how many units it holds.
 */
static size_t order_blocks(struct zt_struct_report *rep, struct units *us, struct unit **seq,
			   int hot_group, bool *force)
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
		if (pass == 1 && hot_group < 0 && force) {
			k = path_blocks(rep, us, seq, k, force);
		} else if (pass == 1 && hot_group < 0) {
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
		rep->suggested.hot_span < rep->hot_span || rep->suggested.size < rep->current.size ||
		rep->mixed_suggested < rep->mixed_now);
}

static void release_groups(struct zt_struct_report *rep)
{
	for (size_t i = 0; i < rep->n_groups; i++) {
		free(rep->groups[i].name);
		free(rep->groups[i].members);
		free(rep->groups[i].why);
	}
	free(rep->groups);
	rep->groups = NULL;
	rep->n_groups = 0;
	rep->alloc_groups = 0;
}

/* The hot order: by access and path when the uses say who writes, else by hotness alone. */
static void place_hot_first(struct zt_struct_report *rep, struct units *us, struct unit **seq,
			    int *order, bool *force)
{
	size_t n = us->n, k;

	k = order_blocks(rep, us, seq, hottest_group(us), force);
	/* a unit can only be missing here if the grouping logic above is wrong */
	if (k != n) {
		k = 0;
		for (size_t i = 0; i < n; i++)
			seq[k++] = &us->v[i];
	}
	rep->force_line = force;
	zt_lay_place(rep, order, flatten(seq, n, order), &rep->suggested);
	fill_holes(rep, seq, n, order, &rep->suggested);
	rep->force_line = NULL;
}

static void suggest(struct zt_struct_report *rep, struct units *us)
{
	size_t nt = zt_lay_count_tops(rep->l), n = us->n;
	struct unit **seq = xcalloc(n ? n : 1, sizeof(*seq));
	int *order = xcalloc(nt ? nt : 1, sizeof(*order));
	bool *force = xcalloc(rep->l->n + 1, sizeof(*force)), paths = false;

	/* packed: alignment order, hotness ignored: what the members need */
	for (size_t i = 0; i < n; i++)
		seq[i] = &us->v[i];
	qsort(seq, n, sizeof(*seq), cmp_units_packed);
	zt_lay_place(rep, order, flatten(seq, n, order), &rep->packed);
	/* sorting can split a bitfield from the byte it shared a unit with: never worse than now */
	if (rep->packed.size > rep->current.size)
		zt_lay_place(rep, rep->current.order, rep->current.n, &rep->packed);

	for (size_t i = 0; i < n; i++)
		paths |= is_hot(us->v[i].freq) && (us->v[i].reads || us->v[i].writes);
	rep->mixed_now = paths ? zt_layout_mixed_lines(rep, NULL, NULL) : 0;
	us->align = true;
	place_hot_first(rep, us, seq, order, paths ? force : NULL);
	if (paths && rep->suggested.lines > rep->current.lines) {
		/* no room: the line starts would grow the struct; place the groups unaligned */
		us->no_room_lines = rep->suggested.lines;
		us->align = false;
		release_groups(rep);
		memset(force, 0, (rep->l->n + 1) * sizeof(*force));
		place_hot_first(rep, us, seq, order, force);
		rep->no_room = rep->n_groups > 0;
	}
	rep->mixed_suggested = paths ? zt_layout_mixed_lines(rep, &rep->suggested, NULL) : 0;
	rep->have_suggestion = worth_suggesting(rep);
	free(seq);
	free(order);
	free(force);
}

void zt_lay_suggest(struct zt_struct_report *rep)
{
	struct units us = { 0 };

	build_units(rep, &us);
	suggest(rep, &us);
	units_release(&us);
}
