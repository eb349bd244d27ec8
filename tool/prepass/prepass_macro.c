// SPDX-License-Identifier: GPL-2.0-only
/*
 * What happens to a function given to a macro. The precise analysis sees
 * macros expanded: INIT_WORK(&w, fn) is a store of fn into work_struct's
 * func, timer_setup(&t, fn, 0) hands fn to an external function (no edge),
 * DEVLINK_PARAM_GENERIC(..., get, set, validate) stores into .get/.set/
 * .validate. The pre-pass reads the function-like macros of the driver's
 * files and of the kernel headers they include with <...> (directives and
 * file-level declarations only: no kernel function body joins the graph),
 * and follows a macro's parameter through its body: `->F = (param)` or
 * `.F = param` is a store into F; `OTHER(..., param, ...)` asks OTHER.
 * A function given to something it cannot follow (a name no header read
 * defines, a variadic tail, a pasted or too-deep expansion) keeps the old
 * answer: any call of a field no file declares may reach it.
 */
#include <stdlib.h>
#include <string.h>

#include "prepass_int.h"
#include "strbuf.h"

#define NONE UINT32_MAX
#define MACRO_DEPTH 8	/* macros calling macros, as deep as the kernel's go */

/* #define NAME(params) body, from the directive's tokens @mt ending at @end. */
void zt_pp_add_macro(struct zt_prepass *pp, const struct zt_pp_toks *mt, const char *end)
{
	struct zt_pp_macro m = { 0 };
	size_t i = 4, first, alloc_params = 0;

	if (mt->n < 4)
		return;
	m.name = zt_pp_intern(pp, mt->v[2].s, mt->v[2].len);
	/* #define be32_to_cpu __be32_to_cpu: another name for a macro or function */
	if (mt->n == 4 && mt->v[3].kind == ZT_PP_TK_IDENT) {
		m.alias = xstrndup(mt->v[3].s, mt->v[3].len);
		m.body = xstrdup("");
		goto add;
	}
	/* a function-like macro: '(' right after its name */
	if (!zt_pp_is(&mt->v[3], "(") || mt->v[3].s != mt->v[2].s + mt->v[2].len)
		return;
	for (; i < mt->n && !zt_pp_is(&mt->v[i], ")"); i++) {
		if (zt_pp_is(&mt->v[i], ".")) {
			/* args... names its tail; ... alone is __VA_ARGS__ */
			m.named_tail |= !m.variadic && zt_pp_prev(mt, (ssize_t)i) >= 0 &&
					mt->v[zt_pp_prev(mt, (ssize_t)i)].kind == ZT_PP_TK_IDENT;
			m.variadic = true;
		} else if (mt->v[i].kind == ZT_PP_TK_IDENT) {
			ZT_ALLOC_GROW(m.params, m.n_params + 1, alloc_params);
			m.params[m.n_params++] = xstrndup(mt->v[i].s, mt->v[i].len);
		}
	}
	if (i >= mt->n) {
		for (size_t k = 0; k < m.n_params; k++)
			free(m.params[k]);
		free(m.params);
		return;
	}
	first = i + 1;
	m.body = first < mt->n ? xstrndup(mt->v[first].s, (size_t)(end - mt->v[first].s)) :
				 xstrdup("");
add:
	if (pp->n_macros == pp->cap_macros) {
		pp->cap_macros = pp->cap_macros ? pp->cap_macros * 2 : 1024;
		pp->macros = xrealloc(pp->macros, pp->cap_macros * sizeof(*pp->macros));
	}
	/* every definition (#if branches): a name's list, newest first */
	{
		size_t prev = zt_strmap_get(&pp->macro_map, pp->names[m.name]);

		m.next = prev == (size_t)-1 ? NONE : (uint32_t)prev;
	}
	pp->macros[pp->n_macros] = m;
	zt_strmap_put(&pp->macro_map, pp->names[m.name], pp->n_macros++);
}

/* <name>, or "name" from a kernel header (its own directory first): to be read. */
void zt_pp_kernel_include(struct zt_prepass *pp, const char *dir, const char *name, size_t len)
{
	char *rel = xstrndup(name, len), *p = NULL;

	if (dir) {
		p = xasprintf("%s/%s", dir, rel);
		if (!zt_pp_is_file(p)) {
			free(p);
			p = NULL;
		}
	}
	for (size_t i = 0; !p && i < pp->n_idirs; i++) {
		p = xasprintf("%s/%s", pp->idirs[i], rel);
		if (!zt_pp_is_file(p)) {
			free(p);
			p = NULL;
		}
	}
	free(rel);
	if (!p)
		return;
	if (zt_strmap_get(&pp->kheader_map, p) != (size_t)-1 ||
	    zt_strmap_get(&pp->file_map, p) != (size_t)-1) {
		free(p);
		return;
	}
	ZT_ALLOC_GROW(pp->kheaders, pp->n_kheaders + 1, pp->alloc_kheaders);
	pp->kheaders[pp->n_kheaders] = p;
	zt_strmap_put(&pp->kheader_map, p, pp->n_kheaders++);
}

static void kernel_directive(struct zt_prepass *pp, const char *dir, const struct zt_pp_tok *d)
{
	const char *p = d->s + 1, *end = d->s + d->len, *q, *r;
	struct zt_pp_toks mt = { 0 };

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p > 7 && !strncmp(p, "include", 7)) {
		for (q = p + 7; q < end && *q != '<' && *q != '"'; q++)
			;
		r = q < end ? memchr(q + 1, *q == '<' ? '>' : '"', (size_t)(end - q - 1)) : NULL;
		if (r)
			zt_pp_kernel_include(pp, *q == '"' ? dir : NULL, q + 1, (size_t)(r - q - 1));
		return;
	}
	if (end - p < 6 || strncmp(p, "define", 6))
		return;
	zt_pp_lex(d->s, end, false, &mt);
	if (mt.n >= 3 && zt_pp_ident_is(&mt.v[1], "define") && mt.v[2].kind == ZT_PP_TK_IDENT)
		zt_pp_add_macro(pp, &mt, end);
	free(mt.v);
}

/*
 * A kernel header: its function-like macros, its includes, and the names it
 * declares as functions at file level (`NAME(` outside braces and directives).
 */
static void read_kernel_header(struct zt_prepass *pp, const char *path)
{
	struct zt_pp_toks t = { 0 };
	const char *slash = strrchr(path, '/');
	char *text, *dir;
	size_t len;
	int depth = 0;

	if (zt_read_file(path, &text, &len))
		return;
	pp->n_kernel_bytes += len;
	dir = xstrndup(path, slash ? (size_t)(slash - path) : 0);
	zt_pp_lex(text, text + len, true, &t);
	for (size_t i = 0; i < t.n; i++) {
		const struct zt_pp_tok *x = &t.v[i];

		if (x->kind == ZT_PP_TK_DIRECTIVE) {
			kernel_directive(pp, dir, x);
		} else if (zt_pp_is(x, "{")) {
			depth++;
		} else if (zt_pp_is(x, "}")) {
			depth -= depth > 0;
		} else if (!depth && x->kind == ZT_PP_TK_IDENT && !zt_pp_keyword(x)) {
			size_t n = zt_pp_next(&t, i);

			if (n < t.n && zt_pp_is(&t.v[n], "("))
				zt_idlist_push(&pp->kfuncs, zt_pp_intern(pp, x->s, x->len));
		}
	}
	free(t.v);
	free(dir);
	free(text);
}

void zt_pp_read_kernel_headers(struct zt_prepass *pp)
{
	/* headers found while reading append: read until none is new */
	for (size_t h = 0; h < pp->n_kheaders; h++)
		read_kernel_header(pp, pp->kheaders[h]);
}

/*
 * Where the call @i's '(' encloses the token at @i: the callee's token and
 * which argument @i is in; -1 when no call does (a statement boundary first).
 */
static ssize_t enclosing_call(const struct zt_pp_toks *t, size_t i, size_t *arg)
{
	int level = 0;

	*arg = 0;
	for (ssize_t k = zt_pp_prev(t, (ssize_t)i); k >= 0; k = zt_pp_prev(t, k)) {
		const struct zt_pp_tok *x = &t->v[k];

		if (zt_pp_is(x, ")")) {
			level++;
		} else if (zt_pp_is(x, "(")) {
			ssize_t c;

			if (level) {
				level--;
				continue;
			}
			c = zt_pp_prev(t, k);
			if (c >= 0 && t->v[c].kind == ZT_PP_TK_IDENT && !zt_pp_keyword(&t->v[c]))
				return c;
			*arg = 0;	/* a grouping parenthesis: its call is further out */
		} else if (!level && zt_pp_is(x, ",")) {
			(*arg)++;
		} else if (!level && (zt_pp_is(x, ";") || zt_pp_is(x, "{") || zt_pp_is(x, "}"))) {
			return -1;
		}
	}
	return -1;
}

/* The field `->F = (param)` / `.F = &param` stores the parameter at @i into, or NONE. */
static uint32_t stored_into(struct zt_prepass *pp, const struct zt_pp_toks *t, size_t i)
{
	ssize_t k = zt_pp_prev(t, (ssize_t)i), f, dot;

	while (k >= 0 && (zt_pp_is(&t->v[k], "(") || zt_pp_is(&t->v[k], "&")))
		k = zt_pp_prev(t, k);
	if (k < 0 || !zt_pp_is(&t->v[k], "="))
		return NONE;
	f = zt_pp_prev(t, k);
	dot = f >= 0 ? zt_pp_prev(t, f) : -1;
	if (dot < 0 || t->v[f].kind != ZT_PP_TK_IDENT ||
	    !(zt_pp_is(&t->v[dot], ".") || zt_pp_is(&t->v[dot], "->")))
		return NONE;
	return zt_pp_intern(pp, t->v[f].s, t->v[f].len);
}

/* What following a given function knows: the names that are functions (no macro). */
struct follow_ctx {
	struct zt_prepass *pp;
	const bool *is_func;
	size_t n_is_func;
	struct zt_idlist *fields;
};

static int follow(struct follow_ctx *fc, const char *name, size_t arg, int depth);

static bool is_param(const struct zt_pp_macro *m, const struct zt_pp_tok *x)
{
	for (size_t k = 0; k < m->n_params; k++)
		if (zt_pp_ident_is(x, m->params[k]))
			return true;
	return false;
}

/* Argument @arg of one definition @m: 0 when followed (@fields grown), -1 when not. */
static int follow_definition(struct follow_ctx *fc, const struct zt_pp_macro *m, size_t arg,
			     int depth)
{
	struct zt_prepass *pp = fc->pp;
	struct zt_pp_toks t = { 0 };
	const char *param;
	size_t shift = 0;	/* into a variadic tail: how far past its first argument */
	int ret = 0;

	if (m->alias)
		return follow(fc, m->alias, arg, depth + 1);
	if (arg < m->n_params && !(m->variadic && m->named_tail && arg == m->n_params - 1)) {
		param = m->params[arg];
	} else if (!m->variadic) {
		return 0;	/* more arguments than parameters: not this definition */
	} else if (m->named_tail) {
		param = m->params[m->n_params - 1];
		shift = arg - (m->n_params - 1);
	} else {
		param = "__VA_ARGS__";
		shift = arg - m->n_params;
	}
	zt_pp_lex(m->body, m->body + strlen(m->body), false, &t);
	for (size_t i = 0; i < t.n && !ret; i++) {
		ssize_t p = zt_pp_prev(&t, (ssize_t)i), callee;
		size_t n = zt_pp_next(&t, i), callee_arg;
		uint32_t field;

		if (t.v[i].kind != ZT_PP_TK_IDENT || !zt_pp_ident_is(&t.v[i], param))
			continue;
		/* pasted or stringified: a name made, not the value (", ##__VA_ARGS__" is GNU's comma) */
		if ((p >= 0 && zt_pp_is(&t.v[p], "#")) || (n < t.n && zt_pp_is(&t.v[n], "##")) ||
		    (p >= 0 && zt_pp_is(&t.v[p], "##") &&
		     !(m->variadic && zt_pp_prev(&t, p) >= 0 &&
		       zt_pp_is(&t.v[zt_pp_prev(&t, p)], ","))))
			continue;
		field = shift ? NONE : stored_into(pp, &t, i);
		if (field != NONE) {
			zt_idlist_push(fc->fields, field);
			continue;
		}
		callee = enclosing_call(&t, i, &callee_arg);
		if (callee < 0 || is_param(m, &t.v[callee]))
			continue;	/* no call, or a function the caller names: a call */
		{
			char *c = xstrndup(t.v[callee].s, t.v[callee].len);

			ret = follow(fc, c, callee_arg + shift, depth + 1);
			free(c);
		}
	}
	free(t.v);
	return ret;
}

/*
 * The fields argument @arg of a use of @name is stored into: 0 (followed,
 * the fields grown; a function stores nothing the precise graph sees: it is
 * a call), -1 when it cannot tell (a name neither a macro nor a function).
 */
static int follow(struct follow_ctx *fc, const char *name, size_t arg, int depth)
{
	struct zt_prepass *pp = fc->pp;
	size_t m = zt_strmap_get(&pp->macro_map, name), id;

	if (m == (size_t)-1) {
		/* the compiler's own (__builtin_expect, __builtin_memcpy) are functions */
		if (!strncmp(name, "__builtin_", 10))
			return 0;
		id = zt_strmap_get(&pp->name_map, name);
		return id != (size_t)-1 && id < fc->n_is_func && fc->is_func[id] ? 0 : -1;
	}
	if (depth > MACRO_DEPTH)
		return -1;
	for (uint32_t k = (uint32_t)m; k != NONE; k = pp->macros[k].next)
		if (follow_definition(fc, &pp->macros[k], arg, depth))
			return -1;
	return 0;
}

enum zt_pp_given zt_pp_follow_given(struct zt_prepass *pp, uint32_t callee, uint32_t arg,
				    const bool *is_func, size_t n_is_func,
				    struct zt_idlist *fields)
{
	struct follow_ctx fc = { pp, is_func, n_is_func, fields };
	const char *name = pp->names[callee];

	if (zt_strmap_get(&pp->macro_map, name) != (size_t)-1)
		return follow(&fc, name, arg, 0) ? ZT_PP_GIVEN_UNKNOWN : ZT_PP_GIVEN_MACRO;
	if (callee < n_is_func && is_func[callee])
		return ZT_PP_GIVEN_FUNCTION;
	return ZT_PP_GIVEN_UNKNOWN;
}

void zt_pp_macros_release(struct zt_prepass *pp)
{
	for (size_t m = 0; m < pp->n_macros; m++) {
		for (size_t k = 0; k < pp->macros[m].n_params; k++)
			free(pp->macros[m].params[k]);
		free(pp->macros[m].params);
		free(pp->macros[m].body);
		free(pp->macros[m].alias);
	}
	free(pp->macros);
	zt_strmap_release(&pp->macro_map);
	for (size_t h = 0; h < pp->n_kheaders; h++)
		free(pp->kheaders[h]);
	free(pp->kheaders);
	zt_strmap_release(&pp->kheader_map);
	free(pp->kfuncs.v);
}
