/* SPDX-License-Identifier: GPL-2.0-only */
/* The command table (bpftool/git style): one file per command, do_<verb>() entry points. */
#ifndef ZT_COMMANDS_H
#define ZT_COMMANDS_H

#include "zerotax.h"

enum zt_cmd_flags {
	CMD_NEEDS_COMPDB = 1 << 0,	/* reads a compile database (-p DIR or -- FLAGS) */
	CMD_MODIFIES_TREE = 1 << 1,	/* may write to the user's source tree */
	CMD_RUNS_PROGRAMS = 1 << 2,	/* starts compilers, pahole, spatch, sparse */
};

struct cmd {
	const char *name;
	int (*fn)(struct zt_ctx *ctx, int argc, char **argv); /* argv[0] is the command name */
	unsigned int flags;
	const char *summary;
	const char *help;	/* full --help text */
};

/*
 * Each returns an exit code (enum zt_exit). argv[0] is the command's name, so
 * getopt_long() can be used directly.
 */
int do_check(struct zt_ctx *ctx, int argc, char **argv);
int do_layout(struct zt_ctx *ctx, int argc, char **argv);
int do_fix(struct zt_ctx *ctx, int argc, char **argv);
int do_prove(struct zt_ctx *ctx, int argc, char **argv);
int do_report(struct zt_ctx *ctx, int argc, char **argv);
int do_diff(struct zt_ctx *ctx, int argc, char **argv);
int do_merge(struct zt_ctx *ctx, int argc, char **argv);

extern const char check_help[], layout_help[], fix_help[], prove_help[];
extern const char report_help[], diff_help[], merge_help[];

extern const struct cmd zt_commands[];
extern const size_t zt_n_commands;

const struct cmd *zt_find_command(const char *name);

/* The front end: what main() runs. Exposed so tests drive it in-process. */
int zt_main(struct zt_ctx *ctx, int argc, char **argv);

/* For commands not built yet: says so and returns ZT_EXIT_INTERNAL. */
int zt_not_built(const char *cmd, const char *issue);

#endif /* ZT_COMMANDS_H */
