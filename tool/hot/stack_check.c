// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax-stack-autoinit and zerotax-stack-explicit-init: hot locals whose
 * zeroing the compiler keeps, ranked by bytes zeroed per packet.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "json_file.h"
#include "stack_check.h"

bool zt_local_zeroing_survives_ast(const struct zt_local *l)
{
	/*
	 * When the address leaves the function (a call, memory, a return) the
	 * optimizer cannot see every write, so it keeps the zeroing.
	 */
	return l->uses & (ZT_USE_ADDR_PASSED | ZT_USE_ADDR_ESCAPES);
}

enum zt_freq zt_local_freq(const struct zt_local *l, enum zt_freq fn_freq,
			   unsigned int budget_params)
{
	if (l->in_unlikely)
		return ZT_FREQ_COLD;
	if ((fn_freq == ZT_FREQ_PER_POLL || fn_freq == ZT_FREQ_PER_BATCH) && l->in_loop &&
	    zt_packet_loop(budget_params, l->loop_params, l->loop_budget))
		return ZT_FREQ_PER_PACKET;
	return fn_freq;
}

double zt_rank(long long bytes, enum zt_freq freq, unsigned int budget, unsigned int batch_n)
{
	if (bytes <= 0)
		return 0.0;
	return (double)bytes * zt_freq_calls_per_packet(freq, budget, batch_n);
}

/* Why zerotax cannot tell whether a zero is needed. */
enum unknown_why {
	UNKNOWN_NONE,
	UNKNOWN_READS,		/* a callee reads fields the caller writes on every path */
	UNKNOWN_NO_BODY,	/* a callee the program has no body for */
	UNKNOWN_POINTER,	/* a call through a function pointer */
};

static bool is_candidate(const struct zt_local *l, const struct zt_stack_opts *o)
{
	if (l->is_vla || l->size < 0 || l->size < o->min_size || l->in_unlikely)
		return false;
	if (l->init == ZT_INIT_COPY)
		return false;
	if (l->init == ZT_INIT_NONE)
		return o->checks.on[ZT_CHECK_STACK_AUTOINIT];
	/* an initializer that names every byte zeroes nothing */
	if (l->init_named >= l->size)
		return false;
	return o->checks.on[ZT_CHECK_STACK_EXPLICIT_INIT];
}

static bool is_small_part(const struct zt_local *l, const struct zt_stack_opts *o);

static bool node_hot(const struct zt_node *n)
{
	return n->fn && !n->cold && n->freq >= ZT_FREQ_PER_POLL;
}

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

/*
 * Callers of @node up to INLINE_DEPTH levels, nearest first: where its code
 * may have been inlined (a caller whose TU holds the body of what it calls).
 */
static size_t *ancestors(const struct zt_program *p, size_t node, size_t *n_out)
{
	bool *seen = xcalloc(p->n + 1, sizeof(*seen));
	size_t *out = xmalloc((p->n + 1) * sizeof(*out)), n = 0, from = 0;

	seen[node] = true;
	out[n++] = node;
	for (int depth = 0; depth < INLINE_DEPTH && from < n; depth++) {
		size_t to = n;

		for (size_t c = 0; c < p->n; c++) {
			const struct zt_node *caller = &p->nodes[c];
			bool calls = false;

			if (seen[c] || !caller->fn || caller->tu == ZT_NO_NODE)
				continue;
			for (size_t e = 0; e < caller->n_edges && !calls; e++)
				for (size_t k = from; k < to && !calls; k++)
					calls = caller->edges[e].to == out[k] &&
						body_in_tu(p, &p->nodes[out[k]], caller->tu);
			if (calls) {
				seen[c] = true;
				out[n++] = c;
			}
		}
		from = to;
	}
	free(seen);
	/* Drop @node itself. */
	memmove(out, out + 1, (n - 1) * sizeof(*out));
	*n_out = n - 1;
	return out;
}

bool *zt_stack_evidence_tus(const struct zt_program *p, const struct zt_stack_opts *o)
{
	bool *want = xcalloc(p->n_tus + 1, sizeof(*want));

	for (size_t i = 0; i < p->n; i++) {
		const struct zt_node *n = &p->nodes[i];
		bool any = false;

		if (!node_hot(n))
			continue;
		for (size_t j = 0; j < n->fn->n_locals && !any; j++)
			any = n->fn->locals[j].init == ZT_INIT_NONE &&
			      (is_candidate(&n->fn->locals[j], o) ||
			       (o->checks.on[ZT_CHECK_STACK_FRAME_TOTAL] &&
				is_small_part(&n->fn->locals[j], o)));
		if (!any)
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

struct lookup {
	long long bytes;	/* summed; -1: no site */
	bool inlined;
	const char *function;
};

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
static struct lookup evidence_for(const struct zt_program *p, size_t node,
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

static long long frame_size(const struct zt_tu_evidence *ev, bool gcc, const char *fn)
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
static char *short_id(const struct zt_evidence *ev, bool gcc)
{
	const char *id = ev->compiler_id;
	const char *dot;

	if (!id || !*id)
		return xstrdup(gcc ? "gcc" : "clang");
	dot = strchr(id, '.');
	return dot ? xstrndup(id, (size_t)(dot - id)) : xstrdup(id);
}

/* "struct foo x", "char buf[128]" */
static char *declaration(const struct zt_local *l)
{
	const char *br = strchr(l->type, '[');

	if (br) {
		size_t n = (size_t)(br - l->type);

		while (n && l->type[n - 1] == ' ')
			n--;
		return xasprintf("%.*s%s%s%s", (int)n, l->type, n && l->type[n - 1] == '*' ? "" : " ",
				 l->name, br);
	}
	return xasprintf("%s %s", l->type, l->name);
}

/* How a per-queue owner was found. */
enum owner_how {
	OWNER_NONE,
	OWNER_SERVED,		/* a record the NAPI instance's struct holds: its ring, queue */
	OWNER_NAPI,		/* the NAPI instance's struct itself (container_of(napi, T, m)) */
	OWNER_NAMED,		/* a ring or queue parameter by its name or type */
};

struct owner {
	const struct zt_param *param;
	enum owner_how how;
	const char *napi_owner;	/* T, when found through the poll's container_of() */
	const char *poll;	/* the poll that has it */
};

static bool str_in(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] && !strcmp(v[i], s))
			return true;
	return false;
}

/*
 * Never an owner: the net_device, the adapter (what netdev_priv() gives,
 * shared by every queue), the NAPI struct, a packet (skb, xdp_buff).
 */
static bool adapter_or_packet(const struct zt_program *p, const char *record)
{
	static const char *const never[] = {
		"struct net_device", "struct napi_struct", "struct sk_buff", "struct xdp_buff",
		"struct xdp_frame", "struct device", "struct pci_dev",
	};

	for (size_t i = 0; i < ARRAY_SIZE(never); i++)
		if (!strcmp(record, never[i]))
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
 * The queue or ring that owns a per-queue copy of @l: a parameter of @f
 * whose struct the NAPI instance serves (the poll's container_of(napi, T, m)
 * holds it), else T itself, else a parameter named as a ring or a queue;
 * never the net_device or the adapter (adapter_or_packet()).
 */
static struct owner owner_of(const struct zt_program *p, size_t node, const struct zt_local *l)
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
		if (poll && str_in(poll->fn->napi_serves, poll->fn->n_napi_serves, q->record))
			how = OWNER_SERVED;
		else if (poll && !strcmp(q->record, poll->fn->napi_owner))
			how = OWNER_NAPI;
		else if (names_queue(q->name) || names_queue(q->record))
			how = OWNER_NAMED;
		/* served by the NAPI instance, and named a ring or queue: the best */
		if (how == OWNER_SERVED && (names_queue(q->name) || names_queue(q->record)) &&
		    best.how == OWNER_SERVED &&
		    !(names_queue(best.param->name) || names_queue(best.param->record)))
			best.how = OWNER_NONE;
		if (how != OWNER_NONE && (best.how == OWNER_NONE || how < best.how)) {
			best.param = q;
			best.how = how;
		}
	}
	if (best.how == OWNER_SERVED || best.how == OWNER_NAPI) {
		best.napi_owner = poll->fn->napi_owner;
		best.poll = poll->name;
	}
	return best;
}

static const char *owner_how_name(enum owner_how how)
{
	switch (how) {
	case OWNER_SERVED:
		return "served-by-napi";
	case OWNER_NAPI:
		return "napi-container";
	case OWNER_NAMED:
		return "queue-parameter";
	default:
		return NULL;
	}
}

/* How it was found, said in the note. */
static char *owner_how_text(const struct owner *o)
{
	switch (o->how) {
	case OWNER_SERVED:
		return xasprintf("the NAPI instance serves it: '%s' takes its '%s' from "
				 "container_of(napi, ...) and it holds a '%s'", o->poll,
				 o->napi_owner, o->param->record);
	case OWNER_NAPI:
		return xasprintf("the NAPI instance's own struct: '%s' takes it from "
				 "container_of(napi, ...)", o->poll);
	default:
		return xasprintf("a ring or queue parameter, by its name");
	}
}

static const char *init_spelling(enum zt_init_kind k)
{
	switch (k) {
	case ZT_INIT_EMPTY:
		return "= {}";
	case ZT_INIT_ZERO:
		return "= { 0 }";
	case ZT_INIT_DESIGNATED:
		return "designated";
	case ZT_INIT_LIST:
		return "list";
	default:
		return NULL;
	}
}

/*
 * When a path under an unlikely() condition runs, from the condition's text:
 * a plain test of an XDP program or switch (xdp_prog, vi->xdp_enabled,
 * READ_ONCE(rq->xdp_prog)) is "an XDP program is attached"; a negation or a
 * comparison, or anything else, is said as written.
 */
static char *cond_phrase(const char *cond)
{
	bool xdp = false;

	for (const char *s = cond; *s && !xdp;) {
		size_t n = 0;
		char word[64];

		while (s[n] == '_' || isalnum((unsigned char)s[n]))
			n++;
		if (!n) {
			s++;
			continue;
		}
		if (n < sizeof(word)) {
			for (size_t i = 0; i < n; i++)
				word[i] = (char)tolower((unsigned char)s[i]);
			word[n] = '\0';
			xdp = strstr(word, "xdp") &&
			      (strstr(word, "prog") || strstr(word, "enabled") || strstr(word, "attached"));
		}
		s += n;
	}
	for (const char *s = cond; *s && xdp; s++)
		if (*s == '!' || *s == '=' || *s == '<' || (*s == '>' && (s == cond || s[-1] != '-')))
			xdp = false;	/* !xdp_prog, xdp_prog == NULL: not a plain test */
	if (xdp)
		return xstrdup("an XDP program is attached");
	return xasprintf("'%s' holds", cond);
}

/* The note of a finding on a path that runs only under an unlikely() condition. */
static void add_cond_note(const struct zt_program *p, const struct zt_node *n,
			  const struct zt_local *l, const char *every, struct zt_finding *fd)
{
	const char *cond = l && l->cond ? l->cond : n->cond;
	char *phrase;

	if (!cond)
		return;
	phrase = cond_phrase(cond);
	if (l && l->cond)
		zt_finding_add_note(fd, "per %s when %s: '%s' is declared under "
				    "'if (unlikely(%s))', a hint, not an error path", every, phrase,
				    l->name, cond);
	else
		zt_finding_add_note(fd, "per %s when %s: '%s' is reached under "
				    "'if (unlikely(%s))' in '%s', a hint, not an error path", every,
				    phrase, n->name, cond,
				    n->cond_in != ZT_NO_NODE ? p->nodes[n->cond_in].name : "?");
	free(phrase);
}

/* Which path only marked packets take, from its condition's words (zt_mark_path()). */
static const char *slow_path_name(const char *cond)
{
	const char *path = zt_mark_path(cond);

	return path ? path : "marked-packet";
}

/* The condition of the marked-packet path @l of @n is on, and the function it is taken in. */
static const char *slow_cond(const struct zt_program *p, const struct zt_node *n,
			     const struct zt_local *l, const char **in)
{
	if (l && l->slow) {
		*in = n->name;
		return l->slow;
	}
	*in = n->slow_in != ZT_NO_NODE ? p->nodes[n->slow_in].name : "?";
	return n->slow;
}

/*
 * A path only packets carrying a mark take: how many do is not known, so it
 * ranks as once per poll, below the path every packet of the poll takes.
 */
static void add_slow_note(const struct zt_program *p, const struct zt_node *n,
			  const struct zt_local *l, const char *every, struct zt_finding *fd)
{
	const char *in, *cond = slow_cond(p, n, l, &in);

	if (!cond)
		return;
	zt_finding_add_note(fd, "per %s, on the %s path only: under 'if (%s)' in '%s', a test "
			    "of the packet's descriptor or skb for a mark only some packets carry; "
			    "ranked as once per poll (1/%u), below the path every packet takes",
			    every, slow_path_name(cond), cond, in, p->budget);
}

static json_t *slow_json(const struct zt_program *p, const struct zt_node *n,
			 const struct zt_local *l)
{
	const char *in, *cond = slow_cond(p, n, l, &in);

	if (!cond)
		return json_null();
	return json_pack("{s:s, s:s, s:s}", "only", slow_path_name(cond), "condition", cond,
			 "in", in);
}

static const char *batch_reason(enum zt_batch_why why)
{
	switch (why) {
	case ZT_BATCH_THRESHOLD:
		return "called when a ring threshold is crossed";
	case ZT_BATCH_ARG:
		return "called with a batch to do";
	case ZT_BATCH_BULK_CALL:
		return "it allocates or frees a bulk at once";
	default:
		return "called when a batch is full";
	}
}

/* "per batch of up to N": how many packets a per-batch function's run serves, and why. */
static void add_batch_note(const struct zt_program *p, const struct zt_node *n,
			   struct zt_finding *fd)
{
	if (n->batch_n == ZT_BATCH_UNKNOWN)
		zt_finding_add_note(fd, "'%s' runs once per batch (%s; how many packets is not "
				    "known): ranked as once per poll, 1/%u per packet", n->name,
				    batch_reason(n->batch_why), p->budget);
	else
		zt_finding_add_note(fd, "'%s' runs once per batch of up to %u packets (%s): "
				    "ranked at 1/%u per packet", n->name, n->batch_n,
				    batch_reason(n->batch_why), n->batch_n);
}

static json_t *evidence_json(const struct lookup *r, const struct zt_evidence *ev)
{
	if (r->bytes == -2)
		return json_null();
	return json_pack("{s:s?, s:I, s:b, s:s?}", "compiler", ev->compiler_id, "bytes",
			 (json_int_t)(r->bytes < 0 ? 0 : r->bytes), "inlined", r->inlined,
			 "function", r->function);
}

static json_t *frame_json(long long v)
{
	return v < 0 ? json_null() : json_integer(v);
}

static void add_finding(const struct zt_program *p, const struct zt_compdb *db,
			const struct zt_tu_evidence *ev, size_t node, const struct zt_local *l,
			enum zt_freq freq, const struct lookup *g, const struct lookup *c,
			long long bytes, const char *reader, enum unknown_why reader_why,
			struct zt_findings *out)
{
	const struct zt_node *n = &p->nodes[node];
	bool explicit = l->init != ZT_INIT_NONE;
	const struct zt_check *check =
		&zt_checks[explicit ? ZT_CHECK_STACK_EXPLICIT_INIT : ZT_CHECK_STACK_AUTOINIT];
	const struct zt_tu_evidence *tev = ev ? &ev[n->tu] : NULL;
	struct owner own = owner_of(p, node, l);
	const struct zt_param *owner = own.param;
	const char *every = freq == ZT_FREQ_PER_PACKET ? "packet" :
			    freq == ZT_FREQ_PER_BATCH ? "batch" : "poll";
	struct zt_finding *fd = zt_findings_add(out, check);
	char *decl = declaration(l), *evtext = NULL;
	const char **chain;
	size_t n_chain;
	json_t *uses, *d;
	bool name_taken = false;

	(void)db;
	fd->file = xstrdup(l->file);
	fd->line = l->line;
	fd->column = l->column;
	fd->function = xstrdup(n->name);
	fd->symbol = xstrdup(l->name);
	fd->type = xstrdup(l->type);
	fd->size = l->size;
	fd->freq = freq;
	fd->rank = zt_rank(bytes, freq, p->budget, n->batch_n);
	if ((l->slow || n->slow) && freq >= ZT_FREQ_PER_BATCH)
		fd->rank /= p->budget;
	fd->fingerprint = zt_fingerprint(fd, decl, NULL);

	if (g->bytes != -2 || c->bytes != -2) {
		char *gs = NULL, *cs = NULL;

		if (g->bytes != -2) {
			char *id = short_id(&tev->gcc, true);

			gs = xasprintf("%s: %lld bytes survive", id, g->bytes < 0 ? 0 : g->bytes);
			free(id);
		}
		if (c->bytes != -2) {
			char *id = short_id(&tev->clang, false);

			cs = g->bytes != -2 ?
				     xasprintf("%s: %lld", id, c->bytes < 0 ? 0 : c->bytes) :
				     xasprintf("%s: %lld bytes survive", id,
					       c->bytes < 0 ? 0 : c->bytes);
			free(id);
		}
		evtext = xasprintf(" (%s%s%s)", gs ? gs : "", gs && cs ? "; " : "", cs ? cs : "");
		free(gs);
		free(cs);
	}
	if (explicit && l->init_line)
		fd->message = xasprintf("%lld-byte '%s' zeroed on every %s by the %s compound "
					"literal assigned to it at line %u, whatever the kernel "
					"configuration",
					l->size, decl, every,
					l->init == ZT_INIT_EMPTY ? "empty" :
					l->init == ZT_INIT_ZERO ? "'{ 0 }'" :
					l->init == ZT_INIT_DESIGNATED ? "designated" : "partial",
					l->init_line);
	else if (explicit)
		fd->message = xasprintf("%lld-byte '%s' zeroed on every %s by its %s initializer, "
					"whatever the kernel configuration",
					l->size, decl, every,
					l->init == ZT_INIT_EMPTY ? "'= {}'" :
					l->init == ZT_INIT_ZERO ? "'= { 0 }'" :
					l->init == ZT_INIT_DESIGNATED ? "designated" : "partial");
	else
		fd->message = xasprintf("%lld-byte '%s' zeroed on every %s under "
					"-ftrivial-auto-var-init=zero%s",
					l->size, decl, every, evtext ? evtext : "");
	free(evtext);

	n_chain = zt_program_chain(p, node, &chain);
	zt_finding_set_chain(fd, (char *const *)chain, n_chain);
	{
		size_t r = node;

		while (p->nodes[r].parent != ZT_NO_NODE)
			r = p->nodes[r].parent;
		zt_finding_add_note(fd, "root %s: %s", p->nodes[r].name,
				    p->nodes[r].root_why ? p->nodes[r].root_why : "hot");
	}
	if (freq == ZT_FREQ_PER_BATCH)
		add_batch_note(p, n, fd);
	add_cond_note(p, n, l, every, fd);
	add_slow_note(p, n, l, every, fd);
	if (explicit && l->init_named >= 0)
		zt_finding_add_note(fd, "the %s names %lld of its %lld bytes: the other %lld "
				    "(padding included) are zeroed, as '= {}' would zero them",
				    l->init_line ? "compound literal" : "initializer", l->init_named,
				    l->size, l->size - l->init_named);
	else if (explicit)
		zt_finding_add_note(fd, "the %s zeroes every byte it does not name",
				    l->init_line ? "compound literal" : "initializer");
	if (l->in_loop && l->init_line)
		zt_finding_add_note(fd, "the compound literal is assigned inside a loop: zeroed once "
				    "per iteration");
	else if (l->in_loop)
		zt_finding_add_note(fd, "'%s' is declared inside a loop: zeroed once per iteration",
				    l->name);
	if (l->uses & ZT_USE_ADDR_PASSED)
		zt_finding_add_note(fd, "its address is passed to a call, so the optimizer cannot "
				    "drop the zeroing");
	else if (l->uses & ZT_USE_ADDR_ESCAPES)
		zt_finding_add_note(fd, "its address is stored or returned, so the optimizer cannot "
				    "drop the zeroing");
	if (explicit && reader && reader_why == UNKNOWN_READS)
		zt_finding_add_note(fd, "zerotax cannot tell whether '%s' reads fields of it that "
				    "were not written first; if it does, the zero is required",
				    reader);
	else if (explicit && reader)
		zt_finding_add_note(fd, "not known whether the zero is required: '%s' gets its "
				    "address and %s, so whether it accumulates into the fields "
				    "(which needs the zero) is not known; not claimed as a tax",
				    reader, reader_why == UNKNOWN_POINTER ?
				    "is called through a function pointer" :
				    "has no body in the code analysed (nor in the call graph of "
				    "the other TUs)");
	if (owner) {
		for (size_t i = 0; i < owner->n_fields; i++)
			name_taken |= !strcmp(owner->fields[i], l->name);
		char *how = owner_how_text(&own);

		zt_finding_add_note(fd, "suggested owner: '%s' (%s): keep one '%s' per queue in it "
				    "and reuse it; found as %s", owner->name, owner->type, l->type,
				    how);
		free(how);
	} else {
		zt_finding_add_note(fd, "no parameter of '%s' is a queue or ring that could own a "
				    "per-queue copy (the net_device and the adapter are shared by "
				    "every queue); mark it __uninitialized if every byte read is "
				    "written first", n->name);
	}
	{
		long long fg = frame_size(tev, true, n->name), fc = frame_size(tev, false, n->name);

		if (fg >= 0 && fc >= 0)
			zt_finding_add_note(fd, "stack frame of '%s': %lld bytes (gcc), %lld (clang)",
					    n->name, fg, fc);
		else if (fg >= 0 || fc >= 0)
			zt_finding_add_note(fd, "stack frame of '%s': %lld bytes (%s)", n->name,
					    fg >= 0 ? fg : fc, fg >= 0 ? "gcc" : "clang");
	}
	free(chain);
	free(decl);

	uses = json_pack("{s:b, s:b, s:b, s:b, s:b}",
			 "address_passed", !!(l->uses & ZT_USE_ADDR_PASSED),
			 "member_access", !!(l->uses & ZT_USE_MEMBER),
			 "by_value", !!(l->uses & (ZT_USE_BY_VALUE | ZT_USE_ASSIGNED)),
			 "address_escapes", !!(l->uses & ZT_USE_ADDR_ESCAPES),
			 "sizeof", !!(l->uses & ZT_USE_SIZEOF));
	d = json_object();
	json_object_set_new(d, "decl",
			    json_pack("{s:i, s:i, s:i, s:i, s:b, s:s?, s:b}", "line", l->start_line,
				      "column", l->start_column, "end_line", l->end_line, "end_column",
				      l->end_column, "in_loop", l->in_loop, "explicit_init",
				      init_spelling(l->init), "from_macro", l->from_macro));
	if (explicit) {
		json_t *dd = json_object_get(d, "decl");

		json_object_set_new(dd, "named_bytes",
				    l->init_named >= 0 ? json_integer(l->init_named) : json_null());
		json_object_set_new(dd, "zeroed_bytes",
				    l->init_named >= 0 ? json_integer(l->size - l->init_named) :
							 json_null());
		json_object_set_new(dd, "compound_literal_line",
				    l->init_line ? json_integer(l->init_line) : json_null());
	}
	json_object_set_new(d, "owner",
			    owner ? json_pack("{s:s, s:s, s:s?, s:i, s:b, s:s, s:s?, s:s?}", "param",
					      owner->name, "type", owner->record, "file",
					      owner->record_file, "line", owner->record_line,
					      "name_taken", name_taken, "how", owner_how_name(own.how),
					      "napi_struct", own.napi_owner, "poll", own.poll) :
				    json_null());
	json_object_set_new(d, "type_decl",
			    l->type_file ? json_pack("{s:s, s:i}", "file", l->type_file, "line",
						     l->type_line) :
					   json_null());
	json_object_set_new(d, "uses", uses);
	json_object_set_new(d, "recursive", json_boolean(zt_program_recursive(p, node)));
	json_object_set_new(d, "condition", zt_json_str_or_null(l->cond ? l->cond : n->cond));
	json_object_set_new(d, "path", slow_json(p, n, l));
	/* explicit zeroing: is the zero needed? "no" (a tax) or "unknown" (and why) */
	json_object_set_new(d, "zero_needed",
			    !explicit ? json_null() :
			    json_pack("{s:s, s:s?, s:s?}", "answer", reader ? "unknown" : "no",
				      "callee", reader, "why",
				      !reader ? NULL :
				      reader_why == UNKNOWN_READS ? "reads-fields" :
				      reader_why == UNKNOWN_POINTER ? "function-pointer" :
				      "no-body"));
	json_object_set_new(d, "batch",
			    freq != ZT_FREQ_PER_BATCH ? json_null() :
			    json_pack("{s:o, s:s}", "up_to",
				      n->batch_n == ZT_BATCH_UNKNOWN ? json_null() :
				      json_integer(n->batch_n),
				      "why", n->batch_why == ZT_BATCH_THRESHOLD ? "threshold" :
				      n->batch_why == ZT_BATCH_ARG ? "argument" :
				      n->batch_why == ZT_BATCH_BULK_CALL ? "bulk-call" : "full"));
	json_object_set_new(d, "evidence",
			    json_pack("{s:o, s:o}", "gcc",
				      evidence_json(g, tev ? &tev->gcc : NULL), "clang",
				      evidence_json(c, tev ? &tev->clang : NULL)));
	json_object_set_new(d, "frame_size",
			    json_pack("{s:o, s:o}", "gcc", frame_json(frame_size(tev, true, n->name)),
				      "clang", frame_json(frame_size(tev, false, n->name))));
	json_object_set_new(d, "source", json_string(p->tus[n->tu].file));
	fd->details = d;
}

enum zero_need { ZERO_TAX, ZERO_REQUIRED, ZERO_UNKNOWN };

struct need {
	enum zero_need need;
	const char *who;	/* the callee it is about (borrowed) */
	enum unknown_why why;
};

#define PASS_ON_DEPTH 8

/*
 * What callee @to does with the pointer it gets as parameter @a: accumulate
 * into the fields (p->f++, p->f += v, a read-write asm operand), pass it on
 * (p, &p->f) to a callee that does, read them, or nothing. Across TUs as the
 * program merged them; a callee without a body is not known.
 */
static struct need param_need(const struct zt_program *p, size_t to, size_t a, int depth,
			      const char *name)
{
	const struct zt_function *fn = to != ZT_NO_NODE ? p->nodes[to].fn : NULL;
	struct need r = { ZERO_TAX, NULL, UNKNOWN_NONE };

	if (!fn || a >= fn->n_params)
		return (struct need){ ZERO_UNKNOWN, name, UNKNOWN_NO_BODY };
	if (fn->params[a].fields_rmw)
		return (struct need){ ZERO_REQUIRED, name, UNKNOWN_NONE };
	if (depth < PASS_ON_DEPTH) {
		for (size_t c = 0; c < fn->n_calls; c++) {
			const struct zt_call *call = &fn->calls[c];

			for (size_t k = 0; k < ZT_CALL_ARGS; k++) {
				struct need sub;

				if (call->arg_param[k] != a + 1)
					continue;
				if (call->kind != ZT_CALL_DIRECT) {
					sub = (struct need){ ZERO_UNKNOWN, call->name, UNKNOWN_POINTER };
				} else {
					sub = param_need(p, zt_program_find(p, call->target), k,
							 depth + 1, call->name);
				}
				if (sub.need == ZERO_REQUIRED)
					return sub;
				if (sub.need == ZERO_UNKNOWN && r.need == ZERO_TAX)
					r = sub;
			}
		}
	}
	if (fn->params[a].fields_read && r.need == ZERO_TAX)
		r = (struct need){ ZERO_UNKNOWN, name, UNKNOWN_READS };
	return r;
}

/*
 * Does the code need the zero of explicitly initialized local @j of @n? Yes
 * when fields are accumulated into it (x.f++, x.f += v, or by a callee that
 * does so through the pointer it gets, or passes it on to one that does), or
 * when fields are written only on some paths and a callee reads the fields
 * it is given. A callee zerotax has no body for, one called through a
 * pointer, or one that reads fields the caller writes on every path might
 * read what nobody wrote: not known, and the finding says so.
 */
static struct need explicit_zero_need(const struct zt_program *p, const struct zt_node *n,
				      size_t j)
{
	const struct zt_function *f = n->fn;
	const struct zt_local *l = &f->locals[j];
	struct need r = { ZERO_TAX, NULL, UNKNOWN_NONE };

	if (l->uses & ZT_USE_ACCUMULATED)
		return (struct need){ ZERO_REQUIRED, NULL, UNKNOWN_NONE };
	for (size_t c = 0; c < f->n_calls; c++) {
		const struct zt_call *call = &f->calls[c];

		for (size_t a = 0; a < ZT_CALL_ARGS; a++) {
			struct need sub;

			if (call->arg_local[a] != j + 1)
				continue;
			if (call->kind != ZT_CALL_DIRECT)
				sub = (struct need){ ZERO_UNKNOWN, call->name, UNKNOWN_POINTER };
			else
				sub = param_need(p, zt_program_find(p, call->target), a, 0,
						 call->name);
			if (sub.need == ZERO_REQUIRED)
				return sub;
			/* fields written only on some paths, then read: the zero is read */
			if (sub.need == ZERO_UNKNOWN && sub.why == UNKNOWN_READS &&
			    (l->uses & ZT_USE_COND_WRITE))
				return (struct need){ ZERO_REQUIRED, sub.who, UNKNOWN_NONE };
			if (sub.need == ZERO_UNKNOWN && r.need == ZERO_TAX)
				r = sub;
		}
	}
	return r;
}

/*
 * Evidence never exceeds the variable: more surviving bytes than the local has
 * means two declarations were joined to one. An internal error in test builds
 * (NDEBUG unset); otherwise capped at the size and said once per finding.
 */
static int check_cap(const struct zt_node *n, const struct zt_local *l, struct lookup *r,
		     const char *cc)
{
	if (r->bytes <= l->size || l->size < 0)
		return 0;
#ifndef NDEBUG
	return error("internal: %s:%u: %s says %lld bytes of '%s' in %s survive, but it has %lld",
		     l->file, l->line, cc, r->bytes, l->name, n->name, l->size);
#else
	warning("%s:%u: %s says %lld bytes of '%s' survive, more than its %lld; capped",
		l->file, l->line, cc, r->bytes, l->name, l->size);
	r->bytes = l->size;
	return 0;
#endif
}

/* What one local costs: the deciding compiler's surviving bytes, or the AST's judgement. */
struct judged {
	struct lookup g, c;
	long long bytes;
	bool survives;
	const char *reader;	/* an opaque reader of an explicitly zeroed local */
	enum unknown_why reader_why;	/* why it is opaque */
};

/* 0, or -1 on an internal inconsistency; j->survives says whether it costs. */
static int judge_local(const struct zt_program *p, const struct zt_compdb *db,
		       const struct zt_tu_evidence *ev, const struct zt_stack_opts *o, size_t i,
		       size_t jl, struct judged *j)
{
	const struct zt_node *n = &p->nodes[i];
	const struct zt_local *l = &n->fn->locals[jl];
	enum zt_compiler build = ZT_CC_UNKNOWN;
	struct lookup *g = &j->g, *c = &j->c;

	memset(j, 0, sizeof(*j));
	g->bytes = c->bytes = -2;
	/* a zero the algorithm needs is not a tax */
	if (l->init != ZT_INIT_NONE) {
		struct need need = explicit_zero_need(p, n, jl);

		if (need.need == ZERO_REQUIRED)
			return 0;
		if (need.need == ZERO_UNKNOWN) {
			j->reader = need.who;
			j->reader_why = need.why;
		}
	}
	if (n->tu < db->n)
		build = zt_compdb_compiler(&db->v[n->tu]);
	if (l->init == ZT_INIT_NONE) {
		if (o->want_gcc)
			*g = evidence_for(p, i, ev, true, l);
		if (o->want_clang)
			*c = evidence_for(p, i, ev, false, l);
		if (check_cap(n, l, g, "gcc") || check_cap(n, l, c, "clang"))
			return -1;
	}
	if (l->init != ZT_INIT_NONE || (g->bytes == -2 && c->bytes == -2)) {
		/* No compiler evidence: the AST decides, the size is the cost. */
		j->survives = zt_local_zeroing_survives_ast(l);
		j->bytes = l->size;
	} else if (build == ZT_CC_GCC && g->bytes != -2) {
		j->survives = g->bytes > 0;
		j->bytes = g->bytes;
	} else if (build == ZT_CC_CLANG && c->bytes != -2) {
		j->survives = c->bytes > 0;
		j->bytes = c->bytes;
	} else {
		j->bytes = g->bytes > c->bytes ? g->bytes : c->bytes;
		j->survives = j->bytes > 0;
	}
	return 0;
}

/* A local too small to report alone that still counts toward its function's total. */
static bool is_small_part(const struct zt_local *l, const struct zt_stack_opts *o)
{
	return !l->is_vla && l->size > 0 && l->size < o->min_size && !l->in_unlikely &&
	       l->init != ZT_INIT_COPY &&
	       (l->init == ZT_INIT_NONE || l->init_named < l->size);
}

static void add_evidence_sum(json_t *d, const char *cc, const struct zt_evidence *e,
			     long long sum, bool have)
{
	json_object_set_new(json_object_get(d, "evidence"), cc,
			    have ? json_pack("{s:s?, s:I}", "compiler", e ? e->compiler_id : NULL,
					     "bytes", (json_int_t)sum) :
				   json_null());
}

/*
 * zerotax-stack-frame-total: small locals (each under --min-size) of one hot
 * function whose surviving zeroing adds up to --min-size or more, reported
 * once at the function, listing them.
 */
static int frame_total(const struct zt_program *p, const struct zt_compdb *db,
		       const struct zt_tu_evidence *ev, const struct zt_stack_opts *o, size_t i,
		       struct zt_findings *out)
{
	const struct zt_node *n = &p->nodes[i];
	const struct zt_function *f = n->fn;
	const struct zt_tu_evidence *tev = ev ? &ev[n->tu] : NULL;
	long long total = 0, size = 0, gsum = 0, csum = 0;
	bool have_g = false, have_c = false;
	size_t count = 0;
	char *list = xstrdup("");
	json_t *locals = json_array(), *d;
	struct zt_finding *fd;
	const char **chain;
	size_t n_chain, r = i;

	for (size_t jl = 0; jl < f->n_locals; jl++) {
		const struct zt_local *l = &f->locals[jl];
		struct judged j;
		char *more;

		if (!is_small_part(l, o) ||
		    zt_local_freq(l, n->freq, n->budget_params) != n->freq)
			continue;
		if (judge_local(p, db, ev, o, i, jl, &j)) {
			free(list);
			json_decref(locals);
			return -1;
		}
		if (!j.survives)
			continue;
		total += j.bytes;
		size += l->size;
		/* an explicit initializer zeroes under either compiler */
		if (l->init != ZT_INIT_NONE) {
			gsum += l->size;
			csum += l->size;
		}
		if (j.g.bytes != -2) {
			have_g = true;
			gsum += j.g.bytes > 0 ? j.g.bytes : 0;
		}
		if (j.c.bytes != -2) {
			have_c = true;
			csum += j.c.bytes > 0 ? j.c.bytes : 0;
		}
		more = xasprintf("%s%s'%s' (%lld of %lld)", list, count ? ", " : "", l->name,
				 j.bytes, l->size);
		free(list);
		list = more;
		count++;
		json_array_append_new(locals, json_pack("{s:s, s:s, s:I, s:I, s:i}", "name", l->name,
							"type", l->type, "size", (json_int_t)l->size,
							"bytes", (json_int_t)j.bytes, "line", l->line));
	}
	if (count < 2 || total < o->min_size) {
		free(list);
		json_decref(locals);
		return 0;
	}
	fd = zt_findings_add(out, &zt_checks[ZT_CHECK_STACK_FRAME_TOTAL]);
	fd->file = xstrdup(f->file);
	fd->line = f->line;
	fd->function = xstrdup(n->name);
	fd->symbol = xstrdup(n->name);
	fd->type = xstrdup("stack frame");
	fd->size = size;
	fd->freq = n->freq;
	fd->rank = zt_rank(total, n->freq, p->budget, n->batch_n);
	if (n->slow && n->freq >= ZT_FREQ_PER_BATCH)
		fd->rank /= p->budget;
	fd->fingerprint = zt_fingerprint(fd, "stack frame", NULL);
	fd->message = xasprintf("%lld bytes of %zu small locals zeroed on every %s in '%s', each "
				"under --min-size: %s",
				total, count, n->freq == ZT_FREQ_PER_PACKET ? "packet" :
				n->freq == ZT_FREQ_PER_BATCH ? "batch" : "poll",
				n->name, list);
	free(list);
	n_chain = zt_program_chain(p, i, &chain);
	zt_finding_set_chain(fd, (char *const *)chain, n_chain);
	free(chain);
	while (p->nodes[r].parent != ZT_NO_NODE)
		r = p->nodes[r].parent;
	zt_finding_add_note(fd, "root %s: %s", p->nodes[r].name,
			    p->nodes[r].root_why ? p->nodes[r].root_why : "hot");
	add_cond_note(p, n, NULL, n->freq == ZT_FREQ_PER_PACKET ? "packet" :
			  n->freq == ZT_FREQ_PER_BATCH ? "batch" : "poll", fd);
	if (n->freq == ZT_FREQ_PER_BATCH)
		add_batch_note(p, n, fd);
	add_slow_note(p, n, NULL, n->freq == ZT_FREQ_PER_PACKET ? "packet" :
		      n->freq == ZT_FREQ_PER_BATCH ? "batch" : "poll", fd);
	zt_finding_add_note(fd, "summed over the locals by the deciding compiler's evidence; "
			    "each is too small to report alone");
	d = json_pack("{s:o, s:I, s:o}", "locals", locals, "total", (json_int_t)total,
		      "evidence", json_object());
	add_evidence_sum(d, "gcc", tev ? &tev->gcc : NULL, gsum, have_g);
	add_evidence_sum(d, "clang", tev ? &tev->clang : NULL, csum, have_c);
	json_object_set_new(d, "source", json_string(p->tus[n->tu].file));
	fd->details = d;
	return 0;
}

int zt_stack_check(const struct zt_program *p, const struct zt_compdb *db,
		   const struct zt_tu_evidence *ev, const struct zt_stack_opts *o,
		   struct zt_findings *out)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct zt_node *n = &p->nodes[i];

		if (!node_hot(n))
			continue;
		for (size_t jl = 0; jl < n->fn->n_locals; jl++) {
			const struct zt_local *l = &n->fn->locals[jl];
			enum zt_freq freq = zt_local_freq(l, n->freq, n->budget_params);
			struct judged j;

			if (!is_candidate(l, o) || freq < ZT_FREQ_PER_POLL)
				continue;
			if (judge_local(p, db, ev, o, i, jl, &j))
				return -1;
			if (!j.survives)
				continue;
			add_finding(p, db, ev, i, l, freq, &j.g, &j.c, j.bytes, j.reader,
				    j.reader_why, out);
		}
		if (o->checks.on[ZT_CHECK_STACK_FRAME_TOTAL] && frame_total(p, db, ev, o, i, out))
			return -1;
	}
	zt_findings_sort(out);
	return 0;
}
