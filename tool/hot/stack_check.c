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
#include "stack_int.h"

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

bool sc_is_candidate(const struct zt_local *l, const struct zt_stack_opts *o)
{
	if (l->is_vla || l->size < 0 || l->size < o->min_size || l->in_unlikely ||
	    zt_local_opted_out(l))
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


bool sc_node_hot(const struct zt_node *n)
{
	return n->fn && !n->cold && n->freq >= ZT_FREQ_PER_POLL;
}

/* What one local costs: the deciding compiler's surviving bytes, or the AST's judgement. */
struct judged {
	struct lookup g, c;
	long long bytes;
	bool survives;
	const char *reader;	/* an opaque reader of an explicitly zeroed local */
	enum unknown_why reader_why;	/* why it is opaque */
};

/*
 * A per-packet function that runs per-packet work in a loop within one block
 * (a socket's sendmsg handed a batch of XDP buffers, calling the receive of
 * one buffer for each) serves a batch there: a local of that block declared
 * outside the loop is zeroed once per batch. Per-packet work is a function
 * stated per packet (a rules file, a per-packet root), or a call given one
 * element of an array of packets the loop indexes (&bufs[i], skbs[i]): each
 * turn another packet. A callee that merely takes a packet is no proof, since
 * a loop over one packet's fragments hands the same skb to each call. The
 * callee it loops over, or NULL.
 */
static const char *batch_loop_callee(const struct zt_program *p, const struct zt_node *n,
				     const struct zt_local *l)
{
	if (n->freq != ZT_FREQ_PER_PACKET || l->in_loop || !l->scope_end_line)
		return NULL;
	for (size_t c = 0; c < n->fn->n_calls; c++) {
		const struct zt_call *call = &n->fn->calls[c];
		size_t to;

		if (call->kind != ZT_CALL_DIRECT || !call->in_loop || call->in_unlikely ||
		    call->line <= l->line || call->line > l->scope_end_line)
			continue;
		to = zt_program_find(p, call->target);
		if (to != ZT_NO_NODE && p->nodes[to].cold)
			continue;
		if (call->arg_packet_element || (to != ZT_NO_NODE && p->nodes[to].per_packet))
			return call->name;
	}
	return NULL;
}

/* How often @l of hot function @n is zeroed. */
static struct sc_freq local_freq(const struct zt_program *p, const struct zt_node *n,
				 const struct zt_local *l)
{
	struct sc_freq fq = { zt_local_freq(l, n->freq, n->budget_params), n->batch_n,
			      n->batch_why, NULL };

	if (fq.freq == ZT_FREQ_PER_PACKET && (fq.loop_callee = batch_loop_callee(p, n, l))) {
		fq.freq = ZT_FREQ_PER_BATCH;
		fq.batch_n = ZT_BATCH_UNKNOWN;
		fq.batch_why = ZT_BATCH_LOOP;
	}
	if (fq.freq != ZT_FREQ_PER_BATCH) {
		fq.batch_n = 0;
		fq.batch_why = ZT_BATCH_NONE;
	}
	return fq;
}

static const char *every_word(enum zt_freq freq)
{
	return freq == ZT_FREQ_PER_PACKET ? "packet" : freq == ZT_FREQ_PER_BATCH ? "batch" : "poll";
}

/* " (gcc-12: 56 bytes survive; clang-19: 0)", or NULL without evidence */
static char *evidence_text(const struct zt_tu_evidence *tev, const struct lookup *g,
			   const struct lookup *c)
{
	char *gs = NULL, *cs = NULL, *text;

	if (g->bytes == -2 && c->bytes == -2)
		return NULL;
	if (g->bytes != -2) {
		char *id = sc_short_id(&tev->gcc, true);

		gs = xasprintf("%s: %lld bytes survive", id, g->bytes < 0 ? 0 : g->bytes);
		free(id);
	}
	if (c->bytes != -2) {
		char *id = sc_short_id(&tev->clang, false);

		cs = g->bytes != -2 ? xasprintf("%s: %lld", id, c->bytes < 0 ? 0 : c->bytes) :
				      xasprintf("%s: %lld bytes survive", id,
						c->bytes < 0 ? 0 : c->bytes);
		free(id);
	}
	text = xasprintf(" (%s%s%s)", gs ? gs : "", gs && cs ? "; " : "", cs ? cs : "");
	free(gs);
	free(cs);
	return text;
}

static char *finding_message(const struct zt_local *l, const char *decl, const char *every,
			     const char *evtext)
{
	if (l->init != ZT_INIT_NONE && l->init_line)
		return xasprintf("%lld-byte '%s' zeroed on every %s by the %s compound "
				 "literal assigned to it at line %u, whatever the kernel "
				 "configuration",
				 l->size, decl, every,
				 l->init == ZT_INIT_EMPTY ? "empty" :
				 l->init == ZT_INIT_ZERO ? "'{ 0 }'" :
				 l->init == ZT_INIT_DESIGNATED ? "designated" : "partial",
				 l->init_line);
	if (l->init != ZT_INIT_NONE)
		return xasprintf("%lld-byte '%s' zeroed on every %s by its %s initializer, "
				 "whatever the kernel configuration",
				 l->size, decl, every,
				 l->init == ZT_INIT_EMPTY ? "'= {}'" :
				 l->init == ZT_INIT_ZERO ? "'= { 0 }'" :
				 l->init == ZT_INIT_DESIGNATED ? "designated" : "partial");
	return xasprintf("%lld-byte '%s' zeroed on every %s under -ftrivial-auto-var-init=zero%s",
			 l->size, decl, every, evtext ? evtext : "");
}

/* What the initializer zeroes, where it runs, why the optimizer keeps it. */
static void add_local_notes(const struct zt_local *l, const struct judged *j,
			    struct zt_finding *fd)
{
	bool explicit = l->init != ZT_INIT_NONE;

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
	if (explicit && j->reader && j->reader_why == UNKNOWN_READS)
		zt_finding_add_note(fd, "zerotax cannot tell whether '%s' reads fields of it that "
				    "were not written first; if it does, the zero is required",
				    j->reader);
	else if (explicit && j->reader)
		zt_finding_add_note(fd, "not known whether the zero is required: '%s' gets its "
				    "address and %s, so whether it accumulates into the fields "
				    "(which needs the zero) is not known; not claimed as a tax",
				    j->reader, j->reader_why == UNKNOWN_POINTER ?
				    "is called through a function pointer" :
				    "has no body in the code analysed (nor in the call graph of "
				    "the other TUs)");
}

static void add_owner_note(const struct zt_node *n, const struct zt_local *l,
			   const struct owner *own, struct zt_finding *fd)
{
	char *how;

	if (!own->param) {
		zt_finding_add_note(fd, "no parameter of '%s' is a queue or ring that could own a "
				    "per-queue copy (the net_device and the adapter are shared by "
				    "every queue); mark it __uninitialized if every byte read is "
				    "written first", n->name);
		return;
	}
	how = sc_owner_how_text(own);
	zt_finding_add_note(fd, "suggested owner: '%s' (%s): keep one '%s' per queue in it "
			    "and reuse it; found as %s", own->param->name, own->param->type, l->type,
			    how);
	free(how);
}

static void add_frame_note(const struct zt_tu_evidence *tev, const struct zt_node *n,
			   struct zt_finding *fd)
{
	long long fg = sc_frame_size(tev, true, n->name), fc = sc_frame_size(tev, false, n->name);

	if (fg >= 0 && fc >= 0)
		zt_finding_add_note(fd, "stack frame of '%s': %lld bytes (gcc), %lld (clang)",
				    n->name, fg, fc);
	else if (fg >= 0 || fc >= 0)
		zt_finding_add_note(fd, "stack frame of '%s': %lld bytes (%s)", n->name,
				    fg >= 0 ? fg : fc, fg >= 0 ? "gcc" : "clang");
}

static void add_root_note(const struct zt_program *p, size_t node, struct zt_finding *fd)
{
	size_t r = node;

	while (p->nodes[r].parent != ZT_NO_NODE)
		r = p->nodes[r].parent;
	zt_finding_add_note(fd, "root %s: %s", p->nodes[r].name,
			    p->nodes[r].root_why ? p->nodes[r].root_why : "hot");
}

static json_t *decl_json(const struct zt_local *l)
{
	json_t *d = json_pack("{s:i, s:i, s:i, s:i, s:b, s:s?, s:b}", "line", l->start_line,
			      "column", l->start_column, "end_line", l->end_line, "end_column",
			      l->end_column, "in_loop", l->in_loop, "explicit_init",
			      sc_init_spelling(l->init), "from_macro", l->from_macro);

	if (l->init == ZT_INIT_NONE)
		return d;
	json_object_set_new(d, "named_bytes",
			    l->init_named >= 0 ? json_integer(l->init_named) : json_null());
	json_object_set_new(d, "zeroed_bytes",
			    l->init_named >= 0 ? json_integer(l->size - l->init_named) : json_null());
	json_object_set_new(d, "compound_literal_line",
			    l->init_line ? json_integer(l->init_line) : json_null());
	return d;
}

static json_t *owner_json(const struct zt_local *l, const struct owner *own)
{
	const struct zt_param *owner = own->param;
	bool name_taken = false;

	if (!owner)
		return json_null();
	for (size_t i = 0; i < owner->n_fields; i++)
		name_taken |= !strcmp(owner->fields[i], l->name);
	json_t *o = json_pack("{s:s, s:s, s:s?, s:i, s:b, s:s, s:s?, s:s?}", "param", owner->name,
			      "type", owner->record, "file", owner->record_file, "line",
			      owner->record_line, "name_taken", name_taken, "how",
			      sc_owner_how_name(own->how), "napi_struct", own->napi_owner, "poll",
			      own->poll);

	/* only when there is one: the JSON of every other owner stays as it was */
	if (own->other)
		json_object_set_new(o, "reached_from", json_string(own->other));
	/* proved never NULL at every call (stack_owner.c), or why not */
	json_object_set_new(o, "nonnull",
			    own->maybe_null ? json_string(own->maybe_null) : json_true());
	if (own->after_release)
		json_object_set_new(o, "after_release", json_string(own->after_release));
	{
		json_t *cb = json_array();

		for (size_t i = 0; i < own->release_callbacks.n; i++)
			json_array_append_new(cb, json_string(own->release_callbacks.v[i]));
		json_object_set_new(o, "release_callbacks", cb);
	}
	return o;
}

/* explicit zeroing: is the zero needed? "no" (a tax) or "unknown" (and why) */
static json_t *zero_needed_json(const struct zt_local *l, const struct judged *j)
{
	if (l->init == ZT_INIT_NONE)
		return json_null();
	return json_pack("{s:s, s:s?, s:s?}", "answer", j->reader ? "unknown" : "no", "callee",
			 j->reader, "why",
			 !j->reader ? NULL :
			 j->reader_why == UNKNOWN_READS ? "reads-fields" :
			 j->reader_why == UNKNOWN_POINTER ? "function-pointer" : "no-body");
}

static json_t *batch_json(const struct sc_freq *fq)
{
	if (fq->freq != ZT_FREQ_PER_BATCH)
		return json_null();
	return json_pack("{s:o, s:s, s:s?}", "up_to",
			 fq->batch_n == ZT_BATCH_UNKNOWN ? json_null() : json_integer(fq->batch_n),
			 "why", fq->batch_why == ZT_BATCH_THRESHOLD ? "threshold" :
			 fq->batch_why == ZT_BATCH_ARG ? "argument" :
			 fq->batch_why == ZT_BATCH_BULK_CALL ? "bulk-call" :
			 fq->batch_why == ZT_BATCH_LOOP ? "loop" : "full",
			 "loops_over", fq->loop_callee);
}

/* { field USR: [function, ...] }, each function once */
static void add_call_target(const char *field_usr, const char *fn_name, void *arg)
{
	json_t *map = arg, *names = json_object_get(map, field_usr), *v;
	size_t i;

	if (!names) {
		names = json_array();
		json_object_set_new(map, field_usr, names);
	}
	json_array_foreach(names, i, v)
		if (!strcmp(json_string_value(v), fn_name))
			return;
	json_array_append_new(names, json_string(fn_name));
}

static json_t *finding_details(const struct zt_program *p, size_t node,
			       const struct zt_local *l, const struct sc_freq *fq,
			       const struct zt_tu_evidence *tev, const struct judged *j,
			       const struct owner *own)
{
	const struct zt_node *n = &p->nodes[node];
	json_t *d = json_object();

	json_object_set_new(d, "decl", decl_json(l));
	json_object_set_new(d, "owner", owner_json(l, own));
	json_object_set_new(d, "type_decl",
			    l->type_file ? json_pack("{s:s, s:i}", "file", l->type_file, "line",
						     l->type_line) :
					   json_null());
	json_object_set_new(d, "uses",
			    json_pack("{s:b, s:b, s:b, s:b, s:b}",
				      "address_passed", !!(l->uses & ZT_USE_ADDR_PASSED),
				      "member_access", !!(l->uses & ZT_USE_MEMBER),
				      "by_value", !!(l->uses & (ZT_USE_BY_VALUE | ZT_USE_ASSIGNED)),
				      "address_escapes", !!(l->uses & ZT_USE_ADDR_ESCAPES),
				      "sizeof", !!(l->uses & ZT_USE_SIZEOF)));
	json_object_set_new(d, "recursive", json_boolean(zt_program_recursive(p, node)));
	json_object_set_new(d, "condition", zt_json_str_or_null(l->cond ? l->cond : n->cond));
	json_object_set_new(d, "path", sc_slow_json(p, n, l));
	json_object_set_new(d, "zero_needed", zero_needed_json(l, j));
	json_object_set_new(d, "batch", batch_json(fq));
	json_object_set_new(d, "evidence",
			    json_pack("{s:o, s:o}", "gcc",
				      sc_evidence_json(&j->g, tev ? &tev->gcc : NULL), "clang",
				      sc_evidence_json(&j->c, tev ? &tev->clang : NULL)));
	json_object_set_new(d, "frame_size",
			    json_pack("{s:o, s:o}", "gcc",
				      sc_frame_json(sc_frame_size(tev, true, n->name)), "clang",
				      sc_frame_json(sc_frame_size(tev, false, n->name))));
	json_object_set_new(d, "source", json_string(p->tus[n->tu].file));
	/* fix follows a call through a field into what was stored there (6: its depth) */
	json_object_set_new(d, "calls_through", json_object());
	zt_program_field_targets(p, node, 6, add_call_target, json_object_get(d, "calls_through"));
	return d;
}

static void add_finding(const struct zt_program *p, const struct zt_tu_evidence *ev,
			size_t node, const struct zt_local *l, const struct sc_freq *fq,
			const struct judged *j, struct zt_findings *out)
{
	enum zt_freq freq = fq->freq;
	const struct zt_node *n = &p->nodes[node];
	const struct zt_check *check = &zt_checks[l->init != ZT_INIT_NONE ?
						  ZT_CHECK_STACK_EXPLICIT_INIT :
						  ZT_CHECK_STACK_AUTOINIT];
	const struct zt_tu_evidence *tev = ev ? &ev[n->tu] : NULL;
	struct owner own = sc_owner_of(p, node, l);
	const char *every = every_word(freq);
	struct zt_finding *fd = zt_findings_add(out, check);
	char *decl = sc_declaration(l), *evtext = evidence_text(tev, &j->g, &j->c);
	const char **chain;
	size_t n_chain;

	fd->file = xstrdup(l->file);
	fd->line = l->line;
	fd->column = l->column;
	fd->function = xstrdup(n->name);
	fd->symbol = xstrdup(l->name);
	fd->type = xstrdup(l->type);
	fd->size = l->size;
	fd->freq = freq;
	fd->rank = zt_rank(j->bytes, freq, p->budget, fq->batch_n);
	if ((l->slow || n->slow) && freq >= ZT_FREQ_PER_BATCH)
		fd->rank /= p->budget;
	fd->fingerprint = zt_fingerprint(fd, decl, NULL);
	fd->message = finding_message(l, decl, every, evtext);
	free(evtext);
	free(decl);

	n_chain = zt_program_chain(p, node, &chain);
	zt_finding_set_chain(fd, (char *const *)chain, n_chain);
	free(chain);
	add_root_note(p, node, fd);
	if (freq == ZT_FREQ_PER_BATCH)
		sc_add_batch_note(p, n, l, fq, fd);
	sc_add_cond_note(p, n, l, every, fd);
	sc_add_slow_note(p, n, l, every, fd);
	add_local_notes(l, j, fd);
	add_owner_note(n, l, &own, fd);
	add_frame_note(tev, n, fd);
	fd->details = finding_details(p, node, l, fq, tev, j, &own);
	free(own.maybe_null);
	free(own.after_release);
	zt_strvec_clear(&own.release_callbacks);
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
		struct need need = sc_explicit_zero_need(p, n, jl);

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
			*g = sc_evidence_for(p, i, ev, true, l);
		if (o->want_clang)
			*c = sc_evidence_for(p, i, ev, false, l);
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
bool sc_is_small_part(const struct zt_local *l, const struct zt_stack_opts *o)
{
	return !l->is_vla && l->size > 0 && l->size < o->min_size && !l->in_unlikely &&
	       l->init != ZT_INIT_COPY && !zt_local_opted_out(l) &&
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
/* The small locals of one function that add up: what frame_total() reports. */
struct small_sum {
	long long total, size, gsum, csum;
	bool have_g, have_c;
	size_t count;
	char *list;		/* "'a' (8 of 8), 'b' (16 of 24)" */
	json_t *locals;
};

/* Sum the surviving zeroing of @n's small locals into @s; -1 on an internal error. */
static int sum_small_locals(const struct zt_program *p, const struct zt_compdb *db,
			    const struct zt_tu_evidence *ev, const struct zt_stack_opts *o,
			    size_t i, struct small_sum *s)
{
	const struct zt_node *n = &p->nodes[i];
	const struct zt_function *f = n->fn;

	for (size_t jl = 0; jl < f->n_locals; jl++) {
		const struct zt_local *l = &f->locals[jl];
		struct judged j;
		char *more;

		if (!sc_is_small_part(l, o) || local_freq(p, n, l).freq != n->freq)
			continue;
		if (judge_local(p, db, ev, o, i, jl, &j))
			return -1;
		if (!j.survives)
			continue;
		s->total += j.bytes;
		s->size += l->size;
		/* an explicit initializer zeroes under either compiler */
		if (l->init != ZT_INIT_NONE) {
			s->gsum += l->size;
			s->csum += l->size;
		}
		if (j.g.bytes != -2) {
			s->have_g = true;
			s->gsum += j.g.bytes > 0 ? j.g.bytes : 0;
		}
		if (j.c.bytes != -2) {
			s->have_c = true;
			s->csum += j.c.bytes > 0 ? j.c.bytes : 0;
		}
		more = xasprintf("%s%s'%s' (%lld of %lld)", s->list, s->count ? ", " : "", l->name,
				 j.bytes, l->size);
		free(s->list);
		s->list = more;
		s->count++;
		json_array_append_new(s->locals,
				      json_pack("{s:s, s:s, s:I, s:I, s:i}", "name", l->name, "type",
						l->type, "size", (json_int_t)l->size, "bytes",
						(json_int_t)j.bytes, "line", l->line));
	}
	return 0;
}

static int frame_total(const struct zt_program *p, const struct zt_compdb *db,
		       const struct zt_tu_evidence *ev, const struct zt_stack_opts *o, size_t i,
		       struct zt_findings *out)
{
	const struct zt_node *n = &p->nodes[i];
	const struct zt_function *f = n->fn;
	const struct zt_tu_evidence *tev = ev ? &ev[n->tu] : NULL;
	struct small_sum s = { .list = xstrdup(""), .locals = json_array() };
	struct zt_finding *fd;
	const char **chain;
	size_t n_chain;
	json_t *d;
	int rc = sum_small_locals(p, db, ev, o, i, &s);

	if (rc || s.count < 2 || s.total < o->min_size) {
		free(s.list);
		json_decref(s.locals);
		return rc;
	}
	fd = zt_findings_add(out, &zt_checks[ZT_CHECK_STACK_FRAME_TOTAL]);
	fd->file = xstrdup(f->file);
	fd->line = f->line;
	fd->function = xstrdup(n->name);
	fd->symbol = xstrdup(n->name);
	fd->type = xstrdup("stack frame");
	fd->size = s.size;
	fd->freq = n->freq;
	fd->rank = zt_rank(s.total, n->freq, p->budget, n->batch_n);
	if (n->slow && n->freq >= ZT_FREQ_PER_BATCH)
		fd->rank /= p->budget;
	fd->fingerprint = zt_fingerprint(fd, "stack frame", NULL);
	fd->message = xasprintf("%lld bytes of %zu small locals zeroed on every %s in '%s', each "
				"under --min-size: %s",
				s.total, s.count, every_word(n->freq), n->name, s.list);
	free(s.list);
	n_chain = zt_program_chain(p, i, &chain);
	zt_finding_set_chain(fd, (char *const *)chain, n_chain);
	free(chain);
	add_root_note(p, i, fd);
	sc_add_cond_note(p, n, NULL, every_word(n->freq), fd);
	if (n->freq == ZT_FREQ_PER_BATCH) {
		struct sc_freq fq = { n->freq, n->batch_n, n->batch_why, NULL };

		sc_add_batch_note(p, n, NULL, &fq, fd);
	}
	sc_add_slow_note(p, n, NULL, every_word(n->freq), fd);
	zt_finding_add_note(fd, "summed over the locals by the deciding compiler's evidence; "
			    "each is too small to report alone");
	d = json_pack("{s:o, s:I, s:o}", "locals", s.locals, "total", (json_int_t)s.total,
		      "evidence", json_object());
	add_evidence_sum(d, "gcc", tev ? &tev->gcc : NULL, s.gsum, s.have_g);
	add_evidence_sum(d, "clang", tev ? &tev->clang : NULL, s.csum, s.have_c);
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

		if (!sc_node_hot(n))
			continue;
		for (size_t jl = 0; jl < n->fn->n_locals; jl++) {
			const struct zt_local *l = &n->fn->locals[jl];
			struct sc_freq fq = local_freq(p, n, l);
			struct judged j;

			if (!sc_is_candidate(l, o) || fq.freq < ZT_FREQ_PER_POLL)
				continue;
			if (judge_local(p, db, ev, o, i, jl, &j))
				return -1;
			if (!j.survives)
				continue;
			add_finding(p, ev, i, l, &fq, &j, out);
		}
		if (o->checks.on[ZT_CHECK_STACK_FRAME_TOTAL] && frame_total(p, db, ev, o, i, out))
			return -1;
	}
	zt_findings_sort(out);
	return 0;
}
