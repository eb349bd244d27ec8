// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax compile-args -p DIR: the arguments libclang gets for each TU of a
 * compile database, as check rebuilds them (plumbing: benchmarks run their
 * clang -fsyntax-only floor from this, so floor and check parse alike).
 */
#include <jansson.h>

#include "commands.h"
#include "compdb.h"
#include "parse-options.h"

static const struct zt_usage compile_args_usage = {
	.usage = "zerotax compile-args -p BUILD_DIR [--format=json]",
	.about =
	"Print, as a compile database (a JSON array of \"directory\", \"file\" and\n"
	"\"arguments\"), the command line check gives libclang for each TU of\n"
	"BUILD_DIR/compile_commands.json: the build's options with their values, less\n"
	"what writes a file, gcc-only options and warnings, plus the resource\n"
	"directory. \"arguments\" starts with the clang zerotax was built with and ends\n"
	"with the file, so 'arguments + [-fsyntax-only]' parses as check does.\n",
	.tail = "Exit status: 0, or 3 when the compile database cannot be read.\n",
	.examples =
	"$ zerotax compile-args -p build/\n"
	"  the arguments libclang gets for each TU\n",
};

static json_t *entry_json(const struct zt_compile_cmd *c)
{
	json_t *args = json_array();
	size_t n;
	char **v = zt_compdb_clang_args(c, &n);

	json_array_append_new(args, json_string(ZT_CLANG));
	for (size_t i = 0; i < n; i++)
		json_array_append_new(args, json_string(v[i]));
	json_array_append_new(args, json_string(c->file));
	zt_argv_free(v);
	return json_pack("{s:s, s:s, s:o}", "directory", c->directory, "file", c->file,
			 "arguments", args);
}

int do_compile_args(struct zt_ctx *ctx, int argc, char **argv)
{
	const char *build_dir = NULL;
	enum zt_format format = ZT_FORMAT_JSON;
	const struct zt_option opts[] = {
		ZT_OPT_STRING('p', "build-dir", &build_dir, "BUILD_DIR",
			      "the directory holding compile_commands.json"),
		ZT_OPT_FORMAT(&format, ZT_FORMATS(ZT_FORMAT_JSON), "json, the only format"),
		ZT_OPT_END(),
	};
	struct zt_compdb db;
	json_t *doc;
	int first, ret;

	ctx->format = ZT_FORMAT_JSON;
	first = zt_parse_options(ctx, "compile-args", argc, argv, opts, &compile_args_usage, 0);
	if (first <= 0)
		return first ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
	if (!build_dir || first < argc) {
		error("compile-args: give the build directory with -p, and nothing else");
		return ZT_EXIT_USAGE;
	}
	if (zt_compdb_load(build_dir, &db))
		return ZT_EXIT_INPUT;
	doc = json_array();
	for (size_t i = 0; i < db.n; i++)
		json_array_append_new(doc, entry_json(&db.v[i]));
	ret = json_dumpf(doc, ctx->out, JSON_INDENT(1)) || fputc('\n', ctx->out) == EOF ?
		      ZT_EXIT_INTERNAL : ZT_EXIT_CLEAN;
	json_decref(doc);
	zt_compdb_release(&db);
	return ret;
}
