// SPDX-License-Identifier: GPL-2.0-only
/* zerotax fix: rewrite what check found, verify the copy, then hand it back. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "commands.h"
#include "emit.h"
#include "fixtree.h"
#include "journal.h"
#include "patches.h"
#include "parse-options.h"
#include "process.h"
#include "subjects.h"

static const struct zt_usage fix_usage = {
	.usage = "zerotax fix [--input check.json | -p BUILD_DIR] [options] [-- CFLAGS]",
	.about =
	"Rewrite the stack findings of `zerotax check` with Coccinelle, on a copy of\n"
	"the tree, and verify the copy before anything is written back: every\n"
	"expected hunk is present, every affected file compiles with its compile\n"
	"database flags, sparse reports nothing new. A failure at any step leaves\n"
	"the tree untouched and names the step.\n",
	.tail =
	"Exit: 0 everything applicable applied, 1 some findings refused,\n"
	"2 usage, 3 a step failed (the tree is untouched), 4 internal error.\n",
	.examples =
	"$ zerotax fix -p build/ -s . --diff\n"
	"  runs check, rewrites a copy, verifies it, prints the patch\n"
	"$ zerotax fix -i check.json --in-place\n"
	"  the findings of an earlier check, written back\n"
	"$ zerotax fix -p build/ --strategy=uninitialized --format-patch out/\n"
	"  __uninitialized where the evidence allows, as a mail\n"
	"$ zerotax fix -p build/ -s linux --format-patch out/ --signoff\n"
	"  one signed-off patch per driver, a series with a cover letter\n",
};

struct fix_args {
	struct zt_fix_opts o;
	const char *input, *build, *output, *patch_dir, *bench, *author, *subject_rules;
	bool in_place, force, diff_mode, signoff;
	enum zt_format format;
};

static int opt_strategy(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	enum zt_fix_strategy *s = opt->data;

	(void)ctx;
	if (!strcmp(arg, "hoist"))
		*s = ZT_FIX_HOIST;
	else if (!strcmp(arg, "uninitialized"))
		*s = ZT_FIX_UNINITIALIZED;
	else if (!strcmp(arg, "auto"))
		*s = ZT_FIX_AUTO;
	else
		return error("unknown strategy '%s' (auto, hoist, uninitialized)", arg);
	return 0;
}

static int opt_timeout(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	unsigned int *ms = opt->data;
	unsigned long secs;

	(void)ctx;
	if (zt_parse_uint(arg, 86400, &secs) || !secs)
		return error("bad --timeout '%s'", arg);
	*ms = (unsigned int)secs * 1000;
	return 0;
}

/* 1: parsed, go on; 0: done (--help); -1: a usage error. */
static int parse_args(struct zt_ctx *ctx, int argc, char **argv, struct fix_args *f)
{
	const struct zt_option opts[] = {
		ZT_OPT_GROUP("Input:"),
		ZT_OPT_STRING('i', "input", &f->input, "FILE",
			      "the JSON of `zerotax check --format=json`"),
		ZT_OPT_STRING('p', NULL, &f->build, "BUILD_DIR",
			      "compile_commands.json; without --input, runs check"),
		ZT_OPT_STRING('s', "source", &f->o.source_dir, "DIR",
			      "the tree the findings point into (default: .)"),
		ZT_OPT_NOTE("-- CFLAGS", "compile flags when there is no compile database"),
		ZT_OPT_GROUP("Rewrite:"),
		{ .type = ZT_OPT_CALLBACK, .long_name = "strategy", .data = &f->o.strategy,
		  .argh = "NAME", .flags = ZT_OPTF_EQ, .cb = opt_strategy,
		  .help = "auto (default): per finding, hoist where the owner is\n"
			  "proved per queue, else uninitialized; hoist: the local\n"
			  "moves into the per-queue owner; uninitialized: it gets\n"
			  "__uninitialized. Each only where every field read is\n"
			  "written first on every path (definite assignment)" },
		ZT_OPT_STRING(0, "emit", &f->o.emit_dir, "DIR",
			      "keep the instantiated semantic patches in DIR"),
		ZT_OPT_STRING(0, "output", &f->output, "DIR",
			      "keep the rewritten copy of the tree in DIR"),
		ZT_OPT_BOOL(0, "trust-fill", &f->o.trust_fill,
			    "kept for old scripts: definite assignment decides,\n"
			    "never clang's evidence"),
		ZT_OPT_SET_FALSE(0, "no-sparse", &f->o.sparse, "skip the sparse comparison"),
		ZT_OPT_CALLBACK(0, "timeout", &f->o.timeout_ms, "SECONDS",
				"per spatch or compiler run (default 120)", opt_timeout),
		ZT_OPT_JOBS(&ctx->jobs, "verification compiles N TUs at once (default 1)"),
		ZT_OPT_GROUP("Result (one of):"),
		ZT_OPT_BOOL(0, "diff", &f->diff_mode, "a unified diff on stdout (the default)"),
		ZT_OPT_BOOL(0, "in-place", &f->in_place, "write the tree"),
		ZT_OPT_BOOL(0, "force", &f->force, "with --in-place: write a dirty git tree too"),
		ZT_OPT_STRING(0, "format-patch", &f->patch_dir, "DIR",
			      "git format-patch style mails in DIR: one patch per\n"
			      "driver; more than one, a series with a cover letter"),
		ZT_OPT_STRING(0, "bench-table", &f->bench, "FILE",
			      "a table to quote in the mail (from zerotax prove)"),
		ZT_OPT_STRING(0, "author", &f->author, "AUTHOR",
			      "'Name <email>', the patches' From: (default:\n"
			      "git config user.name and user.email in the tree)"),
		ZT_OPT_BOOL(0, "signoff", &f->signoff,
			    "end each patch with Signed-off-by: the author"),
		ZT_OPT_STRING(0, "subject-rules", &f->subject_rules, "FILE",
			      "netdev-subjects.conf lines read after the shipped\n"
			      "ones: a driver's subject prefix, its patch"),
		ZT_OPT_FORMAT(&f->format, ZT_FORMATS(ZT_FORMAT_TEXT, ZT_FORMAT_JSON),
			      "the report of what was done and refused"),
		ZT_OPT_END(),
	};
	int first = zt_parse_options(ctx, "fix", argc, argv, opts, &fix_usage, 0);

	if (first <= 0)
		return first;
	if (!f->input && !f->build)
		return error("fix needs --input check.json or -p BUILD_DIR");
	if (f->in_place + f->diff_mode + !!f->patch_dir > 1)
		return error("--in-place, --diff and --format-patch exclude each other");
	if (f->force && !f->in_place)
		return error("--force only goes with --in-place");
	if ((f->bench || f->author || f->signoff || f->subject_rules) && !f->patch_dir)
		return error("--%s only goes with --format-patch",
			     f->bench ? "bench-table" : f->author ? "author" :
			     f->signoff ? "signoff" : "subject-rules");
	if (!f->in_place && !f->patch_dir)
		f->diff_mode = true;
	if (first < argc)
		f->o.cflags = argv + first;	/* getopt stops at "--"; the rest is NULL-terminated */
	return 1;
}

/* Without --input: run our own check on the build and read its JSON. */
static int run_check(const char *build_dir, const char *json_path)
{
	char *argv[] = { "/proc/self/exe", "check", "-p", (char *)build_dir, "--format=json",
			 NULL };
	struct zt_spawn_opts so = { .stdout_path = json_path, .timeout_ms = 30 * 60 * 1000 };
	struct zt_spawn_result res;
	int ret;

	ret = zt_spawn(argv, &so, &res);
	if (!ret && res.exit_code > ZT_EXIT_FINDINGS)
		ret = error("zerotax check failed (exit %d): %s", res.exit_code, res.err);
	zt_spawn_result_release(&res);
	return ret;
}

/* A hoisted item's new member: "struct mlx5e_rq: struct xdp_buff xdp after page_pool". */
static char *field_of(const struct zt_finding *fd, const struct zt_fix_item *it)
{
	return xasprintf("%s: %s %s %s%s", it->owner, fd->type ? fd->type : "?", fd->symbol,
			 it->after ? "after " : "at the end", it->after ? it->after : "");
}

static void print_text(FILE *f, const struct zt_findings *fs, const struct zt_fix_result *r,
		       const struct zt_fix_opts *o)
{
	for (size_t i = 0; i < r->n_items; i++) {
		const struct zt_fix_item *it = &r->items[i];
		const struct zt_finding *fd = &fs->v[it->finding];

		if (it->status == ZT_FIX_NOT_APPLICABLE)
			continue;
		fprintf(f, "%s:%u: %s: %s %s in %s()", fd->file, fd->line,
			zt_fix_status_name(it->status), fd->type ? fd->type : "?", fd->symbol,
			fd->function);
		if (it->status == ZT_FIX_REFUSED)
			fprintf(f, ": %s", it->reason);
		fputc('\n', f);
		if (it->why)
			fprintf(f, "    why: %s\n", it->why);
		if (it->owner) {
			char *field = field_of(fd, it);

			fprintf(f, "    field: %s\n", field);
			free(field);
		}
		if (it->moved)
			fprintf(f, "    moved: %s\n", it->moved);
		if (it->included)
			fprintf(f, "    included: %s\n", it->included);
		if (it->sp_file)
			fprintf(f, "    semantic patch: %s\n", it->sp_file);
	}
	if (r->failed_step) {
		fprintf(f, "failed: step '%s': %s\nthe tree %s is untouched\n", r->failed_step,
			r->failure, o->source_dir);
		return;
	}
	fprintf(f, "verified: %zu applied, %zu refused, %zu file(s) changed, %zu TU(s) compiled",
		r->n_applied, r->n_refused, r->n_changed, r->n_compiled);
	if (r->sparse_ran)
		fprintf(f, ", sparse: no new warnings (%zu before, %zu after)", r->sparse_before,
			r->sparse_after);
	fputc('\n', f);
	{
		/* What fix costs beyond the tools it runs (libclang's parse is ours). */
		struct rusage self, kids;

		getrusage(RUSAGE_SELF, &self);
		getrusage(RUSAGE_CHILDREN, &kids);
		fprintf(f, "cpu: zerotax %.1f s, compilers/spatch/sparse %.1f s; peak memory: "
			"zerotax %ld MB, largest child %ld MB\n",
			self.ru_utime.tv_sec + self.ru_stime.tv_sec +
			(self.ru_utime.tv_usec + self.ru_stime.tv_usec) / 1e6,
			kids.ru_utime.tv_sec + kids.ru_stime.tv_sec +
			(kids.ru_utime.tv_usec + kids.ru_stime.tv_usec) / 1e6,
			self.ru_maxrss / 1024, kids.ru_maxrss / 1024);
	}
}

/* One patch of --format-patch: what it holds and what checkpatch said of it. */
static json_t *patch_json(const struct zt_fix_patch *p)
{
	json_t *files = json_array(), *first = json_array(), *cp = NULL;

	for (size_t i = 0; i < p->n_files; i++)
		json_array_append_new(files, json_string(p->files[i]));
	for (size_t i = 0; i < p->n_checkpatch_first; i++)
		json_array_append_new(first, json_string(p->checkpatch_first[i]));
	if (p->checkpatch != ZT_CHECKPATCH_NOT_RUN)
		cp = json_pack("{s:s, s:s?, s:o}", "status",
			       zt_checkpatch_status_name(p->checkpatch), "total",
			       p->checkpatch_total, "messages", json_incref(first));
	json_decref(first);
	return json_pack("{s:s, s:s, s:s, s:i, s:i, s:i, s:o, s:o}", "path", p->path,
			 "subject", p->subject, "prefix", p->prefix, "hoisted", (int)p->n_hoisted,
			 "uninitialized", (int)p->n_uninitialized, "not_changed",
			 (int)p->n_refused, "files", files, "checkpatch", cp ? cp : json_null());
}

static json_t *result_json(const struct zt_findings *fs, const struct zt_fix_result *r,
			   const struct zt_fix_opts *o, const char *diff,
			   const struct zt_fix_patches *ps)
{
	json_t *items = json_array(), *changed = json_array();

	for (size_t i = 0; i < r->n_items; i++) {
		const struct zt_fix_item *it = &r->items[i];
		const struct zt_finding *fd = &fs->v[it->finding];

		char *field;

		if (it->status == ZT_FIX_NOT_APPLICABLE)
			continue;
		field = it->owner ? field_of(fd, it) : NULL;
		json_array_append_new(items, json_pack("{s:s, s:i, s:s?, s:s?, s:s?, s:s, s:s?, s:s?, s:s?, s:s?, s:s?, s:s?, s:s?, s:s?}",
			"file", fd->file, "line", (int)fd->line, "function", fd->function,
			"symbol", fd->symbol, "type", fd->type,
			"status", zt_fix_status_name(it->status), "step", it->step,
			"reason", it->reason, "why", it->why, "semantic_patch", it->sp_file, "strategy",
			it->status == ZT_FIX_APPLIED ? zt_fix_strategy_name(it->strategy) : NULL,
			"field", field, "moved", it->moved, "included", it->included));
		free(field);
	}
	for (size_t i = 0; i < r->n_changed; i++)
		json_array_append_new(changed, json_string(r->changed[i]));
	json_t *j, *patches = json_array();

	for (size_t i = 0; i < ps->n; i++)
		json_array_append_new(patches, patch_json(&ps->v[i]));
	j = json_pack("{s:s, s:s, s:s, s:s, s:b, s:s?, s:s?, s:o, s:o,"
		      " s:i, s:{s:b, s:i, s:i}, s:s?, s:s?, s:s?}",
		      "tool", "zerotax", "version", ZT_VERSION, "command", "fix",
		      "strategy", zt_fix_strategy_name(o->strategy),
		      "ok", r->failed_step == NULL, "failed_step", r->failed_step,
		      "failure", r->failure, "items", items, "changed", changed,
		      "compiled", (int)r->n_compiled, "sparse", "ran", r->sparse_ran, "before", (int)r->sparse_before,
		      "after", (int)r->sparse_after, "diff", diff,
		      "patch", ps->n ? ps->v[0].path : NULL, "cover_letter", ps->cover);
	/* a series: each patch, its subject and checkpatch's verdict */
	json_object_set_new(j, "patches", patches);
	return j;
}

/* One run of fix: its arguments, its inputs and what became of them. */
struct fix_run {
	struct fix_args f;
	struct zt_findings fs;
	struct zt_fix_result r;
	struct zt_compdb db;
	bool have_db;
	char *check_json;	/* check's JSON when fix ran check itself */
	char *diff;
	char *author;		/* --format-patch: --author, or git's user.name and user.email */
	struct zt_fix_patches patches;
};

/* The database and the findings (from --input, or a check fix runs itself). */
static int load_inputs(struct fix_run *x)
{
	const char *input = x->f.input;

	if (zt_fix_recover_above(x->f.o.source_dir))
		return -1;
	if (x->f.build) {
		if (zt_compdb_load(x->f.build, &x->db))
			return -1;
		x->have_db = true;
		x->f.o.db = &x->db;
	}
	if (!input) {
		/* scratch, never BUILD (an in-tree database would make --in-place refuse it) */
		x->check_json = xasprintf("%s/zerotax-check-%d.json", zt_tmpdir(), (int)getpid());
		if (run_check(x->f.build, x->check_json))
			return -1;
		input = x->check_json;
	}
	return zt_findings_load_json(input, &x->fs, NULL);
}

/* The rewrite's result where it was asked for: the tree, a patch file or a diff. */
static int deliver(struct fix_run *x)
{
	struct zt_fix_result *r = &x->r;
	int ret;

	if (x->f.in_place) {
		ret = zt_fix_write_back(&x->f.o, r, x->f.force) ? ZT_EXIT_INPUT : ZT_EXIT_CLEAN;
		if (ret) {
			r->failed_step = "write-back";
			free(r->failure);
			r->failure = xstrdup(zt_last_error());
		}
	} else if (x->f.patch_dir && r->n_applied) {
		const struct zt_fix_patch_opts po = {
			.dir = x->f.patch_dir, .author = x->author, .bench_table = x->f.bench,
			.subject_rules = x->f.subject_rules, .signoff = x->f.signoff,
			.timeout_ms = x->f.o.timeout_ms,
		};

		ret = zt_fix_format_patches(&x->f.o, &x->fs, r, &po, &x->patches) ?
		      ZT_EXIT_INPUT : ZT_EXIT_CLEAN;
		/* checkpatch's complaints are said, and are no failure */
		for (size_t i = 0; i < x->patches.n; i++)
			if (x->patches.v[i].checkpatch >= ZT_CHECKPATCH_PROBLEMS)
				warning("%s: checkpatch --strict: %s", x->patches.v[i].path,
					x->patches.v[i].n_checkpatch_first ?
					x->patches.v[i].checkpatch_first[0] : "not clean");
	} else {
		ret = zt_fix_diff(&x->f.o, r, &x->diff) ? ZT_EXIT_INPUT : ZT_EXIT_CLEAN;
	}
	if (ret == ZT_EXIT_CLEAN && r->n_refused)
		ret = ZT_EXIT_FINDINGS;
	return ret;
}

/* Each file written, and under each patch what checkpatch said of it. */
static void print_patches(FILE *f, const struct zt_fix_patches *ps)
{
	if (ps->cover)
		fprintf(f, "%s\n", ps->cover);
	for (size_t i = 0; i < ps->n; i++) {
		const struct zt_fix_patch *p = &ps->v[i];

		fprintf(f, "%s\n", p->path);
		if (p->checkpatch == ZT_CHECKPATCH_NOT_RUN)
			fputs("    checkpatch: not run (no scripts/checkpatch.pl in the tree)\n", f);
		else if (p->checkpatch == ZT_CHECKPATCH_CLEAN)
			fputs("    checkpatch: clean\n", f);
		else
			fprintf(f, "    checkpatch: %s%s%s\n",
				p->checkpatch == ZT_CHECKPATCH_FAILED ? "could not run" :
				p->checkpatch_total ? p->checkpatch_total : "not clean",
				p->n_checkpatch_first ? ": " : "",
				p->n_checkpatch_first ? p->checkpatch_first[0] : "");
		for (size_t k = 1; k < p->n_checkpatch_first; k++)
			fprintf(f, "        %s\n", p->checkpatch_first[k]);
	}
}

static void report(struct zt_ctx *ctx, const struct fix_run *x, int ret)
{
	if (ctx->format == ZT_FORMAT_JSON && ret < ZT_EXIT_USAGE) {
		json_t *j = result_json(&x->fs, &x->r, &x->f.o, x->diff, &x->patches);

		json_dumpf(j, ctx->out, JSON_INDENT(2));
		fputc('\n', ctx->out);
		json_decref(j);
	} else if (ctx->format != ZT_FORMAT_JSON) {
		/* The diff owns stdout; the report goes beside it. */
		print_text(x->f.diff_mode ? ctx->err : ctx->out, &x->fs, &x->r, &x->f.o);
		if (x->diff)
			fputs(x->diff, ctx->out);
		print_patches(ctx->out, &x->patches);
	}
}

static void fix_run_release(struct fix_run *x)
{
	if (x->have_db)
		zt_compdb_release(&x->db);
	zt_fix_result_release(&x->r);
	zt_findings_release(&x->fs);
	if (x->check_json)
		unlink(x->check_json);
	free(x->check_json);
	free(x->diff);
	free(x->author);
	zt_fix_patches_release(&x->patches);
}

/*
 * --format-patch's author and --subject-rules, before the run: a mail nobody
 * can send (no author) or a rules file that does not parse is said now, not
 * after minutes of verification. -1 and *@rc: 2 for the author (an option
 * to give), 3 for the file.
 */
static int check_patch_inputs(struct fix_run *x, int *rc)
{
	struct zt_subject_rules sr = ZT_SUBJECT_RULES_INIT;
	int bad;

	*rc = ZT_EXIT_USAGE;
	if (zt_fix_author(x->f.o.source_dir, x->f.author, &x->author))
		return -1;
	*rc = ZT_EXIT_INPUT;
	bad = x->f.subject_rules && zt_subject_rules_add_file(x->f.subject_rules, &sr);
	zt_subject_rules_release(&sr);
	return bad ? -1 : 0;
}

int do_fix(struct zt_ctx *ctx, int argc, char **argv)
{
	struct fix_run x = {
		.f.o = { .strategy = ZT_FIX_AUTO, .source_dir = ".", .sparse = true },
	};
	int ret;

	ret = parse_args(ctx, argc, argv, &x.f);
	if (ret <= 0)
		return ret ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
	ctx->format = x.f.format;
	if (x.f.patch_dir && check_patch_inputs(&x, &ret))
		goto out;
	/* Interrupted (SIGINT, SIGTERM, SIGHUP): no scratch left, the tree recovered. */
	if (zt_cmd_guarded(ctx, "fix")) {
		int rc = zt_fix_guard(x.f.o.source_dir, x.f.output, &ret);

		if (rc) {
			ret = rc < 0 ? ZT_EXIT_INPUT : ret;	/* 1: the guard, done */
			goto out;
		}
	}
	ret = ZT_EXIT_INPUT;
	if (load_inputs(&x))
		goto out;
	/* No copy of the tree: the rewritten files live in a scratch shadow of it. */
	x.f.o.output_dir = x.f.output;
	x.f.o.jobs = ctx->jobs;
	ret = zt_fix_tree(ctx, &x.f.o, &x.fs, &x.r) ? ZT_EXIT_INPUT : deliver(&x);
	report(ctx, &x, ret);
out:
	fix_run_release(&x);
	return ret;
}
