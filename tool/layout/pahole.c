// SPDX-License-Identifier: GPL-2.0-only
/*
 * pahole reader. The text is parsed line by line with a brace-depth stack:
 * nested bodies print absolute offsets and close with "} name; / * off size * /".
 * Anything unexpected is an error with the line number, never a guess.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pahole.h"
#include "pahole_int.h"
#include "strbuf.h"
#include "zerotax.h"

#define MAX_DEPTH 64
#define GROUP_BEGIN "__cacheline_group_begin__"
#define GROUP_END "__cacheline_group_end__"

struct parser {
	struct zt_layouts *out;
	unsigned int cacheline;
	unsigned int lineno;
	struct zt_layout *cur;		/* the type being read, NULL outside */
	size_t cap;
	int open[MAX_DEPTH];		/* index of the body opened at each depth, -1: the type */
	int last[MAX_DEPTH];		/* last member printed at each depth */
	int depth;			/* 0: directly inside the type */
	bool in_enum;			/* skipping an enum body */
	/*
	 * "Force padding:" seen at this depth: what follows until the body closes
	 * is tail padding pahole prints as nameless bitfields (TYPE :BITS;), not members.
	 */
	bool force_pad[MAX_DEPTH];
	int before[MAX_DEPTH];		/* last[depth - 1] before this body opened */
	int skip;			/* brace depth of a padding body being skipped */
	char *enum_type;		/* skipping an inline "enum {" body: its type */
	char *decl_file;		/* "/ * <id> FILE:LINE * /" seen before the next type */
	unsigned int decl_line;
	char *why;			/* the last line not understood: why (no line number) */
};

/* Forget members [from, n) of @l. */
static void members_truncate(struct zt_layout *l, size_t from)
{
	for (size_t j = from; j < l->n; j++) {
		free(l->m[j].name);
		free(l->m[j].type);
		free(l->m[j].group_begin);
		free(l->m[j].group_end);
	}
	l->n = from;
}

void zt_pahole_layout_free(struct zt_layout *l)
{
	members_truncate(l, 0);
	free(l->m);
	free(l->name);
	free(l->decl_file);
}

static int perr(struct parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int perr(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	free(p->why);
	va_start(ap, fmt);
	p->why = xvasprintf(fmt, ap);
	va_end(ap);
	return -1;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Collapse whitespace runs to one space; pahole pads with columns. */
static char *squeeze(const char *s)
{
	char *r = xmalloc(strlen(s) + 1), *d = r;
	bool sp = false;

	for (; *s; s++) {
		if (isspace((unsigned char)*s)) {
			sp = d != r;
			continue;
		}
		if (sp)
			*d++ = ' ';
		sp = false;
		*d++ = *s;
	}
	*d = '\0';
	return r;
}

/* A decimal number, or hexadecimal with 0x (pahole --hex); whole token. */
static int parse_num(const char **sp, unsigned long *v)
{
	const char *s = *sp;
	char *end;
	int base = 10;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!isdigit((unsigned char)*s))
		return -1;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16;
	errno = 0;
	*v = strtoul(s, &end, base);
	if (errno || end == s)
		return -1;
	*sp = end;
	return 0;
}

static int add_type(struct parser *p, const char *name, bool is_union, bool is_typedef)
{
	struct zt_layouts *ls = p->out;
	struct zt_layout *l;

	ZT_ALLOC_GROW(ls->v, ls->n + 1, ls->alloc);
	l = &ls->v[ls->n++];
	memset(l, 0, sizeof(*l));
	l->name = xstrdup(name);
	l->is_union = is_union;
	l->is_typedef = is_typedef;
	l->cacheline = p->cacheline;
	l->text_line = p->lineno;
	l->decl_file = p->decl_file;
	l->decl_line = p->decl_line;
	p->decl_file = NULL;
	p->cur = l;
	p->cap = 0;
	p->depth = 0;
	p->skip = 0;
	p->force_pad[0] = false;
	p->open[0] = -1;
	p->last[0] = -1;
	return 0;
}

static struct zt_member *add_member(struct parser *p)
{
	struct zt_layout *l = p->cur;
	struct zt_member *m;

	if (l->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 16;
		l->m = xrealloc(l->m, p->cap * sizeof(*l->m));
	}
	m = &l->m[l->n];
	memset(m, 0, sizeof(*m));
	m->parent = p->open[p->depth];
	m->depth = p->depth;
	p->last[p->depth] = (int)l->n;
	l->n++;
	return m;
}

/*
 * Take " __attribute__((...))" groups off the end of @s, noting __aligned__(N)
 * and __packed__. Returns -1 on an unbalanced attribute.
 */
static int strip_attributes(char *s, unsigned long *aligned, bool *packed)
{
	char *a;

	while ((a = strstr(s, "__attribute__(("))) {
		char *q = a + strlen("__attribute__");
		int depth = 0;
		char *al, *end, saved;

		for (; *q; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')' && --depth == 0)
				break;
		}
		if (!*q)
			return -1;
		end = q + 1;
		saved = *end;
		*end = '\0';
		al = strstr(a, "__aligned__(");
		if (al) {
			const char *n = al + strlen("__aligned__(");

			/* alignments are powers of two; pahole prints what DWARF says */
			if (parse_num(&n, aligned) < 0 || *aligned == 0 || *aligned > (1UL << 20) ||
			    (*aligned & (*aligned - 1)))
				return -1;
		}
		if (strstr(a, "__packed__") && packed)
			*packed = true;
		*end = saved;
		memmove(a, end, strlen(end) + 1);
	}
	return 0;
}

static bool is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Peel "[N]" dimensions off the end of @decl; returns the count or -1. */
static int peel_dims(char *decl, struct zt_member *m)
{
	char *e = decl + strlen(decl);
	unsigned long elems = 1;
	int n = 0;

	while (e > decl && e[-1] == ']') {
		char *o = e - 1;
		unsigned long d;
		const char *np;

		while (o > decl && *o != '[')
			o--;
		if (*o != '[')
			return -1;
		np = o + 1;
		if (*np == ']') {
			m->flexible = true;
			elems = 0;
		} else {
			if (parse_num(&np, &d) < 0 || *np != ']')
				return -1;
			if (d == 0)
				m->zero_length = true;
			elems *= d;
		}
		n++;
		*o = '\0';
		e = o;
		while (e > decl && e[-1] == ' ')
			*--e = '\0';
	}
	m->n_dims = n;
	m->elems = n ? elems : 0;
	return n;
}

/* Split a printed declaration into type and name; fills @m. */
static int parse_decl(struct parser *p, char *decl, struct zt_member *m)
{
	char *colon, *fp, *e, *name;

	if (strip_attributes(decl, &m->aligned, NULL) < 0)
		return perr(p, "bad __attribute__ in '%s'", decl);
	decl = trim(decl);
	/* bitfield: "type name:N", or "type :N" when unnamed */
	colon = strrchr(decl, ':');
	if (colon && !strchr(colon, ')') && !strchr(colon, ']')) {
		const char *np = colon + 1;
		unsigned long bits;

		if (parse_num(&np, &bits) < 0 || *trim((char *)np) || bits > 128)
			return perr(p, "bad bitfield width in '%s'", decl);
		m->bit_size = (unsigned int)bits;
		m->bitfield = true;
		*colon = '\0';
		if (colon > decl && (colon[-1] == ' ' || colon[-1] == '\t')) {
			/* unnamed: the whole left side is the type */
			m->name = xstrdup("");
			m->type = squeeze(decl);
			if (!*m->type)
				return perr(p, "bitfield without a type");
			return 0;
		}
		decl = trim(decl);
	}
	fp = strstr(decl, "(*");
	if (fp) {
		char *s = fp + 2, *t;

		while (*s == ' ')
			s++;
		t = s;
		while (is_ident_char(*t))
			t++;
		if (t == s)
			return perr(p, "function pointer without a name in '%s'", decl);
		m->name = xstrndup(s, t - s);
		m->func_ptr = true;
		/* "(*table)(int)[4]": the dimensions come last */
		if (peel_dims(decl, m) < 0)
			return perr(p, "bad array dimension in '%s'", decl);
		memmove(s, t, strlen(t) + 1);
		m->type = squeeze(decl);
		return 0;
	}
	if (peel_dims(decl, m) < 0)
		return perr(p, "bad array dimension in '%s'", decl);
	e = decl + strlen(decl);
	name = e;
	while (name > decl && is_ident_char(name[-1]))
		name--;
	if (name == e || name == decl || isdigit((unsigned char)*name) || strpbrk(decl, "[]{};"))
		return perr(p, "cannot find a type and a name in '%s'", decl);
	m->name = xstrdup(name);
	*name = '\0';
	m->type = squeeze(decl);
	if (!*m->type)
		return perr(p, "declaration without a type");
	return 0;
}

/* "/ *   12: 3  2 * /" or "/ *  16  8 * /": @c is the comment's inside. */
static int parse_offsets(struct parser *p, const char *c, struct zt_member *m)
{
	unsigned long off, size, bit = 0;
	const char *s = c;

	if (parse_num(&s, &off) < 0)
		return perr(p, "no offset in member comment '%s'", c);
	if (*s == ':') {
		s++;
		if (parse_num(&s, &bit) < 0)
			return perr(p, "no bit offset in member comment '%s'", c);
		if (!m->bitfield && m->kind == ZT_MEMBER_FIELD)
			return perr(p, "bit offset on a member that is not a bitfield");
	} else if (m->bitfield) {
		return perr(p, "bitfield without a bit offset");
	}
	if (parse_num(&s, &size) < 0)
		return perr(p, "no size in member comment '%s'", c);
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s)
		return perr(p, "trailing text in member comment '%s'", c);
	if (off > (1UL << 40) || size > (1UL << 40) || bit > 1024)
		return perr(p, "offset or size out of range in '%s'", c);
	m->has_offset = true;
	m->offset = off;
	m->size = size;
	m->bit_offset = (unsigned int)bit;
	return 0;
}

static int number_after(const char *s, const char *key, unsigned long *v)
{
	const char *k = strstr(s, key);

	if (!k)
		return -1;
	k += strlen(key);
	return parse_num(&k, v);
}

/* One line of the summary block: comma-separated "key: value" pairs. */
static bool parse_summary(struct zt_layout_summary *sum, const char *c)
{
	static const struct {
		const char *key;
		size_t off;
	} keys[] = {
#define K(k, f) { k, offsetof(struct zt_layout_summary, f) }
		K("size", size), K("cachelines", cachelines), K("members", members),
		K("sum members", sum_members), K("holes", holes), K("sum holes", sum_holes),
		K("sum bitfield members", sum_bitfield_bits), K("bit holes", bit_holes),
		K("sum bit holes", sum_bit_holes), K("padding", padding), K("paddings", paddings),
		K("sum paddings", sum_paddings), K("bit_padding", bit_padding),
		K("forced alignments", forced_alignments), K("forced holes", forced_holes),
		K("sum forced holes", sum_forced_holes), K("last cacheline", last_cacheline),
#undef K
	};
	char buf[512], *save = NULL, *tok;
	bool any = false;

	if (starts(c, "BRAIN FART ALERT")) {
		sum->brain_fart = true;
		return true;
	}
	if (strlen(c) >= sizeof(buf))
		return false;
	strcpy(buf, c);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(tok, ':');
		const char *v;
		unsigned long n;
		size_t i;

		if (!colon)
			return any;
		*colon = '\0';
		tok = trim(tok);
		v = colon + 1;
		if (parse_num(&v, &n) < 0)
			return any;
		for (i = 0; i < ARRAY_SIZE(keys); i++)
			if (!strcmp(tok, keys[i].key))
				break;
		if (i == ARRAY_SIZE(keys))
			return any;
		*(unsigned long *)((char *)sum + keys[i].off) = n;
		if (!strcmp(tok, "size"))
			sum->have_size = true;
		any = true;
	}
	return any;
}

/* A comment line inside a type: holes, paddings, markers, summary. */
static int parse_comment(struct parser *p, const char *c)
{
	struct zt_layout *l = p->cur;
	int last = p->last[p->depth];
	struct zt_member *m = last >= 0 ? &l->m[last] : NULL;
	unsigned long n;

	if (starts(c, "XXX")) {
		if (strstr(c, "last struct has")) {
			if (strstr(c, "bit padding") || strstr(c, "bits of padding"))
				return 0;
			if (number_after(c, "last struct has", &n) == 0 && m)
				m->inner_padding = n;
			return 0;
		}
		if (strstr(c, "hole") && number_after(c, "XXX", &n) == 0) {
			if (!m)
				return 0;
			if (strstr(c, " bit hole") || strstr(c, " bits hole"))
				m->bit_hole_after = (unsigned int)(n > 1024 ? 1024 : n);
			else
				m->hole_after = n;
		}
		return 0;
	}
	if (starts(c, "Bitfield combined with next")) {
		if (m)
			m->combined_next = true;
		return 0;
	}
	if (starts(c, "---"))	/* cache-line markers: recomputed */
		return 0;
	if (starts(c, "Force padding")) {
		p->force_pad[p->depth] = true;
		return 0;
	}
	if (p->depth == 0 && parse_summary(&l->sum, c))
		return 0;
	return 0;	/* other notes (WARNING: DWARF size, Force alignment) carry no layout */
}

static void finish_member_fields(struct zt_layout *l, struct zt_member *m)
{
	unsigned int cl = l->cacheline;

	if (m->bitfield) {
		unsigned long sb = m->offset * 8 + m->bit_offset;

		m->start = sb / 8;
		m->end = (sb + m->bit_size + 7) / 8;
	} else {
		m->start = m->offset;
		m->end = m->offset + m->size;
	}
	m->first_line = (unsigned int)(m->start / cl);
	m->last_line = (unsigned int)((m->end > m->start ? m->end - 1 : m->start) / cl);
	if (starts(m->name, GROUP_BEGIN) && m->name[strlen(GROUP_BEGIN)])
		m->group_begin = xstrdup(m->name + strlen(GROUP_BEGIN));
	if (starts(m->name, GROUP_END) && m->name[strlen(GROUP_END)])
		m->group_end = xstrdup(m->name + strlen(GROUP_END));
}

/* "} name;", "};", "} name __attribute__((...));" inside a type. */
static int close_body(struct parser *p, char *decl, const char *comment)
{
	struct zt_layout *l = p->cur;
	struct zt_member *m;
	char *s = trim(decl + 1);
	size_t len = strlen(s);
	int idx;

	if (p->depth == 0)
		return perr(p, "unbalanced '}'");
	if (!len || s[len - 1] != ';')
		return perr(p, "closing brace without ';'");
	s[len - 1] = '\0';
	idx = p->open[p->depth];
	m = &l->m[idx];
	if (strip_attributes(s, &m->aligned, NULL) < 0)
		return perr(p, "bad __attribute__");
	s = trim(s);
	if (*s == '*') {
		/* "} * channels;": a pointer to an anonymous type, whose body was shown */
		char *t = m->type;

		while (*s == '*' || *s == ' ')
			s++;
		m->type = xasprintf("%s *", t);
		free(t);
		m->kind = ZT_MEMBER_FIELD;
		members_truncate(l, (size_t)idx + 1);
	}
	if (*s) {
		char *t = s;

		peel_dims(s, m);
		for (t = s; *t; t++)
			if (!is_ident_char(*t))
				return perr(p, "bad name '%s' after '}'", s);
	}
	free(m->name);
	m->name = xstrdup(s);
	if (!comment && !*s) {
		/*
		 * Not a member: pahole re-prints an anonymous type defined inside
		 * the struct (clang puts its DIE there) right after the member of
		 * that type, with relative offsets, a struct with its own summary,
		 * and a bare "};". Real members always carry "/ * off size * /".
		 */
		members_truncate(l, (size_t)idx);
		p->depth--;
		p->last[p->depth] = p->before[p->depth + 1];
		return 0;
	}
	if (!comment)
		return perr(p, "nested body closed without offset and size");
	if (parse_offsets(p, comment, m) < 0)
		return -1;
	finish_member_fields(l, m);
	p->depth--;
	return 0;
}

/* "}", "} __attribute__((__aligned__(64)));", "} tdef_t;" ends the type. */
static int close_type(struct parser *p, char *s)
{
	struct zt_layout *l = p->cur;
	size_t len;

	s = trim(s + 1);
	len = strlen(s);
	if (len && s[len - 1] == ';')
		s[--len] = '\0';
	if (strip_attributes(s, &l->aligned, &l->packed) < 0)
		return perr(p, "bad __attribute__ after the type");
	s = trim(s);
	if (*s) {
		for (char *t = s; *t; t++)
			if (!is_ident_char(*t))
				return perr(p, "bad typedef name '%s'", s);
		if (!l->is_typedef)
			return perr(p, "name '%s' after a struct that is not a typedef", s);
		free(l->name);
		l->name = xstrdup(s);
	} else if (l->is_typedef) {
		return perr(p, "typedef without a name");
	}
	if (!l->sum.have_size) {
		/* pahole prints no summary for unions: the largest member is the size */
		if (!l->is_union)
			return perr(p, "type '%s' has no summary block (size:)", l->name);
		for (size_t i = 0; i < l->n; i++)
			if (l->m[i].parent < 0 && l->m[i].has_offset &&
			    l->m[i].offset + l->m[i].size > l->sum.size)
				l->sum.size = l->m[i].offset + l->m[i].size;
	}
	for (size_t i = 0; i < l->n; i++)
		if (!l->m[i].has_offset && !l->m[i].bitfield && !l->m[i].unprintable &&
		    l->m[i].kind == ZT_MEMBER_FIELD)
			return perr(p, "member '%s' has no offset", l->m[i].name);
	l->lines = (unsigned int)((l->sum.size + l->cacheline - 1) / l->cacheline);
	p->cur = NULL;
	return 0;
}

/* "const volatile struct {" -> "struct {" */
static const char *skip_qualifiers(const char *s)
{
	for (;;) {
		if (starts(s, "const "))
			s += 6;
		else if (starts(s, "volatile "))
			s += 9;
		else
			return s;
		while (*s == ' ')
			s++;
	}
}

static int open_body(struct parser *p, const char *s)
{
	struct zt_member *m;
	int before;

	if (p->depth + 1 >= MAX_DEPTH)
		return perr(p, "nesting deeper than %d", MAX_DEPTH);
	before = p->last[p->depth];
	m = add_member(p);
	m->kind = starts(skip_qualifiers(s), "union") ? ZT_MEMBER_UNION : ZT_MEMBER_STRUCT;
	m->name = xstrdup("");
	/* "struct {" -> "struct"; "struct foo {" -> "struct foo" */
	m->type = squeeze(s);
	m->type[strlen(m->type) - 1] = '\0';
	trim(m->type);
	p->depth++;
	p->open[p->depth] = (int)(m - p->cur->m);
	p->last[p->depth] = -1;
	p->before[p->depth] = before;
	p->force_pad[p->depth] = false;
	return 0;
}

void zt_pahole_add_not_found(struct zt_layouts *ls, const char *s, size_t n)
{
	ZT_ALLOC_GROW(ls->not_found, ls->n_not_found + 1, ls->alloc_not_found);
	ls->not_found[ls->n_not_found++] = xstrndup(s, n);
}

/* "pahole: type 'x' not found" */
bool zt_pahole_not_found_line(struct zt_layouts *ls, const char *s)
{
	const char *q, *e;

	q = strstr(s, "type '");
	if (!q || !strstr(s, "' not found"))
		return false;
	q += strlen("type '");
	e = strstr(q, "' not found");
	if (!e)
		return false;
	zt_pahole_add_not_found(ls, q, e - q);
	return true;
}

/* pahole -I: "Used at: ..." and "<die offset> FILE:LINE" */
static int parse_decl_location(struct parser *p, char *s)
{
	char *e = strstr(s, "*/"), *c, *colon;
	unsigned long ln;
	const char *np;

	if (!e)
		return perr(p, "unterminated comment");
	*e = '\0';
	c = trim(s + 2);
	if (c[0] != '<' || !(c = strchr(c, '>')))
		return 0;
	c = trim(c + 1);
	colon = strrchr(c, ':');
	if (!colon)
		return 0;
	np = colon + 1;
	if (parse_num(&np, &ln) < 0 || *np || ln > 100000000)
		return 0;
	free(p->decl_file);
	/* pahole 1.24 on clang's DWARF 5 line tables prints "(null)" */
	p->decl_file = strncmp(c, "(null):", 7) ? xstrndup(c, colon - c) : NULL;
	p->decl_line = (unsigned int)ln;
	return 0;
}

/* typedef uint64_t dma_addr_t; typedef void (*fn_t)(int); typedef u8 a_t[4]; */
static int parse_typedef(struct parser *p, const char *s, size_t len)
{
	struct zt_layouts *ls = p->out;
	struct zt_member tmp = { 0 };
	char *decl = xstrdup(s);
	int r;

	decl[len - 1] = '\0';
	r = parse_decl(p, decl, &tmp);
	free(decl);
	if (r < 0 || !tmp.name[0] || tmp.bitfield) {
		free(tmp.name);
		free(tmp.type);
		if (r == 0)
			perr(p, "cannot read typedef '%.60s'", s);
		return -1;
	}
	ZT_ALLOC_GROW(ls->td, ls->n_td + 1, ls->alloc_td);
	ls->td[ls->n_td].name = tmp.name;
	ls->td[ls->n_td].target = tmp.type;
	ls->n_td++;
	return 0;
}

/* A line outside any type. */
static int parse_outside(struct parser *p, char *s)
{
	bool is_typedef = false, is_union;
	char *name, *e;
	size_t len = strlen(s);

	if (!*s)
		return 0;
	if (p->in_enum) {
		if (s[0] == '}')
			p->in_enum = false;
		return 0;
	}
	if (zt_pahole_not_found_line(p->out, s))
		return 0;
	if (starts(s, "/*"))
		return parse_decl_location(p, s);
	if (starts(s, "enum ") && s[len - 1] == '{') {
		p->in_enum = true;
		return 0;
	}
	if (starts(s, "typedef ")) {
		is_typedef = true;
		s = trim(s + 8);
		len = strlen(s);
		if (s[len - 1] == ';')
			return parse_typedef(p, s, len);
		if (starts(s, "enum") && s[len - 1] == '{') {
			p->in_enum = true;
			return 0;
		}
	}
	if (starts(s, "struct") && (s[6] == ' ' || s[6] == '{'))
		is_union = false;
	else if (starts(s, "union") && (s[5] == ' ' || s[5] == '{'))
		is_union = true;
	else
		return perr(p, "unexpected text outside a struct: '%.60s'", s);
	if (s[len - 1] != '{')
		return perr(p, "expected '{' at the end of '%.60s'", s);
	s[len - 1] = '\0';
	name = trim(s + (is_union ? 5 : 6));
	for (e = name; *e; e++)
		if (!is_ident_char(*e))
			return perr(p, "bad type name '%s'", name);
	if (!*name && !is_typedef)
		return perr(p, "anonymous %s at top level", is_union ? "union" : "struct");
	return add_type(p, name, is_union, is_typedef);
}

static int parse_line(struct parser *p, char *line);

/*
 * "} state:16; / * 1192:16 4 * /" ends an inline enum member: read it as the
 * declaration "enum state:16;". A bare "};" is clang's re-print of the type.
 */
static int close_enum(struct parser *p, const char *s)
{
	char *decl;
	int ret = 0;

	s = s + 1;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s != ';') {
		decl = xasprintf("%s %s", p->enum_type, s);
		ret = parse_line(p, decl);
		free(decl);
	}
	free(p->enum_type);
	p->enum_type = NULL;
	return ret;
}

/* inside a padding or enum body: only its braces matter */
static int parse_skipped(struct parser *p, char *s)
{
	size_t len = strlen(s);

	if (s[0] == '}' && --p->skip == 0 && p->enum_type)
		return close_enum(p, s);
	else if (len && s[len - 1] == '{')
		p->skip++;
	return 0;
}

/* a line ending in '{': an inline enum (skipped) or a nested struct/union */
static int parse_open(struct parser *p, char *decl)
{
	const char *kw = skip_qualifiers(decl);

	if (starts(kw, "enum") && (kw[4] == ' ' || kw[4] == '{')) {
		/* an inline enum: its enumerators carry no layout */
		free(p->enum_type);	/* a previous one left open by bad input */
		p->enum_type = squeeze(decl);
		p->enum_type[strlen(p->enum_type) - 1] = '\0';
		trim(p->enum_type);
		p->skip = 1;
		return 0;
	}
	if (!starts(kw, "struct") && !starts(kw, "union"))
		return perr(p, "unexpected body '%.60s'", decl);
	return open_body(p, decl);
}

/* a member declaration, its ';' already cut, with its offset comment */
static int parse_member(struct parser *p, char *decl, char *comment)
{
	struct zt_member *m = add_member(p);

	if (parse_decl(p, decl, m) < 0)
		return -1;
	if (comment) {
		if (parse_offsets(p, comment, m) < 0)
			return -1;
	} else if (!m->bitfield) {
		return perr(p, "member '%s' without offset and size", m->name);
	}
	if (m->has_offset)
		finish_member_fields(p->cur, m);
	return 0;
}

static int parse_line(struct parser *p, char *line)
{
	char *s = trim(line), *comment = NULL, *decl;
	size_t len;

	if (!p->cur)
		return parse_outside(p, s);
	if (!*s)
		return 0;
	if (zt_pahole_not_found_line(p->out, s))	/* stderr interleaved with stdout */
		return 0;
	if (p->skip)
		return parse_skipped(p, s);
	if (starts(s, "<ERROR")) {
		/* pahole 1.24 cannot print some members (DW_TAG_atomic_type): keep a hole */
		struct zt_member *m = add_member(p);

		m->name = xstrdup("");
		m->type = xstrdup("<unprintable>");
		m->unprintable = true;
		return 0;
	}
	len = strlen(s);
	if (starts(s, "/*")) {
		char *e = strstr(s + 2, "*/");

		if (!e)
			return perr(p, "unterminated comment");
		*e = '\0';
		return parse_comment(p, trim(s + 2));
	}
	/* a trailing "/ * ... * /" holds offset and size */
	if (len >= 4 && !strcmp(s + len - 2, "*/")) {
		char *o = s + len - 2;

		while (o > s && !(o[0] == '/' && o[1] == '*'))
			o--;
		if (o == s)
			return perr(p, "stray comment end");
		s[len - 2] = '\0';
		comment = trim(o + 2);
		*o = '\0';
	}
	decl = trim(s);
	len = strlen(decl);
	if (p->force_pad[p->depth] && decl[0] != '}') {
		/* "struct mutex :256;", or a whole "struct { ... } :8;" of padding */
		if (len && decl[len - 1] == '{')
			p->skip = 1;
		else if (!len || decl[len - 1] != ';')
			return perr(p, "padding without ';': '%.60s'", decl);
		return 0;
	}
	if (decl[0] == '}') {
		if (p->depth == 0) {
			if (comment)
				return perr(p, "comment after the end of the type");
			return close_type(p, decl);
		}
		return close_body(p, decl, comment);
	}
	if (len && decl[len - 1] == '{') {
		if (comment)
			return perr(p, "comment after '{'");
		return parse_open(p, decl);
	}
	if (!len || decl[len - 1] != ';')
		return perr(p, "member without ';': '%.60s'", decl);
	decl[--len] = '\0';
	return parse_member(p, decl, comment);
}

static void add_skip(struct parser *p, const char *raw)
{
	struct zt_layouts *ls = p->out;
	struct zt_pahole_skip *k;
	const char *why = p->why ? p->why : "";

	ZT_ALLOC_GROW(ls->skipped, ls->n_skipped + 1, ls->alloc_skipped);
	k = &ls->skipped[ls->n_skipped++];
	k->type = p->cur ? xstrdup(p->cur->name) : NULL;
	k->line = p->lineno;
	k->text = xstrdup(raw);
	k->why = xstrdup(why);
}

/* Forget the type being read: nothing half-parsed reaches a caller. */
static void drop_type(struct parser *p)
{
	free(p->enum_type);
	p->enum_type = NULL;
	p->skip = 0;
	zt_pahole_layout_free(p->cur);
	p->out->n--;
	p->cur = NULL;
}

static int parse(const char *text, size_t len, unsigned int cacheline, bool tolerant,
		 struct zt_layouts *out)
{
	struct parser p = { .out = out, .cacheline = cacheline ? cacheline : 64 };
	const char *s = text, *end = text + len;
	char *buf = NULL, *raw = NULL;
	size_t bufcap = 0;
	bool resync = false;	/* skipping to the end of a type not understood */
	int ret = 0;

	while (s < end) {
		const char *nl = memchr(s, '\n', end - s);
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		p.lineno++;
		if (n + 1 > bufcap) {
			bufcap = n + 1;
			buf = xrealloc(buf, bufcap);
			raw = xrealloc(raw, bufcap);
		}
		memcpy(buf, s, n);
		buf[n] = '\0';
		s += n + 1;
		if (resync) {
			/* a type's own closing brace is the only one in column 0 */
			resync = buf[0] != '}';
			continue;
		}
		if (memchr(buf, '\0', n)) {
			raw[0] = '\0';
			ret = perr(&p, "NUL byte in pahole output");
		} else {
			memcpy(raw, buf, n + 1);
			ret = parse_line(&p, buf);
		}
		if (ret == 0)
			continue;
		if (!tolerant)
			break;
		add_skip(&p, raw);
		if (p.cur) {
			resync = raw[0] != '}';
			drop_type(&p);
		}
		ret = 0;
	}
	if (!ret && p.cur) {
		p.lineno++;
		ret = perr(&p, "output ends inside type '%s'", p.cur->name);
		if (tolerant) {
			add_skip(&p, "");
			ret = 0;
		}
	}
	if (ret)
		error("pahole output line %u: %s", p.lineno, p.why);
	if (p.cur)
		drop_type(&p);
	free(p.enum_type);
	free(buf);
	free(raw);
	free(p.decl_file);
	free(p.why);
	return ret;
}

int zt_pahole_parse(const char *text, size_t len, unsigned int cacheline, struct zt_layouts *out)
{
	return parse(text, len, cacheline, false, out);
}

void zt_pahole_parse_tolerant(const char *text, size_t len, unsigned int cacheline,
			      struct zt_layouts *out)
{
	parse(text, len, cacheline, true, out);
}

/* One pahole run; parses into @out. */
