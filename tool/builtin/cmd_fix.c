// SPDX-License-Identifier: GPL-2.0-only
/* zerotax fix: rewrite what check found, verify the copy, then hand it back. */
#include <errno.h>
#include <getopt.h>
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
#include "process.h"

const char fix_help[] =
	"usage: zerotax fix [--input check.json | -p BUILD_DIR] [options] [-- CFLAGS]\n"
	"\n"
	"Rewrite the stack findings of `zerotax check` with Coccinelle, on a copy of\n"
	"the tree, and verify the copy before anything is written back: every\n"
	"expected hunk is present, every affected file compiles with its compile\n"
	"database flags, sparse reports nothing new. A failure at any step leaves\n"
	"the tree untouched and names the step.\n"
	"\n"
	"Input:\n"
	"  -i, --input FILE        the JSON of `zerotax check --format=json`\n"
	"  -p BUILD_DIR            compile_commands.json; without --input, runs check\n"
	"  -s, --source DIR        the tree the findings point into (default: .)\n"
	"  -- CFLAGS               compile flags when there is no compile database\n"
	"\n"
	"Rewrite:\n"
	"  --strategy=hoist        the local moves into the per-queue owner (default)\n"
	"  --strategy=uninitialized  the local gets __uninitialized, where the evidence\n"
	"                          shows every byte read is written first\n"
	"  --emit DIR              keep the instantiated semantic patches in DIR\n"
	"  --output DIR            keep the rewritten copy of the tree in DIR\n"
	"  --trust-fill            uninitialized: accept the guard rule's proof that a\n"
	"                          call fills it first, without clang's evidence\n"
	"  --no-sparse             skip the sparse comparison\n"
	"  --timeout SECONDS       per spatch or compiler run (default 120)\n"
	"  -j N                    verification compiles N TUs at once (default 1)\n"
	"\n"
	"Result (one of):\n"
	"  --diff                  a unified diff on stdout (the default)\n"
	"  --in-place [--force]    write the tree; a dirty git tree needs --force\n"
	"  --format-patch DIR      a git format-patch style mail in DIR\n"
	"  --bench-table FILE      a table to quote in the mail (from zerotax prove)\n"
	"  --format=text|json      the report of what was done and refused\n"
	"\n"
	"Exit: 0 everything applicable applied, 1 some findings refused,\n"
	"2 usage, 3 a step failed (the tree is untouched), 4 internal error.\n";

enum { OPT_TRUST_FILL = 255, OPT_STRATEGY = 256, OPT_EMIT, OPT_OUTPUT, OPT_NO_SPARSE, OPT_TIMEOUT, OPT_DIFF,
       OPT_IN_PLACE, OPT_FORCE, OPT_FORMAT_PATCH, OPT_BENCH, OPT_FORMAT };

static const struct option fix_options[] = {
	{ "input", required_argument, NULL, 'i' },
	{ "source", required_argument, NULL, 's' },
	{ "strategy", required_argument, NULL, OPT_STRATEGY },
	{ "emit", required_argument, NULL, OPT_EMIT },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "no-sparse", no_argument, NULL, OPT_NO_SPARSE },
	{ "trust-fill", no_argument, NULL, OPT_TRUST_FILL },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "jobs", required_argument, NULL, 'j' },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "in-place", no_argument, NULL, OPT_IN_PLACE },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "format-patch", required_argument, NULL, OPT_FORMAT_PATCH },
	{ "bench-table", required_argument, NULL, OPT_BENCH },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ NULL, 0, NULL, 0 },
};

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
		if (it->sp_file)
			fprintf(f, "    semantic patch: %s\n", it->sp_file);
	}
	if (r->field)
		fprintf(f, "field: %s\n", r->field);
	if (r->moved)
		fprintf(f, "moved: %s\n", r->moved);
	if (r->included)
		fprintf(f, "included: %s\n", r->included);
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

static json_t *result_json(const struct zt_findings *fs, const struct zt_fix_result *r,
			   const struct zt_fix_opts *o, const char *diff, const char *patch)
{
	json_t *items = json_array(), *changed = json_array();

	for (size_t i = 0; i < r->n_items; i++) {
		const struct zt_fix_item *it = &r->items[i];
		const struct zt_finding *fd = &fs->v[it->finding];

		if (it->status == ZT_FIX_NOT_APPLICABLE)
			continue;
		json_array_append_new(items, json_pack("{s:s, s:i, s:s?, s:s?, s:s?, s:s, s:s?, s:s?, s:s?, s:s?}",
			"file", fd->file, "line", (int)fd->line, "function", fd->function,
			"symbol", fd->symbol, "type", fd->type,
			"status", zt_fix_status_name(it->status), "step", it->step,
			"reason", it->reason, "why", it->why, "semantic_patch", it->sp_file));
	}
	for (size_t i = 0; i < r->n_changed; i++)
		json_array_append_new(changed, json_string(r->changed[i]));
	return json_pack("{s:s, s:s, s:s, s:s, s:b, s:s?, s:s?, s:o, s:o, s:s?, s:s?,"
			 " s:s?, s:i, s:{s:b, s:i, s:i}, s:s?, s:s?}",
			 "tool", "zerotax", "version", ZT_VERSION, "command", "fix",
			 "strategy", o->strategy == ZT_FIX_HOIST ? "hoist" : "uninitialized",
			 "ok", r->failed_step == NULL, "failed_step", r->failed_step,
			 "failure", r->failure, "items", items, "changed", changed,
			 "field", r->field, "moved", r->moved, "included", r->included,
			 "compiled", (int)r->n_compiled, "sparse", "ran", r->sparse_ran, "before", (int)r->sparse_before,
			 "after", (int)r->sparse_after, "diff", diff, "patch", patch);
}

int do_fix(struct zt_ctx *ctx, int argc, char **argv)
{
	struct zt_fix_opts o = { .strategy = ZT_FIX_HOIST, .source_dir = ".", .sparse = true };
	const char *input = NULL, *build = NULL, *output = NULL, *patch_dir = NULL;
	const char *bench = NULL;
	bool in_place = false, force = false, diff_mode = false, have_db = false;
	struct zt_findings fs = { 0 };
	struct zt_fix_result r = { 0 };
	struct zt_compdb db = { 0 };
	char *check_json = NULL;
	char *diff = NULL, *patch_path = NULL;
	unsigned long secs;
	int c, ret = ZT_EXIT_USAGE;

	optind = 0;
	while ((c = getopt_long(argc, argv, "i:p:s:j:", fix_options, NULL)) != -1) {
		switch (c) {
		case 'i':
			input = optarg;
			break;
		case 'p':
			build = optarg;
			break;
		case 's':
			o.source_dir = optarg;
			break;
		case 'j':
			if (zt_parse_uint(optarg, 256, &secs) || !secs)
				return error("-j wants a positive number, not '%s'", optarg),
				       ZT_EXIT_USAGE;
			ctx->jobs = (int)secs;
			break;
		case OPT_STRATEGY:
			if (!strcmp(optarg, "hoist"))
				o.strategy = ZT_FIX_HOIST;
			else if (!strcmp(optarg, "uninitialized"))
				o.strategy = ZT_FIX_UNINITIALIZED;
			else
				return error("unknown strategy '%s' (hoist, uninitialized)", optarg),
				       ZT_EXIT_USAGE;
			break;
		case OPT_EMIT:
			o.emit_dir = optarg;
			break;
		case OPT_OUTPUT:
			output = optarg;
			break;
		case OPT_TRUST_FILL:
			o.trust_fill = true;
			break;
		case OPT_NO_SPARSE:
			o.sparse = false;
			break;
		case OPT_TIMEOUT:
			if (zt_parse_uint(optarg, 86400, &secs) || !secs)
				return error("bad --timeout '%s'", optarg), ZT_EXIT_USAGE;
			o.timeout_ms = (unsigned int)secs * 1000;
			break;
		case OPT_DIFF:
			diff_mode = true;
			break;
		case OPT_IN_PLACE:
			in_place = true;
			break;
		case OPT_FORCE:
			force = true;
			break;
		case OPT_FORMAT_PATCH:
			patch_dir = optarg;
			break;
		case OPT_BENCH:
			bench = optarg;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				ctx->format = ZT_FORMAT_JSON;
			else if (!strcmp(optarg, "text"))
				ctx->format = ZT_FORMAT_TEXT;
			else
				return error("unknown format '%s' (text, json)", optarg), ZT_EXIT_USAGE;
			break;
		default:
			return ZT_EXIT_USAGE;
		}
	}
	if (!input && !build)
		return error("fix needs --input check.json or -p BUILD_DIR"), ZT_EXIT_USAGE;
	if (in_place + diff_mode + !!patch_dir > 1)
		return error("--in-place, --diff and --format-patch exclude each other"),
		       ZT_EXIT_USAGE;
	if (force && !in_place)
		return error("--force only goes with --in-place"), ZT_EXIT_USAGE;
	if (bench && !patch_dir)
		return error("--bench-table only goes with --format-patch"), ZT_EXIT_USAGE;
	if (!in_place && !patch_dir)
		diff_mode = true;
	if (optind < argc)
		o.cflags = argv + optind;	/* getopt stops at "--"; the rest is NULL-terminated */

	ret = ZT_EXIT_INPUT;
	{
		char *what = NULL;

		if (zt_fix_recover(o.source_dir, &what))
			goto out;
		if (what)
			warning("%s: %s", o.source_dir, what);
		free(what);
	}
	if (build) {
		if (zt_compdb_load(build, &db))
			goto out;
		have_db = true;
		o.db = &db;
	}
	if (!input) {
		check_json = xasprintf("%s/zerotax-check.json", build);
		if (run_check(build, check_json))
			goto out;
		input = check_json;
	}
	if (zt_findings_load_json(input, &fs, NULL))
		goto out;
	/* No copy of the tree: the rewritten files live in a scratch shadow of it. */
	o.output_dir = output;
	o.jobs = ctx->jobs;

	if (zt_fix_tree(ctx, &o, &fs, &r)) {
		ret = ZT_EXIT_INPUT;
	} else if (in_place) {
		ret = zt_fix_write_back(&o, &r, force) ? ZT_EXIT_INPUT : ZT_EXIT_CLEAN;
		if (ret) {
			r.failed_step = "write-back";
			free(r.failure);
			r.failure = xstrdup(zt_last_error());
		}
	} else if (patch_dir && r.n_applied) {
		ret = zt_fix_format_patch(&o, &fs, &r, patch_dir, bench, &patch_path) ?
		      ZT_EXIT_INPUT : ZT_EXIT_CLEAN;
	} else if (zt_fix_diff(&o, &r, &diff)) {
		ret = ZT_EXIT_INPUT;
	} else {
		ret = ZT_EXIT_CLEAN;
	}
	if (ret == ZT_EXIT_CLEAN && r.n_refused)
		ret = ZT_EXIT_FINDINGS;

	if (ctx->format == ZT_FORMAT_JSON && ret < ZT_EXIT_USAGE) {
		json_t *j = result_json(&fs, &r, &o, diff, patch_path);

		json_dumpf(j, ctx->out, JSON_INDENT(2));
		fputc('\n', ctx->out);
		json_decref(j);
	} else if (ctx->format != ZT_FORMAT_JSON) {
		/* The diff owns stdout; the report goes beside it. */
		print_text(diff_mode ? ctx->err : ctx->out, &fs, &r, &o);
		if (diff)
			fputs(diff, ctx->out);
		if (patch_path)
			fprintf(ctx->out, "%s\n", patch_path);
	}
out:
	if (have_db)
		zt_compdb_release(&db);
	zt_fix_result_release(&r);
	zt_findings_release(&fs);
	free(check_json);
	free(diff);
	free(patch_path);
	return ret;
}
