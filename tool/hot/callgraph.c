// SPDX-License-Identifier: GPL-2.0-only
/*
 * The program model: merge per-TU facts by USR, resolve calls through
 * function-pointer fields, find roots, propagate how often each function
 * runs. Per-TU parsing runs in parallel; merging is serial and ordered by TU
 * so results never depend on -j.
 */
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "callgraph.h"
#include "parallel.h"
#include "strbuf.h"

void zt_program_init(struct zt_program *p, const struct zt_kernel_rules *kernel)
{
	memset(p, 0, sizeof(*p));
	p->budget = ZT_DEFAULT_BUDGET;
	p->kernel = kernel;
}

size_t zt_program_find(const struct zt_program *p, const char *usr)
{
	return zt_strmap_get(&p->map, usr);
}

static size_t node_for(struct zt_program *p, const char *usr, const char *name)
{
	size_t i = zt_strmap_get(&p->map, usr);
	struct zt_node *n;

	if (i != ZT_NO_NODE)
		return i;
	ZT_PUSH_IMPLICIT(p->nodes, p->n);
	n = &p->nodes[p->n];
	memset(n, 0, sizeof(*n));
	n->usr = xstrdup(usr);
	n->name = xstrdup(name);
	n->parent = ZT_NO_NODE;
	n->tu = ZT_NO_NODE;
	zt_strmap_put(&p->map, n->usr, p->n);
	return p->n++;
}

/*
 * A pointer's key ("param:USR#i", "local:USR") or a field's ("field:USR", a
 * pointer copied from the field) stored as a value: an alias, not a function.
 */
static bool is_pointer_key(const char *usr)
{
	return !strncmp(usr, "param:", 6) || !strncmp(usr, "local:", 6) ||
	       !strncmp(usr, "field:", 6);
}

/* The USR a key is bound to: "local:USR" is the local's USR. */
static const char *key_core(const char *key)
{
	return is_pointer_key(key) ? key + 6 : key;
}

/* Where a value's stores are filed: a field's under its USR alone, a pointer's under its key. */
static const char *stores_key(const char *value)
{
	return strncmp(value, "field:", 6) ? value : key_core(value);
}

/*
 * Each database entry is its own TU, and what it alone defines is known by
 * the TU, not by its name. clang's USR of what is bound to the TU's source
 * file (a static function, a local: "c:rx.c@F@poll", "c:rx.c@96@F@rx@x")
 * names another thing in each TU that has a file of that name: the rx.c of
 * two drivers. And a file built twice with other flags (two configurations,
 * two modules) defines its global functions again. Such keys get the TU's
 * number. A header's static inline helpers stay one function (the first
 * definition wins), and a call from another TU reaches the first of two
 * global definitions.
 */
struct tu_key {
	char *own;		/* "c:rx.c@" */
	struct zt_strvec again;	/* global functions an earlier TU defined too */
	size_t t;
};

/* @core: a USR, or "USR#i" of a parameter's key */
static bool defined_again(const struct tu_key *k, const char *core)
{
	const char *hash = strchr(core, '#');
	char *fn;
	bool again;

	if (!hash)
		return zt_strvec_has(&k->again, core);
	fn = xstrndup(core, (size_t)(hash - core));
	again = zt_strvec_has(&k->again, fn);
	free(fn);
	return again;
}

static void tu_qualify(const struct tu_key *k, char **usr)
{
	const char *core = *usr ? key_core(*usr) : NULL;
	char *q;

	if (!core)
		return;
	if (strncmp(core, k->own, strlen(k->own)) && !defined_again(k, core))
		return;
	q = xasprintf("%s@tu%zu", *usr, k->t);
	free(*usr);
	*usr = q;
}

static void tu_defined_again(const struct zt_program *p, const struct zt_tu_facts *tu,
			     struct tu_key *k)
{
	for (size_t i = 0; i < tu->n_funcs; i++) {
		const struct zt_function *f = &tu->funcs[i];
		size_t n;

		if (!f->defined || !f->file || strcmp(f->file, tu->file) ||
		    !strncmp(f->usr, k->own, strlen(k->own)))
			continue;
		n = zt_strmap_get(&p->map, f->usr);
		if (n != ZT_NO_NODE && p->nodes[n].fn)
			zt_strvec_push(&k->again, f->usr);
	}
}

static void tu_qualify_all(const struct zt_program *p, struct zt_tu_facts *tu, size_t t)
{
	const char *base = tu->file ? strrchr(tu->file, '/') : NULL;
	struct tu_key k = { .t = t };

	if (!tu->file)
		return;
	k.own = xasprintf("c:%s@", base ? base + 1 : tu->file);
	tu_defined_again(p, tu, &k);
	for (size_t i = 0; i < tu->n_funcs; i++) {
		struct zt_function *f = &tu->funcs[i];

		for (size_t c = 0; c < f->n_calls; c++)
			tu_qualify(&k, &f->calls[c].target);
		tu_qualify(&k, &f->usr);
	}
	for (size_t i = 0; i < tu->n_assigns; i++) {
		tu_qualify(&k, &tu->assigns[i].field_usr);
		tu_qualify(&k, &tu->assigns[i].fn_usr);
	}
	for (size_t i = 0; i < tu->n_roots; i++)
		tu_qualify(&k, &tu->roots[i].fn_usr);
	for (size_t i = 0; i < tu->n_accesses; i++)
		tu_qualify(&k, &tu->accesses[i].fn_usr);
	zt_strvec_clear(&k.again);
	free(k.own);
}

/* File @tu's stores under their keys, after the stores of every earlier TU. */
static void index_stores(struct zt_program *p, size_t t)
{
	const struct zt_tu_facts *tu = &p->tus[t];

	for (size_t a = 0; a < tu->n_assigns; a++) {
		const char *key = tu->assigns[a].field_usr;
		size_t i = zt_strmap_get(&p->store_map, key);
		struct zt_store_list *l;

		if (i == (size_t)-1) {
			i = p->n_stores++;
			ZT_ALLOC_GROW(p->stores, p->n_stores, p->alloc_stores);
			memset(&p->stores[i], 0, sizeof(p->stores[i]));
			zt_strmap_put(&p->store_map, key, i);
		}
		l = &p->stores[i];
		ZT_ALLOC_GROW(l->v, l->n + 1, l->alloc);
		l->v[l->n++] = (struct zt_store_ref){ t, a };
	}
}

void zt_program_add_tu(struct zt_program *p, struct zt_tu_facts *tu)
{
	size_t t = p->n_tus;

	ZT_PUSH_IMPLICIT(p->tus, p->n_tus);
	tu_qualify_all(p, tu, t);
	for (size_t i = 0; i < tu->n_funcs; i++) {
		struct zt_function *f = &tu->funcs[i];
		size_t idx = node_for(p, f->usr, f->name);
		struct zt_node *n = &p->nodes[idx];

		n->cold |= f->cold;
		/* Inline helpers in headers are defined in many TUs: the first one wins. */
		if (f->defined && !n->fn) {
			n->fn = xmalloc(sizeof(*n->fn));
			*n->fn = *f;
			memset(f, 0, sizeof(*f));
			n->tu = t;
		} else {
			zt_function_release(f);
		}
	}
	free(tu->funcs);
	tu->funcs = NULL;
	tu->n_funcs = 0;
	p->tus[t] = *tu;
	memset(tu, 0, sizeof(*tu));
	p->n_tus++;
	index_stores(p, t);
}

static void add_edge(struct zt_node *from, size_t to, const struct zt_call *c, bool via_field)
{
	for (size_t i = 0; i < from->n_edges; i++) {
		struct zt_edge *e = &from->edges[i];

		/* One edge per callee: the hottest call site decides. */
		if (e->to == to) {
			/* per batch only while every call to it is */
			if (!c->in_unlikely && (!e->batch_n || !c->batch_n)) {
				e->batch_n = 0;
				e->batch_why = ZT_BATCH_NONE;
			} else if (!c->in_unlikely && c->batch_n < e->batch_n) {
				e->batch_n = c->batch_n;	/* the smaller batch is the hotter */
				e->batch_why = c->batch_why;
			}
			for (size_t a = 0; a < ZT_CALL_ARGS; a++)
				e->arg_params[a] |= c->arg_params[a];
			if (!c->in_unlikely && c->in_loop) {
				e->loop_params |= c->loop_params;
				e->loop_budget |= c->loop_budget;
			}
			if (!c->in_unlikely && e->in_unlikely) {
				e->in_unlikely = false;
				e->in_loop = c->in_loop;
				e->cond = c->cond;
				e->slow = c->slow;
			} else if (!c->in_unlikely) {
				e->in_loop |= c->in_loop;
				/* conditional only while every hot call to it is */
				if (!c->cond)
					e->cond = NULL;
				if (!c->slow)
					e->slow = NULL;
			}
			return;
		}
	}
	ZT_PUSH_IMPLICIT(from->edges, from->n_edges);
	from->edges[from->n_edges++] = (struct zt_edge){
		.to = to,
		.in_loop = c->in_loop,
		.in_unlikely = c->in_unlikely,
		.via_field = via_field,
		.loop_params = c->in_loop ? c->loop_params : 0,
		.loop_budget = c->in_loop && c->loop_budget,
		.batch_n = c->batch_n,
		.batch_why = c->batch_n ? c->batch_why : ZT_BATCH_NONE,
		.cond = c->in_unlikely ? NULL : c->cond,
		.slow = c->in_unlikely ? NULL : c->slow,
	};
	memcpy(from->edges[from->n_edges - 1].arg_params, c->arg_params, sizeof(c->arg_params));
}

#define ALIAS_DEPTH 8

/* @into: the field (or pointer) key the function itself was stored under */
typedef void (*stored_fn)(const struct zt_program *p, const char *fn_usr, const char *fn_name,
			  const struct zt_field_assign *as, const char *into, void *arg);

/*
 * Every function stored under @key anywhere in the program, through aliases
 * (a parameter given another function-pointer parameter, a local given a
 * parameter), ALIAS_DEPTH levels deep: @fn gets each with the store that
 * named @key (its field and record). With @unknowns, each value that names
 * no function (or an alias deeper than that) too, as a NULL @fn_usr.
 */
static void each_store(const struct zt_program *p, const char *key,
		       const struct zt_field_assign *top, int depth, bool unknowns, stored_fn fn,
		       void *arg)
{
	size_t i = zt_strmap_get(&p->store_map, key);
	const struct zt_store_list *l = i == (size_t)-1 ? NULL : &p->stores[i];

	for (size_t k = 0; l && k < l->n; k++) {
		const struct zt_field_assign *as = &p->tus[l->v[k].tu].assigns[l->v[k].assign];
		bool unknown = !strcmp(as->fn_usr, ZT_STORE_UNKNOWN);

		if (unknown || (is_pointer_key(as->fn_usr) && depth >= ALIAS_DEPTH)) {
			if (unknowns)
				fn(p, NULL, NULL, top ? top : as, key, arg);
		} else if (!is_pointer_key(as->fn_usr)) {
			fn(p, as->fn_usr, as->fn_name, top ? top : as, key, arg);
		} else {
			each_store(p, stores_key(as->fn_usr), top ? top : as, depth + 1, unknowns,
				   fn, arg);
		}
	}
}

static void each_stored(const struct zt_program *p, const char *key,
			const struct zt_field_assign *top, int depth, stored_fn fn, void *arg)
{
	each_store(p, key, top, depth, false, fn, arg);
}

struct link_arg {
	struct zt_program *p;
	size_t from;
	const struct zt_call *call;
};

static void link_stored(const struct zt_program *cp, const char *fn_usr, const char *fn_name,
			const struct zt_field_assign *as, const char *into, void *arg)
{
	struct link_arg *l = arg;
	size_t to = node_for(l->p, fn_usr, fn_name);

	(void)cp;
	(void)as;
	(void)into;
	add_edge(&l->p->nodes[l->from], to, l->call, true);
}

void zt_program_link(struct zt_program *p)
{
	/* Field USR -> functions stored into it, over the whole program. */
	size_t n_nodes_before = p->n;

	for (size_t i = 0; i < n_nodes_before; i++) {
		struct zt_function *f = p->nodes[i].fn;

		if (!f)
			continue;
		for (size_t c = 0; c < f->n_calls; c++) {
			const struct zt_call *call = &f->calls[c];

			if (call->kind == ZT_CALL_DIRECT) {
				size_t to = node_for(p, call->target, call->name);

				f = p->nodes[i].fn;
				add_edge(&p->nodes[i], to, call, false);
			} else if (call->kind == ZT_CALL_FIELD) {
				struct link_arg l = { .p = p, .from = i, .call = call };

				each_stored(p, call->target, NULL, 0, link_stored, &l);
			}
		}
	}
}

struct targets_arg {
	zt_field_target_fn fn;
	void *arg;
};

/* A function stored into a field: the field's USR without the TU's number (fix's key). */
static void target_stored(const struct zt_program *p, const char *fn_usr, const char *fn_name,
			  const struct zt_field_assign *as, const char *into, void *arg)
{
	struct targets_arg *t = arg;
	const char *tu = strstr(into, "@tu");
	char *key;

	(void)p;
	(void)as;
	if (is_pointer_key(into))
		return;		/* a parameter's or a local's: a caller's, not a field */
	key = xstrndup(into, tu ? (size_t)(tu - into) : strlen(into));
	t->fn(key, fn_usr ? fn_name : ZT_STORE_UNKNOWN, t->arg);
	free(key);
}

void zt_program_field_targets(const struct zt_program *p, size_t node, unsigned int depth,
			      zt_field_target_fn fn, void *arg)
{
	struct targets_arg t = { fn, arg };
	unsigned int *level = xcalloc(p->n, sizeof(*level));
	size_t *todo = xcalloc(p->n, sizeof(*todo)), n = 0;

	level[node] = 1;
	todo[n++] = node;
	for (size_t q = 0; q < n; q++) {
		const struct zt_node *u = &p->nodes[todo[q]];

		for (size_t c = 0; u->fn && c < u->fn->n_calls; c++)
			if (u->fn->calls[c].kind == ZT_CALL_FIELD)
				each_store(p, u->fn->calls[c].target, NULL, 0, true, target_stored,
					   &t);
		for (size_t e = 0; level[todo[q]] <= depth && e < u->n_edges; e++)
			if (!level[u->edges[e].to]) {
				level[u->edges[e].to] = level[todo[q]] + 1;
				todo[n++] = u->edges[e].to;
			}
	}
	free(level);
	free(todo);
}

static void set_root(struct zt_node *n, const char *why)
{
	if (n->is_root)
		return;
	n->is_root = true;
	n->root_why = xstrdup(why);
}

size_t zt_program_add_root(struct zt_program *p, const char *name, const char *why)
{
	size_t found = 0;

	for (size_t i = 0; i < p->n; i++) {
		if (strcmp(p->nodes[i].name, name) || !p->nodes[i].fn)
			continue;
		set_root(&p->nodes[i], why);
		found++;
	}
	return found;
}

size_t zt_program_mark(struct zt_program *p, const char *name, bool cold, bool per_packet)
{
	size_t found = 0;

	for (size_t i = 0; i < p->n; i++) {
		if (strcmp(p->nodes[i].name, name))
			continue;
		p->nodes[i].cold |= cold;
		p->nodes[i].per_packet |= per_packet;
		found++;
	}
	return found;
}

/* The ops root (rules/kernel.conf) a store is into, else NULL. */
static const struct zt_ops_root *ops_root_of(const struct zt_program *p,
					     const struct zt_field_assign *as)
{
	return zt_kernel_ops_root(p->kernel, as->record, as->field, strlen(as->field), false);
}

struct root_arg {
	struct zt_program *p;
	size_t found;
	const char *why;	/* a NAPI registration's; NULL: an ops field's (from the store) */
	const char *via;	/* the pointer the registration was given, NULL: a function */
	bool via_field;		/* ... a field of a table (every function stored there) */
};

static void root_stored(const struct zt_program *cp, const char *fn_usr, const char *fn_name,
			const struct zt_field_assign *as, const char *into, void *arg)
{
	struct root_arg *r = arg;
	struct zt_program *p = r->p;
	size_t i = node_for(p, fn_usr, fn_name);
	const struct zt_ops_root *op = r->why ? NULL : ops_root_of(p, as);
	char *why;

	if (r->why && r->via && r->via_field)
		why = xasprintf("NAPI poll, registered with %s from the field '%s', which "
				"holds it", r->why, r->via);
	else if (r->why)
		why = r->via ? xasprintf("NAPI poll, registered with %s through '%s', a "
					 "function pointer its callers give it", r->why, r->via) :
			       xasprintf("NAPI poll, registered with %s", r->why);
	else if (op)
		why = xasprintf("%s of %s: %s", as->field, as->record, op->why);
	else
		return;
	(void)cp;
	(void)into;
	r->found += !p->nodes[i].is_root;
	if (op && op->freq == ZT_OPS_PER_PACKET)
		p->nodes[i].per_packet = true;
	set_root(&p->nodes[i], why);
	free(why);
}

/*
 * Roots from registrations: a function given to netif_napi_add*() or stored
 * into an ops field; a function-pointer parameter or local given or stored
 * there stands for every function its callers give it (a wrapper's 'poll').
 */
size_t zt_program_auto_roots(struct zt_program *p)
{
	struct root_arg r = { .p = p };

	for (size_t t = 0; t < p->n_tus; t++) {
		const struct zt_tu_facts *tu = &p->tus[t];

		for (size_t k = 0; k < tu->n_roots; k++) {
			const struct zt_root_ref *ref = &tu->roots[k];

			r.why = ref->why;
			r.via = NULL;
			r.via_field = !strncmp(ref->fn_usr, "field:", 6);
			if (is_pointer_key(ref->fn_usr)) {
				r.via = ref->fn_name;
				each_stored(p, stores_key(ref->fn_usr), NULL, 0, root_stored, &r);
			} else {
				root_stored(p, ref->fn_usr, ref->fn_name, NULL, NULL, &r);
			}
		}
		for (size_t a = 0; a < tu->n_assigns; a++) {
			const struct zt_field_assign *as = &p->tus[t].assigns[a];

			if (!ops_root_of(p, as) || !strcmp(as->fn_usr, ZT_STORE_UNKNOWN))
				continue;
			r.why = r.via = NULL;
			r.via_field = false;
			if (is_pointer_key(as->fn_usr))
				each_stored(p, as->fn_usr, as, 1, root_stored, &r);
			else
				root_stored(p, as->fn_usr, as->fn_name, as, NULL, &r);
		}
	}
	return r.found;
}

/* Is @a on @n's parent chain (or @n itself)? */
static bool is_ancestor(const struct zt_program *p, size_t a, size_t n)
{
	for (size_t steps = 0; n != ZT_NO_NODE && steps <= p->n; steps++) {
		if (n == a)
			return true;
		n = p->nodes[n].parent;
	}
	return false;
}

bool zt_packet_loop(unsigned int budget_params, unsigned int loop_params, bool loop_budget)
{
	return !budget_params || (loop_params & budget_params) || loop_budget;
}

static unsigned int named_budget_params(const struct zt_function *f)
{
	unsigned int m = 0;

	for (size_t i = 0; f && i < f->n_params && i < 32; i++)
		if (f->params[i].name && strstr(f->params[i].name, "budget"))
			m |= 1u << i;
	return m;
}

/*
 * Which parameters carry the NAPI budget: a NAPI poll's second one, any
 * root's parameter named *budget*, then every callee parameter an argument
 * computed from one is passed to (ice_clean_rx_irq(ring, budget_per_ring)).
 */
static void propagate_budget(struct zt_program *p)
{
	bool changed = true;

	for (size_t i = 0; i < p->n; i++) {
		struct zt_node *n = &p->nodes[i];

		n->budget_params = 0;
		if (!n->is_root || !n->fn)
			continue;
		n->budget_params = named_budget_params(n->fn);
		if (n->root_why && strstr(n->root_why, "NAPI poll") && n->fn->n_params >= 2)
			n->budget_params |= 1u << 1;
	}
	/* masks only grow, within 32 bits per node: this ends */
	while (changed) {
		changed = false;
		for (size_t i = 0; i < p->n; i++) {
			const struct zt_node *from = &p->nodes[i];

			if (!from->budget_params)
				continue;
			for (size_t e = 0; e < from->n_edges; e++) {
				struct zt_node *to = &p->nodes[from->edges[e].to];
				unsigned int m = 0;

				for (size_t a = 0; a < ZT_CALL_ARGS; a++)
					if (from->edges[e].arg_params[a] & from->budget_params)
						m |= 1u << a;
				if (m & ~to->budget_params) {
					to->budget_params |= m;
					changed = true;
				}
			}
		}
	}
}

/*
 * The frequency edge @edge of node @u gives its callee, with the batch it
 * runs per; false when heat does not cross it (unlikely() error handling, a
 * cold callee, another root).
 */
static bool edge_freq(const struct zt_program *p, size_t u, const struct zt_edge *edge,
		      enum zt_freq *f_out, unsigned int *batch_out, enum zt_batch_why *why_out)
{
	const struct zt_node *from = &p->nodes[u], *to = &p->nodes[edge->to];
	enum zt_freq f = from->freq;
	unsigned int batch = from->freq == ZT_FREQ_PER_BATCH ? from->batch_n : 0;
	enum zt_batch_why why = batch ? from->batch_why : ZT_BATCH_NONE;

	/* unlikely() error handling and cold functions stop the heat. */
	if (edge->in_unlikely || to->cold || to->is_root)
		return false;
	/* a loop over rings or queues is not a packet loop (zt_packet_loop) */
	if ((edge->in_loop &&
	     zt_packet_loop(from->budget_params, edge->loop_params, edge->loop_budget)) ||
	    to->per_packet)
		f = ZT_FREQ_PER_PACKET;
	/* if (n == X_BULK) flush(): once per batch of packets */
	if (edge->batch_n && f >= ZT_FREQ_PER_BATCH && !to->per_packet) {
		f = ZT_FREQ_PER_BATCH;
		batch = edge->batch_n;
		why = edge->batch_why;
	}
	/* a function that allocates or frees a bulk of N runs once per N */
	if (to->fn && to->fn->bulk_n && f == ZT_FREQ_PER_PACKET && !to->per_packet) {
		f = ZT_FREQ_PER_BATCH;
		batch = to->fn->bulk_n;
		why = ZT_BATCH_BULK_CALL;
	}
	*f_out = f;
	*batch_out = batch;
	*why_out = why;
	return true;
}

/* Does the path through @edge of @from beat what callee @to has? */
static bool hotter(const struct zt_node *from, const struct zt_edge *edge,
		   const struct zt_node *to, enum zt_freq f, unsigned int batch)
{
	/*
	 * At the same frequency a smaller batch is hotter, and a path without
	 * an unlikely() condition beats one with.
	 */
	bool same = f == to->freq && (f != ZT_FREQ_PER_BATCH || batch == to->batch_n);
	const char *cond = edge->cond ? edge->cond : from->cond;
	const char *slow = edge->slow ? edge->slow : from->slow;

	/*
	 * ...and a path every packet takes beats one only marked packets take,
	 * whatever unlikely() conditions either has.
	 */
	return f > to->freq || (f == to->freq && f == ZT_FREQ_PER_BATCH && batch < to->batch_n) ||
	       (same && to->slow && !slow) || (same && !to->slow == !slow && to->cond && !cond);
}

static void reset_freq(struct zt_node *n)
{
	n->freq = n->cold ? ZT_FREQ_COLD : ZT_FREQ_UNKNOWN;
	n->parent = ZT_NO_NODE;
	n->cond = NULL;
	n->cond_in = ZT_NO_NODE;
	n->slow = NULL;
	n->slow_in = ZT_NO_NODE;
	if (n->is_root && !n->cold)
		n->freq = n->per_packet ? ZT_FREQ_PER_PACKET : ZT_FREQ_PER_POLL;
}

/*
 * The edges reversed, as one array: counted, placed by caller order (so each
 * node's callers come ascending), one entry per caller however many edges.
 */
static void index_callers(struct zt_program *p)
{
	size_t *at = xcalloc(p->n + 2, sizeof(*at)), *fill, total = 0;

	for (size_t i = 0; i < p->n; i++)
		for (size_t e = 0; e < p->nodes[i].n_edges; e++)
			at[p->nodes[i].edges[e].to + 1]++;
	for (size_t i = 0; i < p->n; i++)
		at[i + 1] += at[i];
	total = at[p->n];
	fill = xmalloc((p->n + 1) * sizeof(*fill));
	memcpy(fill, at, (p->n + 1) * sizeof(*fill));
	free(p->callers);
	p->callers = xmalloc((total + 1) * sizeof(*p->callers));
	for (size_t i = 0; i < p->n; i++)
		for (size_t e = 0; e < p->nodes[i].n_edges; e++) {
			size_t to = p->nodes[i].edges[e].to;

			/* add_edge() keeps one edge per callee: i comes once per @to */
			p->callers[fill[to]++] = i;
		}
	free(fill);
	free(p->caller_at);
	p->caller_at = at;
	p->n_indexed = p->n;
}

const size_t *zt_program_callers(const struct zt_program *p, size_t node, size_t *n)
{
	if (node >= p->n_indexed) {
		*n = 0;
		return NULL;
	}
	*n = p->caller_at[node + 1] - p->caller_at[node];
	return p->callers + p->caller_at[node];
}

void zt_program_propagate(struct zt_program *p)
{
	size_t *queue, head = 0, tail = 0, cap = p->n + 1;
	bool *queued = xcalloc(p->n + 1, sizeof(*queued));

	/* Each node enters the queue at most once per frequency level it reaches. */
	queue = xmalloc(cap * sizeof(*queue));
	index_callers(p);
	propagate_budget(p);
	for (size_t i = 0; i < p->n; i++) {
		reset_freq(&p->nodes[i]);
		if (p->nodes[i].is_root && !p->nodes[i].cold) {
			queue[tail++ % cap] = i;
			queued[i] = true;
		}
	}
	while (head != tail) {
		size_t u = queue[head++ % cap];
		struct zt_node *from = &p->nodes[u];

		queued[u] = false;
		for (size_t e = 0; e < from->n_edges; e++) {
			const struct zt_edge *edge = &from->edges[e];
			struct zt_node *to = &p->nodes[edge->to];
			enum zt_freq f;
			unsigned int batch;
			enum zt_batch_why why;

			if (!edge_freq(p, u, edge, &f, &batch, &why) || !hotter(from, edge, to, f, batch))
				continue;
			to->freq = f;
			to->batch_n = f == ZT_FREQ_PER_BATCH ? batch : 0;
			to->batch_why = f == ZT_FREQ_PER_BATCH ? why : ZT_BATCH_NONE;
			to->cond_in = edge->cond ? u : from->cond_in;
			to->cond = edge->cond ? edge->cond : from->cond;
			to->slow_in = edge->slow ? u : from->slow_in;
			to->slow = edge->slow ? edge->slow : from->slow;
			/* Keep chains acyclic: recursion can make a caller hotter through its callee. */
			if (!is_ancestor(p, edge->to, u)) {
				to->parent = u;
				to->parent_in_loop = edge->in_loop;
			}
			if (!queued[edge->to]) {
				queued[edge->to] = true;
				queue[tail++ % cap] = edge->to;
			}
		}
	}
	free(queue);
	free(queued);
}

size_t zt_program_chain(const struct zt_program *p, size_t node, const char ***out)
{
	size_t n = 0, i = node;
	const char **v;

	while (i != ZT_NO_NODE && n <= p->n) {
		n++;
		i = p->nodes[i].parent;
	}
	v = xcalloc(n, sizeof(*v));
	i = node;
	for (size_t k = n; k > 0 && i != ZT_NO_NODE; k--) {
		v[k - 1] = p->nodes[i].name;
		i = p->nodes[i].parent;
	}
	*out = v;
	return n;
}

bool zt_program_recursive(const struct zt_program *p, size_t node)
{
	size_t *stack = xmalloc((p->n + 1) * sizeof(*stack)), sp = 0;
	bool *seen = xcalloc(p->n + 1, sizeof(*seen));
	bool found = false;

	stack[sp++] = node;
	while (sp && !found) {
		const struct zt_node *n = &p->nodes[stack[--sp]];

		for (size_t e = 0; e < n->n_edges && !found; e++) {
			size_t to = n->edges[e].to;

			if (to == node)
				found = true;
			else if (!seen[to]) {
				seen[to] = true;
				stack[sp++] = to;
			}
		}
	}
	free(stack);
	free(seen);
	return found;
}

double zt_freq_calls_per_packet(enum zt_freq freq, unsigned int budget, unsigned int batch_n)
{
	switch (freq) {
	case ZT_FREQ_PER_PACKET:
		return 1.0;
	case ZT_FREQ_PER_BATCH:
		/* a batch of unknown size (a ring threshold): at most once per poll's worth */
		if (batch_n == ZT_BATCH_UNKNOWN)
			return 1.0 / (budget ? budget : ZT_DEFAULT_BUDGET);
		return 1.0 / (batch_n ? batch_n : 1);
	case ZT_FREQ_PER_POLL:
		return 1.0 / (budget ? budget : ZT_DEFAULT_BUDGET);
	default:
		return 0.0;
	}
}

void zt_program_release(struct zt_program *p)
{
	for (size_t i = 0; i < p->n; i++) {
		struct zt_node *n = &p->nodes[i];

		free(n->usr);
		free(n->name);
		if (n->fn) {
			zt_function_release(n->fn);
			free(n->fn);
		}
		free(n->root_why);
		free(n->edges);
	}
	free(p->nodes);
	for (size_t i = 0; i < p->n_tus; i++)
		zt_tu_facts_release(&p->tus[i]);
	free(p->tus);
	zt_strmap_release(&p->map);
	for (size_t i = 0; i < p->n_stores; i++)
		free(p->stores[i].v);
	free(p->stores);
	zt_strmap_release(&p->store_map);
	free(p->caller_at);
	free(p->callers);
	memset(p, 0, sizeof(*p));
}

/* ---- the parallel AST pass ---- */

struct facts_job {
	const struct zt_compdb *db;
	struct zt_facts_opts opts;
	struct zt_tu_facts *out;
	struct zt_facts_pool *pool;
	const struct zt_cache *cache;
	size_t reused, not_stored;	/* atomically */
};

/* A cached TU's facts (1), taken out of its entry. */
static int facts_cached(struct facts_job *job, const char *key, struct zt_tu_facts *out)
{
	struct zt_tu_result hit;

	if (zt_cache_get(job->cache, key, &hit) != 1)
		return 0;
	*out = hit.facts;
	memset(&hit.facts, 0, sizeof(hit.facts));
	zt_tu_result_release(&hit);
	__atomic_add_fetch(&job->reused, 1, __ATOMIC_RELAXED);
	return 1;
}

/* Stored as check stores a TU (without evidence); a failed parse is retried, not kept. */
static void facts_store(struct facts_job *job, const char *key, const struct zt_compile_cmd *cmd,
			const struct zt_tu_facts *f)
{
	struct zt_tu_result r = { .cmd = *cmd, .facts = *f };
	json_t *j;

	if (f->failed)
		return;
	j = zt_tu_result_to_json(&r);
	if (zt_cache_put(job->cache, key, cmd, j))
		__atomic_add_fetch(&job->not_stored, 1, __ATOMIC_RELAXED);
	json_decref(j);
}

static void facts_one(size_t i, void *arg)
{
	struct facts_job *job = arg;
	const struct zt_compile_cmd *cmd = &job->db->v[i];
	char *key = job->cache ? zt_cache_key(job->cache, cmd) : NULL;

	if (!key || !facts_cached(job, key, &job->out[i])) {
		zt_facts_pool_collect(job->pool, cmd, &job->opts, &job->out[i]);
		if (key)
			facts_store(job, key, cmd, &job->out[i]);
	}
	free(key);
}

void zt_program_finish(struct zt_program *p, const struct zt_hot_opts *opts)
{
	zt_program_link(p);
	zt_program_auto_roots(p);
	if (opts->rules) {
		const struct zt_hotrules *r = opts->rules;

		if (r->budget)
			p->budget = r->budget;
		for (size_t i = 0; i < r->n; i++) {
			const struct zt_hotrule *rule = &r->v[i];
			char *why;

			switch (rule->kind) {
			case ZT_RULE_ROOT:
				why = rule->why ? xstrdup(rule->why) :
						  xasprintf("root in the rules file, line %u",
							    rule->line);
				zt_program_add_root(p, rule->func, why);
				free(why);
				break;
			case ZT_RULE_PER_PACKET:
				zt_program_mark(p, rule->func, false, true);
				break;
			case ZT_RULE_COLD:
				zt_program_mark(p, rule->func, true, false);
				break;
			}
		}
	}
	for (size_t i = 0; i < opts->n_hot; i++)
		if (!zt_program_add_root(p, opts->hot[i], "--hot"))
			warning("--hot %s: no such function defined in the analysed files",
				opts->hot[i]);
	zt_program_propagate(p);
}

int zt_program_build(struct zt_ctx *ctx, const struct zt_compdb *db,
		     const struct zt_hot_opts *opts, struct zt_program *p)
{
	struct facts_job job = {
		.db = db,
		.opts = { .field_accesses = opts->field_accesses, .kernel = opts->kernel },
		.cache = opts->cache,
	};

	zt_program_init(p, opts->kernel);
	job.out = xcalloc(db->n, sizeof(*job.out));
	job.pool = zt_facts_pool_new();
	zt_parallel_for(db->n, ctx->jobs, facts_one, &job);
	zt_facts_pool_free(job.pool);
	if (job.not_stored)
		warning("cache: %zu translation unit(s) could not be stored", job.not_stored);
	if (ctx->verbose && opts->cache)
		note("cache: %zu of %zu translation units reused", job.reused, db->n);

	for (size_t i = 0; i < db->n; i++)
		zt_program_add_tu(p, &job.out[i]);
	free(job.out);
	zt_program_finish(p, opts);
	return 0;
}
