// SPDX-License-Identifier: GPL-2.0-only
/*
 * Our own placement of the members (SysV x86-64 rules): alignment, where each
 * member lands in an order, how many lines and which bytes the hot accesses
 * touch, down into embedded structs.
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

#define MAX_TYPE_DEPTH 8

/* ---- alignment of members ------------------------------------------- */

static unsigned long lowbit(unsigned long x)
{
	return x & (~x + 1);
}

static unsigned long roundup_ul(unsigned long x, unsigned long a)
{
	return a > 1 ? (x + a - 1) / a * a : x;
}

/* Drop qualifiers: "const volatile const long long unsigned int" -> "long long unsigned int". */
char *zt_lay_bare_type(const char *t)
{
	char *r = xmalloc(strlen(t) + 1), *d = r;
	const char *s = t;

	while (*s) {
		size_t len;

		while (*s == ' ')
			s++;
		len = strcspn(s, " ");
		if (!len)
			break;
		if (!(len == 5 && !strncmp(s, "const", 5)) &&
		    !(len == 8 && !strncmp(s, "volatile", 8)) &&
		    !(len == 8 && !strncmp(s, "restrict", 8))) {
			if (d != r)
				*d++ = ' ';
			memcpy(d, s, len);
			d += len;
		}
		s += len;
	}
	*d = '\0';
	return r;
}

/* Size of a C scalar type spelled as pahole does; 0 when not a scalar we know. */
unsigned long zt_lay_scalar_size(const char *t)
{
	static const struct {
		const char *name;
		unsigned long size;
	} names[] = {
		{ "char", 1 }, { "signed char", 1 }, { "unsigned char", 1 }, { "_Bool", 1 },
		{ "bool", 1 }, { "short int", 2 }, { "short unsigned int", 2 }, { "int", 4 },
		{ "unsigned int", 4 }, { "long int", 8 }, { "long unsigned int", 8 },
		{ "long long int", 8 }, { "long long unsigned int", 8 }, { "float", 4 },
		{ "double", 8 }, { "long double", 16 }, { "__int128", 16 },
		{ "__int128 unsigned", 16 }, { "size_t", 8 }, { "ssize_t", 8 }, { "ptrdiff_t", 8 },
		{ "uintptr_t", 8 }, { "intptr_t", 8 },
	};
	unsigned int bits;
	char sign;

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(t, names[i].name))
			return names[i].size;
	/* u8 s16 __u32 __s64 uint8_t int64_t __be32 __le16 */
	if (!strncmp(t, "__", 2))
		t += 2;
	if (sscanf(t, "%c%u", &sign, &bits) == 2 && (sign == 'u' || sign == 's')) {
		char tail[8];

		if (sscanf(t + 1, "%u%7s", &bits, tail) == 1 &&
		    (bits == 8 || bits == 16 || bits == 32 || bits == 64))
			return bits / 8;
	}
	if ((sscanf(t, "uint%u_t", &bits) == 1 || sscanf(t, "int%u_t", &bits) == 1 ||
	     sscanf(t, "be%u", &bits) == 1 || sscanf(t, "le%u", &bits) == 1) &&
	    (bits == 8 || bits == 16 || bits == 32 || bits == 64))
		return bits / 8;
	return 0;
}

/* The types pahole printed, with their alignments memoized (deep embeddings repeat). */
struct types_ctx {
	const struct zt_layouts *ls;
	unsigned long *memo;	/* per ls->v index; 0: not computed */
};

static unsigned long layout_align(const struct zt_layout *l, struct types_ctx *types, int depth);

static unsigned long type_align(const char *type, unsigned long elem_size,
				struct types_ctx *types, int depth)
{
	char *t = zt_lay_bare_type(type);
	unsigned long a = 0, s;
	const struct zt_layout *found;

	if (strchr(t, '*') || strchr(t, '(')) {
		a = 8;
	} else if ((s = zt_lay_scalar_size(t))) {
		a = s;
	} else if (!strncmp(t, "enum ", 5)) {
		a = elem_size ? lowbit(elem_size) : 4;
	} else if (depth < MAX_TYPE_DEPTH && types->ls &&
		   (found = zt_layouts_find(types->ls, t))) {
		size_t k = found - types->ls->v;

		if (!types->memo[k])
			types->memo[k] = layout_align(found, types, depth + 1);
		a = types->memo[k];
	} else if (depth < MAX_TYPE_DEPTH && types->ls) {
		for (size_t i = 0; i < types->ls->n_td; i++)
			if (!strcmp(types->ls->td[i].name, t)) {
				a = type_align(types->ls->td[i].target, elem_size, types, depth + 1);
				break;
			}
	}
	if (!a) {
		/* unknown: the largest power of two dividing the size, as a scalar could be */
		a = elem_size ? lowbit(elem_size) : 1;
		if (a > 16)
			a = 16;
	}
	free(t);
	return a;
}

static unsigned long member_align(const struct zt_layout *l, int i, struct types_ctx *types,
				  int depth)
{
	const struct zt_member *m = &l->m[i];
	unsigned long a = 1;

	if (m->kind != ZT_MEMBER_FIELD) {
		for (size_t j = i + 1; j < l->n && l->m[j].depth > m->depth; j++)
			if (l->m[j].parent == i)
				a = max_ul(a, member_align(l, (int)j, types, depth));
	} else if (m->bitfield) {
		char *t = zt_lay_bare_type(m->type);

		a = m->size ? m->size : zt_lay_scalar_size(t);
		free(t);
		if (!a)
			a = 4;
		if (!m->bit_size && !m->has_offset)
			a = 1;	/* ":0" only moves the position */
	} else {
		unsigned long elem = m->size;

		if (m->n_dims)
			elem = m->elems ? m->size / m->elems : 0;
		a = type_align(m->type, elem, types, depth);
	}
	if (l->packed)
		a = 1;
	a = max_ul(a, m->aligned);
	/* a member's offset is always a multiple of its alignment */
	if (m->has_offset && m->offset && !m->bitfield && lowbit(m->offset) < a)
		a = lowbit(m->offset);
	return a;
}

static unsigned long layout_align(const struct zt_layout *l, struct types_ctx *types, int depth)
{
	unsigned long a = max_ul(1, l->aligned);

	for (size_t i = 0; i < l->n; i++)
		if (l->m[i].parent < 0)
			a = max_ul(a, member_align(l, (int)i, types, depth));
	if (l->sum.size && lowbit(l->sum.size) < a && !l->aligned)
		a = lowbit(l->sum.size);	/* the size is a multiple of it too */
	return a;
}

void zt_lay_aligns(struct zt_struct_report *rep, const struct zt_layouts *types)
{
	const struct zt_layout *l = rep->l;
	struct types_ctx tc = { .ls = types };

	tc.memo = xcalloc(types && types->n ? types->n : 1, sizeof(*tc.memo));
	for (size_t i = 0; i < l->n; i++)
		rep->member_align[i] = member_align(l, (int)i, &tc, 0);
	rep->align = layout_align(l, &tc, 0);
	free(tc.memo);
}

/* ---- placement --------------------------------------------------------- */

static unsigned long storage_bits(const struct zt_struct_report *rep, int i)
{
	return rep->member_align[i] * 8;
}

static unsigned long bitfield_storage(const struct zt_layout *l, int i)
{
	const struct zt_member *m = &l->m[i];
	char *t;
	unsigned long s = m->size;

	if (s)
		return s;
	t = zt_lay_bare_type(m->type);
	s = zt_lay_scalar_size(t);
	free(t);
	return s ? s : 4;
}

/* First byte member @i occupies in placement @p. */
unsigned long zt_lay_new_start(const struct zt_struct_report *rep, const struct zt_placement *p, int i)
{
	const struct zt_layout *l = rep->l;
	int top = zt_layout_top(l, i);
	const struct zt_member *t = &l->m[top], *m = &l->m[i];

	if (m->bitfield && i == top)
		return p->bit[i] / 8;
	/* inside a moved top-level member nothing changes relative to it */
	return p->bit[top] / 8 + (m->start - t->start);
}

unsigned long zt_lay_new_end(const struct zt_struct_report *rep, const struct zt_placement *p, int i)
{
	const struct zt_member *m = &rep->l->m[i];

	if (m->bitfield && m->parent < 0)
		return (p->bit[i] + m->bit_size + 7) / 8;
	return zt_lay_new_start(rep, p, i) + (m->end - m->start);
}

/* ---- where hot accesses land inside an embedded struct ------------------ */

struct hot_ctx {
	const struct zt_layouts *types;
	const struct zt_layout_rules *rules;
	unsigned int cl;
	/*
	 * The types being walked, outermost first: chain[d] at depth d. C cannot
	 * embed a struct in itself, but pahole text can say so (two types of one
	 * name); entering a type again would multiply the walk at every level.
	 */
	const struct zt_layout **chain;
};

/* Is @t already being walked, at a depth up to @depth? */
static bool on_chain(const struct hot_ctx *hc, const struct zt_layout *t, int depth)
{
	for (int d = 0; d <= depth && d < MAX_TYPE_DEPTH; d++)
		if (hc->chain[d] == t)
			return true;
	return false;
}

static void range_add(struct zt_hot_ranges *r, unsigned long start, unsigned long end)
{
	if (end <= start)
		return;
	ZT_ALLOC_GROW(r->v, r->n + 1, r->alloc);
	r->v[r->n].start = start;
	r->v[r->n].end = end;
	r->n++;
}

/* The struct or union @m embeds by value, as pahole printed it (typedefs followed); NULL if none. */
static const struct zt_layout *embedded_type(const struct hot_ctx *hc, const struct zt_member *m)
{
	const struct zt_layout *found = NULL;
	char *t;

	if (m->kind != ZT_MEMBER_FIELD || m->n_dims || m->bitfield || m->func_ptr || !hc->types)
		return NULL;
	t = zt_lay_bare_type(m->type);
	for (int d = 0; d < MAX_TYPE_DEPTH && !strchr(t, '*') && !strchr(t, '('); d++) {
		const char *target = NULL;

		found = zt_layouts_find(hc->types, t);
		if (found)
			break;
		for (size_t i = 0; i < hc->types->n_td && !target; i++)
			if (!strcmp(hc->types->td[i].name, t))
				target = hc->types->td[i].target;
		if (!target)
			break;
		free(t);
		t = zt_lay_bare_type(target);
	}
	free(t);
	/* another type of the same name (a different translation unit's): not this one */
	return found && found->sum.size == m->end - m->start ? found : NULL;
}

/*
 * Member of @l that @path names, as zt_layout_member(); *rest is what is left
 * of the path below an embedded (non-inline) member ("head" of
 * "page_cache.head"), NULL when the path ends there.
 */
static int resolve(const struct zt_layout *l, const char *path, const char **rest)
{
	char *p = xstrdup(path), *dot = p;
	int i;

	*rest = NULL;
	for (;;) {
		dot = strchr(dot, '.');
		if (dot)
			*dot = '\0';
		i = zt_layout_member(l, p);
		if (!dot)
			break;
		if (i >= 0 && l->m[i].kind == ZT_MEMBER_FIELD) {
			*rest = path + (dot - p) + 1;
			break;
		}
		*dot++ = '.';
	}
	free(p);
	return i;
}

static bool path_ranges(const struct hot_ctx *hc, const struct zt_layout *l, const char *path,
			unsigned long base, int depth, struct zt_hot_ranges *out);

/* Ranges from the hot rules about @l itself (embedded at @base); false when none names it. */
static bool type_ranges(const struct hot_ctx *hc, const struct zt_layout *l, unsigned long base,
			int depth, struct zt_hot_ranges *out)
{
	bool any = false;

	if (depth < MAX_TYPE_DEPTH)
		hc->chain[depth] = l;
	for (size_t h = 0; hc->rules && depth < MAX_TYPE_DEPTH && h < hc->rules->n_hot; h++) {
		const struct zt_hot_field *hf = &hc->rules->hot[h];

		if (is_hot(hf->freq) && !strcmp(hf->record, l->name))
			any |= path_ranges(hc, l, hf->field, base, depth, out);
	}
	return any;
}

/* Hot bytes of member @i of @l (at @base), accessed through @rest below it (NULL: as a whole). */
static void member_ranges(const struct hot_ctx *hc, const struct zt_layout *l, int i,
			  const char *rest, unsigned long base, int depth, struct zt_hot_ranges *out)
{
	const struct zt_member *m = &l->m[i];
	const struct zt_layout *t;

	if (m->kind != ZT_MEMBER_FIELD) {
		/* an inline body: its fields */
		for (size_t j = i + 1; j < l->n && l->m[j].depth > m->depth; j++)
			if (l->m[j].kind == ZT_MEMBER_FIELD)
				member_ranges(hc, l, (int)j, NULL, base, depth, out);
		return;
	}
	t = depth + 1 < MAX_TYPE_DEPTH ? embedded_type(hc, m) : NULL;
	if (t && on_chain(hc, t, depth))
		t = NULL;	/* a cycle: the member counts whole */
	if (t && rest && path_ranges(hc, t, rest, base + m->start, depth + 1, out))
		return;
	if (t && !rest && type_ranges(hc, t, base + m->start, depth + 1, out))
		return;
	range_add(out, base + m->start, base + m->start + hot_length(m, hc->cl));
}

/* @path in @l (at @base); a leaf name of a nested body matches every member so named. */
static bool path_ranges(const struct hot_ctx *hc, const struct zt_layout *l, const char *path,
			unsigned long base, int depth, struct zt_hot_ranges *out)
{
	const char *rest, *leaf;
	int i = resolve(l, path, &rest);
	bool any = false;

	if (depth < MAX_TYPE_DEPTH)
		hc->chain[depth] = l;
	if (i >= 0) {
		member_ranges(hc, l, i, rest, base, depth, out);
		return true;
	}
	leaf = strrchr(path, '.');
	leaf = leaf ? leaf + 1 : path;
	for (size_t j = 0; j < l->n; j++)
		if (!strcmp(l->m[j].name, leaf)) {
			member_ranges(hc, l, (int)j, NULL, base, depth, out);
			any = true;
		}
	return any;
}

/*
 * rep->member_hot: for each hot embedded struct member, where the hot
 * accesses land in it. The audited struct's own rules say how it is reached
 * (a path below it narrows to that member; the member named as a whole, by
 * its address, narrows to the embedded type's hot fields); a member whose hot
 * bytes cannot be told keeps counting whole.
 */
void zt_lay_embedded_hot(struct zt_struct_report *rep, const struct zt_layouts *types)
{
	const struct zt_layout *l = rep->l;
	const struct zt_layout *chain[MAX_TYPE_DEPTH] = { l };
	struct hot_ctx hc = { types, rep->rules, l->cacheline, chain };
	bool *whole = xcalloc(l->n + 1, sizeof(*whole)), *keep = xcalloc(l->n + 1, sizeof(*keep));

	for (size_t h = 0; rep->rules && h < rep->rules->n_hot; h++) {
		const struct zt_hot_field *hf = &rep->rules->hot[h];
		const struct zt_layout *t;
		const char *rest;
		int i;

		if (!is_hot(hf->freq) || strcmp(hf->record, l->name))
			continue;
		i = resolve(l, hf->field, &rest);
		if (i < 0 || !rest)
			continue;	/* whole uses: below */
		t = embedded_type(&hc, &l->m[i]);
		if (t && path_ranges(&hc, t, rest, 0, 1, &rep->member_hot[i]))
			continue;
		whole[i] = true;	/* a path we cannot follow: the whole member */
	}
	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];
		const struct zt_layout *t;
		struct zt_hot_ranges *r = &rep->member_hot[i];
		bool named = false;

		if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
			continue;
		t = embedded_type(&hc, m);
		if (!t || whole[i]) {
			r->n = 0;
			continue;
		}
		/* hot without a path below it (named whole, by leaf name, or as part of a body) */
		for (size_t h = 0; rep->rules && h < rep->rules->n_hot && !named; h++) {
			const struct zt_hot_field *hf = &rep->rules->hot[h];
			const char *rest;
			int k;

			if (!is_hot(hf->freq) || strcmp(hf->record, l->name))
				continue;
			k = resolve(l, hf->field, &rest);
			if (k >= 0 && rest)
				continue;
			if (k < 0) {
				const char *leaf = strrchr(hf->field, '.');

				named = !strcmp(m->name, leaf ? leaf + 1 : hf->field);
				continue;
			}
			for (int p = (int)i; p >= 0 && !named; p = l->m[p].parent)
				named = p == k;
		}
		if (named && !type_ranges(&hc, t, 0, 1, r)) {
			r->n = 0;	/* nothing known about the inside: all of it */
			continue;
		}
		keep[i] = r->n > 0;
	}
	for (size_t i = 0; i < l->n; i++)
		if (!keep[i])
			rep->member_hot[i].n = 0;
	free(whole);
	free(keep);
}

/* The hot bytes of member @i starting at @start, one [s, e) at a time. */
size_t zt_lay_hot_extents(const struct zt_struct_report *rep, int i, unsigned long start,
			  unsigned long end, unsigned long (*out)[2], size_t max)
{
	const struct zt_hot_ranges *r = &rep->member_hot[i];
	size_t n = 0;

	if (!r->n) {
		if (end > start && end - start > rep->l->cacheline)
			end = start + hot_length(&rep->l->m[i], rep->l->cacheline);
		out[0][0] = start;
		out[0][1] = end;
		return 1;
	}
	for (size_t k = 0; k < r->n && n < max; k++) {
		out[n][0] = start + r->v[k].start;
		out[n][1] = start + r->v[k].end;
		n++;
	}
	return n;
}

void zt_lay_count_hot_bytes(struct zt_struct_report *rep)
{
	const struct zt_layout *l = rep->l;
	unsigned char *hot = xcalloc(l->sum.size + 1, 1);

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];

		if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
			continue;
		unsigned long (*ext)[2] = xcalloc(rep->member_hot[i].n + 1, sizeof(*ext));
		size_t nx = zt_lay_hot_extents(rep, (int)i, m->start, m->end, ext,
					rep->member_hot[i].n + 1);

		for (size_t x = 0; x < nx; x++)
			for (unsigned long b = ext[x][0]; b < ext[x][1] && b < l->sum.size; b++)
				if (!hot[b]) {
					hot[b] = 1;
					rep->hot_bytes++;
				}
		free(ext);
	}
	free(hot);
}

/* Cache lines member @i's hot bytes touch where it is now. */
unsigned int zt_lay_member_hot_lines(const struct zt_struct_report *rep, int i)
{
	const struct zt_member *m = &rep->l->m[i];
	unsigned int cl = rep->l->cacheline, n = 0;
	size_t max = rep->member_hot[i].n + 1, nx;
	unsigned long (*ext)[2] = xcalloc(max, sizeof(*ext));
	unsigned char *seen = xcalloc(m->last_line - m->first_line + 2, 1);

	nx = zt_lay_hot_extents(rep, i, m->start, m->end, ext, max);
	for (size_t x = 0; x < nx; x++)
		for (unsigned long k = ext[x][0] / cl; ext[x][1] > ext[x][0] &&
		     k <= (ext[x][1] - 1) / cl && k <= m->last_line; k++)
			if (k >= m->first_line && !seen[k - m->first_line]) {
				seen[k - m->first_line] = 1;
				n++;
			}
	free(seen);
	free(ext);
	return n;
}

/* Bytes member @i makes hot (distinct: ranges may overlap). */
unsigned long zt_lay_member_hot_bytes(const struct zt_struct_report *rep, int i)
{
	const struct zt_member *m = &rep->l->m[i];
	const struct zt_hot_ranges *r = &rep->member_hot[i];
	unsigned long len = m->end - m->start, n = 0;
	unsigned char *b;

	if (!r->n)
		return hot_length(m, rep->l->cacheline);
	b = xcalloc(len + 1, 1);
	for (size_t k = 0; k < r->n; k++)
		for (unsigned long x = r->v[k].start; x < r->v[k].end && x < len; x++)
			if (!b[x]) {
				b[x] = 1;
				n++;
			}
	free(b);
	return n;
}

unsigned int zt_lay_span_of(const struct zt_struct_report *rep, const struct zt_placement *p,
			    bool current)
{
	const struct zt_layout *l = rep->l;
	unsigned int cl = l->cacheline, nl, span = 0;
	unsigned long size = current ? l->sum.size : p->size;
	unsigned char *seen;
	unsigned long (*ext)[2] = NULL;
	size_t nx;

	if (size > ZT_LAYOUT_MAX_SIZE)
		return 0;	/* not simulated: see zt_struct_analyze() */
	nl = (unsigned int)(size / cl + 2);
	seen = xcalloc(nl, 1);
	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];
		unsigned long s, e;

		if (rep->member_freq[i] < ZT_FREQ_PER_POLL || m->kind != ZT_MEMBER_FIELD)
			continue;
		/* count a hot member once: at the outermost hot level (bodies via their fields) */
		if (m->parent >= 0 && rep->member_freq[m->parent] >= ZT_FREQ_PER_POLL &&
		    l->m[m->parent].kind == ZT_MEMBER_FIELD)
			continue;
		if (current) {
			s = m->start;
			e = m->end;
		} else {
			s = zt_lay_new_start(rep, p, (int)i);
			e = zt_lay_new_end(rep, p, (int)i);
		}
		if (rep->member_hot[i].n)
			nx = rep->member_hot[i].n;
		else
			nx = 1;
		ext = xrealloc(ext, nx * sizeof(*ext));
		nx = zt_lay_hot_extents(rep, (int)i, s, e, ext, nx);
		for (size_t x = 0; x < nx; x++) {
			if (ext[x][1] <= ext[x][0])
				continue;
			for (unsigned long k = ext[x][0] / cl; k <= (ext[x][1] - 1) / cl && k < nl; k++)
				if (!seen[k]) {
					seen[k] = 1;
					span++;
				}
		}
	}
	free(ext);
	free(seen);
	return span;
}

/* Place the top-level members in @order (SysV x86-64 rules). */
void zt_lay_place(const struct zt_struct_report *rep, const int *order, size_t n,
		  struct zt_placement *p)
{
	const struct zt_layout *l = rep->l;
	unsigned long pos = 0, prev_end = 0;

	free(p->order);
	free(p->bit);
	p->order = xcalloc(n ? n : 1, sizeof(*p->order));
	memcpy(p->order, order, n * sizeof(*order));
	p->n = n;
	p->bit = xcalloc(l->n ? l->n : 1, sizeof(*p->bit));
	p->holes = 0;
	free(p->line_start);
	p->line_start = NULL;
	for (size_t k = 0; k < n; k++) {
		int i = order[k];
		const struct zt_member *m = &l->m[i];

		if (m->bitfield) {
			unsigned long unit = bitfield_storage(l, i) * 8, w = m->bit_size;

			if (l->packed)
				unit = w ? w : 8;
			if (!w)
				pos = roundup_ul(pos, unit);
			else if (pos / unit != (pos + w - 1) / unit)
				pos = roundup_ul(pos, unit);
			p->bit[i] = pos;
			if (pos / 8 > prev_end)
				p->holes += pos / 8 - prev_end;
			pos += w;
			prev_end = max_ul(prev_end, (pos + 7) / 8);
			continue;
		}
		if (rep->force_line && rep->force_line[i]) {
			if (!p->line_start)
				p->line_start = xcalloc(l->n ? l->n : 1, sizeof(*p->line_start));
			p->line_start[i] = true;
			pos = roundup_ul(pos, max_ul(rep->member_align[i], l->cacheline) * 8);
		} else {
			pos = roundup_ul(pos, rep->member_align[i] * 8);
		}
		p->bit[i] = pos;
		if (pos / 8 > prev_end)
			p->holes += pos / 8 - prev_end;
		pos += m->size * 8;
		prev_end = (pos + 7) / 8;
	}
	/* ____cacheline_aligned on a member aligns the whole struct to the line */
	p->align = p->line_start ? max_ul(rep->align, l->cacheline) : rep->align;
	p->size = roundup_ul((pos + 7) / 8, p->align);
	p->lines = (unsigned int)((p->size + l->cacheline - 1) / l->cacheline);
	p->hot_span = zt_lay_span_of(rep, p, false);
	(void)storage_bits;
}

void zt_lay_placement_release(struct zt_placement *p)
{
	free(p->order);
	free(p->bit);
	free(p->line_start);
	memset(p, 0, sizeof(*p));
}
