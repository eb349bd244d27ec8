// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-queue owner of a hot local (issue 25, rule 7): the ring or queue
 * the NAPI instance serves, never the net_device or the adapter.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "stack_int.h"

static bool str_in(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] && !strcmp(v[i], s))
			return true;
	return false;
}

/*
 * Never an owner: what rules/kernel.conf names (the net_device, a packet, ...)
 * and the adapter (what netdev_priv() gives, shared by every queue).
 */
static bool adapter_or_packet(const struct zt_program *p, const char *record)
{
	if (zt_kernel_never_owner(p->kernel, record))
		return true;
	for (size_t t = 0; t < p->n_tus; t++)
		if (str_in(p->tus[t].dev_privs, p->tus[t].n_dev_privs, record))
			return true;
	return false;
}

/* A word of @s (split at '_', ' ', '*'): ring, queue, or one ending in rq/sq/cq/rxq/txq. */
static bool names_queue(const char *s)
{
	while (s && *s) {
		size_t n = 0;

		while (s[n] && (isalnum((unsigned char)s[n])))
			n++;
		if (n) {
			char w[64];

			if (n < sizeof(w)) {
				memcpy(w, s, n);
				w[n] = '\0';
				for (size_t i = 0; i < n; i++)
					w[i] = (char)tolower((unsigned char)w[i]);
				if (strstr(w, "ring") || strstr(w, "queue") ||
				    (n >= 2 && (!strcmp(w + n - 2, "rq") || !strcmp(w + n - 2, "sq") ||
						!strcmp(w + n - 2, "cq"))))
					return true;
			}
			s += n;
		} else {
			s++;
		}
	}
	return false;
}

/*
 * An entry of the call graph that reaches @node other than a poll of
 * @container (NULL: none): the top of every chain of callers up from it,
 * stopping at the polls (a poll's body is its NAPI context, whoever calls it).
 * A work item, a timer, an ndo or ethtool op, another NAPI: each runs in a
 * context of its own, concurrently with the poll. A node the callers' index
 * does not cover is an entry nobody can vouch for.
 */
static const char *other_entry(const struct zt_program *p, size_t node, const char *container)
{
	bool *seen = xcalloc(p->n + 1, sizeof(*seen));
	size_t *queue = xcalloc(p->n + 1, sizeof(*queue)), head = 0, tail = 0;
	const char *other = NULL;

	queue[tail++] = node;
	seen[node] = true;
	while (head < tail && !other) {
		size_t u = queue[head++], n;
		const size_t *callers = zt_program_callers(p, u, &n);
		const struct zt_function *fn = p->nodes[u].fn;

		if (u >= p->n_indexed) {
			other = p->nodes[u].name;
			break;
		}
		/* a poll of the container: its body is that NAPI context, whoever calls it */
		if (fn && fn->napi_owner && !strcmp(fn->napi_owner, container))
			continue;
		if (!n)
			other = p->nodes[u].name;
		for (size_t i = 0; i < n; i++)
			if (!seen[callers[i]]) {
				seen[callers[i]] = true;
				queue[tail++] = callers[i];
			}
	}
	free(seen);
	free(queue);
	return other;
}

/*
 * Is parameter @param of @node's function never NULL, whoever calls it? A
 * hoist reaches the per-queue copy through it, where the original touched
 * only its stack. Proved up the callers' index: every direct call gives an
 * address, container_of() or a local set only to those (struct zt_call's
 * arg_nonnull), or passes on a parameter of its own, never changed, proved
 * the same way. An entry of the program (the kernel gives its arguments), a
 * call through a pointer, a function nothing calls: not proved. A cycle of
 * callers passing it round proves nothing against it (no NULL enters there).
 */
#define NONNULL_DEPTH 16
#define NONNULL_STEPS 512

struct nonnull {
	const struct zt_program *p;
	size_t *on_path;	/* nodes being proved, ... */
	unsigned int *on_param;	/* ... for that parameter */
	size_t n_path;
	unsigned int steps;
	char *why;
};

static bool param_nonnull(struct nonnull *nn, size_t node, unsigned int param);

/* @n's function is stored as a value (a field, a pointer): called from where it is read */
static bool address_taken(const struct zt_program *p, const struct zt_node *n)
{
	for (size_t s = 0; s < p->n_stores; s++)
		for (size_t k = 0; k < p->stores[s].n; k++) {
			const struct zt_field_assign *as =
				&p->tus[p->stores[s].v[k].tu].assigns[p->stores[s].v[k].assign];

			if (as->fn_usr && !strcmp(as->fn_usr, n->usr))
				return true;
		}
	return false;
}

/* "fn" in the function's file: __attribute__((alias("fn"))), an asm .set, ... */
static bool named_in_a_string(const struct zt_node *n)
{
	char *text = NULL;
	size_t len = 0;
	bool named;

	if (!n->fn || !n->fn->file || zt_read_file(n->fn->file, &text, &len))
		return true;	/* not read: not known */
	named = zt_named_in_a_string(text, len, n->name);
	free(text);
	return named;
}

static bool not_proved(struct nonnull *nn, char *why)
{
	if (!nn->why)
		nn->why = why;
	else
		free(why);
	return false;
}

static bool call_gives_nonnull(struct nonnull *nn, size_t caller, const struct zt_call *c,
			       unsigned int param)
{
	const struct zt_node *g = &nn->p->nodes[caller];

	if (c->arg_nonnull & (1u << param))
		return true;
	if (c->arg_param[param] && (c->arg_param_kept & (1u << param)))
		return param_nonnull(nn, caller, c->arg_param[param] - 1);
	return not_proved(nn, xasprintf("%s() gives it a value nothing proves non-NULL at "
					"line %u", g->name, c->line));
}

static bool param_nonnull(struct nonnull *nn, size_t node, unsigned int param)
{
	const struct zt_program *p = nn->p;
	const struct zt_node *n = &p->nodes[node];
	const size_t *callers;
	size_t nc;
	bool ok = true;

	for (size_t i = 0; i < nn->n_path; i++)
		if (nn->on_path[i] == node && nn->on_param[i] == param)
			return true;
	if (nn->n_path >= NONNULL_DEPTH || ++nn->steps > NONNULL_STEPS)
		return not_proved(nn, xasprintf("proving it means following callers more than "
						"%d levels up", NONNULL_DEPTH));
	if (param >= ZT_CALL_ARGS)
		return not_proved(nn, xasprintf("it is argument %u of %s(), past those tracked",
						param + 1, n->name));
	/* the kernel gives a NAPI poll its own instance, never NULL */
	if (n->is_root && n->fn && param < n->fn->n_params && n->fn->params[param].record &&
	    !strcmp(n->fn->params[param].record, "struct napi_struct"))
		return true;
	if (n->is_root)
		return not_proved(nn, xasprintf("%s() is an entry of the program (%s): the "
						"kernel gives it its arguments", n->name,
						n->root_why ? n->root_why : "a root"));
	if (node >= p->n_indexed)
		return not_proved(nn, xasprintf("%s()'s callers are not indexed", n->name));
	if (address_taken(p, n))
		return not_proved(nn, xasprintf("the address of %s() is stored: its callers "
						"through it are not all seen", n->name));
	if (named_in_a_string(n))
		return not_proved(nn, xasprintf("%s is named in a string of its file (an "
						"alias?): its callers are not all seen", n->name));
	callers = zt_program_callers(p, node, &nc);
	if (!nc)
		return not_proved(nn, xasprintf("nothing in the program calls %s()", n->name));
	nn->on_path[nn->n_path] = node;
	nn->on_param[nn->n_path++] = param;
	for (size_t i = 0; i < nc && ok; i++) {
		const struct zt_node *g = &p->nodes[callers[i]];
		bool direct = false;

		/* a call through a field, beside the direct ones: its argument is not known */
		for (size_t e = 0; ok && e < g->n_edges; e++)
			if (g->edges[e].to == node && g->edges[e].via_field)
				ok = not_proved(nn, xasprintf("%s() calls %s() through a pointer",
							      g->name, n->name));

		for (size_t k = 0; g->fn && k < g->fn->n_calls && ok; k++) {
			const struct zt_call *c = &g->fn->calls[k];

			if (c->kind != ZT_CALL_DIRECT || !c->target || strcmp(c->target, n->usr))
				continue;
			direct = true;
			ok = call_gives_nonnull(nn, callers[i], c, param);
		}
		if (ok && !direct)
			ok = not_proved(nn, xasprintf("%s() calls %s() through a pointer", g->name,
						      n->name));
	}
	nn->n_path--;
	return ok;
}

/* NULL when @param of @node's function is proved never NULL, else why not. */
static char *maybe_null(const struct zt_program *p, size_t node, const struct zt_param *param)
{
	const struct zt_function *f = p->nodes[node].fn;
	size_t path[NONNULL_DEPTH];
	unsigned int params[NONNULL_DEPTH];
	struct nonnull nn = { p, path, params, 0, 0, NULL };
	unsigned int i = 0;

	while (i < f->n_params && &f->params[i] != param)
		i++;
	if (i == f->n_params)
		return NULL;	/* not a parameter: the poll's own container_of() local */
	if (param_nonnull(&nn, node, i)) {
		free(nn.why);
		return NULL;
	}
	return nn.why ? nn.why : xstrdup("not proved");
}

/*
 * Is @node's function run after its NAPI instance is let go? After
 * napi_complete_done() the same poll may run on another CPU: a copy kept per
 * queue would then be filled by both. Up the callers' index: a caller that
 * calls what may let go on a line before the call, on its line, or in a loop
 * with it (the call itself too: its next turn comes after); or a caller
 * itself run after one.
 *
 * What may let go is computed once, over the program: a function that calls
 * a napi-release function, and every caller of one, transitively. A call
 * the program cannot resolve (through a pointer in a local, a field some
 * value nothing names was stored in) may reach only a function whose
 * address is stored somewhere, and not an entry of the program (the
 * kernel's to call), in the function's own driver (its file's directory:
 * another driver's function has no hold on this one's instance): when one
 * of those may let go (a release callback), such calls may too; when none does, they cannot, for the
 * kernel lets a driver's instance go only through napi-release (docs/fix.md).
 * Those callbacks are the finding's release_callbacks: fix asks the same.
 */
struct release_ctx {
	const struct zt_program *p;
	bool *may;		/* per node: may let go */
	const char **leaf;	/* ... where (borrowed from @owned) */
	char **owned;
	unsigned char *after;	/* per node: 0 unseen, 1 walking/no, 2 yes */
	struct zt_strvec callbacks;	/* release callbacks, by name */
	char *driver;		/* the directory of the finding's function */
	char *why;
};

static bool is_release_name(const struct zt_program *p, const char *name)
{
	return name && zt_strvec_has(&p->kernel->napi_releases, name);
}

static void unknown_target(const char *field_usr, const char *fn_name, void *arg)
{
	(void)field_usr;
	if (!strcmp(fn_name, ZT_STORE_UNKNOWN))
		*(bool *)arg = true;
}

/* @node may let go (its own @why, owned); then every caller, transitively. */
static void seed_release(struct release_ctx *rc, size_t node, char *why)
{
	const struct zt_program *p = rc->p;
	size_t *todo, n = 0;

	if (rc->may[node]) {
		free(why);
		return;
	}
	todo = xcalloc(p->n, sizeof(*todo));
	rc->may[node] = true;
	rc->leaf[node] = rc->owned[node] = why;
	todo[n++] = node;
	while (n) {
		size_t u = todo[--n], nc;
		const size_t *callers = u < p->n_indexed ? zt_program_callers(p, u, &nc) : NULL;

		for (size_t i = 0; callers && i < nc; i++)
			if (!rc->may[callers[i]]) {
				rc->may[callers[i]] = true;
				rc->leaf[callers[i]] = rc->leaf[u];
				todo[n++] = callers[i];
			}
	}
	free(todo);
}

static bool unresolved_call(const struct release_ctx *rc, size_t node, const struct zt_call *c)
{
	bool unknown = false;

	if (c->kind == ZT_CALL_POINTER)
		return true;
	if (c->kind != ZT_CALL_FIELD)
		return false;
	zt_program_field_targets(rc->p, node, 0, unknown_target, &unknown);
	return unknown;
}

/* @n is defined under @dir (the finding's driver). */
static bool same_driver(const char *dir, const struct zt_node *n)
{
	size_t dl = dir ? strlen(dir) : 0;

	/* a directory, or one file of drivers/net */
	return !dir || (n->fn && n->fn->file && !strncmp(n->fn->file, dir, dl) &&
			(n->fn->file[dl] == '/' || !n->fn->file[dl]));
}

static void may_release_all(struct release_ctx *rc)
{
	const struct zt_program *p = rc->p;

	for (size_t i = 0; i < p->n; i++) {
		const struct zt_node *n = &p->nodes[i];

		for (size_t c = 0; n->fn && c < n->fn->n_calls; c++)
			if (is_release_name(p, n->fn->calls[c].name))
				seed_release(rc, i, xasprintf("%s() calls %s() at line %u", n->name,
							      n->fn->calls[c].name,
							      n->fn->calls[c].line));
	}
	/* the release callbacks: what may let go and has its address stored */
	for (size_t s = 0; s < p->n_stores; s++)
		for (size_t k = 0; k < p->stores[s].n; k++) {
			const struct zt_field_assign *as =
				&p->tus[p->stores[s].v[k].tu].assigns[p->stores[s].v[k].assign];
			size_t to = as->fn_usr ? zt_program_find(p, as->fn_usr) : ZT_NO_NODE;

			/*
			 * an entry (a poll, an op) is the kernel's to call, not the
			 * driver's; another driver's function has no hold on this
			 * driver's instance
			 */
			if (to != ZT_NO_NODE && rc->may[to] && !p->nodes[to].is_root &&
			    same_driver(rc->driver, &p->nodes[to]) &&
			    !zt_strvec_has(&rc->callbacks, p->nodes[to].name))
				zt_strvec_push(&rc->callbacks, p->nodes[to].name);
		}
	if (!rc->callbacks.n)
		return;
	for (size_t i = 0; i < p->n; i++) {
		const struct zt_node *n = &p->nodes[i];

		for (size_t c = 0; !rc->may[i] && n->fn && c < n->fn->n_calls; c++)
			if (unresolved_call(rc, i, &n->fn->calls[c]))
				seed_release(rc, i, xasprintf("%s() makes a call at line %u that "
							      "may reach %s()", n->name,
							      n->fn->calls[c].line,
							      rc->callbacks.v[0]));
	}
}

/* Where @c may let go, for the message (borrowed; NULL: the call itself). */
static const char *leaf_of(struct release_ctx *rc, const struct zt_call *c)
{
	size_t to = c->kind == ZT_CALL_DIRECT && c->target ? zt_program_find(rc->p, c->target) :
							     ZT_NO_NODE;

	return to != ZT_NO_NODE ? rc->leaf[to] : NULL;
}

/* Does call @c of @g (node @self) let go, or may it? */
static bool call_may_release(struct release_ctx *rc, size_t self, const struct zt_call *c)
{
	const struct zt_node *g = &rc->p->nodes[self];
	size_t to;

	if (is_release_name(rc->p, c->name))
		return true;
	if (unresolved_call(rc, self, c))
		return rc->callbacks.n > 0;
	if (c->kind == ZT_CALL_FIELD) {
		/* every function stored in a field its calls go through: the edges */
		for (size_t e = 0; e < g->n_edges; e++)
			if (g->edges[e].via_field && rc->may[g->edges[e].to])
				return true;
		return false;
	}
	to = c->target ? zt_program_find(rc->p, c->target) : ZT_NO_NODE;
	return to != ZT_NO_NODE && rc->may[to];
}

static bool runs_after_release(struct release_ctx *rc, size_t node, int depth)
{
	const struct zt_program *p = rc->p;
	const struct zt_node *n = &p->nodes[node];
	const size_t *callers;
	size_t nc;

	if (rc->after[node])
		return rc->after[node] == 2;
	rc->after[node] = 1;
	if (depth > 32 || node >= p->n_indexed)
		return false;	/* an entry the index does not cover: other_entry() says so */
	callers = zt_program_callers(p, node, &nc);
	for (size_t i = 0; i < nc; i++) {
		const struct zt_node *gn = &p->nodes[callers[i]];
		const struct zt_function *g = gn->fn;
		bool direct = false, via_field = false;

		for (size_t k = 0; g && k < g->n_calls; k++)
			direct |= g->calls[k].kind == ZT_CALL_DIRECT && g->calls[k].target &&
				  !strcmp(g->calls[k].target, n->usr);
		for (size_t e = 0; e < gn->n_edges; e++)
			via_field |= gn->edges[e].to == node && gn->edges[e].via_field;
		/* reached through a field too: where that call is, is not known */
		if (via_field)
			direct = false;
		for (size_t k = 0; g && k < g->n_calls; k++) {
			const struct zt_call *c = &g->calls[k];

			/* the calls of it; reached through a field: wherever it is */
			if (direct && (c->kind != ZT_CALL_DIRECT || !c->target ||
				       strcmp(c->target, n->usr)))
				continue;
			for (size_t r = 0; r < g->n_calls; r++) {
				const struct zt_call *rel = &g->calls[r];
				bool before = !direct || rel->line <= c->line ||
					      (rel->in_loop && c->in_loop);

				/* the call itself, in a loop: its next turn comes after */
				if ((direct && r == k && !(c->in_loop && rel->in_loop)) || !before ||
				    !call_may_release(rc, callers[i], rel))
					continue;
				rc->why = xasprintf("%s() may let the NAPI instance go (%s() at line "
						    "%u%s%s) before it calls %s()%s%.0u",
						    gn->name, rel->name ? rel->name : "a call",
						    rel->line, leaf_of(rc, rel) ? ": " : "",
						    leaf_of(rc, rel) ? leaf_of(rc, rel) : "", n->name,
						    direct ? " at line " : "", direct ? c->line : 0);
				rc->after[node] = 2;
				return true;
			}
			if (!direct)
				break;
		}
		if (!gn->is_root && runs_after_release(rc, callers[i], depth + 1)) {
			rc->after[node] = 2;
			return true;
		}
	}
	return false;
}

/*
 * NULL when @node's function never runs after its instance is let go, else
 * why; *@callbacks gets the release callbacks (see above).
 */
static char *after_release(const struct zt_program *p, size_t node, const struct zt_node *poll,
			   struct zt_strvec *callbacks)
{
	const struct zt_function *f = p->nodes[node].fn;
	const char *pf = poll && poll->fn ? poll->fn->file : NULL;
	char *slash;
	struct release_ctx rc = { p, xcalloc(p->n, sizeof(bool)), xcalloc(p->n, sizeof(char *)),
				  xcalloc(p->n, sizeof(char *)), xcalloc(p->n, 1),
				  ZT_STRVEC_INIT, NULL, NULL };

	/*
	 * the driver: the directory holding the function's file and its poll's
	 * (mlx5: core/, with en/ below it)
	 */
	rc.driver = f && f->file ? xstrdup(f->file) : NULL;
	for (size_t i = 0; rc.driver && pf && rc.driver[i]; i++)
		if (rc.driver[i] != pf[i]) {
			rc.driver[i] = '\0';
			break;
		}
	slash = rc.driver ? strrchr(rc.driver, '/') : NULL;
	if (slash)
		*slash = '\0';
	/* drivers/net itself holds a driver per file (tun.c, virtio_net.c) */
	if (rc.driver && f->file && pf && !strcmp(f->file, pf) && slash &&
	    strlen(rc.driver) >= 12 && !strcmp(rc.driver + strlen(rc.driver) - 12, "/drivers/net"))
		*slash = '/';

	may_release_all(&rc);
	runs_after_release(&rc, node, 0);
	for (size_t i = 0; i < p->n; i++)
		free(rc.owned[i]);
	free(rc.owned);
	free(rc.leaf);
	free(rc.may);
	free(rc.after);
	free(rc.driver);
	*callbacks = rc.callbacks;
	return rc.why;
}

/*
 * The queue or ring that owns a per-queue copy of @l: a parameter of @f
 * whose struct the NAPI instance serves (the poll's container_of(napi, T, m)
 * holds it), else T itself, else a parameter named as a ring or a queue;
 * never the net_device or the adapter (adapter_or_packet()).
 */
struct owner sc_owner_of(const struct zt_program *p, size_t node, const struct zt_local *l)
{
	const struct zt_function *f = p->nodes[node].fn;
	const struct zt_node *poll = NULL;
	struct owner best = { 0 };

	/* the poll up the chain that names its NAPI struct */
	for (size_t r = node, k = 0; r != ZT_NO_NODE && k <= p->n; r = p->nodes[r].parent, k++)
		if (p->nodes[r].fn && p->nodes[r].fn->napi_owner)
			poll = &p->nodes[r];
	for (size_t i = 0; i < f->n_params; i++) {
		const struct zt_param *q = &f->params[i];
		enum owner_how how = OWNER_NONE;

		if (!q->record || q->is_const || !strcmp(q->record, l->type) ||
		    adapter_or_packet(p, q->record))
			continue;
		/*
		 * What the NAPI instance holds is per queue only when it is a
		 * queue or ring: the XDP program or the config it points to is
		 * shared by every queue.
		 */
		if (poll && str_in(poll->fn->napi_serves, poll->fn->n_napi_serves, q->record) &&
		    (names_queue(q->name) || names_queue(q->record)))
			how = OWNER_SERVED;
		else if (poll && !strcmp(q->record, poll->fn->napi_owner))
			how = OWNER_NAPI;
		else if (names_queue(q->name) || names_queue(q->record))
			how = OWNER_NAMED;
		if (how != OWNER_NONE && (best.how == OWNER_NONE || how < best.how)) {
			best.param = q;
			best.how = how;
		}
	}
	/* a local of the poll itself: the struct its container_of(napi, ...) gives */
	if (best.how == OWNER_NONE && poll && poll->fn == f && f->napi_var &&
	    f->napi_var->record && !f->napi_var->is_const &&
	    strcmp(f->napi_var->record, l->type) && !adapter_or_packet(p, f->napi_var->record)) {
		best.param = f->napi_var;
		best.how = OWNER_NAPI_LOCAL;
	}
	if (best.how == OWNER_SERVED || best.how == OWNER_NAPI || best.how == OWNER_NAPI_LOCAL) {
		best.napi_owner = poll->fn->napi_owner;
		best.poll = poll->name;
		/* one instance only when nothing but its polls reaches the function */
		best.other = other_entry(p, node, poll->fn->napi_owner);
		if (best.other)
			best.how = OWNER_OTHER_CONTEXT;
	}
	if (best.param)
		best.maybe_null = maybe_null(p, node, best.param);
	if (best.param && best.how != OWNER_NONE)
		best.after_release = after_release(p, node, poll, &best.release_callbacks);
	return best;
}

const char *sc_owner_how_name(enum owner_how how)
{
	switch (how) {
	case OWNER_SERVED:
		return "served-by-napi";
	case OWNER_NAPI:
		return "napi-container";
	case OWNER_NAMED:
		return "queue-parameter";
	case OWNER_NAPI_LOCAL:
		return "napi-container-local";
	case OWNER_OTHER_CONTEXT:
		return "other-context";
	default:
		return NULL;
	}
}

/* How it was found, said in the note. */
char *sc_owner_how_text(const struct owner *o)
{
	switch (o->how) {
	case OWNER_SERVED:
		return xasprintf("the NAPI instance serves it: '%s' takes its '%s' from "
				 "container_of(napi, ...) and it holds a '%s'", o->poll,
				 o->napi_owner, o->param->record);
	case OWNER_NAPI:
		return xasprintf("the NAPI instance's own struct: '%s' takes it from "
				 "container_of(napi, ...)", o->poll);
	case OWNER_NAPI_LOCAL:
		return xasprintf("the NAPI instance's own struct: '%s' takes it from "
				 "container_of(napi, ...) into its local '%s'", o->poll,
				 o->param->name);
	case OWNER_OTHER_CONTEXT:
		return xasprintf("found from '%s', but '%s' reaches the function too: two "
				 "contexts could run it at once", o->poll, o->other);
	default:
		return xasprintf("a ring or queue parameter, by its name");
	}
}
