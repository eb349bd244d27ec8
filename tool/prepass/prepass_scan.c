// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pre-pass's reader: one C file as tokens (comments, strings and
 * character literals skipped, directives kept whole), then its function
 * bodies, macro bodies, initializers, field stores and root registrations,
 * by name. No preprocessing: both branches of an #if are read, which can
 * only add names.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "prepass_int.h"

enum tok_kind { TK_IDENT, TK_PUNCT, TK_OTHER, TK_DIRECTIVE };

struct tok {
	enum tok_kind kind;
	const char *s;
	size_t len;
};

struct toks {
	struct tok *v;
	size_t n, cap;
};

static void tok_push(struct toks *t, enum tok_kind kind, const char *s, size_t len)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	t->v[t->n++] = (struct tok){ kind, s, len };
}

static bool ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '$';
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Past a comment, string or character literal starting at @p, or @p. */
static const char *skip_opaque(const char *p, const char *end)
{
	if (p + 1 < end && p[0] == '/' && p[1] == '*') {
		for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++)
			;
		return p + 1 < end ? p + 2 : end;
	}
	if (p + 1 < end && p[0] == '/' && p[1] == '/') {
		while (p < end && *p != '\n') {
			if (*p == '\\' && p + 1 < end)
				p++;
			p++;
		}
		return p;
	}
	if (*p == '"' || *p == '\'') {
		char q = *p++;

		while (p < end && *p != q && *p != '\n') {
			if (*p == '\\' && p + 1 < end)
				p++;
			p++;
		}
		return p < end ? p + 1 : end;
	}
	return p;
}

static const char *const two_char_ops[] = {
	"->", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=",
	"|=", "&=", "^=", "%=", "<<", ">>", "##",
};

/* Tokens of [p, end); directives (from '#' at a line start) become one token each. */
static void lex(const char *p, const char *end, bool directives, struct toks *out)
{
	bool line_start = true;

	while (p < end) {
		const char *q;

		if (*p == '\n') {
			line_start = true;
			p++;
			continue;
		}
		if (isspace((unsigned char)*p) || (*p == '\\' && p + 1 < end && p[1] == '\n')) {
			p += *p == '\\' ? 2 : 1;
			continue;
		}
		q = skip_opaque(p, end);
		if (q != p) {
			if (*p == '"' || *p == '\'')
				tok_push(out, TK_OTHER, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (directives && line_start && *p == '#') {
			/* the logical line, continuations and comments inside included */
			for (q = p; q < end && *q != '\n';) {
				const char *r = skip_opaque(q, end);

				if (r != q) {
					q = r;
					continue;
				}
				q += (*q == '\\' && q + 1 < end && q[1] == '\n') ? 2 : 1;
			}
			tok_push(out, TK_DIRECTIVE, p, (size_t)(q - p));
			p = q;
			continue;
		}
		line_start = false;
		if (ident_start(*p)) {
			for (q = p + 1; q < end && ident_char(*q); q++)
				;
			tok_push(out, TK_IDENT, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (isdigit((unsigned char)*p)) {
			for (q = p + 1; q < end && (ident_char(*q) || *q == '.'); q++)
				;
			tok_push(out, TK_OTHER, p, (size_t)(q - p));
			p = q;
			continue;
		}
		{
			size_t len = 1;

			for (size_t k = 0; k < ARRAY_SIZE(two_char_ops) && p + 1 < end; k++)
				if (p[0] == two_char_ops[k][0] && p[1] == two_char_ops[k][1])
					len = 2;
			tok_push(out, TK_PUNCT, p, len);
			p += len;
		}
	}
}

static bool is(const struct tok *t, const char *s)
{
	return t->kind == TK_PUNCT && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static bool ident_is(const struct tok *t, const char *s)
{
	return t->kind == TK_IDENT && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

/* Words followed by '(' that are not calls. */
static bool keyword(const struct tok *t)
{
	static const char *const kw[] = {
		"if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__",
		"__typeof", "_Alignof", "__alignof__", "alignof", "defined", "case", "do",
		"else", "goto", "_Static_assert", "static_assert", "__builtin_offsetof",
		"offsetof", "__attribute__", "__attribute", "asm", "__asm__", "__asm",
		"volatile", "__volatile__", "_Generic", "__builtin_types_compatible_p",
		"struct", "union", "enum", "const", "static", "inline", "unsigned", "signed",
		"int", "char", "long", "short", "void", "bool", "_Bool", "float", "double",
	};

	if (t->kind != TK_IDENT)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (ident_is(t, kw[i]))
			return true;
	return false;
}

bool zt_pp_registrar(const char *s, size_t len)
{
	return (len >= 14 && !strncmp(s, "netif_napi_add", 14)) ||
	       (len >= 17 && !strncmp(s, "netif_tx_napi_add", 17));
}

static bool root_field(const char *s, size_t len)
{
	return (len == 14 && !strncmp(s, "ndo_start_xmit", 14)) ||
	       (len == 12 && !strncmp(s, "ndo_xdp_xmit", 12));
}

/* ---- reading one file ---- */

struct paren {
	bool call;		/* the parenthesis of a call or macro use */
	bool registrar;		/* ... of netif_napi_add*() */
	bool indirect;		/* ... of INDIRECT_CALL_*(): its field argument is called */
	uint32_t callee;
};

#define NO_TYPE UINT32_MAX
#define MAX_LEVEL 16

struct scan {
	struct zt_prepass *pp;
	uint32_t file;
	const struct toks *t;
	struct zt_pp_body *body;	/* NULL outside bodies */
	size_t body_index;
	size_t n_alias;			/* bodies right after it sharing its uses */
	int depth;			/* braces */
	/* in an initializer (TABLE): its struct type, array or not, brace level, positions */
	uint32_t tbl_type;
	bool tbl_array;
	int tbl_level;
	uint32_t idx[MAX_LEVEL];
	struct paren *parens;
	size_t n_parens, cap_parens;
	/* #if nesting: depth at the #if and at the end of its first branch */
	int cond_start[64], cond_end[64];
	int n_cond;
	uint32_t reg;			/* registrations seen: numbers them */
};

static uint32_t intern(struct scan *s, const struct tok *t)
{
	return zt_pp_intern(s->pp, t->s, t->len);
}

static void mention(struct scan *s, uint32_t id)
{
	zt_idlist_push(&s->pp->files[s->file].mentions, id);
}

/* The previous/next significant token (directives do not count). */
static ssize_t prev_tok(const struct toks *t, ssize_t i)
{
	for (i--; i >= 0 && t->v[i].kind == TK_DIRECTIVE; i--)
		;
	return i;
}

static size_t next_tok(const struct toks *t, size_t i)
{
	for (i++; i < t->n && t->v[i].kind == TK_DIRECTIVE; i++)
		;
	return i;
}

/* Index of the '(' matching the ')' at @i, or -1. */
static ssize_t open_of(const struct toks *t, ssize_t i)
{
	int level = 0;

	for (; i >= 0; i = prev_tok(t, i)) {
		if (is(&t->v[i], ")"))
			level++;
		else if (is(&t->v[i], "(") && !--level)
			return i;
		else if (is(&t->v[i], "{") || is(&t->v[i], "}") || is(&t->v[i], ";"))
			return -1;
	}
	return -1;
}

static struct zt_pp_body *new_body(struct scan *s, uint32_t name, enum zt_pp_body_kind kind)
{
	struct zt_prepass *pp = s->pp;
	struct zt_pp_body *b;

	pp->bodies = xrealloc(pp->bodies, (pp->n_bodies + 1) * sizeof(*pp->bodies));
	b = &pp->bodies[pp->n_bodies];
	memset(b, 0, sizeof(*b));
	b->name = name;
	b->file = s->file;
	b->kind = kind;
	s->body_index = pp->n_bodies++;
	return b;
}

/* More names for the body just started: the identifiers a definer macro was given. */
static void alias_body(struct scan *s, ssize_t open, ssize_t close)
{
	size_t keep = s->body_index;

	for (ssize_t k = open + 1; k < close; k++) {
		if (s->t->v[k].kind != TK_IDENT)
			continue;
		new_body(s, intern(s, &s->t->v[k]), ZT_PP_FUNC);
		s->n_alias++;
	}
	/* The aliases share the first body's uses: copied when it ends. */
	s->pp->bodies[keep].kind = ZT_PP_FUNC;
	s->body_index = keep;
}

/*
 * A '{' at file level: a function definition (after a parameter list and
 * attributes), an initializer (after '='), or a type's body.
 */
static void open_toplevel(struct scan *s, size_t i)
{
	const struct toks *t = s->t;
	ssize_t p = prev_tok(t, (ssize_t)i);

	s->body = NULL;
	s->n_alias = 0;
	if (p >= 0 && is(&t->v[p], ")")) {
		for (;;) {
			ssize_t o = open_of(t, p), n;

			if (o < 0)
				return;
			n = prev_tok(t, o);
			if (n < 0 || t->v[n].kind != TK_IDENT)
				return;
			/* __acquires(x), __attribute__((...)) after the parameters */
			if (t->v[n].len > 2 && !strncmp(t->v[n].s, "__", 2)) {
				ssize_t before = prev_tok(t, n);

				if (before >= 0 && is(&t->v[before], ")")) {
					p = before;
					continue;
				}
			}
			if (keyword(&t->v[n]))
				return;
			s->body = new_body(s, intern(s, &t->v[n]), ZT_PP_FUNC);
			s->pp->bodies[s->body_index].kind = ZT_PP_FUNC;
			{
				bool upper = true;

				for (size_t k = 0; k < t->v[n].len; k++)
					upper &= !islower((unsigned char)t->v[n].s[k]);
				/* DEFINE_FOO(name) { ... }: the body is name's too */
				if (upper) {
					size_t first = s->body_index;

					alias_body(s, o, p);
					s->body = &s->pp->bodies[first];
					s->pp->bodies[first].kind = ZT_PP_FUNC;
				}
			}
			return;
		}
	}
	if (p >= 0 && is(&t->v[p], "=")) {
		ssize_t n = prev_tok(t, p);

		/* name[N] = {, name[] = { */
		while (n >= 0 && is(&t->v[n], "]")) {
			while (n >= 0 && !is(&t->v[n], "["))
				n = prev_tok(t, n);
			n = prev_tok(t, n);
		}
		s->tbl_type = NO_TYPE;
		s->tbl_array = n != prev_tok(t, p);
		s->tbl_level = 0;
		if (n >= 0 && t->v[n].kind == TK_IDENT) {
			ssize_t ty = prev_tok(t, n), kw = ty >= 0 ? prev_tok(t, ty) : -1;

			if (ty >= 0 && t->v[ty].kind == TK_IDENT && kw >= 0 &&
			    (ident_is(&t->v[kw], "struct") || ident_is(&t->v[kw], "union")))
				s->tbl_type = intern(s, &t->v[ty]);
			s->body = new_body(s, intern(s, &t->v[n]), ZT_PP_TABLE);
		} else {
			s->body = new_body(s, zt_pp_intern(s->pp, "<initializer>", 13), ZT_PP_TABLE);
		}
	}
}

/* Aliased bodies (a definer macro's names) get a copy of the first body's uses. */
static void close_body(struct scan *s)
{
	struct zt_prepass *pp = s->pp;
	size_t first = s->body_index;

	for (size_t k = first + 1; k <= first + s->n_alias && k < pp->n_bodies; k++) {
		struct zt_pp_body *a = &pp->bodies[k], *b = &pp->bodies[first];

		zt_idlist_copy(&a->refs, &b->refs);
		zt_idlist_copy(&a->frefs, &b->frefs);
		zt_idlist_copy(&a->calls, &b->calls);
		zt_idlist_copy(&a->fcalls, &b->fcalls);
	}
	s->n_alias = 0;
	s->body = NULL;
}

static bool in_call(const struct scan *s)
{
	return s->n_parens && s->parens[s->n_parens - 1].call;
}

static bool in_registrar(const struct scan *s)
{
	return s->n_parens && s->parens[s->n_parens - 1].registrar;
}

/* A root candidate, with the body it is registered in (a wrapper's parameter is resolved later). */
static void add_root(struct scan *s, uint32_t id)
{
	struct zt_pp_file *f = &s->pp->files[s->file];

	zt_idlist_push(&f->roots, id);
	zt_idlist_push(&f->root_in, s->body ? s->body->name : UINT32_MAX);
	zt_idlist_push(&f->root_reg, s->reg);
	f->registers = true;
}

/* field = VALUE: every identifier of VALUE (to ',', ';' or a closing brace). */
static void store(struct scan *s, size_t eq, uint32_t field, bool root)
{
	const struct toks *t = s->t;
	int level = 0;

	s->reg += root;
	for (size_t k = next_tok(t, eq); k < t->n; k = next_tok(t, k)) {
		const struct tok *x = &t->v[k];

		if (is(x, "(") || is(x, "[") || is(x, "{"))
			level++;
		else if (is(x, ")") || is(x, "]") || is(x, "}")) {
			if (--level < 0)
				break;
		} else if (!level && (is(x, ",") || is(x, ";")))
			break;
		if (x->kind != TK_IDENT || keyword(x))
			continue;
		{
			ssize_t pk = prev_tok(t, (ssize_t)k);
			uint32_t fn = intern(s, x);

			size_t nk = next_tok(t, k);

			/* a member, or a call made to compute the value */
			if (pk >= 0 && (is(&t->v[pk], ".") || is(&t->v[pk], "->")))
				continue;
			if (nk < t->n && is(&t->v[nk], "("))
				continue;
			zt_pp_add_store(s->pp, field, fn, s->file);
			if (root)
				add_root(s, fn);
		}
	}
}

/*
 * A function at a position of an initializer: the member of that index when
 * the table's struct is known at this level; in an array of pointers, no
 * field at all (as in the precise facts); else the field is unknown.
 */
static void positional(struct scan *s, uint32_t id)
{
	struct zt_pp_body *b = s->body;
	int struct_level = s->tbl_array ? 2 : 1;

	if (b->kind == ZT_PP_TABLE && s->tbl_array && s->tbl_level == 1)
		return;
	if (b->kind == ZT_PP_TABLE && s->tbl_type != NO_TYPE && s->tbl_level == struct_level &&
	    s->tbl_level < MAX_LEVEL) {
		zt_pp_add_positional(s->pp, s->tbl_type, s->idx[s->tbl_level], id, s->file);
		return;
	}
	zt_idlist_push(&s->pp->files[s->file].positional, id);
}

static void ident(struct scan *s, size_t i)
{
	const struct toks *t = s->t;
	const struct tok *x = &t->v[i];
	ssize_t p = prev_tok(t, (ssize_t)i);
	size_t n = next_tok(t, i);
	bool field = p >= 0 && (is(&t->v[p], ".") || is(&t->v[p], "->"));
	bool called = n < t->n && is(&t->v[n], "(") && !keyword(x);
	uint32_t id;

	if (keyword(x))
		return;
	id = intern(s, x);
	mention(s, id);
	if (field) {
		/* a store, not a use */
		if (n < t->n && is(&t->v[n], "=")) {
			store(s, n, id, root_field(x->s, x->len));
			return;
		}
		if (!s->body)
			return;
		zt_idlist_push(&s->body->frefs, id);
		if (called || (s->n_parens && s->parens[s->n_parens - 1].indirect))
			zt_idlist_push(&s->body->fcalls, id);
		return;
	}
	if (in_registrar(s) && !called)
		add_root(s, id);
	if (!s->body)
		return;
	zt_idlist_push(&s->body->refs, id);
	if (called || (in_call(s) && !in_registrar(s)))
		zt_idlist_push(&s->body->calls, id);
	if (in_call(s) && !called) {
		zt_idlist_push(&s->pp->files[s->file].given, s->parens[s->n_parens - 1].callee);
		zt_idlist_push(&s->pp->files[s->file].given, id);
		zt_idlist_push(&s->pp->files[s->file].given_in, s->body->name);
	}
	/* { fn, ... }: positional */
	if (p >= 0 && n < t->n && (is(&t->v[p], "{") || is(&t->v[p], ",") || is(&t->v[p], "&")) &&
	    (is(&t->v[n], ",") || is(&t->v[n], "}")) && !s->n_parens)
		positional(s, id);
}

static void paren_push(struct scan *s, size_t i)
{
	const struct toks *t = s->t;
	ssize_t p = prev_tok(t, (ssize_t)i);
	struct paren pa = { 0 };

	if (p >= 0 && t->v[p].kind == TK_IDENT && !keyword(&t->v[p])) {
		pa.call = true;
		pa.registrar = zt_pp_registrar(t->v[p].s, t->v[p].len);
		s->reg += pa.registrar;
		pa.callee = intern(s, &t->v[p]);
		pa.indirect = t->v[p].len > 14 && !strncmp(t->v[p].s, "INDIRECT_CALL_", 14);
	}
	if (s->n_parens == s->cap_parens) {
		s->cap_parens = s->cap_parens ? s->cap_parens * 2 : 16;
		s->parens = xrealloc(s->parens, s->cap_parens * sizeof(*s->parens));
	}
	s->parens[s->n_parens++] = pa;
}

/* #define NAME body: a macro body of its own. */
static void define(struct scan *s, const char *p, const char *end)
{
	struct toks mt = { 0 };
	struct scan ms = *s;
	size_t i = 0;

	lex(p, end, false, &mt);
	if (mt.n < 3 || !ident_is(&mt.v[1], "define") || mt.v[2].kind != TK_IDENT)
		goto out;
	ms.t = &mt;
	ms.parens = NULL;
	ms.n_parens = ms.cap_parens = 0;
	ms.body = new_body(&ms, intern(&ms, &mt.v[2]), ZT_PP_MACRO);
	mention(&ms, ms.body->name);
	i = 3;
	/* NAME(params): parameters are not uses */
	if (i < mt.n && is(&mt.v[i], "(") && mt.v[i].s == mt.v[2].s + mt.v[2].len) {
		while (i < mt.n && !is(&mt.v[i], ")"))
			i++;
		i++;
	}
	for (; i < mt.n; i++) {
		if (mt.v[i].kind == TK_IDENT)
			ident(&ms, i);
		else if (is(&mt.v[i], "("))
			paren_push(&ms, i);
		else if (is(&mt.v[i], ")") && ms.n_parens)
			ms.n_parens--;
	}
	/* A macro that wraps a registration registers what it is given. */
	free(ms.parens);
out:
	free(mt.v);
}

static void include(struct scan *s, const char *p, const char *end)
{
	const char *q, *r;

	q = memchr(p, '"', (size_t)(end - p));
	if (!q)
		return;
	r = memchr(q + 1, '"', (size_t)(end - q - 1));
	if (!r)
		return;
	zt_pp_include(s->pp, s->file, q + 1, (size_t)(r - q - 1));
}

static void directive(struct scan *s, const struct tok *d)
{
	const char *p = d->s + 1, *end = d->s + d->len;
	size_t len;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	for (len = 0; p + len < end && isalpha((unsigned char)p[len]); len++)
		;
	if (len == 7 && !strncmp(p, "include", 7)) {
		include(s, p + 7, end);
	} else if (len == 6 && !strncmp(p, "define", 6)) {
		define(s, d->s, end);
	} else if (len >= 2 && !strncmp(p, "if", 2)) {	/* if, ifdef, ifndef */
		if (s->n_cond < (int)ARRAY_SIZE(s->cond_start)) {
			s->cond_start[s->n_cond] = s->depth;
			s->cond_end[s->n_cond] = -1;
		}
		s->n_cond++;
	} else if ((len == 4 && (!strncmp(p, "else", 4) || !strncmp(p, "elif", 4))) ||
		   (len >= 5 && !strncmp(p, "elif", 4))) {
		/* Both branches are read: each starts at the depth the #if had. */
		int k = s->n_cond - 1;

		if (k >= 0 && k < (int)ARRAY_SIZE(s->cond_start)) {
			if (s->cond_end[k] < 0)
				s->cond_end[k] = s->depth;
			s->depth = s->cond_start[k];
		}
	} else if (len == 5 && !strncmp(p, "endif", 5)) {
		int k = s->n_cond - 1;

		if (k >= 0 && k < (int)ARRAY_SIZE(s->cond_start) && s->cond_end[k] >= 0)
			s->depth = s->cond_end[k];
		if (s->n_cond)
			s->n_cond--;
	}
}

/* The name a member declarator ends with, by the heuristics of kernel style. */
static void member_end(struct scan *s, struct zt_idlist *order, int level, uint32_t *name)
{
	if (*name == NO_TYPE)
		return;
	if (level == 1)
		zt_idlist_push(order, *name);
	else
		zt_idlist_push(&s->pp->aggs[s->pp->n_aggs - 1].nested, *name);
	*name = NO_TYPE;
}

/* struct T { ... }: T's members in order (nested bodies' members are members too). */
static size_t struct_body(struct scan *s, size_t open, uint32_t type)
{
	const struct toks *t = s->t;
	struct zt_idlist *order = zt_pp_add_agg(s->pp, type);
	uint32_t name = NO_TYPE, nested_name = NO_TYPE;
	int level = 1, paren = 0;
	bool frozen = false;	/* after '[' or ':' the name is known */
	size_t k;

	for (k = open + 1; k < t->n && level > 0; k++) {
		const struct tok *x = &t->v[k];
		uint32_t *cur = level == 1 ? &name : &nested_name;

		if (x->kind == TK_DIRECTIVE)
			continue;
		if (is(x, "{")) {
			level++;
			nested_name = NO_TYPE;
			frozen = false;
		} else if (is(x, "}")) {
			if (level > 1)
				member_end(s, order, level, &nested_name);
			level--;
			frozen = false;
		} else if (is(x, "(")) {
			paren++;
		} else if (is(x, ")")) {
			paren--;
		} else if (!paren && (is(x, ";") || is(x, ","))) {
			member_end(s, order, level, cur);
			frozen = false;
		} else if (!paren && (is(x, "[") || is(x, ":"))) {
			frozen = true;
		} else if (x->kind == TK_IDENT && !keyword(x) && !frozen) {
			size_t nx = next_tok(t, k);
			ssize_t pv = prev_tok(t, (ssize_t)k);
			bool fp = paren == 1 && pv >= 0 && is(&t->v[pv], "*");
			bool attr = nx < t->n && is(&t->v[nx], "(");

			if (fp || (!paren && !attr && !(*cur != NO_TYPE && x->len > 2 &&
							   !strncmp(x->s, "__", 2)))) {
				*cur = intern(s, x);
				if (fp)
					frozen = true;
			}
			mention(s, intern(s, x));
		}
		if (!level)
			break;
	}
	return k;
}

static bool struct_open(const struct scan *s, size_t i, uint32_t *type)
{
	ssize_t p = prev_tok(s->t, (ssize_t)i), q = p >= 0 ? prev_tok(s->t, p) : -1;

	if (p < 0 || q < 0 || s->t->v[p].kind != TK_IDENT ||
	    !(ident_is(&s->t->v[q], "struct") || ident_is(&s->t->v[q], "union")))
		return false;
	*type = zt_pp_intern(s->pp, s->t->v[p].s, s->t->v[p].len);
	return true;
}

void zt_pp_scan_file(struct zt_prepass *pp, uint32_t file, const char *text, size_t len)
{
	struct toks t = { 0 };
	struct scan s = { .pp = pp, .file = file, .t = &t };

	lex(text, text + len, true, &t);
	for (size_t i = 0; i < t.n; i++) {
		const struct tok *x = &t.v[i];

		if (x->kind == TK_DIRECTIVE) {
			bool was_body = s.body != NULL;
			int before = s.depth;

			directive(&s, x);
			/* an #else that returns to file level ends the body */
			if (was_body && before > 0 && s.depth == 0)
				close_body(&s);
			if (s.body)
				s.body = &pp->bodies[s.body_index];
			continue;
		}
		if (x->kind == TK_IDENT) {
			ident(&s, i);
		} else if (is(x, "{")) {
			uint32_t type;

			if (!s.depth && struct_open(&s, i, &type)) {
				i = struct_body(&s, i, type);
				continue;
			}
			if (!s.depth)
				open_toplevel(&s, i);
			s.depth++;
			s.n_parens = 0;	/* statement level */
			if (s.body && s.body->kind == ZT_PP_TABLE && ++s.tbl_level < MAX_LEVEL)
				s.idx[s.tbl_level] = 0;
		} else if (is(x, "}")) {
			if (s.depth > 0)
				s.depth--;
			if (s.body && s.body->kind == ZT_PP_TABLE)
				s.tbl_level--;
			if (!s.depth && s.body)
				close_body(&s);
		} else if (is(x, ",") && !s.n_parens && s.body && s.body->kind == ZT_PP_TABLE) {
			if (s.tbl_level > 0 && s.tbl_level < MAX_LEVEL)
				s.idx[s.tbl_level]++;
		} else if (is(x, "(")) {
			paren_push(&s, i);
		} else if (is(x, ")")) {
			if (s.n_parens)
				s.n_parens--;
		} else if (is(x, ";") && !s.depth) {
			s.n_parens = 0;
		}
		/* bodies grow in pp->bodies: keep the pointer fresh */
		if (s.body)
			s.body = &pp->bodies[s.body_index];
	}
	free(s.parens);
	free(t.v);
}
