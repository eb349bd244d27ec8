// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CI pipeline (see kbuild.h): per-TU results, the program-level analysis
 * over them, Kbuild's results file and the output stage of check, report and
 * merge.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parallel.h"
#include "baseline.h"
#include "emit.h"
#include "evidence.h"
#include "facts.h"
#include "check_pipeline.h"
#include "suppress.h"
#include "walk_workers.h"

static int cmd_cmp(const struct zt_compile_cmd *a, const struct zt_compile_cmd *b)
{
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (c)
		return c;
	c = strcmp(a->directory ? a->directory : "", b->directory ? b->directory : "");
	for (size_t i = 0; !c && i < a->argc && i < b->argc; i++)
		c = strcmp(a->argv[i], b->argv[i]);
	if (!c)
		c = (a->argc > b->argc) - (a->argc < b->argc);
	return c;
}

static int cmd_qcmp(const void *a, const void *b)
{
	return cmd_cmp(a, b);
}

void zt_ci_sort_compdb(struct zt_compdb *db)
{
	/* Equal commands are identical, so qsort's instability cannot show. */
	if (db->n > 1)
		qsort(db->v, db->n, sizeof(*db->v), cmd_qcmp);
}

static void tus_alloc(struct zt_ci_tus *tus, size_t n)
{
	memset(tus, 0, sizeof(*tus));
	tus->n = n;
	tus->v = xcalloc(n + 1, sizeof(*tus->v));
	tus->json = xcalloc(n + 1, sizeof(*tus->json));
	tus->key = xcalloc(n + 1, sizeof(*tus->key));
	tus->dirty = xcalloc(n + 1, sizeof(*tus->dirty));
}

void zt_ci_tus_release(struct zt_ci_tus *tus)
{
	for (size_t i = 0; i < tus->n; i++) {
		zt_tu_result_release(&tus->v[i]);
		json_decref(tus->json[i]);
		free(tus->key[i]);
	}
	free(tus->v);
	free(tus->json);
	free(tus->key);
	free(tus->dirty);
	memset(tus, 0, sizeof(*tus));
}

struct facts_job {
	struct zt_ci_tus *tus;
	const size_t *idx;		/* the TUs to do; NULL: all */
	const struct zt_cache *cache;
	const struct zt_kernel_rules *kernel;
	struct zt_facts_pool *pool;
};

static void facts_one(size_t i, void *arg)
{
	struct facts_job *job = arg;
	struct zt_tu_result *r;
	struct zt_facts_opts fo = { .kernel = job->kernel };

	i = job->idx ? job->idx[i] : i;
	r = &job->tus->v[i];

	if (job->cache && (job->tus->key[i] = zt_cache_key(job->cache, &r->cmd))) {
		struct zt_tu_result hit;

		if (zt_cache_get(job->cache, job->tus->key[i], &hit) == 1) {
			zt_tu_result_release(r);
			*r = hit;
			/* A failed evidence compile is retried, not remembered. */
			for (int c = 0; c < 2; c++) {
				free(r->ev_error[c]);
				r->ev_error[c] = NULL;
			}
			job->tus->json[i] = zt_tu_result_to_json(r);
			__atomic_add_fetch(&job->tus->reused, 1, __ATOMIC_RELAXED);
			return;
		}
	}
	zt_facts_pool_collect(job->pool, &r->cmd, &fo, &r->facts);
	job->tus->json[i] = zt_tu_result_to_json(r);
	/* A TU libclang could not parse at all is not worth keeping. */
	job->tus->dirty[i] = job->tus->key[i] && !r->facts.failed;
}

/* Parse (or take from the cache) the @n TUs @idx of @tus (all when @idx is NULL). */
static void collect_some(struct zt_ctx *ctx, struct zt_ci_tus *tus, const size_t *idx, size_t n,
			 const struct zt_ci_opts *o)
{
	struct facts_job job = {
		.tus = tus, .idx = idx, .cache = o->cache, .kernel = o->kernel,
	};

	/* in worker processes: a crash in one TU's walk loses that TU only */
	if (!getenv("ZT_WALK_IN_THREADS")) {
		zt_ci_collect_isolated(ctx, tus, idx, n, o);
		return;
	}
	job.pool = zt_facts_pool_new();
	zt_parallel_for(n, ctx->jobs, facts_one, &job);
	zt_facts_pool_free(job.pool);
}

int zt_ci_collect_facts(struct zt_ctx *ctx, const struct zt_compdb *db,
			const struct zt_ci_opts *o, struct zt_ci_tus *tus)
{
	tus_alloc(tus, db->n);
	for (size_t i = 0; i < db->n; i++)
		zt_compile_cmd_copy(&db->v[i], &tus->v[i].cmd);
	collect_some(ctx, tus, NULL, db->n, o);
	if (ctx->verbose)
		note("cache: %zu of %zu translation units reused%s", tus->reused, tus->n,
		     o->cache ? "" : " (caching off)");
	return 0;
}

/* The precise program of the parsed TUs, from copies of their facts (the TUs keep theirs). */
static void probe_program(const struct zt_ci_tus *tus, const bool *parsed,
			  const struct zt_ci_opts *o, struct zt_program *prog, size_t *tu_db)
{
	const struct zt_hot_opts hot = { .rules = o->rules, .kernel = o->kernel };
	size_t k = 0;

	zt_program_init(prog, o->kernel);
	for (size_t t = 0; t < tus->n; t++) {
		struct zt_tu_facts f = { 0 };

		if (!parsed[t])
			continue;
		if (!tus->json[t] ||
		    zt_facts_from_json(json_object_get(tus->json[t], "facts"), &f)) {
			zt_tu_facts_release(&f);
			memset(&f, 0, sizeof(f));
			f.file = xstrdup(tus->v[t].cmd.file);
			f.failed = true;
		}
		tu_db[k++] = t;
		zt_program_add_tu(prog, &f);
	}
	zt_program_finish(prog, &hot);
	/* --hot here without its warning: the real analysis gives it once */
	for (size_t i = 0; i < o->n_hot; i++)
		zt_program_add_root(prog, o->hot[i], "--hot");
	if (o->n_hot)
		zt_program_propagate(prog);
}

/* Keep the parsed TUs only, in their order. */
static void tus_compact(struct zt_ci_tus *tus, const bool *parsed)
{
	size_t k = 0;

	for (size_t t = 0; t < tus->n; t++) {
		if (!parsed[t]) {
			zt_tu_result_release(&tus->v[t]);
			json_decref(tus->json[t]);
			free(tus->key[t]);
			continue;
		}
		tus->v[k] = tus->v[t];
		tus->json[k] = tus->json[t];
		tus->key[k] = tus->key[t];
		tus->dirty[k] = tus->dirty[t];
		k++;
	}
	tus->n = k;
}

static void prepass_stats(const struct zt_prepass *pp, const enum zt_prepass_why *why,
			  struct zt_ci_prefilter *pf)
{
	for (size_t t = 0; t < pp->n_tus; t++)
		pf->why[why[t]]++;
	pf->parsed = pp->n_tus - pf->why[ZT_PP_SKIP];
	pf->files_read = pp->n_files;
	pf->headers_read = pp->n_headers;
	pf->bytes_read = pp->n_main_bytes + pp->n_header_bytes;
	pf->fcall_sites = pp->n_fcall_sites;
	pf->fcall_typed = pp->n_fcall_typed;
	pf->store_sites = pp->n_store_sites;
	pf->store_typed = pp->n_store_typed;
	memcpy(pf->given, pp->n_given, sizeof(pf->given));
	pf->kernel_headers = pp->n_kheaders;
	pf->kernel_bytes = pp->n_kernel_bytes;
}

int zt_ci_collect_facts_prefiltered(struct zt_ctx *ctx, const struct zt_compdb *db,
				    const struct zt_ci_opts *o, struct zt_ci_tus *tus,
				    struct zt_ci_prefilter *pf)
{
	struct zt_prepass pp;
	enum zt_prepass_why *why;
	bool *parsed;
	size_t *idx, *tu_db;

	memset(pf, 0, sizeof(*pf));
	pf->n_tus = db->n;
	if (!o->prefilter) {
		pf->off_why = "--prefilter=off";
		pf->parsed = db->n;
		return zt_ci_collect_facts(ctx, db, o, tus);
	}
	pf->on = true;
	zt_prepass_build(&pp, db, o->kernel, o->rules, o->hot, o->n_hot);
	why = xcalloc(db->n + 1, sizeof(*why));
	parsed = xcalloc(db->n + 1, sizeof(*parsed));
	idx = xcalloc(db->n + 1, sizeof(*idx));
	tu_db = xcalloc(db->n + 1, sizeof(*tu_db));
	zt_prepass_classify(&pp, why);
	tus_alloc(tus, db->n);
	for (size_t i = 0; i < db->n; i++)
		zt_compile_cmd_copy(&db->v[i], &tus->v[i].cmd);
	/* Parse what is needed, ask the precise graph what else it needs, until nothing. */
	for (;;) {
		struct zt_program prog;
		size_t n = 0;

		for (size_t t = 0; t < db->n; t++)
			if (why[t] != ZT_PP_SKIP && !parsed[t])
				idx[n++] = t;
		if (!n)
			break;
		pf->rounds++;
		collect_some(ctx, tus, idx, n, o);
		for (size_t i = 0; i < n; i++)
			parsed[idx[i]] = true;
		probe_program(tus, parsed, o, &prog, tu_db);
		zt_prepass_close(&pp, &prog, tu_db, &o->so, o->so.want_gcc || o->so.want_clang,
				 why);
		zt_program_release(&prog);
	}
	for (size_t t = 0; ctx->verbose > 1 && t < db->n; t++) {
		char *how = why[t] == ZT_PP_SKIP ? NULL : zt_prepass_explain(&pp, t);

		note("pre-pass: %s: %s%s%s", db->v[t].file, zt_prepass_why_name(why[t]),
		     how ? ": " : "", how ? how : "");
		free(how);
	}
	tus_compact(tus, parsed);
	prepass_stats(&pp, why, pf);
	if (ctx->verbose)
		note("pre-pass: %zu of %zu translation units parsed (%zu rounds), %zu skipped; "
		     "%zu files read (%zu headers, %zu KB)", pf->parsed, pf->n_tus, pf->rounds,
		     pf->why[ZT_PP_SKIP], pf->files_read, pf->headers_read, pf->bytes_read / 1024);
	if (ctx->verbose)
		note("pre-pass: struct visible for %zu of %zu field calls and %zu of %zu field "
		     "stores (the rest by field name); functions given to macros %zu, to "
		     "functions %zu, to names it cannot follow %zu (%zu kernel headers read for "
		     "their macros)", pf->fcall_typed, pf->fcall_sites, pf->store_typed,
		     pf->store_sites, pf->given[ZT_PP_GIVEN_MACRO],
		     pf->given[ZT_PP_GIVEN_FUNCTION], pf->given[ZT_PP_GIVEN_UNKNOWN],
		     pf->kernel_headers);
	if (ctx->verbose)
		note("cache: %zu of %zu translation units reused%s", tus->reused, tus->n,
		     o->cache ? "" : " (caching off)");
	zt_prepass_release(&pp);
	free(why);
	free(parsed);
	free(idx);
	free(tu_db);
	return 0;
}

void zt_ci_prefilter_report(json_t *run_info, const struct zt_ci_prefilter *pf)
{
	json_t *o = json_object(), *parsed = json_object();

	json_object_set_new(run_info, "files", json_integer((json_int_t)pf->n_tus));
	json_object_set_new(o, "enabled", json_boolean(pf->on));
	if (!pf->on)
		json_object_set_new(o, "off", json_string(pf->off_why ? pf->off_why : ""));
	json_object_set_new(o, "translation_units", json_integer((json_int_t)pf->n_tus));
	json_object_set_new(o, "parsed", json_integer((json_int_t)pf->parsed));
	json_object_set_new(o, "skipped", json_integer((json_int_t)(pf->n_tus - pf->parsed)));
	if (pf->on) {
		for (int w = 0; w < ZT_PP_WHY_COUNT; w++)
			if (w != ZT_PP_SKIP && pf->why[w])
				json_object_set_new(parsed, zt_prepass_why_name(w),
						    json_integer((json_int_t)pf->why[w]));
		json_object_set_new(o, "parsed_because", parsed);
		json_object_set_new(o, "skipped_because",
				    json_pack("{s:I}", zt_prepass_why_name(ZT_PP_SKIP),
					      (json_int_t)pf->why[ZT_PP_SKIP]));
		json_object_set_new(o, "rounds", json_integer((json_int_t)pf->rounds));
		json_object_set_new(o, "read",
				    json_pack("{s:I, s:I, s:I, s:I, s:I}", "files",
					      (json_int_t)pf->files_read, "headers",
					      (json_int_t)pf->headers_read, "bytes",
					      (json_int_t)pf->bytes_read, "kernel_headers",
					      (json_int_t)pf->kernel_headers, "kernel_bytes",
					      (json_int_t)pf->kernel_bytes));
		/* resolved by the struct the tokens show, or by field name alone */
		json_object_set_new(o, "field_calls",
				    json_pack("{s:I, s:I}", "by_struct",
					      (json_int_t)pf->fcall_typed, "by_name",
					      (json_int_t)(pf->fcall_sites - pf->fcall_typed)));
		json_object_set_new(o, "field_stores",
				    json_pack("{s:I, s:I}", "by_struct",
					      (json_int_t)pf->store_typed, "by_name",
					      (json_int_t)(pf->store_sites - pf->store_typed)));
		/* functions given to a callee: followed through a macro, a call, or not known */
		json_object_set_new(o, "given",
				    json_pack("{s:I, s:I, s:I}", "to_macros",
					      (json_int_t)pf->given[ZT_PP_GIVEN_MACRO],
					      "to_functions",
					      (json_int_t)pf->given[ZT_PP_GIVEN_FUNCTION], "unknown",
					      (json_int_t)pf->given[ZT_PP_GIVEN_UNKNOWN]));
	} else {
		json_decref(parsed);
	}
	json_object_set_new(run_info, "prefilter", o);
}

bool *zt_ci_tu_prefilter(const struct zt_ci_tus *tus, const struct zt_stack_opts *so)
{
	bool *want = xcalloc(tus->n + 1, sizeof(*want));

	/* The same test as the stack check's candidates, minus hotness. */
	for (size_t t = 0; t < tus->n; t++) {
		const struct zt_tu_facts *f = &tus->v[t].facts;

		for (size_t i = 0; i < f->n_funcs && !want[t]; i++) {
			const struct zt_function *fn = &f->funcs[i];

			for (size_t j = 0; j < fn->n_locals && fn->defined && !want[t]; j++) {
				const struct zt_local *l = &fn->locals[j];

				want[t] = !l->is_vla && l->size >= 0 && l->size >= so->min_size &&
					  !l->in_unlikely && l->init == ZT_INIT_NONE &&
					  !l->no_autoinit && so->checks.on[ZT_CHECK_STACK_AUTOINIT];
			}
		}
	}
	return want;
}

struct evidence_job {
	struct zt_ci_tus *tus;
	const bool *want;
	bool gcc, clang;
	bool from_build;	/* read what the build left, for the TU's own compiler */
	const char *scratch;
	bool *ran;
};

static void evidence_one(size_t i, void *arg)
{
	struct evidence_job *job = arg;
	size_t t = i / 2;
	bool gcc = !(i & 1);
	struct zt_tu_result *r = &job->tus->v[t];
	struct zt_evidence *ev = gcc ? &r->ev.gcc : &r->ev.clang;
	bool *have = gcc ? &r->ev.have_gcc : &r->ev.have_clang;
	bool was_quiet, failed;

	if (!job->want[t] || (gcc && !job->gcc) || (!gcc && !job->clang))
		return;
	if (job->from_build) {
		/* the files on disk, never the cache: they say whether they are current */
		if (zt_compdb_compiler(&r->cmd) != (gcc ? ZT_CC_GCC : ZT_CC_CLANG))
			return;
		if (*have)
			zt_evidence_release(ev);
		*have = false;
	} else if (*have) {
		return;
	}
	job->ran[t] = true;
	/* a failure is said once, as the warning of zt_ci_analyse() */
	was_quiet = zt_quiet_errors(true);
	failed = job->from_build ?
			 zt_evidence_from_build(&r->cmd, gcc ? ZT_CC_GCC : ZT_CC_CLANG, ev) :
			 zt_evidence_collect(&r->cmd, gcc ? ZT_CC_GCC : ZT_CC_CLANG, job->scratch,
					     ev);
	zt_quiet_errors(was_quiet);
	if (failed) {
		r->ev_error[gcc ? 0 : 1] = xstrdup(zt_last_error());
		zt_evidence_release(ev);
		return;
	}
	*have = true;
}

static void json_set_evidence(json_t *o, const struct zt_tu_result *r)
{
	json_object_set_new(o, "evidence",
			    json_pack("{s:o, s:o}", "gcc",
				      r->ev.have_gcc ? zt_evidence_to_json(&r->ev.gcc) : json_null(),
				      "clang",
				      r->ev.have_clang ? zt_evidence_to_json(&r->ev.clang) :
							 json_null()));
	json_object_set_new(o, "evidence_errors",
			    json_pack("{s:o, s:o}", "gcc",
				      r->ev_error[0] ? json_string(r->ev_error[0]) : json_null(),
				      "clang",
				      r->ev_error[1] ? json_string(r->ev_error[1]) : json_null()));
}

void zt_ci_collect_evidence(struct zt_ctx *ctx, struct zt_ci_tus *tus, const bool *want,
			    const struct zt_ci_opts *o)
{
	struct evidence_job job = {
		.tus = tus,
		.want = want,
		.gcc = o->so.want_gcc,
		.clang = o->so.want_clang,
		.from_build = o->build_evidence,
	};
	size_t need = 0;
	char *scratch;

	for (size_t t = 0; t < tus->n; t++)
		need += want[t] && (job.from_build || (job.gcc && !tus->v[t].ev.have_gcc) ||
				    (job.clang && !tus->v[t].ev.have_clang));
	if (!need)
		return;
	scratch = xasprintf("%s/zerotax-check-XXXXXX", zt_tmpdir());
	if (!mkdtemp(scratch)) {
		warning("cannot create a scratch directory: %s; no evidence", strerror(errno));
		free(scratch);
		return;
	}
	job.scratch = scratch;
	job.ran = xcalloc(tus->n + 1, sizeof(*job.ran));
	if (ctx->verbose)
		note("collecting compiler evidence (%s) for %zu translation unit(s)",
		     o->evidence, need);
	for (size_t t = 0; ctx->verbose > 1 && t < tus->n; t++)
		if (want[t])
			note("evidence: %s", tus->v[t].cmd.file);
	zt_parallel_for(tus->n * 2, ctx->jobs, evidence_one, &job);
	for (size_t t = 0; t < tus->n; t++) {
		if (!job.ran[t])
			continue;
		json_set_evidence(tus->json[t], &tus->v[t]);
		/* the build's evidence stays the build's: the cache holds recompiled evidence */
		if (!job.from_build)
			tus->dirty[t] = tus->key[t] != NULL;
	}
	free(job.ran);
	zt_remove_tree(scratch);
	free(scratch);
}

struct store_job {
	struct zt_ci_tus *tus;
	const struct zt_cache *cache;
	bool build_evidence;	/* the JSON's evidence is the build's: not stored */
	bool *failed;
};

static void store_one(size_t t, void *arg)
{
	struct store_job *job = arg;
	struct zt_ci_tus *tus = job->tus;
	json_t *j;

	if (!tus->dirty[t] || !tus->key[t])
		return;
	/* Failures are retried next time, so they are not stored. */
	j = json_deep_copy(tus->json[t]);
	json_object_set_new(j, "evidence_errors", json_pack("{s:n, s:n}", "gcc", "clang"));
	if (job->build_evidence)
		json_object_set_new(j, "evidence", json_pack("{s:n, s:n}", "gcc", "clang"));
	job->failed[t] = zt_cache_put(job->cache, tus->key[t], &tus->v[t].cmd, j) != 0;
	json_decref(j);
	tus->dirty[t] = false;
}

void zt_ci_cache_store(struct zt_ctx *ctx, struct zt_ci_tus *tus, const struct zt_ci_opts *o)
{
	struct store_job job = { .tus = tus, .cache = o->cache, .build_evidence = o->build_evidence };
	size_t n_failed = 0, first = 0;

	if (!o->cache)
		return;
	/* Each entry asks clang-19 -M for its header list: as parallel as the parse. */
	job.failed = xcalloc(tus->n + 1, sizeof(*job.failed));
	zt_parallel_for(tus->n, ctx->jobs, store_one, &job);
	/* Said once: an unusable cache fails every TU the same way. */
	for (size_t t = 0; t < tus->n; t++)
		if (job.failed[t] && !n_failed++)
			first = t;
	if (n_failed)
		warning("%zu translation unit(s) not cached (the first: %s): cannot write to %s "
			"or read their header lists", n_failed, tus->v[first].cmd.file, o->cache->dir);
	free(job.failed);
}

static int result_qcmp(const void *a, const void *b)
{
	return cmd_cmp(&((const struct zt_tu_result *)a)->cmd,
		       &((const struct zt_tu_result *)b)->cmd);
}

void zt_ci_tus_from_results(struct zt_tu_result *v, size_t n, struct zt_ci_tus *tus)
{
	size_t k = 0;

	/* A rebuild appends again: the same command seen twice keeps the later result. */
	for (size_t i = 0; i < n; i++) {
		bool later = false;

		for (size_t j = i + 1; j < n && !later; j++)
			later = !cmd_cmp(&v[i].cmd, &v[j].cmd);
		if (later)
			zt_tu_result_release(&v[i]);
		else
			v[k++] = v[i];
	}
	qsort(v, k, sizeof(*v), result_qcmp);
	memset(tus, 0, sizeof(*tus));
	tus->v = v;
	tus->n = k;
	tus->json = xcalloc(k + 1, sizeof(*tus->json));
	tus->key = xcalloc(k + 1, sizeof(*tus->key));
	tus->dirty = xcalloc(k + 1, sizeof(*tus->dirty));
}

/*
 * How much of the program is hot (reached per poll or more, not cold): its
 * functions, those a header defines, and the TUs whose own file defines
 * one — what any pre-pass must parse at the least (a header's function is
 * walked by whichever TU includes it).
 */
static json_t *hot_info(const struct zt_program *p)
{
	bool *tu_hot = xcalloc(p->n_tus + 1, sizeof(*tu_hot));
	size_t n_fn = 0, n_header = 0, n_tu = 0;
	json_t *idle = json_array();

	for (size_t i = 0; i < p->n; i++) {
		const struct zt_node *n = &p->nodes[i];

		if (!n->fn || n->cold || n->freq < ZT_FREQ_PER_POLL)
			continue;
		n_fn++;
		if (n->tu >= p->n_tus || !n->fn->file || strcmp(n->fn->file, p->tus[n->tu].file)) {
			n_header++;
			continue;
		}
		if (!tu_hot[n->tu]) {
			tu_hot[n->tu] = true;
			n_tu++;
		}
	}
	/* parsed, yet no function of their own is hot: what a pre-pass kept for nothing */
	for (size_t t = 0; t < p->n_tus; t++)
		if (!tu_hot[t] && p->tus[t].file)
			json_array_append_new(idle, json_string(p->tus[t].file));
	free(tu_hot);
	return json_pack("{s:I, s:I, s:I, s:o}", "functions", (json_int_t)n_fn, "in_headers",
			 (json_int_t)n_header, "translation_units", (json_int_t)n_tu,
			 "parsed_not_hot", idle);
}

static json_t *run_info(const struct zt_program *p, const struct zt_tu_evidence *ev,
			const struct zt_ci_opts *o, char *const *ev_errors)
{
	json_t *run = json_object(), *unparsed = json_array(), *compilers = json_object();
	json_t *ev_failed = json_array(), *roots = json_array();

	for (size_t t = 0; t < p->n_tus; t++) {
		const struct zt_tu_facts *tu = &p->tus[t];

		if (tu->n_errors)
			json_array_append_new(unparsed,
					      json_pack("{s:s, s:s, s:I}", "file", tu->file, "error",
							tu->errors[0].message, "errors",
							(json_int_t)tu->n_errors));
		for (int c = 0; c < 2; c++)
			if (ev_errors[t * 2 + c])
				json_array_append_new(ev_failed,
						      json_pack("{s:s, s:s, s:s}", "file", tu->file,
								"compiler", c ? "clang" : "gcc",
								"error", ev_errors[t * 2 + c]));
		if (ev[t].have_gcc && ev[t].gcc.compiler_id && !json_object_get(compilers, "gcc"))
			json_object_set_new(compilers, "gcc", json_string(ev[t].gcc.compiler_id));
		if (ev[t].have_clang && ev[t].clang.compiler_id &&
		    !json_object_get(compilers, "clang"))
			json_object_set_new(compilers, "clang",
					    json_string(ev[t].clang.compiler_id));
	}
	for (size_t i = 0; i < p->n; i++)
		if (p->nodes[i].is_root)
			json_array_append_new(roots, json_pack("{s:s, s:s}", "function",
							       p->nodes[i].name, "why",
							       p->nodes[i].root_why));
	json_object_set_new(run, "hot", hot_info(p));
	json_object_set_new(run, "compilers", compilers);
	json_object_set_new(run, "evidence", json_string(o->evidence));
	json_object_set_new(run, "files", json_integer((json_int_t)p->n_tus));
	json_object_set_new(run, "unparsed", unparsed);
	json_object_set_new(run, "evidence_failed", ev_failed);
	json_object_set_new(run, "roots", roots);
	json_object_set_new(run, "budget", json_integer(p->budget));
	json_object_set_new(run, "min_size", json_integer(o->so.min_size));
	return run;
}

int zt_ci_analyse(struct zt_ctx *ctx, struct zt_ci_tus *tus, const struct zt_ci_opts *o,
		  bool compute, struct zt_findings *fs, json_t **info, size_t *n_unparsed)
{
	struct zt_program prog;
	struct zt_tu_evidence *ev = xcalloc(tus->n + 1, sizeof(*ev));
	char **errs = xcalloc(tus->n * 2 + 1, sizeof(char *));
	struct zt_compdb db = { .v = xcalloc(tus->n + 1, sizeof(*db.v)), .n = tus->n };
	const struct zt_hot_opts hot = {
		.hot = o->hot, .n_hot = o->n_hot, .rules = o->rules, .kernel = o->kernel,
	};
	bool *want = NULL;
	int ret;

	*n_unparsed = 0;
	zt_program_init(&prog, o->kernel);
	for (size_t t = 0; t < tus->n; t++) {
		db.v[t] = tus->v[t].cmd;	/* borrowed: the build compiler of each TU */
		zt_program_add_tu(&prog, &tus->v[t].facts);
	}
	zt_program_finish(&prog, &hot);
	if (o->budget)
		prog.budget = o->budget;
	for (size_t t = 0; t < prog.n_tus; t++) {
		const struct zt_tu_facts *tu = &prog.tus[t];

		if (!tu->n_errors)
			continue;
		(*n_unparsed)++;
		if (tu->errors[0].line)
			warning("%s: could not be parsed fully: %s:%u:%u: %s (%zu error(s))",
				tu->file, tu->errors[0].file, tu->errors[0].line,
				tu->errors[0].column, tu->errors[0].message, tu->n_errors);
		else
			warning("%s: could not be parsed fully: %s (%zu error(s))", tu->file,
				tu->errors[0].message, tu->n_errors);
	}
	if (o->so.want_gcc || o->so.want_clang) {
		want = zt_stack_evidence_tus(&prog, &o->so);
		if (compute)
			zt_ci_collect_evidence(ctx, tus, want, o);
		/*
		 * Only the evidence of the TUs the whole program wants is used, so
		 * results collected with a wider net (Kbuild, shards) judge alike.
		 */
		for (size_t t = 0; t < tus->n; t++) {
			if (!want[t])
				continue;
			ev[t] = tus->v[t].ev;
			ev[t].have_gcc &= o->so.want_gcc;
			ev[t].have_clang &= o->so.want_clang;
			errs[t * 2] = o->so.want_gcc ? tus->v[t].ev_error[0] : NULL;
			errs[t * 2 + 1] = o->so.want_clang ? tus->v[t].ev_error[1] : NULL;
			for (int c = 0; c < 2; c++)
				if (errs[t * 2 + c])
					warning("%s: %s evidence %s, judging from the AST: %s",
						tus->v[t].cmd.file, c ? "clang" : "gcc",
						o->build_evidence ? "not in the build" :
								    "compile failed",
						errs[t * 2 + c]);
		}
	}
	/* -1: an internal inconsistency (evidence larger than its variable) */
	ret = zt_stack_check(&prog, &db, ev, &o->so, fs);
	zt_findings_sort(fs);
	zt_findings_drop_repeats(fs);
	*info = run_info(&prog, ev, o, errs);
	free(want);
	free(db.v);
	free(ev);
	free(errs);
	zt_program_release(&prog);
	return ret;
}

/* Does the file end in a line without its newline? */
static bool ends_cut(int fd)
{
	struct stat st;
	char last;

	return !fstat(fd, &st) && st.st_size > 0 &&
	       pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n';
}

int zt_results_append(const char *path, json_t *tu)
{
	char *text = json_dumps(tu, JSON_COMPACT);
	size_t len, off = 0;
	int fd, ret = 0;

	if (!text)
		return error("cannot serialise the results of a translation unit");
	len = strlen(text);
	text = xrealloc(text, len + 3);
	text[len++] = '\n';
	/* read access only to look at the last byte: a write-only file is appended blind */
	fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 && errno == EACCES)
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0) {
		free(text);
		return error("cannot open the results file %s: %s", path, strerror(errno));
	}
	/* One writer at a time: a line larger than PIPE_BUF may be written in pieces. */
	while (flock(fd, LOCK_EX)) {
		if (errno != EINTR) {
			ret = error("cannot lock %s: %s", path, strerror(errno));
			goto out;
		}
	}
	/*
	 * A line cut by a full disk or a kill stays a line of its own: otherwise
	 * this one would be glued to it and lost with it.
	 */
	if (ends_cut(fd)) {
		memmove(text + 1, text, len);
		text[0] = '\n';
		len++;
	}
	while (off < len) {
		ssize_t w = write(fd, text + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			ret = error("cannot write %s: %s", path, strerror(errno));
			break;
		}
		off += (size_t)w;
	}
	flock(fd, LOCK_UN);
out:
	if (close(fd) && !ret)
		ret = error("cannot write %s: %s", path, strerror(errno));
	free(text);
	return ret;
}

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

int zt_kbuild_sparse_flag(char *const *argv, int i)
{
	static const char *const with_value[] = { "-gcc-base-dir", "-multiarch-dir" };
	static const char *const exact[] = {
		"-mlittle-endian", "-mbig-endian", "-D__STDC__", "-Wsparse-all",
		"-Wsparse-error", "-Wbitwise", "-Wcast-to-as", "-Wcontext", "-Wdecl",
		"-Wdefault-bitfield-sign", "-Wptr-subtraction-blows", "-Wtransparent-union",
		"-Wno-return-void", "-Wno-unknown-attribute", "-Wno-decl", "-Wno-context",
		"-Wno-bitwise", "-Wshadow-all", "-Wno-sparse-all",
	};
	const char *a = argv[i];

	for (size_t k = 0; k < ARRAY_SIZE(with_value); k++)
		if (!strcmp(a, with_value[k]))
			return argv[i + 1] ? 2 : 1;
	for (size_t k = 0; k < ARRAY_SIZE(exact); k++)
		if (!strcmp(a, exact[k]))
			return 1;
	/* sparse's own -f options and --arch */
	if (starts(a, "--arch=") || starts(a, "-fmemcpy-max-count=") ||
	    starts(a, "-fdiagnostic-prefix") || starts(a, "-fmax-warnings=") ||
	    starts(a, "-fmax-errors=") || starts(a, "-fdump-ir") || starts(a, "--os="))
		return 1;
	return 0;
}

static bool file_exists(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode);
}

int zt_ci_finish(struct zt_ctx *ctx, struct zt_findings *fs, json_t *run_info,
		 const struct zt_ci_output *out, int clean_code)
{
	struct zt_allow allow = { 0 };
	struct zt_findings base = { 0 };
	struct zt_emit_conf conf = {
		.command = out->command ? out->command : "check",
		.base_dir = out->root,
		.show_suppressed = out->show_suppressed,
		.run_info = run_info,
	};
	char *allow_path = out->allow ? xstrdup(out->allow) : NULL, *allow_root = NULL;
	size_t n_suppressed = 0;
	int ret = ZT_EXIT_INPUT, r;

	for (size_t i = 0; !allow_path && i < ARRAY_SIZE(out->allow_dirs); i++) {
		char *p;

		if (!out->allow_dirs[i])
			continue;
		p = xasprintf("%s/.zerotax-allow", out->allow_dirs[i]);
		if (file_exists(p))
			allow_path = p;
		else
			free(p);
	}
	if (allow_path && zt_allow_load(allow_path, &allow))
		goto out;
	if (ctx->verbose && allow_path)
		note("suppressions from %s (%zu)", allow_path, allow.n);
	/* Paths in a suppressions file are relative to --root, else to the file's directory. */
	if (!out->root && allow_path && strrchr(allow_path, '/'))
		allow_root = xstrndup(allow_path, (size_t)(strrchr(allow_path, '/') - allow_path));
	if (zt_findings_suppress(fs, &allow, out->root ? out->root : allow_root))
		goto out;
	if (out->baseline) {
		json_t *doc = NULL;
		size_t before = zt_findings_count_active(fs);

		/* its error names the file already: said once */
		if (zt_findings_load_json(out->baseline, &base, &doc))
			goto out;
		json_decref(doc);
		zt_findings_subtract_baseline(fs, &base);
		if (ctx->verbose)
			note("baseline %s: %zu of %zu findings already known", out->baseline,
			     before - zt_findings_count_active(fs), before);
	}
	for (size_t i = 0; i < fs->n; i++)
		n_suppressed += fs->v[i].suppressed;
	if (n_suppressed && !out->show_suppressed)
		note("%zu finding(s) suppressed (--show-suppressed lists them)", n_suppressed);
	r = findings__fprintf(fs, &conf, out->format, ctx->out);
	if (r) {
		error("cannot write the findings");
		ret = ZT_EXIT_INTERNAL;
		goto out;
	}
	ret = zt_findings_count_active(fs) ? ZT_EXIT_FINDINGS : clean_code;
out:
	free(allow_path);
	free(allow_root);
	zt_allow_release(&allow);
	zt_findings_release(&base);
	return ret;
}
