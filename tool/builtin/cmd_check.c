// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax check: the AST pass over a compile database, hot-path propagation,
 * the compilers' evidence, findings in text, JSON, SARIF, GCC or coccicheck
 * lines; and the CI modes: --kbuild (one file per call, as make C=1 runs
 * sparse), --shard K/N (a part of the database, to a results file), the
 * per-TU cache, baselines and suppressions.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"
#include "commands.h"
#include "compdb.h"
#include "check_pipeline.h"

const char check_help[] =
	"usage: zerotax check [options] -p BUILD_DIR\n"
	"       zerotax check [options] -- FILE.c... [COMPILER FLAGS...]\n"
	"       zerotax check --kbuild --results=FILE [options] COMPILER-ARGS... FILE.c\n"
	"\n"
	"Find large automatic variables on network-driver hot paths that stack\n"
	"auto-init (-ftrivial-auto-var-init=zero, CONFIG_INIT_STACK_ALL_ZERO) or an\n"
	"explicit '= {}' zeroes on every packet. Hot roots are found automatically\n"
	"(netif_napi_add*() poll functions, .ndo_start_xmit/.ndo_xdp_xmit), from\n"
	"rules files and from --hot. The compilers' own evidence says how many bytes\n"
	"of zeroing survive optimization.\n"
	"\n"
	"options:\n"
	"  -p BUILD_DIR          read BUILD_DIR/compile_commands.json\n"
	"  --hot FUNC            treat FUNC as a hot root (repeatable)\n"
	"  --rules FILE          hot-path rules file, e.g. rules/hotpaths/mlx5e.conf (repeatable)\n"
	"  --evidence=WHICH      gcc, clang, both (default) or none (AST only)\n"
	"  --format=FMT          text (default), json, sarif, gcc or report\n"
	"  --mode=report         coccicheck-style lines (same as --format=report)\n"
	"  -j N                  analyse N translation units at once\n"
	"  --min-size N          ignore objects smaller than N bytes (default 32)\n"
	"  --budget N            packets per poll, for per-poll ranking (default 64)\n"
	"  -W CHECK, -Wno-CHECK  enable or disable a check (-Wall, -Wno-all)\n"
	"  --list-checks         list the checks and exit\n"
	"  -v                    say what is being done\n"
	"\n"
	"CI:\n"
	"  --baseline OLD.json   report only findings not in OLD.json (exit 1 only for new ones)\n"
	"  --allow FILE          suppressions file (default: .zerotax-allow in the current\n"
	"                        directory, --root or BUILD_DIR, the first that exists)\n"
	"  --show-suppressed     list suppressed findings too\n"
	"  --root DIR            paths relative to DIR (SARIF URIs, text, suppressions, shards)\n"
	"  --shard K/N           only the K-th of N parts of the database; needs --results\n"
	"  --results FILE        append per-TU results (facts + evidence) to FILE, one JSON\n"
	"                        line per TU, for 'zerotax report'; print no findings\n"
	"  --kbuild              called by Kbuild as CHECK: the rest are the compiler's\n"
	"                        arguments for one file; sparse-only flags are dropped\n"
	"  --kbuild-cc CC        the build's compiler (default: $CC, else gcc)\n"
	"  --cache DIR           per-TU cache (default $XDG_CACHE_HOME/zerotax or ~/.cache/zerotax)\n"
	"  --no-cache            do not read or write the cache\n"
	"\n"
	"Exit codes: 0 nothing found, 1 findings (new ones with --baseline), 2 usage,\n"
	"3 input error (broken compile database, unparsable file, unreadable rules,\n"
	"a suppression without a reason), 4 internal error.\n"
	"See docs/check.md and docs/ci.md.\n";

enum {
	OPT_HOT = 256,
	OPT_RULES,
	OPT_EVIDENCE,
	OPT_FORMAT,
	OPT_MODE,
	OPT_MIN_SIZE,
	OPT_BUDGET,
	OPT_LIST_CHECKS,
	OPT_BASELINE,
	OPT_ALLOW,
	OPT_SHOW_SUPPRESSED,
	OPT_ROOT,
	OPT_SHARD,
	OPT_RESULTS,
	OPT_KBUILD,
	OPT_KBUILD_CC,
	OPT_CACHE,
	OPT_NO_CACHE,
};

static const struct option long_opts[] = {
	{ "hot", required_argument, NULL, OPT_HOT },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "evidence", required_argument, NULL, OPT_EVIDENCE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "min-size", required_argument, NULL, OPT_MIN_SIZE },
	{ "budget", required_argument, NULL, OPT_BUDGET },
	{ "list-checks", no_argument, NULL, OPT_LIST_CHECKS },
	{ "jobs", required_argument, NULL, 'j' },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "allow", required_argument, NULL, OPT_ALLOW },
	{ "show-suppressed", no_argument, NULL, OPT_SHOW_SUPPRESSED },
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "shard", required_argument, NULL, OPT_SHARD },
	{ "results", required_argument, NULL, OPT_RESULTS },
	{ "kbuild", no_argument, NULL, OPT_KBUILD },
	{ "kbuild-cc", required_argument, NULL, OPT_KBUILD_CC },
	{ "cache", required_argument, NULL, OPT_CACHE },
	{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
	{ NULL, 0, NULL, 0 },
};

struct check_run {
	const char *build_dir;
	char **hot;
	size_t n_hot;
	struct zt_hotrules rules;
	char **rules_files;
	size_t n_rules_files;
	const char *evidence;
	struct zt_stack_opts so;
	unsigned int budget;
	char **files, **flags;
	size_t n_files, n_flags;
	struct zt_ci_output out;
	unsigned int shard_k, shard_n;
	const char *results;
	bool kbuild;
	const char *kbuild_cc;
	const char *cache_dir;
	bool no_cache;
};

static void list_checks(FILE *f)
{
	for (int i = 0; i < ZT_CHECK_COUNT; i++)
		fprintf(f, "%-22s %-8s %-7s %s\n", zt_checks[i].name, zt_checks[i].command,
			zt_checks[i].default_on ? "on" : "off", zt_checks[i].summary);
}

static bool is_source(const char *a)
{
	size_t n = strlen(a);

	return a[0] != '-' && n > 2 && (!strcmp(a + n - 2, ".c") || !strcmp(a + n - 2, ".h"));
}

static void push(char ***v, size_t *n, char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = s;
}

/* One option; 1 when @c is not ours (Kbuild: the compiler's arguments begin). */
static int apply_opt(struct zt_ctx *ctx, int c, const char *arg, struct check_run *r, bool *done)
{
	unsigned long v;

	switch (c) {
	case 'p':
		r->build_dir = arg;
		break;
	case 'j':
		if (zt_parse_uint(arg, 1024, &v) || !v)
			return error("-j wants a positive number, not '%s'", arg);
		ctx->jobs = (int)v;
		break;
	case 'W':
		if (zt_check_set_apply(&r->so.checks, arg))
			return error("unknown check '%s'; see --list-checks", arg);
		break;
	case 'v':
		ctx->verbose++;
		break;
	case OPT_HOT:
		push(&r->hot, &r->n_hot, (char *)arg);
		break;
	case OPT_RULES:
		/* Read after the options, so a bad file is an input error. */
		push(&r->rules_files, &r->n_rules_files, (char *)arg);
		break;
	case OPT_EVIDENCE:
		if (strcmp(arg, "gcc") && strcmp(arg, "clang") && strcmp(arg, "both") &&
		    strcmp(arg, "none"))
			return error("--evidence wants gcc, clang, both or none, not '%s'", arg);
		r->evidence = arg;
		break;
	case OPT_FORMAT:
		if (zt_ci_parse_format(arg, &r->out.format))
			return error("--format wants text, json, sarif, gcc or report, not '%s'",
				     arg);
		ctx->format = r->out.format == ZT_CI_JSON ? ZT_FORMAT_JSON :
			      r->out.format == ZT_CI_SARIF ? ZT_FORMAT_SARIF : ZT_FORMAT_TEXT;
		break;
	case OPT_MODE:
		if (strcmp(arg, "report"))
			return error("--mode wants report (coccicheck's line format), not '%s'", arg);
		r->out.format = ZT_CI_REPORT;
		break;
	case OPT_MIN_SIZE:
		if (zt_parse_uint(arg, 1UL << 30, &v))
			return error("--min-size wants a number of bytes, not '%s'", arg);
		r->so.min_size = (long long)v;
		break;
	case OPT_BUDGET:
		if (zt_parse_uint(arg, 1UL << 20, &v) || !v)
			return error("--budget wants a positive number, not '%s'", arg);
		r->budget = (unsigned int)v;
		break;
	case OPT_LIST_CHECKS:
		list_checks(ctx->out);
		*done = true;
		break;
	case OPT_BASELINE:
		r->out.baseline = arg;
		break;
	case OPT_ALLOW:
		r->out.allow = arg;
		break;
	case OPT_SHOW_SUPPRESSED:
		r->out.show_suppressed = true;
		break;
	case OPT_ROOT:
		r->out.root = arg;
		break;
	case OPT_SHARD:
		if (zt_shard_parse(arg, &r->shard_k, &r->shard_n))
			return error("--shard wants K/N with 1 <= K <= N, not '%s'", arg);
		break;
	case OPT_RESULTS:
		r->results = arg;
		break;
	case OPT_KBUILD:
		r->kbuild = true;
		break;
	case OPT_KBUILD_CC:
		r->kbuild_cc = arg;
		break;
	case OPT_CACHE:
		r->cache_dir = arg;
		break;
	case OPT_NO_CACHE:
		r->no_cache = true;
		break;
	default:
		return 1;
	}
	return 0;
}

/*
 * Kbuild runs "$(CHECK) $(CHECKFLAGS) $(c_flags) $<": our options come first
 * (they are in CHECK), then everything else is the compiler's, with sparse's
 * own flags (CHECKFLAGS) among them. getopt cannot be used: -D, -I, -W and
 * friends are not ours.
 */
static int parse_kbuild(struct zt_ctx *ctx, int argc, char **argv, struct check_run *r)
{
	const char *source = NULL;
	bool done = false;
	int i = 1;

	for (; i < argc; i++) {
		const char *a = argv[i], *eq;
		const struct option *o = NULL;
		char *name;
		int ret;

		if (!strcmp(a, "-v")) {
			ctx->verbose++;
			continue;
		}
		if (strncmp(a, "--", 2) || !a[2])
			break;
		eq = strchr(a, '=');
		name = eq ? xstrndup(a + 2, (size_t)(eq - a - 2)) : xstrdup(a + 2);
		for (const struct option *p = long_opts; p->name && !o; p++)
			if (!strcmp(p->name, name))
				o = p;
		free(name);
		if (!o)
			break;	/* --param=... and other compiler options */
		if (o->has_arg == required_argument && !eq && i + 1 >= argc)
			return error("option '%s' needs an argument", a);
		ret = apply_opt(ctx, o->val, o->has_arg ? (eq ? eq + 1 : argv[++i]) : NULL, r,
				&done);
		if (ret)
			return ret < 0 ? -1 : error("option '%s' is not for --kbuild", a);
	}
	for (; i < argc; i++) {
		int drop = zt_kbuild_sparse_flag(argv, i);
		size_t n = strlen(argv[i]);

		if (drop) {
			i += drop - 1;
			continue;
		}
		/* The file is the last .c argument; a .h is an -include's value. */
		if (argv[i][0] != '-' && n > 2 && !strcmp(argv[i] + n - 2, ".c")) {
			if (source)
				push(&r->flags, &r->n_flags, (char *)source);
			source = argv[i];
			continue;
		}
		push(&r->flags, &r->n_flags, argv[i]);
	}
	if (!source)
		return error("--kbuild: no .c file among the arguments");
	if (!r->results)
		return error("--kbuild needs --results=FILE (where the per-file results go)");
	push(&r->files, &r->n_files, (char *)source);
	return 0;
}

static int parse_args(struct zt_ctx *ctx, int argc, char **argv, struct check_run *r, bool *done)
{
	int c, ret;

	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--kbuild"))
			return parse_kbuild(ctx, argc, argv, r);
	optind = 0;	/* full reset: do_check may run more than once in a process */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+p:j:W:v", long_opts, NULL)) != -1) {
		if (c == ':')
			return error("option '%s' needs an argument", argv[optind - 1]);
		ret = apply_opt(ctx, c, optarg, r, done);
		if (ret > 0)
			return error("unknown option '%s'; see 'zerotax check --help'",
				     argv[optind - 1]);
		if (ret < 0)
			return -1;
		if (*done)
			return 0;
	}
	for (int i = optind; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			continue;
		if (is_source(argv[i]))
			push(&r->files, &r->n_files, argv[i]);
		else
			push(&r->flags, &r->n_flags, argv[i]);
	}
	if (!r->build_dir && !r->n_files)
		return error("nothing to check: give -p BUILD_DIR or files after '--'");
	if (r->build_dir && r->n_files)
		return error("give either -p BUILD_DIR or files after '--', not both");
	if (r->shard_n && !r->results)
		return error("--shard needs --results FILE: a shard alone cannot see the whole "
			     "call graph; join the shards' results with 'zerotax report'");
	return 0;
}

/* Kbuild's command for one file: $CC (or --kbuild-cc), the flags, -c FILE. */
static int kbuild_compdb(struct check_run *r, struct zt_compdb *db)
{
	const char *cc = r->kbuild_cc ? r->kbuild_cc : getenv("CC");
	struct zt_compile_cmd *c;
	char *words, *tok, *save = NULL;
	char **argv = NULL;
	size_t n = 0;

	if (zt_compdb_from_files(r->files, 1, r->flags, r->n_flags, db))
		return -1;
	c = &db->v[0];
	words = xstrdup(cc && *cc ? cc : "gcc");
	for (tok = strtok_r(words, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save))
		push(&argv, &n, xstrdup(tok));
	free(words);
	if (!n)
		push(&argv, &n, xstrdup("gcc"));
	for (size_t i = 1; i < c->argc; i++)
		push(&argv, &n, c->argv[i]);
	push(&argv, &n, NULL);
	free(c->argv[0]);
	free(c->argv);
	c->argv = argv;
	c->argc = n - 1;
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

int do_check(struct zt_ctx *ctx, int argc, char **argv)
{
	struct check_run r = { .evidence = "both" };
	struct zt_compdb db = { 0 };
	struct zt_findings fs = { 0 };
	struct zt_cache cache = { 0 };
	struct zt_ci_opts o = { 0 };
	struct zt_ci_tus tus = { 0 };
	bool done = false, have_cache = false;
	int ret = ZT_EXIT_INTERNAL;
	size_t n_unparsed = 0;
	json_t *info = NULL;
	char cwd[PATH_MAX];

	zt_hotrules_init(&r.rules);
	zt_check_set_defaults(&r.so.checks);
	r.so.min_size = -1;
	if (parse_args(ctx, argc, argv, &r, &done)) {
		ret = ZT_EXIT_USAGE;
		goto out;
	}
	if (done) {
		ret = ZT_EXIT_CLEAN;
		goto out;
	}
	for (size_t i = 0; i < r.n_rules_files; i++) {
		if (zt_hotrules_load(r.rules_files[i], &r.rules)) {
			ret = ZT_EXIT_INPUT;
			goto out;
		}
	}
	if (r.so.min_size < 0)
		r.so.min_size = r.rules.min_size >= 0 ? r.rules.min_size : ZT_DEFAULT_MIN_SIZE;
	r.so.want_gcc = !strcmp(r.evidence, "gcc") || !strcmp(r.evidence, "both");
	r.so.want_clang = !strcmp(r.evidence, "clang") || !strcmp(r.evidence, "both");

	if (!r.no_cache) {
		int rc = zt_cache_open(&cache, r.cache_dir);

		if (!rc) {
			have_cache = true;
		} else if (rc < 0) {
			ret = ZT_EXIT_INPUT;
			goto out;
		}	/* 1: no default cache directory, zt_cache_open() said so */
	}
	o = (struct zt_ci_opts){
		.hot = r.hot,
		.n_hot = r.n_hot,
		.rules = &r.rules,
		.so = r.so,
		.budget = r.budget,
		.evidence = r.evidence,
		.cache = have_cache ? &cache : NULL,
	};

	if (r.kbuild ? kbuild_compdb(&r, &db) :
	    r.build_dir ? zt_compdb_load(r.build_dir, &db) :
			  zt_compdb_from_files(r.files, r.n_files, r.flags, r.n_flags, &db)) {
		ret = ZT_EXIT_INPUT;
		goto out;
	}
	zt_ci_sort_compdb(&db);
	if (r.shard_n) {
		size_t k = 0;

		for (size_t i = 0; i < db.n; i++) {
			if (zt_shard_owns(db.v[i].file, r.out.root, r.shard_k, r.shard_n)) {
				db.v[k++] = db.v[i];
				continue;
			}
			free(db.v[i].file);
			free(db.v[i].directory);
			zt_argv_free(db.v[i].argv);
		}
		if (ctx->verbose)
			note("shard %u/%u: %zu of %zu translation units", r.shard_k, r.shard_n, k,
			     db.n);
		db.n = k;
	}
	if (ctx->verbose)
		note("parsing %zu translation units with %d job(s)", db.n, ctx->jobs);
	if (r.results) {
		ret = write_results(ctx, &r, &o, &db);
		goto out;
	}

	zt_ci_collect_facts(ctx, &db, &o, &tus);
	zt_ci_analyse(ctx, &tus, &o, true, &fs, &info, &n_unparsed);
	zt_ci_cache_store(ctx, &tus, &o);

	r.out.command = "check";
	if (!r.out.root && !r.build_dir)
		r.out.root = getcwd(cwd, sizeof(cwd));
	r.out.allow_dirs[0] = getcwd(cwd, sizeof(cwd)) ? cwd : NULL;
	r.out.allow_dirs[1] = r.out.root;
	r.out.allow_dirs[2] = r.build_dir;
	ret = zt_ci_finish(ctx, &fs, info, &r.out, n_unparsed ? ZT_EXIT_INPUT : ZT_EXIT_CLEAN);
out:
	json_decref(info);
	zt_ci_tus_release(&tus);
	zt_findings_release(&fs);
	zt_compdb_release(&db);
	zt_cache_close(&cache);
	zt_hotrules_release(&r.rules);
	free(r.hot);
	free(r.rules_files);
	free(r.files);
	free(r.flags);
	return ret;
}
