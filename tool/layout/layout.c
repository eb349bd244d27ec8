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
#include "layout.h"
#include "strbuf.h"
#include "zerotax.h"

#define MAX_TYPE_DEPTH 8
/* Beyond this a struct is not simulated (a line bitmap per struct stays small). */
#define ZT_LAYOUT_MAX_SIZE (1UL << 24)

/* ---- rules: hot fields, pools, group limits ---------------------------- */

static bool parse_freq(const char *s, enum zt_freq *f)
{
	if (!strcmp(s, "per-packet"))
		*f = ZT_FREQ_PER_PACKET;
	else if (!strcmp(s, "per-poll"))
		*f = ZT_FREQ_PER_POLL;
	else if (!strcmp(s, "cold"))
		*f = ZT_FREQ_COLD;
	else
		return false;
	return true;
}

void zt_layout_rules_add_hot(struct zt_layout_rules *r, const char *record, const char *field,
			     enum zt_freq freq)
{
	struct zt_hot_field *h;

	ZT_ALLOC_GROW(r->hot, r->n_hot + 1, r->alloc_hot);
	h = &r->hot[r->n_hot++];
	h->record = xstrdup(zt_record_basename(record));
	h->field = xstrdup(field);
	h->freq = freq;
}

static void add_str(char ***v, size_t *n, const char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = xstrdup(s);
}

int zt_layout_rules_parse(const char *text, const char *name, struct zt_layout_rules *r)
{
	char *copy = xstrdup(text), *save = NULL, *line;
	unsigned int lineno = 0;
	int ret = 0;
	const char *s = copy;

	/* strtok_r would skip empty lines and lose line numbers: split by hand */
	for (char *p = copy; s && ret == 0; s = p) {
		char *tok[8];
		int nt = 0;

		p = strchr(s, '\n');
		if (p)
			*p++ = '\0';
		lineno++;
		line = (char *)s;
		if (strchr(line, '#'))
			*strchr(line, '#') = '\0';
		for (char *t = strtok_r(line, " \t\r", &save); t && nt < 8;
		     t = strtok_r(NULL, " \t\r", &save))
			tok[nt++] = t;
		if (!nt)
			continue;
		if (nt == 4 && (!strcmp(tok[0], "struct") || !strcmp(tok[0], "union"))) {
			enum zt_freq f;

			if (!parse_freq(tok[3], &f)) {
				ret = error("%s:%u: unknown frequency '%s' (per-packet, per-poll, cold)",
					    name, lineno, tok[3]);
				break;
			}
			zt_layout_rules_add_hot(r, tok[1], tok[2], f);
		} else if (nt == 3 && !strcmp(tok[0], "pool") &&
			   (!strcmp(tok[1], "struct") || !strcmp(tok[1], "union"))) {
			add_str(&r->pools, &r->n_pools, tok[2]);
		} else if (nt == 5 && !strcmp(tok[0], "group") && !strcmp(tok[1], "struct")) {
			unsigned long max;
			struct zt_group_limit *g;

			if (zt_parse_uint(tok[4], 1UL << 30, &max) < 0) {
				ret = error("%s:%u: bad group size '%s'", name, lineno, tok[4]);
				break;
			}
			ZT_ALLOC_GROW(r->groups, r->n_groups + 1, r->alloc_groups);
			g = &r->groups[r->n_groups++];
			g->record = xstrdup(tok[2]);
			g->group = xstrdup(tok[3]);
			g->max_bytes = max;
		} else if (nt == 2 && !strcmp(tok[0], "hot")) {
			add_str(&r->hot_funcs, &r->n_hot_funcs, tok[1]);
		} else {
			ret = error("%s:%u: cannot read '%s' (expected 'struct NAME FIELD FREQ', "
				    "'pool struct NAME', 'group struct NAME GROUP BYTES' or 'hot FUNC')",
				    name, lineno, tok[0]);
		}
	}
	free(copy);
	return ret;
}

int zt_layout_rules_load(const char *path, struct zt_layout_rules *r)
{
	char *data;
	size_t len;
	int ret;

	if (zt_read_file(path, &data, &len) < 0)
		return error("cannot read '%s': %m", path);
	if (memchr(data, '\0', len)) {
		free(data);
		return error("%s: binary file", path);
	}
	ret = zt_layout_rules_parse(data, path, r);
	free(data);
	return ret;
}

void zt_layout_rules_add_uses(struct zt_layout_rules *r, const struct zt_field_uses *u)
{
	for (size_t i = 0; i < u->n; i++) {
		const struct zt_field_use *fu = &u->v[i];

		if (fu->freq == ZT_FREQ_UNKNOWN)
			continue;
		zt_layout_rules_add_hot(r, fu->record, fu->field, fu->freq);
	}
}

void zt_layout_rules_release(struct zt_layout_rules *r)
{
	for (size_t i = 0; i < r->n_hot; i++) {
		free(r->hot[i].record);
		free(r->hot[i].field);
	}
	free(r->hot);
	for (size_t i = 0; i < r->n_pools; i++)
		free(r->pools[i]);
	free(r->pools);
	for (size_t i = 0; i < r->n_groups; i++) {
		free(r->groups[i].record);
		free(r->groups[i].group);
	}
	free(r->groups);
	for (size_t i = 0; i < r->n_hot_funcs; i++)
		free(r->hot_funcs[i]);
	free(r->hot_funcs);
	memset(r, 0, sizeof(*r));
}

enum zt_freq zt_layout_rules_freq(const struct zt_layout_rules *r, const char *record,
				  const char *field)
{
	enum zt_freq f = ZT_FREQ_UNKNOWN;

	record = zt_record_basename(record);
	for (size_t i = 0; i < r->n_hot; i++)
		if (!strcmp(r->hot[i].record, record) && !strcmp(r->hot[i].field, field) &&
		    r->hot[i].freq > f)
			f = r->hot[i].freq;
	return f;
}

bool zt_layout_rules_is_pool(const struct zt_layout_rules *r, const char *record)
{
	record = zt_record_basename(record);
	for (size_t i = 0; i < r->n_pools; i++)
		if (!strcmp(r->pools[i], record))
			return true;
	return false;
}

static bool has_str(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

size_t zt_layout_rules_records(const struct zt_layout_rules *r, char ***out)
{
	char **v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < r->n_hot; i++)
		if (!has_str(v, n, r->hot[i].record))
			add_str(&v, &n, r->hot[i].record);
	for (size_t i = 0; i < r->n_pools; i++)
		if (!has_str(v, n, r->pools[i]))
			add_str(&v, &n, r->pools[i]);
	for (size_t i = 0; i < r->n_groups; i++)
		if (!has_str(v, n, r->groups[i].record))
			add_str(&v, &n, r->groups[i].record);
	*out = v;
	return n;
}

void zt_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* ---- alignment of members ------------------------------------------- */

static unsigned long lowbit(unsigned long x)
{
	return x & (~x + 1);
}

static unsigned long max_ul(unsigned long a, unsigned long b)
{
	return a > b ? a : b;
}

static unsigned long roundup_ul(unsigned long x, unsigned long a)
{
	return a > 1 ? (x + a - 1) / a * a : x;
}

/* Drop qualifiers: "const volatile const long long unsigned int" -> "long long unsigned int". */
static char *bare_type(const char *t)
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
static unsigned long scalar_size(const char *t)
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
	char *t = bare_type(type);
	unsigned long a = 0, s;
	const struct zt_layout *found;

	if (strchr(t, '*') || strchr(t, '(')) {
		a = 8;
	} else if ((s = scalar_size(t))) {
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
		char *t = bare_type(m->type);

		a = m->size ? m->size : scalar_size(t);
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
	t = bare_type(m->type);
	s = scalar_size(t);
	free(t);
	return s ? s : 4;
}

/* First byte member @i occupies in placement @p. */
static unsigned long new_start(const struct zt_struct_report *rep, const struct zt_placement *p, int i)
{
	const struct zt_layout *l = rep->l;
	int top = zt_layout_top(l, i);
	const struct zt_member *t = &l->m[top], *m = &l->m[i];

	if (m->bitfield && i == top)
		return p->bit[i] / 8;
	/* inside a moved top-level member nothing changes relative to it */
	return p->bit[top] / 8 + (m->start - t->start);
}

static unsigned long new_end(const struct zt_struct_report *rep, const struct zt_placement *p, int i)
{
	const struct zt_member *m = &rep->l->m[i];

	if (m->bitfield && m->parent < 0)
		return (p->bit[i] + m->bit_size + 7) / 8;
	return new_start(rep, p, i) + (m->end - m->start);
}

/*
 * Bytes of member @m an access makes hot: an array bigger than a cache line
 * (a descriptor ring, a page cache) is hot where it is indexed, not in its
 * whole length: one element, at most one line (which one is not known; the
 * first stands for it).
 */
static unsigned long hot_length(const struct zt_member *m, unsigned int cl)
{
	unsigned long len = m->end - m->start, elem;

	if (m->kind != ZT_MEMBER_FIELD || !m->n_dims || !m->elems || len <= cl)
		return len;
	elem = len / m->elems;
	return elem && elem < cl ? elem : cl;
}

/* ---- where hot accesses land inside an embedded struct ------------------ */

static bool is_hot(enum zt_freq f)
{
	return f >= ZT_FREQ_PER_POLL;
}

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
	t = bare_type(m->type);
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
		t = bare_type(target);
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
static void embedded_hot(struct zt_struct_report *rep, const struct zt_layouts *types)
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
static size_t hot_extents(const struct zt_struct_report *rep, int i, unsigned long start,
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

/* Cache lines member @i's hot bytes touch where it is now. */
static unsigned int member_hot_lines(const struct zt_struct_report *rep, int i)
{
	const struct zt_member *m = &rep->l->m[i];
	unsigned int cl = rep->l->cacheline, n = 0;
	size_t max = rep->member_hot[i].n + 1, nx;
	unsigned long (*ext)[2] = xcalloc(max, sizeof(*ext));
	unsigned char *seen = xcalloc(m->last_line - m->first_line + 2, 1);

	nx = hot_extents(rep, i, m->start, m->end, ext, max);
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
static unsigned long member_hot_bytes(const struct zt_struct_report *rep, int i)
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

static unsigned int span_of(const struct zt_struct_report *rep, const struct zt_placement *p,
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
			s = new_start(rep, p, (int)i);
			e = new_end(rep, p, (int)i);
		}
		if (rep->member_hot[i].n)
			nx = rep->member_hot[i].n;
		else
			nx = 1;
		ext = xrealloc(ext, nx * sizeof(*ext));
		nx = hot_extents(rep, (int)i, s, e, ext, nx);
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
static void place(const struct zt_struct_report *rep, const int *order, size_t n,
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
		pos = roundup_ul(pos, rep->member_align[i] * 8);
		p->bit[i] = pos;
		if (pos / 8 > prev_end)
			p->holes += pos / 8 - prev_end;
		pos += m->size * 8;
		prev_end = (pos + 7) / 8;
	}
	p->align = rep->align;
	p->size = roundup_ul((pos + 7) / 8, rep->align);
	p->lines = (unsigned int)((p->size + l->cacheline - 1) / l->cacheline);
	p->hot_span = span_of(rep, p, false);
	(void)storage_bits;
}

static void placement_release(struct zt_placement *p)
{
	free(p->order);
	free(p->bit);
	memset(p, 0, sizeof(*p));
}

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

static size_t count_tops(const struct zt_layout *l)
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
			unsigned long end = new_end(rep, p, a->idx[a->n - 1]);
			unsigned long start = new_start(rep, p, b->idx[0]);

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
				place(rep, order, no, &t);
				if (t.size <= p->size && t.hot_span <= p->hot_span && t.holes < p->holes) {
					placement_release(p);
					*p = t;
					moved = true;
				} else {
					memmove(&seq[k + 1], &seq[k + 2], (j - k - 1) * sizeof(*seq));
					seq[j] = c;
					placement_release(&t);
				}
			}
		}
		if (!moved)
			break;
	}
	flatten(seq, n, order);
}

static void suggest(struct zt_struct_report *rep, struct units *us)
{
	size_t nt = count_tops(rep->l), n = us->n, k = 0;
	struct unit **seq = xcalloc(n ? n : 1, sizeof(*seq));
	int *order = xcalloc(nt ? nt : 1, sizeof(*order));
	int hot_group = -1;
	enum zt_freq best = ZT_FREQ_UNKNOWN;
	unsigned int *group_hot = xcalloc(us->n_groups + 1, sizeof(*group_hot));

	/* packed: alignment order, hotness ignored: what the members need */
	for (size_t i = 0; i < n; i++)
		seq[i] = &us->v[i];
	qsort(seq, n, sizeof(*seq), cmp_units_packed);
	place(rep, order, flatten(seq, n, order), &rep->packed);
	/* sorting can split a bitfield from the byte it shared a unit with: never worse than now */
	if (rep->packed.size > rep->current.size)
		place(rep, rep->current.order, rep->current.n, &rep->packed);

	/* the hottest group takes the hot members found outside any group */
	for (size_t i = 0; i < n; i++) {
		struct unit *u = &us->v[i];

		if (u->group >= 0 && !u->marker && is_hot(u->freq)) {
			group_hot[u->group]++;
			if (u->freq > best || (u->freq == best && hot_group >= 0 &&
					       group_hot[u->group] > group_hot[hot_group])) {
				best = u->freq;
				hot_group = u->group;
			}
		}
	}
	/* blocks: hot group(s), loose hot, cold groups, loose cold, flexible */
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
	/* a unit can only be missing here if the grouping logic above is wrong */
	if (k != n) {
		k = 0;
		for (size_t i = 0; i < n; i++)
			seq[k++] = &us->v[i];
	}
	place(rep, order, flatten(seq, n, order), &rep->suggested);
	fill_holes(rep, seq, n, order, &rep->suggested);
	{
		bool differs = false;

		for (size_t i = 0; i < rep->suggested.n; i++)
			differs |= rep->suggested.order[i] != rep->current.order[i];
		rep->have_suggestion = differs && rep->verified &&
			rep->suggested.lines <= rep->current.lines &&
			(rep->suggested.lines < rep->current.lines ||
			 rep->suggested.hot_span < rep->hot_span ||
			 rep->suggested.size < rep->current.size);
	}
	free(group_hot);
	free(seq);
	free(order);
}

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
	size_t nt = count_tops(l), k = 0;
	int *order;
	struct units us = { 0 };

	memset(rep, 0, sizeof(*rep));
	rep->l = l;
	rep->object = object;
	rep->member_align = xcalloc(l->n + 1, sizeof(*rep->member_align));
	rep->member_freq = xcalloc(l->n + 1, sizeof(*rep->member_freq));
	rep->member_hot = xcalloc(l->n + 1, sizeof(*rep->member_hot));
	rep->rules = rules;
	rep->pool = rules && zt_layout_rules_is_pool(rules, l->name);
	{
		struct types_ctx tc = { .ls = types };

		tc.memo = xcalloc(types && types->n ? types->n : 1, sizeof(*tc.memo));
		for (size_t i = 0; i < l->n; i++)
			rep->member_align[i] = member_align(l, (int)i, &tc, 0);
		rep->align = layout_align(l, &tc, 0);
		free(tc.memo);
	}
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
				if (hf->freq >= ZT_FREQ_PER_POLL)
					mark_hot(rep, (int)j, hf->freq);
			}
			if (!any)
				add_str(&rep->unknown_fields, &rep->n_unknown, hf->field);
			else if (hf->freq >= ZT_FREQ_PER_POLL)
				rep->hot_fields++;
			continue;
		}
		if (hf->freq == ZT_FREQ_COLD || hf->freq == ZT_FREQ_UNKNOWN)
			continue;
		rep->hot_fields++;
		mark_hot(rep, i, hf->freq);
	}
	embedded_hot(rep, types);
	{
		/* distinct hot bytes: union arms overlap */
		unsigned char *hot = xcalloc(l->sum.size + 1, 1);

		for (size_t i = 0; i < l->n; i++) {
			const struct zt_member *m = &l->m[i];

			if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
				continue;
			unsigned long (*ext)[2] = xcalloc(rep->member_hot[i].n + 1, sizeof(*ext));
			size_t nx = hot_extents(rep, (int)i, m->start, m->end, ext,
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
	rep->hot_span = span_of(rep, NULL, true);
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
	place(rep, order, nt, &rep->current);
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
	build_units(rep, &us);
	suggest(rep, &us);
	units_release(&us);
	return 0;
}

void zt_struct_report_release(struct zt_struct_report *rep)
{
	free(rep->member_align);
	free(rep->member_freq);
	for (size_t i = 0; rep->member_hot && rep->l && i < rep->l->n; i++)
		free(rep->member_hot[i].v);
	free(rep->member_hot);
	free(rep->why_unverified);
	zt_names_free(rep->unknown_fields, rep->n_unknown);
	placement_release(&rep->current);
	placement_release(&rep->packed);
	placement_release(&rep->suggested);
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
		unsigned long s = p ? new_start(rep, p, (int)i) : m->start;
		unsigned long e = p ? new_end(rep, p, (int)i) : m->end;
		size_t nx;

		if (m->parent < 0) {
			for (unsigned long b = s; b < e && b < size; b++)
				map->owner[b] = (int)i;
			if (e > map->used)
				map->used = e < size ? e : size;
		}
		/* hot bytes as span_of() counts them */
		if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
			continue;
		ext = xrealloc(ext, (rep->member_hot[i].n + 1) * sizeof(*ext));
		nx = hot_extents(rep, (int)i, s, e, ext, rep->member_hot[i].n + 1);
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
	json_t *order = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(order, json_string(names[i]));
	zt_names_free(names, n);
	return json_pack("{s:o, s:I, s:i, s:i, s:I}", "order", order, "size", (json_int_t)p->size,
			 "cachelines", (int)p->lines, "hot_span", (int)p->hot_span,
			 "holes", (json_int_t)p->holes);
}

static json_t *report_json(const struct zt_struct_report *rep)
{
	const struct zt_layout *l = rep->l;
	json_t *hot = json_array(), *o;

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];

		if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
			continue;
		if (m->parent >= 0 && is_hot(rep->member_freq[m->parent]) &&
		    l->m[m->parent].kind == ZT_MEMBER_FIELD)
			continue;
		json_array_append_new(hot, json_pack("{s:s, s:s, s:I, s:I, s:i, s:I, s:i}", "field",
						     m->name, "frequency",
						     freq_short(rep->member_freq[i]),
						     "offset", (json_int_t)m->start,
						     "size", (json_int_t)(m->end - m->start),
						     "cacheline", (int)m->first_line,
						     "hot_bytes", (json_int_t)member_hot_bytes(rep, (int)i),
						     "hot_lines", (int)member_hot_lines(rep, (int)i)));
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
	free(s);
	zt_names_free(names, n);
}

static void note_hot_fields(const struct zt_struct_report *rep, struct zt_finding *f)
{
	const struct zt_layout *l = rep->l;

	for (size_t i = 0; i < l->n; i++) {
		const struct zt_member *m = &l->m[i];

		if (!is_hot(rep->member_freq[i]) || m->kind != ZT_MEMBER_FIELD)
			continue;
		if (m->parent >= 0 && is_hot(rep->member_freq[m->parent]) &&
		    l->m[m->parent].kind == ZT_MEMBER_FIELD)
			continue;
		if (rep->member_hot[i].n)
			zt_finding_add_note(f, "%s struct '%s' at %lu (%lu bytes, lines %u-%u): "
					    "counted as the %lu bytes of its hot members, in %u "
					    "cache line%s", freq_short(rep->member_freq[i]), m->name,
					    m->start, m->end - m->start, m->first_line, m->last_line,
					    member_hot_bytes(rep, (int)i), member_hot_lines(rep, (int)i),
					    member_hot_lines(rep, (int)i) == 1 ? "" : "s");
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
		t = bare_type(m->type);
		if (scalar_size(t) || !strncmp(t, "enum ", 5) || !*t) {
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
