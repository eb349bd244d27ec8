/* SPDX-License-Identifier: GPL-2.0-only */
/* The command table (bpftool/git style): one file per command, do_<verb>() entry points. */
#ifndef ZT_COMMANDS_H
#define ZT_COMMANDS_H

#include "zerotax.h"

struct cmd {
	const char *name;
	int (*fn)(struct zt_ctx *ctx, int argc, char **argv); /* argv[0] is the command name */
	const char *summary;
	/*
	 * Runs under the guard (tool/lib/guard.h) once its options are parsed:
	 * an interruption leaves no scratch and no process behind.
	 */
	bool guarded;
};

/*
 * Each returns an exit code (enum zt_exit). argv[0] is the command's name;
 * each parses its options with its own table (parse-options.h), which also
 * answers --help.
 */
int do_check(struct zt_ctx *ctx, int argc, char **argv);
int do_layout(struct zt_ctx *ctx, int argc, char **argv);
int do_fix(struct zt_ctx *ctx, int argc, char **argv);
int do_prove(struct zt_ctx *ctx, int argc, char **argv);
int do_report(struct zt_ctx *ctx, int argc, char **argv);
int do_diff(struct zt_ctx *ctx, int argc, char **argv);
int do_merge(struct zt_ctx *ctx, int argc, char **argv);
int do_compile_db(struct zt_ctx *ctx, int argc, char **argv);
int do_compile_args(struct zt_ctx *ctx, int argc, char **argv);
int do_build_flags(struct zt_ctx *ctx, int argc, char **argv);

extern const struct cmd zt_commands[];
extern const size_t zt_n_commands;

const struct cmd *zt_find_command(const char *name);

/*
 * Whether command @name forks its guard: only on the real command line
 * (ctx->cli, set by main.c) and when its table entry is .guarded. Tests that
 * drive zt_main() in-process never fork (a fork would split the test).
 */
bool zt_cmd_guarded(const struct zt_ctx *ctx, const char *name);

struct zt_guard_opts;
/*
 * Start the guard of command @g->what when zt_cmd_guarded(): 0 in the
 * worker, or without a guard (the command goes on); 1 in the guard once
 * everything below it has ended, or when it could not start (ZT_EXIT_INPUT,
 * error() said), with the exit code in *@ret.
 */
int zt_cmd_begin_guard(const struct zt_ctx *ctx, const struct zt_guard_opts *g, int *ret);

/* The front end: what main() runs. Exposed so tests drive it in-process. */
int zt_main(struct zt_ctx *ctx, int argc, char **argv);

#endif /* ZT_COMMANDS_H */
