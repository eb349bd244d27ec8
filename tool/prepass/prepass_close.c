// SPDX-License-Identifier: GPL-2.0-only
/*
 * Closing the loop: the precise call graph of the TUs parsed so far says
 * which names, fields and first definitions it still depends on; the
 * pre-pass maps them to the skipped TUs that may hold them.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "prepass.h"
#include "stack_check.h"

#define INLINE_DEPTH 8	/* as stack_check.c: callers whose evidence may hold a local */

static bool hot(const struct zt_node *n)
{
	return n->fn && !n->cold && n->freq >= ZT_FREQ_PER_POLL;
}

/* A local the stack check might report, whatever the evidence says. */
static bool may_report(const struct zt_node *n, const struct zt_stack_opts *so)
{
	for (size_t j = 0; j < n->fn->n_locals; j++) {
		const struct zt_local *l = &n->fn->locals[j];

		if (!l->is_vla && l->size >= 0 && l->size >= so->min_size && !l->in_unlikely &&
		    l->init != ZT_INIT_COPY && !zt_local_opted_out(l))
			return true;
	}
	return false;
}

static const char *base(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;

	return s ? s + 1 : (p ? p : "");
}

/* Mark @want and every caller of a marked node, @depth levels up. */
static void mark_callers(const struct zt_program *p, bool *want, int depth)
{
	bool *next = xcalloc(p->n + 1, sizeof(*next));

	for (int d = 0; d < depth; d++) {
		bool grew = false;

		memcpy(next, want, p->n * sizeof(*next));
		for (size_t c = 0; c < p->n; c++) {
			const struct zt_node *caller = &p->nodes[c];

			for (size_t e = 0; e < caller->n_edges && !next[c]; e++)
				if (want[caller->edges[e].to])
					next[c] = grew = true;
		}
		memcpy(want, next, p->n * sizeof(*want));
		if (!grew)
			break;
	}
	free(next);
}

/*
 * A field call's target is the field's USR: c:@S@T@FI@f (or @U@ for a union)
 * names struct T's member f, as the pre-pass keys members; a field of an
 * anonymous or nested record is reached by its name alone.
 */
static void reach_field_usr(struct zt_prepass *pp, const struct zt_call *call)
{
	const char *usr = call->target, *fi = usr ? strstr(usr, "@FI@") : NULL;
	char *type;

	if (!fi || (strncmp(usr, "c:@S@", 5) && strncmp(usr, "c:@U@", 5)) ||
	    memchr(usr + 5, '@', (size_t)(fi - usr - 5)) || strcmp(fi + 4, call->name)) {
		zt_prepass_reach(pp, call->name, true);
		return;
	}
	type = xstrndup(usr + 5, (size_t)(fi - usr - 5));
	zt_prepass_reach_member(pp, type, call->name);
	free(type);
}

/* Callees and fields the hot functions use: the pre-pass reaches them by name. */
static void reach_needs(struct zt_prepass *pp, const struct zt_program *prog)
{
	for (size_t i = 0; i < prog->n; i++) {
		const struct zt_node *n = &prog->nodes[i];

		if (!hot(n))
			continue;
		for (size_t c = 0; c < n->fn->n_calls; c++) {
			const struct zt_call *call = &n->fn->calls[c];
			size_t to;

			if (call->kind == ZT_CALL_FIELD) {
				reach_field_usr(pp, call);
			} else if (call->kind == ZT_CALL_DIRECT) {
				to = zt_program_find(prog, call->target);
				if (to == ZT_NO_NODE || !prog->nodes[to].fn)
					zt_prepass_reach(pp, call->name, false);
			}
		}
	}
}

size_t zt_prepass_close(struct zt_prepass *pp, const struct zt_program *prog,
			const size_t *tu_db, const struct zt_stack_opts *so, bool evidence,
			enum zt_prepass_why *why)
{
	enum zt_prepass_why *now = xcalloc(pp->n_tus + 1, sizeof(*now));
	bool *want = xcalloc(prog->n + 1, sizeof(*want));
	bool *callers = xcalloc(pp->n_tus + 1, sizeof(*callers));
	char **names = xcalloc(prog->n + 1, sizeof(*names));
	size_t n_names = 0, added = 0;

	reach_needs(pp, prog);
	for (size_t i = 0; i < prog->n; i++)
		want[i] = hot(&prog->nodes[i]) && may_report(&prog->nodes[i], so);
	for (size_t i = 0; i < prog->n; i++)
		if (want[i])
			names[n_names++] = prog->nodes[i].name;
	/* The evidence of callers is read only with evidence. */
	if (evidence)
		mark_callers(prog, want, INLINE_DEPTH);
	/*
	 * The first definition of a header function wins: a skipped TU sorted
	 * before the one it came from may have walked it too.
	 */
	for (size_t i = 0; i < prog->n; i++) {
		const struct zt_node *n = &prog->nodes[i];
		size_t k;

		if (!want[i] || !n->fn || n->tu == ZT_NO_NODE)
			continue;
		if (!strcmp(base(n->fn->file), base(prog->tus[n->tu].file)))
			continue;
		k = tu_db[n->tu];
		/* a TU already taken needs no second walk of its tokens */
		for (size_t t = 0; t < k; t++)
			if (why[t] == ZT_PP_SKIP && !callers[t] &&
			    zt_prepass_may_walk(pp, t, n->name))
				callers[t] = true;
	}
	if (evidence && n_names)
		zt_prepass_callers(pp, names, n_names, INLINE_DEPTH, callers);
	zt_prepass_classify(pp, now);
	for (size_t t = 0; t < pp->n_tus; t++) {
		if (why[t] != ZT_PP_SKIP || (now[t] == ZT_PP_SKIP && !callers[t]))
			continue;
		why[t] = ZT_PP_CLOSURE;
		added++;
	}
	free(now);
	free(want);
	free(callers);
	free(names);
	return added;
}
