// SPDX-License-Identifier: GPL-2.0-only
/* The front end: command table, global options, dispatch. */
#include <string.h>

#include <jansson.h>

#include "commands.h"
#include "datadir.h"
#include "guard.h"

const struct cmd zt_commands[] = {
	/* name, entry point, summary, runs guarded (an interruption leaves nothing) */
	{ "check", do_check, "find large stack structs zeroed on hot paths", true },
	{ "layout", do_layout, "audit struct layouts (pahole) against hot-path field use", false },
	{ "fix", do_fix, "emit Coccinelle rewrites for findings and apply them safely", true },
	{ "prove", do_prove, "check, fix, test and benchmark the bundled reference driver", true },
	{ "report", do_report, "merge Kbuild-mode results into one report", false },
	{ "diff", do_diff, "compare two JSON results: new, fixed, unchanged", false },
	{ "merge", do_merge, "join the JSON results of several shards", false },
	{ "compile-db", do_compile_db, "a kernel tree's compile database from Kbuild, nothing built",
	  true },
	{ "compile-args", do_compile_args, "print the arguments libclang gets for each TU", false },
	{ "build-flags", do_build_flags, "print the flags that make a build keep check's evidence",
	  false },
};
const size_t zt_n_commands = ARRAY_SIZE(zt_commands);

static const char exit_codes_help[] =
	"Exit codes:\n"
	"  0  ran, nothing found\n"
	"  1  ran, findings reported\n"
	"  2  usage error\n"
	"  3  input error (unparsable file, broken compile database, missing tool)\n"
	"  4  internal error, or a command not built yet\n"
	"  128+N  check, fix or prove stopped by signal N (130: SIGINT): scratch removed\n";

static const char environment_help[] =
	"Environment:\n"
	"  ZEROTAX_DATA  the data directory (rules, templates, docs, reference driver)\n"
	"                of a binary without ../share/zerotax beside it\n"
	"  CC            check in Kbuild mode: the compiler, without --kbuild-cc\n"
	"  XDG_CACHE_HOME, HOME  the translation-unit cache: $XDG_CACHE_HOME/zerotax,\n"
	"                else ~/.cache/zerotax\n"
	"  TMPDIR        scratch directories (default /tmp)\n"
	"  PATH          the tools run: spatch, sparse, pahole, make, the compilers\n";

static const char main_examples[] =
	"$ zerotax check -p build/\n"
	"  every stack variable zeroed on a hot path, from a compile database\n"
	"$ make C=1 CHECK=\"zerotax check --kbuild --results=$PWD/r.jsonl\" drivers/net/\n"
	"$ zerotax report r.jsonl\n"
	"  the same from a kernel build, one TU per call, joined by report (docs/ci.md)\n"
	"$ zerotax check -p build/ --format=json > check.json && zerotax fix -i check.json --diff\n"
	"  the rewrite as a patch, verified, the tree untouched\n";

static void usage(FILE *f)
{
	fprintf(f, "usage: zerotax [--version] [--help] <command> [options]\n\ncommands:\n");
	for (size_t i = 0; i < zt_n_commands; i++)
		fprintf(f, "  %-8s %s\n", zt_commands[i].name, zt_commands[i].summary);
	fprintf(f, "\n'zerotax <command> --help' describes a command.\n\n%s\n%s", exit_codes_help,
		environment_help);
}

/* `zerotax --options-json`: what zerotax(1) and the completion's verb list are written from. */
static void options_json(FILE *f)
{
	json_t *doc = json_object(), *cmds = json_array();

	for (size_t i = 0; i < zt_n_commands; i++)
		json_array_append_new(cmds, json_pack("{s:s, s:s}", "name", zt_commands[i].name,
						      "summary", zt_commands[i].summary));
	json_object_set_new(doc, "command", json_string(""));
	json_object_set_new(doc, "usage",
			    json_string("zerotax [--version] [--help] <command> [options]"));
	json_object_set_new(doc, "commands", cmds);
	json_object_set_new(doc, "exit_codes", json_string(exit_codes_help));
	json_object_set_new(doc, "environment", json_string(environment_help));
	json_object_set_new(doc, "examples", json_string(main_examples));
	json_dumpf(doc, f, JSON_INDENT(2));
	fputc('\n', f);
	json_decref(doc);
}

const struct cmd *zt_find_command(const char *name)
{
	for (size_t i = 0; i < zt_n_commands; i++)
		if (!strcmp(zt_commands[i].name, name))
			return &zt_commands[i];
	return NULL;
}

bool zt_cmd_guarded(const struct zt_ctx *ctx, const char *name)
{
	const struct cmd *cmd = zt_find_command(name);

	return ctx->cli && cmd && cmd->guarded;
}

int zt_cmd_begin_guard(const struct zt_ctx *ctx, const struct zt_guard_opts *g, int *ret)
{
	int rc;

	if (!zt_cmd_guarded(ctx, g->what))
		return 0;
	rc = zt_guard_begin(g, ret);
	if (rc < 0)
		*ret = ZT_EXIT_INPUT;
	return rc ? 1 : 0;
}

static int run(struct zt_ctx *ctx, int argc, char **argv);

int zt_main(struct zt_ctx *ctx, int argc, char **argv)
{
	FILE *prev = zt_set_error_sink(ctx->err);
	int ret = run(ctx, argc, argv);

	zt_set_error_sink(prev);
	return ret;
}

static int run(struct zt_ctx *ctx, int argc, char **argv)
{
	const struct cmd *cmd;
	int ret;

	zt_clear_error();
	if (argc < 2) {
		usage(ctx->err);
		return ZT_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		if (argc > 2 && (cmd = zt_find_command(argv[2]))) {
			char *help_argv[] = { argv[2], "--help", NULL };

			return cmd->fn(ctx, 2, help_argv);
		}
		usage(ctx->out);
		return ZT_EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--options-json")) {
		options_json(ctx->out);
		return ZT_EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		struct zt_data_dir d;

		fprintf(ctx->out, "zerotax %s\n", ZT_VERSION);
		/* which rules, templates and driver this binary would read (datadir.h) */
		if (zt_data_dir(&d))
			fprintf(ctx->out, "data: none (%s)\n", d.why);
		else
			fprintf(ctx->out, "data: %s (%s)\n", d.dir, zt_data_from_name(d.from));
		zt_data_dir_release(&d);
		return ZT_EXIT_CLEAN;
	}
	cmd = zt_find_command(argv[1]);
	if (!cmd) {
		error("unknown command '%s'; see 'zerotax --help'", argv[1]);
		return ZT_EXIT_USAGE;
	}
	ret = cmd->fn(ctx, argc - 1, argv + 1);
	/*
	 * The one error path: in JSON mode an error (an option error too, see
	 * parse-options.c; an interruption, said by the guard of a guarded
	 * command) is also a JSON object on stdout, for consumers parsing it.
	 */
	if (ret >= ZT_EXIT_USAGE && zt_format_is_json(ctx->format) && zt_last_error()[0]) {
		json_t *o = json_pack("{s:s, s:s, s:i}", "command", cmd->name, "error",
				      zt_last_error(), "exit_code", ret);

		json_dumpf(o, ctx->out, JSON_INDENT(2));
		fputc('\n', ctx->out);
		json_decref(o);
	}
	return ret;
}
