// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax check: the AST pass over a compile database, hot-path propagation,
 * the compilers' evidence, findings in text, JSON, SARIF, GCC or coccicheck
 * lines; and the CI modes: --kbuild (one file per call, as make C=1 runs
 * sparse), --shard K/N (a part of the database, to a results file), the
 * per-TU cache, baselines and suppressions.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"
#include "cmdline.h"
#include "commands.h"
#include "compdb.h"
#include "guard.h"
#include "journal.h"
#include "check_pipeline.h"
#include "check-options.h"

static const struct zt_usage check_usage = {
	.usage =
	"zerotax check [options] -p BUILD_DIR\n"
	"zerotax check [options] -- FILE.c... [COMPILER FLAGS...]\n"
	"zerotax check --kbuild --results=FILE [options] COMPILER-ARGS... FILE.c",
	.about =
	"Find large automatic variables on network-driver hot paths that stack\n"
	"auto-init (-ftrivial-auto-var-init=zero, CONFIG_INIT_STACK_ALL_ZERO) or an\n"
	"explicit '= {}' zeroes on every packet. Hot roots are found automatically\n"
	"(netif_napi_add*() poll functions, .ndo_start_xmit/.ndo_xdp_xmit), from\n"
	"rules files and from --hot. The compilers' own evidence says how many bytes\n"
	"of zeroing survive optimization.\n",
	.tail =
	"Exit codes: 0 nothing found, 1 findings (new ones with --baseline), 2 usage,\n"
	"3 input error (broken compile database, unparsable file, unreadable rules,\n"
	"a suppression without a reason), 4 internal error.\n"
	"See docs/check.md and docs/ci.md.\n",
	.examples =
	"$ zerotax check -p build/reference-driver\n"
	"  the per-packet zeroed locals of the bundled driver, from its compile database\n"
	"$ zerotax check --rules rules/hotpaths/mlx5e.conf -p build/\n"
	"  hot paths from a rules file as well as the NAPI polls found\n"
	"$ zerotax check --format=sarif -p build/ > zerotax.sarif\n"
	"  for a code-scanning service\n"
	"$ zerotax check -- drv.c -Iinclude\n"
	"  one file without a compile database\n",
};

struct check_run {
	const char *build_dir;
	struct zt_check_args a;
	struct zt_hotrules rules;
	struct zt_strvec files, flags;
	unsigned int shard_k, shard_n;
	const char *results;
	bool kbuild;
	const char *kbuild_cc;
	const char *cache_dir;
	bool no_cache;
	bool no_prefilter;
	char cwd[PATH_MAX]; /* the working directory, when a.out names it */
};

static int opt_list_checks(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	(void)opt;
	(void)arg;
	for (int i = 0; i < ZT_CHECK_COUNT; i++)
		fprintf(ctx->out, "%-22s %-8s %-7s %s\n", zt_checks[i].name, zt_checks[i].command,
			zt_checks[i].default_on ? "on" : "off", zt_checks[i].summary);
	return ZT_OPT_DONE;
}

static int opt_shard(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	struct check_run *r = opt->data;

	(void)ctx;
	if (zt_shard_parse(arg, &r->shard_k, &r->shard_n))
		return error("--shard wants K/N with 1 <= K <= N, not '%s'", arg);
	return 0;
}

static int opt_prefilter(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	struct check_run *r = opt->data;

	(void)ctx;
	if (strcmp(arg, "on") && strcmp(arg, "off"))
		return error("--prefilter wants on or off, not '%s'", arg);
	r->no_prefilter = !strcmp(arg, "off");
	return 0;
}

static bool is_source(const char *a)
{
	size_t n = strlen(a);

	return a[0] != '-' && n > 2 && (!strcmp(a + n - 2, ".c") || !strcmp(a + n - 2, ".h"));
}

/*
 * Kbuild runs "$(CHECK) $(CHECKFLAGS) $(c_flags) $<": our options come first
 * (they are in CHECK), then everything else is the compiler's, with sparse's
 * own flags (CHECKFLAGS) among them, to be dropped.
 */
static int kbuild_args(int first, int argc, char **argv, struct check_run *r)
{
	for (int i = first; i < argc; i++) {
		int drop = zt_kbuild_sparse_flag(argv, i);
		size_t n = strlen(argv[i]), values;

		if (drop) {
			i += drop - 1;
			continue;
		}
		/* A .c that is no option's value is a source file ("-include x.h" is a value). */
		if (argv[i][0] != '-' && n > 2 && !strcmp(argv[i] + n - 2, ".c")) {
			zt_strvec_push(&r->files, argv[i]);
			continue;
		}
		zt_strvec_push(&r->flags, argv[i]);
		values = argv[i][0] == '-' ? zt_cc_option_words(argv[i]) : 0;
		for (; values && i + 1 < argc; values--)
			zt_strvec_push(&r->flags, argv[++i]);
	}
	if (!r->files.n)
		return error("--kbuild: no .c file among the arguments");
	if (!r->results)
		return error("--kbuild needs --results=FILE (where the per-file results go)");
	return 0;
}

/* 1: parsed, go on; 0: done (--help, --list-checks); -1: a usage error. */
static int parse_args(struct zt_ctx *ctx, int argc, char **argv, struct check_run *r)
{
	const struct zt_option opts[] = {
		ZT_OPT_STRING('p', NULL, &r->build_dir, "BUILD_DIR",
			      "read BUILD_DIR/compile_commands.json"),
		ZT_OPTS_HOT_PATHS(&r->a, "treat FUNC as a hot root (repeatable)",
				  "hot-path rules file, e.g. rules/hotpaths/mlx5e.conf (repeatable)"),
		ZT_OPT_EVIDENCE(&r->a, "gcc, clang, both (default: recompile each TU), build\n"
					"(read what a build with 'zerotax build-flags' left next\n"
					"to each object) or none (AST only)"),
		ZT_OPTS_CHECK_OUTPUT(&r->a),
		ZT_OPT_JOBS(&ctx->jobs, "analyse N translation units at once"),
		ZT_OPTS_JUDGE(&r->a),
		ZT_OPT_CALLBACK(0, "list-checks", NULL, NULL, "list the checks and exit",
				opt_list_checks),
		ZT_OPT_VERBOSE(&ctx->verbose, "say what is being done"),
		ZT_OPT_GROUP("CI:"),
		ZT_OPTS_CI_FILTERS(&r->a),
		ZT_OPT_CALLBACK(0, "shard", r, "K/N",
				"only the K-th of N parts of the database; needs --results",
				opt_shard),
		ZT_OPT_STRING(0, "results", &r->results, "FILE",
			      "append per-TU results (facts + evidence) to FILE, one JSON\n"
			      "line per TU, for 'zerotax report'; print no findings"),
		ZT_OPT_BOOL(0, "kbuild", &r->kbuild,
			    "called by Kbuild as CHECK: the rest are the compiler's\n"
			    "arguments for one file; sparse-only flags are dropped"),
		ZT_OPT_STRING(0, "kbuild-cc", &r->kbuild_cc, "CC",
			      "the build's compiler (default: $CC, else gcc)"),
		ZT_OPT_STRING(0, "cache", &r->cache_dir, "DIR",
			      "per-TU cache (default $XDG_CACHE_HOME/zerotax or ~/.cache/zerotax)"),
		ZT_OPT_BOOL(0, "no-cache", &r->no_cache, "do not read or write the cache"),
		{ .type = ZT_OPT_CALLBACK, .long_name = "prefilter", .data = r, .argh = "on|off",
		  .help = "parse only the TUs a hot path can reach, found by a token\n"
			  "pre-pass (default on; off in --results and --kbuild modes)",
		  .cb = opt_prefilter, .flags = ZT_OPTF_EQ },
		ZT_OPT_END(),
	};
	unsigned int flags = ZT_PARSE_STOP_AT_NON_OPTION;
	int first;

	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--kbuild"))
			flags = ZT_PARSE_LONG_PREFIX;
	first = zt_parse_options(ctx, "check", argc, argv, opts, &check_usage, flags);
	if (first <= 0)
		return first;
	if (flags & ZT_PARSE_LONG_PREFIX)
		return kbuild_args(first, argc, argv, r) ? -1 : 1;
	for (int i = first; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			continue;
		zt_strvec_push(is_source(argv[i]) ? &r->files : &r->flags, argv[i]);
	}
	if (!r->build_dir && !r->files.n)
		return error("nothing to check: give -p BUILD_DIR or files after '--'");
	if (r->build_dir && r->files.n)
		return error("give either -p BUILD_DIR or files after '--', not both");
	if (r->shard_n && !r->results)
		return error("--shard needs --results FILE: a shard alone cannot see the whole "
			     "call graph; join the shards' results with 'zerotax report'");
	return 1;
}

/* Kbuild's command for one file: $CC (or --kbuild-cc), the flags, -c FILE. */
static int kbuild_compdb(struct check_run *r, struct zt_compdb *db)
{
	const char *cc = r->kbuild_cc ? r->kbuild_cc : getenv("CC");
	struct zt_compile_cmd *c;
	char *words, *tok, *save = NULL;
	struct zt_strvec argv = ZT_STRVEC_INIT;

	/* Kbuild's CHECK is run once per file: more than one is a broken caller, not a choice */
	if (r->files.n != 1)
		return error("--kbuild: %zu source files given (%s%s%s): Kbuild's CHECK gets the "
			     "compiler's arguments for one file", r->files.n,
			     r->files.n ? r->files.v[0] : "none", r->files.n > 1 ? ", " : "",
			     r->files.n > 1 ? r->files.v[1] : "");
	if (zt_compdb_from_files(r->files.v, 1, r->flags.v, r->flags.n, db))
		return -1;
	c = &db->v[0];
	words = xstrdup(cc && *cc ? cc : "gcc");
	for (tok = strtok_r(words, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save))
		zt_strvec_push(&argv, tok);
	free(words);
	if (!argv.n)
		zt_strvec_push(&argv, "gcc");
	for (size_t i = 1; i < c->argc; i++)
		zt_strvec_push_nodup(&argv, c->argv[i]);
	free(c->argv[0]);
	free(c->argv);
	c->argc = argv.n;
	c->argv = zt_strvec_detach(&argv);
	return 0;
}

/* Shard or Kbuild: per-TU results (evidence for any TU that may need it) to a file. */
static int write_results(struct zt_ctx *ctx, struct check_run *r, const struct zt_ci_opts *o,
			 const struct zt_compdb *db)
{
	struct zt_ci_tus tus;
	bool *want;
	int ret = ZT_EXIT_CLEAN;

	zt_ci_collect_facts(ctx, db, o, &tus);
	want = zt_ci_tu_prefilter(&tus, &o->so);
	zt_ci_collect_evidence(ctx, &tus, want, o);
	zt_ci_cache_store(ctx, &tus, o);
	for (size_t t = 0; t < tus.n; t++) {
		/* report judges with the evidence asked for here */
		json_object_set_new(tus.json[t], "asked", json_string(o->evidence));
		if (zt_results_append(r->results, tus.json[t])) {
			ret = ZT_EXIT_INPUT;
			break;
		}
	}
	if (ctx->verbose)
		note("%zu translation unit(s) appended to %s", tus.n, r->results);
	free(want);
	zt_ci_tus_release(&tus);
	return ret;
}

/* --shard K/N: only the TUs of the K-th part stay in @db. */
static void keep_shard(struct zt_ctx *ctx, const struct check_run *r, struct zt_compdb *db)
{
	size_t k = 0;

	for (size_t i = 0; i < db->n; i++) {
		if (zt_shard_owns(db->v[i].file, r->a.out.root, r->shard_k, r->shard_n)) {
			db->v[k++] = db->v[i];
			continue;
		}
		free(db->v[i].file);
		free(db->v[i].directory);
		zt_argv_free(db->v[i].argv);
	}
	if (ctx->verbose)
		note("shard %u/%u: %zu of %zu translation units", r->shard_k, r->shard_n, k, db->n);
	db->n = k;
}

/*
 * Interrupted (SIGINT, SIGTERM, SIGHUP): the evidence compiles end and
 * their scratch goes. --kbuild too: make's Ctrl-C reaches every check of
 * a C=1 build at once, and the guard costs a fork per file.
 * 0: go on (the worker, or no guard); 1: done, the exit code in *@ret.
 */
static int begin_guard(struct zt_ctx *ctx, int *ret)
{
	const struct zt_guard_opts g = { .what = "check" };

	return zt_cmd_begin_guard(ctx, &g, ret);
}

/* The per-TU cache, unless --no-cache: 0 (*@have says whether), -1 an input error. */
static int open_cache(const struct check_run *r, struct zt_cache *cache, bool *have)
{
	/*
	 * Entries are relative to the tree: --root, else the compile
	 * database's directory, else (files, Kbuild mode) the working one.
	 */
	const char *root = r->a.out.root ? r->a.out.root : r->build_dir ? r->build_dir : ".";
	int rc;

	*have = false;
	if (r->no_cache)
		return 0;
	rc = zt_cache_open(cache, r->cache_dir);
	if (!rc && zt_cache_set_root(cache, root)) {
		zt_cache_close(cache);
		rc = -1;
	}
	if (!rc)
		zt_cache_depend_on(cache, "kernel-rules", r->a.kernel.hash);
	if (!rc)
		*have = true;
	return rc < 0 ? -1 : 0; /* 1: no default cache directory, zt_cache_open() said so */
}

/* The compile database: Kbuild's one command, -p's file, or the files given; 0 or -1. */
static int load_compdb(struct zt_ctx *ctx, struct check_run *r, struct zt_compdb *db)
{
	int rc;

	if (r->kbuild)
		rc = kbuild_compdb(r, db);
	else if (r->build_dir)
		rc = zt_compdb_load(r->build_dir, db);
	else
		rc = zt_compdb_from_files(r->files.v, r->files.n, r->flags.v, r->flags.n, db);
	if (rc)
		return -1;
	/* read-only: a write-back journal is said, never recovered (only fix does, its own) */
	zt_journal_warn_db(db);
	zt_ci_sort_compdb(db);
	if (r->shard_n)
		keep_shard(ctx, r, db);
	if (ctx->verbose)
		note("parsing %zu translation units with %d job(s)", db->n, ctx->jobs);
	return 0;
}

/* The whole run in this process: analyse, then findings as asked. */
static int check_and_report(struct zt_ctx *ctx, struct check_run *r, const struct zt_ci_opts *o,
			    struct zt_compdb *db)
{
	struct zt_findings fs = { 0 };
	struct zt_ci_tus tus = { 0 };
	struct zt_ci_prefilter pf;
	size_t n_unparsed = 0;
	json_t *info = NULL;
	int ret = ZT_EXIT_INTERNAL;

	zt_ci_collect_facts_prefiltered(ctx, db, o, &tus, &pf);
	if (zt_ci_analyse(ctx, &tus, o, true, &fs, &info, &n_unparsed))
		goto out;
	zt_ci_prefilter_report(info, &pf);
	zt_ci_cache_store(ctx, &tus, o);

	r->a.out.command = "check";
	if (!r->a.out.root && !r->build_dir)
		r->a.out.root = getcwd(r->cwd, sizeof(r->cwd));
	r->a.out.allow_dirs[0] = getcwd(r->cwd, sizeof(r->cwd)) ? r->cwd : NULL;
	r->a.out.allow_dirs[1] = r->a.out.root;
	r->a.out.allow_dirs[2] = r->build_dir;
	ret = zt_ci_finish(ctx, &fs, info, &r->a.out, n_unparsed ? ZT_EXIT_INPUT : ZT_EXIT_CLEAN);
out:
	json_decref(info);
	zt_ci_tus_release(&tus);
	zt_findings_release(&fs);
	return ret;
}

int do_check(struct zt_ctx *ctx, int argc, char **argv)
{
	struct check_run r = { 0 };
	struct zt_compdb db = { 0 };
	struct zt_cache cache = { 0 };
	struct zt_ci_opts o = { 0 };
	bool have_cache = false;
	int ret = ZT_EXIT_INTERNAL;

	zt_hotrules_init(&r.rules);
	zt_check_args_init(&r.a);
	ret = parse_args(ctx, argc, argv, &r);
	if (ret <= 0) {
		ret = ret ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
		goto out;
	}
	if (begin_guard(ctx, &ret))
		goto out;
	if (zt_check_args_load_rules(&r.a, &r.rules)) {
		ret = ZT_EXIT_INPUT;
		goto out;
	}
	zt_check_args_evidence(&r.a, "both");
	r.a.out.format = r.a.format;
	if (open_cache(&r, &cache, &have_cache)) {
		ret = ZT_EXIT_INPUT;
		goto out;
	}
	o = (struct zt_ci_opts){
		.hot = r.a.hot.v,
		.n_hot = r.a.hot.n,
		.rules = &r.rules,
		.so = r.a.so,
		.budget = r.a.budget,
		.evidence = r.a.evidence,
		.build_evidence = !strcmp(r.a.evidence, "build"),
		.cache = have_cache ? &cache : NULL,
		.prefilter = !r.no_prefilter,
		.kernel = &r.a.kernel,
	};
	if (load_compdb(ctx, &r, &db)) {
		ret = ZT_EXIT_INPUT;
		goto out;
	}
	if (r.results)
		ret = write_results(ctx, &r, &o, &db);
	else
		ret = check_and_report(ctx, &r, &o, &db);
out:
	zt_compdb_release(&db);
	zt_cache_close(&cache);
	zt_hotrules_release(&r.rules);
	zt_check_args_release(&r.a);
	zt_strvec_clear(&r.files);
	zt_strvec_clear(&r.flags);
	return ret;
}
