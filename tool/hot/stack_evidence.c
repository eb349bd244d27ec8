// SPDX-License-Identifier: GPL-2.0-only
/*
 * The compilers' evidence for one hot local: which TUs need an evidence
 * compile, the surviving bytes of a local under each compiler (in its own
 * function or, inlined, in a caller), frame sizes.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "stack_int.h"

#define INLINE_DEPTH 8

static const char *base_name(const char *p);

/*
 * Can @callee's body be inlined into code of TU @tu: is its definition in
 * that TU, in its main file or a file it includes? The evidence compiles have
 * no LTO, so a body the TU never saw stays out of its object. By base name,
 * so a header named differently by two TUs still counts (more TUs, never
 * fewer); a TU that lists no includes (no facts of them) counts too.
 */
static bool body_in_tu(const struct zt_program *p, const struct zt_node *callee, size_t tu)
{
	const struct zt_tu_facts *t = &p->tus[tu];
	const char *b;

	if (callee->tu == tu || !callee->fn || !callee->fn->file || !t->n_includes)
		return true;
	b = base_name(callee->fn->file);
	if (!strcmp(base_name(t->file), b))
		return true;
	for (size_t i = 0; i < t->n_includes; i++)
		if (!strcmp(base_name(t->includes[i]), b))
			return true;
	return false;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/*
 * Callers of @node up to INLINE_DEPTH levels, nearest first and ascending
 * within a level: where its code may have been inlined (a caller whose TU
 * holds the body of what it calls). From the callers' index, not a scan of
 * every node per level.
 */
static size_t *ancestors(const struct zt_program *p, size_t node, size_t *n_out)
{
	bool *seen = xcalloc(p->n + 1, sizeof(*seen));
	size_t *out = xmalloc((p->n + 1) * sizeof(*out)), n = 0, from = 0;

	seen[node] = true;
	out[n++] = node;
	for (int depth = 0; depth < INLINE_DEPTH && from < n; depth++) {
		size_t to = n;

		for (size_t k = from; k < to; k++) {
			size_t n_callers;
			const size_t *callers = zt_program_callers(p, out[k], &n_callers);

			for (size_t i = 0; i < n_callers; i++) {
				size_t c = callers[i];
				const struct zt_node *caller = &p->nodes[c];

				if (seen[c] || !caller->fn || caller->tu == ZT_NO_NODE ||
				    !body_in_tu(p, &p->nodes[out[k]], caller->tu))
					continue;
				seen[c] = true;
				out[n++] = c;
			}
		}
		qsort(out + to, n - to, sizeof(*out), cmp_size);
		from = to;
	}
	free(seen);
	/* Drop @node itself. */
	memmove(out, out + 1, (n - 1) * sizeof(*out));
	*n_out = n - 1;
	return out;
}

/*
 * Can the compilers' evidence change what @n reports: a local the AST leaves
 * to the optimizer (no initializer) that is a candidate alone, or a small one
 * in a function whose small locals can add up to a frame total (their sizes
 * bound what survives: zeroing never exceeds its variable), or that reports
 * an explicitly zeroed one (its finding quotes what the compilers kept)?
 */
static bool needs_evidence(const struct zt_node *n, const struct zt_stack_opts *o)
{
	long long small = 0;
	size_t n_small = 0;
	bool small_open = false, explicit = false;

	for (size_t j = 0; j < n->fn->n_locals; j++) {
		const struct zt_local *l = &n->fn->locals[j];

		if (sc_is_candidate(l, o)) {
			if (l->init == ZT_INIT_NONE)
				return true;
			explicit = true;
		}
		if (!o->checks.on[ZT_CHECK_STACK_FRAME_TOTAL] || !sc_is_small_part(l, o))
			continue;
		small += l->size;
		n_small++;
		small_open |= l->init == ZT_INIT_NONE;
	}
	return small_open && (explicit || (n_small >= 2 && small >= o->min_size));
}

bool *zt_stack_evidence_tus(const struct zt_program *p, const struct zt_stack_opts *o)
{
	bool *want = xcalloc(p->n_tus + 1, sizeof(*want));

	for (size_t i = 0; i < p->n; i++) {
		const struct zt_node *n = &p->nodes[i];

		if (!sc_node_hot(n) || !needs_evidence(n, o))
			continue;
		want[n->tu] = true;
		/* Inlined, the zeroing shows up in a caller's TU. */
		{
			size_t n_anc, *anc = ancestors(p, i, &n_anc);

			for (size_t k = 0; k < n_anc; k++)
				want[p->nodes[anc[k]].tu] = true;
			free(anc);
		}
	}
	return want;
}

static const char *base_name(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;

	return s ? s + 1 : (p ? p : "");
}
/* Is site @s the zeroing of @l's own declaration (file base name, line, column)? */
static bool site_at_decl(const struct zt_autoinit_site *s, const struct zt_local *l)
{
	if (!s->file || s->line != l->line || strcmp(base_name(s->file), base_name(l->file)))
		return false;
	/* another name at this line is another declarator (unless a macro declares it) */
	if (s->var && strcmp(s->var, l->name) && !l->from_macro)
		return false;
	/* two declarators on one line: the column tells them apart when both know it */
	return !s->column || !l->column || s->column == l->column || s->var;
}

/*
 * The sites of @l in @function. A site that names its declaration belongs to
 * that declaration only: two inlined helpers' locals of one name land in one
 * function, and each must get its own bytes (never their sum). By name alone
 * (a site without a location, or a macro-declared local whose location is
 * the macro's) only one declaration is taken: the largest.
 */
static void match_sites(const struct zt_evidence *ev, const char *function,
			const struct zt_local *l, bool by_caller, struct lookup *r)
{
	const struct zt_autoinit_site *best = NULL;
	bool any_loc = false;

	for (size_t i = 0; i < ev->n_sites; i++) {
		const struct zt_autoinit_site *s = &ev->sites[i];

		if (!s->function || strcmp(s->function, function) || !site_at_decl(s, l))
			continue;
		/* merge_sites() made one site per declaration and function: add them */
		if (r->bytes < 0)
			r->bytes = 0;
		if (s->bytes >= 0)
			r->bytes += s->bytes;
		r->inlined |= s->inlined || by_caller;
		r->function = s->function;
		any_loc = true;
	}
	if (any_loc)
		return;
	for (size_t i = 0; i < ev->n_sites; i++) {
		const struct zt_autoinit_site *s = &ev->sites[i];

		if (!s->function || strcmp(s->function, function) || !s->var ||
		    strcmp(s->var, l->name))
			continue;
		/* a site at a known declaration elsewhere is another local's */
		if (s->file && !l->from_macro)
			continue;
		if (!best || s->bytes > best->bytes)
			best = s;
	}
	if (!best)
		return;
	r->bytes = best->bytes >= 0 ? best->bytes : 0;
	r->inlined |= best->inlined || by_caller;
	r->function = best->function;
}

static void cev_match(const struct zt_program *p, const struct zt_tu_evidence *ev,
		      const struct zt_node *caller, bool gcc, const struct zt_local *l,
		      struct lookup *r)
{
	const struct zt_tu_evidence *cev = &ev[caller->tu];

	(void)p;
	if (gcc ? cev->have_gcc : cev->have_clang)
		match_sites(gcc ? &cev->gcc : &cev->clang, caller->name, l, true, r);
}

/* Surviving bytes of @l under one compiler; -2 when that evidence is missing. */
struct lookup sc_evidence_for(const struct zt_program *p, size_t node,
				  const struct zt_tu_evidence *ev, bool gcc,
				  const struct zt_local *l)
{
	const struct zt_node *n = &p->nodes[node];
	struct lookup r = { .bytes = -2 };
	const struct zt_tu_evidence *own;

	if (!ev || n->tu == ZT_NO_NODE)
		return r;
	own = &ev[n->tu];
	if (!(gcc ? own->have_gcc : own->have_clang))
		return r;
	r.bytes = -1;
	match_sites(gcc ? &own->gcc : &own->clang, n->name, l, false, &r);
	if (r.bytes >= 0)
		return r;
	/* Inlined into its callers (and theirs): the zeroing is theirs now. */
	{
		size_t n_anc, *anc = ancestors(p, node, &n_anc);

		for (size_t k = 0; k < n_anc && r.bytes < 0; k++)
			cev_match(p, ev, &p->nodes[anc[k]], gcc, l, &r);
		free(anc);
	}
	return r;
}

long long sc_frame_size(const struct zt_tu_evidence *ev, bool gcc, const char *fn)
{
	const struct zt_evidence *e;

	if (!ev || !(gcc ? ev->have_gcc : ev->have_clang))
		return -1;
	e = gcc ? &ev->gcc : &ev->clang;
	for (size_t i = 0; i < e->n_frames; i++)
		if (e->frames[i].function && !strcmp(e->frames[i].function, fn))
			return e->frames[i].bytes;
	return -1;
}

/* "gcc-12.2.0" -> "gcc-12" */
char *sc_short_id(const struct zt_evidence *ev, bool gcc)
{
	const char *id = ev->compiler_id;
	const char *dot;

	if (!id || !*id)
		return xstrdup(gcc ? "gcc" : "clang");
	dot = strchr(id, '.');
	return dot ? xstrndup(id, (size_t)(dot - id)) : xstrdup(id);
}
