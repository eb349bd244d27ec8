// SPDX-License-Identifier: GPL-2.0-only
/* Rewrite a copy of the tree, verify it, and only then hand it back. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
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

#define DEFAULT_TIMEOUT_MS 120000

/* The driver's state: what the stages read, what they return, the result built from it. */
struct fixer {
	struct fix_env env;
	const struct zt_findings *fs;
	struct zt_fix_result *r;
	char *src;		/* realpath of the source tree */
	struct zt_shadow sh;	/* the rewritten files */
	struct zt_fix_build build;
	struct zt_da_helpers *helpers;	/* rules/init-helpers.conf */
	struct zt_kernel_rules kernel;	/* rules/kernel.conf */
	struct fix_plan plan;
	struct fix_rewriter rw;
};

/* Messages name the tree's files, not the shadow's. */
static char *unshadow(const struct fixer *x, const char *msg)
{
	size_t tl = x->sh.tree ? strlen(x->sh.tree) : 0;
	char *out = xstrdup(""), *n;
	const char *p = msg, *hit;

	while (tl && (hit = strstr(p, x->sh.tree))) {
		n = xasprintf("%s%.*s%s", out, (int)(hit - p), p, x->src);
		free(out);
		out = n;
		p = hit + tl;
	}
	n = xasprintf("%s%s", out, p);
	free(out);
	return n;
}

/* The run itself failed (a missing tool, no scratch space): nothing is applied. */
static int __attribute__((format(printf, 3, 4)))
run_fail(struct fixer *x, const char *step, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	if (!x->r->failed_step) {
		x->r->failed_step = step;
		x->r->failure = msg;
	} else {
		free(msg);
	}
	return error("fix: step '%s' failed: %s", step, x->r->failure);
}

static char *why_of(const struct site *s)
{
	json_t *evj = json_object_get(s->f->details, "evidence");
	long long cb = jint(json_object_get(evj, "clang"), "bytes", -1);
	char *fill = s->fill ? xasprintf("; %s() writes it first on every path", s->fill) :
		     xstrdup("");
	const char *init = jstr(json_object_get(s->f->details, "decl"), "explicit_init");
	char *why, *ev = NULL;

	if (init && s->stores.n) {
		struct zt_strbuf sb = { 0 };
		char *with;

		for (size_t i = 0; i < s->stores.n; i++)
			zt_strbuf_addf(&sb, "%s'%s%s%s;'", i ? ", " : "", s->var,
				       s->strategy == ZT_FIX_HOIST ? "->" : ".", s->stores.v[i]);
		with = xasprintf("%s; what its %s initializer names stays, as %s before line %u "
				 "(its block's first statement); the rest of the zeroing goes: "
				 "nothing read depends on it", fill, init, sb.buf, s->store_at);
		zt_strbuf_release(&sb);
		free(fill);
		fill = with;
	} else if (init) {
		/* "= {}", "= { 0 }"; or "designated", "list" */
		char *with = init[0] == '=' ?
			xasprintf("%s; its initializer '%s' goes: nothing read depends on it",
				  fill, init) :
			xasprintf("%s; its %s initializer goes: nothing read depends on it", fill,
				  init);

		free(fill);
		fill = with;
	}
	if (s->strategy == ZT_FIX_HOIST)
		why = xasprintf("hoist: %s%s; one %s per queue replaces the per-call copy: %s",
				s->da_why, fill, s->owner_type, s->owner_proof ? s->owner_proof : "?");
	else {
		/* the evidence is said, never the proof: definite assignment decided */
		if (cb >= 0 && cb * 2 <= s->f->size)
			ev = xasprintf("; clang-19's optimizer already removed %lld of %lld bytes of "
				       "the zeroing", s->f->size - cb, s->f->size);
		else if (cb >= 0)
			ev = xasprintf("; clang-19 keeps %lld of %lld bytes of the zeroing, which "
				       "the attribute removes", cb, s->f->size);
		why = xasprintf("uninitialized: %s%s%s%s%s", s->da_why, fill, ev ? ev : "",
				s->no_hoist ? "; not hoisted: " : "", s->no_hoist ? s->no_hoist : "");
	}
	free(fill);
	free(ev);
	return why;
}

static bool dir_empty_or_missing(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool empty = true;

	if (!d)
		return errno == ENOENT;
	while (empty && (e = readdir(d)))
		empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
	closedir(d);
	return empty;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void outcome_release(struct fix_outcome *out)
{
	free(out->reason);
	free(out->moved);
	free(out->moved_from);
	free(out->moved_to);
	free(out->included);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* Each hoisted site of group @g: the field its group added and what place did for it. */
static void note_placement(struct fixer *x, size_t g, const struct site *first,
			   const struct fix_outcome *out)
{
	for (size_t k = 0; first && first->strategy == ZT_FIX_HOIST && k < x->plan.n_sites; k++) {
		const struct site *s = &x->plan.sites[k];
		struct zt_fix_item *it = &x->r->items[s->item];

		if (s->group != g || !s->applied || s->refusal || s->strategy != ZT_FIX_HOIST)
			continue;
		it->owner = dup_or_null(first->owner_type);
		it->after = dup_or_null(first->anchor);
		it->moved_from = dup_or_null(out->moved_from);
		it->moved_to = dup_or_null(out->moved_to);
		it->moved = dup_or_null(out->moved);
		it->included = dup_or_null(out->included);
	}
}

/* A group went through: what it compiled, and the field it added (the first one). */
static void take_outcome(struct fixer *x, size_t g, const struct site *first,
			 struct fix_outcome *out)
{
	struct zt_fix_result *r = x->r;

	note_placement(x, g, first, out);
	r->n_compiled += out->n_compiled;
	r->sparse_ran |= out->sparse_ran;
	r->sparse_before += out->sparse_before;
	r->sparse_after += out->sparse_after;
}

/* A step failed: the group's sites not refused on their own are refused with it. */
static int refuse_group(struct fixer *x, size_t g, const struct fix_outcome *out,
			const struct zt_shadow_mark *m)
{
	char *reason = unshadow(x, out->reason);

	for (size_t k = 0; k < x->plan.n_sites; k++) {
		struct site *s = &x->plan.sites[k];

		if (s->group != g || s->refusal)
			continue;
		s->refusal = xasprintf("step '%s': %s", out->step, reason);
		s->step = out->step;
		s->applied = false;
	}
	free(reason);
	if (zt_shadow_restore(&x->sh, m))
		return run_fail(x, "restore", "%s", zt_last_error());
	return 0;
}

/*
 * auto: a hoist group failed a step (its owner's header does not take the
 * definition, spatch ...): each of its sites gets the other strategy, in a
 * group of its own, run after the others; definite assignment already proved
 * it (the plan asks it for both).
 */
static int hoist_failed(struct fixer *x, size_t g, const struct fix_outcome *out,
			const struct zt_shadow_mark *m)
{
	char *reason = unshadow(x, out->reason);

	for (size_t k = 0; k < x->plan.n_sites; k++) {
		struct site *s = &x->plan.sites[k];

		if (s->group != g || s->refusal)
			continue;
		s->strategy = ZT_FIX_UNINITIALIZED;
		s->applied = false;
		free(s->no_hoist);
		s->no_hoist = xasprintf("the hoist failed at step '%s': %s", out->step, reason);
		s->group = x->plan.n_groups++;
	}
	free(reason);
	if (zt_shadow_restore(&x->sh, m))
		return run_fail(x, "restore", "%s", zt_last_error());
	return 0;
}

/* One group, on its own, through rewrite, place and verify: applied, or refused. */
static int run_group(struct fixer *x, size_t g)
{
	const struct fix_plan *p = &x->plan;
	struct fix_outcome out = { 0 };
	const struct site *first = NULL;
	struct zt_shadow_mark m;
	int ret = 0;

	zt_shadow_mark(&x->sh, &m);
	for (size_t k = 0; k < p->n_sites && !out.step; k++) {
		struct site *s = &p->sites[k];

		if (s->group != g)
			continue;
		fix_rewrite_site(&x->rw, s, k, &out);
		if (s->applied && !first)
			first = s;
	}
	if (!out.step && first && first->strategy == ZT_FIX_HOIST)
		fix_place_group(&x->env, first, &out);
	if (!out.step && first)
		fix_verify_group(&x->env, p->sites, p->n_sites, g, x->rw.attr, &m, &out);
	if (out.step && first && first->strategy == ZT_FIX_HOIST &&
	    x->env.o->strategy == ZT_FIX_AUTO)
		ret = hoist_failed(x, g, &out, &m);
	else if (out.step)
		ret = refuse_group(x, g, &out, &m);
	else
		take_outcome(x, g, first, &out);
	outcome_release(&out);
	zt_shadow_mark_release(&m);
	return ret;
}

/* opts->output_dir: a whole rewritten copy, for callers that build it (prove). */
static int materialize(struct fixer *x, const char *dir)
{
	char real[PATH_MAX];

	if (!dir_empty_or_missing(dir))
		return run_fail(x, "copy", "the output directory %s must not exist or be empty",
				  dir);
	if ((mkdir(dir, 0755) && errno != EEXIST) || !realpath(dir, real))
		return run_fail(x, "copy", "cannot create %s: %s", dir, strerror(errno));
	if (zt_fix_copy_tree(x->src, real, real))
		return run_fail(x, "copy", "%s", zt_last_error());
	for (size_t i = 0; i < x->r->n_changed; i++) {
		char *text = zt_shadow_read(&x->sh, x->r->changed[i]);
		char *p = path_in(real, x->r->changed[i]);
		int bad = !text || zt_write_file(p, text, strlen(text));

		free(text);
		free(p);
		if (bad)
			return run_fail(x, "copy", "cannot write %s into %s", x->r->changed[i],
					  real);
	}
	return 0;
}

/* Missing tools fail the run before anything: never a silent skip. */
static int have_tools(struct fixer *x)
{
	if (!zt_have_program("spatch"))
		return run_fail(x, "plan", "spatch is not installed (Debian package coccinelle)");
	if (x->env.o->sparse && !zt_have_program("sparse"))
		return run_fail(x, "plan", "sparse is not installed (Debian package sparse); "
				  "--no-sparse skips the comparison");
	return 0;
}

/* The report, from the plan's refusals and what each site's group made of it. */
static void report(struct fixer *x, int ret)
{
	const struct zt_findings *fs = x->fs;
	const struct fix_plan *p = &x->plan;
	struct zt_fix_result *r = x->r;

	for (size_t i = 0; i < p->n_findings; i++)
		if (p->refusal[i]) {
			r->items[i].status = ZT_FIX_REFUSED;
			r->items[i].reason = xstrdup(p->refusal[i]);
		}
	for (size_t k = 0; k < p->n_sites; k++) {
		const struct site *s = &p->sites[k];
		struct zt_fix_item *it = &r->items[s->item];

		it->sp_file = s->sp_file ? xstrdup(s->sp_file) : NULL;
		if (s->refusal) {
			it->status = ZT_FIX_REFUSED;
			it->reason = xstrdup(s->refusal);
			it->step = s->step;
		} else if (!ret && s->applied) {
			/* A failed run applies nothing: the tree stays as it was. */
			it->status = ZT_FIX_APPLIED;
			it->why = why_of(s);
			it->strategy = s->strategy;
		}
	}
	for (size_t i = 0; i < fs->n; i++) {
		size_t j = fix_duplicate_of(fs, i);

		if (j != i) {
			r->items[i].status = r->items[j].status;
			r->items[i].step = r->items[j].step;
			r->items[i].reason = r->items[j].reason ? xstrdup(r->items[j].reason) : NULL;
			r->items[i].why = r->items[j].why ? xstrdup(r->items[j].why) : NULL;
			r->items[i].duplicate_of = j + 1;
			r->items[i].strategy = r->items[j].strategy;
			r->items[i].owner = dup_or_null(r->items[j].owner);
			r->items[i].after = dup_or_null(r->items[j].after);
			r->items[i].moved_from = dup_or_null(r->items[j].moved_from);
			r->items[i].moved_to = dup_or_null(r->items[j].moved_to);
			r->items[i].moved = dup_or_null(r->items[j].moved);
			r->items[i].included = dup_or_null(r->items[j].included);
		}
		r->n_refused += r->items[i].status == ZT_FIX_REFUSED;
		r->n_applied += r->items[i].status == ZT_FIX_APPLIED;
	}
}

/* rules/kernel.conf from @rules_dir (NULL: the data directory's), as check reads it. */
static int load_kernel_rules(const char *rules_dir, struct zt_kernel_rules *kernel)
{
	char *path = rules_dir ? xasprintf("%s/kernel.conf", rules_dir) : NULL;
	int ret = zt_kernel_rules_load(path, kernel);

	free(path);
	return ret;
}

/* The tree read-locked, the tools and helpers found, the scratch copy opened. */
static int fixer_open(struct fixer *x)
{
	const struct zt_fix_opts *opts = x->env.o;
	struct zt_fix_result *r = x->r;

	r->tree_lock = zt_fix_lock_tree(x->src, LOCK_SH);
	if (r->tree_lock < 0)
		return run_fail(x, "plan", "%s", zt_last_error());
	r->have_tree_lock = true;
	if (have_tools(x))
		return -1;
	x->helpers = zt_da_helpers_load(opts->rules_dir);
	if (!x->helpers)
		return run_fail(x, "plan", "%s", zt_last_error());
	if (load_kernel_rules(opts->rules_dir, &x->kernel))
		return run_fail(x, "plan", "%s", zt_last_error());
	x->env.kernel = &x->kernel;
	if (zt_shadow_open(&x->sh, x->src))
		return run_fail(x, "plan", "%s", zt_last_error());
	r->scratch_root = xstrdup(x->sh.root);
	r->scratch_tree = xstrdup(x->sh.tree);
	r->source_root = xstrdup(x->src);
	x->build = (struct zt_fix_build){ .db = opts->db, .cflags = opts->cflags, .sh = &x->sh,
					  .timeout_ms = x->env.timeout, .jobs = opts->jobs };
	x->env.src = x->src;
	x->env.sh = &x->sh;
	x->env.build = &x->build;
	return 0;
}

/* The planned sites rewritten, group by group. */
static int rewrite_sites(struct fixer *x)
{
	char *why = NULL;
	int ret = 0;

	if (fix_rewriter_open(&x->rw, &x->env, &why)) {
		ret = run_fail(x, "spatch", "%s", why);
		free(why);
		return ret;
	}
	for (size_t g = 0; g < x->plan.n_groups && !ret; g++)
		ret = run_group(x, g);
	return ret;
}

/* The files of the scratch copy that differ from the tree's, sorted. */
static void collect_changed(struct fixer *x)
{
	struct zt_fix_result *r = x->r;

	for (size_t i = 0; i < x->sh.n_files; i++) {
		if (!zt_shadow_changed(&x->sh, x->sh.files[i]))
			continue;
		ZT_ALLOC_GROW(r->changed, r->n_changed + 1, r->alloc_changed);
		r->changed[r->n_changed++] = xstrdup(x->sh.files[i]);
	}
	if (r->n_changed)
		qsort(r->changed, r->n_changed, sizeof(char *), cmp_str);
}

static void fixer_release(struct fixer *x)
{
	fix_plan_release(&x->plan);
	fix_rewriter_release(&x->rw);
	zt_da_helpers_free(x->helpers);
	zt_kernel_rules_release(&x->kernel);
	free(x->src);
	/* The rewritten files stay for zt_fix_diff()/write-back; release removes them. */
	for (size_t i = 0; i < x->sh.n_files; i++)
		free(x->sh.files[i]);
	free(x->sh.files);
	free(x->sh.src);
	free(x->sh.root);
	free(x->sh.tree);
}

/* plan, then each group through rewrite, place and verify; the report from their results. */
int zt_fix_tree(struct zt_ctx *ctx, const struct zt_fix_opts *opts,
		const struct zt_findings *fs, struct zt_fix_result *r)
{
	struct fixer x = { .env = { .ctx = ctx, .o = opts }, .fs = fs, .r = r };
	char real[PATH_MAX];
	int ret = -1;

	memset(r, 0, sizeof(*r));
	x.env.timeout = opts->timeout_ms ? opts->timeout_ms : DEFAULT_TIMEOUT_MS;
	r->n_items = fs->n;
	r->items = xcalloc(fs->n ? fs->n : 1, sizeof(*r->items));
	for (size_t i = 0; i < fs->n; i++)
		r->items[i].finding = i;

	if (!opts->source_dir || !realpath(opts->source_dir, real))
		return run_fail(&x, "plan", "cannot resolve the source tree %s: %s",
				opts->source_dir ? opts->source_dir : "(none)", strerror(errno));
	x.src = xstrdup(real);
	if (fixer_open(&x))
		goto out;
	fix_plan(&x.env, fs, x.helpers, &x.plan);
	/*
	 * The plan's ASTs are gone, but the allocator keeps their pages: give
	 * them back before the compilers and spatch run beside us.
	 */
	malloc_trim(0);
	if (x.plan.n_sites && rewrite_sites(&x))
		goto out;
	collect_changed(&x);
	if (opts->output_dir && materialize(&x, opts->output_dir))
		goto out;
	ret = 0;
out:
	report(&x, ret);
	fixer_release(&x);
	return ret;
}

void zt_fix_result_release(struct zt_fix_result *r)
{
	if (r->have_tree_lock)
		close(r->tree_lock);
	r->have_tree_lock = false;
	if (r->scratch_root) {
		struct zt_shadow sh = { .root = r->scratch_root };

		r->scratch_root = NULL;
		zt_shadow_close(&sh);
	}
	free(r->scratch_tree);
	free(r->source_root);
	for (size_t i = 0; i < r->n_items; i++) {
		free(r->items[i].reason);
		free(r->items[i].why);
		free(r->items[i].sp_file);
		free(r->items[i].owner);
		free(r->items[i].after);
		free(r->items[i].moved_from);
		free(r->items[i].moved_to);
		free(r->items[i].moved);
		free(r->items[i].included);
	}
	free(r->items);
	free_list(r->changed, r->n_changed);
	free(r->failure);
	memset(r, 0, sizeof(*r));
}
