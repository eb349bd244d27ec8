// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax check: the AST pass over a compile database, hot-path propagation,
 * the compilers' evidence, findings in text, JSON or SARIF.
 */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "callgraph.h"
#include "commands.h"
#include "compdb.h"
#include "emit.h"
#include "evidence.h"
#include "hotrules.h"
#include "stack_check.h"

const char check_help[] =
	"usage: zerotax check [options] -p BUILD_DIR\n"
	"       zerotax check [options] -- FILE.c... [COMPILER FLAGS...]\n"
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
	"  --format=FMT          text (default), json or sarif\n"
	"  -j N                  analyse N translation units at once\n"
	"  --min-size N          ignore objects smaller than N bytes (default 32)\n"
	"  --budget N            packets per poll, for per-poll ranking (default 64)\n"
	"  -W CHECK, -Wno-CHECK  enable or disable a check (-Wall, -Wno-all)\n"
	"  --list-checks         list the checks and exit\n"
	"  -v                    say what is being done\n"
	"\n"
	"Exit codes: 0 nothing found, 1 findings, 2 usage, 3 input error (broken\n"
	"compile database, unparsable file, unreadable rules), 4 internal error.\n"
	"See docs/check.md.\n";

enum {
	OPT_HOT = 256,
	OPT_RULES,
	OPT_EVIDENCE,
	OPT_FORMAT,
	OPT_MIN_SIZE,
	OPT_BUDGET,
	OPT_LIST_CHECKS,
};

static const struct option long_opts[] = {
	{ "hot", required_argument, NULL, OPT_HOT },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "evidence", required_argument, NULL, OPT_EVIDENCE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "min-size", required_argument, NULL, OPT_MIN_SIZE },
	{ "budget", required_argument, NULL, OPT_BUDGET },
	{ "list-checks", no_argument, NULL, OPT_LIST_CHECKS },
	{ "jobs", required_argument, NULL, 'j' },
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
};

static void list_checks(FILE *f)
{
	for (int i = 0; i < ZT_CHECK_COUNT; i++)
		fprintf(f, "%-22s %-8s %-7s %s\n", zt_checks[i].name, zt_checks[i].command,
			zt_checks[i].default_on ? "on" : "off", zt_checks[i].summary);
}

static int parse_format(const char *s, enum zt_format *f)
{
	if (!strcmp(s, "text"))
		*f = ZT_FORMAT_TEXT;
	else if (!strcmp(s, "json"))
		*f = ZT_FORMAT_JSON;
	else if (!strcmp(s, "sarif"))
		*f = ZT_FORMAT_SARIF;
	else
		return -1;
	return 0;
}

static bool is_source(const char *a)
{
	size_t n = strlen(a);

	return a[0] != '-' && n > 2 && (!strcmp(a + n - 2, ".c") || !strcmp(a + n - 2, ".h"));
}

static int parse_args(struct zt_ctx *ctx, int argc, char **argv, struct check_run *r, bool *done)
{
	unsigned long v;
	int c;

	optind = 0;	/* full reset: do_check may run more than once in a process */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+p:j:W:v", long_opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			r->build_dir = optarg;
			break;
		case 'j':
			if (zt_parse_uint(optarg, 1024, &v) || !v)
				return error("-j wants a positive number, not '%s'", optarg);
			ctx->jobs = (int)v;
			break;
		case 'W':
			if (zt_check_set_apply(&r->so.checks, optarg))
				return error("unknown check '%s'; see --list-checks", optarg);
			break;
		case 'v':
			ctx->verbose++;
			break;
		case OPT_HOT:
			r->hot = xrealloc(r->hot, (r->n_hot + 1) * sizeof(*r->hot));
			r->hot[r->n_hot++] = optarg;
			break;
		case OPT_RULES:
			/* Read after the options, so a bad file is an input error. */
			r->rules_files = xrealloc(r->rules_files,
						  (r->n_rules_files + 1) * sizeof(*r->rules_files));
			r->rules_files[r->n_rules_files++] = optarg;
			break;
		case OPT_EVIDENCE:
			if (strcmp(optarg, "gcc") && strcmp(optarg, "clang") &&
			    strcmp(optarg, "both") && strcmp(optarg, "none"))
				return error("--evidence wants gcc, clang, both or none, not '%s'",
					     optarg);
			r->evidence = optarg;
			break;
		case OPT_FORMAT:
			if (parse_format(optarg, &ctx->format))
				return error("--format wants text, json or sarif, not '%s'", optarg);
			break;
		case OPT_MIN_SIZE:
			if (zt_parse_uint(optarg, 1UL << 30, &v))
				return error("--min-size wants a number of bytes, not '%s'", optarg);
			r->so.min_size = (long long)v;
			break;
		case OPT_BUDGET:
			if (zt_parse_uint(optarg, 1UL << 20, &v) || !v)
				return error("--budget wants a positive number, not '%s'", optarg);
			r->budget = (unsigned int)v;
			break;
		case OPT_LIST_CHECKS:
			list_checks(ctx->out);
			*done = true;
			return 0;
		case ':':
			return error("option '%s' needs an argument", argv[optind - 1]);
		default:
			return error("unknown option '%s'; see 'zerotax check --help'",
				     argv[optind - 1]);
		}
	}
	for (int i = optind; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			continue;
		if (is_source(argv[i])) {
			r->files = xrealloc(r->files, (r->n_files + 1) * sizeof(*r->files));
			r->files[r->n_files++] = argv[i];
		} else {
			r->flags = xrealloc(r->flags, (r->n_flags + 1) * sizeof(*r->flags));
			r->flags[r->n_flags++] = argv[i];
		}
	}
	if (!r->build_dir && !r->n_files)
		return error("nothing to check: give -p BUILD_DIR or files after '--'");
	if (r->build_dir && r->n_files)
		return error("give either -p BUILD_DIR or files after '--', not both");
	return 0;
}

struct evidence_job {
	const struct zt_compdb *db;
	const bool *want;
	struct zt_tu_evidence *ev;
	bool gcc, clang;
	const char *scratch;
	char **errors;		/* per TU and compiler: why the evidence compile failed */
};

static void evidence_one(size_t i, void *arg)
{
	struct evidence_job *job = arg;
	size_t tu = i / 2;
	bool gcc = !(i & 1);
	struct zt_tu_evidence *ev = &job->ev[tu];

	if (!job->want[tu] || (gcc && !job->gcc) || (!gcc && !job->clang))
		return;
	if (zt_evidence_collect(&job->db->v[tu], gcc ? ZT_CC_GCC : ZT_CC_CLANG, job->scratch,
				gcc ? &ev->gcc : &ev->clang)) {
		job->errors[i] = xstrdup(zt_last_error());
		zt_evidence_release(gcc ? &ev->gcc : &ev->clang);
		return;
	}
	if (gcc)
		ev->have_gcc = true;
	else
		ev->have_clang = true;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

static json_t *run_info(const struct zt_program *p, const struct zt_tu_evidence *ev,
			const struct check_run *r, char **ev_errors)
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
		for (int c = 0; c < 2 && ev_errors; c++)
			if (ev_errors[t * 2 + c])
				json_array_append_new(ev_failed,
						      json_pack("{s:s, s:s, s:s}", "file", tu->file,
								"compiler", c ? "clang" : "gcc",
								"error", ev_errors[t * 2 + c]));
		if (ev && ev[t].have_gcc && ev[t].gcc.compiler_id &&
		    !json_object_get(compilers, "gcc"))
			json_object_set_new(compilers, "gcc", json_string(ev[t].gcc.compiler_id));
		if (ev && ev[t].have_clang && ev[t].clang.compiler_id &&
		    !json_object_get(compilers, "clang"))
			json_object_set_new(compilers, "clang",
					    json_string(ev[t].clang.compiler_id));
	}
	for (size_t i = 0; i < p->n; i++)
		if (p->nodes[i].is_root)
			json_array_append_new(roots, json_pack("{s:s, s:s}", "function",
							       p->nodes[i].name, "why",
							       p->nodes[i].root_why));
	json_object_set_new(run, "compilers", compilers);
	json_object_set_new(run, "evidence", json_string(r->evidence));
	json_object_set_new(run, "files", json_integer((json_int_t)p->n_tus));
	json_object_set_new(run, "unparsed", unparsed);
	json_object_set_new(run, "evidence_failed", ev_failed);
	json_object_set_new(run, "roots", roots);
	json_object_set_new(run, "budget", json_integer(p->budget));
	json_object_set_new(run, "min_size", json_integer(r->so.min_size));
	return run;
}

int do_check(struct zt_ctx *ctx, int argc, char **argv)
{
	struct check_run r = { .evidence = "both" };
	struct zt_compdb db = { 0 };
	struct zt_program prog = { 0 };
	struct zt_findings fs = { 0 };
	struct zt_tu_evidence *ev = NULL;
	struct zt_hot_opts ho = { 0 };
	struct evidence_job job = { 0 };
	char *scratch = NULL;
	bool done = false, have_scratch = false;
	int ret = ZT_EXIT_INTERNAL;
	size_t n_unparsed = 0;
	json_t *info = NULL;

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

	if (r.build_dir ? zt_compdb_load(r.build_dir, &db) :
			  zt_compdb_from_files(r.files, r.n_files, r.flags, r.n_flags, &db)) {
		ret = ZT_EXIT_INPUT;
		goto out;
	}
	if (ctx->verbose)
		note("parsing %zu translation units with %d job(s)", db.n, ctx->jobs);
	ho.hot = r.hot;
	ho.n_hot = r.n_hot;
	ho.rules = &r.rules;
	if (zt_program_build(ctx, &db, &ho, &prog))
		goto out;
	if (r.budget)
		prog.budget = r.budget;
	for (size_t t = 0; t < prog.n_tus; t++) {
		const struct zt_tu_facts *tu = &prog.tus[t];

		if (!tu->n_errors)
			continue;
		n_unparsed++;
		if (tu->errors[0].line)
			warning("%s: could not be parsed fully: %s:%u:%u: %s (%zu error(s))",
				tu->file, tu->errors[0].file, tu->errors[0].line,
				tu->errors[0].column, tu->errors[0].message, tu->n_errors);
		else
			warning("%s: could not be parsed fully: %s (%zu error(s))", tu->file,
				tu->errors[0].message, tu->n_errors);
	}

	if (r.so.want_gcc || r.so.want_clang) {
		const char *tmp = getenv("TMPDIR");

		scratch = xasprintf("%s/zerotax-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(scratch)) {
			error("cannot create a scratch directory: %s", strerror(errno));
			goto out;
		}
		have_scratch = true;
		ev = xcalloc(prog.n_tus + 1, sizeof(*ev));
		job = (struct evidence_job){
			.db = &db,
			.want = zt_stack_evidence_tus(&prog, &r.so),
			.ev = ev,
			.gcc = r.so.want_gcc,
			.clang = r.so.want_clang,
			.scratch = scratch,
			.errors = xcalloc(prog.n_tus * 2 + 1, sizeof(char *)),
		};
		if (ctx->verbose)
			note("collecting compiler evidence (%s)", r.evidence);
		zt_parallel_for(prog.n_tus * 2, ctx->jobs, evidence_one, &job);
		for (size_t i = 0; i < prog.n_tus * 2; i++)
			if (job.errors[i])
				warning("%s: %s evidence compile failed, judging from the AST: %s",
					prog.tus[i / 2].file, i & 1 ? "clang" : "gcc",
					job.errors[i]);
	}
	zt_stack_check(&prog, &db, ev, &r.so, &fs);

	info = run_info(&prog, ev, &r, job.errors);
	{
		char cwd[4096];
		struct zt_emit_conf conf = {
			.command = "check",
			.base_dir = r.build_dir ? NULL : getcwd(cwd, sizeof(cwd)),
			.run_info = info,
		};

		if (findings__fprintf(&fs, &conf, ctx->format, ctx->out)) {
			error("cannot write the findings");
			goto out;
		}
	}
	if (zt_findings_count_active(&fs))
		ret = ZT_EXIT_FINDINGS;
	else if (n_unparsed)
		ret = ZT_EXIT_INPUT;
	else
		ret = ZT_EXIT_CLEAN;
out:
	json_decref(info);
	if (ev) {
		for (size_t t = 0; t < prog.n_tus; t++) {
			zt_evidence_release(&ev[t].gcc);
			zt_evidence_release(&ev[t].clang);
		}
		free(ev);
	}
	if (job.errors) {
		for (size_t i = 0; i < prog.n_tus * 2; i++)
			free(job.errors[i]);
		free(job.errors);
	}
	free((void *)job.want);
	if (have_scratch)
		nftw(scratch, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(scratch);
	zt_findings_release(&fs);
	zt_program_release(&prog);
	zt_compdb_release(&db);
	zt_hotrules_release(&r.rules);
	free(r.hot);
	free(r.rules_files);
	free(r.files);
	free(r.flags);
	return ret;
}
