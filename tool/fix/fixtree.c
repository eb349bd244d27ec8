// SPDX-License-Identifier: GPL-2.0-only
/* Rewrite a copy of the tree, verify it, and only then hand it back. */
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
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmdline.h"
#include "cocci.h"
#include "fix_internal.h"
#include "fixtext.h"
#include "fixer_int.h"
#include "fixtree.h"
#include "placement.h"
#include "process.h"
#include "shadow.h"
#include "verify.h"

#define DEFAULT_TIMEOUT_MS 120000

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

const char *zt_fix_strategy_name(enum zt_fix_strategy s)
{
	switch (s) {
	case ZT_FIX_HOIST:
		return "hoist";
	case ZT_FIX_UNINITIALIZED:
		return "uninitialized";
	default:
		return "auto";
	}
}

const char *zt_fix_status_name(enum zt_fix_status s)
{
	switch (s) {
	case ZT_FIX_APPLIED:
		return "applied";
	case ZT_FIX_REFUSED:
		return "refused";
	default:
		return "not-applicable";
	}
}

int fixer_fail(struct fixer *x, const char *step, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	if (x->in_group) {
		/* One finding (or group) fails, not the run: it is refused with this. */
		if (!x->g_step) {
			x->g_step = step;
			x->g_reason = unshadow(x, msg);
			free(msg);
		} else {
			free(msg);
		}
		return -1;
	}
	if (!x->r->failed_step) {
		x->r->failed_step = step;
		x->r->failure = msg;
	} else {
		free(msg);
	}
	return error("fix: step '%s' failed: %s", step, x->r->failure);
}

static char *why_of(struct fixer *x, const struct site *s)
{
	json_t *evj = json_object_get(s->f->details, "evidence");
	long long cb = jint(json_object_get(evj, "clang"), "bytes", -1);
	char *fill = s->fill ? xasprintf("; %s() writes it first on every path", s->fill) :
		     xstrdup("");
	const char *init = jstr(json_object_get(s->f->details, "decl"), "explicit_init");
	char *why, *ev = NULL;

	(void)x;
	if (init) {
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

/* ---- verify: spatch exits 0 when nothing matched ------------------------------ */

static bool contains(const char *b, const char *e, const char *needle)
{
	return memmem(b, (size_t)(e - b), needle, strlen(needle)) != NULL;
}

static size_t count_in(const char *b, const char *e, const char *needle)
{
	size_t n = 0, l = strlen(needle);

	for (const char *p = memmem(b, (size_t)(e - b), needle, l); p;
	     p = memmem(p + l, (size_t)(e - p - l), needle, l))
		n++;
	return n;
}

/*
 * An array's declaration in [@b, @e): 1 when it reads "VAR[SIZE] ATTR;",
 * 0 when it still reads "VAR[SIZE];" or "VAR[SIZE] = ...", -1 when absent.
 * SIZE is whatever the source spells (a macro, an expression).
 */
static int array_decl(const char *b, const char *e, const char *var, const char *attr)
{
	size_t n = strlen(var), na = strlen(attr);

	for (const char *p = memmem(b, (size_t)(e - b), var, n); p;
	     p = memmem(p + n, (size_t)(e - p - n), var, n)) {
		const char *q = p + n, *close;

		if ((p > b && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) || *q != '[')
			continue;
		close = memchr(q, ']', (size_t)(e - q));
		if (!close || memchr(q, ';', (size_t)(close - q)))
			continue;
		for (q = close + 1; q < e && (*q == ' ' || *q == '\t'); q++)
			;
		if (q < e && (*q == ';' || *q == '='))
			return 0;
		if ((size_t)(e - q) > na && !strncmp(q, attr, na) && q[na] == ';')
			return 1;
	}
	return -1;
}

static bool rewritten(const struct site *s, const char *attr, const char *b, const char *e)
{
	char *want, *old;
	bool ok;

	if (zt_array_elem_len(s->type))
		return s->strategy == ZT_FIX_UNINITIALIZED && array_decl(b, e, s->var, attr) == 1;
	if (s->strategy == ZT_FIX_HOIST)
		want = xasprintf("%s *%s = &%s->%s;", s->type, s->var, s->owner_param, s->var);
	else
		want = xasprintf("%s %s %s;", s->type, s->var, attr);
	old = xasprintf("%s %s;", s->type, s->var);
	ok = contains(b, e, want) && !contains(b, e, old);
	free(want);
	free(old);
	return ok;
}

static int verify(struct fixer *x, size_t g)
{
	for (size_t k = 0; k < x->n_sites; k++) {
		struct site *s = &x->sites[k];
		char *text, *old;
		const char *b, *e;
		bool ok;

		if (!s->applied || s->group != g)
			continue;
		text = zt_shadow_read(&x->sh, s->rel);
		ok = text && zt_function_body(text, s->f->function, &b, &e) &&
		     rewritten(s, x->attr, b, e);
		free(text);
		if (!ok)
			return fixer_fail(x, "verify", "the rewrite of %s in %s (%s:%u) is missing: "
					  "spatch matched nothing there (does the function parse? see "
					  "spatch --parse-c %s)",
					  s->var, s->f->function, s->rel, s->f->line, s->rel);
		if (s->strategy == ZT_FIX_HOIST) {
			size_t n = 0;

			old = xasprintf("%s %s;", s->type, s->var);
			text = zt_shadow_read(&x->sh, s->owner_rel);
			b = text ? zt_find_definition(text, s->owner_type) : NULL;
			e = b ? zt_match_brace(strchr(b, '{')) : NULL;
			if (e)
				n = count_in(b, e, old);
			free(text);
			if (n != 1) {
				fixer_fail(x, "verify",
					   "%s should hold one '%s' after the rewrite, it holds %zu",
					   s->owner_type, old, n);
				free(old);
				return -1;
			}
			free(old);
		}
	}
	return 0;
}

/* ---- compile and sparse ------------------------------------------------------ */

static int site_cmp(const void *pa, const void *pb)
{
	const struct site *a = pa, *b = pb;
	int c = strcmp(a->rel, b->rel);

	if (c)
		return c;
	return a->f->line > b->f->line ? -1 : a->f->line < b->f->line;
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

/* Findings that add one field (same owner, type and name) go together. */
static void make_groups(struct fixer *x)
{
	size_t n = 0;

	for (size_t k = 0; k < x->n_sites; k++) {
		struct site *s = &x->sites[k];
		size_t j;

		bool hoist = s->strategy == ZT_FIX_HOIST;

		for (j = 0; hoist && j < k; j++)
			if (x->sites[j].strategy == ZT_FIX_HOIST &&
			    !strcmp(x->sites[j].owner_type, s->owner_type) &&
			    !strcmp(x->sites[j].type, s->type) && !strcmp(x->sites[j].var, s->var))
				break;
		s->group = hoist && j < k ? x->sites[j].group : n++;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files the group rewrote: those changed since @m. */
static void changed_since(struct fixer *x, const struct zt_shadow_mark *m, char ***v, size_t *n)
{
	for (size_t i = 0; i < x->sh.n_files; i++) {
		const char *rel = x->sh.files[i];
		char *now = zt_shadow_read(&x->sh, rel), *then = NULL;

		for (size_t j = 0; j < m->n; j++)
			if (!strcmp(m->rel[j], rel))
				then = m->text[j] ? xstrdup(m->text[j]) : NULL;
		if (!then)
			then = zt_shadow_read_orig(&x->sh, rel);
		if (!now || !then || strcmp(now, then)) {
			*v = xrealloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = xstrdup(rel);
		}
		free(now);
		free(then);
	}
}

/* The owner sees the type it now embeds: nothing, an #include, or a move. */
static int place_group(struct fixer *x, const struct site *s)
{
	char **args = zt_fix_clang_args(&x->build, s->rel);
	char *abs = path_in(x->src, s->rel), *reason = NULL, *moved = NULL;
	struct zt_place p;
	int ret;

	ret = zt_place_decide(x->src, abs, args, s->owner_type, s->type, &p, &reason);
	zt_argv_free(args);
	free(abs);
	if (ret) {
		fixer_fail(x, "place", "%s", reason);
		free(reason);
		return -1;
	}
	ret = zt_place_apply(&x->sh, &p, s->owner_type, s->type, &moved, &reason);
	if (ret) {
		fixer_fail(x, "place", "%s", reason);
	} else if (moved) {
		/* Reported once the group is verified (run_group). */
		x->g_moved = moved;
		x->g_moved_from = xstrdup(p.type_rel);
		x->g_moved_to = xstrdup(p.owner_rel);
		moved = NULL;
	} else if (p.action == ZT_PLACE_INCLUDE) {
		x->g_included = xasprintf("%s: #include %s in %s", s->type, p.include,
					  p.owner_rel);
	}
	free(moved);
	free(reason);
	zt_place_release(&p);
	return ret;
}

/* The TUs with a rewritten .c file: where sparse looks (see docs/fix.md). */
static void sparse_tus(char **tus, size_t n, char *const *changed, size_t nc, char ***v,
		       size_t *nv)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < nc; j++)
			if (!strcmp(tus[i], changed[j])) {
				*v = xrealloc(*v, (*nv + 1) * sizeof(**v));
				(*v)[(*nv)++] = tus[i];
			}
	if (!*nv && n) {
		*v = xrealloc(*v, sizeof(**v));
		(*v)[(*nv)++] = tus[0];
	}
}

/* Verify, compile and sparse what the group changed. */
static int check_group(struct fixer *x, size_t g, const struct zt_shadow_mark *m)
{
	char **changed = NULL, **tus = NULL, **sp = NULL, *why = NULL;
	size_t nc = 0, nt = 0, ns = 0;
	int ret = -1;

	if (verify(x, g))
		goto out;
	changed_since(x, m, &changed, &nc);
	zt_fix_affected_tus(&x->build, changed, nc, &tus, &nt);
	if (zt_fix_compile(&x->build, tus, nt, &why)) {
		fixer_fail(x, "compile", "%s", why);
		goto out;
	}
	if (x->o->sparse) {
		size_t before = 0, after = 0;

		sparse_tus(tus, nt, changed, nc, &sp, &ns);
		if (zt_fix_sparse(&x->build, sp, ns, &before, &after, &why)) {
			fixer_fail(x, "sparse", "%s", why);
			goto out;
		}
		x->r->sparse_ran = true;
		x->r->sparse_before += before;
		x->r->sparse_after += after;
	}
	x->r->n_compiled += nt;
	ret = 0;
out:
	for (size_t i = 0; i < nc; i++)
		free(changed[i]);
	free(changed);
	zt_argv_free(tus ? (tus = xrealloc(tus, (nt + 1) * sizeof(*tus)), tus[nt] = NULL, tus) :
			   NULL);
	free(sp);
	free(why);
	return ret;
}

/* One group, on its own: applied, or refused with its step and reason. */
static int run_group(struct fixer *x, size_t g)
{
	struct zt_shadow_mark m;
	const struct site *first = NULL;
	int ret = 0;

	zt_shadow_mark(&x->sh, &m);
	x->in_group = true;
	for (size_t k = 0; k < x->n_sites && !x->g_step; k++) {
		struct site *s = &x->sites[k];

		if (s->group != g)
			continue;
		if (s->strategy == ZT_FIX_HOIST && !s->anchor) {
			char *o = zt_shadow_read(&x->sh, s->owner_rel);

			s->anchor = o ? fixer_default_anchor(o, s->owner_type, s->type) : NULL;
			free(o);
		}
		fixer_apply_one(x, k);
		if (s->applied && !first)
			first = s;
	}
	if (!x->g_step && first && first->strategy == ZT_FIX_HOIST)
		place_group(x, first);
	if (!x->g_step && first)
		check_group(x, g, &m);
	x->in_group = false;
	if (x->g_step) {
		for (size_t k = 0; k < x->n_sites; k++) {
			struct site *s = &x->sites[k];

			if (s->group != g || x->r->items[s->item].status == ZT_FIX_REFUSED)
				continue;
			fixer_refuse(x, s->item, "step '%s': %s", x->g_step, x->g_reason);
			x->r->items[s->item].step = x->g_step;
			s->applied = false;
		}
		if (zt_shadow_restore(&x->sh, &m))
			ret = fixer_fail(x, "restore", "%s", zt_last_error());
		free(x->g_reason);
		x->g_reason = NULL;
		x->g_step = NULL;
	} else if (first && first->strategy == ZT_FIX_HOIST && !x->r->field) {
		if (x->g_moved) {
			x->r->moved = x->g_moved;
			x->r->moved_from = x->g_moved_from;
			x->r->moved_to = x->g_moved_to;
			x->g_moved = x->g_moved_from = x->g_moved_to = NULL;
		}
		x->r->included = x->g_included;
		x->g_included = NULL;
		x->r->field = xasprintf("%s: %s %s %s%s", first->owner_type, first->type,
					first->var, first->anchor ? "after " : "at the end",
					first->anchor ? first->anchor : "");
		x->r->field_owner = xstrdup(first->owner_type);
		x->r->field_after = first->anchor ? xstrdup(first->anchor) : NULL;
	}
	free(x->g_moved);
	free(x->g_moved_from);
	free(x->g_moved_to);
	free(x->g_included);
	x->g_moved = x->g_moved_from = x->g_moved_to = x->g_included = NULL;
	zt_shadow_mark_release(&m);
	return ret;
}

/* The same finding twice (same fingerprint): planned once, reported for both. */
static size_t duplicate_of(const struct zt_findings *fs, size_t i)
{
	const char *fp = fs->v[i].fingerprint;

	for (size_t j = 0; fp && fp[0] && j < i; j++)
		if (fs->v[j].fingerprint && !strcmp(fs->v[j].fingerprint, fp))
			return j;
	return i;
}

/* opts->output_dir: a whole rewritten copy, for callers that build it (prove). */
static int materialize(struct fixer *x, const char *dir)
{
	char real[PATH_MAX];

	if (!dir_empty_or_missing(dir))
		return fixer_fail(x, "copy", "the output directory %s must not exist or be empty",
				  dir);
	if ((mkdir(dir, 0755) && errno != EEXIST) || !realpath(dir, real))
		return fixer_fail(x, "copy", "cannot create %s: %s", dir, strerror(errno));
	if (zt_fix_copy_tree(x->src, real, real))
		return fixer_fail(x, "copy", "%s", zt_last_error());
	for (size_t i = 0; i < x->r->n_changed; i++) {
		char *text = zt_shadow_read(&x->sh, x->r->changed[i]);
		char *p = path_in(real, x->r->changed[i]);
		int bad = !text || zt_write_file(p, text, strlen(text));

		free(text);
		free(p);
		if (bad)
			return fixer_fail(x, "copy", "cannot write %s into %s", x->r->changed[i],
					  real);
	}
	return 0;
}

/* Missing tools fail the run before anything: never a silent skip. */
static int have_tools(struct fixer *x)
{
	if (!zt_have_program("spatch"))
		return fixer_fail(x, "plan", "spatch is not installed (Debian package coccinelle)");
	if (x->o->sparse && !zt_have_program("sparse"))
		return fixer_fail(x, "plan", "sparse is not installed (Debian package sparse); "
				  "--no-sparse skips the comparison");
	return 0;
}

/* Where the instantiated semantic patches go, and the strategy's template. */
static int prepare_rewrite(struct fixer *x)
{
	const struct zt_fix_opts *opts = x->o;
	char real[PATH_MAX];

	if (opts->emit_dir) {
		if ((mkdir(opts->emit_dir, 0755) && errno != EEXIST) ||
		    !realpath(opts->emit_dir, real))
			return fixer_fail(x, "spatch", "cannot create %s: %s", opts->emit_dir,
					  strerror(errno));
		x->spdir = xstrdup(real);
	} else {
		x->spdir = xasprintf("%s/cocci", x->sh.root);
		if (mkdir(x->spdir, 0700))
			return fixer_fail(x, "spatch", "cannot create %s: %s", x->spdir,
					  strerror(errno));
	}
	x->tmpl[ZT_FIX_HOIST] = zt_cocci_load_template(opts->rules_dir, "hoist-to-queue");
	x->tmpl[ZT_FIX_UNINITIALIZED] = zt_cocci_load_template(opts->rules_dir, "uninitialized");
	if (!x->tmpl[ZT_FIX_HOIST] || !x->tmpl[ZT_FIX_UNINITIALIZED])
		return fixer_fail(x, "spatch", "%s", zt_last_error());
	return 0;
}

/* Each item's status once the run is over; duplicates copy their original's. */
static void finish_items(struct fixer *x, int ret)
{
	const struct zt_findings *fs = x->fs;
	struct zt_fix_result *r = x->r;

	for (size_t k = 0; k < x->n_sites; k++) {
		/* A failed run applies nothing: the tree stays as it was. */
		if (!ret && x->sites[k].applied &&
		    r->items[x->sites[k].item].status != ZT_FIX_REFUSED) {
			r->items[x->sites[k].item].status = ZT_FIX_APPLIED;
			r->items[x->sites[k].item].why = why_of(x, &x->sites[k]);
			r->items[x->sites[k].item].strategy = x->sites[k].strategy;
		}
		fixer_site_release(&x->sites[k]);
	}
	for (size_t i = 0; i < fs->n; i++) {
		size_t j = duplicate_of(fs, i);

		if (j != i) {
			r->items[i].status = r->items[j].status;
			r->items[i].step = r->items[j].step;
			r->items[i].reason = r->items[j].reason ? xstrdup(r->items[j].reason) : NULL;
			r->items[i].why = r->items[j].why ? xstrdup(r->items[j].why) : NULL;
			r->items[i].duplicate_of = j + 1;
			r->items[i].strategy = r->items[j].strategy;
		}
		r->n_refused += r->items[i].status == ZT_FIX_REFUSED;
		r->n_applied += r->items[i].status == ZT_FIX_APPLIED;
	}
}

/* The tree read-locked, the tools and helpers found, the scratch copy opened. */
static int fixer_open(struct fixer *x)
{
	const struct zt_fix_opts *opts = x->o;
	struct zt_fix_result *r = x->r;

	r->tree_lock = zt_fix_lock_tree(x->src, LOCK_SH);
	if (r->tree_lock < 0)
		return fixer_fail(x, "plan", "%s", zt_last_error());
	r->have_tree_lock = true;
	if (have_tools(x))
		return -1;
	x->helpers = zt_da_helpers_load(opts->rules_dir);
	if (!x->helpers)
		return fixer_fail(x, "plan", "%s", zt_last_error());
	if (zt_shadow_open(&x->sh, x->src))
		return fixer_fail(x, "plan", "%s", zt_last_error());
	r->scratch_root = xstrdup(x->sh.root);
	r->scratch_tree = xstrdup(x->sh.tree);
	r->source_root = xstrdup(x->src);
	x->build = (struct zt_fix_build){ .db = opts->db, .cflags = opts->cflags, .sh = &x->sh,
					  .timeout_ms = x->timeout, .jobs = opts->jobs };
	return 0;
}

/* The planned sites rewritten, group by group. */
static int rewrite_sites(struct fixer *x)
{
	size_t n_groups = 0;

	if (prepare_rewrite(x))
		return -1;
	/*
	 * Positions are lines of the file as check saw it: per file, the last
	 * finding first, so a rewrite never shifts the lines of the next one.
	 */
	qsort(x->sites, x->n_sites, sizeof(*x->sites), site_cmp);
	make_groups(x);
	for (size_t k = 0; k < x->n_sites; k++)
		if (x->sites[k].group + 1 > n_groups)
			n_groups = x->sites[k].group + 1;
	for (size_t g = 0; g < n_groups; g++)
		if (run_group(x, g))
			return -1;
	return 0;
}

/* The files of the scratch copy that differ from the tree's, sorted. */
static void collect_changed(struct fixer *x)
{
	struct zt_fix_result *r = x->r;

	for (size_t i = 0; i < x->sh.n_files; i++) {
		if (!zt_shadow_changed(&x->sh, x->sh.files[i]))
			continue;
		r->changed = xrealloc(r->changed, (r->n_changed + 1) * sizeof(char *));
		r->changed[r->n_changed++] = xstrdup(x->sh.files[i]);
	}
	if (r->n_changed)
		qsort(r->changed, r->n_changed, sizeof(char *), cmp_str);
}

static void fixer_release(struct fixer *x)
{
	free(x->sites);
	free(x->spdir);
	free(x->tmpl[0]);
	free(x->tmpl[1]);
	zt_da_helpers_free(x->helpers);
	free(x->src);
	/* The rewritten files stay for zt_fix_diff()/write-back; release removes them. */
	for (size_t i = 0; i < x->sh.n_files; i++)
		free(x->sh.files[i]);
	free(x->sh.files);
	free(x->sh.src);
	free(x->sh.root);
	free(x->sh.tree);
}

int zt_fix_tree(struct zt_ctx *ctx, const struct zt_fix_opts *opts,
		const struct zt_findings *fs, struct zt_fix_result *r)
{
	struct fixer x = { .ctx = ctx, .o = opts, .fs = fs, .r = r };
	char real[PATH_MAX];
	int ret = -1;

	memset(r, 0, sizeof(*r));
	x.timeout = opts->timeout_ms ? opts->timeout_ms : DEFAULT_TIMEOUT_MS;
	r->n_items = fs->n;
	r->items = xcalloc(fs->n ? fs->n : 1, sizeof(*r->items));
	for (size_t i = 0; i < fs->n; i++)
		r->items[i].finding = i;

	if (!opts->source_dir || !realpath(opts->source_dir, real))
		return fixer_fail(&x, "plan", "cannot resolve the source tree %s: %s",
				  opts->source_dir ? opts->source_dir : "(none)", strerror(errno));
	x.src = xstrdup(real);
	if (fixer_open(&x))
		goto out;
	/* plan: the build's commands give the definite-assignment parse its flags */
	for (size_t i = 0; i < fs->n; i++)
		if (duplicate_of(fs, i) == i)
			fixer_plan_one(&x, i);
	if (x.n_sites && rewrite_sites(&x))
		goto out;
	collect_changed(&x);
	if (opts->output_dir && materialize(&x, opts->output_dir))
		goto out;
	ret = 0;
out:
	finish_items(&x, ret);
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
	free(r->included);
	for (size_t i = 0; i < r->n_items; i++) {
		free(r->items[i].reason);
		free(r->items[i].why);
		free(r->items[i].sp_file);
	}
	free(r->items);
	free_list(r->changed, r->n_changed);
	free(r->moved);
	free(r->field);
	free(r->field_owner);
	free(r->field_after);
	free(r->moved_from);
	free(r->moved_to);
	free(r->failure);
	memset(r, 0, sizeof(*r));
}
