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
#include "strbuf.h"

/* ---- reading one file ---- */

struct paren {
	bool call;		/* the parenthesis of a call or macro use */
	bool registrar;		/* ... of netif_napi_add*() */
	bool indirect;		/* ... of INDIRECT_CALL_*(): its field argument is called */
	uint32_t callee;
	uint32_t arg;		/* the argument being read (commas seen) */
};

#define NO_TYPE UINT32_MAX
#define MAX_LEVEL 16

struct scan {
	struct zt_prepass *pp;
	uint32_t file;
	const struct zt_pp_toks *t;
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
	/*
	 * Variables declared `struct T [*...] v` since the last file-level ';'
	 * or function end (a function's parameters and locals): v -> T, or
	 * NO_TYPE when v was also declared otherwise; each with the brace depth
	 * it was declared at, forgotten when its block ends.
	 */
	struct zt_idlist decl_var, decl_type, decl_depth;
};

static uint32_t intern(struct scan *s, const struct zt_pp_tok *t)
{
	return zt_pp_intern(s->pp, t->s, t->len);
}

static void mention(struct scan *s, uint32_t id)
{
	zt_idlist_push(&s->pp->files[s->file].mentions, id);
}

static struct zt_pp_body *new_body(struct scan *s, uint32_t name, enum zt_pp_body_kind kind)
{
	struct zt_prepass *pp = s->pp;
	struct zt_pp_body *b;

	ZT_ALLOC_GROW(pp->bodies, pp->n_bodies + 1, pp->alloc_bodies);
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
		if (s->t->v[k].kind != ZT_PP_TK_IDENT)
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
	const struct zt_pp_toks *t = s->t;
	ssize_t p = zt_pp_prev(t, (ssize_t)i);

	s->body = NULL;
	s->n_alias = 0;
	if (p >= 0 && zt_pp_is(&t->v[p], ")")) {
		for (;;) {
			ssize_t o = zt_pp_open_of(t, p), n;

			if (o < 0)
				return;
			n = zt_pp_prev(t, o);
			if (n < 0 || t->v[n].kind != ZT_PP_TK_IDENT)
				return;
			/* __acquires(x), __attribute__((...)) after the parameters */
			if (t->v[n].len > 2 && !strncmp(t->v[n].s, "__", 2)) {
				ssize_t before = zt_pp_prev(t, n);

				if (before >= 0 && zt_pp_is(&t->v[before], ")")) {
					p = before;
					continue;
				}
			}
			if (zt_pp_keyword(&t->v[n]))
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
	if (p >= 0 && zt_pp_is(&t->v[p], "=")) {
		ssize_t n = zt_pp_prev(t, p);

		/* name[N] = {, name[] = { */
		while (n >= 0 && zt_pp_is(&t->v[n], "]")) {
			while (n >= 0 && !zt_pp_is(&t->v[n], "["))
				n = zt_pp_prev(t, n);
			n = zt_pp_prev(t, n);
		}
		s->tbl_type = NO_TYPE;
		s->tbl_array = n != zt_pp_prev(t, p);
		s->tbl_level = 0;
		if (n >= 0 && t->v[n].kind == ZT_PP_TK_IDENT) {
			ssize_t ty = zt_pp_prev(t, n), kw = ty >= 0 ? zt_pp_prev(t, ty) : -1;

			if (ty >= 0 && t->v[ty].kind == ZT_PP_TK_IDENT && kw >= 0 &&
			    (zt_pp_ident_is(&t->v[kw], "struct") || zt_pp_ident_is(&t->v[kw], "union")))
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
		zt_idlist_copy(&a->fcall_types, &b->fcall_types);
	}
	s->n_alias = 0;
	s->body = NULL;
	s->decl_var.n = s->decl_type.n = s->decl_depth.n = 0;
}

static bool in_call(const struct scan *s)
{
	return s->n_parens && s->parens[s->n_parens - 1].call;
}

static bool in_registrar(const struct scan *s)
{
	return s->n_parens && s->parens[s->n_parens - 1].registrar;
}

/* Words that end a declarator: struct T *v, ...  struct T *v) ... = ... [N] ... ; */
static bool declarator_end(const struct zt_pp_tok *t)
{
	return zt_pp_is(t, ",") || zt_pp_is(t, ")") || zt_pp_is(t, ";") || zt_pp_is(t, "=") || zt_pp_is(t, "[");
}

/* const, volatile, __rcu, __iomem and the like between a type and its declarator */
static bool qualifier(const struct zt_pp_tok *t)
{
	return zt_pp_is(t, "*") || zt_pp_ident_is(t, "const") || zt_pp_ident_is(t, "volatile") ||
	       zt_pp_ident_is(t, "restrict") ||
	       (t->kind == ZT_PP_TK_IDENT && t->len > 2 && !strncmp(t->s, "__", 2));
}

static bool type_word(const struct zt_pp_tok *t)
{
	static const char *const not_types[] = {
		"return", "case", "goto", "else", "do", "sizeof", "struct", "union", "enum",
		"if", "while", "for", "switch", "typeof", "__typeof__",
	};

	return t->kind == ZT_PP_TK_IDENT && !zt_pp_ident_in(t, not_types, ARRAY_SIZE(not_types));
}

/* Where @var is among the declarations in scope, or -1. */
static ssize_t decl_of(const struct scan *s, uint32_t var)
{
	for (size_t k = 0; k < s->decl_var.n; k++)
		if (s->decl_var.v[k] == var)
			return (ssize_t)k;
	return -1;
}

static void declare_as(struct scan *s, uint32_t var, uint32_t type)
{
	ssize_t i = decl_of(s, var);

	if (i >= 0) {
		/* declared twice (scopes, #if branches) unalike: not known */
		if (s->decl_type.v[i] != type)
			s->decl_type.v[i] = NO_TYPE;
		return;
	}
	zt_idlist_push(&s->decl_var, var);
	zt_idlist_push(&s->decl_type, type);
	zt_idlist_push(&s->decl_depth, (uint32_t)s->depth);
}

/* A block ended (or an #else went back out): its declarations are out of scope. */
static void forget_inner(struct scan *s)
{
	while (s->decl_var.n && s->decl_depth.v[s->decl_var.n - 1] > (uint32_t)s->depth) {
		s->decl_var.n--;
		s->decl_type.n--;
		s->decl_depth.n--;
	}
}

/*
 * The identifier at @i as a declarator: `struct T *v` records v's struct,
 * any other `TYPE *v` makes v's struct unknown (a typedef, a scalar, or an
 * expression `a * v` read as one — both only widen).
 */
static void declare(struct scan *s, size_t i)
{
	const struct zt_pp_toks *t = s->t;
	size_t n = zt_pp_next(t, i);
	ssize_t k = zt_pp_prev(t, (ssize_t)i), kw;

	if (n >= t->n || !declarator_end(&t->v[n]) || zt_pp_keyword(&t->v[i]))
		return;
	while (k >= 0 && qualifier(&t->v[k]) && !zt_pp_ident_is(&t->v[k], "struct"))
		k = zt_pp_prev(t, k);
	if (k < 0 || !type_word(&t->v[k]))
		return;
	kw = zt_pp_prev(t, k);
	if (kw >= 0 && (zt_pp_ident_is(&t->v[kw], "struct") || zt_pp_ident_is(&t->v[kw], "union")))
		declare_as(s, intern(s, &t->v[i]), intern(s, &t->v[k]));
	else
		declare_as(s, intern(s, &t->v[i]), NO_TYPE);
}

/* The struct of the receiver of the field at @i (after '.' or '->' at @p), or NO_TYPE. */
static uint32_t receiver_type(struct scan *s, ssize_t p)
{
	const struct zt_pp_toks *t = s->t;
	ssize_t r = zt_pp_prev(t, p), before, k;
	uint32_t var;

	if (r < 0 || t->v[r].kind != ZT_PP_TK_IDENT || zt_pp_keyword(&t->v[r]))
		return NO_TYPE;
	before = zt_pp_prev(t, r);
	/* a.b->f: b's struct is not visible from tokens */
	if (before >= 0 && (zt_pp_is(&t->v[before], ".") || zt_pp_is(&t->v[before], "->")))
		return NO_TYPE;
	var = intern(s, &t->v[r]);
	k = decl_of(s, var);
	return k >= 0 ? s->decl_type.v[k] : NO_TYPE;
}

/*
 * A store into an ops root's field (rules/kernel.conf); where the struct is
 * not visible from the tokens, any struct's.
 */
static bool root_field(const struct scan *s, const struct zt_pp_tok *x, uint32_t type)
{
	const char *record = type == NO_TYPE ? NULL : s->pp->names[type];

	return zt_kernel_ops_root(s->pp->kernel, record, x->s, x->len, true);
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
static void store(struct scan *s, size_t eq, uint32_t field, uint32_t type, bool root)
{
	const struct zt_pp_toks *t = s->t;
	int level = 0;

	s->reg += root;
	s->pp->n_store_sites++;
	s->pp->n_store_typed += type != NO_TYPE;
	for (size_t k = zt_pp_next(t, eq); k < t->n; k = zt_pp_next(t, k)) {
		const struct zt_pp_tok *x = &t->v[k];

		if (zt_pp_is(x, "(") || zt_pp_is(x, "[") || zt_pp_is(x, "{"))
			level++;
		else if (zt_pp_is(x, ")") || zt_pp_is(x, "]") || zt_pp_is(x, "}")) {
			if (--level < 0)
				break;
		} else if (!level && (zt_pp_is(x, ",") || zt_pp_is(x, ";")))
			break;
		if (x->kind != ZT_PP_TK_IDENT || zt_pp_keyword(x))
			continue;
		{
			ssize_t pk = zt_pp_prev(t, (ssize_t)k);
			uint32_t fn = intern(s, x);

			size_t nk = zt_pp_next(t, k);

			/* a member, or a call made to compute the value */
			if (pk >= 0 && (zt_pp_is(&t->v[pk], ".") || zt_pp_is(&t->v[pk], "->")))
				continue;
			if (nk < t->n && zt_pp_is(&t->v[nk], "("))
				continue;
			zt_pp_add_store(s->pp, field, fn, s->file, type);
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
	const struct zt_pp_toks *t = s->t;
	const struct zt_pp_tok *x = &t->v[i];
	ssize_t p = zt_pp_prev(t, (ssize_t)i);
	size_t n = zt_pp_next(t, i);
	bool field = p >= 0 && (zt_pp_is(&t->v[p], ".") || zt_pp_is(&t->v[p], "->"));
	bool called = n < t->n && zt_pp_is(&t->v[n], "(") && !zt_pp_keyword(x);
	bool shadowed;
	uint32_t id;

	if (zt_pp_keyword(x))
		return;
	id = intern(s, x);
	mention(s, id);
	if (field) {
		uint32_t type = receiver_type(s, p);

		/* a store, not a use */
		if (n < t->n && zt_pp_is(&t->v[n], "=")) {
			/* .f = fn at the struct level of an initializer of struct T */
			if (type == NO_TYPE && s->body && s->body->kind == ZT_PP_TABLE &&
			    s->tbl_level == (s->tbl_array ? 2 : 1))
				type = s->tbl_type;
			store(s, n, id, type, root_field(s, x, type));
			return;
		}
		if (!s->body)
			return;
		zt_idlist_push(&s->body->frefs, id);
		if (called || (s->n_parens && s->parens[s->n_parens - 1].indirect)) {
			zt_idlist_push(&s->body->fcalls, id);
			zt_idlist_push(&s->body->fcall_types, type);
			s->pp->n_fcall_sites++;
			s->pp->n_fcall_typed += type != NO_TYPE;
		}
		return;
	}
	if (in_registrar(s) && !called)
		add_root(s, id);
	if (!s->body)
		return;
	zt_idlist_push(&s->body->refs, id);
	/* a parameter or local given as a value is no function, whatever else has its name */
	shadowed = !called && decl_of(s, id) >= 0;
	if (called || (in_call(s) && !in_registrar(s) && !shadowed))
		zt_idlist_push(&s->body->calls, id);
	if (in_call(s) && !called) {
		zt_idlist_push(&s->pp->files[s->file].given, s->parens[s->n_parens - 1].callee);
		zt_idlist_push(&s->pp->files[s->file].given, id);
		zt_idlist_push(&s->pp->files[s->file].given_in, s->body->name);
		zt_idlist_push(&s->pp->files[s->file].given_arg, s->parens[s->n_parens - 1].arg);
		zt_idlist_push(&s->pp->files[s->file].given_local, shadowed);
	}
	/* { fn, ... } or { &fn, ... }: positional (not .f = &fn, a store) */
	if (p >= 0 && zt_pp_is(&t->v[p], "&"))
		p = zt_pp_prev(t, p);
	if (p >= 0 && n < t->n && (zt_pp_is(&t->v[p], "{") || zt_pp_is(&t->v[p], ",")) &&
	    (zt_pp_is(&t->v[n], ",") || zt_pp_is(&t->v[n], "}")) && !s->n_parens && !shadowed)
		positional(s, id);
}

static void paren_push(struct scan *s, size_t i)
{
	const struct zt_pp_toks *t = s->t;
	ssize_t p = zt_pp_prev(t, (ssize_t)i);
	struct paren pa = { 0 };

	if (p >= 0 && t->v[p].kind == ZT_PP_TK_IDENT && !zt_pp_keyword(&t->v[p])) {
		pa.call = true;
		pa.registrar = zt_kernel_napi_registrar(s->pp->kernel, t->v[p].s, t->v[p].len);
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
	struct zt_pp_toks mt = { 0 };
	struct scan ms = *s;
	size_t i = 0;

	zt_pp_lex(p, end, false, &mt);
	if (mt.n < 3 || !zt_pp_ident_is(&mt.v[1], "define") || mt.v[2].kind != ZT_PP_TK_IDENT)
		goto out;
	ms.t = &mt;
	ms.parens = NULL;
	ms.n_parens = ms.cap_parens = 0;
	/* a macro's parameters have no declared struct */
	ms.decl_var = (struct zt_idlist){ 0 };
	ms.decl_type = (struct zt_idlist){ 0 };
	ms.decl_depth = (struct zt_idlist){ 0 };
	ms.body = new_body(&ms, intern(&ms, &mt.v[2]), ZT_PP_MACRO);
	mention(&ms, ms.body->name);
	i = 3;
	/* NAME(params): parameters are not uses */
	if (i < mt.n && zt_pp_is(&mt.v[i], "(") && mt.v[i].s == mt.v[2].s + mt.v[2].len) {
		while (i < mt.n && !zt_pp_is(&mt.v[i], ")"))
			i++;
		i++;
	}
	for (; i < mt.n; i++) {
		if (mt.v[i].kind == ZT_PP_TK_IDENT)
			ident(&ms, i);
		else if (zt_pp_is(&mt.v[i], "("))
			paren_push(&ms, i);
		else if (zt_pp_is(&mt.v[i], ")") && ms.n_parens)
			ms.n_parens--;
		else if (zt_pp_is(&mt.v[i], ",") && ms.n_parens)
			ms.parens[ms.n_parens - 1].arg++;
	}
	/* what a function given to it becomes: prepass_macro.c follows its parameters */
	zt_pp_add_macro(s->pp, &mt, end);
	/* A macro that wraps a registration registers what it is given. */
	free(ms.parens);
out:
	free(mt.v);
}

static void include(struct scan *s, const char *p, const char *end)
{
	const char *q, *r;

	q = memchr(p, '"', (size_t)(end - p));
	if (!q) {
		/* <...>: a kernel header, read for its macros only */
		q = memchr(p, '<', (size_t)(end - p));
		r = q ? memchr(q + 1, '>', (size_t)(end - q - 1)) : NULL;
		if (r)
			zt_pp_kernel_include(s->pp, NULL, q + 1, (size_t)(r - q - 1));
		return;
	}
	r = memchr(q + 1, '"', (size_t)(end - q - 1));
	if (!r)
		return;
	zt_pp_include(s->pp, s->file, q + 1, (size_t)(r - q - 1));
}

static void directive(struct scan *s, const struct zt_pp_tok *d)
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
	const struct zt_pp_toks *t = s->t;
	struct zt_idlist *order = zt_pp_add_agg(s->pp, type);
	uint32_t name = NO_TYPE, nested_name = NO_TYPE;
	int level = 1, paren = 0;
	bool frozen = false;	/* after '[' or ':' the name is known */
	size_t k;

	for (k = open + 1; k < t->n && level > 0; k++) {
		const struct zt_pp_tok *x = &t->v[k];
		uint32_t *cur = level == 1 ? &name : &nested_name;

		if (x->kind == ZT_PP_TK_DIRECTIVE)
			continue;
		if (zt_pp_is(x, "{")) {
			level++;
			nested_name = NO_TYPE;
			frozen = false;
		} else if (zt_pp_is(x, "}")) {
			if (level > 1)
				member_end(s, order, level, &nested_name);
			level--;
			frozen = false;
		} else if (zt_pp_is(x, "(")) {
			paren++;
		} else if (zt_pp_is(x, ")")) {
			paren--;
		} else if (!paren && (zt_pp_is(x, ";") || zt_pp_is(x, ","))) {
			member_end(s, order, level, cur);
			frozen = false;
		} else if (!paren && (zt_pp_is(x, "[") || zt_pp_is(x, ":"))) {
			frozen = true;
		} else if (x->kind == ZT_PP_TK_IDENT && !zt_pp_keyword(x) && !frozen) {
			size_t nx = zt_pp_next(t, k);
			ssize_t pv = zt_pp_prev(t, (ssize_t)k);
			bool fp = paren == 1 && pv >= 0 && zt_pp_is(&t->v[pv], "*");
			bool attr = nx < t->n && zt_pp_is(&t->v[nx], "(");

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
	ssize_t p = zt_pp_prev(s->t, (ssize_t)i), q = p >= 0 ? zt_pp_prev(s->t, p) : -1;

	if (p < 0 || q < 0 || s->t->v[p].kind != ZT_PP_TK_IDENT ||
	    !(zt_pp_ident_is(&s->t->v[q], "struct") || zt_pp_ident_is(&s->t->v[q], "union")))
		return false;
	*type = zt_pp_intern(s->pp, s->t->v[p].s, s->t->v[p].len);
	return true;
}

void zt_pp_scan_file(struct zt_prepass *pp, uint32_t file, const char *text, size_t len)
{
	struct zt_pp_toks t = { 0 };
	struct scan s = { .pp = pp, .file = file, .t = &t };

	zt_pp_lex(text, text + len, true, &t);
	for (size_t i = 0; i < t.n; i++) {
		const struct zt_pp_tok *x = &t.v[i];

		if (x->kind == ZT_PP_TK_DIRECTIVE) {
			bool was_body = s.body != NULL;
			int before = s.depth;

			directive(&s, x);
			forget_inner(&s);
			/* an #else that returns to file level ends the body */
			if (was_body && before > 0 && s.depth == 0)
				close_body(&s);
			if (s.body)
				s.body = &pp->bodies[s.body_index];
			continue;
		}
		if (x->kind == ZT_PP_TK_IDENT) {
			declare(&s, i);
			ident(&s, i);
		} else if (zt_pp_is(x, "{")) {
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
		} else if (zt_pp_is(x, "}")) {
			if (s.depth > 0)
				s.depth--;
			forget_inner(&s);
			if (s.body && s.body->kind == ZT_PP_TABLE)
				s.tbl_level--;
			if (!s.depth && s.body)
				close_body(&s);
		} else if (zt_pp_is(x, ",") && s.n_parens) {
			s.parens[s.n_parens - 1].arg++;
		} else if (zt_pp_is(x, ",") && s.body && s.body->kind == ZT_PP_TABLE) {
			if (s.tbl_level > 0 && s.tbl_level < MAX_LEVEL)
				s.idx[s.tbl_level]++;
		} else if (zt_pp_is(x, "(")) {
			paren_push(&s, i);
		} else if (zt_pp_is(x, ")")) {
			if (s.n_parens)
				s.n_parens--;
		} else if (zt_pp_is(x, ";") && !s.depth) {
			s.n_parens = 0;
			s.decl_var.n = s.decl_type.n = s.decl_depth.n = 0;
		}
		/* bodies grow in pp->bodies: keep the pointer fresh */
		if (s.body)
			s.body = &pp->bodies[s.body_index];
	}
	free(s.parens);
	free(s.decl_var.v);
	free(s.decl_type.v);
	free(s.decl_depth.v);
	free(t.v);
}
