/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Option tables (git's parse-options, smaller). Each command declares ONE
 * table of struct zt_option, built in its do_<verb>() so that entries point
 * at the fields they set; the table drives:
 *   - the parsing (the only getopt_long() call of the tree is in parse-options.c),
 *   - `zerotax <verb> --help` (with the command's struct zt_usage),
 *   - the options section of the command's doc page (`--options-doc` prints
 *     it; a unit test checks the docs pages carry exactly that text),
 *   - the error path: an option error is one error() naming the option, exit 2,
 *     and a JSON object on stdout when --format asks for JSON, wherever
 *     --format stands on the command line.
 *
 * Adding an option (e.g. when porting an old getopt_long() case):
 *   1. one line in the command's table, in the ZT_OPT_GROUP where --help should
 *      show it: ZT_OPT_STRING(0, "patch", &r.patch, "FILE", "what it does"),
 *      ZT_OPT_BOOL for a flag, ZT_OPT_UINT for a bounded number,
 *      ZT_OPT_LIST for a repeatable value, ZT_OPT_CALLBACK for anything
 *      that needs checking (return error(...) from the callback);
 *   2. the field it sets, with its default, where the table points;
 *   3. `zerotax <verb> --options-doc` into the page's generated block
 *      (docs/<verb>.md, between the "options" markers).
 * There are no option numbers to allocate and no switch to extend.
 *
 * Shared groups (ZT_OPT_FORMAT, ZT_OPT_JOBS, ZT_OPT_VERBOSE, the hot-path and
 * CI groups in cmd_check.c) are macros, so that a group is spelled once.
 */
#ifndef ZT_PARSE_OPTIONS_H
#define ZT_PARSE_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "zerotax.h"

enum zt_opt_type {
	ZT_OPT_END,
	ZT_OPT_GROUP,		/* a heading in --help: help is the heading */
	ZT_OPT_NOTE,		/* a --help line that is not an option: argh is shown as is */
	ZT_OPT_BOOL,		/* bool *value = defval */
	ZT_OPT_COUNT,		/* int *value += 1 */
	ZT_OPT_STRING,		/* const char **value = the argument (borrowed from argv) */
	ZT_OPT_LIST,		/* struct zt_strvec *value: a copy of the argument appended */
	ZT_OPT_UINT,		/* an unsigned integer of sizeof(*value) in [min, max] */
	ZT_OPT_FORMAT,		/* enum zt_format *value and ctx->format, from a set of names */
	ZT_OPT_CALLBACK,	/* cb(ctx, opt, arg) */
};

struct zt_option;
/* Returns 0, -1 after error(), or ZT_OPT_DONE: the command has done its work (--list-checks). */
typedef int (*zt_opt_cb)(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg);
#define ZT_OPT_DONE 1

enum zt_opt_flags {
	ZT_OPTF_EQ = 1 << 0,		/* shown as --name=ARG (both spellings are accepted) */
	ZT_OPTF_HIDDEN = 1 << 1,	/* not in --help (an alias) */
	ZT_OPTF_NOARG = 1 << 2,		/* a callback without an argument */
};

struct zt_option {
	enum zt_opt_type type;
	int short_name;		/* 0: none */
	const char *long_name;	/* NULL: none */
	void *value;
	const char *argh;	/* the argument's name in --help; NULL: takes none */
	const char *help;	/* may hold '\n' for continuation lines */
	unsigned int flags;
	zt_opt_cb cb;
	unsigned long min, max;	/* ZT_OPT_UINT bounds; ZT_OPT_FORMAT: the names allowed */
	const char *what;	/* ZT_OPT_UINT: "a positive number" for the error message */
	intptr_t defval;	/* ZT_OPT_BOOL: the value set */
	void *data;		/* for callbacks */
};

#define ZT_OPT_END() { .type = ZT_OPT_END }
#define ZT_OPT_GROUP(h) { .type = ZT_OPT_GROUP, .help = (h) }
#define ZT_OPT_NOTE(shown, h) { .type = ZT_OPT_NOTE, .argh = (shown), .help = (h) }
#define ZT_OPT_BOOL(s, l, v, h) \
	{ .type = ZT_OPT_BOOL, .short_name = (s), .long_name = (l), .value = (v), .help = (h), \
	  .defval = 1 }
#define ZT_OPT_SET_FALSE(s, l, v, h) \
	{ .type = ZT_OPT_BOOL, .short_name = (s), .long_name = (l), .value = (v), .help = (h), \
	  .defval = 0 }
#define ZT_OPT_COUNT(s, l, v, h) \
	{ .type = ZT_OPT_COUNT, .short_name = (s), .long_name = (l), .value = (v), .help = (h) }
#define ZT_OPT_STRING(s, l, v, a, h) \
	{ .type = ZT_OPT_STRING, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), \
	  .help = (h) }
#define ZT_OPT_LIST(s, l, v, a, h) \
	{ .type = ZT_OPT_LIST, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), \
	  .help = (h) }
#define ZT_OPT_UINT(s, l, v, a, h, lo, hi, w) \
	{ .type = ZT_OPT_UINT, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), \
	  .help = (h), .min = (lo), .max = (hi), .what = (w), .defval = sizeof(*(v)) }
#define ZT_OPT_CALLBACK(s, l, d, a, h, f) \
	{ .type = ZT_OPT_CALLBACK, .short_name = (s), .long_name = (l), .data = (d), .argh = (a), \
	  .help = (h), .cb = (f), .flags = (a) ? 0 : ZT_OPTF_NOARG }

/* --format: one list of names for every command; each accepts a subset (bits of 1 << fmt). */
#define ZT_FORMATS(...) (zt_format_bits(__VA_ARGS__, -1))
#define ZT_OPT_FORMAT(v, allowed, h) \
	{ .type = ZT_OPT_FORMAT, .long_name = "format", .value = (v), .argh = "FMT", \
	  .help = (h), .flags = ZT_OPTF_EQ, .min = (allowed) }
/* -j N: TUs analysed (or jobs run) at once. */
#define ZT_OPT_JOBS(v, h) \
	ZT_OPT_UINT('j', "jobs", (v), "N", (h), 1, 1024, "a positive number")
#define ZT_OPT_VERBOSE(v, h) ZT_OPT_COUNT('v', "verbose", (v), (h))
/* --hot FUNC, --rules FILE: into (a)->hot and (a)->rules_files, struct zt_strvec both. */
#define ZT_OPTS_HOT_PATHS(a, hot_help, rules_help) \
	ZT_OPT_LIST(0, "hot", &(a)->hot, "FUNC", hot_help), \
	ZT_OPT_LIST(0, "rules", &(a)->rules_files, "FILE", rules_help)

unsigned long zt_format_bits(int first, ...);
const char *zt_format_name(enum zt_format f);

/* What --help prints around the options. */
struct zt_usage {
	const char *usage;	/* "zerotax check [options] -p BUILD_DIR\n" "zerotax check ..." */
	const char *about;		/* paragraphs after the usage lines */
	const char *tail;		/* after the options: exit codes, see also */
	const char *examples;	/* the man page's EXAMPLES: "$ command\n  what it does\n" */
};

enum zt_parse_flags {
	/* Stop at the first argument that is not an option (the rest are files, flags). */
	ZT_PARSE_STOP_AT_NON_OPTION = 1 << 0,
	/*
	 * Kbuild: only our long options and -v come first; the first argument
	 * that is not one of them begins the compiler's arguments (-D, -I, -W
	 * are the compiler's, not ours).
	 */
	ZT_PARSE_LONG_PREFIX = 1 << 1,
};

/*
 * Parse argv[1..] (argv[0] is the command's name) by @opts. Returns the
 * index of the first argument that is not an option (getopt's optind, >= 1),
 * 0 when the command is done (--help, --options-doc printed; a callback
 * returned ZT_OPT_DONE), or -1 after error() (the caller exits with
 * ZT_EXIT_USAGE). @cmd names the command in messages.
 */
int zt_parse_options(struct zt_ctx *ctx, const char *cmd, int argc, char **argv,
		     const struct zt_option *opts, const struct zt_usage *usage,
		     unsigned int flags);

/* Is --help or -h among argv[1..], before "--"? */
bool zt_wants_help(int argc, char **argv);

/* --help: the usage, about, the options, the tail. */
void zt_usage_fprintf(FILE *f, const char *cmd, const struct zt_option *opts,
		      const struct zt_usage *usage);
/* The options section alone: what --help shows and the doc page carries. */
void zt_options_fprintf(FILE *f, const struct zt_option *opts);
/*
 * `zerotax <verb> --options-json` (first argument only, not in --help): the
 * usage and the table as JSON, from which scripts/man-completion.py writes the
 * man page and the bash completion: the one source of --help, the doc pages'
 * options sections, the man pages and the completion.
 */
void zt_options_json_fprintf(FILE *f, const char *cmd, const struct zt_option *opts,
			     const struct zt_usage *usage);

/* Callbacks shared by several tables. */
int zt_opt_checks(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg); /* -W */

#endif /* ZT_PARSE_OPTIONS_H */
