// SPDX-License-Identifier: GPL-2.0-only
/* zerotax merge: join the JSON results of several shards into one. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "emit.h"
#include "parse-options.h"
#include "check_pipeline.h"

static const struct zt_usage merge_usage = {
	.usage = "zerotax merge [-o OUT.json] [--format=json|text|sarif] SHARD.json...",
	.about =
	"Join the results of 'zerotax check --shard K/N --format=json' runs (one per CI\n"
	"machine) into one result, as if the whole compile database had been checked\n"
	"at once: findings are concatenated, duplicates (the same fingerprint at the\n"
	"same place, e.g. an inline function of a header seen by two shards) dropped,\n"
	"files counted and unparsed files listed once.\n"
	"\n"
	"Given the per-TU results of 'zerotax check --shard K/N --results FILE' instead\n"
	"(the exact way: the call graph is rebuilt from every shard's facts), merge runs\n"
	"'zerotax report' over them and takes report's options.\n",
	.tail = "Exit status: 1 when the merged result has findings, 0 when not, 3 on bad input.\n",
	.examples =
	"$ zerotax merge -o all.json shard-*.json\n"
	"  join the shards of check --shard K/N\n",
};

/* Does @path hold per-TU results (a JSON line with "zerotax-tu") rather than findings? */
static bool is_results_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[64];
	bool ret = false;

	if (!f)
		return false;
	if (fgets(buf, sizeof(buf), f))
		ret = !strncmp(buf, "{\"zerotax-tu\":", 14);
	fclose(f);
	return ret;
}

/* Sum "files", concatenate "unparsed", keep the first shard's other run keys. */
static void merge_run(json_t *into, json_t *run)
{
	json_t *files, *unparsed, *v;
	const char *key;
	size_t i;

	if (!json_is_object(run))
		return;
	json_object_foreach(run, key, v) {
		if (!strcmp(key, "files") || !strcmp(key, "unparsed") || !strcmp(key, "shard"))
			continue;
		if (!json_object_get(into, key))
			json_object_set(into, key, v);
	}
	files = json_object_get(run, "files");
	if (json_is_integer(files))
		json_object_set_new(into, "files",
				    json_integer(json_integer_value(json_object_get(into, "files")) +
						 json_integer_value(files)));
	unparsed = json_object_get(run, "unparsed");
	json_array_foreach(unparsed, i, v)
		json_array_append(json_object_get(into, "unparsed"), v);
}

int do_merge(struct zt_ctx *ctx, int argc, char **argv)
{
	json_t *run;
	struct zt_findings all = { 0 };
	const char *out_path = NULL;
	enum zt_format format = ZT_FORMAT_JSON;
	const struct zt_option opts[] = {
		ZT_OPT_STRING('o', "output", &out_path, "OUT.json",
			      "write the merged result to OUT.json (default: stdout)"),
		ZT_OPT_FORMAT(&format, ZT_FORMATS(ZT_FORMAT_TEXT, ZT_FORMAT_JSON, ZT_FORMAT_SARIF),
			      NULL),
		ZT_OPT_END(),
	};
	struct zt_emit_conf conf = { .command = "check" };
	int first, ret = ZT_EXIT_INPUT;
	FILE *fp = ctx->out;

	/* per-TU results: report's analysis and options (but merge's --help) */
	for (int i = 1; i < argc && !zt_wants_help(argc, argv); i++)
		if (argv[i][0] != '-' && is_results_file(argv[i]))
			return zt_report_results(ctx, argc, argv, "merge");
	ctx->format = ZT_FORMAT_JSON;
	first = zt_parse_options(ctx, "merge", argc, argv, opts, &merge_usage, 0);
	if (first <= 0)
		return first ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
	if (first >= argc) {
		error("merge: no results to merge");
		return ZT_EXIT_USAGE;
	}
	run = json_pack("{s:i, s:[]}", "files", 0, "unparsed");
	conf.run_info = run;
	for (int i = first; i < argc; i++) {
		struct zt_findings shard = { 0 };
		json_t *doc = NULL;

		if (zt_findings_load_json(argv[i], &shard, &doc)) {
			zt_findings_release(&shard);
			goto out;
		}
		merge_run(run, json_object_get(doc, "run"));
		json_decref(doc);
		for (size_t j = 0; j < shard.n; j++)
			*zt_findings_add(&all, shard.v[j].check) = shard.v[j];
		free(shard.v);
	}
	zt_findings_sort(&all);
	zt_findings_drop_repeats(&all);
	if (out_path && !(fp = fopen(out_path, "w"))) {
		error("merge: cannot write %s: %s", out_path, strerror(errno));
		goto out;
	}
	findings__fprintf(&all, &conf, ctx->format, fp);
	if (fp != ctx->out && fclose(fp)) {
		error("merge: cannot write %s: %s", out_path, strerror(errno));
		goto out;
	}
	ret = zt_findings_count_active(&all) ? ZT_EXIT_FINDINGS : ZT_EXIT_CLEAN;
out:
	zt_findings_release(&all);
	json_decref(run);
	return ret;
}
