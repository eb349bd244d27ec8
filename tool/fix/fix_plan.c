// SPDX-License-Identifier: GPL-2.0-only
/* fix, plan: which findings are safe to rewrite, and where a hoisted field goes. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmdline.h"
#include "cocci.h"
#include "fix_internal.h"
#include "fixtext.h"
#include "fix_stages_int.h"
#include "fixtree.h"
#include "placement.h"
#include "process.h"
#include "shadow.h"
#include "strbuf.h"
#include "verify.h"

/* ---- the plan: what is safe, from the finding's own details ---------------- */

/* The plan's own state: what it reads and what it builds. */
struct planner {
	const struct fix_env *env;
	const struct zt_findings *fs;
	const struct zt_da_helpers *helpers;
	struct fix_plan *out;
};

static bool stack_finding(const struct zt_finding *f)
{
	return f->check && (f->check->id == ZT_CHECK_STACK_AUTOINIT ||
			    f->check->id == ZT_CHECK_STACK_EXPLICIT_INIT);
}

/*
 * Is the owner proved to be one per queue? Only when check found it from the
 * poll's own napi_struct: container_of(napi, T, member) gives T itself
 * ("napi-container"), or T holds the parameter's struct ("served-by-napi":
 * the ring or queue that poll instance serves). A parameter found by its
 * name alone ("queue-parameter"), the adapter (netdev_priv()), net_device
 * and sk_buff are no proof: two queues polled at once on two CPUs could
 * share one copy. *@why gets the proof (true) or the reason (false).
 */
bool fix_owner_proved(const struct zt_kernel_rules *kernel, json_t *owner, char **why)
{
	const char *how = jstr(owner, "how"), *type = jstr(owner, "type");
	const char *poll = jstr(owner, "poll"), *napi = jstr(owner, "napi_struct");

	*why = NULL;
	if (!type)
		return false;
	/* whatever check says: one per device or one per packet (rules/kernel.conf) */
	if (zt_kernel_never_owner(kernel, type)) {
		*why = xasprintf("%s is never a per-queue owner: it is shared by every queue "
				 "(or is the packet)", type);
		return false;
	}
	if (how && poll && napi && !strcmp(how, "napi-container") && !strcmp(napi, type)) {
		*why = xasprintf("%s is the poll's own NAPI struct: %s() takes it from "
				 "container_of(napi, %s, ...), one per NAPI instance", type, poll,
				 type);
		return true;
	}
	if (how && poll && napi && !strcmp(how, "served-by-napi") && strcmp(napi, type)) {
		*why = xasprintf("%s is served by one NAPI instance: %s() takes its %s from "
				 "container_of(napi, ...), and that %s holds the %s", type, poll,
				 napi, napi, type);
		return true;
	}
	if (how && poll && jstr(owner, "reached_from") && !strcmp(how, "other-context")) {
		*why = xasprintf("%s is found from the poll %s(), but %s() reaches the function "
				 "too: two contexts could use one per-queue copy at once",
				 type, poll, jstr(owner, "reached_from"));
		return false;
	}
	/* check proved the container; fix has no rewrite that keeps a copy in a local's struct */
	if (how && poll && !strcmp(how, "napi-container-local")) {
		*why = xasprintf("%s is the poll's own NAPI struct, but %s() holds it in a local, "
				 "not in a parameter: the hoist keeps the copy in the struct a "
				 "parameter points to, so there is nothing to hoist into", type,
				 poll);
		return false;
	}
	*why = xasprintf("nothing proves %s is one per queue (%s): it is not reached from the "
			 "poll's own napi_struct, so queues polled at once on two CPUs could "
			 "share one copy", type,
			 how ? (strcmp(how, "queue-parameter") ? how : "found by its name only") :
			       "check gave no proof");
	return false;
}

/*
 * What the finding's own details rule out for every strategy: true when @i
 * is refused.
 */
static bool plan_refused(struct planner *x, size_t i)
{
	const struct zt_finding *f = &x->fs->v[i];
	json_t *decl = json_object_get(f->details, "decl");

	if (!zt_is_record_type(f->type) && !zt_array_elem_len(f->type)) {
		fix_set_reason(&x->out->refusal[i],
			       "'%s' is not a struct, union or one-dimensional array local",
			       f->type ? f->type : "?");
		return true;
	}
	if (!zt_is_c_identifier(f->function)) {
		fix_set_reason(&x->out->refusal[i], "the function name '%s' is not a C identifier",
			       f->function);
		return true;
	}
	if (!zt_is_c_identifier(f->symbol)) {
		fix_set_reason(&x->out->refusal[i], "'%s' is not a plain identifier",
			       f->symbol ? f->symbol : "?");
		return true;
	}
	/*
	 * An initializer of the declaration is dropped by either rewrite: the
	 * definite assignment below gives it no credit, so no read can depend
	 * on it. A compound literal assigned later is a statement, not a
	 * declaration: neither template rewrites it.
	 */
	if (jint(decl, "compound_literal_line", 0) > 0) {
		fix_set_reason(&x->out->refusal[i],
			       "%s is zeroed by the compound literal at line %lld: zerotax "
			       "rewrites declarations, not assignments",
			       f->symbol, (long long)jint(decl, "compound_literal_line", 0));
		return true;
	}
	return false;
}

/* Why @i cannot be hoisted (NULL: it can), from its details. */
static char *no_hoist(struct planner *x, size_t i)
{
	const struct zt_finding *f = &x->fs->v[i];
	json_t *d = f->details, *owner = json_object_get(d, "owner");
	const char *ot = jstr(owner, "type"), *op = jstr(owner, "param");
	char *proof = NULL;

	/* a copy reads all of it: definite assignment decides for __uninitialized */
	if (jtrue(json_object_get(d, "uses"), "by_value"))
		return xasprintf("%s is used by value (copied or passed by value): a shared copy "
				 "would change what the copy sees", f->symbol);
	if (zt_array_elem_len(f->type))
		return xasprintf("%s is an array: zerotax marks it __uninitialized, it does not "
				 "move arrays into the queue", f->symbol);
	if (jtrue(json_object_get(d, "uses"), "address_escapes"))
		return xasprintf("the address of %s is stored beyond the call or returned: it "
				 "would alias the per-queue copy", f->symbol);
	if (jtrue(d, "recursive"))
		return xasprintf("%s is recursive: nested calls would share one per-queue copy",
				 f->function);
	if (!owner || json_is_null(owner))
		return xasprintf("%s has no per-queue owner parameter to keep %s in", f->function,
				 f->symbol);
	if (!fix_owner_proved(x->env->kernel, owner, &proof))
		return proof;
	free(proof);
	/* check, over the program: a caller may let the instance go first */
	if (jstr(owner, "after_release"))
		return xasprintf("%s() may run after its NAPI instance is let go: %s; the same "
				 "poll may then run on another CPU and fill the same per-queue copy",
				 f->function, jstr(owner, "after_release"));
	for (size_t j = 0; j < x->fs->n; j++) {
		const struct zt_finding *g = &x->fs->v[j];

		if (g->line != f->line && g->function && !strcmp(g->function, f->function) &&
		    g->symbol && !strcmp(g->symbol, f->symbol) && g->file && f->file &&
		    !strcmp(g->file, f->file))
			return xasprintf("%s() declares %s twice (lines %u and %u): one field "
					 "cannot stand for both", f->function, f->symbol,
					 g->line < f->line ? g->line : f->line,
					 g->line < f->line ? f->line : g->line);
	}
	if (jtrue(owner, "name_taken"))
		return xasprintf("the name %s is already taken in %s", f->symbol,
				 ot ? ot : "the owner struct");
	if (!zt_is_record_type(ot) || !zt_is_c_identifier(op))
		return xasprintf("the owner of %s is not a struct pointer parameter", f->function);
	return NULL;
}

struct resolve {
	const struct fix_env *env;
	char *dir;		/* the driver: the finding's directory's parent */
	const json_t *through;	/* the finding's details.calls_through */
};

/*
 * zt_da_resolver: the TU of the database, in the driver, that defines @fn;
 * 1 when two TUs do (which one is linked is Kbuild's choice, not ours).
 */
static int resolve_fn(void *arg, const char *fn, char **file, char ***args)
{
	struct resolve *r = arg;
	const struct zt_compdb *db = r->env->o->db;
	size_t dl = strlen(r->dir);
	char *first = NULL;

	for (size_t i = 0; db && i < db->n; i++) {
		char *rel = zt_real_path_under(r->env->src, db->v[i].file), *text;
		const char *b, *e;
		bool hit = false;

		if (!rel || (dl && (strncmp(rel, r->dir, dl) || rel[dl] != '/'))) {
			free(rel);
			continue;
		}
		text = read_rel(r->env->src, rel);
		hit = text && zt_function_body(text, fn, &b, &e);
		free(text);
		if (hit && first && strcmp(first, rel)) {
			free(rel);
			free(first);
			return 1;
		}
		if (hit && !first)
			first = rel;
		else
			free(rel);
	}
	if (!first)
		return -1;
	*file = path_in(r->env->src, first);
	*args = zt_fix_clang_args(r->env->build, first);
	free(first);
	return 0;
}

/*
 * zt_da_resolver: what check saw stored into the field a call goes through;
 * only for a struct of the driver's own (a kernel struct's field is stored
 * into by code outside the database too).
 */
static int stored_fns(void *arg, const char *field_usr, const char *field_file,
		      struct zt_strvec *names)
{
	struct resolve *r = arg;
	json_t *fns = r->through ? json_object_get(r->through, field_usr) : NULL;
	char *rel = zt_real_path_under(r->env->src, field_file);
	size_t i, dl = strlen(r->dir);
	bool own = rel && (dl ? !strncmp(rel, r->dir, dl) && rel[dl] == '/' :
				strncmp(rel, "include/", 8) != 0);
	json_t *v;

	free(rel);
	if (!json_is_array(fns) || !json_array_size(fns))
		return own ? -1 : -2;
	json_array_foreach(fns, i, v) {
		/* a value check could not name was stored there too: not every function */
		if (!json_is_string(v) || !strcmp(json_string_value(v), "?"))
			return -1;
		zt_strvec_push(names, json_string_value(v));
	}
	/* a kernel struct's field: the functions the driver stored there, not all */
	if (!own)
		return -2;
	return names->n ? 0 : -1;
}

static char *parent_dir(const char *rel)
{
	char *d = xstrdup(rel), *s = strrchr(d, '/');

	if (!s) {
		d[0] = '\0';
		return d;
	}
	*s = '\0';
	s = strrchr(d, '/');
	if (s)
		*s = '\0';
	else
		d[0] = '\0';
	return d;
}

/*
 * Why the function keeps the hoisted pointer from standing in for the local
 * (defassign_hoist.c), or NULL.
 */
static bool in_list(const char *const *v, const char *s)
{
	for (; s && v && *v; v++)
		if (!strcmp(*v, s))
			return true;
	return false;
}

/* @peers: the functions whose locals would share the field (walk_targets()) */
static char *hoist_blocked(const struct zt_finding *f, const struct zt_da_hoist *h,
			   const char *owner, const char *const *peers)
{
	if (h->release_line && in_list(peers, h->release))
		return xasprintf("%s is used at line %u after the call at line %u, which reaches "
				 "%s(), whose own %s would go into the same field: both would be "
				 "live in one per-queue copy",
				 f->symbol, h->release_line, h->release_call, h->release,
				 f->symbol);
	if (h->jump_line)
		return xasprintf("a jump reaches the block of %s past its declaration (the label "
				 "or case at line %u): the pointer that would replace it is not "
				 "set on that path",
				 f->symbol, h->jump_line);
	if (h->release_line && h->release_unknown != ZT_DA_KNOWN)
		return xasprintf("%s is used at line %u after the call at line %u, which may let "
				 "the NAPI instance go: zerotax cannot follow %s%s%s (%s)",
				 f->symbol, h->release_line, h->release_call,
				 h->release[0] ? h->release : "a call through a pointer",
				 h->release[0] ? "()" : "",
				 h->release_via ? " in what it calls" : "",
				 zt_da_unknown_text(h->release_unknown));
	if (h->release_line && h->release_via)
		return xasprintf("%s is used at line %u after %s() (line %u) lets the NAPI "
				 "instance go through %s(): the same poll may then run on another "
				 "CPU and fill the same per-queue copy",
				 f->symbol, h->release_line, h->release_via, h->release_call,
				 h->release);
	if (h->release_line)
		return xasprintf("%s is used at line %u after %s() lets the NAPI instance go: "
				 "the same poll may then run on another CPU and fill the same "
				 "per-queue copy",
				 f->symbol, h->release_line, h->release);
	if (h->null_why)
		return xasprintf("%s may be NULL: %s; the per-queue copy would be reached "
				 "through a NULL %s",
				 owner, h->null_why, owner);
	return NULL;
}

/*
 * The functions whose findings would hoist into the same field as @i's (same
 * owner struct, type and name: make_groups() puts them in one group): @i's
 * local must not be live across a call that reaches one of them, or both
 * would be live in one copy. The release walk finds such a call, as it finds
 * one that lets the NAPI instance go: the kernel's napi-release functions,
 * then these (a NULL-terminated vector; @n_release: where these start).
 */
static char **walk_targets(struct planner *x, size_t i, size_t *n_release)
{
	const struct zt_finding *f = &x->fs->v[i];
	const char *ot = jstr(json_object_get(f->details, "owner"), "type");
	struct zt_strvec v = ZT_STRVEC_INIT;

	for (size_t k = 0; k < x->env->kernel->napi_releases.n; k++)
		zt_strvec_push(&v, x->env->kernel->napi_releases.v[k]);
	*n_release = v.n;
	for (size_t j = 0; ot && j < x->fs->n; j++) {
		const struct zt_finding *g = &x->fs->v[j];
		const char *gt = jstr(json_object_get(g->details, "owner"), "type");

		if (j != i && gt && !strcmp(gt, ot) && g->type && f->type &&
		    !strcmp(g->type, f->type) && g->symbol && !strcmp(g->symbol, f->symbol) &&
		    g->function && strcmp(g->function, f->function) &&
		    !zt_strvec_has(&v, g->function))
			zt_strvec_push(&v, g->function);
	}
	return zt_strvec_detach(&v);
}

/*
 * Field-level definite assignment of the local, from the AST (defassign.h);
 * *@no_hoist gets why the function forbids a hoist, when it does.
 */
static bool plan_da(struct planner *x, size_t i, struct site *s, char **no_hoist)
{
	const struct zt_finding *f = &x->fs->v[i];
	char **args = zt_fix_clang_args(x->env->build, s->rel);
	char *abs = path_in(x->env->src, s->rel);
	json_t *decl = json_object_get(f->details, "decl");
	unsigned int line = (unsigned int)jint(decl, "line", f->line);
	struct zt_da_answer a;
	struct resolve rs = { x->env, parent_dir(s->rel), json_object_get(f->details,
									 "calls_through") };
	struct zt_da_resolver res = { resolve_fn, stored_fns, &rs };
	const char *owner = jstr(json_object_get(f->details, "owner"), "param");
	json_t *nonnull = json_object_get(json_object_get(f->details, "owner"), "nonnull");
	size_t n_release;
	char **targets = walk_targets(x, i, &n_release);
	struct zt_da_hoist_query hq = { owner, targets, json_is_true(nonnull),
					json_string_value(nonnull),
					jstr(json_object_get(f->details, "owner"), "poll"), -1 };
	json_t *callbacks = json_object_get(json_object_get(f->details, "owner"),
					    "release_callbacks");
	int ret;

	if (json_is_array(callbacks))
		hq.release_callbacks = (int)json_array_size(callbacks);
	ret = zt_da_check(abs, args, f->function, f->symbol, line, x->helpers, &res, &hq, &a);
	bool proved = !ret && a.verdict == ZT_DA_WRITTEN_FIRST;

	*no_hoist = ret ? NULL : hoist_blocked(f, &a.hoist, owner ? owner : "the owner",
					       targets ? (const char *const *)targets + n_release : NULL);
	zt_argv_free(targets);

	free(rs.dir);
	zt_argv_free(args);
	free(abs);
	if (proved && a.init_call) {
		free(a.why);
		proved = false;
		a.why = xasprintf("the initializer of %s calls %s(): dropping the initializer "
				  "would drop the call", f->symbol, a.init_call);
	}
	if (!proved) {
		/* "unknown": the read is presumed, where the proof stopped is named */
		const char *stop = !ret && a.verdict == ZT_DA_UNKNOWN ?
					   zt_da_unknown_text(a.unknown) : NULL;

		fix_set_reason(&x->out->refusal[i], "%s%s%s%s%s",
			       ret ? "definite assignment not shown: " : "", a.why ? a.why : "?",
			       stop ? " (unknown: the proof stopped at " : "", stop ? stop : "",
			       stop ? ")" : "");
		zt_da_answer_release(&a);
		return false;
	}
	s->da_why = a.why;
	a.why = NULL;
	s->stores = a.stores;
	a.stores = (struct zt_strvec)ZT_STRVEC_INIT;
	s->store_at = a.store_at;
	zt_da_answer_release(&a);
	return true;
}

static void site_release(struct site *s);

/* How the owner is one per queue; and what the release rule could not see (docs/fix.md). */
static char *owner_proof(struct planner *x, json_t *owner)
{
	char *proof = NULL, *with;

	fix_owner_proved(x->env->kernel, owner, &proof);
	if (x->env->o->db || !proof)
		return proof;
	with = xasprintf("%s; without a compile database (-p) the driver's other files were "
			 "not read: a function defined there counts as the kernel's, which lets "
			 "the NAPI instance go only through napi_complete_done()", proof);
	free(proof);
	return with;
}

static void plan_one(struct planner *x, size_t i)
{
	const struct zt_finding *f = &x->fs->v[i];
	json_t *owner = json_object_get(f->details, "owner");
	struct site s = { .item = i, .f = f };
	char *why_not = NULL, *blocked = NULL;

	if (!stack_finding(f) || f->suppressed || !f->function || plan_refused(x, i))
		return;
	s.rel = zt_real_path_under(x->env->src, f->file);
	if (!s.rel) {
		fix_set_reason(&x->out->refusal[i], "%s is outside the tree %s", f->file,
			       x->env->src);
		return;
	}
	/* a shared header's inline function: every includer's code, no driver's patch */
	if (zt_place_is_public(s.rel)) {
		fix_set_reason(&x->out->refusal[i], "%s() is defined in %s, a header shared "
			       "beyond the driver: a rewrite there changes every user of it, "
			       "which is that header's maintainers' patch, not this one",
			       f->function, s.rel);
		free(s.rel);
		return;
	}
	if (x->env->o->strategy != ZT_FIX_UNINITIALIZED)
		why_not = no_hoist(x, i);
	if (x->env->o->strategy == ZT_FIX_HOIST && why_not) {
		fix_set_reason(&x->out->refusal[i], "%s", why_not);
		goto drop;
	}
	/* never the optimizer's result: the AST says whether every read is written first */
	if (!plan_da(x, i, &s, &blocked)) {
		free(blocked);
		goto drop;
	}
	if (x->env->o->strategy == ZT_FIX_UNINITIALIZED || why_not)
		free(blocked);
	else
		why_not = blocked;
	if (x->env->o->strategy == ZT_FIX_HOIST && why_not) {
		fix_set_reason(&x->out->refusal[i], "%s", why_not);
		goto drop;
	}
	s.strategy = x->env->o->strategy == ZT_FIX_AUTO ?
		     (why_not ? ZT_FIX_UNINITIALIZED : ZT_FIX_HOIST) : x->env->o->strategy;
	s.no_hoist = x->env->o->strategy == ZT_FIX_AUTO ? why_not : NULL;
	if (s.no_hoist)
		why_not = NULL;
	if (s.strategy == ZT_FIX_HOIST) {
		const char *ot = jstr(owner, "type");

		s.owner_proof = owner_proof(x, owner);
		s.owner_type = xstrdup(ot);
		s.owner_param = xstrdup(jstr(owner, "param"));
		s.owner_rel = zt_real_path_under(x->env->src, jstr(owner, "file"));
		if (!s.owner_rel) {
			fix_set_reason(&x->out->refusal[i], "%s is not defined in the tree", ot);
			goto drop;
		}
		if (jstr(owner, "after") && zt_is_c_identifier(jstr(owner, "after")))
			s.anchor = xstrdup(jstr(owner, "after"));
	}
	free(why_not);
	s.type = xstrdup(f->type);
	s.var = xstrdup(f->symbol);
	ZT_ALLOC_GROW(x->out->sites, x->out->n_sites + 1, x->out->alloc_sites);
	x->out->sites[x->out->n_sites++] = s;
	return;
drop:
	free(why_not);
	site_release(&s);
}

static void site_release(struct site *s)
{
	free(s->rel);
	free(s->type);
	free(s->var);
	free(s->owner_type);
	free(s->owner_param);
	free(s->owner_rel);
	free(s->anchor);
	free(s->owner_proof);
	free(s->fill);
	free(s->da_why);
	zt_strvec_clear(&s->stores);
	free(s->no_hoist);
	free(s->refusal);
	free(s->sp_file);
}

/* The same finding twice (same fingerprint): planned once, reported for both. */
size_t fix_duplicate_of(const struct zt_findings *fs, size_t i)
{
	const char *fp = fs->v[i].fingerprint;

	/*
	 * the place too: two locals of one name and type in one function share
	 * a fingerprint (it survives lines shifting), not a declaration
	 */
	for (size_t j = 0; fp && fp[0] && j < i; j++)
		if (zt_finding_same_place(&fs->v[j], &fs->v[i]))
			return j;
	return i;
}

static int site_cmp(const void *pa, const void *pb)
{
	const struct site *a = pa, *b = pb;
	int c = strcmp(a->rel, b->rel);

	if (c)
		return c;
	return a->f->line > b->f->line ? -1 : a->f->line < b->f->line;
}

/* Findings that add one field (same owner, type and name) go together. */
static void make_groups(struct fix_plan *p)
{
	size_t n = 0;

	for (size_t k = 0; k < p->n_sites; k++) {
		struct site *s = &p->sites[k];
		bool hoist = s->strategy == ZT_FIX_HOIST;
		size_t j;

		for (j = 0; hoist && j < k; j++)
			if (p->sites[j].strategy == ZT_FIX_HOIST &&
			    !strcmp(p->sites[j].owner_type, s->owner_type) &&
			    !strcmp(p->sites[j].type, s->type) && !strcmp(p->sites[j].var, s->var))
				break;
		s->group = hoist && j < k ? p->sites[j].group : n++;
	}
	p->n_groups = n;
}

void fix_plan(const struct fix_env *env, const struct zt_findings *fs,
	      const struct zt_da_helpers *helpers, struct fix_plan *out)
{
	struct planner x = { env, fs, helpers, out };

	*out = (struct fix_plan){ .n_findings = fs->n };
	out->refusal = xcalloc(fs->n ? fs->n : 1, sizeof(*out->refusal));
	/* the build's commands give the definite-assignment parse its flags */
	for (size_t i = 0; i < fs->n; i++)
		if (fix_duplicate_of(fs, i) == i)
			plan_one(&x, i);
	/*
	 * Positions are lines of the file as check saw it: per file, the last
	 * finding first, so a rewrite never shifts the lines of the next one.
	 */
	if (out->n_sites)
		qsort(out->sites, out->n_sites, sizeof(*out->sites), site_cmp);
	make_groups(out);
}

void fix_plan_release(struct fix_plan *p)
{
	for (size_t k = 0; k < p->n_sites; k++)
		site_release(&p->sites[k]);
	free(p->sites);
	free_list(p->refusal, p->n_findings);
	memset(p, 0, sizeof(*p));
}
