// SPDX-License-Identifier: GPL-2.0-only
/* The front end: command table, global options, dispatch. */
#include <string.h>

#include <jansson.h>

#include "commands.h"

const struct cmd zt_commands[] = {
	{ "check", do_check, CMD_NEEDS_COMPDB | CMD_RUNS_PROGRAMS,
	  "find large stack structs zeroed on hot paths", check_help },
	{ "layout", do_layout, CMD_NEEDS_COMPDB | CMD_RUNS_PROGRAMS,
	  "audit struct layouts (pahole) against hot-path field use", layout_help },
	{ "fix", do_fix, CMD_NEEDS_COMPDB | CMD_MODIFIES_TREE | CMD_RUNS_PROGRAMS,
	  "emit Coccinelle rewrites for findings and apply them safely", fix_help },
	{ "prove", do_prove, CMD_MODIFIES_TREE | CMD_RUNS_PROGRAMS,
	  "check, fix, test and benchmark the bundled reference driver", prove_help },
	{ "report", do_report, 0, "merge Kbuild-mode results into one report", report_help },
	{ "diff", do_diff, 0, "compare two JSON results: new, fixed, unchanged", diff_help },
	{ "merge", do_merge, 0, "join the JSON results of several shards", merge_help },
};
const size_t zt_n_commands = ARRAY_SIZE(zt_commands);

static const char exit_codes_help[] =
	"Exit codes:\n"
	"  0  ran, nothing found\n"
	"  1  ran, findings reported\n"
	"  2  usage error\n"
	"  3  input error (unparsable file, broken compile database, missing tool)\n"
	"  4  internal error, or a command not built yet\n";

static void usage(FILE *f)
{
	fprintf(f, "usage: zerotax [--version] [--help] <command> [options]\n\ncommands:\n");
	for (size_t i = 0; i < zt_n_commands; i++)
		fprintf(f, "  %-8s %s\n", zt_commands[i].name, zt_commands[i].summary);
	fprintf(f, "\n'zerotax <command> --help' describes a command.\n\n%s", exit_codes_help);
}

const struct cmd *zt_find_command(const char *name)
{
	for (size_t i = 0; i < zt_n_commands; i++)
		if (!strcmp(zt_commands[i].name, name))
			return &zt_commands[i];
	return NULL;
}

int zt_not_built(const char *cmd, const char *issue)
{
	error("'%s' is not built yet (%s)", cmd, issue);
	return ZT_EXIT_INTERNAL;
}

static bool wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return false;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return true;
	}
	return false;
}

int zt_main(struct zt_ctx *ctx, int argc, char **argv)
{
	const struct cmd *cmd;
	int ret;

	if (argc < 2) {
		usage(ctx->err);
		return ZT_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		if (argc > 2 && (cmd = zt_find_command(argv[2]))) {
			fputs(cmd->help, ctx->out);
			return ZT_EXIT_CLEAN;
		}
		usage(ctx->out);
		return ZT_EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		fprintf(ctx->out, "zerotax %s\n", ZT_VERSION);
		return ZT_EXIT_CLEAN;
	}
	cmd = zt_find_command(argv[1]);
	if (!cmd) {
		error("unknown command '%s'; see 'zerotax --help'", argv[1]);
		return ZT_EXIT_USAGE;
	}
	if (wants_help(argc - 1, argv + 1)) {
		fputs(cmd->help, ctx->out);
		return ZT_EXIT_CLEAN;
	}
	ret = cmd->fn(ctx, argc - 1, argv + 1);
	/* Errors in JSON mode stay JSON: a consumer parsing stdout gets an object. */
	if (ret >= ZT_EXIT_USAGE && ctx->format != ZT_FORMAT_TEXT && zt_last_error()[0]) {
		json_t *o = json_pack("{s:s, s:s, s:i}", "command", cmd->name, "error",
				      zt_last_error(), "exit_code", ret);

		json_dumpf(o, ctx->out, JSON_INDENT(2));
		fputc('\n', ctx->out);
		json_decref(o);
	}
	return ret;
}
